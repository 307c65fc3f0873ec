#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One native timing at a time on a host (lib/native-lock.sh): a
# native run (make bench ACCEL=native) started while another kabench
# holds the lock says for whom it waits and times nothing until the lock
# is free; what ran beside each cell's timing is in its facts.
# kernel-free: it builds, fetches and boots no kernel.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'kill $holder $fake 2>/dev/null; rm -rf "$tmp"' EXIT
export KABENCH_NATIVE_LOCK=$tmp/native.lock
printf 'compare A B fstat\ninterval 0.05\nwarmup 0\nsamples 1\nrepeats 2\n' >"$tmp/tiny$$.exp"

# The holder: a kabench program's lock, held until the run says it waits
# (30 s at most: a run that never waits fails below), then "released"
# written just before it lets go.
sh -c '. lib/native-lock.sh; kb_lock_native 9 "test holder"; i=0
	until grep -q "waiting for test holder" "$1/err" 2>/dev/null || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
	: >"$1/released"' - "$tmp" &
holder=$!
i=0
until grep -q "test holder" "$KABENCH_NATIVE_LOCK" 2>/dev/null || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
# A program named kabench running beside, as another run's worker would.
cp /bin/sleep "$tmp/kabench" && "$tmp/kabench" 30 &
fake=$!
KABENCH_RESULTS=$tmp/r plan/run-experiment "$tmp/tiny$$.exp" ACCEL=native >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$tmp/r"/*-tiny$$ 2>/dev/null | head -n 1)
why=
[ "$rc" -eq 0 ] || why=": $(tail -n 1 "$tmp/err")"
check "make bench ACCEL=native beside a held lock: exit 0 (exit $rc$why)" [ "$rc" -eq 0 -a -n "$run" ]
check "... it says for whom it waits ($(grep -m 1 waiting "$tmp/err"))" \
	grep -q "^kabench: waiting for test holder (pid [0-9]*, since [0-9:]* UTC) to finish timing this host" "$tmp/err"
check "... and timed nothing before the holder let go (every cell's samples are newer than its release)" \
	sh -c '[ -f "$1/released" ] && [ "$(ls "$2"/boots/*/bench.csv | wc -l)" -ge 1 ] && [ -z "$(find "$2/boots" -name bench.csv ! -newer "$1/released")" ]' - "$tmp" "${run:-/nonexistent}"
check "... the lock names the run that held it last" grep -q "^make bench ACCEL=native into $run (pid" "$KABENCH_NATIVE_LOCK"
check "each cell's facts say what ran beside its timing (the kabench beside it: $(sed -n 's/^beside=//p' "${run:-/nonexistent}/boots/host-1/facts" 2>/dev/null))" \
	grep -Eq "^beside=qemu [0-9]+, kabench workers [1-9][0-9]*, compilers [0-9]+$" "${run:-/nonexistent}/boots/host-1/facts"
