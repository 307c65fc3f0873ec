#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# series/series-report on a fixture run (tests/series/fixture: a four-patch
# series s3 whose patch 2 did not build, figures in summary.csv): one row
# per measured step, a patch that did not build counted with the next one,
# points and instructions/op that add up to the total, the 1% rule, the
# waterfall chart. No kernel, no boot.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cp tests/series/fixture/* "$tmp/"
series/series-report "$tmp" >"$tmp/out" 2>"$tmp/err"
check "series-report succeeds on the fixture" [ $? -eq 0 ]
# col ROW COLUMN [TESTCASE]: a field of series.csv by column name.
col() {
	awk -F, -v r="$1" -v k="$2" -v t="${3:-fstatat_empty}" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == t && $c["row"] == r { print $c[k] }' "$tmp/series.csv"
}
check "rows 1, 2-3, 4 and total for fstatat_empty" \
	sh -c "[ \"\$(awk -F, '\$1 == \"fstatat_empty\" { print \$5 }' '$tmp/series.csv' | tr '\n' ' ')\" = '1 2-3 4 total ' ]"
check "the patch that did not build is named in its row" \
	sh -c "grep -q '^ *2-3 .*short-cut \"quoted\" \[does not build\] + fs/stat: short-cut 2' '$tmp/out'"
check "step %change against the prefix before (799420.1 -> 1857381.8: +132.34%)" \
	[ "$(col 2-3 step_pct)" = 132.3411 ]
check "instructions/op = 1e9 / ops/s at shift 0 (1250.909 -> 538.392)" \
	[ "$(col total before_ipo) $(col total after_ipo)" = "1250.909 538.392" ]
check "points and instructions/op of the rows add up to the total" \
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == "fstatat_empty" { if ($c["row"] == "total") { tot = 1; tp = $c["points"]; ti = $c["delta_ipo"] } else { n++; p += $c["points"]; d += $c["delta_ipo"] } }
		END { exit !(tot && n >= 2 && tp != 0 && p - tp < 0.001 && tp - p < 0.001 && d - ti < 0.01 && ti - d < 0.01) }' "$tmp/series.csv"
check "a step under 1% is 'no change', one over it 'changed'" \
	[ "$(col 1 verdict) / $(col 2-3 verdict) / $(col 4 verdict fstat)" = "no change / changed / changed" ]
check "the table says the rows add up" sh -c "[ \$(grep -c 'rows add up to the total: yes' '$tmp/out') = 2 ]"
check "a waterfall per testcase, PNG and SVG" \
	sh -c "for i in 1 2; do [ -s '$tmp/series-'\$i.png ] && grep -q '<svg' '$tmp/series-'\$i.svg || exit 1; done"
check "the chart data: base, 1, 2-3, 4, total, cumulative" \
	sh -c "awk '!/^#/ { printf \"%s:%.1f \", \$2, \$4 }' '$tmp/series-1.dat' | grep -qx 'base:0.0 1:0.0 2-3:132.3 4:132.3 total:132.3 '"

# The step rule at its edge and each row's points, on a testcase whose
# steps are exact in binary, with min_effect 50: getppid 100 -> 150
# (+50%: changed) -> 224.9 (+49.93%: no change) -> 112.45 (-50%:
# changed); points, in % of the base's 100: +50, +74.9, -112.45, total
# +12.45 (a step's %change would be +50, +49.93, -50).
mkdir "$tmp/edge"
cp tests/series/fixture/* "$tmp/edge/"
echo "min_effect 50" >>"$tmp/edge/experiment.exp"
for m in "0 100" "1 150" "3 224.9" "4 112.45"; do
	set -- $m
	echo "s3~$1,k,minimal,icount,QEMU TCG CPU version 2.5+,getppid,processes,1,1,2,$2,$2,0.0,$2,$2,$2,max"
done >>"$tmp/edge/summary.csv"
series/series-report "$tmp/edge" >"$tmp/edge.out" 2>&1
ecol() {
	awk -F, -v r="$1" -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == "getppid" && $c["row"] == r { print $c[k] }' "$tmp/edge/series.csv"
}
check "min_effect 50: a step of exactly +50% is changed, +49.93% no change, exactly -50% changed" \
	[ "$(ecol 1 verdict) / $(ecol 2-3 verdict) / $(ecol 4 verdict)" = "changed / no change / changed" ]
check "points are in % of the base's figure: +50, +74.9, -112.45, total +12.45" \
	[ "$(ecol 1 points) $(ecol 2-3 points) $(ecol 4 points) $(ecol total points)" = "50.0000 74.9000 -112.4500 12.4500" ]
check "... and the step %change against the prefix before: +50, +49.93, -50" \
	[ "$(ecol 1 step_pct) $(ecol 2-3 step_pct) $(ecol 4 step_pct)" = "50.0000 49.9333 -50.0000" ]

# A profile-summary.csv (analyze/profile-summary's format) gives the top
# functions: symbol rows only, never the total or a class, whose changes
# are larger; another mode's rows do not count.
{
	echo "variant,qemu_cpu,testcase,mode,tasks,boots,samples,ops,kind,space,symbol,instructions,per_op"
	for v in "s3~1 300 10 2000 400" "s3~3 0 60 1000 100"; do
		set -- $v
		echo "$1,max,fstatat_empty,processes,1,1,2,100,total,all,all,$(($4 * 100)),$4"
		echo "$1,max,fstatat_empty,processes,1,1,2,100,class,kernel,movsb,$(($5 * 100)),$5"
		echo "$1,max,fstatat_empty,processes,1,1,2,100,symbol,kernel,getname_flags,$(($2 * 100)),$2"
		echo "$1,max,fstatat_empty,processes,1,1,2,100,symbol,kernel,vfs_fstat,$(($3 * 100)),$3"
		echo "$1,max,fstatat_empty,threads,1,1,2,100,symbol,kernel,other_mode_only,$(($4 * 100)),$4"
	done
} >"$tmp/profile-summary.csv"
series/series-report "$tmp" >"$tmp/out2" 2>&1
check "with profile-summary.csv the row names its top functions, and only functions" \
	grep -q 'top functions (instructions/op): getname_flags -300.0; vfs_fstat +50.0$' "$tmp/out2"

# Without it, the analyze stage (analyze/profile-summary, which the driver
# runs before series-report) makes it from the boots' own profile.csv.
rm "$tmp/profile-summary.csv"
mkdir -p "$tmp/boots/s3~1-1" "$tmp/boots/s3~3-1"
h=testcase,mode,tasks,sample,ops,kind,space,symbol,instructions
printf '%s\nfstatat_empty,processes,1,1,100,symbol,kernel,getname_flags,20000\nfstatat_empty,processes,1,2,100,symbol,kernel,getname_flags,20000\nfstatat_empty,processes,1,1,100,class,kernel,entry,5\n' "$h" >"$tmp/boots/s3~1-1/profile.csv"
printf '%s\nfstatat_empty,processes,1,1,100,symbol,kernel,vfs_fstat,1000\n' "$h" >"$tmp/boots/s3~3-1/profile.csv"
printf 'cell\tvariant\ns3~1-1\ts3~1\ns3~3-1\ts3~3\n' >"$tmp/plan"	# the cells' kernels (no facts here)
analyze/profile-summary --update "$tmp" 2>/dev/null
series/series-report "$tmp" >"$tmp/out3" 2>&1
check "with the boots' profile.csv the row names its top functions" \
	grep -q 'top functions (instructions/op): getname_flags -200.0; vfs_fstat +10.0' "$tmp/out3"

# With a compare.csv (analyze/compare of the steps' pairs), each row takes
# the Welch verdict of its pair from it; without one it says "-".
check "without compare.csv the compare_verdict column is '-'" [ "$(col 2-3 compare_verdict)" = - ]
make -s build/analyze/compare || fail "build compare"
{ analyze/columns pairs; for p in "s3~0 s3~1" "s3~1 s3~3" "s3~3 s3~4" "s3~0 s3~4"; do set -- $p; echo "$1 -> $2,fstatat_empty,$1,fstatat_empty,$2,fstatat_empty,"; done; } >"$tmp/pairs.csv"
build/analyze/compare "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/compare.csv"
series/series-report "$tmp" >"$tmp/out4" 2>&1
welch() { awk -F, -v b="$1" -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["base_variant"] == b && $c["new_variant"] == n && $c["base_test"] == "fstatat_empty" { print $c["verdict"] }' "$tmp/compare.csv"; }
check "each row's compare_verdict is compare.csv's for its pair (rows 1, 2-3, 4, total)" \
	[ "$(col 1 compare_verdict)/$(col 2-3 compare_verdict)/$(col 4 compare_verdict)/$(col total compare_verdict)" = \
	  "$(welch 's3~0' 's3~1')/$(welch 's3~1' 's3~3')/$(welch 's3~3' 's3~4')/$(welch 's3~0' 's3~4')" ]
check "... which with one boot a kernel is 'can't tell' for the +132% step" [ "$(col 2-3 compare_verdict)" = "can't tell" ]
rm -f "$tmp/compare.csv"
expect_exit 2 "series-report: no such run folder exits 2" series/series-report "$tmp/nope"
mkdir "$tmp/empty"
expect_exit 1 "series-report: a run without series.tsv exits 1" series/series-report "$tmp/empty"
