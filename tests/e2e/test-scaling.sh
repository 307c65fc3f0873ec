# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# make bench EXPERIMENT=scaling end to end, trimmed to fstat with one boot
# a kernel: tcg with 2 vCPUs, tasks 1..2 as processes and threads, both
# kernels of the pair in one run; scaling.csv in will-it-scale's columns,
# the guest's idle share, the charts. Runs go to a scratch results folder.
# limit: 1800
# foreground: its tcg vCPUs' ops and idle share are host time: as SCHED_IDLE beside test-faults a 1-task boot ran 3% of the time (97% idle).
. tests/lib.sh

tmp=$(mktemp -d)
export KABENCH_RESULTS=$tmp/results
trap 'rm -rf "$tmp"' EXIT
ncpu=$(nproc)

# More vCPUs than host CPUs is refused before anything is built or written.
make -s bench EXPERIMENT=scaling SMP=$((ncpu + 1)) >"$tmp/out" 2>"$tmp/err"
rc=$?
check "SMP=$((ncpu + 1)) under tcg on $ncpu CPUs: exit 2, one line naming it, no run folder" \
	sh -c '[ "$1" -eq 2 ] && [ "$(grep -c "^kabench:" "$2")" -eq 1 ] && grep -q "SMP: smp $3: more vCPUs than this host.s $4 CPUs under tcg" "$2" && [ ! -d "$5" ]' \
	- "$rc" "$tmp/err" "$((ncpu + 1))" "$ncpu" "$KABENCH_RESULTS"

if [ "$ncpu" -lt 2 ]; then
	for c in "exit 0" "scaling.csv" "idle" "charts" "table"; do skip "scaling run: $c needs 2 host CPUs"; done
	exit 0
fi
make -s bench EXPERIMENT=scaling TESTS=fstat REPEATS=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$KABENCH_RESULTS"/*-scaling 2>/dev/null | tail -n 1)
check "make bench EXPERIMENT=scaling TESTS=fstat REPEATS=1 succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 20 "$tmp/err"
csv=$run/scaling.csv
# Both kernels, tasks 1 and 2, both modes measured; linear = 2 x the
# 1-task processes figure; will-it-scale's six columns last.
check "scaling.csv: 6.1 and 6.1-fstat, tasks 1 and 2, processes and threads, linear = tasks x 1-task processes, tcg" \
	awk -F, 'NR == 1 { if ($0 !~ /,tasks,processes,processes_idle,threads,threads_idle,linear$/) exit 1
			for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ k = $c["variant"] " " $c["tasks"]; seen[k]
		  if ($c["testcase"] != "fstat" || $c["accel"] != "tcg" || !($c["processes"] > 0) || !($c["threads"] > 0)) exit 1
		  if ($c["tasks"] == 1) one[$c["variant"]] = $c["processes"]
		  else if (sprintf("%.1f", 2 * one[$c["variant"]]) != $c["linear"]) exit 1 }
		END { exit !(NR == 5 && ("6.1 1" in seen) && ("6.1 2" in seen) && ("6.1-fstat 1" in seen) && ("6.1-fstat 2" in seen)) }' "$csv"
# The guest's own idle share: one busy task on 2 vCPUs leaves about half
# of the CPU time idle, two leave next to none.
check "idle from the guest's /proc/stat: ~50% at 1 task, < 15% at 2 ($(cut -d, -f8- "$csv" 2>/dev/null | paste -sd' '))" \
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ for (m = 1; m <= 2; m++) { x = $c[m == 1 ? "processes_idle" : "threads_idle"]
			if (x == "" || ($c["tasks"] == 1 && (x < 35 || x > 65)) || ($c["tasks"] == 2 && x >= 15)) bad = 1 } }
		END { exit bad || NR != 5 }' "$csv"
check "charts: will-it-scale's per kernel, A/B curves per mode" \
	sh -c 'for f in scaling-6.1-fstat scaling-6.1-fstat-fstat ab-scaling-1-fstat ab-scaling-2-fstat; do
		[ -s "$1/$f.png" ] && [ -s "$1/$f.svg" ] && grep -q "($f.png)" "$1/report.md" || exit 1; done' - "$run"
check "the table prints the curves under what tcg's curve means" \
	sh -c 'grep -q "^will-it-scale curves (tcg, " "$1" && grep -q "^tcg: each vCPU is a QEMU thread" "$1" && grep -q "^will-it-scale curves (tcg, " "$2/table.txt"' - "$tmp/out" "$run"
