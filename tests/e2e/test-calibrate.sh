#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make calibrate: an A/A and a known effect run N times natively, every
# pair's truth read from its kernels' names, the summary counted from
# calibration.csv. Host time: only the bookkeeping is checked here.
# kernel-free: the worker runs natively; no kernel is built, fetched or booted.
. tests/lib.sh
. tests/report/helpers.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KABENCH_RESULTS="$tmp/results"
echo "plan 10"
printf 'compare host host-aa getppid\ncompare host host+steal5 getppid\ncompare host host+extra5 getppid\naccel native\ninterval 0.02\nwarmup 1\nsamples 2\nmax_repeats 4\n' >"$tmp/cal.exp"
make -s calibrate EXPERIMENT="$tmp/cal.exp" RUNS=2 >"$tmp/out" 2>"$tmp/err"
rc=$?
d=$(ls -d "$KABENCH_RESULTS"/*-calibrate-cal 2>/dev/null | head -n 1)
check "make calibrate RUNS=2 succeeds (exit $rc) into a calibrate folder with two runs" \
	sh -c '[ "$1" -eq 0 ] && [ "$(ls -d "$2"/runs/*-cal | wc -l)" -eq 2 ]' - "$rc" "$d"
[ -d "$d" ] || { tail -n 3 "$tmp/err" | sed 's/^/# /'; exit 1; }
csv=$d/calibration.csv
truth=$(pick "$d/truth.csv" true_pct variant=host+steal5)
xt=$(pick "$d/truth.csv" true_pct variant=host+extra5) xn=$(pick "$d/truth.csv" nominal_pct variant=host+extra5)
check "calibration.csv: a row a pair a run, truth 0 for host-aa and the measured ones (truth.csv) for host+steal5 and host+extra5" \
	[ "$(pick "$csv" true_pct run=1 | paste -sd' ')/$(pick "$csv" true_pct run=2 | paste -sd' ')" = "0 $truth $xt/0 $truth $xt" ]
check "truth.csv: host+extra5 measured ($xt%), its nominal -5 beside it ($xn), host+steal5 none" \
	sh -c '[ "$1" = -5 ] && [ -n "$2" ] && [ -z "$3" ]' - "$xn" "$xt" "$(pick "$d/truth.csv" nominal_pct variant=host+steal5)"
# (Host time, in a lane that may run as SCHED_IDLE beside others: the
# figure's size is not checked, only that both rates were measured and
# the truth is their ratio.)
check "truth.csv: host+steal5's truth is the ratio of its two measured rates ($(pick "$d/truth.csv" ops_per_s_without variant=host+steal5) -> $(pick "$d/truth.csv" ops_per_s_with variant=host+steal5) ops/s: $truth%)" \
	awk -v a="$(pick "$d/truth.csv" ops_per_s_without variant=host+steal5)" -v b="$(pick "$d/truth.csv" ops_per_s_with variant=host+steal5)" -v t="$truth" \
	'BEGIN { exit !(a > 0 && b > 0 && t != "" && t > -100) }'
check "... each row's covered says whether [lo, hi] holds the truth" \
	sh -c 'awk -F, "NR > 1 { ok = \$8 != \"\" && \$8 + 0 <= \$6 && \$6 <= \$9 + 0; if ((\$13 == \"yes\") != ok) bad = 1 } END { exit bad }" "$1"' - "$csv"
check "... and wrong is yes exactly where an A/A pair says improved or regressed" \
	sh -c 'awk -F, "NR > 1 && \$6 == 0 { w = \$10 == \"improved\" || \$10 == \"regressed\"; if ((\$11 == \"yes\") != w) bad = 1 } END { exit bad }" "$1"' - "$csv"
want=$(awk -F, -v t="$truth" 'NR > 1 && $6 == t { n++; d += $12 == "yes"; c += $13 == "yes" } END { printf "%d/%d %d/%d", d, n, c, n }' "$csv")
check "the printed summary counts the known effect's detections and coverage from the CSV ($want)" \
	sh -c 'grep -Eq "^ +$(printf "%+.1f" "$3" | sed "s/[.+]/\\\\&/g")% +2 +[0-9]+ +$(echo "$2" | cut -d" " -f1) +$(echo "$2" | cut -d" " -f2) " "$1"' - "$tmp/out" "$want" "$truth"
check "... and names the accelerator and the runs" grep -q "^calibration of .*cal.exp: 2 runs, accel native" "$tmp/out"
expect_exit 2 "make calibrate without RUNS exits 2" make -s calibrate EXPERIMENT="$tmp/cal.exp"
expect_exit 2 "plan/calibrate with RUNS=0 exits 2" plan/calibrate "$tmp/cal.exp" 0
