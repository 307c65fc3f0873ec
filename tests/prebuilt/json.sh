# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# The documented shapes of results.json and compare.json (results/README.md)
# as jq programs, and check_json DIR: DIR's JSON files have those shapes and
# hold what its summary.csv and compare.csv say. Sourced by the tests.
RESULTS_SHAPE='type == "array" and length > 0 and all(.[];
	(keys == ["extra", "name", "range", "unit", "value"]) and (.name | type == "string")
	and .unit == "ops/s" and (.value | type == "number") and (.range | type == "string" and startswith("± "))
	and (.extra | type == "string"))'
COMPARE_SHAPE='def side: (keys == ["boots", "kernel", "max", "mean", "min", "stddev", "testcase", "variant"])
	and (.variant | type == "string") and (.mean | type == "number") and (.boots | type == "number");
	type == "array" and length > 0 and all(.[];
	(.group | type == "string") and (.label | type == "string") and (.accel | type == "string")
	and (.qemu_cpu | type == "string") and (.tasks | type == "number") and (.base | side) and (.new | side)
	and (.change_pct | type == "number") and (.p_value == null or (.p_value | type == "number"))
	and ([.verdict] | inside(["improved", "regressed", "no change", "can'"'"'t tell"]))
	and (.interval_pct == null or (.interval_pct | type == "array" and length == 2 and .[0] <= .[1]))
	and (.interval_level | type == "number") and ([.interval_method] | inside(["welch", "rank", "paired"]))
	and (.min_effect_pct | type == "number") and (.alpha | type == "number")
	and (.published_pct == null or (.published_pct | type == "number")))'
jq_true() { jq -e "$1" "$2" >/dev/null; }
check_json() {
	check "results.json has the customBiggerIsBetter shape ({name, unit, value, range, extra} per cell)" \
		jq_true "$RESULTS_SHAPE" "$1/results.json"
	check "results.json: one entry per cell of summary.csv, names unique, values the means" sh -c '
		[ "$(jq length "$1/results.json")" -eq $(($(wc -l <"$1/summary.csv") - 1)) ] &&
		[ "$(jq -r ".[].name" "$1/results.json" | sort -u | wc -l)" -eq "$(jq length "$1/results.json")" ] &&
		[ "$(jq -r ".[].value" "$1/results.json" | awk "{ printf \"%.1f \", \$1 }")" = "$(awk -F, "NR == 1 { for (i = 1; i <= NF; i++) if (\$i == \"mean\") m = i; next } { printf \"%.1f \", \$m }" "$1/summary.csv")" ]' - "$1"
	check "compare.json has the documented shape (pair, both sides, change_pct, p_value, verdict)" \
		jq_true "$COMPARE_SHAPE" "$1/compare.json"
	check "compare.json: one object per pair of compare.csv, same %change and verdict" sh -c '
		jq -r ".[] | [.group, .label, .change_pct + 0, .verdict] | @tsv" "$1/compare.json" >"$1/j.tsv" &&
		awk -F, -v OFS="\t" "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; next } { print \$c[\"group\"], \$c[\"label\"], \$c[\"change_pct\"] + 0, \$c[\"verdict\"] }" "$1/compare.csv" >"$1/c.tsv" &&
		cmp -s "$1/j.tsv" "$1/c.tsv"; r=$?; rm -f "$1/j.tsv" "$1/c.tsv"; exit $r' - "$1"
}
