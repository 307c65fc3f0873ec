#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make clean leaves a clone as git found it: what the build made (build/,
# the programs built beside their sources) goes, nothing else does.
# kernel-free: it builds a few programs in a clone; no kernel.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "plan 3"
if ! git clone -q . "$tmp/c" 2>"$tmp/err"; then
	fail "git clone of this checkout: $(head -n 1 "$tmp/err")"
	exit 1
fi
(cd "$tmp/c" && make -s build/bench/kabench build/guest/parse-console build/guest/console-times build/analyze/compare >/dev/null 2>&1)
check "the clone built its programs (build/bench/kabench, build/analyze/compare)" \
	sh -c '[ -x "$1/build/bench/kabench" ] && [ -x "$1/build/analyze/compare" ]' - "$tmp/c"
(cd "$tmp/c" && make -s clean >/dev/null 2>&1)
left=$(cd "$tmp/c" && git status --porcelain --ignored)
check "after make clean, git status --ignored is empty${left:+ (left: $(echo "$left" | head -n 3 | paste -sd' '))}" [ -z "$left" ]
check "... and every tracked file is still there" sh -c 'cd "$1" && [ -z "$(git ls-files --deleted)" ]' - "$tmp/c"
