# SPDX-License-Identifier: GPL-2.0
# A/B bar chart: one group per testcase, one bar per kernel; the base's
# error bar its stddev over boots, the new one's the interval of the
# change (in the base's ops/s); the %change and its interval written
# above the new bar.
# Called as: gnuplot -c SCRIPT DATA OUT FMT BASE NEW TITLE... (fmt png or
# svg; each TITLE argument a line of the title, wrapped to fit).
# The arguments are strings (ARG1...): never evaluated as gnuplot code.
# data columns: testcase base_mean base_stddev new_mean new_stddev change_pct
#   lo_ops hi_ops "label" (the interval as ops/s: base_mean x (1 + lo/100);
#   both new_mean where there is none; label: "+4.2% [+1.1, +7.5]")
if (ARGC < 6) { print "usage: gnuplot -c ".ARG0." DATA OUT FMT BASE NEW TITLE..."; exit status 2 }
data = ARG1; out = ARG2; fmt = ARG3; base = ARG4; new = ARG5
title = ARG6; do for [i = 7:ARGC] { title = title."\n".value("ARG".i) }
width = 800; height = 480
dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
load dirname(ARG0)."common.gp"
set output out
set title wrap(title) noenhanced
set style data histogram
set style histogram errorbars gap 1.5 lw 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xlabel wrap("testcase (above each pair: the %change of ".new." against ".base.")") noenhanced
set ylabel "ops/s; bars: ±stddev (base), interval (new)"
set yrange [0:*]
# room above the tallest bar for its %change
set offsets 0, 0, graph 0.08, 0
set format y "%.2s%c"
set grid ytics
set xtics noenhanced
# In a two-bar cluster the second bar sits a quarter unit right of centre
# with a gap of 1.5; the label goes just above its error bar.
plot data using 2:3:xtic(1) title base lc rgb "#7f7f7f", \
     ''   using 4:7:8 title new lc rgb "#1f77b4", \
     ''   using ($0 + 0.2):($8 > $4 ? $8 : $4):9 with labels offset 0,0.8 noenhanced notitle
