#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# after-foreground: it builds kernels, which disturb the foreground's icount replays.
# Per-patch attribution of a three-patch series on 6.1 (tests/series/6.1-series3:
# a comment in fs/stat.c, the seed-001 short-cut, a comment in
# fs/read_write.c), measured under icount with one boot per prefix: the
# whole fstatat_empty change lands on patch 2, none on 1 and 3, and the rows
# add up to the total.
# The same series in a local kernel git tree as the base: Debian's unpacked 6.1 committed into
# a scratch git repository (a hard-linked copy: git add only reads it) with
# the three patches of tests/series/6.1-series3 as commits. A variant with
# base "git TREE BASE" and commits "BASE..TOP" gives the same per-commit
# attribution as the patch files, git bisect run with
# series/git-bisect-kabench names the second commit, and the tree is never
# written by kabench. The commits have fixed authors and dates, so their ids
# (and the cache keys made from them) are the same on every run: the
# builds are made once and reused, and so is the tree's .git (kept in the
# tests' kernel cache). The scratch tree is removed.
. tests/lib.sh
# Cells are copied from the tests' earlier boots with the same inputs
# (boot/reuse), as make bench does by default: its figures compare commits and patch files, never two boots of one kernel.
unset KABENCH_FRESH
repo=$(pwd)
tmp=$(mktemp -d) || exit 2
# Runs go to a scratch results folder, never the repository's results/.
export KABENCH_RESULTS=$tmp/results
runs=
trap 'rm -rf "$tmp" $runs' EXIT
src=$(kernel-patches/build --source 6.1 2>"$tmp/err") || { fail "the 6.1 tree unpacks"; cat "$tmp/err"; exit 1; }

t0=$(date +%s)
# linked_tree DIR: a hard-linked copy of the unpacked tree. The files the
# commits and git bisect write get their own copies first, so that the
# pristine tree they are linked to is never written.
linked_tree() {
	cp -al "$src" "$1" || return 1
	for f in fs/stat.c fs/read_write.c; do cp "$1/$f" "$1/$f.new" && mv "$1/$f.new" "$1/$f" || return 1; done
}
tree=$tmp/linux
linked_tree "$tree" || { fail "hard-linked copy of $src"; exit 1; }
export GIT_AUTHOR_NAME=kabench GIT_AUTHOR_EMAIL=kabench@invalid GIT_AUTHOR_DATE=2026-12-03T12:00:00Z
export GIT_COMMITTER_NAME=kabench GIT_COMMITTER_EMAIL=kabench@invalid GIT_COMMITTER_DATE=2026-12-03T12:00:00Z
# Its .git (75,000 objects: git add takes 20 s) is made once and kept in
# the tests' cache, keyed by the unpacked tree and the patches; each run
# hard-links its objects (git never rewrites one) and copies the rest.
# The index's stat data then matches the linked files but their change
# times, which the links moved: core.trustctime is off.
key=$(cat "$src.done" "$repo"/tests/series/6.1-series3/*.patch | cksum | cut -d' ' -f1)
kept=$KABENCH_CACHE/tests/git-6.1-series3-$key
if [ ! -d "$kept" ]; then
	mk=$tmp/mk
	linked_tree "$mk" && {
		git -C "$mk" init -q &&
		# No automatic gc: 75,000 loose objects start one in the background
		# that outlives the test and writes into its removed scratch tree.
		git -C "$mk" config gc.auto 0 &&
		git -C "$mk" config maintenance.auto false &&
		git -C "$mk" config core.trustctime false &&
		git -C "$mk" -c core.looseCompression=0 add -f . &&
		git -C "$mk" commit -q -m "Debian linux-source-6.1, as unpacked" &&
		git -C "$mk" am -q "$repo"/tests/series/6.1-series3/*.patch 2>"$tmp/err"
	} && mkdir -p "$KABENCH_CACHE/tests" && mv "$mk/.git" "$kept.new.$$" &&
		{ mv -T "$kept.new.$$" "$kept" 2>/dev/null || rm -rf "$kept.new.$$"; }
	rm -rf "$mk"
	[ ! -d "$kept" ] || echo "# git tree's .git made and kept: $kept"
fi
{
	mkdir "$tree/.git" &&
	for e in "$kept"/*; do
		case $e in */objects) cp -al "$e" "$tree/.git/" ;; *) cp -a "$e" "$tree/.git/" ;; esac || exit 1
	done &&
	git -C "$tree" checkout -q -f HEAD -- fs/stat.c fs/read_write.c
} 2>"$tmp/err" || { fail "a git tree with the three patches as commits (from $kept)"; cat "$tmp/err"; exit 1; }
echo "# git tree made in $(( $(date +%s) - t0 )) s"
b=$(git -C "$tree" rev-parse HEAD~3)
c2=$(git -C "$tree" rev-parse HEAD~1) c3=$(git -C "$tree" rev-parse HEAD)
check "the tree has the three patches as commits" \
	sh -c "[ \"\$(git -C '$tree' log --format=%s '$b..$c3' | wc -l)\" = 3 ]"
status0=$(git -C "$tree" status --porcelain | md5sum)

# The variant is named as git-bisect-kabench names its own (git-GOOD-BAD
# by commit ids), so both share the builds.
v=git-$(echo "$b" | cut -c1-12)-$(echo "$c3" | cut -c1-12)
mkdir -p "$tmp/variants/$v"
echo "git $tree $b" >"$tmp/variants/$v/base"
echo "$b..$c3" >"$tmp/variants/$v/commits"
cp -r tests/series/6.1-series3 kernel-patches/variants/6.1 "$tmp/variants/"
export KABENCH_VARIANTS_DIR="$tmp/variants"
check "--series lists the commits as patches with their subjects" \
	sh -c "kernel-patches/build --series $v | cut -f1,3 | grep -qx '2	fs/stat: short-cut fstatat(fd, \"\", AT_EMPTY_PATH) to vfs_fstat() (kabench test series 2/3)'"
check "the base's cache folder is named by its commit id" \
	sh -c "kernel-patches/build --where $v~0 | grep -q '/git-$(echo "$b" | cut -c1-12)-minimal-'"

# run_series VARIANT: attribution on fstatat_empty and fstat, one boot each.
run_series() {
	plan/run-experiment smoke SERIES="$1" TESTS=fstatat_empty,fstat REPEATS=1 >"$tmp/$1.out" 2>"$tmp/$1.err"
	rc=$?
	r=$(sed -n 's/^\[[0-9:]*\] done: //p' "$tmp/$1.err" | tail -n 1)
	[ -n "$r" ] && runs="$runs $r"
	[ $rc -eq 0 ] && [ -s "$r/series.csv" ] && cp "$r/series.csv" "$tmp/$1.csv"
}
# The git base starts from Debian's 6.1 build (the same sources): built
# here first, or waited for while another script builds it.
kernel-patches/build 6.1 >/dev/null 2>"$tmp/err" || { fail "Debian's 6.1 builds"; cat "$tmp/err"; exit 1; }
t0=$(date +%s)
run_series "$v"
check "make series on the git variant succeeds" [ -s "$tmp/$v.csv" ]
[ -s "$tmp/$v.csv" ] || tail -n 20 "$tmp/$v.err"
echo "# make series $v (builds included): $(( $(date +%s) - t0 )) s"
sed -n '/per-patch attribution, fstatat_empty/,/^$/p' "$tmp/$v.out" | sed 's/^/# /'
run_series 6.1-series3
check "make series on the patch files succeeds" [ -s "$tmp/6.1-series3.csv" ]
[ -s "$tmp/6.1-series3.csv" ] || tail -n 20 "$tmp/6.1-series3.err"

# The commits are the patch files' sources, and the base commit Debian's:
# one build each, whichever was made first (the sources key).
built() { readlink -f "$(kernel-patches/build --where "$1")"; }
same=0
for k in 0 1 2 3; do
	from_git=$(built "$v~$k") from_patches=$(built "6.1-series3~$k")
	[ -f "$from_git/done" ] && [ "$from_git" = "$from_patches" ] && same=$((same + 1))
	echo "# $v~$k: ${from_git##*/}; 6.1-series3~$k: ${from_patches##*/}"
done
check "the same sources are one build: the base commit and Debian's 6.1, commit K and patch file K ($same of 4)" [ $same = 4 ]
# Per-patch attribution of the patch files: the whole fstatat_empty change
# lands on patch 2, none on 1 and 3, and the rows add up to the total.
run=$r
check "the run folder has series.csv, series.txt and a waterfall in PNG and SVG" \
	sh -c "[ -s '$run/series.csv' ] && [ -s '$run/series.txt' ] && [ -s '$run/series-1.png' ] && [ -s '$run/series-1.svg' ]"

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
	sh -c "grep -q 'rows add up to the total: yes' '$tmp/6.1-series3.out' && grep -q '^ *2 .*changed  *[^ ].*  *fs/stat: short-cut fstatat' '$tmp/6.1-series3.out'"
check "fstat (not touched by the series) moves by under 1% in every row" \
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == "fstat" { n++; if ($c["step_pct"] >= 1 || $c["step_pct"] <= -1) bad++ } END { exit !(n == 4 && !bad) }' "$run/series.csv"

# Bad input: one line naming the value, exit 2, nothing run.
n=$(ls "$KABENCH_RESULTS" 2>/dev/null | wc -l)
expect_exit 2 "make series: unknown variant exits 2" plan/run-experiment smoke SERIES=no-such-variant
check "make series: the unknown variant is named in one line" \
	sh -c 'plan/run-experiment smoke SERIES=no-such-variant 2>&1 >/dev/null | { read -r l && ! read -r x && echo "$l" | grep -q no-such-variant; }'
expect_exit 2 "make series: a prefix instead of a variant exits 2" plan/run-experiment smoke SERIES=6.1-series3~1
expect_exit 2 "make series: unknown experiment exits 2" plan/run-experiment no-such-exp SERIES=6.1-series3
expect_exit 2 "make series: COMPARE= exits 2" plan/run-experiment smoke SERIES=6.1-series3 COMPARE=6.1:6.1-fstat
expect_exit 2 "make series: a variant without patches exits 2" plan/run-experiment smoke SERIES=6.1
check "bad input made no results folder" [ "$(ls "$KABENCH_RESULTS" 2>/dev/null | wc -l)" -eq "$n" ]

# rows TESTCASE CSV: "row verdict step%" per row.
rows() {
	awk -F, -v t="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == t { printf "%s %s %.1f\n", $c["row"], $c["verdict"] == "no change" ? "same" : $c["verdict"], $c["step_pct"] }' "$2"
}
for t in fstatat_empty fstat; do
	rows $t "$tmp/$v.csv" >"$tmp/rows.git"
	rows $t "$tmp/6.1-series3.csv" >"$tmp/rows.patches"
	check "$t: the commits' attribution equals the patch files' (rows, verdicts, %change within 0.1)" \
		awk 'NR == FNR { v[$1] = $2; x[$1] = $3; n++; next }
			{ m++; d = $3 - x[$1]; if (!($1 in v) || v[$1] != $2 || d > 0.1 || d < -0.1) bad++ }
			END { exit !(n == 4 && m == n && !bad) }' "$tmp/rows.git" "$tmp/rows.patches"
	echo "# $t: commits: $(tr '\n' ';' <"$tmp/rows.git") patch files: $(tr '\n' ';' <"$tmp/rows.patches")"
done
if rows fstatat_empty "$tmp/$v.csv" | awk '$1 == 2 && $2 == "changed" && $3 > 50 { ok = 1 } END { exit !ok }'; then
	pass "commit 2 carries the fstatat_empty change (+50% or more)"
else
	fail "commit 2 carries the fstatat_empty change (+50% or more)"
fi

# git bisect run with the helper, in the scratch tree.
t0=$(date +%s)
git -C "$tree" bisect start "$c3" "$b" >/dev/null
(cd "$tree" && git bisect run "$repo/series/git-bisect-kabench" fstatat_empty 5) >"$tmp/bisect.out" 2>"$tmp/bisect.err"
rc=$?
echo "# git bisect run: $(( $(date +%s) - t0 )) s"
grep 'git-bisect-kabench:' "$tmp/bisect.err" | sed 's/^/# /'
check "git bisect run with git-bisect-kabench finishes" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 20 "$tmp/bisect.out" "$tmp/bisect.err"
check "it names the second commit as the first bad one" grep -q "^$c2 is the first bad commit" "$tmp/bisect.out"
git -C "$tree" bisect reset >/dev/null 2>&1

# A commit that does not build: git-bisect-kabench exits 125 (skip) and
# names it. (Outside git bisect: good from --good, bad is HEAD.)
git -C "$tree" checkout -q -b broken "$c3" &&
	sed -i '/^#include <linux\/fcntl.h>$/a #error "kabench test: this commit does not build"' "$tree/fs/read_write.c" &&
	git -C "$tree" commit -q -a -m "fs/read_write: a commit that does not build" || fail "a commit that does not build"
c4=$(git -C "$tree" rev-parse HEAD)
(cd "$tree" && "$repo/series/git-bisect-kabench" --good "$b" fstatat_empty 5) >/dev/null 2>"$tmp/broken.err"
rc=$?
check "git-bisect-kabench: a commit that does not build exits 125 (skip)" [ $rc -eq 125 ]
check "... and names it" grep -q "$c4 (fs/read_write: a commit that does not build) does not build or boot: skip" "$tmp/broken.err"
# Its failure is kept in the cache as kernel-patches/build keeps one (the
# error is in a file the commit changes): the same commit is not built
# again, on the next run either (the helper names its variant git-GOOD-BAD).
vb=git-$(echo "$b" | cut -c1-12)-$(echo "$c4" | cut -c1-12)
mkdir -p "$tmp/variants/$vb" && echo "git $tree $b" >"$tmp/variants/$vb/base" && echo "$b..$c4" >"$tmp/variants/$vb/commits"
check "... its failure is kept: the error, no tree" \
	sh -c 'grep -q "^fs/read_write.c:[0-9]*:[0-9]*: error: #error" "$1/failed" && [ ! -e "$1/linux" ]' - "$(kernel-patches/build --where "$vb~4" 2>/dev/null)"
git -C "$tree" checkout -q master 2>/dev/null || git -C "$tree" checkout -q "$c3"
check "the pristine Debian tree is untouched" sh -c "[ -s '$src/fs/stat.c' ] && [ -s '$src/fs/read_write.c' ] && ! grep -q 'kabench test series' '$src/fs/stat.c' '$src/fs/read_write.c'"

check "kabench wrote nothing into the git tree (status and HEAD as before)" \
	sh -c "[ \"\$(git -C '$tree' status --porcelain | md5sum)\" = '$status0' ] && [ \"\$(git -C '$tree' rev-parse HEAD)\" = '$c3' ]"

# Bad git bases and series: one line naming the value, exit 2.
mkdir -p "$tmp/variants/g-bad"
echo "git $tmp/no-such-tree $b" >"$tmp/variants/g-bad/base"
expect_exit 2 "a base tree that is not there exits 2" kernel-patches/build --where g-bad
echo "git $tree no-such-commit" >"$tmp/variants/g-bad/base"
check "a base commit that is not there: exit 2, one line naming it" \
	sh -c 'kernel-patches/build --where g-bad 2>&1 >/dev/null | { read -r l && ! read -r x && echo "$l" | grep -q no-such-commit; }'
echo "git $tree $b" >"$tmp/variants/g-bad/base"
echo "$b" >"$tmp/variants/g-bad/commits"
expect_exit 2 "a commits file that is not a range exits 2" kernel-patches/build --series g-bad
echo "$b..no-such-commit" >"$tmp/variants/g-bad/commits"
expect_exit 2 "a range end that is not there exits 2" kernel-patches/build --where g-bad
expect_exit 128 "git-bisect-kabench: bad threshold stops git bisect (exit 128)" \
	sh -c "cd '$tree' && '$repo/series/git-bisect-kabench' --good $b fstatat_empty x"
