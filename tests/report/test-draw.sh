# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# plot/draw: one gnuplot draws every chart of a list; a chart that fails
# is named on stderr (its output file and gnuplot's error), exit 1, and
# the charts after it are still drawn; a quote in a title is text.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '"fstat" 100 1 150 2 +50.0\n' >"$tmp/d.dat"
t=$(printf '\t')
{
	echo "plot/ab-bars.gp$t$tmp/d.dat$t$tmp/a.png${t}png${t}base${t}new${t}it's \`a\` \"title\""
	echo "plot/nosuch.gp$t$tmp/d.dat$t$tmp/b.png${t}png"
	echo "plot/ab-bars.gp$t$tmp/d.dat$t$tmp/c.svg${t}svg${t}base${t}new${t}t"
} >"$tmp/list"
plot/draw <"$tmp/list" >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "# $(cat "$tmp/err")"
check "a failed chart: exit 1, one line naming its output and gnuplot's error" sh -c '
	[ "$1" -eq 1 ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -q "^plot/draw: gnuplot failed for $3/b.png: .*plot/nosuch.gp" "$2"' - "$rc" "$tmp/err" "$tmp"
check "the charts before and after it are drawn (PNG and SVG)" sh -c '
	[ "$(head -c 4 "$1/a.png" | tail -c 3)" = PNG ] && grep -q "<svg" "$1/c.svg"' - "$tmp"
check "nothing on stdout" [ ! -s "$tmp/out" ]
grep -v nosuch "$tmp/list" | plot/draw 2>"$tmp/err2"
check "every chart drawn: exit 0, nothing on stderr" sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' - "$?" "$tmp/err2"
