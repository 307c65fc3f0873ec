# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# The verdict rule of compare under icount (Welch's interval against a
# minimum effect) on summary rows written by hand, and analyze/check-regression's exit codes.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/compare || { fail "build compare"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each case is a pair of cells "bN -> nN"; rows: variant mean stddev boots.
{
	summary_head
	# p-values with a closed form or a table value:
	#  1: n 2 + 2, sd 1 + 1: t = 2, df = 2, p = 1 - 2/sqrt(6) = 0.183503
	summary_row b1 100 1 2; summary_row n1 102 1 2
	#  2: n 2 + 3, sd sqrt(2) + 0: t = 1, df = 1 (Cauchy), p = 1 - 2 atan(1)/pi = 0.5
	summary_row b2 100 1.41421356237 2; summary_row n2 101 0 3
	#  3: n 6 + 6, sd sqrt(3): t = 2.228139, df = 10, p = 0.05 (t table, 97.5%)
	summary_row b3 1000 1.73205080757 6; summary_row n3 1002.228139 1.73205080757 6
	#  4: n 3 + 3, sd 10 + 10, 110 -> 160: t = 6.1237, df = 4, p = 0.003602
	summary_row b4 110 10 3; summary_row n4 160 10 3
	#  5: stddev 0 on both sides, a difference: p = 0
	summary_row b5 1000 0 3; summary_row n5 1020 0 3
	#  6: one boot: no p-value
	summary_row b6 100 0 1; summary_row n6 150 0 3
	# verdicts at the boundaries (minimum effect 1%, alpha 0.05):
	#  7: +0.99%, p = 0: no change
	summary_row b7 1000 0 3; summary_row n7 1009.9 0 3
	#  8: +1.00%, p = 0: improved        9: -1.00%, p = 0: regressed
	summary_row b8 1000 0 3; summary_row n8 1010 0 3
	summary_row b9 1000 0 3; summary_row n9 990 0 3
	# 10: +4.55%, p 0.57: can't tell    11: 160 -> 110 (-31%), p 0.0036: regressed
	summary_row b10 110 10 3; summary_row n10 115 10 3
	summary_row b11 160 10 3; summary_row n11 110 10 3
	# 12: bit-exact icount, +0.001% with p < 1e-6: no change
	summary_row b12 2002440 0.1 3; summary_row n12 2002460 0.1 3
	# 13: the same figure on both sides: no change
	summary_row b13 500 0 3; summary_row n13 500 0 3
	# 14: exactly +50% (150/100 - 1 is exact in binary), for --min-effect 50
	summary_row b14 100 0 3; summary_row n14 150 0 3
	# 15: a base whose mean is 0 has no %change: no row
	summary_row b15 0 0 3; summary_row n15 100 0 3
	# 16: 115 -> 110.4 (-4.00%), sd 10: can't tell
	summary_row b16 115 10 3; summary_row n16 110.4 10 3
	# 17: -0.99%, p = 0: no change (a drop under the minimum effect)
	summary_row b17 1000 0 3; summary_row n17 990.1 0 3
	# cells apart in one axis (100 and 200 on both sides, the new side in
	# the other order): each pairs with its own twin only, +0.00% twice
	for axis in mode tasks profile accel cpu_model qemu_cpu; do
		for v in b n; do
			for x in 1 2; do
				[ $v = n ] && x=$((3 - x))
				m=processes t=1 p=minimal a=icount c="Test CPU" q=max
				case $axis in
				mode) [ $x = 2 ] && m=threads ;; tasks) [ $x = 2 ] && t=2 ;;
				profile) [ $x = 2 ] && p=distro ;; accel) [ $x = 2 ] && a=tcg ;;
				cpu_model) [ $x = 2 ] && c="Other CPU" ;; qemu_cpu) [ $x = 2 ] && q="max -erms" ;;
				esac
				echo "$v$axis,k,$p,$a,$c,t,$m,$t,3,3,${x}00,${x}00,0,${x}00,${x}00,${x}00,$q"
			done
		done
	done
} >"$tmp/summary.csv"
{
	pair_head
	for i in $(seq 1 17); do pair_row b$i n$i; done
	for axis in mode tasks profile accel cpu_model qemu_cpu; do pair_row b$axis n$axis; done
} >"$tmp/pairs.csv"

build/analyze/compare "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/compare.csv"
p() { pick "$tmp/compare.csv" p_value group="b$1 -> n$1"; }
verdict() { pick "$tmp/compare.csv" verdict group="b$1 -> n$1"; }
close() { awk -v x="$1" -v y="$2" -v tol="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) <= tol) }'; }

check "Welch p, t = 2 with 2 degrees of freedom: 0.1835 (1 - 2/sqrt(6))" close "$(p 1)" 0.183503 0.00005
check "Welch p, t = 1 with 1 degree of freedom: 0.5 (Cauchy)" close "$(p 2)" 0.5 0.00005
check "Welch p, t = 2.228139 with 10 degrees of freedom: 0.05 (t table)" close "$(p 3)" 0.05 0.00001
check "Welch p, 110±10 -> 160±10 over 3 boots each: 0.003602" close "$(p 4)" 0.003602 0.000001
check "stddev 0 on both sides and a difference: p = 0" [ "$(p 5)" = 0 ]
check "one boot: no p-value" [ -n "$(verdict 6)" -a -z "$(p 6)" ]

check "+0.99% with p = 0 is no change (below the 1% minimum effect)" [ "$(verdict 7)" = "no change" ]
check "+1.00% with p = 0 is improved" [ "$(verdict 8)" = "improved" ]
check "-1.00% with p = 0 is regressed" [ "$(verdict 9)" = "regressed" ]
check "+4.55% with p = 0.57 is can't tell" [ "$(verdict 10)" = "can't tell" ]
check "-31% with p = 0.0036 is regressed" [ "$(verdict 11)" = "regressed" ]
check "+50% from one boot is can't tell (no interval)" [ "$(verdict 6)/$(pick "$tmp/compare.csv" ci_lo_pct group="b6 -> n6")" = "can't tell/" ]
# Welch's interval of pair 4: 50 +- t(0.975, 4) x sqrt(100/3 + 100/3) over 110
check "Welch interval of 110±10 -> 160±10, 3 boots each: [+24.85, +66.06]" \
	[ "$(pick "$tmp/compare.csv" ci_lo_pct group="b4 -> n4") $(pick "$tmp/compare.csv" ci_hi_pct group="b4 -> n4")" = "+24.85 +66.06" ]
check "bit-exact boots (stddev 0) give a zero-width interval: +2.00 +2.00" \
	[ "$(pick "$tmp/compare.csv" ci_lo_pct group="b5 -> n5") $(pick "$tmp/compare.csv" ci_hi_pct group="b5 -> n5")" = "+2.00 +2.00" ]
check "under icount no false discovery rate is held (fdr_pairs empty), the method is welch" \
	[ "$(pick "$tmp/compare.csv" fdr_pairs group="b4 -> n4")/$(pick "$tmp/compare.csv" ci_method group="b4 -> n4")" = "/welch" ]
check "+0.001% under bit-exact icount is no change, though p < 1e-6" \
	sh -c '[ "$1" = "no change" ] && awk -v p="$2" "BEGIN { exit !(p < 1e-6) }"' - "$(verdict 12)" "$(p 12)"
check "the same figure on both sides is no change" [ "$(verdict 13)" = "no change" ]
check "the same figure on both sides has p = 1" [ "$(p 13)" = 1 ]
check "a base with mean 0 gives no row (no %change from 0)" [ -z "$(verdict 15)" -a -n "$(verdict 14)" ]
for axis in mode tasks profile accel cpu_model qemu_cpu; do
	ch=$(pick "$tmp/compare.csv" change_pct group="b$axis -> n$axis" | tr '\n' ' ')
	check "cells apart in $axis pair only with their twin (+0.00 twice: $ch)" [ "$ch" = "+0.00 +0.00 " ]
done
check "compare.csv names the rule's settings: min_effect_pct 1, alpha 0.05" \
	[ "$(pick "$tmp/compare.csv" min_effect_pct group="b1 -> n1")/$(pick "$tmp/compare.csv" alpha group="b1 -> n1")" = 1/0.05 ]

# The settings move the boundaries.
build/analyze/compare --min-effect 50 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/min50.csv"
check "--min-effect 50: +45% [+24.85, +66.06] crosses +50%: can't tell" [ "$(pick "$tmp/min50.csv" verdict group="b4 -> n4")" = "can't tell" ]
build/analyze/compare --min-effect 67 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/min67.csv"
check "--min-effect 67: +45% [+24.85, +66.06] inside ±67%: no change" [ "$(pick "$tmp/min67.csv" verdict group="b4 -> n4")" = "no change" ]
check "--min-effect 66: +45% [+24.85, +66.06] crosses +66%: can't tell" \
	[ "$(build/analyze/compare --min-effect 66 "$tmp/summary.csv" "$tmp/pairs.csv" | awk -F, '$1 == "b4 -> n4" { print $25 }')" = "can't tell" ]
check "--min-effect 50: exactly +50% is a change (improved)" [ "$(pick "$tmp/min50.csv" verdict group="b14 -> n14")" = "improved" ]
build/analyze/compare --min-effect 0 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/min0.csv"
check "--min-effect 0: +0.001% with p < 1e-6 is improved" [ "$(pick "$tmp/min0.csv" verdict group="b12 -> n12")" = "improved" ]
build/analyze/compare --alpha 0.001 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/alpha.csv"
check "--alpha 0.001: p = 0.0036 is can't tell (its 99.9% interval reaches below 0)" [ "$(pick "$tmp/alpha.csv" verdict group="b4 -> n4")" = "can't tell" ]
# Pair 1 (+2%, p = 0.183503) at alphas just under and just over its p,
# minimum effect 0: the interval's lower end crosses 0 where alpha = p.
build/analyze/compare --min-effect 0 --alpha 0.1835 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/alpha-lo.csv"
build/analyze/compare --min-effect 0 --alpha 0.1836 "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/alpha-hi.csv"
check "--alpha 0.1835, just under p = 0.183503: can't tell; --alpha 0.1836, just over: improved" \
	[ "$(pick "$tmp/alpha-lo.csv" verdict group="b1 -> n1")/$(pick "$tmp/alpha-hi.csv" verdict group="b1 -> n1")" = "can't tell/improved" ]
check "... and compare.csv's alpha column says which (0.1835, 0.1836)" \
	[ "$(pick "$tmp/alpha-lo.csv" alpha group="b1 -> n1")/$(pick "$tmp/alpha-hi.csv" alpha group="b1 -> n1")" = "0.1835/0.1836" ]
for bad in "--min-effect -1" "--min-effect x" "--alpha 0" "--alpha 1.5"; do
	expect_exit 2 "compare $bad exits 2" build/analyze/compare $bad "$tmp/summary.csv" "$tmp/pairs.csv"
done
err=$(build/analyze/compare --alpha 2 "$tmp/summary.csv" "$tmp/pairs.csv" 2>&1 >/dev/null)
check "... with one line naming the bad value" sh -c '[ "$(echo "$1" | wc -l)" -eq 1 ] && echo "$1" | grep -q "alpha .2."' - "$err"

# make report takes MIN_EFFECT from the command line, else the run's
# experiment.exp min_effect, else 1.
mkdir "$tmp/run"
cp tests/report/fixture/samples.csv tests/report/fixture/experiment.exp "$tmp/run/"
verdict_run() { pick "$tmp/run/compare.csv" verdict group="A -> B" label=fstatat_empty; }
plan/run-experiment REPORT="$tmp/run" >/dev/null 2>&1
check "make report: +45% is improved with the default 1%" [ "$(verdict_run)" = improved ]
echo "min_effect 70" >>"$tmp/run/experiment.exp"
plan/run-experiment REPORT="$tmp/run" >/dev/null 2>&1
check "make report: the experiment's min_effect 70 makes +45% [+24.85, +66.06] no change" [ "$(verdict_run)" = "no change" ]
plan/run-experiment REPORT="$tmp/run" MIN_EFFECT=2 >/dev/null 2>&1
check "make report MIN_EFFECT=2 overrides the experiment's min_effect" [ "$(verdict_run)" = improved ]
MIN_EFFECT=2 make -s report RUN="$tmp/run" >/dev/null 2>&1
check "MIN_EFFECT exported in the environment is not read (the experiment's 70 holds)" [ "$(verdict_run)" = "no change" ]
make -s report RUN="$tmp/run" MIN_EFFECT=2 >/dev/null 2>&1
check "make report RUN=... MIN_EFFECT=2 on the make command line overrides it" [ "$(verdict_run)" = improved ]
check "report.md and table.txt state the rule with the run's minimum effect (under 2%)" \
	sh -c 'r=$(build/analyze/compare --min-effect 2 --rule) && case $r in *"under 2%"*) ;; *) exit 1 ;; esac &&
		grep -qF "| significance | $r |" "$1/report.md" && grep -qxF "verdict: $r" "$1/table.txt"' - "$tmp/run"
cp "$tmp/run/compare.csv" "$tmp/compare.before"
expect_exit 2 "make report MIN_EFFECT=x exits 2" plan/run-experiment REPORT="$tmp/run" MIN_EFFECT=x
check "... and leaves compare.csv as it was" cmp -s "$tmp/compare.before" "$tmp/run/compare.csv"

# check-regression COMPARE_CSV N: 0 none, 1 one line per pair, 2 bad input.
# Pairs 9 (-1.00%) and 11 (-31.25%) regressed; a seed row that regressed
# (two testcases of one kernel) does not count.
{ cat "$tmp/pairs.csv"; echo "seed 001,real fstat vs patched fstat,b11,t,n11,t,12.00"; } >"$tmp/pairs-seed.csv"
build/analyze/compare "$tmp/summary.csv" "$tmp/pairs-seed.csv" >"$tmp/compare-seed.csv"
cr() { analyze/check-regression "$@" 2>&1; echo "exit $?"; }
check "check-regression 40: nothing regressed by more than 40%: exit 0, silent" [ "$(cr "$tmp/compare-seed.csv" 40)" = "exit 0" ]
out=$(cr "$tmp/compare-seed.csv" 5)
check "check-regression 5: exit 1 with one line, naming b11 -> n11 and -31.25%" \
	sh -c '[ "$(echo "$1" | tail -n 1)" = "exit 1" ] && [ "$(echo "$1" | wc -l)" -eq 2 ] && echo "$1" | grep -q "^regressed: b11 -> n11, t, .*-31.25%"' - "$out"
out=$(cr "$tmp/compare-seed.csv" 0.5)
check "check-regression 0.5: exit 1 with a line for each of the 2 pairs" \
	sh -c '[ "$(echo "$1" | tail -n 1)" = "exit 1" ] && [ "$(echo "$1" | grep -c "^regressed: ")" -eq 2 ] && ! echo "$1" | grep -q seed' - "$out"
v16=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["base_variant"] == "b16" { printf "%.2f %s", $c["change_pct"], $c["verdict"] }' "$tmp/compare-seed.csv")
check "the -4% pair is can't tell ($v16)" [ "$v16" = "-4.00 can't tell" ]
check "check-regression 0.5: -4% can't tell does not count" sh -c '! echo "$1" | grep -q "b16 -> n16"' - "$out"
check "check-regression 0.5: -0.99% no change does not count" sh -c '[ "$2" = "-0.99 no change" ] && ! echo "$1" | grep -q "b17 -> n17"' - "$out" \
	"$(pick "$tmp/compare-seed.csv" change_pct group="b17 -> n17") $(pick "$tmp/compare-seed.csv" verdict group="b17 -> n17")"
# The limit's edge: pair 9 alone, regressed by exactly 1.00%, fails a
# limit under 1% and passes a limit of 1% or more ("more than N%").
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } $c["group"] == "b9 -> n9"' "$tmp/compare-seed.csv" >"$tmp/minus1.csv"
check "pair 9 alone is -1.00% regressed" [ "$(pick "$tmp/minus1.csv" change_pct) $(pick "$tmp/minus1.csv" verdict)" = "-1.00 regressed" ]
check "check-regression 1: -1.00% is not more than 1%: exit 0" [ "$(cr "$tmp/minus1.csv" 1)" = "exit 0" ]
check "check-regression 1.01: exit 0" [ "$(cr "$tmp/minus1.csv" 1.01)" = "exit 0" ]
check "check-regression 0.99: -1.00% is more: exit 1, naming b9 -> n9" \
	sh -c '[ "$(echo "$1" | tail -n 1)" = "exit 1" ] && echo "$1" | grep -q "^regressed: b9 -> n9, t, .*-1.00%"' - "$(cr "$tmp/minus1.csv" 0.99)"
expect_exit 2 "check-regression with a bad threshold exits 2" analyze/check-regression "$tmp/compare-seed.csv" five
expect_exit 2 "check-regression on a missing file exits 2" analyze/check-regression "$tmp/nope.csv" 5
: >"$tmp/empty.csv"
expect_exit 2 "check-regression on an empty file exits 2" analyze/check-regression "$tmp/empty.csv" 5
cut -d, -f1-24 "$tmp/compare-seed.csv" >"$tmp/no-verdict.csv"
expect_exit 2 "check-regression on a compare.csv without a verdict column exits 2" analyze/check-regression "$tmp/no-verdict.csv" 5
sed "3s/regressed\\|improved\\|can't tell\\|no change/maybe/" "$tmp/compare-seed.csv" >"$tmp/bad-verdict.csv"
err=$(analyze/check-regression "$tmp/bad-verdict.csv" 5 2>&1); rc=$?
check "check-regression on an unknown verdict: exit 2, one line naming it" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q maybe' - "$rc" "$err"

# Rows one field short or long: refused with one line naming the row.
awk 'NR == 3 { sub(/,[^,]*$/, "") } 1' "$tmp/summary.csv" >"$tmp/short.csv"
err=$(build/analyze/compare "$tmp/short.csv" "$tmp/pairs.csv" 2>&1 >/dev/null); rc=$?
check "compare: a summary row one field short exits 2 ($rc), one line naming row 3" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q "short.csv:3:"' - "$rc" "$err"
awk 'NR == 3 { $0 = $0 ",x" } 1' "$tmp/summary.csv" >"$tmp/long.csv"
expect_exit 2 "compare: a summary row one field long exits 2" build/analyze/compare "$tmp/long.csv" "$tmp/pairs.csv"
awk 'NR == 3 { sub(/,[^,]*$/, "") } 1' "$tmp/compare-seed.csv" >"$tmp/short-compare.csv"
err=$(analyze/check-regression "$tmp/short-compare.csv" 5 2>&1); rc=$?
check "check-regression: a compare.csv row one field short exits 2 ($rc), naming line 3" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q "line 3 has"' - "$rc" "$err"

# sign_agrees: a published figure's sign against a measured change, only
# where the verdict is a change: +1.00% against 0.00 published differs
# (0 is not up), -1.00% against -5 agrees, -31% against +12 differs,
# +45% against +3 agrees, +4.55% can't tell is not compared.
{
	pair_head
	for x in "8 0.00" "9 -5.00" "11 12.00" "4 3.00" "10 5.00"; do
		set -- $x
		echo "seed 009,s$1,b$1,t,n$1,t,$2"
	done
} >"$tmp/pairs-pub.csv"
build/analyze/compare "$tmp/summary.csv" "$tmp/pairs-pub.csv" >"$tmp/compare-pub.csv"
signs=$(for i in 8 9 11 4 10; do printf '%s:%s ' "$(pick "$tmp/compare-pub.csv" verdict label=s$i)" "$(pick "$tmp/compare-pub.csv" sign_agrees label=s$i)"; done)
check "sign_agrees: published 0 no, -5 yes, +12 no, +3 yes, can't tell empty ($signs)" \
	[ "$signs" = "improved:no regressed:yes regressed:no improved:yes can't tell: " ]
