# print-table.awk: compare.csv -> the LKP-style table on stdout.
# Columns are looked up by name in the header.
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
function pct(sd, mean) { return mean > 0 ? sprintf("%.1f%%", 100 * sd / mean) : "-" }
function v(name) { return $(c[name]) }
v("group") !~ /^seed / {
	g = v("group") " [" v("mode") ", tasks=" v("tasks") "; " v("accel") ", " v("cpu_model") "]"
	if (g != last) {
		flush()
		printf "\n%s\n%14s %8s %10s %14s %8s  %s\n", g, v("base_variant"), "±stddev", "%change", v("new_variant"), "±stddev", "testcase"
		last = g
	}
	printf "%14.0f %8s %+9.1f%% %1s%14.0f %8s  %s\n", v("base_mean"), "±" pct(v("base_stddev"), v("base_mean")),
		v("change_pct"), v("beyond_noise"), v("new_mean"), "±" pct(v("new_stddev"), v("new_mean")), v("base_test")
	logsum += log(v("new_mean") / v("base_mean")); nlog++
	next
}
{ seeds[++nseeds] = $0 }
function flush() {
	if (nlog) printf "%34s %+.1f%%\n", "geometric mean of ratios:", (exp(logsum / nlog) - 1) * 100
	logsum = nlog = 0
}
END {
	flush()
	if (!nseeds) exit
	printf "\nseed reproduction (published: results/published.csv)\n"
	printf "%-5s %-44s %-48s %5s %9s %9s  %-7s %s\n", "seed", "figure", "kernels", "tasks", "published", "measured", "accel", "sign"
	for (i = 1; i <= nseeds; i++) {
		$0 = seeds[i]
		printf "%-5s %-44s %-48s %5s %+8.1f%% %+8.1f%%%1s %-7s %s\n", substr(v("group"), 6), v("label"),
			v("base_variant") (v("base_test") != v("new_test") ? ":" v("base_test") : "") " -> " v("new_variant") (v("base_test") != v("new_test") ? ":" v("new_test") : ""), v("tasks"),
			v("published_pct"), v("change_pct"), v("beyond_noise"), v("accel"), v("sign_agrees") == "yes" ? "agrees" : "differs"
	}
}
