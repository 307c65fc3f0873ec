#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# foreground: its samples are 0.1 s of host time: as SCHED_IDLE beside a kbuild of both cores one got no CPU (0 ops).
# kernel-free: it runs the worker natively; it builds, fetches and boots no kernel.
# Rates come from the real elapsed time: with a sampler that oversleeps
# (hidden --oversleep), elapsed_s grows and ops_per_s = ops / elapsed_s still.
. tests/lib.sh
make -s build/bench/kabench || { fail "make build/bench/kabench"; exit 1; }
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT

build/bench/kabench --test getppid --interval 0.1 --oversleep 0.3 --warmup 0 --samples 2 >"$out"
check "oversleeping run exits 0" [ $? -eq 0 ]
check "CSV well formed (ops_per_s * elapsed_s == ops)" awk -v test=getppid -v mode=processes \
	-v tasks=1 -v samples=2 -v cpus="$(getconf _NPROCESSORS_ONLN)" -f tests/bench/csv.awk "$out"
check "elapsed_s is the real sample length (>= 0.4 s, not the 0.1 s interval)" \
	awk -F, 'NR > 1 && $1 == "sample" && $6 < 0.4 { bad = 1 } END { exit bad }' "$out"
check "ops_per_s is not ops / nominal interval" \
	awk -F, 'NR > 1 && $1 == "sample" && $8 > 0.5 * $7 / 0.1 { bad = 1 } END { exit bad }' "$out"

# --extra PCT, the calibration's known effect, does one op in 100/PCT for
# nothing: strace counts the getppid calls of 1900 counted ops, against
# the same run without it (the harness's own call or so alike in both).
if command -v strace >/dev/null 2>&1; then
	calls() { strace -f -qq -c -e trace=getppid build/bench/kabench --test getppid --iterations 1900 "$@" 2>&1 >/dev/null |
		awk '$NF == "getppid" { print $(NF - 1) }'; }
	plain=$(calls) five=$(calls --extra 5) half=$(calls --extra 50)
	check "--extra 5: 100 more getppid calls than the 1900 counted ($plain plain, $five with it)" \
		[ -n "$plain" -a "$five" = "$((${plain:-0} + 100))" ]
	check "--extra 50: 1900 more ($half)" [ -n "$plain" -a "$half" = "$((${plain:-0} + 1900))" ]
else
	skip "--extra's uncounted ops: strace is not installed"
fi
