#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The experiment reader (plan/experiment.sh) on README.md's own example
# and on bad input. No boots: it only reads files.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build/bench/kabench >/dev/null 2>&1 || { fail "make build/bench/kabench"; exit 1; }

# read FILE [KEY=VALUE...]: the resolved experiment (exp_write), or exit 2.
read_exp() { sh -c '. plan/experiment.sh; exp_open "$@" && exp_write' - "$@"; }

# README.md's example, '#' comments and all, exactly as a user would copy it.
awk '/^An experiment is a small text file/ { want = 1 } want && /^```$/ { if (on) exit; on = 1; next } on' \
	README.md >"$tmp/readme.exp"
check "README.md has an experiment example" grep -q '^compare ' "$tmp/readme.exp"
read_exp "$tmp/readme.exp" >"$tmp/readme.out" 2>"$tmp/readme.err"
check "README.md's example parses ($(head -n 1 "$tmp/readme.err"))" [ -s "$tmp/readme.out" ]
check "... its comments are not values" sh -c '[ -s "$1" ] && ! grep -q "#" "$1"' - "$tmp/readme.out"

cat >"$tmp/e.exp" <<'EOT'
compare 6.1 6.1-fstat fstat fstatat_empty mask=fsrm   # seed 001's CPU
compare 6.12-no-movsq 6.12 read1
profile minimal
accel icount
cpu max
mask erms,fsrm
smp 1
tasks 1,2
interval 0.2
warmup 1
samples 2
repeats 2
shift 0
EOT
out=$(read_exp "$tmp/e.exp")
check "a compare line's own mask= replaces the experiment's" \
	sh -c 'echo "$1" | grep -qx "compare 6.1 6.1-fstat fstat fstatat_empty cpu=max mask=fsrm" &&
		echo "$1" | grep -qx "compare 6.12-no-movsq 6.12 read1 cpu=max mask=erms+fsrm"' - "$out"
check "optional fields get their defaults" \
	sh -c 'echo "$1" | grep -qx "seed 1" && echo "$1" | grep -qx "plugin on" && echo "$1" | grep -qx "min_effect 1"' - "$out"
# The resolved copy reads back to itself (resume reads it).
echo "$out" >"$tmp/resolved.exp"
check "the resolved experiment reads back unchanged" [ "$(read_exp "$tmp/resolved.exp")" = "$out" ]
check "TASKS=4 on the command line replaces tasks" sh -c 'echo "$1" | grep -qx "tasks 4"' - "$(read_exp "$tmp/e.exp" TASKS=4)"
check "TASKS exported in the environment is ignored" sh -c 'echo "$1" | grep -qx "tasks 1,2"' - "$(TASKS=4 CPU=nope read_exp "$tmp/e.exp")"

# Bad input: exit 2, one line naming the value.
bad() {
	what=$1 value=$2; shift 2
	msg=$(read_exp "$@" 2>&1 >/dev/null); rc=$?
	check "$what: exit 2, one line naming '$value' ($msg)" \
		sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -qF -- "$3"' - "$rc" "$msg" "$value"
}
bad "unknown setting" FOO "$tmp/e.exp" FOO=1
bad "a bad task list" 0 "$tmp/e.exp" TASKS=0
bad "an unknown testcase" nope "$tmp/e.exp" TESTS=nope
bad "a setting with shell code" 'a$(id)' "$tmp/e.exp" 'CPU=a$(id)'
bad "an unknown mode" forks "$tmp/e.exp" MODE=forks
bad "a guest memory under 64 MB" 32 "$tmp/e.exp" MEM=32
check "mode and mem default to processes and 512" \
	sh -c 'echo "$1" | grep -qx "mode processes" && echo "$1" | grep -qx "mem 512"' - "$out"
check "MODE=both MEM=1024 on the command line set them" \
	sh -c 'echo "$1" | grep -qx "mode both" && echo "$1" | grep -qx "mem 1024"' - "$(read_exp "$tmp/e.exp" MODE=both MEM=1024)"
sed 's/^profile minimal/profil minimal/' "$tmp/e.exp" >"$tmp/f.exp"
bad "an unknown field" profil "$tmp/f.exp"
sed 's/mask=fsrm/mask=fsrm foo=1/' "$tmp/e.exp" >"$tmp/g.exp"
bad "an unknown compare option" foo=1 "$tmp/g.exp"
cp "$tmp/e.exp" "$tmp/a'b.exp"
bad "an experiment name with a quote" "a'b" "$tmp/a'b.exp"

# plan/experiment: the reader as a command, for awk, make and the tools
# that read a run's copy.
printf 'compare A B t1 t2 cpu=max mask=erms+fsrm\ncompare A C t3\nproxy A:t1 = x + y - z\nseries S\nprofile minimal\ncpu base\nmask none\nshift 2\n' >"$tmp/copy.exp"
check "plan/experiment get: fields, defaults for the optional ones (shift 2, mode processes)" \
	[ "$(plan/experiment get "$tmp/copy.exp" shift mode | paste -sd' ')" = "2 processes" ]
check "plan/experiment compare: BASE NEW CPU MASK TESTCASE..., each line's cpu= and mask= resolved" \
	[ "$(plan/experiment compare "$tmp/copy.exp" | paste -sd'|')" = "A B max erms,fsrm t1 t2|A C base - t3" ]
check "plan/experiment proxies: VARIANT TESTCASE +A +B -C" \
	[ "$(plan/experiment proxies "$tmp/copy.exp")" = "A t1 +x +y -z" ]
check "plan/experiment series and tests" \
	[ "$(plan/experiment series "$tmp/copy.exp") $(plan/experiment tests "$tmp/copy.exp" | paste -sd,)" = "S t1,t2,t3,x,y,z" ]
check "plan/experiment settings: every field in capitals, then COMPARE and TESTS (make's list)" \
	sh -c 'plan/experiment settings | grep -q "^PROFILE ACCEL CPU MASK .* MODE MEM ICOUNT_INTERVAL MAX_REPEATS MAX_SECONDS ALPHA DUET REPRODUCES COMPARE TESTS$"'
expect_exit 2 "plan/experiment get of an unknown field exits 2" plan/experiment get "$tmp/copy.exp" nosuch
expect_exit 2 "plan/experiment on a missing file exits 2" plan/experiment compare "$tmp/nosuch.exp"
expect_exit 2 "plan/experiment: an unknown command exits 2" plan/experiment frobnicate "$tmp/copy.exp"
printf 'compare A B t1\nbogus 1\n' >"$tmp/bad.exp"
check "plan/experiment names an unknown field's line in one line" \
	sh -c 'e=$(plan/experiment compare "$1" 2>&1 >/dev/null); [ "$(echo "$e" | wc -l)" -eq 1 ] &&
	case $e in "kabench: $1:2: unknown field '"'"'bogus'"'"' (fields: profile accel "*) ;; *) false ;; esac' - "$tmp/bad.exp"
# Only a compare line: every field takes its default.
printf 'compare 6.1 6.1-fstat fstat\n' >"$tmp/min.exp"
min_defaults() {
	out=$(sh -c '. plan/experiment.sh; exp_read "$1"; exp_write' - "$tmp/min.exp" 2>&1) || return 1
	for want in "profile minimal" "accel auto" "cpu max" "mask none" "smp 1" "tasks 1" "interval 0.2" \
		"warmup 1" "samples 3" "repeats auto" "shift 0" "mode processes" "max_repeats 12" "alpha 0.05" "duet 0" "reproduces none"; do
		echo "$out" | grep -qx "$want" || { echo "# missing: $want"; return 1; }
	done
}
check "an experiment of one compare line takes every other field's default" min_defaults
# Every bad line at once, each with its file and line (or the command line).
printf 'compare 6.1 6.1-fstat fstat\nsmp x\nbogus 1\nmode fast\nrepeats 0 1\n' >"$tmp/bad4.exp"
all_errors() {
	e=$(sh -c '. plan/experiment.sh; exp_read "$1" SHIFT=11' - "$tmp/bad4.exp" 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 2 ] && [ "$(echo "$e" | wc -l)" -eq 5 ] &&
		echo "$e" | grep -q "^kabench: $tmp/bad4.exp:2: bad smp 'x'" &&
		echo "$e" | grep -q "^kabench: $tmp/bad4.exp:3: unknown field 'bogus'" &&
		echo "$e" | grep -q "^kabench: $tmp/bad4.exp:4: bad mode 'fast'" &&
		echo "$e" | grep -q "^kabench: $tmp/bad4.exp:5: field 'repeats' wants one value" &&
		echo "$e" | grep -q "^kabench: command line: SHIFT: bad shift '11'"
}
check "a bad experiment lists every bad field at once, with file and line" all_errors
printf 'compare 6.1 6.1-fstat fstat\nrepeats 3\nrepeats 5\n' >"$tmp/twice.exp"
e=$(sh -c '. plan/experiment.sh; exp_read "$1"' - "$tmp/twice.exp" 2>&1 >/dev/null)
check "a field set twice is refused, naming both lines ($e)" \
	[ "$e" = "kabench: $tmp/twice.exp:3: field 'repeats' set again (first on line 2)" ]
check "make takes its experiment settings from the reader" \
	sh -c '[ "$(make -s --eval "kabench-print-settings: ; @echo \$(EXP_READER_SETTINGS)" kabench-print-settings)" = "$(plan/experiment settings)" ]'
# COMPARE= with a kernel of the user's own: the seeds experiment's proxy
# lines (made for its kernels) leave the run alone; with the seeds' own
# kernels they stay.
proxies() { sh -c '. plan/experiment.sh; exp_read bench/experiments/seeds.exp "$@" && echo "$exp_proxy" | grep -c .' - "$@" 2>/dev/null; }
check "seeds with COMPARE=6.12:mine: no proxy ($(proxies COMPARE=6.12:mine))" [ "$(proxies COMPARE=6.12:mine)" = 0 ]
check "seeds with COMPARE=6.1:6.1-fstat: the two proxies of those kernels ($(proxies COMPARE=6.1:6.1-fstat))" [ "$(proxies COMPARE=6.1:6.1-fstat)" = 2 ]
