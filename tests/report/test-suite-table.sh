# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# A suite's table (more than 10 rows, as bench/experiments/wis.exp gives)
# opens with its improved and regressed rows, then every row and the
# geometric mean; a small table (the seeds') is printed as before.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# suite N: a run of testcases t01..tN on A and B, 2 icount boots each;
# t03 is 10% faster on B, t07 10% slower, the rest equal.
suite() {
	d=$tmp/run$1
	mkdir "$d"
	printf 'compare A B %s\nprofile minimal\naccel icount\ncpu max\nmask erms,fsrm\nsmp 1\ntasks 1\ninterval 1\nwarmup 0\nsamples 1\nrepeats 2\nshift 0\n' \
		"$(seq -f 't%02g' 1 "$1" | paste -sd' ' -)" >"$d/experiment.exp"
	{
		echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s"
		for i in $(seq 1 "$1"); do
			t=$(printf 't%02d' "$i")
			for b in 1 2; do
				for v in A B; do
					r=1000
					[ "$v$t" = Bt03 ] && r=1100
					[ "$v$t" = Bt07 ] && r=900
					echo "wis,$v,k-$v,minimal,icount,Test CPU,max,none,$t,processes,1,$b,1,1.0,$r,$r"
				done
			done
		done
	} >"$d/samples.csv"
	# Boot A-1 refused t05 (its probe said unsupported, naming why).
	mkdir -p "$d/boots/A-1"
	printf 'test,tasks,status\nt04,1,ok\nt05,1,unsupported\n' >"$d/boots/A-1/status.csv"
	printf 'ok\nt05: kabench: t05: not supported by this kernel: needs CONFIG_FOO\n' >"$d/boots/A-1/verdict"
	# ... and so did A's boot on a second CPU spec (cell A.cpu2-1).
	mkdir -p "$d/boots/A.cpu2-1"
	printf 'test,tasks,status\nt06,1,unsupported\n' >"$d/boots/A.cpu2-1/status.csv"
	printf 'ok\n' >"$d/boots/A.cpu2-1/verdict"
	# The plan names each cell's kernel (these boots have no facts).
	printf 'cell\tvariant\tboot\nA-1\tA\t1\nA.cpu2-1\tA\t1\n' >"$d/plan"
	plan/run-experiment REPORT="$d" >"$tmp/table$1" 2>"$tmp/err$1"
}

suite 12
t=$tmp/table12
check "make report on a 12-testcase run succeeds" [ -s "$tmp/run12/report.md" ]
[ -s "$tmp/run12/report.md" ] || cat "$tmp/err12"
opening=$(awk '/^improved or regressed:/ { on = 1 } /^all rows:/ { exit } on' "$t")
check "the table opens with its changes: 2 of 12 rows" grep -q '^improved or regressed: 2 of 12 rows$' "$t"
check "... which are t03 improved and t07 regressed, nothing else" \
	[ "$(echo "$opening" | awk '$NF ~ /^t[0-9]+$/ { print $NF ":" $(NF - 2) }' | paste -sd' ' -)" = "t03:improved t07:regressed" ]
check "... before the full table" [ "$(grep -n -m1 '^all rows:' "$t" | cut -d: -f1)" -gt "$(grep -n -m1 ' t07$' "$t" | cut -d: -f1)" ]
rows=$(awk '/^all rows:/ { on = 1; next } on && /geometric mean/ { exit } on' "$t" | sed 1d)
check "the full table has all 12 rows" [ "$(echo "$rows" | wc -l)" -eq 12 ]
check "... and the geometric mean of the 12: -0.1%" grep -q 'geometric mean of ratios: -0.1% (12 rows)' "$t"
check "the report holds the same opening" grep -q '^improved or regressed: 2 of 12 rows$' "$tmp/run12/report.md"

check "the report's Not measured names t05 on A with the worker's reason" \
	grep -qx -- '- `t05` (tasks 1) on A: not supported by this kernel: needs CONFIG_FOO' "$tmp/run12/report.md"
check "a refusal in a second CPU spec's cell (A.cpu2-1) names the kernel A" \
	grep -qx -- '- `t06` (tasks 1) on A: not supported by this kernel' "$tmp/run12/report.md"
check "make report says it on one line" \
	grep -qx 'kabench: not measured: t05 (tasks 1) on A: not supported by this kernel: needs CONFIG_FOO' "$tmp/err12"

suite 4
check "a 4-row table has no opening list" sh -c "[ -s $tmp/table4 ] && ! grep -q -e 'improved or regressed:' -e '^all rows:' $tmp/table4"
check "... and still all its rows" [ "$(grep -c ' t0[1-4]$' "$tmp/table4")" -eq 4 ]
