#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# no-kernel-build: boots the 6.1 minimal kernel other scripts build
# after-foreground: its guests' time is real time (tcg); a SCHED_IDLE boot beside the foreground lane may print nothing for a whole window
# limit: 240
# A boot still printing at its deadline is slow, not stuck: guest/run-guest
# lets it go on a window at a time while its console grows, up to four
# times its deadline, and says "slow host". Three boots of 6.1 under tcg
# (guest time is real time) with tests/guest/hostile-init.c as the init,
# a deadline of 8 s and windows of 3 s: one prints a line every 0.2 s for
# 10 s, then a well-formed run (ok, "slow host", past its deadline); one
# prints a fact, then nothing (killed at its deadline, not later); one
# prints without end (killed at the cap, 32 s). And one that floods its
# console, with KABENCH_CONSOLE_MAX_MB=2: stopped within a second or two
# of passing 2 MB (the serial port under tcg: about 0.5 MB/s), before
# its cap, truncated and saying why. (The deadline's second is a whole
# one of /proc/uptime: a kill may come up to a second early or late.)
# And one under the profile that marks windows without end, with
# KABENCH_PROFILE_MAX_MB=2: stopped, no profile, its files gone.
. tests/lib.sh
echo "plan 15"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
img=$(kernel-patches/build 6.1 2>"$tmp/build.err") || { fail "kernel-patches/build 6.1: $(tail -n 1 "$tmp/build.err")"; exit 1; }
make -s build/guest/hostile-init build/guest/parse-console build/guest/console-times build/bench/kabench plugin >"$tmp/make.log" 2>&1 ||
	{ fail "make build/guest/hostile-init: $(tail -n 2 "$tmp/make.log" | tr '\n' ' ')"; exit 1; }
mkdir "$tmp/root" && cp build/guest/hostile-init "$tmp/root/init" &&
	(cd "$tmp/root" && echo init | cpio -o -H newc --quiet >"$tmp/h.cpio") || { fail "pack the test initramfs"; exit 1; }

# boot NAME WHAT: a boot whose init prints WHAT; its exit in rc, its
# seconds in secs, run-guest's messages in $tmp/NAME.err
boot() {
	t0=$(date +%s)
	# shellcheck disable=SC2086 # (--profile or nothing)
	KABENCH_DEADLINE_WINDOW=3 KABENCH_CONSOLE_MAX_MB=${max:-64} KABENCH_PROFILE_MAX_MB=${pmax:-1024} \
		guest/run-guest --kernel "$img" --initrd "$tmp/h.cpio" --out "$tmp/$1" \
		--accel tcg --smp 1 --deadline "${dl:-8}" --tests fstatat_empty --warmup 0 --samples 2 --interval 0.02 \
		--append "kabench_hostile=$2" ${profile-} >/dev/null 2>"$tmp/$1.err"
	rc=$?
	secs=$(($(date +%s) - t0))
	v=$(head -n 1 "$tmp/$1/verdict" 2>/dev/null)
	echo "# $1: $secs s, verdict $v; $(grep -E 'slow host|QEMU killed|QEMU stopped' "$tmp/$1.err" | head -n 1)"
}

boot slow "slow kabench_hostile_secs=10"
check "printing for 10 s past a boot: verdict ok (exit $rc, '$v')" [ $rc -eq 0 -a "$v" = ok ]
check "it ran past its deadline of 8 s ($secs s)" [ "$secs" -gt 8 ]
check "and run-guest said slow host" grep -q '^kabench: run-guest: slow host: the boot went on past its deadline (8s, given up to [0-9]*s) while its console grew, and ended by itself$' "$tmp/slow.err"

boot silent silent
check "silent after its first line: verdict timeout (exit $rc, '$v')" [ $rc -eq 1 -a "$v" = timeout ]
check "killed at its deadline, not later ($secs s)" \
	sh -c 'grep -qx "kabench: run-guest: QEMU killed at its deadline (8s)" "$1" && [ "$2" -lt 20 ]' - "$tmp/silent.err" "$secs"
check "and no slow host said" sh -c '[ -s "$1" ] && ! grep -q "slow host" "$1"' - "$tmp/silent.err"

boot endless endless
check "printing without end: verdict timeout (exit $rc, '$v')" [ $rc -eq 1 -a "$v" = timeout ]
check "killed at the cap, four times its deadline ($secs s)" \
	sh -c 'grep -qx "kabench: run-guest: QEMU killed at 32s: its deadline (8s) went on while its console grew, to its cap (4 times)" "$1" &&
		[ "$2" -ge 30 ] && [ "$2" -lt 45 ]' - "$tmp/endless.err" "$secs"
check "its console holds what it printed until then" \
	sh -c '[ "$(grep -c "^slow line " "$1")" -gt 50 ]' - "$tmp/endless/console.log"

max=2 boot flood flood
size=$(wc -c <"$tmp/flood/console.log" 2>/dev/null || echo 0)
check "a console that floods: stopped once past 2 MB ($size bytes), before its cap ($secs s)" \
	[ "$size" -gt 2097152 -a "$size" -lt 16777216 -a "$secs" -lt 30 ]
check "truncated, and the verdict says why (exit $rc, '$v')" \
	sh -c '[ "$1" -eq 1 ] && [ "$2" = truncated ] &&
		grep -qx "QEMU stopped when its console passed 2 MB (KABENCH_CONSOLE_MAX_MB): a guest that prints without end" "$3"' \
	- "$rc" "$v" "$tmp/flood/verdict"
check "and run-guest said so" grep -qx 'kabench: run-guest: QEMU stopped: its console passed 2 MB (KABENCH_CONSOLE_MAX_MB)' "$tmp/flood.err"

profile=--profile pmax=2 dl=60 boot marks marks
check "marking windows without end under the profile: stopped before its deadline of 60 s ($secs s), truncated ('$v')" \
	[ "$secs" -lt 60 -a "$v" = truncated ]
check "run-guest said why, and the boot has no profile" \
	sh -c 'grep -qx "kabench: run-guest: QEMU stopped: the profile'"'"'s files passed 2 MB (KABENCH_PROFILE_MAX_MB)" "$1" &&
		grep -qx "profile=off: stopped: the profile'"'"'s files passed 2 MB" "$2/facts" && [ ! -e "$2/profile.csv" ]' \
	- "$tmp/marks.err" "$tmp/marks"
check "its raw and stacks files removed" [ ! -e "$tmp/marks/plugin.raw" -a ! -e "$tmp/marks/plugin.stacks" ]
