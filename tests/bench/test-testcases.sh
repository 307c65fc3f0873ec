#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# after-foreground: its sampled runs (0.1 s) must get CPU time, which a background (SCHED_IDLE) script does not while the foreground lane keeps both cores busy.
# kernel-free: it runs the worker natively; it builds, fetches and boots no kernel.
# Every listed testcase runs natively, processes and threads, 1 and 2 tasks,
# a fixed few ops per task (the hidden --iterations: nothing here depends on
# timing): exit 0, no error line, and a summary row per task count whose ops
# (counted by the tasks) are at least tasks x N. A testcase this kernel or
# --dir cannot run (exit 3, naming what it needs: read3/read4 on a tmpfs
# before Linux 6.6) is a skip. The list is derived from
# bench/tc_*.c and must hold all of will-it-scale's 60 testcases, each with
# both modes; and each once sampled (the loop's KB_FOREVER copy). A failing
# call is an error naming the call, never a counted op.
. tests/lib.sh
make -s build/bench/kabench || { fail "make build/bench/kabench"; exit 1; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir" "$dir.csv" "$dir.err"' EXIT
N=200

upstream="brk1 brk2 context_switch1 dup1 eventfd1 fallocate1 fallocate2 futex1
futex2 futex3 futex4 getppid1 lock1 lock2 lseek1 lseek2 malloc1 malloc2 mmap1
mmap2 open1 open2 open3 page_fault1 page_fault2 page_fault3 pipe1 poll1 poll2
posix_semaphore1 pread1 pread2 pread3 pthread_mutex1 pthread_mutex2
pthread_mutex3 pthread_mutex4 pthread_mutex5 pwrite1 pwrite2 pwrite3 read1
read2 read3 read4 readseek1 readseek2 readseek3 sched_yield signal1 tlb_flush1
tlb_flush2 tlb_flush3 unix1 unlink1 unlink2 write1 writeseek1 writeseek2
writeseek3"

list=$(build/bench/kabench --list)
names=$(echo "$list" | cut -f1)
# The list is derived, not kept by hand: every name and alias in
# bench/tc_*.c is listed, the '_' test hooks are not, and nothing else is.
defined=$(sed -n 's/^[[:space:]]*\.\(name\|alias\) = "\([a-z0-9_]*\)",.*/\2/p' bench/tc_*.c |
	grep -v '^_' | sort)
shown=$(echo "$names" | sort)
check "--list shows exactly the names and aliases of bench/tc_*.c ($(echo $shown | wc -w))" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ]' - "$defined" "$shown"
missing=$(for u in $upstream; do echo "$names" | grep -qx "$u" || echo "$u"; done)
check "--list has all $(echo $upstream | wc -w) of will-it-scale's testcases (missing: $(echo $missing))" \
	test -z "$missing" -a "$(echo $upstream | wc -w)" -eq 60
check "every --list line offers processes,threads" \
	sh -c 'echo "$1" | awk -F"\t" "NF != 3 || \$2 != \"processes,threads\" { bad = 1 } END { exit bad }"' - "$list"
check "getppid1 is listed as an alias of getppid" \
	sh -c 'echo "$1" | grep -qx "getppid1	processes,threads	alias of getppid"' - "$list"

# fstatat_null needs Linux 6.11+: older kernels must say so and exit 3.
kernel_at_least() {
	v=$(uname -r | sed 's/[^0-9.].*//')
	[ "$(printf '%s\n%s\n' "$1" "$v" | sort -V | head -1)" = "$1" ]
}

# fixed TEST MODE: N ops per task, 1 then 2 tasks.
fixed() {
	test=$1 mode=$2
	opt=; [ "$mode" = threads ] && opt=--threads
	build/bench/kabench --test "$test" --tasks 1,2 --iterations $N --dir "$dir" $opt \
		>"$dir.csv" 2>"$dir.err"
	rc=$?
	# a kernel or --dir that lacks what the testcase needs: said, and skipped
	if [ "$rc" -eq 3 ] && grep -q "^kabench: $test: not supported by this kernel: needs " "$dir.err"; then
		skip "$test $mode: $(cat "$dir.err")"
		return
	fi
	# more tasks than cores is allowed (and said) on a 1-core machine
	err=$(grep -v 'tasks share them$' "$dir.err" | head -1)
	if [ "$rc" -ne 0 ] || [ -n "$err" ]; then
		fail "$test $mode: exit 0 and no error (got $rc: $err)"
		return
	fi
	why=$(awk -F, -v test="$test" -v mode="$mode" -v n=$N '
		NR == 1 { next }
		$1 != "summary" || $2 != test || $3 != mode || $4 != NR - 1 { print "row " NR ": " $0; exit 1 }
		$7 !~ /^[0-9]+$/ || $7 < n * $4 { print "ops " $7 " < " n " x " $4 " tasks"; exit 1 }
		END { if (NR != 3) { print NR - 1 " rows, want 2"; exit 1 } }' "$dir.csv")
	if [ $? -eq 0 ]; then pass "$test $mode: 1 and 2 tasks, >= $N ops each, no error"
	else fail "$test $mode: $why"; fi
}

# sampled TEST MODE: the loop's other copy (KB_FOREVER, no limit test), one
# 10 ms sample of 1 task: exit 0, no error, one summary row (its ops are up
# to the clock, so not checked here).
sampled() {
	test=$1 mode=$2
	opt=; [ "$mode" = threads ] && opt=--threads
	build/bench/kabench --test "$test" --interval 0.01 --warmup 0 --samples 1 --dir "$dir" $opt \
		>"$dir.csv" 2>"$dir.err"
	rc=$?
	[ "$rc" -eq 3 ] && grep -q "^kabench: $test: not supported by this kernel: needs " "$dir.err" &&
		return
	if [ "$rc" -eq 0 ] && [ ! -s "$dir.err" ] &&
		[ "$(grep -c "^summary,$test,$mode,1,all," "$dir.csv")" -eq 1 ]; then
		pass "$test $mode sampled: exit 0, no error, a summary row"
	else
		fail "$test $mode sampled: exit 0, no error, a summary row (got $rc: $(head -1 "$dir.err"))"
	fi
}

for t in $names; do
	if [ "$t" = fstatat_null ] && ! kernel_at_least 6.11; then
		build/bench/kabench --test fstatat_null --dir "$dir" >/dev/null 2>"$dir.err"
		rc=$?
		check "fstatat_null on $(uname -r) exits 3" [ "$rc" -eq 3 ]
		check "fstatat_null says not supported" grep -q "not supported by this kernel" "$dir.err"
		continue
	fi
	for mode in processes threads; do
		fixed "$t" $mode
		sampled "$t" $mode
	done
done
check "no test file left in --dir" [ -z "$(ls -A "$dir")" ]

# The sampled path, CSV checked with csv.awk: a plain testcase and one with
# a helper per task.
for t in read1 context_switch1; do
	for mode in processes threads; do
		opt=; [ "$mode" = threads ] && opt=--threads
		build/bench/kabench --test $t --tasks 1,2 --interval 0.1 --warmup 0 --samples 2 \
			--dir "$dir" $opt >"$dir.csv" 2>"$dir.err"
		check "$t $mode sampled: exit 0" [ $? -eq 0 ]
		check "$t $mode sampled: well-formed CSV" awk -v test=$t -v mode=$mode -v tasks=1,2 \
			-v samples=2 -v cpus="$(getconf _NPROCESSORS_ONLN)" -f tests/bench/csv.awk "$dir.csv"
	done
done

# An alias runs under the name asked for; a plan never holds one testcase twice.
build/bench/kabench --test getppid1 --iterations 10 >"$dir.csv" 2>"$dir.err"
check "getppid1 runs, its rows named getppid1" \
	awk -F, 'NR == 2 && $2 == "getppid1" { ok = 1 } END { exit !ok }' "$dir.csv"
expect_exit 2 "a plan with getppid and getppid1 is refused" \
	build/bench/kabench --check-plan --test getppid,getppid1
build/bench/kabench --check-plan --test getppid,getppid1 >/dev/null 2>"$dir.err"
check "... in one line naming getppid1" \
	sh -c '[ "$(wc -l <"$1")" -eq 1 ] && grep -q "getppid1" "$1"' - "$dir.err"

# failing TEST MODE OPTS CALL ERRNO: exit 1, the one error line names the
# call and the errno, and no row counts the failed op (only the header).
failing() {
	test=$1 mode=$2 opts=$3 call=$4 errno=$5
	opt=; [ "$mode" = threads ] && opt=--threads
	build/bench/kabench --test "$test" $opts --dir "$dir" $opt >"$dir.csv" 2>"$dir.err"
	rc=$?
	check "$test $mode $opts: exit 1 (got $rc)" [ "$rc" -eq 1 ]
	check "$test $mode $opts: the error names $call and $errno" \
		grep -q "^kabench: $test: task [0-9]*: $call failed: $errno (" "$dir.err"
	check "$test $mode $opts: no row counted" \
		sh -c '[ "$(cat "$1")" = "$(build/bench/kabench --csv-header)" ]' - "$dir.csv"
}
for mode in processes threads; do
	failing _fail $mode "--interval 0.1" "selftest call" EIO
	failing _fail $mode "--iterations 5000" "selftest call" EIO
	failing _fail_named $mode "--tasks 2 --interval 0.1" "second selftest call" EBADF
done
build/bench/kabench --test _fail_prepare --dir "$dir" >"$dir.csv" 2>"$dir.err"
check "a failing prepare: exit 1" [ $? -eq 1 ]
check "a failing prepare: says so with the errno" \
	grep -qx 'kabench: _fail_prepare: prepare failed: ENOSPC (No space left on device)' "$dir.err"

# A testcase the kernel cannot run: exit 3, says what it needs, no CSV.
build/bench/kabench --test _unsupported --dir "$dir" >"$dir.csv" 2>"$dir.err"
check "unsupported testcase exits 3" [ $? -eq 3 ]
check "unsupported testcase says 'not supported by this kernel: needs ...'" \
	grep -qx 'kabench: _unsupported: not supported by this kernel: needs nothing that exists' "$dir.err"
check "unsupported testcase prints nothing on stdout" [ ! -s "$dir.csv" ]
check "no test file left in --dir at the end" [ -z "$(ls -A "$dir")" ]

# The loop rule (bench/kabench.h): a testcase's loop is a KB_LOOP_BODY
# whose only limit test is kb_done(), wrapped by KB_LOOP (the native
# proxies subtract testcases, so each must charge the same loop overhead).
# tc_selftest.c's loops misbehave on purpose.
loose=$(for f in bench/tc_*.c; do
	[ "$f" != bench/tc_selftest.c ] || continue
	grep -q '^KB_LOOP(' "$f" && ! grep -q 'static int loop(' "$f" || echo "${f#bench/}"
done)
check "every testcase's loop is KB_LOOP's (${loose:-all of them})" [ -z "$loose" ]
