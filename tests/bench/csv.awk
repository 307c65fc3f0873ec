# SPDX-License-Identifier: GPL-2.0
# Checks kabench CSV (tests/bench helper). Variables: test, mode, tasks (list
# as "1,2"), samples. Prints nothing and exits 0 if the CSV is well formed;
# otherwise prints the first problem and exits 1.
function bad(why) { print "line " NR ": " why ": " $0; failed = 1; exit 1 }
function near(a, b, tol) { d = a - b; if (d < 0) d = -d; return d <= tol }
BEGIN {
	FS = ","
	header = "kind,test,mode,tasks,sample,elapsed_s,ops,ops_per_s,task_min_ops_per_s,task_max_ops_per_s,idle_pct"
	nt = split(tasks, want, ",")
	ti = 1; next_sample = 1; sum_ops = 0; sum_el = 0
}
NR == 1 { if ($0 != header) bad("header"); next }
{
	if (NF != 11) bad("want 11 fields")
	if ($2 != test) bad("test is not " test)
	if ($3 != mode) bad("mode is not " mode)
	if (ti > nt) bad("row after the last task count")
	if ($4 != want[ti]) bad("tasks is not " want[ti])
	if ($6 !~ /^[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]$/ || $6 <= 0) bad("elapsed_s")
	if ($7 !~ /^[0-9]+$/) bad("ops")
	for (f = 8; f <= 10; f++) if ($f !~ /^[0-9]+\.[0-9]$/) bad("rate field " f)
	if ($8 <= 0) bad("ops_per_s not > 0")
	# ops_per_s is ops/elapsed_s (rounding of the printed elapsed_s allowed)
	if (!near($8 * $6, $7, $7 * 1e-5 + $8 * 1e-6 + 1)) bad("ops_per_s != ops/elapsed_s")
	if ($9 > $10) bad("task min > task max")
	# idle: measured (0..100) with more than one CPU online, else empty
	if (cpus > 1 && ($11 !~ /^[0-9]+\.[0-9]$/ || $11 > 100)) bad("idle_pct")
	if (cpus <= 1 && $11 != "") bad("idle_pct with one CPU")
	if ($10 * $4 < $8 * 0.999) bad("task max * tasks < total rate")
	if ($9 * $4 > $8 * 1.001) bad("task min * tasks > total rate")
	if ($1 == "sample") {
		if ($5 != next_sample) bad("sample index is not " next_sample)
		next_sample++; sum_ops += $7; sum_el += $6
	} else if ($1 == "summary") {
		if ($5 != "all") bad("summary sample is not all")
		if (next_sample != samples + 1) bad("summary after " next_sample - 1 " samples")
		if ($7 != sum_ops) bad("summary ops != sum of sample ops")
		if (!near($6, sum_el, 1e-5 * samples)) bad("summary elapsed != sum of samples")
		ti++; next_sample = 1; sum_ops = 0; sum_el = 0
	} else bad("kind")
}
END {
	if (failed) exit 1
	if (NR == 0) { print "no output"; exit 1 }
	if (ti != nt + 1) { print "missing rows for tasks " want[ti]; exit 1 }
}
