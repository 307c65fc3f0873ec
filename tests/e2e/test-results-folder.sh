#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A results folder kabench cannot use is refused in one line before any
# kernel is built: a path with a space (GNU parallel would split a cell's
# command there: every boot failed), and a read-only folder (the run
# folder's mkdir was retried every second, forever, printing nothing).
# kernel-free: both are refused before the kernels (an empty cache stays empty)
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'umount "$tmp/ro" 2>/dev/null; rm -rf "$tmp"' EXIT
make -s build/bench/kabench build/guest/init build/guest/parse-console build/guest/console-times >/dev/null 2>&1

env KABENCH_CACHE=$tmp/cache "KABENCH_RESULTS=$tmp/with space" timeout 60 make -s bench EXPERIMENT=smoke \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
space_ok() { [ $rc -ne 0 ] && grep -q "KABENCH_RESULTS '$tmp/with space'" "$tmp/err" &&
	[ "$(grep -c '^kabench' "$tmp/err")" -eq 1 ] && [ ! -e "$tmp/with space" ] && [ ! -e "$tmp/cache" ]; }
check "a results path with a space is refused in one line, nothing made (exit $rc)" space_ok

mkdir "$tmp/ro"
if mount -t tmpfs -o ro,size=1m kabench-ro "$tmp/ro" 2>/dev/null; then
	KABENCH_CACHE=$tmp/cache KABENCH_RESULTS=$tmp/ro timeout 60 make -s bench EXPERIMENT=smoke \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	ro_ok() { [ $rc -ne 0 ] && grep -q "^kabench: cannot write in the results folder $tmp/ro .*Read-only file system" "$tmp/err" &&
		[ ! -e "$tmp/cache" ]; }
	check "a read-only results folder is refused at once, nothing built (exit $rc: $(grep '^kabench' "$tmp/err" | head -n 1))" ro_ok
	umount "$tmp/ro"
else
	skip "read-only results folder: cannot mount a read-only tmpfs here"
fi
