# SPDX-License-Identifier: GPL-2.0
# will-it-scale's chart of one kernel and testcase: ops/s against tasks,
# processes and threads, and the linear line (1 task's figure times tasks);
# each point is labelled with the CPUs' idle % while it ran.
# Called as: gnuplot -c SCRIPT DATA OUT FMT TITLE WHAT NOTE (fmt png or
# svg; WHAT: the kernel, accelerator and CPU, NOTE what the curve means).
# The arguments are strings (ARG1...): never evaluated as gnuplot code.
# data columns: tasks processes threads linear processes_idle threads_idle
# ("?": not measured)
if (ARGC != 6) { print "usage: gnuplot -c ".ARG0." DATA OUT FMT TITLE WHAT NOTE"; exit status 2 }
data = ARG1; out = ARG2; fmt = ARG3; title = ARG4; what = ARG5; note = ARG6
if (fmt eq "svg") set terminal svg size 800,480 dynamic font "sans,11"; \
else set terminal pngcairo size 800,480 font "sans,10"
set output out
set datafile missing "?"
set title title."\n".what."\n".note noenhanced
set xlabel "tasks"
set xtics 1
set autoscale xfix
set offsets 0.25, 0.25, graph 0.1, 0
set ylabel "ops/s (mean over boots)"
set yrange [0:*]
set format y "%.2s%c"
set key top left noenhanced
set grid
plot data using 1:4 with lines title "linear" lc rgb "#7f7f7f" dt 2, \
     ''   using 1:2 with linespoints title "processes" lc rgb "#1f77b4" pt 7, \
     ''   using 1:3 with linespoints title "threads" lc rgb "#d62728" pt 5, \
     ''   using 1:2:(strcol(5) eq "?" ? "" : strcol(5)."% idle") with labels right offset -1,0 font ",8" tc rgb "#1f77b4" notitle, \
     ''   using 1:3:(strcol(6) eq "?" ? "" : strcol(6)."% idle") with labels left offset 1,0 font ",8" tc rgb "#d62728" notitle
