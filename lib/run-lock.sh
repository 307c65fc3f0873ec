# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# One lock per run folder (RUN/.lock, flock(1)), sourced by the programs
# that write a run (plan/run-experiment for make bench and RESUME,
# report/make-report) or read one (analyze/compare-runs). A second
# program on a run another one is writing says who holds it and exits 2,
# instead of both writing the same cells.
#
#   kb_lock_run RUN FD WHAT    hold RUN's lock alone (a writer) on file
#                              descriptor FD until this shell exits;
#                              WHAT (e.g. "make bench RESUME") is what
#                              the message to a second one names
#   kb_share_run RUN FD WHAT   hold it beside other readers, not a writer
#
# The programs a holder runs inherit its lock: KABENCH_LOCKED_RUNS (the
# runs' real paths) lets them through.

# kb_run_path RUN: RUN's real path.
kb_run_path() { (cd "$1" 2>/dev/null && pwd -P); }

# kb_take_lock RUN FD WHAT -x|-s
kb_take_lock() {
	p=$(kb_run_path "$1") || { echo "kabench: no run folder '$1'" >&2; exit 2; }
	case " ${KABENCH_LOCKED_RUNS:-} " in *" $p "*) return 0 ;; esac
	eval "exec $2>>\"\$p/.lock\"" || { echo "kabench: cannot open $1/.lock" >&2; exit 2; }
	if ! flock -n "$4" "$2"; then
		# (Readers leave no name: a writer held off by them only.)
		who="a make compare reading it"
		{ [ "$4" = -x ] && flock -n -s "$2"; } || who=$(cat "$p/.lock" 2>/dev/null)
		# A make bench killed outright (SIGKILL) leaves its cells running
		# (GNU parallel gives each a process group of its own) until
		# their boots end or reach their deadlines: they hold the lock.
		pid=$(echo "$who" | sed -n 's/.*(pid \([0-9]*\),.*/\1/p')
		if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
			echo "kabench: $1: its ${who%% (pid*} (pid $pid) is gone, but cells it started still run: waiting for them to end" >&2
			flock "$4" "$2"
		else
			echo "kabench: $1 is in use by ${who:-another kabench}: wait for it to end (or stop it), then run this again" >&2
			exit 2
		fi
	fi
	[ "$4" = -s ] || printf '%s (pid %s, since %s UTC)\n' "$3" $$ "$(date -u +%H:%M:%S)" >"$p/.lock"
	KABENCH_LOCKED_RUNS="${KABENCH_LOCKED_RUNS:+$KABENCH_LOCKED_RUNS }$p"
	export KABENCH_LOCKED_RUNS
}
kb_lock_run() { kb_take_lock "$1" "$2" "$3" -x; }
kb_share_run() { kb_take_lock "$1" "$2" "$3" -s; }
