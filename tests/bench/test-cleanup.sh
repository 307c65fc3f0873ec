#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Nothing is left behind: no worker process and no test file after a normal
# run, a failing run, a SIGINT (to kabench or to its whole process group, as
# Ctrl-C does) and a SIGKILL of kabench (workers die with their parent).
# kernel-free: it runs the worker natively; no kernel.
. tests/lib.sh
make -s build/bench/kabench || { fail "make build/bench/kabench"; exit 1; }
dir=$(mktemp -d) || exit 1
log=$(mktemp) || exit 1
trap 'rm -rf "$dir" "$log"' EXIT

# alive PID: the process exists and is not a zombie (a zombie is dead; its
# reaping is up to whoever inherited it).
alive() {
	state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)
	[ -n "$state" ] && [ "$state" != Z ]
}

# workers_gone: every pid in the --verbose lines of $log has gone (2 s grace).
workers_gone() {
	pids=$(awk '/^kabench: task /{ print $5 }' "$log" | sort -u)
	[ -n "$pids" ] || return 1
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		left=
		for p in $pids; do alive "$p" && left=1; done
		[ -z "$left" ] && return 0
		sleep 0.1
	done
	return 1
}
dir_empty() { [ -z "$(ls -A "$dir")" ]; }

# wait_tasks N: until N tasks have reported (they have set up their files).
wait_tasks() {
	for _ in $(seq 100); do
		[ "$(grep -c '^kabench: task ' "$log")" -ge "$1" ] && return 0
		sleep 0.05
	done
	return 1
}

# read1: per-task unlinked files; context_switch1: a helper per task (its
# --verbose line names it: it must be gone too); unlink2: named files in
# directories of their own, made before the tasks start.
for mode in processes threads; do
	opt=; [ $mode = threads ] && opt=--threads
	for t in read1 context_switch1 unlink2; do
		build/bench/kabench --test $t --tasks 2 --interval 0.1 --samples 1 --verbose \
			--dir "$dir" $opt >/dev/null 2>"$log"
		check "$mode $t normal run: exit 0" [ $? -eq 0 ]
		check "$mode $t normal run: workers gone" workers_gone
		check "$mode $t normal run: no file left" dir_empty
	done

	build/bench/kabench --test _fail --tasks 2 --interval 0.1 --verbose --dir "$dir" $opt \
		>/dev/null 2>"$log"
	check "$mode failing run: exit 1" [ $? -eq 1 ]
	check "$mode failing run: message names the errno" grep -q 'failed: EIO' "$log"
	check "$mode failing run: workers gone" workers_gone
	check "$mode failing run: no file left" dir_empty
done

# SIGINT to kabench alone, then to its process group (a new one, via setsid):
# per-task files, a helper (1 task and its helper report), named files.
# context_switch1 runs 1 task: 2 ping-pong pairs pinned to the 2 CPUs of a
# 2-CPU machine can starve this shell (its sleep 1 can take seconds).
for target in kabench group; do
	for t in read1:2:2 context_switch1:1:2 unlink2:2:2; do
		n=${t##*:} tasks=${t#*:} t=${t%%:*}
		tasks=${tasks%:*}
		: >"$log"	# the old log must not pass for the new run's
		setsid build/bench/kabench --test $t --tasks $tasks --interval 0.1 --samples 100 --verbose \
			--dir "$dir" >/dev/null 2>"$log" &
		pid=$!
		check "SIGINT to $target, $t: tasks started" wait_tasks $n
		[ $t = read1 ] && check "SIGINT to $target, $t: files unlinked while running" dir_empty
		if [ $target = kabench ]; then kill -INT "$pid"; else kill -INT "-$pid"; fi
		wait "$pid"
		rc=$?
		check "SIGINT to $target, $t: kabench dies of SIGINT (status $rc)" [ "$rc" -eq 130 ]
		check "SIGINT to $target, $t: workers gone" workers_gone
		check "SIGINT to $target, $t: no file left" dir_empty
	done
done

# A helper that dies is an error of its task, naming the call that saw it.
: >"$log"
build/bench/kabench --test context_switch1 --tasks 1 --interval 0.1 --samples 100 --verbose \
	--dir "$dir" >/dev/null 2>"$log" &
pid=$!
check "helper killed: task and helper started" wait_tasks 2
kill -KILL "$(awk '/^kabench: task 0 pid [0-9]* tid [0-9]* helper$/ { print $5 }' "$log")"
wait "$pid"
rc=$?
check "helper killed: kabench exits 1 (status $rc)" [ "$rc" -eq 1 ]
check "helper killed: the task's error names the call and EPIPE" \
	grep -Eq '^kabench: context_switch1: task 0: (read|write) failed: EPIPE' "$log"
check "helper killed: workers gone" workers_gone

# SIGKILL: kabench cannot clean up; its workers must still die.
: >"$log"
build/bench/kabench --test getppid --tasks 2 --interval 0.1 --samples 100 --verbose \
	--dir "$dir" >/dev/null 2>"$log" &
pid=$!
check "SIGKILL to kabench: tasks started" wait_tasks 2
kill -KILL "$pid"
wait "$pid" 2>/dev/null
check "SIGKILL to kabench: workers die with it" workers_gone
check "SIGKILL to kabench: no file left" dir_empty
