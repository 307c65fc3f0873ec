#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# analyze/profile-summary and report/profile-report on a run folder made here
# (profile.csv files written by hand, with per-op values that do not round
# evenly): sums and per-op figures of the summary, the variant taken from
# facts or from the cell's line in RUN/plan, the report's rows adding up exactly to
# its totals in every column, --top, the charts, --text, a run without
# profiles saying why, and bad input.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
run=$tmp/run
H=testcase,mode,tasks,sample,ops,kind,space,symbol,instructions
mkdir -p "$run/boots/A-1" "$run/boots/A-2" "$run/boots/B-1" "$run/boots/K-1"
printf 'variant=A\naccel=icount\nqemu_cpu=max\n' >"$run/boots/A-1/facts"
printf 'variant=A\naccel=icount\nqemu_cpu=max\n' >"$run/boots/A-2/facts"
printf 'accel=icount\nqemu_cpu=max\n' >"$run/boots/B-1/facts"	# variant from the plan
printf 'cell\tvariant\tboot\nA-1\tA\t1\nA-2\tA\t2\nB-1\tB\t1\nK-1\tK\t1\n' >"$run/plan"
printf 'accel=kvm\nqemu_cpu=host\nprofile=off: not under kvm\n' >"$run/boots/K-1/facts"
# A: 3 ops a sample; f 10, g 2, h1..h7 1 each, user loop 2; B: f 4, g 2, new 1.
for b in A-1 A-2; do
	{
		echo $H
		for s in 1 2; do
			echo "t,processes,1,$s,3,symbol,kernel,f,10"
			echo "t,processes,1,$s,3,symbol,kernel,g,2"
			for i in 1 2 3 4 5 6 7; do echo "t,processes,1,$s,3,symbol,kernel,h$i,1"; done
			echo "t,processes,1,$s,3,symbol,user,loop,2"
			echo "t,processes,1,$s,3,class,kernel,stosq,4"
			echo "t,processes,1,$s,3,class,user,syscall,3"
		done
	} >"$run/boots/$b/profile.csv"
done
{
	echo $H
	echo "t,processes,1,1,7,symbol,kernel,f,28"
	echo "t,processes,1,1,7,symbol,kernel,g,14"
	echo "t,processes,1,1,7,symbol,kernel,new,7"
	echo "t,processes,1,1,7,symbol,user,loop,14"
	echo "t,processes,1,1,7,class,user,syscall,7"
} >"$run/boots/B-1/profile.csv"

analyze/profile-summary "$run" 2>"$tmp/err"
s=$run/profile-summary.csv
check "profile-summary writes profile-summary.csv$(head -c 200 "$tmp/err")" [ -s "$s" ]
check "summary header" [ "$(head -n 1 "$s")" = variant,qemu_cpu,testcase,mode,tasks,boots,samples,ops,kind,space,symbol,instructions,per_op ]
check "A total: 2 boots, 4 samples, 12 ops, 84 instructions, 7.0000/op" \
	grep -qx 'A,max,t,processes,1,2,4,12,total,all,all,84,7.0000' "$s"
check "A kernel space 76, user 8" sh -c 'grep -qx "A,max,t,processes,1,2,4,12,space,kernel,all,76,6.3333" "$1" &&
	grep -qx "A,max,t,processes,1,2,4,12,space,user,all,8,0.6667" "$1"' - "$s"
check "A symbol f: 40 instructions" grep -qx 'A,max,t,processes,1,2,4,12,symbol,kernel,f,40,3.3333' "$s"
# --update: nothing while the summary is newer than every profile.csv;
# rewritten once one is newer (a resumed cell).
echo stale >>"$s"
touch -d '1 hour ago' "$run"/boots/*/profile.csv
analyze/profile-summary --update "$run" 2>/dev/null
check "--update leaves a summary newer than the boots' profiles alone" [ "$(tail -n 1 "$s")" = stale ]
touch "$run/boots/B-1/profile.csv"
touch -d '10 minutes ago' "$s"
analyze/profile-summary --update "$run" 2>/dev/null
check "--update rewrites it once a boot's profile.csv is newer" sh -c '[ -s "$1" ] && ! grep -q stale "$1" && grep -qx "A,max,t,processes,1,2,4,12,symbol,kernel,f,40,3.3333" "$1"' - "$s"
check "A class stosq: 16" grep -qx 'A,max,t,processes,1,2,4,12,class,kernel,stosq,16,1.3333' "$s"
check "B's variant from its cell's line in the plan" grep -qx 'B,max,t,processes,1,1,1,7,total,all,all,63,9.0000' "$s"
check "the boot without profile.csv is not in the summary" sh -c '[ -s "$1" ] && ! grep -q "^K," "$1"' - "$s"

printf 'group,label,base_variant,base_test,new_variant,new_test,published_pct\nA -> B,t,A,t,B,t,\nA -> C,t,A,t,C,t,\n' >"$tmp/pairs.csv"
report/profile-report "$run" "$tmp/pairs.csv" >"$tmp/report.md" 2>"$tmp/err"
check "profile-report exits 0$(head -c 200 "$tmp/err")" [ $? -eq 0 ]
check "one section, for A -> B (C has no boots)" [ "$(grep -c '^### ' "$tmp/report.md")" -eq 1 ]
check "totals: 7.00 -> 9.00, +2.00" grep -q 'A \*\*7.00\*\*, B \*\*9.00\*\*, difference \*\*+2.00\*\*' "$tmp/report.md"
# every column of the function table adds up to its total row, exactly
sums=$(awk -F'|' '
	function v(x) { gsub(/[ *+]/, "", x); split(x, p, "."); return (x ~ /^-/ ? -1 : 1) * ((p[1] < 0 ? -p[1] : p[1]) * 100 + p[2]) }
	/^\| (`|other)/ && !done { b += v($4); n += v($5); d += v($6); rows++ }
	/^\| \*\*total/ && !done { tb = v($4); tn = v($5); td = v($6); done = 1 }
	END { printf "%d %d %d %d %d %d %d", rows, b, tb, n, tn, d, td }' "$tmp/report.md")
set -- $sums
check "function rows + other add up exactly to the totals ($sums)" \
	[ "$1" -ge 3 -a "$2" = "$3" -a "$4" = "$5" -a "$6" = "$7" ]
check "the largest |difference| first: g (0.67 -> 2.00; ties by name)" \
	sh -c 'grep "^| \`" "$1" | head -n 1 | grep -q "^| \`g\` | kernel | 0.67 | 2.00 | +1.33 |"' - "$tmp/report.md"
check "f: 3.33 -> 4.00" grep -q '^| `f` | kernel | 3.33 | 4.00 | +0.67 |' "$tmp/report.md"
check "a function only in the new kernel shows 0.00 on the base side" grep -q '^| `new` | kernel | 0.00 | 1.00 | +1.00 |' "$tmp/report.md"
check "user symbols are rows too" grep -q '^| `loop` | user | 0.67 | 2.00 | +1.33 |' "$tmp/report.md"
check "classes per op for both kernels" grep -q '^| syscall | user | 1.00 | 1.00 | 0.00 |' "$tmp/report.md"
check "chart profile-1.png and .svg" sh -c '[ -s "$1/profile-1.png" ] && grep -q "<svg" "$1/profile-1.svg"' - "$run"
report/profile-report --top 2 "$run" "$tmp/pairs.csv" >"$tmp/top2.md" 2>/dev/null
check "--top 2: two function rows and other" sh -c '[ "$(grep -c "^| \`" "$1")" -eq 2 ] && grep -q "^| other (9 functions)" "$1"' - "$tmp/top2.md"
report/profile-report --text "$run" "$tmp/pairs.csv" >"$tmp/text" 2>/dev/null
check "--text: the total line" grep -Eq '^ +7\.00 +9\.00 +\+2\.00  total$' "$tmp/text"
# profile-summary.csv read by its column names: the same report with its
# first and last columns swapped.
mkdir "$tmp/swapped" && cp -r "$run/boots" "$tmp/swapped/" &&
	awk -F, -v OFS=, '{ t = $1; $1 = $NF; $NF = t; print }' "$run/profile-summary.csv" >"$tmp/swapped/profile-summary.csv"
report/profile-report "$tmp/swapped" "$tmp/pairs.csv" 2>/dev/null | sed "s|$tmp/swapped|RUN|g" >"$tmp/swapped.md"
sed "s|$run|RUN|g" "$tmp/report.md" >"$tmp/report.norm"
check "profile-report reads profile-summary.csv by column name (columns swapped: same report)" \
	sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' - "$tmp/swapped.md" "$tmp/report.norm"
# a run without any profile
mkdir -p "$tmp/kvm/boots/K-1" && cp "$run/boots/K-1/facts" "$tmp/kvm/boots/K-1/"
report/profile-report "$tmp/kvm" "$tmp/pairs.csv" >"$tmp/none.md" 2>&1
check "a run without profiles says why (not under kvm)" grep -q 'No instruction profile in this run: not under kvm' "$tmp/none.md"
check "...and writes no summary" [ ! -e "$tmp/kvm/profile-summary.csv" ]
expect_exit 2 "profile-summary: not a run folder -> exit 2" analyze/profile-summary "$tmp/none"
expect_exit 2 "profile-report: no pairs file -> exit 2" report/profile-report "$run" "$tmp/none.csv"
expect_exit 2 "profile-report: --top 0 -> exit 2" report/profile-report --top 0 "$run" "$tmp/pairs.csv"
printf 'bad,header\n' >"$run/boots/A-1/profile.csv"
expect_exit 2 "profile-summary: a malformed profile.csv -> exit 2" analyze/profile-summary "$run"
