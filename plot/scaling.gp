# SPDX-License-Identifier: GPL-2.0
# will-it-scale's chart of one kernel and testcase: ops/s against tasks,
# processes and threads, and the linear line (1 task's figure times tasks);
# each point is labelled with the CPUs' idle % while it ran.
# Called as: gnuplot -c SCRIPT DATA OUT FMT TITLE... (fmt png or svg;
# each TITLE argument a line of the title, wrapped to fit: what ran, the
# kernel, accelerator and CPU, what the curve means).
# The arguments are strings (ARG1...): never evaluated as gnuplot code.
# data columns: tasks processes threads linear processes_idle threads_idle
# ("?": not measured)
if (ARGC < 4) { print "usage: gnuplot -c ".ARG0." DATA OUT FMT TITLE..."; exit status 2 }
data = ARG1; out = ARG2; fmt = ARG3
title = ARG4; do for [i = 5:ARGC] { title = title."\n".value("ARG".i) }
width = 800; height = 480
dirname(s) = strstrt(s, "/") ? s[1:strstrt(s, "/")].dirname(s[strstrt(s, "/") + 1:]) : ""
load dirname(ARG0)."common.gp"
set output out
set datafile missing "?"
set title wrap(title) noenhanced
set xlabel "tasks (worker processes or threads)"
set xtics 1
set autoscale xfix
set offsets 0.25, 0.25, graph 0.1, 0
set ylabel "ops/s (mean over boots)"
set yrange [0:*]
set format y "%.2s%c"
set grid
plot data using 1:4 with lines title "linear" lc rgb "#7f7f7f" dt 2, \
     ''   using 1:2 with linespoints title "processes" lc rgb "#1f77b4" pt 7, \
     ''   using 1:3 with linespoints title "threads" lc rgb "#d62728" pt 5, \
     ''   using 1:2:(strcol(5) eq "?" ? "" : strcol(5)."% idle") with labels right offset -1,0 font ",8" tc rgb "#1f77b4" notitle, \
     ''   using 1:3:(strcol(6) eq "?" ? "" : strcol(6)."% idle") with labels left offset 1,0 font ",8" tc rgb "#d62728" notitle
