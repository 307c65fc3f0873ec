# SPDX-License-Identifier: GPL-2.0
# Waterfall of a series' per-patch attribution (series/series-report).
# gnuplot -c plot/series.gp DATA OUT png|svg TITLE
# DATA columns: x label start end kind (0 base/total, 1 up, 2 down,
# 3 no change); start/end: cumulative %change against the base. Each
# patch's box goes from where the one before it ended to where it ends;
# the last box is the whole series.
data = ARG1; out = ARG2; fmt = ARG3; title = ARG4
width = 800; height = 480
dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
load dirname(ARG0)."common.gp"
set output out
set title wrap(title) noenhanced
set ylabel "% change against the base (cumulative)"
set xlabel "patch (in the series' order)"
set grid ytics
set key off
set xtics noenhanced
set style fill solid 0.8 border -1
set offsets 0.5, 0.5, 0, 0
set yrange [*:*]
set xzeroaxis lt -1
# kind -> colour: base/total grey, up blue, down red, no change light grey
colour(k) = k == 0 ? 0x7f7f7f : k == 1 ? 0x1f77b4 : k == 2 ? 0xd62728 : 0xc7c7c7
height(s, e) = abs(e - s) < 1e-9 ? 0 : e - s
plot data using 1:(($3 + $4) / 2):($1 - 0.35):($1 + 0.35):3:4:(colour($5)):xtic(2) \
	     with boxxyerror lc rgb variable, \
     ''   using 1:($3 > $4 ? $3 : $4):($1 == 0 ? "" : sprintf("%+.1f%%", height($3, $4))) \
	     with labels offset 0,0.8
