# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# results.json and compare.json (report/write-json) against the shapes
# results/README.md documents, on the committed reference run's CSV (no
# boot); tests/prebuilt/test-baseline.sh checks a real run's files too.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/prebuilt/json.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp results/reference/summary.csv results/reference/compare.csv "$tmp/"
check "write-json writes results.json and compare.json" sh -c 'report/write-json "$1" && [ -s "$1/results.json" ] && [ -s "$1/compare.json" ]' - "$tmp"
check_json "$tmp"
# The check can fail: a value as a string, a missing field, a bad verdict.
sed '0,/"value": /s/"value": \([0-9.]*\)/"value": "\1"/' "$tmp/results.json" >"$tmp/bad.json"
check "the shape check rejects a value given as a string" sh -c '! jq -e "$1" "$2" >/dev/null' - "$RESULTS_SHAPE" "$tmp/bad.json"
sed '0,/"unit": "ops\/s", /s///' "$tmp/results.json" >"$tmp/bad.json"
check "the shape check rejects an entry without unit" sh -c '! jq -e "$1" "$2" >/dev/null' - "$RESULTS_SHAPE" "$tmp/bad.json"
sed '0,/"verdict": "[a-z ]*"/s//"verdict": "better"/' "$tmp/compare.json" >"$tmp/bad.json"
check "the shape check rejects an unknown verdict" sh -c '! jq -e "$1" "$2" >/dev/null' - "$COMPARE_SHAPE" "$tmp/bad.json"
# A field holding a quote or backslash stays valid JSON.
awk -F, -v OFS=, 'NR == 2 { $2 = "6.1 \"odd\\\\name\"" } 1' results/reference/summary.csv >"$tmp/summary.csv"
report/write-json "$tmp"
check "a quote and a backslash in a field are escaped (jq reads it back)" \
	sh -c 'jq -r ".[0].extra" "$1" | grep -qF "kernel 6.1 \"odd\\\\name\";"' - "$tmp/results.json"
