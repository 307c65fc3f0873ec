#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# after-foreground: it builds kernels, which disturb the foreground's icount replays.
# make bisect on the three-patch series names patch 2 (the seed-001
# short-cut) from one icount boot per step; on a series whose patch 2 does
# not build (tests/series/6.1-series-broken: comment, #error, its removal,
# the short-cut) the prefix is named, skipped as git bisect skip does, and
# patch 4 is found; the series run names it too and counts patches 2-3 as one.
# Scratch variants folder; the builds stay cached, the failed one (kept by
# kernel-patches/build: its compiler error is in a file the patch changes)
# is removed at the start and the end, so that each run builds it once.
. tests/lib.sh
# Cells are copied from the tests' earlier boots with the same inputs
# (boot/reuse), as make bench does by default: its figures compare prefixes, never two boots of one kernel.
unset KABENCH_FRESH
tmp=$(mktemp -d) || exit 2
# Runs go to a scratch results folder, never the repository's results/.
export KABENCH_RESULTS=$tmp/results
run=
cleanup() {
	# the prefix that does not build: its kept failure goes (the folder,
	# or the link and the folder of the same sources it names)
	b=$(kernel-patches/build --where 6.1-series-broken~2 2>/dev/null) && rm -rf "$(readlink -f "$b")" "$b"
	rm -rf "$tmp" ${run:+"$run"}
}
trap cleanup EXIT
mkdir "$tmp/variants" && cp -r tests/series/6.1-series3 tests/series/6.1-series-broken "$tmp/variants/"
export KABENCH_VARIANTS_DIR="$tmp/variants"
# The prefix that does not build is built for real once a run (bisect),
# then met as a kept failure (the series run).
broken=$(kernel-patches/build --where 6.1-series-broken~2)
rm -rf "$(readlink -f "$broken")" "$broken"

# The guest CPU is that of the experiment's compare line for the variant.
sed 's/^compare .*/compare 6.1 6.1-series3 fstatat_empty mask=fsrm/' bench/experiments/smoke.exp >"$tmp/series3.exp"
t0=$(date +%s)
make -s bisect VARIANT=6.1-series3 TESTS=fstatat_empty THRESHOLD=5 EXPERIMENT="$tmp/series3.exp" >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "# make bisect 6.1-series3: $(( $(date +%s) - t0 )) s"
sed 's/^/# /' "$tmp/out"
check "make bisect succeeds" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 20 "$tmp/err"
check "it names patch 2, the short-cut" \
	grep -q '^first patch that changes fstatat_empty by more than 5%: 2 0002-fs-stat-short-cut-fstatat-AT_EMPTY_PATH.patch' "$tmp/out"
check "it prints the figures on both sides (6.1-series3~1 before, ~2 after, +50% or more)" \
	awk '$1 == "before:" && $2 == "6.1-series3~1" { b = $3 } $1 == "after:" && $2 == "6.1-series3~2" { a = $3 }
		END { exit !(b > 0 && a > 1.5 * b) }' "$tmp/out"
check "it tried at most 1 + ceil(log2(3)) + 1 = 4 prefixes" \
	sh -c "grep -q '^  [1-4] prefixes tried of 4$' '$tmp/out'"
check "it boots and names the compare line's CPU (-cpu max -fsrm)" \
	grep -q '^  guest CPU: -cpu max -fsrm (the compare line 6.1 -> 6.1-series3 of series3)$' "$tmp/out"
check "it states its rule" grep -q '^  rule: a prefix is bad when its figure (ops over measured time, as summarize) differs from the base.s by more than 5%$' "$tmp/out"

t0=$(date +%s)
series/bisect 6.1-series-broken fstatat_empty 5 >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "# bisect 6.1-series-broken: $(( $(date +%s) - t0 )) s"
check "without a compare line for the variant it says whose CPU it boots" \
	grep -q "^  guest CPU: -cpu max -erms -fsrm (seeds's cpu and mask: no compare line of it has 6.1-series-broken with fstatat_empty)$" "$tmp/out"
sed 's/^/# /' "$tmp/out"
check "bisect over a prefix that does not build succeeds" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 20 "$tmp/err"
check "the prefix that does not build is skipped and its patch named" \
	grep -q 'step [0-9]*: 6.1-series-broken~2: skipped, does not build or boot (patch 2 0002-fs-read_write-does-not-compile.patch' "$tmp/out"
check "the bisection still names patch 4, the short-cut" \
	grep -q '^first patch that changes fstatat_empty by more than 5%: 4 0004-' "$tmp/out"

t0=$(date +%s)
plan/run-experiment smoke SERIES=6.1-series-broken TESTS=fstatat_empty REPEATS=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(sed -n 's/^\[[0-9:]*\] done: //p' "$tmp/err" | tail -n 1)
echo "# make series 6.1-series-broken: $(( $(date +%s) - t0 )) s"
check "make series with a prefix that does not build still measures the others" [ $rc -eq 0 -a -s "$run/series.csv" ]
check "make series names the patch that does not build" \
	grep -q '6.1-series-broken~2 does not build: patch 2 0002-fs-read_write-does-not-compile.patch' "$tmp/err"
check "bisect kept its failure: the build log and the error, no tree" \
	sh -c 'grep -q "^fs/read_write.c:[0-9]*:[0-9]*: error: #error" "$1/failed" && [ -s "$1/build.log" ] && [ ! -e "$1/linux" ]' - "$broken"
check "make series did not build it again: the same inputs failed before, the error named" \
	grep -q '6.1-series-broken~2-minimal: build failed before with these same inputs, not tried again: fs/read_write.c:[0-9]*:[0-9]*: error: #error' "$tmp/err"
check "its row covers patches 2-3 and says patch 2 does not build" \
	grep -q '^ *2-3 .*no change.*does not compile .*\[does not build\] + ' "$tmp/out"
# Prefixes with the same sources are one build: ~3 (the error taken out
# again) is ~1's, and both are 6.1-series3~1's (the same comment in
# fs/stat.c); ~4 is 6.1-series3~2's (that comment and the short-cut).
built() { readlink -f "$(kernel-patches/build --where "$1")"; }
check "the same sources are one build: broken~1, broken~3 and series3~1" \
	sh -c '[ -f "$1/done" ] && [ "$1" = "$2" ] && [ "$1" = "$3" ]' - "$(built 6.1-series-broken~1)" "$(built 6.1-series-broken~3)" "$(built 6.1-series3~1)"
check "... and broken~4 and series3~2, but not series3~1" \
	sh -c '[ -f "$1/done" ] && [ "$1" = "$2" ] && [ "$1" != "$3" ]' - "$(built 6.1-series-broken~4)" "$(built 6.1-series3~2)" "$(built 6.1-series3~1)"
check "the short-cut's row is still patch 4 alone" grep -q '^ *4 .*changed  *[^ ].*  *fs/stat: short-cut' "$tmp/out"

expect_exit 2 "bisect: a bad threshold exits 2" series/bisect 6.1-series3 fstatat_empty -5
expect_exit 2 "bisect: an unknown testcase exits 2" series/bisect 6.1-series3 no_such_test 5
expect_exit 2 "bisect: an unknown variant exits 2" series/bisect no-such-variant fstatat_empty 5
expect_exit 2 "make bisect without THRESHOLD exits 2" make -s bisect VARIANT=6.1-series3 TEST=fstatat_empty
err=$(make -s bisect VARIANT=6.1-series3 TEST=fstatat_empty 2>&1 >/dev/null)
check "make bisect TEST= (the old name of TESTS=) says so" sh -c 'echo "$1" | grep -q "^kabench: make bisect TEST= is now TESTS="' - "$err"
expect_exit 2 "make bisect TESTS= of two testcases exits 2" make -s bisect VARIANT=6.1-series3 TESTS=fstat,getppid THRESHOLD=5
