#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# analyze/verdict.c on synthetic samples with a known truth
# (tests/analyze/verdict-sim.c: coverage, A/A false verdicts, the false
# discovery rate), then compare on summary rows where time is real.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! cc -std=gnu11 -Wall -Wextra -O2 -o "$tmp/verdict-sim" tests/analyze/verdict-sim.c \
	analyze/verdict.c analyze/stats.c -lm 2>"$tmp/cc.err"; then
	fail "build tests/analyze/verdict-sim.c: $(head -n 3 "$tmp/cc.err" | tr '\n' ' ')"
	exit 1
fi
make -s build/analyze/compare || { fail "build compare"; exit 1; }
echo "plan 58"
"$tmp/verdict-sim"

# summary rows under tcg with each boot's rate: VARIANT TESTCASE RATES [STEADY]
row() {
	awk -v v="$1" -v t="$2" -v r="$3" -v st="${4:-yes}" 'BEGIN {
		n = split(r, x, ";"); s = 0; for (i = 1; i <= n; i++) s += x[i]; m = s / n
		q = 0; for (i = 1; i <= n; i++) q += (x[i] - m) ^ 2; sd = n > 1 ? sqrt(q / (n - 1)) : 0
		printf "%s,k-%s,minimal,tcg,Test CPU,%s,processes,1,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,max,,%s,,%s,0.6\n", v, v, t, n, n, m, m, sd, m, m, m, r, st
	}'
}
{
	echo "variant,kernel,profile,accel,cpu_model,testcase,mode,tasks,boots,samples,median,mean,stddev,min,max,per_task,qemu_cpu,idle_pct,rates,drift_pct,steady,boot_s"
	# posix_semaphore1's chance split: A/A, three boots a side in two modes
	row a split "11200000;11600000;12000000"; row b split "19100000;19500000;19900000"
	# a clear +10% with 8 boots a side, 1% noise
	row a clear "100;101;99;100.5;99.5;100.2;99.8;100.1"; row b clear "110;111;109;110.5;109.5;110.2;109.8;110.1"
	# identical within 0.1% with 8 boots a side: no change
	row a same "100;100.1;99.9;100.05;99.95;100.02;99.98;100.01"; row b same "100.01;100.08;99.92;100.03;99.97;100.04;99.96;100"
	# a drifting cell: not steady
	row a drift "100;101;99;100.5;99.5;100.2;99.8;100.1"; row b drift "110;111;109;110.5;109.5;110.2;109.8;110.1" no
} >"$tmp/summary.csv"
{
	pair_head
	for t in split clear same drift; do echo "a -> b,$t,a,$t,b,$t,"; done
} >"$tmp/pairs.csv"
if ! build/analyze/compare "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/compare.csv" 2>"$tmp/err"; then
	fail "compare on tcg rows: $(head -n 1 "$tmp/err")"
	exit 1
fi
f() { pick "$tmp/compare.csv" "$1" label="$2"; }
check "the chance split of two modes (+68%, Welch p 0.0006) is can't tell under tcg" \
	[ "$(f verdict split)/$(f ci_method split)/$(f ci_lo_pct split)" = "can't tell/rank/" ]
check "... with its p the least three boots a side give (0.1)" [ "$(f p_value split)" = 0.1 ]
check "... and the boots a side that would settle it: at least 5 (4 pairs, FDR 0.05: $(f boots_needed split))" \
	[ "$(f boots_needed split)" -ge 5 ]
check "a clear +10% over 8 boots a side is improved, its interval around it ($(f ci_lo_pct clear), $(f ci_hi_pct clear))" \
	sh -c '[ "$1" = improved ] && awk -v lo="$2" -v hi="$3" "BEGIN { exit !(lo > 8 && lo < 10 && hi > 10 && hi < 12) }"' - \
	"$(f verdict clear)" "$(f ci_lo_pct clear)" "$(f ci_hi_pct clear)"
check "... at Benjamini and Yekutieli's level, 2 of 4 pairs selected (clear, drift): 1 - 2 x 0.05 / 4 ($(f ci_level clear))" \
	[ "$(f ci_level clear)" = 0.975 ]
check "... over the 4 pairs where time is real (fdr_pairs)" [ "$(f fdr_pairs clear)" = 4 ]
check "0.1% apart over 8 boots a side is no change ($(f ci_lo_pct same), $(f ci_hi_pct same))" [ "$(f verdict same)" = "no change" ]
check "a cell whose samples drift is can't tell, and steady says no" \
	[ "$(f verdict drift)/$(f steady drift)" = "can't tell/no" ]
check "a can't-tell row gives the change it could have seen" sh -c '[ -n "$1" ]' - "$(f detectable_pct drift)"
# A summary without per-boot rates (an older run): Welch's interval.
cut -d, -f1-18 "$tmp/summary.csv" >"$tmp/old.csv"
build/analyze/compare "$tmp/old.csv" "$tmp/pairs.csv" >"$tmp/old-compare.csv" 2>/dev/null
check "a summary without rates falls back to Welch's interval" \
	[ "$(pick "$tmp/old-compare.csv" ci_method label=clear)" = welch ]
# Bad rates: refused with one line naming the row.
sed '2s/;11600000;/;-1;/' "$tmp/summary.csv" >"$tmp/bad.csv"
err=$(build/analyze/compare "$tmp/bad.csv" "$tmp/pairs.csv" 2>&1 >/dev/null); rc=$?
check "a negative boot rate exits 2 with one line naming row 2 ($rc)" \
	sh -c '[ "$1" -eq 2 ] && [ "$(echo "$2" | wc -l)" -eq 1 ] && echo "$2" | grep -q "bad.csv:2: bad rates"' - "$rc" "$err"
sed '2s/;11600000;/;/' "$tmp/summary.csv" >"$tmp/short.csv"
expect_exit 2 "fewer rates than boots exits 2" build/analyze/compare "$tmp/short.csv" "$tmp/pairs.csv"
# --paired (a duet): boot i of each kernel ran at once and saw the same
# drift (here 100 or 200 ops/s, a factor 2); the new kernel is 5% slower
# in every pair. Unpaired, the drift hides it; paired, it is regressed.
{
	echo "variant,kernel,profile,accel,cpu_model,testcase,mode,tasks,boots,samples,median,mean,stddev,min,max,per_task,qemu_cpu,idle_pct,rates,drift_pct,steady,boot_s,boot_ids"
	echo "a,k-a,minimal,native,Test CPU,t,processes,1,8,8,150,150,53.5,100,200,150,host,,100;200;101;199;100.5;201;99;200.5,,yes,0.1,1;2;3;4;5;6;7;8"
	echo "b,k-b,minimal,native,Test CPU,t,processes,1,8,8,142.5,142.5,50.8,95,190,142.5,host,,190;95;95.95;189.05;95.475;190.95;94.05;190.475,,yes,0.1,2;1;3;4;5;6;7;8"
} >"$tmp/duet.csv"
{ pair_head; echo "a -> b,t,a,t,b,t,"; } >"$tmp/duet-pairs.csv"
build/analyze/compare "$tmp/duet.csv" "$tmp/duet-pairs.csv" >"$tmp/unpaired.csv" 2>/dev/null
build/analyze/compare --paired "$tmp/duet.csv" "$tmp/duet-pairs.csv" >"$tmp/paired.csv" 2>/dev/null
check "a duet's drift unpaired: can't tell ($(pick "$tmp/unpaired.csv" ci_lo_pct), $(pick "$tmp/unpaired.csv" ci_hi_pct))" \
	[ "$(pick "$tmp/unpaired.csv" verdict)/$(pick "$tmp/unpaired.csv" ci_method)" = "can't tell/rank" ]
check "--paired pairs boots by number (b's rates list boot 2 first): regressed, [-5.00, -5.00] (every pair exactly 0.95)" \
	[ "$(pick "$tmp/paired.csv" verdict)/$(pick "$tmp/paired.csv" ci_method)/$(pick "$tmp/paired.csv" ci_lo_pct)/$(pick "$tmp/paired.csv" ci_hi_pct)" = "regressed/paired/-5.00/-5.00" ]
sed '3s/;1;3;4;5;6;7;8$/;1;3;4/' "$tmp/duet.csv" >"$tmp/short-ids.csv"
expect_exit 2 "fewer boot_ids than rates exits 2" build/analyze/compare --paired "$tmp/short-ids.csv" "$tmp/duet-pairs.csv"
# summarize: a cell whose samples still drift. Three boots, three samples
# each; the drifting cell's rate climbs 10% from its first sample to its
# last in every boot (tlb_flush3 before its first pass over its file),
# the steady one moves 0.5% (under the 1% it takes), the noisy one swings
# 10% up in one boot and down in another (no trend the boots agree on).
{
	analyze/columns samples
	for b in 1 2 3; do
		for s in 1 2 3; do
			up=$(awk -v s=$s -v b=$b 'BEGIN { printf "%.0f", 1000 * (1 + 0.05 * (s - 1)) * (1 + b / 1000) }')
			flat=$(awk -v s=$s 'BEGIN { printf "%.0f", 1000 * (1 + 0.0025 * (s - 1)) }')
			swing=$(awk -v s=$s -v b=$b 'BEGIN { printf "%.0f", 1000 * (1 + (b == 2 ? -1 : 1) * 0.05 * (s - 1)) }')
			for row in "drifts $up" "steady $flat" "swings $swing"; do
				set -- $row
				echo "x,k,k1,minimal,tcg,CPU,max,none,$1,processes,1,$b,$s,1.0,$2,$2,"
			done
		done
	done
} >"$tmp/drift-samples.csv"
build/analyze/summarize "$tmp/drift-samples.csv" >"$tmp/drift-summary.csv"
check "summarize: a 10% climb in every boot is not steady (drift $(pick "$tmp/drift-summary.csv" drift_pct testcase=drifts)%)" \
	[ "$(pick "$tmp/drift-summary.csv" steady testcase=drifts)" = no ]
check "... 0.5% is steady (under 1%)" [ "$(pick "$tmp/drift-summary.csv" steady testcase=steady)" = yes ]
check "... a swing the boots do not agree on is steady" [ "$(pick "$tmp/drift-summary.csv" steady testcase=swings)" = yes ]
check "... boot_ids lists each rate's boot" [ "$(pick "$tmp/drift-summary.csv" boot_ids testcase=drifts)" = "1;2;3" ]
