#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/run itself: a plan that is not met, a script past its time limit, a
# non-zero exit without a failed check, and the skip list.
# limit: 120
# foreground: it times how fast a TERM stops the runner.
. tests/lib.sh
echo "plan 35"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

script() { f=$tmp/$1.sh; shift; printf '%s\n' "$@" >"$f"; }
script short '. tests/lib.sh' 'echo "plan 3"' 'pass one' 'pass two'
script exact '. tests/lib.sh' 'echo "plan 2"' 'pass one' 'skip two: no such thing here'
script slow '# limit: 1' '. tests/lib.sh' 'pass before' 'sleep 5' 'pass after'
script quiet 'exit 3'
script skipall '. tests/lib.sh' 'skip one: not here' 'skip two: not here'
script mayskip '# may-skip-all: a test of the runner' '. tests/lib.sh' 'skip one: not here'
script nothing '. tests/lib.sh' 'exit 0'
script dirty '. tests/lib.sh' "mkdir -p '$tmp/cache/kernels'" 'pass wrote into the user cache'
# Two scripts that each wait (up to 10 s) for the other to have started.
script meet1 '. tests/lib.sh' "touch '$tmp/met1'" 'pass one starts' \
	"i=0; while [ ! -e '$tmp/met2' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done" \
	"check 'one saw two running' [ -e '$tmp/met2' ]"
script meet2 '. tests/lib.sh' "touch '$tmp/met2'" 'pass two starts' \
	"i=0; while [ ! -e '$tmp/met1' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done" \
	"check 'two saw one running' [ -e '$tmp/met1' ]"
# A "# foreground:" script given last runs at once, at the usual priority;
# a script that starts beside it runs in the background (SCHED_IDLE), one
# that starts after it at the usual priority. (beside waits for the
# foreground one to end, then 2 s more, so that after takes the
# foreground lane.)
policy='$(chrt -p $$ | sed -n "s/.*scheduling policy: //p")'
wait_for() { echo "i=0; while [ ! -e '$tmp/$1' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done"; }
script fgs '# foreground: a test of the runner' '. tests/lib.sh' "p=$policy" "$(wait_for beside.start)" \
	"check \"the foreground script runs at the usual priority (\$p)\" [ \"\$p\" = SCHED_OTHER ]" "touch '$tmp/fg.end'"
# (beside looks before it says it started: the foreground one ends then.)
script beside '. tests/lib.sh' "p=$policy" "[ -e '$tmp/fg.end' ] && p=\"\$p, after the foreground one\"" "touch '$tmp/beside.start'" \
	"check \"a script beside the foreground one runs as SCHED_IDLE (\$p)\" [ \"\$p\" = SCHED_IDLE ]" \
	"$(wait_for fg.end); sleep 2"
script after '. tests/lib.sh' "p=$policy" \
	"check 'a script that starts after the foreground one ends' [ -e '$tmp/fg.end' ]" \
	"check '... after the after-foreground one given after it (held back, it goes first)' [ -e '$tmp/late.start' ]" \
	"check \"... runs at the usual priority (\$p)\" [ \"\$p\" = SCHED_OTHER ]"
# One marked after-foreground waits for the foreground lane to end
# (beside takes the background lane first), then goes before after, given
# before it.
script late '# after-foreground: a test of the runner' '. tests/lib.sh' "p=$policy" "touch '$tmp/late.start'" \
	"check \"an after-foreground script starts after the foreground one ends, at the usual priority (\$p)\" [ -e '$tmp/fg.end' -a \"\$p\" = SCHED_OTHER ]"
run() { KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache tests/run "$tmp/$1.sh" >"$tmp/$1.out" 2>&1; echo $?; }

check "a script that runs fewer checks than its plan fails" [ "$(run short)" -ne 0 ]
check "... and the runner says so" grep -q "planned 3 checks and ran 2" "$tmp/short.out"
check "a script that runs its plan passes" [ "$(run exact)" -eq 0 ]
check "... and its skip is listed once with its reason" \
	[ "$(grep -c '^skipped: two: no such thing here$' "$tmp/exact.out")" -eq 1 ]
check "the summary is the last line" [ "$(tail -n 1 "$tmp/exact.out")" = "2 passed, 0 failed, 1 skipped" ]
check "a script past its limit fails" [ "$(run slow)" -ne 0 ]
check "... killed at its limit and said so: its later check never ran" \
	sh -c 'grep -q "ran past its limit of 1 s" "$1" && ! grep -q "^ok after" "$1"' - "$tmp/slow.out"
check "a script that exits 3 naming no failed check fails" [ "$(run quiet)" -ne 0 ]
check "... and the runner says so" grep -q "exited 3 without naming a failed check" "$tmp/quiet.out"
check "a script that skips every check fails" [ "$(run skipall)" -ne 0 ]
check "... and the runner says why: no '# may-skip-all:' header" \
	sh -c 'grep -q "^not ok .*skipall.sh skipped every check it has" "$1" && tail -n 1 "$1" | grep -qx "1 passed, 1 failed, 2 skipped"' - "$tmp/skipall.out"
check "one whose header says why it may skip every check passes" [ "$(run mayskip)" -eq 0 ]
check "... its skip listed" grep -q "^skipped: one: not here$" "$tmp/mayskip.out"
check "a script that prints no check fails, saying so" \
	sh -c '[ "$1" -ne 0 ] && grep -q "^not ok .*nothing.sh printed no check" "$2"' - "$(run nothing)" "$tmp/nothing.out"
check "a script that writes into the user's KABENCH_CACHE fails the run" [ "$(run dirty)" -ne 0 ]
check "... and the runner names the cache" grep -q "^not ok the user's kernel cache $tmp/cache changed" "$tmp/dirty.out"
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/meet1.sh" "$tmp/meet2.sh" >"$tmp/meet.out" 2>&1
check "with KABENCH_TEST_JOBS=2 two scripts run at the same time" \
	[ "$(tail -n 1 "$tmp/meet.out")" = "5 passed, 0 failed, 0 skipped" ]
# Each script's lines come together: its header, its checks, its time.
check "... and each script's lines are printed together" \
	sh -c 'for n in 1 2; do grep -A 3 "^== .*/meet$n.sh$" "$1" | tail -n 1 | grep -q "^# .*/meet$n.sh took" || exit 1; done' - "$tmp/meet.out"
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/beside.sh" "$tmp/after.sh" "$tmp/late.sh" "$tmp/fgs.sh" >"$tmp/fg.out" 2>&1
for c in "the foreground script runs at the usual priority (SCHED_OTHER)" "a script beside the foreground one runs as SCHED_IDLE (SCHED_IDLE)" \
	"a script that starts after the foreground one ends" "... after the after-foreground one given after it (held back, it goes first)" \
	"... runs at the usual priority (SCHED_OTHER)" \
	"an after-foreground script starts after the foreground one ends, at the usual priority (SCHED_OTHER)"; do
	check "with KABENCH_TEST_JOBS=2: $c" grep -qxF "ok $c" "$tmp/fg.out"
done
check "... and the run passes" [ "$(tail -n 1 "$tmp/fg.out")" = "7 passed, 0 failed, 0 skipped" ]
# With no times of an earlier run, a kernel-free script given after
# the others goes first, then one that builds no kernel, then the rest:
# one background lane while the foreground one (waiting for them) runs.
script kneed '. tests/lib.sh' "touch '$tmp/kneed.start'" \
	"check 'with no times known, the script that builds no kernel, given after this one, started first' [ -e '$tmp/knobuild.start' ]"
script knobuild '# no-kernel-build: a test of the runner' '. tests/lib.sh' "touch '$tmp/knobuild.start'" \
	"check 'with no times known, the kernel-free script given after this one started first' [ -e '$tmp/kfree.start' ]"
script kfree '# kernel-free: a test of the runner' '. tests/lib.sh' "touch '$tmp/kfree.start'" 'pass kernel-free'
script kfg '# foreground: a test of the runner' '. tests/lib.sh' "$(wait_for kneed.start)" 'pass foreground'
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/kcache \
	tests/run "$tmp/kneed.sh" "$tmp/knobuild.sh" "$tmp/kfree.sh" "$tmp/kfg.sh" >"$tmp/kfree.out" 2>&1
check "with KABENCH_TEST_JOBS=2 and no times known, a kernel-free script goes before the others" \
	grep -qx 'ok with no times known, the kernel-free script given after this one started first' "$tmp/kfree.out"
check "... then one that builds no kernel, before one that may" \
	grep -qx 'ok with no times known, the script that builds no kernel, given after this one, started first' "$tmp/kfree.out"
check "... and the run passes" [ "$(tail -n 1 "$tmp/kfree.out")" = "5 passed, 0 failed, 0 skipped" ]
KABENCH_TEST_JOBS=two tests/run "$tmp/exact.sh" >"$tmp/jobs.out" 2>&1
check "KABENCH_TEST_JOBS=two exits 2" [ $? -eq 2 ]
check "... naming the bad value" grep -q "KABENCH_TEST_JOBS=two is not a positive number" "$tmp/jobs.out"
# Each script's CPU time is its own, not the sum so far: a busy script,
# then an idle one.
script busy '. tests/lib.sh' "awk 'BEGIN { for (i = 0; i < 1e8; i++) s += i }'" 'pass busy'
script idle '. tests/lib.sh' 'pass idle'
KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache tests/run "$tmp/busy.sh" "$tmp/idle.sh" >"$tmp/cpu.out" 2>&1
cpu() { sed -n "s|^# .*/$1.sh took [0-9]* s (from +[0-9]* s), cpu \([0-9]*\) s$|\1|p" "$tmp/cpu.out"; }
check "each script's CPU time is its own (busy $(cpu busy) s, then idle $(cpu idle) s)" \
	[ "$(cpu busy)" -ge 1 -a "$(cpu idle)" -eq 0 ]
# A TERM to the runner (its trap serves Ctrl-C too) stops the script that
# runs at once, one at a time and in the foreground alike, and leaves none of it.
script long '# foreground: a test of the runner' '. tests/lib.sh' "touch '$tmp/long.started'" 'sleep 30' 'pass long'
for j in 1 2; do
	rm -f "$tmp/long.started"
	KABENCH_TEST_JOBS=$j KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
		tests/run "$tmp/long.sh" >"$tmp/long.out" 2>&1 &
	rp=$!
	i=0; while [ ! -e "$tmp/long.started" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
	t0=$(date +%s)
	kill -TERM "$rp"
	wait "$rp"
	rc=$? t=$(($(date +%s) - t0))
	check "KABENCH_TEST_JOBS=$j: a TERM during a script stops the runner (exit $rc, wanted 130) in ${t} s (under 5)" [ "$rc" -eq 130 -a "$t" -lt 5 ]
	sleep 0.5
	# (its processes' command lines hold "sh PATH"; this check's own, "- PATH")
	check "... and no process of the script is left" sh -c '! pgrep -f "sh $1" >/dev/null' - "$tmp/long.sh"
done
