# Scaling chart of a native run: plot/scaling.gp with its inputs as
# arguments, so no gnuplot code is ever built from names.
#   gnuplot -c tools/native-scaling.gp DATA OUT FMT TITLE BASE NEW
# DATA columns: tasks base_mean base_stddev new_mean new_stddev
data = ARG1; out = ARG2; fmt = ARG3; title = ARG4; base = ARG5; new = ARG6
load "plot/scaling.gp"
