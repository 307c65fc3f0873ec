# SPDX-License-Identifier: GPL-2.0
# A/B scaling chart: ops/s against tasks, one line per kernel, error bars
# from the boots, the %change and verdict above each task count.
# Called as: gnuplot -c SCRIPT DATA OUT FMT BASE NEW TITLE... (fmt png or
# svg; each TITLE argument a line of the title, wrapped to fit: the last
# one says what the accelerator's curve can mean). The arguments are
# strings (ARG1...): never evaluated as gnuplot code.
# data columns: tasks base_mean base_stddev new_mean new_stddev change_pct verdict
if (ARGC < 6) { print "usage: gnuplot -c ".ARG0." DATA OUT FMT BASE NEW TITLE..."; exit status 2 }
data = ARG1; out = ARG2; fmt = ARG3; base = ARG4; new = ARG5
title = ARG6; do for [i = 7:ARGC] { title = title."\n".value("ARG".i) }
width = 800; height = 480
dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
load dirname(ARG0)."common.gp"
set output out
set title wrap(title) noenhanced
set xlabel "tasks (worker processes or threads)"
set xtics 1
set autoscale xfix
set offsets 0.25, 0.25, graph 0.12, 0
set ylabel "ops/s (mean ± stddev over boots)"
set yrange [0:*]
set format y "%.2s%c"
set grid
top(a, b) = a > b ? a : b
plot data using 1:2:3 with yerrorlines title base lc rgb "#7f7f7f" pt 7, \
     ''   using 1:4:5 with yerrorlines title new lc rgb "#1f77b4" pt 7, \
     ''   using 1:(top($2 + $3, $4 + $5)):(sprintf("%+.1f%% %s", $6, strcol(7))) with labels offset 0,1 notitle
