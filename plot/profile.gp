# SPDX-License-Identifier: GPL-2.0
# profile.gp: instructions per op by function for one compared pair, side by side.
#   gnuplot -c plot/profile.gp DATA OUT TERM TITLE BASE NEW
# DATA: lines "name" base new (report/profile-report); TERM: png or svg.
# Names and titles arrive as strings (ARGn), never as gnuplot code.
data = ARG1; out = ARG2; term = ARG3; title = ARG4; base = ARG5; new = ARG6
if (term eq "svg") {
	set terminal svg size 1000,560 dynamic font "sans,11"
} else {
	set terminal pngcairo size 1000,560 font "sans,10"
}
set output out
set title title noenhanced
set ylabel "instructions per op"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -35 nomirror noenhanced
set key outside top center horizontal noenhanced
set grid ytics
set yrange [0:*]
set bmargin 9
plot data using 2:xtic(1) title base, '' using 3 title new
