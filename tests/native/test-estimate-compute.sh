#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# native/estimate-compute's figures on trials written by hand, whose
# ratios are exact in binary: the median over an odd and an even number
# of trials, the spread (the largest distance of a trial's ratio from the
# median), the ns medians, and the settled rule at its edges (3 trials or
# more, a spread under the target: equal is not under).
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# One plan row timed directly (base item a, new item b), one without an
# expression (no estimate: "-").
{
	echo "group,label,base_variant,base_test,new_variant,new_test,role,base_expr,new_expr,why"
	echo "seed 001,x vs y,A,a,B,b,estimate,a*1,b*1,"
	echo "seed 002,none,A,c,B,c,estimate,,,no proxy"
} >"$tmp/plan.csv"
# trial N: a's and b's lowest ns. base_ns / new_ns: 1.5, 2, 2.5, 4.
n=0
for ab in "150 100" "200 100" "250 100" "400 100"; do
	n=$((n + 1))
	set -- $ab
	printf 'item,lowest_ns,median_ns,rounds,batch\na,%s,%s,100,1\nb,%s,%s,100,1\n' "$1" "$1" "$2" "$2" >"$tmp/trial-$n.csv"
done
est() {	# est TARGET TRIAL...: the first row's figures
	t=$1; shift
	native/estimate-compute "$tmp/plan.csv" "$t" "$@" >"$tmp/est.csv" 2>"$tmp/err" || { echo "exit $?: $(head -n 1 "$tmp/err")"; return; }
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } NR == 2 {
		print $c["estimate_pct"], $c["spread_pct"], $c["trials"], $c["settled"], $c["base_ns"], $c["new_ns"] }' "$tmp/est.csv"
}
trials() { for i in "$@"; do printf '%s ' "$tmp/trial-$i.csv"; done; }
# shellcheck disable=SC2046
{
check "3 trials (1.5, 2, 2.5): median +100.00%, spread 25.00%, ns medians 200 and 100" \
	[ "$(est 50 $(trials 1 2 3))" = "100.00 25.00 3 yes 200.00 100.00" ]
check "3 trials, spread 25% and target 25: not settled (equal is not under)" [ "$(est 25 $(trials 1 2 3) | cut -d' ' -f4)" = no ]
check "3 trials, spread 25% and target 25.01: settled" [ "$(est 25.01 $(trials 1 2 3) | cut -d' ' -f4)" = yes ]
check "2 trials (1.5, 2): median of an even count +75.00%, spread 14.29%, never settled, even at target 50" \
	[ "$(est 50 $(trials 1 2))" = "75.00 14.29 2 no 175.00 100.00" ]
check "4 trials (1.5, 2, 2.5, 4): median +125.00%, spread 77.78%, base ns median 225" \
	[ "$(est 80 $(trials 1 2 3 4))" = "125.00 77.78 4 yes 225.00 100.00" ]
check "the trials' order does not move the figures" [ "$(est 80 $(trials 4 2 1 3))" = "125.00 77.78 4 yes 225.00 100.00" ]
}
check "a row without an expression gets '-' in every figure" \
	sh -c 'awk -F, "NR == 3" "$1" | grep -q ",-,-,-,-,-,-$"' - "$tmp/est.csv"
printf 'item,lowest_ns,median_ns,rounds,batch\na,150,150,100,1\n' >"$tmp/short.csv"
expect_exit 2 "a trial without the item b exits 2" native/estimate-compute "$tmp/plan.csv" 2 "$tmp/short.csv"
printf 'item,lowest_ns,median_ns,rounds\na,150,150,100\n' >"$tmp/head.csv"
expect_exit 2 "a trial whose header is one column short exits 2" native/estimate-compute "$tmp/plan.csv" 2 "$tmp/head.csv"
