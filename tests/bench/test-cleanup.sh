#!/bin/sh
# Nothing is left behind: no worker process and no test file after a normal
# run, a failing run, a SIGINT (to kabench or to its whole process group, as
# Ctrl-C does) and a SIGKILL of kabench (workers die with their parent).
. tests/lib.sh
make -s bench/kabench || { fail "make bench/kabench"; exit 1; }
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
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
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
	for i in $(seq 100); do
		[ "$(grep -c '^kabench: task ' "$log")" -ge "$1" ] && return 0
		sleep 0.05
	done
	return 1
}

for mode in processes threads; do
	opt=; [ $mode = threads ] && opt=--threads
	bench/kabench --test read1 --tasks 2 --interval 0.1 --samples 1 --verbose \
		--dir "$dir" $opt >/dev/null 2>"$log"
	check "$mode normal run: exit 0" [ $? -eq 0 ]
	check "$mode normal run: workers gone" workers_gone
	check "$mode normal run: no file left" dir_empty

	bench/kabench --test _fail --tasks 2 --interval 0.1 --verbose --dir "$dir" $opt \
		>/dev/null 2>"$log"
	check "$mode failing run: exit 1" [ $? -eq 1 ]
	check "$mode failing run: message names the errno" grep -q 'failed: EIO' "$log"
	check "$mode failing run: workers gone" workers_gone
	check "$mode failing run: no file left" dir_empty
done

# SIGINT to kabench alone, then to its process group (a new one, via setsid).
for target in kabench group; do
	: >"$log"	# the old log must not pass for the new run's
	setsid bench/kabench --test read1 --tasks 2 --interval 0.1 --samples 100 --verbose \
		--dir "$dir" >/dev/null 2>"$log" &
	pid=$!
	check "SIGINT to $target: tasks started" wait_tasks 2
	check "SIGINT to $target: files unlinked while running" dir_empty
	if [ $target = kabench ]; then kill -INT "$pid"; else kill -INT "-$pid"; fi
	wait "$pid"
	rc=$?
	check "SIGINT to $target: kabench dies of SIGINT (status $rc)" [ "$rc" -eq 130 ]
	check "SIGINT to $target: workers gone" workers_gone
	check "SIGINT to $target: no file left" dir_empty
done

# SIGKILL: kabench cannot clean up; its workers must still die.
: >"$log"
bench/kabench --test getppid --tasks 2 --interval 0.1 --samples 100 --verbose \
	--dir "$dir" >/dev/null 2>"$log" &
pid=$!
check "SIGKILL to kabench: tasks started" wait_tasks 2
kill -KILL "$pid"
wait "$pid" 2>/dev/null
check "SIGKILL to kabench: workers die with it" workers_gone
check "SIGKILL to kabench: no file left" dir_empty
