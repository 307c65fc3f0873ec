#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ACCEL=native: an experiment's cells run on this machine's own kernel
# (boot/run-native) and write boots/<cell>/ as a boot does, so make
# report, make compare and BASELINE= read the run like any other; host-X
# and host+stealN are labels of this kernel within one run (an A/A and a
# known effect). Figures are host time: only their shape is checked here.
# kernel-free: the worker runs natively; no kernel is built, fetched or booted.
. tests/lib.sh
. tests/report/helpers.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KABENCH_RESULTS="$tmp/results"
echo "plan 22"
cat >"$tmp/tiny.exp" <<'EOT'
compare 6.1 6.1-fstat getppid
interval 0.02
warmup 1
samples 2
max_repeats 4
EOT
make -s bench EXPERIMENT="$tmp/tiny.exp" ACCEL=native >"$tmp/out1" 2>"$tmp/err1"
rc=$?
a=$(sed -n "s/^\[[0-9:]*\] done: //p" "$tmp/err1")
check "make bench ACCEL=native succeeds (exit $rc) and writes a run folder" sh -c '[ "$1" -eq 0 ] && [ -d "$2" ]' - "$rc" "$a"
[ -d "$a" ] || { tail -n 3 "$tmp/err1" | sed 's/^/# /'; exit 1; }
check "every kernel is the host's: 4 cells host-1..4, no kernel folder" \
	sh -c '[ "$(ls "$1/boots" | paste -sd" ")" = "host-1 host-2 host-3 host-4" ] && [ ! -d "$1/kernels" ]' - "$a"
check "a cell's facts: accel native, this kernel's release, its CPU" \
	sh -c 'grep -qx "accel=native" "$1" && grep -qx "uname=$(uname -r)" "$1" && grep -q "^cpu_model=." "$1" && grep -q "^kernel_release=" "$1"' - "$a/boots/host-1/facts"
check "a cell's verdict is ok and its bench.csv has the worker's rows" \
	sh -c '[ "$(head -n 1 "$1/verdict")" = ok ] && grep -q "^sample,getppid,processes,1," "$1/bench.csv"' - "$a/boots/host-1"
check "samples.csv labels the rows accel native, variant host, kernel $(uname -r)" \
	[ "$(pick "$a/samples.csv" accel sample=1 boot=2)/$(pick "$a/samples.csv" variant sample=1 boot=2)/$(pick "$a/samples.csv" kernel sample=1 boot=2)" = "native/host/$(uname -r)" ]
check "summary.csv: one cell, 4 boots, each boot's rate" \
	[ "$(pick "$a/summary.csv" boots testcase=getppid)/$(pick "$a/summary.csv" rates testcase=getppid | tr ';' '\n' | wc -l)" = 4/4 ]
check "its experiment.exp says accel native and compare host host (no pair within the run)" \
	sh -c 'grep -qx "accel native" "$1/experiment.exp" && grep -q "^compare host host getppid" "$1/experiment.exp" && [ ! -s "$1/compare.csv" ]' - "$a"
cp "$a/summary.csv" "$tmp/summary.before"
make -s report RUN="$a" >/dev/null 2>&1
check "make report RUN= redraws it, the same summary" cmp -s "$tmp/summary.before" "$a/summary.csv"
sleep 1
make -s bench EXPERIMENT="$tmp/tiny.exp" ACCEL=native BASELINE="$a" >"$tmp/out2" 2>"$tmp/err2"
rc=$?
b=$(sed -n "s/^\[[0-9:]*\] done: //p" "$tmp/err2")
[ "$rc" -eq 0 ] || tail -n 2 "$tmp/err2" | sed "s/^/# /"
check "a second native run with BASELINE= the first succeeds (exit $rc)" sh -c '[ "$1" -eq 0 ] && [ "$2" != "$3" ]' - "$rc" "$a" "$b"
check "... and compares its cells with the first's: host@base -> host getppid, with an interval and a verdict" \
	sh -c 'r=$(awk -F, "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; next } { print \$c[\"group\"] \"|\" \$c[\"ci_method\"] \"|\" \$c[\"verdict\"] }" "$1/baseline/compare.csv") &&
		case $r in "host@base -> host|rank|"*) ;; *) echo "# $r"; exit 1 ;; esac' - "$b"
make -s compare A="$a" B="$b" >"$tmp/out3" 2>"$tmp/err3"
rc=$?
c=$(ls -d "$KABENCH_RESULTS"/*-compare 2>/dev/null | tail -n 1)
check "make compare A= B= of two native runs (exit $rc): a compare run with the pair" \
	[ "$rc/$(pick "$c/compare.csv" accel group="host@base -> host")" = 0/native ]
check "... whose table gives %change [lo, hi]" grep -Eq '^ +[0-9]+ .*[-+][0-9.]+% \[[-+][0-9.]+, [-+][0-9.]+\] .* getppid' "$c/table.txt"
check "... and says that the host's drift between two runs is in every pair" grep -q "^two runs made at different times, where time is real" "$c/table.txt"

# One run: an A/A (host-aa) and a known effect (host+steal5), interleaved.
cat >"$tmp/aa.exp" <<'EOT'
compare host host-aa getppid
compare host host+steal5 getppid
interval 0.02
warmup 1
samples 2
repeats 4
EOT
make -s bench EXPERIMENT="$tmp/aa.exp" ACCEL=native >"$tmp/out4" 2>"$tmp/err4"
rc=$?
d=$(ls -d "$KABENCH_RESULTS"/*-aa 2>/dev/null | tail -n 1)
check "host, host-aa and host+steal5 in one native run (exit $rc), interleaved" \
	[ "$(awk -F'\t' 'NR > 1 && NR <= 4 { printf "%s ", $1 }' "$d/plan")" = "host-1 host-aa-1 host+steal5-1 " ]
check "... two pairs compared within the run, each with its interval" \
	[ "$(awk -F, 'NR > 1 && $0 ~ /rank/ { n++ } END { print n + 0 }' "$d/compare.csv")" = 2 ]
check "... the known effect's cells ran the worker with --steal 5" grep -qx "steal_pct=5" "$d/boots/host+steal5-1/facts"
expect_exit 2 "kabench --steal 60 (not under 50%) exits 2" build/bench/kabench --test getppid --steal 60

# A duet: boot r of both kernels at once, each on a CPU of its own, the
# kernels swapping CPUs every boot; the intervals pair boots by number.
sed 's/^repeats 4$/repeats 2/; /steal5/d' "$tmp/aa.exp" >"$tmp/duet.exp"
echo "duet 1" >>"$tmp/duet.exp"
make -s bench EXPERIMENT="$tmp/duet.exp" ACCEL=native >"$tmp/out5" 2>"$tmp/err5"
rc=$?
e=$(ls -d "$KABENCH_RESULTS"/*-duet 2>/dev/null | tail -n 1)
check "a native duet run succeeds (exit $rc)" sh -c '[ "$1" -eq 0 ] && [ -d "$2/boots" ]' - "$rc" "$e"
cpus() { sed -n 's/^host_cpus=//p' "$e/boots/$1/facts"; }
check "boot 1: host on CPU 0, host-aa on CPU 1; boot 2 swapped ($(cpus host-1) $(cpus host-aa-1) $(cpus host-2) $(cpus host-aa-2))" \
	[ "$(cpus host-1) $(cpus host-aa-1) $(cpus host-2) $(cpus host-aa-2)" = "0-0 1-1 1-1 0-0" ]
check "... and its interval is the paired one" [ "$(pick "$e/compare.csv" ci_method label=getppid)" = paired ]
err=$(plan/run-experiment "$tmp/aa.exp" ACCEL=native DUET=1 2>&1 >/dev/null); rc=$?
check "a duet of three kernels is refused: exit 2, one line naming them" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q "a duet runs two kernels at once: .* 3 kernel x CPU groups (host, host-aa, host+steal5)"' - "$rc" "$err"
expect_exit 2 "DUET=2 is refused" make -s bench EXPERIMENT="$tmp/duet.exp" ACCEL=native DUET=2
