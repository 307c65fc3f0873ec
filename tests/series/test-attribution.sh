#!/bin/sh
# Per-patch attribution of a three-patch series on 6.1 (tests/series/6.1-series3:
# a comment in fs/stat.c, the seed-001 short-cut, a comment in fs/read_write.c),
# measured under icount with one boot per prefix: the whole fstatat_empty
# change lands on patch 2, none on 1 and 3, and the rows add up to the total.
# The variant lives in a scratch variants folder; its prefix builds stay in
# the kernel cache (content-keyed); the run folder is removed.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
# Runs go to a scratch results folder, never the repository's results/.
export KABENCH_RESULTS=$tmp/results
run=
trap 'rm -rf "$tmp" ${run:+"$run"}' EXIT
mkdir "$tmp/variants" && cp -r tests/series/6.1-series3 kernel-patches/variants/6.1 "$tmp/variants/"
export KABENCH_VARIANTS_DIR="$tmp/variants"

t0=$(date +%s)
series/run-series 6.1-series3 smoke TESTS=fstatat_empty,fstat REPEATS=1 ACCEL=icount >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(sed -n 's/^\[[0-9:]*\] done: //p' "$tmp/err" | tail -n 1)
check "run-series 6.1-series3 succeeds" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 20 "$tmp/err"
echo "# run-series: $(( $(date +%s) - t0 )) s"
check "the run folder has series.csv, series.txt and a waterfall in PNG and SVG" \
	sh -c "[ -s '$run/series.csv' ] && [ -s '$run/series.txt' ] && [ -s '$run/series-1.png' ] && [ -s '$run/series-1.svg' ]"
sed -n '/per-patch attribution, fstatat_empty/,/^$/p' "$tmp/out" | sed 's/^/# /'

# field ROW COLUMN: series.csv's fstatat_empty row ROW (1..3 or total), by column name.
field() {
	awk -F, -v r="$1" -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == "fstatat_empty" && $c["row"] == r { print $c[col] }' "$run/series.csv"
}
check "one row per patch and a total" \
	sh -c "[ \"\$(awk -F, '\$1 == \"fstatat_empty\"' '$run/series.csv' | wc -l)\" = 4 ]"
check "patch 2 (the short-cut) changes fstatat_empty (+50% or more)" \
	awk -v x="$(field 2 step_pct)" -v v="$(field 2 verdict)" 'BEGIN { x += 0; exit !(x > 50 && v == "changed") }'
for r in 1 3; do
	check "patch $r (comment only) is 'no change' (under 1%)" \
		awk -v x="$(field $r step_pct)" -v v="$(field $r verdict)" 'BEGIN { exit !(x != "" && x + 0 < 1 && x + 0 > -1 && v == "no change") }'
done
check "patch 2 carries the whole change (over 99% of the instructions/op saved)" \
	awk -v s="$(field 2 share_pct)" 'BEGIN { s += 0; exit !(s > 99 && s < 101) }'
check "the rows' points add up to the series' %change" \
	awk -v a="$(field 1 points)" -v b="$(field 2 points)" -v c="$(field 3 points)" -v t="$(field total points)" \
	'BEGIN { t += 0; d = a + b + c - t; exit !(t > 50 && d < 0.001 && d > -0.001) }'
check "the rows' instructions/op add up to the series' difference" \
	awk -v a="$(field 1 delta_ipo)" -v b="$(field 2 delta_ipo)" -v c="$(field 3 delta_ipo)" -v t="$(field total delta_ipo)" \
	'BEGIN { t += 0; d = a + b + c - t; exit !(t < -100 && d < 0.01 && d > -0.01) }'
check "the table says the rows add up and names the patch's subject" \
	sh -c "grep -q 'rows add up to the total: yes' '$tmp/out' && grep -q '^ *2 .*changed  *[a-z ]*  *fs/stat: short-cut fstatat' '$tmp/out'"
check "fstat (not touched by the series) moves by under 1% in every row" \
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == "fstat" { n++; if ($c["step_pct"] >= 1 || $c["step_pct"] <= -1) bad++ } END { exit !(n == 4 && !bad) }' "$run/series.csv"

# Bad input: one line naming the value, exit 2, nothing run.
n=$(ls "$KABENCH_RESULTS" 2>/dev/null | wc -l)
expect_exit 2 "run-series: unknown variant exits 2" series/run-series no-such-variant smoke
check "run-series: the unknown variant is named in one line" \
	sh -c 'series/run-series no-such-variant smoke 2>&1 >/dev/null | { read -r l && ! read -r x && echo "$l" | grep -q no-such-variant; }'
expect_exit 2 "run-series: a prefix instead of a variant exits 2" series/run-series 6.1-series3~1 smoke
expect_exit 2 "run-series: unknown experiment exits 2" series/run-series 6.1-series3 no-such-exp
expect_exit 2 "run-series: COMPARE= exits 2" series/run-series 6.1-series3 smoke COMPARE=6.1:6.1-fstat
expect_exit 2 "run-series: a variant without patches exits 2" series/run-series 6.1 smoke
check "bad input made no results folder" [ "$(ls "$KABENCH_RESULTS" 2>/dev/null | wc -l)" -eq "$n" ]
