# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Helpers of the tests/report and tests/analyze scripts (sourced after
# tests/lib.sh).

# pick FILE COLUMN [NAME=VALUE...]: the COLUMN of every row of the CSV FILE
# whose NAME columns hold VALUE, one a line. Columns are found by name.
pick() {
	awk -F, 'BEGIN {
		col = ARGV[2]; ARGV[2] = ""
		for (i = 3; i < ARGC; i++) {
			k = v = ARGV[i]; sub(/=.*/, "", k); sub(/^[^=]*=/, "", v)
			want[k] = v; ARGV[i] = ""
		}
	}
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; if (!(col in c)) exit 3; next }
	{ for (k in want) if (!(k in c) || $(c[k]) != want[k]) next; print $(c[col]) }' "$@"
}

# summary_row VARIANT MEAN STDDEV BOOTS [TESTCASE [TASKS [QEMU_CPU]]]: one
# summary.csv row (header: summary_head) for compare to read.
summary_head() {
	echo "variant,kernel,profile,accel,cpu_model,testcase,mode,tasks,boots,samples,median,mean,stddev,min,max,per_task,qemu_cpu"
}
summary_row() {
	echo "$1,k-$1,minimal,icount,Test CPU,${5:-t},processes,${6:-1},$4,$4,$2,$2,$3,$2,$2,$2,${7:-max}"
}

# pair_row BASE NEW [TESTCASE]: one pairs.csv row (header: pair_head).
pair_head() { echo "group,label,base_variant,base_test,new_variant,new_test,published_pct"; }
pair_row() { echo "$1 -> $2,${3:-t},$1,${3:-t},$2,${3:-t},"; }
