#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plan/next-wave, the looks of an adaptive run (repeats auto), on run
# folders written here: which kernels boot again, up to which boot, in
# plan.auto's interleaved order, and when the run ends.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "plan 11"

# A run of kernels A, B, C (compare A B; compare A C), max 12 boots,
# looks at 5, 8, 12; plan.auto every boot, plan the first 5.
mkrun() {
	mkdir -p "$1"
	{
		printf 'cell\tvariant\tboot\tseed\n'
		for r in $(seq 1 12); do for v in A B C; do printf '%s-%d\t%s\t%d\t%d\n' $v $r $v $r $r; done; done
	} >"$1/plan.auto"
	awk -F'\t' -v n="${2:-5}" 'NR == 1 || $3 <= n' "$1/plan.auto" >"$1/plan"
	printf 'looks 5 8 12\nlook_alpha 0.0166667\nmax_seconds %s\nstarted %s\n' "${3:-none}" "$(date +%s)" >"$1/adaptive"
}
# compare.csv rows: label base new verdict
cmp_csv() {
	echo "group,label,base_variant,new_variant,change_pct,verdict,ci_lo_pct,ci_hi_pct"
	for r in "$@"; do
		set -- $r
		echo "$2 -> $3,$1,$2,$3,+2.00,$(echo "$4" | tr _ ' '),-1.00,+5.00"
	done
}
mkrun "$tmp/r"
cmp_csv "t A B can't_tell" "t A C improved" >"$tmp/c1.csv"
out=$(plan/next-wave "$tmp/r" "$tmp/c1.csv" 2>"$tmp/err1")
check "A -> B can't tell: A and B boot again, 6 to 8, interleaved ($(echo $out))" \
	[ "$(echo $out)" = "A-6 B-6 A-7 B-7 A-8 B-8" ]
check "... C, whose only pair has a verdict, does not" sh -c '! echo "$1" | grep -q C' - "$out"
check "... and the progress line names the look, the pair and its interval" \
	grep -q "look 1/3 at 5 boots a kernel: 1 pair can't tell (A -> B t +2.00% \[-1.00, +5.00\]); booting their kernels up to 8" "$tmp/err1"
cmp_csv "t A B no_change" "t A C regressed" >"$tmp/c2.csv"
out=$(plan/next-wave "$tmp/r" "$tmp/c2.csv" 2>"$tmp/err2")
check "every pair has a verdict: no wave, and it says so" sh -c '[ -z "$1" ] && grep -q "every pair has a verdict" "$2"' - "$out" "$tmp/err2"
mkrun "$tmp/r8" 8
cmp_csv "t A B can't_tell" "t A C can't_tell" >"$tmp/c3.csv"
out=$(plan/next-wave "$tmp/r8" "$tmp/c3.csv" 2>/dev/null)
check "at look 2 (8 boots) with both pairs undecided: all three kernels, 9 to 12" \
	[ "$(echo $out)" = "A-9 B-9 C-9 A-10 B-10 C-10 A-11 B-11 C-11 A-12 B-12 C-12" ]
mkrun "$tmp/r12" 12
out=$(plan/next-wave "$tmp/r12" "$tmp/c3.csv" 2>"$tmp/err4")
check "at the last look (max_repeats 12): no wave, the pairs still undecided named" \
	sh -c '[ -z "$1" ] && grep -q "look 3/3 at 12 boots a kernel (max_repeats): 2 pairs still can.t tell" "$2"' - "$out" "$tmp/err4"
mkrun "$tmp/rt" 5 1
sed -i "s/^started .*/started $(($(date +%s) - 5))/" "$tmp/rt/adaptive"
out=$(plan/next-wave "$tmp/rt" "$tmp/c3.csv" 2>"$tmp/err5")
check "a spent time budget (max_seconds 1, 5 s gone): no wave, and it says so" \
	sh -c '[ -z "$1" ] && grep -q "time budget (max_seconds 1) is spent" "$2"' - "$out" "$tmp/err5"
mkrun "$tmp/rb" 5 3600
out=$(plan/next-wave "$tmp/rb" "$tmp/c3.csv" 2>/dev/null)
check "a budget not spent (max_seconds 3600): the next wave" [ "$(echo "$out" | wc -l)" -eq 9 ]
rm "$tmp/r/adaptive"
expect_exit 2 "a run without its adaptive file exits 2" plan/next-wave "$tmp/r" "$tmp/c1.csv"
expect_exit 2 "a missing compare.csv exits 2" plan/next-wave "$tmp/r8" "$tmp/nope.csv"
echo "a,b" >"$tmp/bad.csv"
expect_exit 2 "a compare.csv without verdicts exits 2" plan/next-wave "$tmp/r8" "$tmp/bad.csv"
