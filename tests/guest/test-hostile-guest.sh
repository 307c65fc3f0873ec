#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# no-kernel-build: boots 6.1 and 6.1-fstat, which other scripts build
# limit: 400
# A hostile guest: nothing a guest prints makes the host write outside the
# run folder, run a command, or take more than linear time. A small make
# bench run (6.1 against 6.1-fstat, one boot each) is made, then resumed
# with tests/guest/hostile-init.c as the guest's init: 6.1 prints garbage
# (lines of MBs, NUL bytes, invalid UTF-8, terminal escapes, markers cut
# at every position, forged sums, shell and path names with valid sums in
# every field, 5000 facts, runs the plan never named), 6.1-fstat a
# well-formed run whose facts are hostile text. The resumed run ends with
# one failed cell and one line why, within the deadline; the other cell's
# facts reach samples.csv and the report as printable ASCII; no injected
# command ran (their files, named by a token of this run, exist nowhere);
# nothing changed in a scratch HOME, TMPDIR and results folder outside the
# run folder. Then the host's readers of the console on the captured log
# and on it four times: every count four times, time within 16x + 1 s.
. tests/lib.sh
echo "plan 21"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
repo=$PWD
# The host's side runs with a scratch HOME and TMPDIR (the kernels stay
# in the tests' cache: tests/lib.sh took its path first).
sb=$tmp/sandbox
mkdir -p "$sb/home" "$sb/tmpdir" "$sb/results" "$tmp/t" || exit 2
export HOME="$sb/home" TMPDIR="$sb/tmpdir" KABENCH_RESULTS="$sb/results" KABENCH_BOOT_CACHE="$sb/boots"
# The names an injected command would make carry this token.
tok=h$$x$(date +%s%N | cut -c8-)

make -s build/guest/hostile-init build/guest/parse-console build/guest/console-times >"$tmp/t/make.log" 2>&1 ||
	{ fail "make build/guest/hostile-init: $(tail -n 2 "$tmp/t/make.log" | tr '\n' ' ')"; exit 1; }
cat >"$tmp/t/h.exp" <<'EOF'
compare 6.1 6.1-fstat fstatat_empty
accel icount
mask erms,fsrm
icount_interval 0.02
warmup 0
samples 2
repeats 1
plugin off
EOF
t0=$(date +%s)
plan/run-experiment "$tmp/t/h.exp" >"$tmp/t/first.out" 2>"$tmp/t/first.err"
rc=$?
echo "# the first run: $(($(date +%s) - t0)) s"
run=$(ls -d "$sb"/results/*-h 2>/dev/null | head -n 1)
check "a make bench run of 6.1 and 6.1-fstat, one boot each (exit $rc)" [ $rc -eq 0 -a -n "$run" ]
[ -n "$run" ] && [ -f "$run/plan" ] || { fail "no run folder to resume: $(tail -n 2 "$tmp/t/first.err")"; exit 1; }

# The same run, its boots gone, with the hostile init (a variant's command
# line says what it prints).
mkdir "$tmp/t/root" && cp build/guest/hostile-init "$tmp/t/root/init" &&
	(cd "$tmp/t/root" && echo init | cpio -o -H newc --quiet >"$run/initramfs.cpio") &&
	echo "kabench_hostile=garbage kabench_hostile_token=$tok" >"$run/kernels/6.1/cmdline" &&
	echo "kabench_hostile=facts kabench_hostile_token=$tok" >"$run/kernels/6.1-fstat/cmdline" &&
	rm -rf "$run/boots" || { fail "make the run hostile"; exit 1; }

# What exists outside the run folder, before and after.
snapshot() {
	(cd "$sb" && find . -path "./results/${run##*/}" -prune -o -type d -printf '%p %y\n' -o -printf '%p %y %s %T@\n' |
		LC_ALL=C sort)
}
snapshot >"$tmp/t/before"
t0=$(date +%s%N)
timeout 300 plan/run-experiment RESUME="$run" >"$tmp/t/resume.out" 2>"$tmp/t/resume.err"
rc=$?
secs=$(( ($(date +%s%N) - t0) / 1000000 ))
snapshot >"$tmp/t/after"
echo "# the hostile run: $((secs / 1000)).$(printf %03d $((secs % 1000))) s; console $(wc -c <"$run/boots/6.1-1/console.log" 2>/dev/null) and $(wc -c <"$run/boots/6.1-fstat-1/console.log" 2>/dev/null) bytes"

g=$run/boots/6.1-1 f=$run/boots/6.1-fstat-1
v=$(head -n 1 "$g/verdict" 2>/dev/null)
check "the run ends, exit 1, not killed (exit $rc)" [ $rc -eq 1 ]
check "the garbage cell fails truncated, before its deadline (verdict '$v')" [ "$v" = truncated ]
line=$(grep -c '^\[[0-9:]*\] boot [0-9]/2: 6.1-1 truncated on ' "$tmp/t/resume.err")
check "the run says so in one line: 6.1-1 truncated ($line lines)" [ "$line" = 1 ]
check "and why: runs the plan does not hold, dropped" \
	grep -q '^a run the plan does not hold, or out of its order: ' "$g/verdict"
check "the run's last word names the failed cell" \
	sh -c 'tail -n 1 "$1" | grep -q "^kabench: 1 of 2 cells have no ok verdict (6.1-1)"' - "$tmp/t/resume.err"
check "none of the garbage's rows or runs kept (bench.csv and status.csv: their headers alone)" \
	sh -c '[ "$(wc -l <"$1/bench.csv")" = 1 ] && [ "$(wc -l <"$1/status.csv")" = 1 ]' - "$g"
v=$(head -n 1 "$f/verdict" 2>/dev/null)
check "the well-formed cell is ok (verdict '$v'), its unknown facts dropped" \
	sh -c '[ "$1" = ok ] && grep -q "^2005 guest facts dropped" "$2/verdict"' - "$v" "$f"
keys=$(sed 's/=.*//' "$f/facts" 2>/dev/null | LC_ALL=C sort | paste -sd' ' -)
check "its facts: the launcher's and the init's keys, each once ($keys)" [ "$keys" = \
	"accel boot boot_s cell cmdline cpu_model cpu_spec flags host host_cpus mask mem_kb nr_cpus profile qemu_cpu seed shift tainted uname variant" ]
check "the launcher's cell and variant stand" \
	sh -c 'grep -qx "cell=6.1-fstat-1" "$1/facts" && grep -qx "variant=6.1-fstat" "$1/facts"' - "$f"
check "its hostile facts reach samples.csv" grep -q "pwned-$tok" "$run/samples.csv"

# What the host wrote from what the guest printed is printable ASCII
# (tabs, newlines): a boot's files but its console log, samples.csv and
# what the run printed; the report's files (whose own text has some
# UTF-8: the ± of an interval) hold no control byte and are valid UTF-8.
bad=
for x in "$run"/samples.csv "$run"/boots/*/* "$tmp/t/resume.err"; do
	case $x in */console.log) continue ;; esac
	[ -f "$x" ] && [ "$(tr -d '\t\n\040-\176' <"$x" | wc -c)" -eq 0 ] || bad="$bad ${x#"$run"/}"
done
check "the boots' files but their console logs, samples.csv and the run's messages are printable ASCII${bad:+:$bad}" [ -z "$bad" ]
bad=
for x in "$run"/*.csv "$run"/*.md "$run"/*.json "$run"/*.txt "$tmp/t/resume.out"; do
	[ "$(tr -d '\t\n\040-\176\200-\377' <"$x" | wc -c)" -eq 0 ] && iconv -f UTF-8 -t UTF-8 <"$x" >/dev/null 2>&1 ||
		bad="$bad ${x#"$run"/}"
done
check "the report's files and the table printed: valid UTF-8, no control byte${bad:+:$bad}" [ -z "$bad" -a -f "$run/report.md" ]
if command -v python3 >/dev/null 2>&1; then
	bad=
	for x in "$run"/*.json; do
		python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$x" 2>/dev/null || bad="$bad ${x##*/}"
	done
	check "results.json and compare.json read as JSON${bad:+: not$bad}" [ -z "$bad" -a -f "$run/results.json" ]
else
	skip "results.json read as JSON: no python3"
fi

# Nothing ran, nothing was written outside the run folder.
found=$( { find "$repo" -path "$repo/.git" -prune -o -name "*$tok*" -print
	find "$tmp" -path "$run" -prune -o -name "*$tok*" -print
	find /tmp -maxdepth 3 -name "*$tok*" -print
	find / /work -maxdepth 2 -name "*$tok*" -print; } 2>/dev/null | sort -u | head -n 5 | tr '\n' ' ')
check "no file named by the token outside the run folder (no command ran, no path followed)${found:+: $found}" [ -z "$found" ]
check "the guest's names were there to follow: its console holds \$(touch /tmp/pwned-$tok)" \
	grep -aqF "\$(touch /tmp/pwned-$tok)" "$g/console.log"
d=$(diff "$tmp/t/before" "$tmp/t/after" | grep '^[<>]' | head -n 5 | tr '\n' ' ')
check "HOME, TMPDIR and the results folder unchanged outside the run folder${d:+: $d}" [ -z "$d" ]

# Linear time: the host's readers of the console on the captured log and
# on it four times over. The counts in the verdict are four times as
# many, exactly; the CPU time (a figure, printed; not the wall clock,
# which a script in tests/run's background lane may wait through) within
# 16 times plus half a second.
log=$g/console.log
cat "$log" "$log" "$log" "$log" >"$tmp/t/x4.log"
# cpu CMD...: CMD's CPU time (user + system, of it and its children) in ms
cpu() {
	ms=$(sh -c '"$@" >/dev/null 2>&1; times' - "$@" | awk 'NR == 2 {
		for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
		printf "%d\n", t * 1000 }')
}
# parse N LOG: parse-console as run-guest runs it into $tmp/t/pN
parse() {
	mkdir "$tmp/t/p$1"
	cpu build/guest/parse-console --mask erms,fsrm --tests fstatat_empty --tasks 1 --modes processes \
		"$2" "$tmp/t/p$1"
}
parse 1 "$log"; ms1=$ms
parse 4 "$tmp/t/x4.log"; ms4=$ms
# counts N: the verdict's numbers (of long lines, dropped facts, ...),
# the facts kept added to the dropped ones (each key is kept once)
counts() {
	sed -n 's/^\([0-9][0-9]*\) \(guest facts\|runs the plan\|marker lines\|console lines\).*/\1 \2/p' \
		"$tmp/t/p$1/verdict" | awk -v kept="$(wc -l <"$tmp/t/p$1/facts")" '
		{ printf "%s%d", (NR > 1 ? " " : ""), $1 + ($2 == "guest" ? kept : 0) }'
}
c1=$(counts 1) c4=$(counts 4)
want=$(echo "$c1" | awk '{ for (i = 1; i <= NF; i++) printf "%s%d", (i > 1 ? " " : ""), 4 * $i }')
check "parse-console: every count four times over ($c1 -> $c4)" [ -n "$c1" -a "$want" = "$c4" ]
echo "# parse-console: $(wc -c <"$log") bytes in $ms1 ms of CPU, 4x in $ms4 ms"
check "parse-console: 4x the console in under 16x the CPU time + 0.5 s ($ms1 -> $ms4 ms)" \
	[ "$ms4" -le $((16 * ms1 + 500)) ]
# console-times reads a finished log at once when stopped (its last read,
# once its first line says it takes TERM so).
ctimes() {
	cpu sh -c 'build/guest/console-times --tests fstatat_empty "$1" "$2" & p=$!
		i=0
		while [ ! -s "$2" ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done
		kill -TERM $p; wait $p' - "$@"
}
ctimes "$log" "$tmp/t/times1"; ms1=$ms
ctimes "$tmp/t/x4.log" "$tmp/t/times4"; ms4=$ms
echo "# console-times: $ms1 ms of CPU, 4x in $ms4 ms"
n1=$(grep -c ' begin \| end ' "$tmp/t/times1") n4=$(grep -c ' begin \| end ' "$tmp/t/times4")
d1=$(grep -c ' done$' "$tmp/t/times1") d4=$(grep -c ' done$' "$tmp/t/times4")
check "console-times: read to the end (final markers: $d1, 4x: $d4), no event of a testcase the plan does not hold ($n1, $n4), 4x in under 16x the CPU time + 0.5 s ($ms1 -> $ms4 ms)" \
	[ "$d1" -ge 1 -a "$d4" = $((4 * d1)) -a "$n1" = 0 -a "$n4" = 0 -a "$ms4" -le $((16 * ms1 + 500)) ]
# lib/timing on the events of many testcases (a times file the plan no
# longer lets a guest make, and a long boot's): 5000 and 20000 of them.
for n in 5000 20000; do
	mkdir "$tmp/t/tm$n"
	awk -v n=$n 'BEGIN { print "1.0 start"; print "1.1 init"
		for (i = 0; i < n; i++) printf "%.3f begin t%d\n%.3f end t%d\n", 2 + i / 1000, i, 2.0005 + i / 1000, i
		print "999 exit" }' >"$tmp/t/tm$n/times"
	cpu sh -c 'lib/timing --line "$1" >"$1.line"' - "$tmp/t/tm$n"
	[ $n = 5000 ] && ms5000=$ms || ms20000=$ms
done
echo "# lib/timing --line: 5000 testcases in $ms5000 ms of CPU, 20000 in $ms20000 ms"
check "lib/timing: every one of 20000 testcases in its line, 4x in under 16x the CPU time + 0.5 s ($ms5000 -> $ms20000 ms)" \
	sh -c '[ "$(grep -o "t[0-9]* 0\.0" "$1" | wc -l)" = 20000 ] && [ "$2" -le $(($3 * 16 + 500)) ]' - \
	"$tmp/t/tm20000.line" "$ms20000" "$ms5000"
