# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# plot/draw: one gnuplot draws every chart of a list; a chart that fails
# is named on stderr (its output file and gnuplot's error), exit 1, and
# the charts after it are still drawn; a quote in a title is text. Then
# what a reader sees of every kind of chart, and of a report's charts:
# text inside the chart, titles wrapped and distinct, axes labelled, a
# profile's small bars summed into "other" and its totals in the title.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '"fstat" 100 1 150 2 +50.0 140 160 "+50.0%% [+40.0, +60.0]"\n' >"$tmp/d.dat"
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

# What a reader sees of a chart. The SVG names every line of text, where
# it is anchored, its rotation and font size; DejaVu Sans (fontconfig's
# sans here) gives each character its advance width (thousandths of an
# em; past ASCII: a whole em). A line fits when, drawn at 4/3 its SVG
# size (the SVG's 11 read as points at 96 dpi, as some viewers do: 14.7
# px an em; the PNG's sans 10 is about 12.9), it stays inside the chart.
# svg_text SVG...: one line per text line, in the file's order: FILE,
# x0, x1, y0, y1, width, height, anchor, rotation, y, x, text
# (tab-separated).
svg_text() {
	awk '
	BEGIN {
		n = split("32 318 33 401 34 460 35 838 36 636 37 950 38 780 39 275 40 390 41 390 42 500 43 838 44 318 45 361 46 318 47 337 48 636 49 636 50 636 51 636 52 636 53 636 54 636 55 636 56 636 57 636 58 337 59 337 60 838 61 838 62 838 63 531 64 1000 65 684 66 686 67 698 68 770 69 632 70 575 71 775 72 752 73 295 74 295 75 656 76 557 77 863 78 748 79 787 80 603 81 787 82 695 83 635 84 611 85 732 86 684 87 989 88 685 89 611 90 685 91 390 92 337 93 390 94 838 95 500 96 500 97 613 98 635 99 550 100 635 101 615 102 352 103 635 104 634 105 278 106 278 107 579 108 278 109 974 110 634 111 612 112 635 113 635 114 411 115 521 116 392 117 634 118 592 119 818 120 592 121 592 122 525 123 636 124 337 125 636 126 838", a, " ")
		for (i = 1; i < n; i += 2) adv[sprintf("%c", a[i])] = a[i + 1]
	}
	FNR == 1 { W = H = "" }
	W == "" && match($0, /viewBox="0 0 [0-9.]+ [0-9.]+"/) { split(substr($0, RSTART + 9, RLENGTH - 10), a, " "); W = a[3]; H = a[4] }
	match($0, /<g transform="translate\([-0-9.]+,[-0-9.]+\)( rotate\([-0-9.]+\))?"[^>]*>/) {
		g = substr($0, RSTART, RLENGTH)
		split(g, a, /[(),]/); x = a[2]; y = a[3]; rot = g ~ /rotate/ ? a[5] % 360 : 0
		if (rot > 180) rot -= 360	# (-90 and 270 alike)
		size = match(g, /font-size="[0-9.]+"/) ? substr(g, RSTART + 11, RLENGTH - 12) : 11
		anchor = match(g, /text-anchor="[a-z]+"/) ? substr(g, RSTART + 13, RLENGTH - 14) : "start"
		want = 1; next
	}
	want && /<text>/ {
		want = 0; t = $0; sub(/^[ \t]*<text>/, "", t); sub(/<\/text>.*/, "", t); gsub(/<[^>]*>/, "", t)
		gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t); gsub(/&apos;/, "\047", t); gsub(/&amp;/, "\\&", t)
		w = 0
		for (i = 1; i <= length(t); i++) {
			c = substr(t, i, 1)
			if (c in adv) w += adv[c]
			else if (c >= "\300" || c < " ") w += 1000	# a UTF-8 lead byte: a whole em
		}
		w = w / 1000 * size * 4 / 3
		# where the line starts and ends: along its rotation (degrees,
		# clockwise), from its anchor
		r = rot * 3.14159265 / 180; k = anchor == "end" ? 1 : anchor == "middle" ? 0.5 : 0
		xs = x - k * w * cos(r); ys = y - k * w * sin(r); xe = xs + w * cos(r); ye = ys + w * sin(r)
		printf "%s\t%.0f\t%.0f\t%.0f\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", FILENAME, xs < xe ? xs : xe, xs < xe ? xe : xs,
			ys < ye ? ys : ye, ys < ye ? ye : ys, W, H, anchor, rot, y, x, t
	}' "$@"
}
# fits SVG...: every text line fits (the others named on stdout).
fits() {
	svg_text "$@" | awk -F'\t' '$2 < 0 || $3 > $6 || $4 < 0 || $5 > $7 { bad = 1
		printf "# %s: \"%s\" spans x %d..%d, y %d..%d of %dx%d\n", $1, $12, $2, $3, $4, $5, $6, $7 }
		END { exit bad }'
}
# titles SVG...: each chart's title, its lines joined by " / ". gnuplot
# draws the title last: the lines that end the file centred, unrotated,
# one under the other at one x.
titles() {
	for f in "$@"; do
		svg_text "$f" | awk -F'\t' '{ l[NR] = $0 }
			END { for (i = NR; i >= 1; i--) { split(l[i], a, "\t")
					if (a[8] != "middle" || a[9] != 0 || (i < NR && (a[11] != x || a[10] >= y))) break
					x = a[11]; y = a[10]; t = a[12] (t == "" ? "" : " / " t) }
				print t }'
	done
}
# edge_ink PNG...: how many pixels of each PNG's outermost rows and
# columns are not near white (text cut at the edge leaves some), read by
# gnuplot itself (its png file type); "FILE N" for each with any.
edge_ink() {
	for f in "$@"; do
		[ -s "$f" ] || { echo "$f missing"; continue; }
		# shellcheck disable=SC2046 # (the eight bytes of width and height)
		set -- $(od -An -tu1 -j16 -N8 "$f")
		w=$(($1 * 16777216 + $2 * 65536 + $3 * 256 + $4)) h=$(($5 * 16777216 + $6 * 65536 + $7 * 256 + $8))
		gnuplot -e "set table '$tmp/edge'; plot '$f' binary filetype=png using 1:2:3 every $((w - 1)):1 with table, '' binary filetype=png using 1:2:3 every 1:$((h - 1)) with table" 2>/dev/null
		awk -v f="$f" '$3 + $4 + $5 < 700 { n++ } END { if (n || NR == 0) print f, n + 0 }' "$tmp/edge"
	done
}

# --png-svg: one line, both formats.
printf 'plot/ab-bars.gp\t%s\t%s\tbase\tnew\tone\n' "$tmp/d.dat" "$tmp/both" | plot/draw --png-svg 2>"$tmp/err3"
check "--png-svg draws STEM.png and STEM.svg from one line" sh -c '
	[ ! -s "$1/err3" ] && [ "$(head -c 4 "$1/both.png" | tail -c 3)" = PNG ] && grep -q "<svg" "$1/both.svg"' - "$tmp"

# The worst titles and names: every kind of chart with a title of 230
# characters (one word of 60 among them); a profile of 10 functions, the
# last one's name as long as report/profile-report makes one (24).
long="run-with-a-long-name: 6.12-no-movsq-and-more -> 6.12-with-a-patch-series, processes, tasks=1, icount, QEMU TCG CPU version 2.5+, -cpu max -erms -fsrm -avx512f $(printf 'x%.0s' $(seq 60)) and the rest of it"
for i in 1 2 3 4 5 6 7 8 9; do echo "f$i $((100 - i)) $((90 - i))"; done >"$tmp/p.dat"
echo '"__hrtimer_nx…nstprop.0_x" 5 6' >>"$tmp/p.dat"
printf '1 100 1 150 2 +50.0 "improved"\n2 190 1 290 2 +52.6 "improved"\n' >"$tmp/s.dat"
printf '1 100 110 100 50.0 49.0\n2 190 200 200 0.0 0.0\n' >"$tmp/w.dat"
printf '0 base 0 0 0\n1 "patch 1" 0 10 1\n2 total 0 10 0\n' >"$tmp/x.dat"
{
	printf 'plot/ab-bars.gp\t%s\t%s\tbase\tnew\t%s\t%s\n' "$tmp/d.dat" "$tmp/l-ab" "$long" "second line"
	printf 'plot/scaling-ab.gp\t%s\t%s\tbase\tnew\t%s\t%s\n' "$tmp/s.dat" "$tmp/l-sab" "$long" "second line"
	printf 'plot/scaling.gp\t%s\t%s\t%s\t%s\n' "$tmp/w.dat" "$tmp/l-sc" "$long" "second line"
	printf 'plot/profile.gp\t%s\t%s\tbase\tnew\t%s\t%s\t%s\n' "$tmp/p.dat" "$tmp/l-pr" "function (what a bar is)" "$long" "second line"
	printf 'plot/series.gp\t%s\t%s\t%s\n' "$tmp/x.dat" "$tmp/l-se" "$long"
} | plot/draw --png-svg 2>"$tmp/err4"
check "every kind of chart is drawn with a 230-character title" sh -c '[ ! -s "$1" ] && [ "$(ls "$2"/l-*.svg "$2"/l-*.png | wc -l)" -eq 10 ]' - "$tmp/err4" "$tmp"
check "... wrapped: every line of text fits inside the SVG" fits "$tmp"/l-*.svg
no_edge_ink() { bad=$(edge_ink "$@"); [ -z "$bad" ] || { echo "$bad" | sed 's/^/# text at the edge: /'; return 1; }; }
check "... and no PNG has text cut at its edges" no_edge_ink "$tmp"/l-*.png
# Wrapping loses nothing: the title's lines, spaces and breaks left out,
# are the title's characters.
whole() {
	want=$(printf '%s' "$long" | tr -d ' ')
	for f in "$tmp"/l-*.svg; do
		got=$(titles "$f" | sed 's| / ||g' | tr -d ' ')
		case $f in *l-se.svg) ;; *) got=${got%secondline} ;; esac
		[ "$got" = "$want" ] || { echo "# $f: $(titles "$f")"; return 1; }
	done
}
check "... and no character of the title was lost" whole

# A report's charts: the reference run's (A/B bars and profiles), and a
# tcg run of two task counts, processes and threads (A/B bars, A/B and
# will-it-scale curves).
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }
mkdir "$tmp/reference" "$tmp/tcg"
cp -r results/reference/samples.csv results/reference/experiment.exp results/reference/boots "$tmp/reference/"
printf 'compare 6.1 6.1-fstat fstat read1 cpu=max mask=none\nprofile minimal\naccel tcg\ncpu max\nmask none\nsmp 2\ntasks 1,2\nmode both\ninterval 1\nwarmup 0\nsamples 1\nrepeats 2\nshift 0\n' >"$tmp/tcg/experiment.exp"
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s,idle_pct"
	for m in processes threads; do for t in 1 2; do for b in 1 2; do for k in 6.1 6.1-fstat; do for x in fstat read1; do
		ops=$((1000 * t + 10 * b + ${#k} + ${#x}))
		echo "tcg,$k,6.1.192-kabench-$k-minimal,minimal,tcg,QEMU TCG CPU version 2.5+,max,none,$x,$m,$t,$b,1,1.0,$ops,$ops,$((50 / t))"
	done; done; done; done; done
} >"$tmp/tcg/samples.csv"
for r in reference tcg; do plan/run-experiment REPORT="$tmp/$r" >/dev/null 2>"$tmp/$r.err" || cat "$tmp/$r.err"; done
set -- "$tmp"/reference/*.svg "$tmp"/tcg/*.svg
check "the reports have their charts (reference: 3 A/B, 13 profiles; tcg: 2 A/B, 4 A/B curves, 4 will-it-scale)" \
	[ "$(ls "$tmp"/reference/ab-*.svg "$tmp"/reference/profile-*.svg | wc -l)/$(ls "$tmp"/tcg/ab-[0-9].svg "$tmp"/tcg/ab-scaling-*.svg "$tmp"/tcg/scaling-*.svg | wc -l)" = 16/10 ]
check "every line of text of every chart fits inside it" fits "$@"
check "... and no PNG has text cut at its edges" no_edge_ink "$tmp"/reference/*.png "$tmp"/tcg/*.png
# Within a report no two charts share a title.
unique_titles() {
	for r in reference tcg; do
		titles "$tmp/$r"/*.svg >"$tmp/titles-$r"
		dup=$(sort "$tmp/titles-$r" | uniq -d)
		[ -z "$dup" ] && ! grep -qx '' "$tmp/titles-$r" || { echo "$dup" | sed "s|^|# $r: twice: |"; return 1; }
	done
}
check "every chart has a title, none twice in a report" unique_titles
check "... which names the run, the accelerator and the CPU" sh -c '
	grep -v "^reference: .*icount, QEMU TCG CPU version 2.5+" "$1" | sed "s/^/# /" | grep . && exit 1
	grep -v "^tcg: .*tcg, QEMU TCG CPU version 2.5+" "$2" | sed "s/^/# /" | grep . && exit 1
	[ "$(cat "$1" "$2" | wc -l)" -eq 26 ]' - "$tmp/titles-reference" "$tmp/titles-tcg"
# Both axes say what they count: the y label (rotated) its unit, the x
# label what a bar or point is.
axes() {
	for f in "$@"; do
		svg_text "$f" | awk -F'\t' -v f="$f" '
			$9 == -90 && $12 ~ /ops\/s|instructions per op|% change/ { y = 1 }
			$9 == 0 && $12 ~ /^(testcase|tasks|function|patch)[ ,(]/ { x = 1 }
			END { if (!x || !y) { printf "# %s: %s\n", f, !x ? "no x label" : "no y label"; exit 1 } }' || return 1
	done
}
check "every chart labels both axes with what they count" axes "$@" "$tmp"/l-*.svg
# Each profile chart against its table in report.md: the functions the
# table shows, those under 1% of the tallest bar summed into one "other"
# bar when there are two or more; no name over 24 characters; the totals
# in the title.
profiles() {
	awk -F'|' -v tmp="$tmp" '
		function num(s) { gsub(/[ *`]/, "", s); return s + 0 }
		/^### / { n = 0; tall = 0; tot = "" }
		/^Instructions per op, kernel \+ user/ { s = $0; gsub(/\*\*/, "", s); sub(/: /, "\t", s); split(s, a, "\t"); gsub(/,/, "", a[2]); split(a[2], b, " "); tot = b[2] " " b[4] }
		/^\| `/ { n++; v = num($4) > num($5) ? num($4) : num($5); h[n] = v; if (v > tall) tall = v }
		/^!\[instructions per op by function: .*\]\(profile-[0-9]+\.png\)/ {
			f = $0; sub(/.*\(/, "", f); sub(/\.png\)$/, ".svg", f); small = 0
			for (i = 1; i <= n; i++) if (100 * h[i] < tall) small++
			print f "\t" n "\t" (small >= 2 ? small : 0) "\t" tot
		}' "$tmp/reference/report.md" >"$tmp/profiles"
	[ "$(wc -l <"$tmp/profiles")" -eq 13 ] || { echo "# $(wc -l <"$tmp/profiles") profile charts in report.md"; return 1; }
	while IFS='	' read -r f n small tot; do
		svg_text "$tmp/reference/$f" | awk -F'\t' '$9 == 35 { print $12 }' >"$tmp/names"
		want=$((small >= 2 ? n - small + 1 : n))
		[ "$(wc -l <"$tmp/names")" -eq "$want" ] || { echo "# $f: $(wc -l <"$tmp/names") bars, want $want"; return 1; }
		if [ "$small" -ge 2 ]; then
			[ "$(tail -n 1 "$tmp/names")" = "other ($small functions)" ] || { echo "# $f: no \"other ($small functions)\" bar"; return 1; }
		else
			! grep -q '^other (' "$tmp/names" || { echo "# $f: an other bar with $small small ones"; return 1; }
		fi
		! awk '{ s = $0; gsub(/…/, ".", s) } length(s) > 24 { exit 1 }' "$tmp/names" && { echo "# $f: a name over 24 characters"; return 1; }
		set -- $tot
		titles "$tmp/reference/$f" | grep -qF ": $1 -> $2 (" || { echo "# $f: no total $1 -> $2 in its title"; return 1; }
	done <"$tmp/profiles"
}
check "profile charts: the table's functions, the ones too small to see as one \"other\" bar, the totals in the title" profiles
check "... the read1 chart: rep_movs_alternative, ksys_read and other (8 functions)" \
	[ "$(svg_text "$tmp/reference/profile-7.svg" | awk -F'\t' '$9 == 35 { print $12 }' | paste -sd,)" = "rep_movs_alternative,ksys_read,other (8 functions)" ]
