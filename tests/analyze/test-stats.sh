#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# analyze/stats.c at its exact boundaries (tests/analyze/stats-unit.c).
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! cc -std=gnu11 -Wall -Wextra -O2 -o "$tmp/stats-unit" tests/analyze/stats-unit.c analyze/stats.c -lm 2>"$tmp/cc.err"; then
	fail "build tests/analyze/stats-unit.c: $(head -n 3 "$tmp/cc.err" | tr '\n' ' ')"
	exit 1
fi
echo "plan 14"
"$tmp/stats-unit"
