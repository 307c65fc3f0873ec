# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Every figure a reader sees, on a run whose two kernels differ in every
# column (means, stddevs, medians, boots, samples), so that a figure taken
# from the wrong side or the wrong column shows: summary.csv, compare.csv,
# table.txt's columns and geometric mean, results.json, compare.json and
# report.md's repeatability table; then scaling.csv's idle and threads
# columns on a run of both modes.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A -> B under icount, 2 tasks. A boot's rate is its ops over its time.
# fstat: A 3 boots of one 1 s sample: 100, 104, 126/s: mean 110, median
#   104, stddev 14 (sqrt(392/2)), min 100, max 126, per task 55.
#   B 4 boots of two 0.5 s samples: 150, 155, 175, 200/s: mean 170,
#   median 165, stddev 22.7 (sqrt(1550/3)), min 150, max 200, per task 85,
#   8 samples. +54.55%; ±12.7% (14/110) against ±13.4% (22.7/170).
# getppid: A 3 boots at 200/s, B 4 at 180/s: -10.00%, stddev 0 on both
#   sides, p = 0 (printed "<0.001"), regressed.
# Geometric mean of the ratios: sqrt(170/110 * 0.9) - 1 = +17.9%.
mkdir "$tmp/run"
cat >"$tmp/run/experiment.exp" <<'EOT'
compare A B fstat getppid
profile minimal
accel icount
cpu max
mask erms,fsrm
smp 2
tasks 2
interval 0.5
warmup 0
samples 2
repeats 3
shift 0
EOT
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s"
	b=0
	for r in 100 104 126; do
		b=$((b + 1))
		echo "fig,A,k-A,minimal,icount,Test CPU,max,no-erms;no-fsrm,fstat,processes,2,$b,1,1.0,$r,$r"
		echo "fig,A,k-A,minimal,icount,Test CPU,max,no-erms;no-fsrm,getppid,processes,2,$b,1,1.0,200,200"
	done
	b=0
	for r in "70 80" "75 80" "85 90" "90 110"; do
		b=$((b + 1))
		set -- $r
		echo "fig,B,k-B,minimal,icount,Test CPU,max,no-erms;no-fsrm,fstat,processes,2,$b,1,0.5,$1,$(($1 * 2))"
		echo "fig,B,k-B,minimal,icount,Test CPU,max,no-erms;no-fsrm,fstat,processes,2,$b,2,0.5,$2,$(($2 * 2))"
		echo "fig,B,k-B,minimal,icount,Test CPU,max,no-erms;no-fsrm,getppid,processes,2,$b,1,1.0,180,180"
	done
} >"$tmp/run/samples.csv"
plan/run-experiment REPORT="$tmp/run" >"$tmp/table" 2>"$tmp/err"
check "make report on the two-sided fixture succeeds ($(head -n 1 "$tmp/err"))" [ -s "$tmp/run/report.md" ]

s=$tmp/run/summary.csv
sumrow() {	# the figures of a cell, boots to per_task
	for k in boots samples median mean stddev min max per_task; do pick "$s" $k variant="$1" testcase="$2"; done | paste -sd' ' -
}
check "summary.csv A fstat: 3 boots, 3 samples, median 104, mean 110, stddev 14, min 100, max 126, per task 55" \
	[ "$(sumrow A fstat)" = "3 3 104.0 110.0 14.0 100.0 126.0 55.0" ]
check "summary.csv B fstat: 4 boots, 8 samples, median 165, mean 170, stddev 22.7, min 150, max 200, per task 85" \
	[ "$(sumrow B fstat)" = "4 8 165.0 170.0 22.7 150.0 200.0 85.0" ]

c=$tmp/run/compare.csv
side() {	# a side of the fstat pair in compare.csv
	for k in variant kernel test n mean stddev min max; do pick "$c" "$1_$k" label=fstat; done | paste -sd' ' -
}
check "compare.csv's base side is A's cell" [ "$(side base)" = "A k-A fstat 3 110.0 14.0 100.0 126.0" ]
check "compare.csv's new side is B's cell" [ "$(side new)" = "B k-B fstat 4 170.0 22.7 150.0 200.0" ]
check "compare.csv: fstat +54.55% improved, getppid -10.00% regressed with p 0" \
	[ "$(pick "$c" change_pct label=fstat) $(pick "$c" verdict label=fstat) / $(pick "$c" change_pct label=getppid) $(pick "$c" verdict label=getppid) $(pick "$c" p_value label=getppid)" = "+54.55 improved / -10.00 regressed 0" ]
p=$(pick "$c" p_value label=fstat)
check "the fstat pair's p ($p) is between 0.001 and 0.01, where the table prints it to 3 places" \
	awk -v p="$p" 'BEGIN { exit !(p != "" && p >= 0.001 && p < 0.01) }'

# table.txt: base mean, its ±%, %change [interval], new mean, its ±%, p,
# verdict, tasks.
row() { grep " $1\$" "$tmp/table" | awk '{ $1 = $1; print }'; }
iv() { printf '[%+.1f, %+.1f]' "$(pick "$c" ci_lo_pct label="$1")" "$(pick "$c" ci_hi_pct label="$1")"; }
check "table.txt fstat row: 110 ±12.7% +54.5% $(iv fstat) 170 ±13.4%, p to 3 places, improved" \
	[ "$(row fstat)" = "110 ±12.7% +54.5% $(iv fstat) 170 ±13.4% $(awk -v p="$p" 'BEGIN { printf "%.3f", p }') improved 2 fstat" ]
check "table.txt getppid row: 200 ±0.0% -10.0% [-10.0, -10.0] 180 ±0.0% <0.001 regressed" \
	[ "$(row getppid)" = "200 ±0.0% -10.0% [-10.0, -10.0] 180 ±0.0% <0.001 regressed 2 getppid" ]
check "table.txt's header names the base then the new kernel" \
	sh -c 'grep -q "^ *A ±stddev  *%change \[95% interval\]  *B ±stddev  *p  *verdict" "$1"' - "$tmp/table"
check "geometric mean of the 2 ratios: +17.9%" grep -q 'geometric mean of ratios: +17\.9% (2 rows)$' "$tmp/table"
check "report.md holds the same rows" sh -c '[ -n "$2" ] && [ -n "$3" ] && grep -qF "$2" "$1" && grep -qF "$3" "$1"' - "$tmp/run/report.md" \
	"$(grep ' fstat$' "$tmp/table")" "$(grep ' getppid$' "$tmp/table")"

# results.json: one entry a cell; value the mean, range its stddev, extra
# the rest. compare.json: both sides and the pair's figures.
jr() { jq -r --arg n "$1: $2 (tasks 2, processes, icount, -cpu max)" '.[] | select(.name == $n) | [.value, .range, .extra] | @tsv' "$tmp/run/results.json"; }
check "results.json A fstat: value 110, range ± 14.0, boots 3, samples 3, median 104, min 100, max 126, per task 55" \
	[ "$(jr A fstat)" = "$(printf '110\t± 14.0\tkernel k-A; profile minimal; accel icount; guest CPU Test CPU; boots 3; samples 3; median 104.0; min 100.0; max 126.0; ops/s per task 55.0')" ]
check "results.json B fstat: value 170, range ± 22.7, boots 4, samples 8, median 165, min 150, max 200, per task 85" \
	[ "$(jr B fstat)" = "$(printf '170\t± 22.7\tkernel k-B; profile minimal; accel icount; guest CPU Test CPU; boots 4; samples 8; median 165.0; min 150.0; max 200.0; ops/s per task 85.0')" ]
jc() { jq -c --arg l "$1" ".[] | select(.label == \$l) | $2" "$tmp/run/compare.json"; }
check "compare.json's base is A's cell" \
	[ "$(jc fstat .base)" = '{"variant":"A","kernel":"k-A","testcase":"fstat","boots":3,"mean":110,"stddev":14,"min":100,"max":126}' ]
check "compare.json's new is B's cell" \
	[ "$(jc fstat .new)" = '{"variant":"B","kernel":"k-B","testcase":"fstat","boots":4,"mean":170,"stddev":22.7,"min":150,"max":200}' ]
check "compare.json: the pair's %change, p, verdict, rule settings, no published figure" \
	[ "$(jc fstat '[.group, .tasks, .change_pct, .p_value, .verdict, .min_effect_pct, .alpha, .published_pct, .sign_agrees]')" = "[\"A -> B\",2,54.55,$p,\"improved\",1,0.05,null,null]" ]

# report.md's repeatability: (max - min) / mean of each cell.
check "report.md repeatability A fstat: 3 boots, min 100, max 126, spread 23.6364%" \
	grep -qxF '| A | fstat | 2 | max | 3 | 100.0 | 126.0 | 23.6364% |' "$tmp/run/report.md"
check "report.md repeatability B fstat: 4 boots, min 150, max 200, spread 29.4118%" \
	grep -qxF '| B | fstat | 2 | max | 4 | 150.0 | 200.0 | 29.4118% |' "$tmp/run/report.md"
# report.md's head: the fewest ops in a sample (B's first fstat sample,
# 70) and in a cell over its boots (A fstat, 100 + 104 + 126 = 330;
# A getppid 600, B fstat 680, B getppid 720).
check "report.md: a figure rests on at least 70 ops in a sample (B fstat), 330 in a cell (A fstat)" \
	grep -qxF '| ops a figure rests on | at least 70 in a sample (B fstat (max, processes, 2)), 330 in a figure over its boots (A fstat (max, processes, 2)) |' "$tmp/run/report.md"

# scaling.csv on a run of both modes at 1 and 2 tasks: processes at 100 and
# 180/s with 10% and 20% idle, threads at 90 and 150/s with 30% and 40%.
mkdir "$tmp/sc"
sed -e 's/^tasks .*/tasks 1,2/' -e 's/^compare .*/compare A B fstat/' "$tmp/run/experiment.exp" >"$tmp/sc/experiment.exp"
echo "mode both" >>"$tmp/sc/experiment.exp"
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s,idle_pct"
	for v in A B; do
		for r in "processes 1 100 10" "processes 2 180 20" "threads 1 90 30" "threads 2 150 40"; do
			set -- $r
			for b in 1 2; do echo "sc,$v,k-$v,minimal,icount,Test CPU,max,none,fstat,$1,$2,$b,1,1.0,$3,$3,$4"; done
		done
	done
} >"$tmp/sc/samples.csv"
plan/run-experiment REPORT="$tmp/sc" >/dev/null 2>"$tmp/sc.err"
sc=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "A" {
	printf "%s:%s:%s:%s:%s:%s ", $c["tasks"], $c["processes"], $c["processes_idle"], $c["threads"], $c["threads_idle"], $c["linear"] }' "$tmp/sc/scaling.csv" 2>/dev/null)
check "scaling.csv A: tasks:processes:idle:threads:idle:linear per row ($sc)" \
	[ "$sc" = "1:100.0:10.0:90.0:30.0:100.0 2:180.0:20.0:150.0:40.0:200.0 " ]
