# SPDX-License-Identifier: GPL-2.0
# profile.gp: instructions per op by function for one compared pair, side by side.
#   gnuplot -c plot/profile.gp DATA OUT FMT BASE NEW XLABEL TITLE...
# DATA: lines "name" base new (report/profile-report: names of at most 24
# characters, the bars too small to see summed into one); FMT: png or
# svg; each TITLE argument a line of the title, wrapped to fit. Names and
# titles arrive as strings (ARGn), never as gnuplot code.
if (ARGC < 7) { print "usage: gnuplot -c ".ARG0." DATA OUT FMT BASE NEW XLABEL TITLE..."; exit status 2 }
data = ARG1; out = ARG2; fmt = ARG3; base = ARG4; new = ARG5; xlabel = ARG6
title = ARG7; do for [i = 8:ARGC] { title = title."\n".value("ARG".i) }
width = 1000; height = 560
dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
load dirname(ARG0)."common.gp"
set output out
set title wrap(title) noenhanced
set xlabel wrap(xlabel) noenhanced
set ylabel "instructions per op"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -35 nomirror noenhanced
set grid ytics
set yrange [0:*]
# A name slants down to the right of its bar: 24 characters need about
# 150 px beyond the last tick, which sits half a cluster inside the
# plot's right edge.
set rmargin at screen 1 - 120.0 / width
plot data using 2:xtic(1) title base, '' using 3 title new
