#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# may-skip-all: it mounts small tmpfs folders, which needs root
# A results disk that is too small or fills up: the run is refused before
# its folder exists, or stops saying to free space and RESUME, and RESUME
# finishes it once there is room. Needs root to mount small tmpfs folders.
. tests/lib.sh
if [ "$(id -u)" != 0 ]; then
	skip "full results disk: mounting a small tmpfs needs root"
	exit 0
fi
echo "plan 7"
tmp=$(mktemp -d)
cleanup() { [ -n "${KEEP:-}" ] && cat "$tmp"/err*; umount "$tmp/small" "$tmp/disk" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
mkdir "$tmp/small" "$tmp/disk"
mount -t tmpfs -o size=9m tmpfs "$tmp/small" && mount -t tmpfs -o size=64m tmpfs "$tmp/disk" ||
	{ fail "mount the tmpfs folders"; exit 1; }

KABENCH_RESULTS=$tmp/small plan/run-experiment smoke REPEATS=1 >/dev/null 2>"$tmp/err1"
rc=$?
check "9 MB of results disk: refused before the run (exit $rc)" [ $rc -eq 1 ]
check "... in one line naming the free space and the need: $(tail -n 1 "$tmp/err1")" \
	grep -q "^kabench: $tmp/small has [0-9]* MB free; this run (2 cells) needs about [0-9]* MB" "$tmp/err1"
check "... and no run folder was made" [ -z "$(ls -A "$tmp/small")" ]

KABENCH_RESULTS=$tmp/disk plan/run-experiment smoke REPEATS=1 >/dev/null 2>"$tmp/err2"
run=$(ls -d "$tmp/disk"/*-smoke 2>/dev/null | head -n 1)
check "64 MB: the run completes ($(tail -n 1 "$tmp/err2"))" [ -n "$run" -a -s "$run/report.md" ]
# The disk fills up; RESUME (which collects the samples again) stops saying so.
# Filled after the removal: no room is left for what RESUME writes (the
# files it rewrites as they were, profile-summary.csv say, may take none).
rm -f "$run/samples.csv" "$run/report.md"
dd if=/dev/zero of="$tmp/disk/filler" bs=1M 2>/dev/null
dd if=/dev/zero of="$tmp/disk/filler2" bs=4k 2>/dev/null
plan/run-experiment RESUME="$run" >/dev/null 2>"$tmp/err3"
rc=$?
check "a full disk stops RESUME (exit $rc) with one line: free space, then RESUME" \
	sh -c '[ "$1" -ne 0 ] && grep -q "^kabench: the results disk is full .*free space, then finish it with: make bench RESUME=$2$" "$3"' - "$rc" "$run" "$tmp/err3"
rm -f "$tmp/disk/filler" "$tmp/disk/filler2"
plan/run-experiment RESUME="$run" >/dev/null 2>"$tmp/err4"
rc=$?
check "with room again, RESUME finishes it (exit $rc)" [ $rc -eq 0 -a -s "$run/report.md" ]
check "... with every sample back" [ "$(wc -l <"$run/samples.csv")" -gt 1 ]
