#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plot/flamegraph.awk on two small folded files whose graph is known:
# base (100 ops) main;f;g 300, main;f 100, main;h_[k] 200; new (200
# ops) main;f 100, main;k&<x> 400, main;LONG 200. Per op: f 4 -> 0.5
# (own 1 -> 0.5), g 3 -> vanished, h 2 -> vanished, k new 2, LONG new 1:
# widths in units of the larger side's own per op: f 1 + g 3 = 4, h 2,
# k 2, LONG 1, main and all 9, so 1180 px / 9 each; colours, outlines,
# tooltips, kernel marks, XML escapes and a cut name as documented.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
long=a_function_name_far_too_long_for_its_frame_to_hold
printf 'main;f;g 300\nmain;f 100\nmain;h_[k] 200\n' >"$tmp/a.folded"
printf 'main;f 100\nmain;k&<x> 400\nmain;%s 200\n' "$long" >"$tmp/b.folded"
awk -v opsa=100 -v opsb=200 -v namea=A -v nameb=B -v title='t & <x>' -f plot/flamegraph.awk \
	"$tmp/a.folded" "$tmp/b.folded" >"$tmp/o.svg" 2>"$tmp/err"
check "flamegraph.awk draws it (exit $?$(head -c 200 "$tmp/err"))" [ -s "$tmp/o.svg" ]
if command -v xmllint >/dev/null 2>&1; then
	check "well-formed (xmllint)" xmllint --noout "$tmp/o.svg"
fi
# frame NAME: its rect's width and its <g> line
frame() { grep "^<g class=\"f\"[^>]*><title>$1 (" "$tmp/o.svg"; }
width() { frame "$1" | sed 's/.*<rect x="[^"]*" y="[^"]*" width="\([0-9.]*\)".*/\1/'; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.01 && d > -0.01) }'; }
u=$(awk 'BEGIN { printf "%.4f", 1180 / 9 }')
for x in "main 9" "f 4" "g 3" "h 2" "k&amp;&lt;x&gt; 2" "$long 1"; do
	set -- $x
	w=$(width "$1")
	check "$1: width $2 units of $u px (got $w)" near "$w" "$(awk -v n="$2" -v u="$u" 'BEGIN { print n * u }')"
done
check "g and h vanished: dashed, their tooltips say so" sh -c '
	for f in g h; do grep "^<g class=\"f\"[^>]*><title>$f (" "$1" | grep "(vanished)" | grep -q "stroke-dasharray" || exit 1; done' - "$tmp/o.svg"
check "k is new: a solid dark outline, its tooltip says new" \
	sh -c 'grep "^<g class=\"f\"[^>]*><title>k&amp;&lt;x&gt; (" "$1" | grep "(new)" | grep -v dasharray | grep -q "stroke=\"rgb(140,0,0)\""' - "$tmp/o.svg"
check "f's tooltip: both counts, the difference, its own counts" \
	sh -c 'frame() { grep "^<g class=\"f\"[^>]*><title>$1 (" "$2"; }
		frame f "$1" | grep -q "<title>f (user)&#10;A: 4.00 instructions/op&#10;B: 0.50&#10;difference: -3.50 (-87.5%)&#10;own: 1.00 -&gt; 0.50</title>"' - "$tmp/o.svg"
check "f lost: blue; k gained: red" sh -c '
	c() { grep "^<g class=\"f\"[^>]*><title>$1 (" "$2" | sed "s/.*fill=\"rgb(\([0-9]*\),\([0-9]*\),\([0-9]*\))\".*/\1 \3/"; }
	set -- $(c f "$1") $(c "k&amp;&lt;x&gt;" "$1"); [ "$1" -lt "$2" ] && [ "$3" -gt "$4" ]' - "$tmp/o.svg"
check "h_[k] is a kernel function: tooltip (kernel), label h" \
	sh -c 'grep "^<g class=\"f\"[^>]*><title>h (kernel)" "$1" | grep -q "<text[^>]*>h</text>"' - "$tmp/o.svg"
lab=$(frame "$long" | sed -n 's/.*<text[^>]*>\([^<]*\)<\/text>.*/\1/p')
check "a name too long for its frame is cut with .. ($lab)" \
	sh -c 'case $1 in *..) [ ${#1} -ge 5 ] && [ ${#1} -lt ${#2} ] && case $2 in "${1%..}"*) exit 0 ;; esac ;; esac; exit 1' - "$lab" "$long"
check "title escaped, totals line: A 6.00 -> B 3.50, -2.50 (-41.7%)" \
	sh -c 'grep -q ">t &amp; &lt;x&gt;</text>" "$1" && grep -q ">instructions per op: A 6.00 -&gt; B 3.50, -2.50 (-41.7%)</text>" "$1"' - "$tmp/o.svg"
expect_exit 2 "one folded file only: exit 2" awk -v opsa=1 -f plot/flamegraph.awk "$tmp/a.folded"
