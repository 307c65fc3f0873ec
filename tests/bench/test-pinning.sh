#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Pinning is real: with --verbose each task reports the CPU set it is bound
# to and the CPU it runs on, and kabench reports the CPU each task last ran
# on (from /proc) at the end; tasks get one CPU each, on distinct cores.
# kernel-free: it runs the worker natively; no kernel.
. tests/lib.sh
make -s build/bench/kabench || { fail "make build/bench/kabench"; exit 1; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
ncpu=$(nproc)

# core_of CPU: "package:core" from sysfs.
core_of() {
	t=/sys/devices/system/cpu/cpu$1/topology
	echo "$(cat $t/physical_package_id 2>/dev/null):$(cat $t/core_id 2>/dev/null)"
}

# pinned LABEL N OPTS...: N tasks, each bound to one CPU, running on it, on
# distinct CPUs; prints the CPUs in $dir/cpus.
pinned() {
	label=$1 n=$2; shift 2
	if ! build/bench/kabench --test getppid --tasks "$n" --interval 0.1 --warmup 0 --samples 1 \
		--verbose --dir "$dir" "$@" >/dev/null 2>"$dir/err"; then
		fail "$label: kabench failed: $(head -1 "$dir/err")"
		return 1
	fi
	grep '^kabench: task .* cpus ' "$dir/err" >"$dir/tasks"
	check "$label: $n tasks report their CPUs" [ "$(wc -l <"$dir/tasks")" -eq "$n" ]
	# "kabench: task I pid P tid T cpus SET cpu C"
	bad=$(awk '$9 !~ /^[0-9]+$/ || $9 != $11' "$dir/tasks")
	check "$label: each task bound to one CPU and running on it" [ -z "$bad" ]
	awk '{ print $9 }' "$dir/tasks" | sort -u >"$dir/cpus"
	check "$label: tasks on distinct CPUs" [ "$(wc -l <"$dir/cpus")" -eq "$n" ]
	# after the run: "kabench: task I pid P tid T last ran on cpu C"
	bad=$(awk '$8 == "last" { last[$3] = $12 } $8 == "cpus" { bound[$3] = $9 }
		END { for (i in bound) if (last[i] != bound[i]) print i }' "$dir/err")
	check "$label: each task still on its CPU at the end of the run" [ -z "$bad" ]
	rm -f "$dir/err" "$dir/tasks"
}

if [ "$ncpu" -lt 2 ]; then
	skip "pinning checks need 2 CPUs (have $ncpu)"
	exit 0
fi
pinned "processes, per core" 2
for c in $(cat "$dir/cpus"); do core_of "$c"; done | sort -u >"$dir/cores"
check "processes, per core: distinct cores" [ "$(wc -l <"$dir/cores")" -eq 2 ]
pinned "threads, per core" 2 --threads
check "threads: one process, distinct thread ids" [ "$(build/bench/kabench --test getppid \
	--tasks 2 --threads --interval 0.1 --warmup 0 --samples 1 --verbose --dir "$dir" \
	2>&1 >/dev/null | awk '/^kabench: task .* cpus /{ p[$5]; t[$7] } END { print length(p) length(t) }')" = 12 ]
pinned "processes, per hardware thread" 2 --per-thread

# --no-affinity: tasks keep the whole CPU set.
build/bench/kabench --test getppid --tasks 2 --no-affinity --interval 0.1 --warmup 0 --samples 1 \
	--verbose --dir "$dir" 2>"$dir/err" >/dev/null
check "--no-affinity: both tasks said where they run, neither bound to a single CPU" \
	[ "$(grep -c '^kabench: task .* cpus ' "$dir/err")/$(awk '/^kabench: task .* cpus / && $9 ~ /^[0-9]+$/' "$dir/err" | wc -l)" = 2/0 ]

# More tasks than cores: allowed, tasks wrap around, with a warning.
n=$((ncpu + 1))
build/bench/kabench --test getppid --tasks "$n" --interval 0.1 --warmup 0 --samples 1 \
	--verbose --dir "$dir" >"$dir/csv" 2>"$dir/err"
rc=$?
check "$n tasks on $ncpu CPUs: exit 0" [ "$rc" -eq 0 ]
check "$n tasks on $ncpu CPUs: warning on stderr" grep -q 'warning: .*share' "$dir/err"
check "$n tasks on $ncpu CPUs: task $ncpu wraps to task 0's CPU" [ \
	"$(awk -v a=0 -v b="$ncpu" '$8 == "cpus" && $3 == a { x = $9 } $8 == "cpus" && $3 == b { y = $9 } END { print (x == y) }' \
	"$dir/err")" = 1 ]
