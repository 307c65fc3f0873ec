# SPDX-License-Identifier: GPL-2.0
# print-scaling.awk: RUN/scaling.csv (analyze/scaling-table) as text, one
# block per accelerator and CPU, headed by what its curves mean
# (lib/accel-note.awk): awk -F, -f lib/csv.awk -f lib/accel-note.awk -f
# report/print-scaling.awk scaling.csv
function pct(x) { return x == "" ? "-" : x "%" }
function num(x) { return x == "" ? "-" : sprintf("%.0f", x) }
NR == 1 { csv_header(); next }
{
	w = v("accel") ", " v("cpu_model") (v("qemu_cpu") != "" && v("qemu_cpu") != "-" ? ", -cpu " v("qemu_cpu") : "")
	if (w != last) {
		printf "\nwill-it-scale curves (%s)\n%s\n", w, accel_note(v("accel"))
		printf "%-24s %-16s %5s %14s %6s %14s %6s %14s\n", "kernel", "testcase", "tasks", "processes", "idle", "threads", "idle", "linear"
		last = w
	}
	printf "%-24s %-16s %5s %14s %6s %14s %6s %14s\n", v("variant"), v("testcase"), v("tasks"), num(v("processes")),
		pct(v("processes_idle")), num(v("threads")), pct(v("threads_idle")), num(v("linear"))
}
