#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# summarize's arithmetic on samples written by hand: a boot's rate is its
# ops over its time (not the mean of its sample rates), the median of an
# even number of boots, per_task, and cells apart by every key column.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/summarize || { fail "build summarize"; exit 1; }
echo "plan 10"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# row VARIANT TASKS BOOT SAMPLE ELAPSED OPS [QEMU_CPU [MODE]]
row() {
	echo "t,$1,k-$1,minimal,icount,Test CPU,${7:-max},no-erms,fstat,${8:-processes},$2,$3,$4,$5,$6,0"
}
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s"
	# A: boot 1's samples run at 100/s and 600/s over 1 s and 0.5 s:
	# 400 ops in 1.5 s = 266.67/s (the mean of its sample rates would be 350).
	row A 1 1 1 1.0 100; row A 1 1 2 0.5 300
	row A 1 2 1 1.0 200; row A 1 2 2 1.0 200
	# B: four boots at 100, 200, 300, 500/s on 2 tasks: median 250, mean 275,
	# per task 137.5.
	row B 2 1 1 1 100; row B 2 2 1 1 200; row B 2 3 1 1 300; row B 2 4 1 1 500
	# C: the same samples on two QEMU CPU specs and two modes: four cells.
	row C 1 1 1 1 100 max; row C 1 1 1 1 200 max -erms
	row C 1 1 1 1 300 max threads; row C 1 1 1 1 400 "max -erms" threads
} >"$tmp/samples.csv"
build/analyze/summarize "$tmp/samples.csv" >"$tmp/summary.csv"
get() { pick "$tmp/summary.csv" "$@"; }
check "a boot's rate is its ops over its time: boot 1 of A 266.7, so min 200.0 max 266.7" \
	[ "$(get min variant=A)/$(get max variant=A)" = 200.0/266.7 ]
check "A's mean is the mean of its boots' rates (233.3)" [ "$(get mean variant=A)" = 233.3 ]
check "the median of 4 boots is the mean of the middle two (250.0)" [ "$(get median variant=B)" = 250.0 ]
check "B: mean 275.0 over 4 boots, 4 samples" [ "$(get mean variant=B)/$(get boots variant=B)/$(get samples variant=B)" = 275.0/4/4 ]
check "per_task is the mean over the task count (137.5 for 2 tasks)" [ "$(get per_task variant=B)" = 137.5 ]
check "the median of 2 boots (A) is their mean (233.3)" [ "$(get median variant=A)" = 233.3 ]
check "QEMU CPU specs and modes make cells of their own (4 for C)" [ "$(get mean variant=C | wc -l)" -eq 4 ]
check "... each with its own figure" \
	[ "$(get mean variant=C "qemu_cpu=max -erms" mode=threads)/$(get mean variant=C qemu_cpu=max mode=processes)" = 400.0/100.0 ]
# A sample row one field short or long: exit 2, one line naming the row.
awk 'NR == 3 { sub(/,[^,]*$/, "") } 1' "$tmp/samples.csv" >"$tmp/short.csv"
err=$(build/analyze/summarize "$tmp/short.csv" 2>&1 >/dev/null); rc=$?
check "a samples row one field short exits 2 ($rc), one line naming row 3" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q "short.csv:3:"' - "$rc" "$err"
awk 'NR == 3 { $0 = $0 ",1" } 1' "$tmp/samples.csv" >"$tmp/long.csv"
expect_exit 2 "a samples row one field long exits 2" build/analyze/summarize "$tmp/long.csv"
