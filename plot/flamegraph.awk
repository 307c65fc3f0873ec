# SPDX-License-Identifier: GPL-2.0
# A differential flame graph of two kernels as SVG, from their folded
# stacks (guest/plugin's callgraph/*.folded: "f1;f2;...;fn COUNT", kernel
# functions ending in "_[k]"):
#   awk -v opsa=N -v opsb=N -v namea=A -v nameb=B -v title=T \
#       -f plot/flamegraph.awk A.folded B.folded >OUT.svg
# Each side's counts are divided by its ops: instructions per op. The
# frames are the union of both kernels' call paths, children in name
# order. A frame's width is the larger of the two kernels' own
# instructions per op in it, summed over its subtree: so a frame found in
# one kernel only (vanished from A, or new in B) is exactly as wide as
# its instructions per op there, children never overflow their parent,
# and the frames of each level add up to the total width ("all").
# Colour: the difference B - A of the frame's inclusive instructions per
# op, red where B gained, blue where it lost, white where equal;
# frames that vanished in B have a dashed outline, new ones a solid dark
# one. Each frame's <title> (the tooltip) gives the function, both
# kernels' instructions per op and the difference. A name is written
# whole where it fits, else cut to what fits with ".." (at least 3
# characters), else not at all (the tooltip still names it). Frames
# narrower than 0.1 px are not drawn (nor what they hold): each drawn
# frame's data-hidden is the width of its children left out, so a
# frame's drawn children and data-hidden add up to at most its width
# (exactly, but for its own instructions), "all"'s to the whole width.
function esc(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s)
	gsub(/\n/, "\\&#10;", s)
	return s
}
function disp(f) { sub(/_\[k\]$/, "", f); return f }
function space(f) { return f ~ /_\[k\]$/ ? "kernel" : "user" }
function num(x) { return sprintf("%.2f", x) }
function sgn(x) { return (x > 0 ? "+" : "") sprintf("%.2f", x) }
# width of node k: max of own per op plus its children's (post-order)
function width(k,    n, i, c, w) {
	w = (selfa[k] > selfb[k] ? selfa[k] : selfb[k])
	n = nkids[k]
	for (i = 1; i <= n; i++) { c = kid[k, i]; w += width(c) }
	W[k] = w
	return w
}
# sort node k's children by name (insertion sort: few children each)
function sortkids(k,    n, i, j, t) {
	n = nkids[k]
	for (i = 2; i <= n; i++) {
		t = kid[k, i]
		for (j = i - 1; j >= 1 && name[kid[k, j]] > name[t]; j--) kid[k, j + 1] = kid[k, j]
		kid[k, j + 1] = t
	}
	for (i = 1; i <= n; i++) sortkids(kid[k, i])
}
# the depth of the deepest frame wide enough to be drawn
function drawn_depth(k, depth,    n, i, c, m, x) {
	m = depth
	n = nkids[k]
	for (i = 1; i <= n; i++) {
		c = kid[k, i]
		if (W[c] * scale >= minpx && (x = drawn_depth(c, depth + 1)) > m) m = x
	}
	return m
}
function colour(d,    r, g, b, t) {
	if (d == 0 || maxd == 0) return "rgb(236,236,236)"
	t = (d < 0 ? -d : d) / maxd
	t = 0.15 + 0.85 * sqrt(t)
	if (d > 0) { r = 255; g = int(255 - 200 * t); b = int(255 - 215 * t) }
	else { r = int(255 - 215 * t); g = int(255 - 170 * t); b = 255 }
	return sprintf("rgb(%d,%d,%d)", r, g, b)
}
function draw(k, x, depth,    n, i, c, px, y, label, fit, d, tip, a, b, extra, hidden) {
	px = W[k] * scale
	n = nkids[k]
	hidden = 0
	for (i = 1; i <= n; i++) if (W[kid[k, i]] * scale < minpx) { hidden += W[kid[k, i]] * scale; nhidden++ }
	y = imgh - pad_bottom - (depth + 1) * fh
	a = inca[k]; b = incb[k]; d = b - a
	if (k == "") {
		tip = "all\n" namea ": " num(a) " instructions/op\n" nameb ": " num(b) "\ndifference: " sgn(d) \
			(a > 0 ? sprintf(" (%+.1f%%)", 100 * d / a) : "")
		label = "all"
	} else {
		label = disp(name[k])
		tip = label " (" space(name[k]) ")\n" namea ": " num(a) " instructions/op" (a == 0 ? " (not run)" : "") \
			"\n" nameb ": " num(b) (b == 0 ? " (vanished)" : "") "\ndifference: " sgn(d) \
			(a > 0 ? sprintf(" (%+.1f%%)", 100 * d / a) : " (new)") \
			"\nown: " num(selfa[k]) " -> " num(selfb[k])
	}
	extra = ""
	if (k != "" && b == 0) extra = " stroke=\"rgb(40,60,160)\" stroke-dasharray=\"3,2\""
	else if (k != "" && a == 0) extra = " stroke=\"rgb(140,0,0)\""
	else extra = " stroke=\"white\" stroke-width=\"0.5\""
	printf "<g class=\"f\" data-depth=\"%d\" data-hidden=\"%.4f\"><title>%s</title><rect x=\"%.4f\" y=\"%.1f\" width=\"%.4f\" height=\"%.1f\" fill=\"%s\"%s/>", \
		depth, hidden, esc(tip), x, y, px, fh - 1, colour(d), extra
	fit = int((px - 4) / (fs * 0.6))
	if (length(label) > fit) label = fit >= 5 ? substr(label, 1, fit - 2) ".." : ""
	if (label != "")
		printf "<text x=\"%.2f\" y=\"%.1f\">%s</text>", x + 2, y + fh - 5, esc(label)
	printf "</g>\n"
	for (i = 1; i <= n; i++) {
		c = kid[k, i]
		if (W[c] * scale >= minpx) draw(c, x, depth + 1)
		x += W[c] * scale
	}
}
BEGIN { imgw = 1200; fh = 17; fs = 11; pad = 10; pad_top = 64; pad_bottom = 28; minpx = 0.1 }
FNR == 1 { side++ }
{
	n = $NF; p = $0; sub(/[ \t]+[0-9]+$/, "", p)
	if (p == "" || n !~ /^[0-9]+$/) next
	v = n / (side == 1 ? opsa : opsb)
	k = ""; m = split(p, f, ";")
	if (side == 1) inca[""] += v; else incb[""] += v
	for (i = 1; i <= m; i++) {
		c = k == "" ? f[i] : k ";" f[i]
		if (!(c in name)) { name[c] = f[i]; nkids[k]++; kid[k, nkids[k]] = c }
		if (side == 1) inca[c] += v; else incb[c] += v
		k = c
	}
	if (side == 1) selfa[k] += v; else selfb[k] += v
}
END {
	if (side < 2 && !(opsb > 0)) { print "flamegraph.awk: want two folded files" > "/dev/stderr"; exit 2 }
	for (k in name) { d = incb[k] - inca[k]; if (d < 0) d = -d; if (d > maxd) maxd = d }
	sortkids("")
	total = width("")
	scale = total > 0 ? (imgw - 2 * pad) / total : 0
	maxdepth = drawn_depth("", 0)
	imgh = pad_top + (maxdepth + 1) * fh + pad_bottom
	a = inca[""]; b = incb[""]
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"%d\">\n", imgw, imgh, imgw, imgh, fs
	printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", imgw, imgh
	printf "<text x=\"%d\" y=\"20\" font-size=\"15\" text-anchor=\"middle\">%s</text>\n", imgw / 2, esc(title)
	printf "<text x=\"%d\" y=\"38\" text-anchor=\"middle\">%s</text>\n", imgw / 2, \
		esc("instructions per op: " namea " " num(a) " -> " nameb " " num(b) ", " sgn(b - a) \
		(a > 0 ? sprintf(" (%+.1f%%)", 100 * (b - a) / a) : ""))
	printf "<text x=\"%d\" y=\"54\" text-anchor=\"middle\" fill=\"rgb(90,90,90)\">%s</text>\n", imgw / 2, \
		esc("width: the larger kernel's instructions per op in a frame; red: " nameb " gained, blue: lost; dashed: vanished in " nameb "; hover for counts")
	printf "<g id=\"frames\" data-total=\"%.4f\" data-width=\"%d\">\n", total * scale, imgw - 2 * pad
	draw("", pad, 0)
	printf "</g>\n"
	printf "<text x=\"%d\" y=\"%d\" fill=\"rgb(90,90,90)\">%s</text>\n", pad, imgh - 9, \
		esc("exact counts (QEMU plugin); call paths inferred from calls, returns and entries (guest/plugin/README.md)")
	printf "</svg>\n"
}
