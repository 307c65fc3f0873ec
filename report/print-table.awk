# SPDX-License-Identifier: GPL-2.0
# print-table.awk: compare.csv -> the LKP-style tables on stdout.
# One table per pair of kernels as measured (group, mode, accelerator, CPU
# model, QEMU CPU spec), a row per testcase and task count, the geometric
# mean of the new/base ratios over all its rows, the verdict in words; then
# the seed figures beside the published ones. Columns are looked up by name
# (awk -v way="$(analyze/columns way)" -v rule="$(compare --rule)" -f
# lib/csv.awk -f report/print-table.awk COMPARE.CSV [ESTIMATES.CSV]).
# A table of more than 10 rows (a suite, such as bench/experiments/wis.exp)
# opens with its improved and regressed rows, so that a change is not lost
# among the rest; the full table follows.
# An optional second file, estimates.csv (native/estimate), gives the
# seed table its column of native estimates.
BEGIN { FS = ","; withest = ARGC > 2; SPREAD_MAX = 5 }
# A figure's estimate is shown only where it holds on this host: it
# settled, or its spread is under SPREAD_MAX points; and every held-out
# row of it (the same cells through a proxy) agrees within the two
# spreads. Otherwise its cell says why ("not settled ±19.0", "held-out
# differs"); report/estimates-report has the details.
FILENAME != ARGV[1] {
	if (FNR == 1) { for (i = 1; i <= NF; i++) ec[$i] = i; next }
	if ($(ec["estimate_pct"]) == "-") next
	k = $(ec["group"]) SUBSEP $(ec["label"]) SUBSEP $(ec["base_variant"]) SUBSEP $(ec["base_test"]) SUBSEP $(ec["new_variant"]) SUBSEP $(ec["new_test"])
	e = $(ec["estimate_pct"]) + 0; sp = $(ec["spread_pct"]) * (1 + e / 100)
	if ($(ec["role"]) == "estimate") {
		ee[k] = e; es[k] = sp; nest++
		est[k] = $(ec["settled"]) != "yes" && sp >= SPREAD_MAX ? sprintf("not settled ±%.1f", sp) : sprintf("%+.1f%%±%.1f", e, $(ec["spread_pct"]))
	} else if (k in ee) {
		d = e - ee[k]
		if (d > es[k] + sp || -d > es[k] + sp) est[k] = "held-out differs"
	}
	next
}
NR == 1 {
	csv_header()
	if (!csv_need("group label accel cpu_model mode tasks base_variant base_test base_mean base_stddev new_variant new_test new_mean new_stddev change_pct verdict published_pct sign_agrees p_value min_effect_pct alpha")) { bad = 1; exit 2 }
	next
}
function pct(sd, mean) { return mean > 0 ? sprintf("%.1f%%", 100 * sd / mean) : "-" }
# The change and its interval: "+4.2% [+1.1, +7.5]"; "[-]" where there is
# none (one boot a side; too few boots for a rank interval).
function change() {
	return sprintf("%+.1f%% %s", v("change_pct"), !("ci_lo_pct" in csv_c) ? "" : v("ci_lo_pct") == "" ? "[-]" : sprintf("[%+.1f, %+.1f]", v("ci_lo_pct"), v("ci_hi_pct")))
}
# What a can't-tell row lacks: the change it could have seen, the boots a
# side that would settle it; a cell whose samples drift.
function why() {
	if (v("verdict") != "can't tell") return ""
	if ("steady" in csv_c && v("steady") == "no") return "  (not steady: its samples drift; raise WARMUP)"
	if (!("detectable_pct" in csv_c)) return ""
	return "  (" (v("detectable_pct") != "" ? sprintf("could see ±%.1f%%", v("detectable_pct")) : "no interval") \
		(v("boots_needed") != "" ? sprintf("; ~%d boots a side", v("boots_needed")) : "") ")"
}
function ptext(p) { return p == "" ? "-" : p + 0 < 0.001 ? "<0.001" : sprintf("%.3f", p) }
v("group") !~ /^seed / {
	t = table_key()
	if (!(t in nrows)) { table[++ntables] = t; title[t] = v("group") " [" v("mode") "; " v("accel") ", " v("cpu_model") (v("qemu_cpu") != "" ? "; -cpu " v("qemu_cpu") : "") "]"; head[t] = sprintf("%14s %8s %-26s %14s %8s %7s  %-12s %5s  %s", v("base_variant"), "±stddev", "  %change [" sprintf("%.4g", 100 * (1 - v("alpha"))) "% interval]", v("new_variant"), "±stddev", "p", "verdict", "tasks", "testcase") }
	if ("fdr_pairs" in csv_c && v("fdr_pairs") != "") { fdr = v("fdr_pairs"); alpha_seen = v("alpha") }
	if (v("group") ~ /@base -> / && v("accel") !~ /^icount/) across = 1
	if (!((t, v("base_test")) in ntask)) tests[t, ++ntests[t]] = v("base_test")
	k = ++ntask[t, v("base_test")]
	tasks[t, v("base_test"), k] = v("tasks") + 0
	line[t, v("base_test"), k] = sprintf("%14.0f %8s %-26s %14.0f %8s %7s  %-12s %5s  %s%s", v("base_mean"), "±" pct(v("base_stddev"), v("base_mean")),
		"  " change(), v("new_mean"), "±" pct(v("new_stddev"), v("new_mean")), ptext(v("p_value")), v("verdict"), v("tasks"), v("base_test"), why())
	logsum[t] += log(v("new_mean") / v("base_mean")); nrows[t]++
	if (v("verdict") == "improved" || v("verdict") == "regressed") changed[t, ++nchanged[t]] = line[t, v("base_test"), k]
	next
}
{ seeds[++nseeds] = $0 }
END {
	if (bad) exit 2
	for (i = 1; i <= ntables; i++) {
		t = table[i]
		if (nrows[t] > 10) {
			printf "\n%s\nimproved or regressed: %d of %d rows%s\n", title[t], nchanged[t], nrows[t], nchanged[t] ? "" : " (none)"
			if (nchanged[t]) print head[t]
			for (j = 1; j <= nchanged[t]; j++) print changed[t, j]
			printf "all rows:\n"
		} else
			printf "\n%s\n", title[t]
		print head[t]
		for (j = 1; j <= ntests[t]; j++) {
			x = tests[t, j]
			# rows of one testcase by task count (insertion sort)
			for (a = 2; a <= ntask[t, x]; a++)
				for (b = a; b > 1 && tasks[t, x, b - 1] > tasks[t, x, b]; b--) {
					s = tasks[t, x, b]; tasks[t, x, b] = tasks[t, x, b - 1]; tasks[t, x, b - 1] = s
					s = line[t, x, b]; line[t, x, b] = line[t, x, b - 1]; line[t, x, b - 1] = s
				}
			for (a = 1; a <= ntask[t, x]; a++) print line[t, x, a]
		}
		printf "%34s %+.1f%% (%d row%s)\n", "geometric mean of ratios:", (exp(logsum[t] / nrows[t]) - 1) * 100, nrows[t], nrows[t] == 1 ? "" : "s"
	}
	if (ntables || nseeds)
		printf "\nverdict: %s\n", rule
	if (fdr) printf "where time is real: %d %s in this run, false discovery rate %g over %s (Benjamini-Hochberg)\n", fdr, (fdr == 1 ? "pair" : "pairs"), alpha_seen, (fdr == 1 ? "it" : "them")
	if (across) print "two runs made at different times, where time is real: the host's drift between them is in every pair, and no interval covers it (an A/A of two native runs on a loaded host read -51.5%); for a verdict, compare both kernels in one run, whose boots are interleaved"
	if (!nseeds) exit
	printf "\nseed figures beside the published ones (results/published.csv; only on each seed's own kernels)\n"
	printf "%-5s %-44s %-48s %5s %9s %9s %-18s %7s  %-12s %-7s %s%s\n", "seed", "figure", "kernels", "tasks", "published", "measured", "interval", "ratio", "verdict", "accel", sprintf(withest ? "%-12s" : "%s", "sign"), withest ? " native est." : ""
	for (i = 1; i <= nseeds; i++) {
		$0 = seeds[i]
		d = v("base_test") != v("new_test")
		k = v("group") SUBSEP v("label") SUBSEP v("base_variant") SUBSEP v("base_test") SUBSEP v("new_variant") SUBSEP v("new_test")
		iv = change(); sub(/^[^ ]* /, "", iv)
		printf "%-5s %-44s %-48s %5s %+8.1f%% %+8.1f%% %-18s %7s  %-12s %-7s %s%s\n", substr(v("group"), 6), v("label"),
			v("base_variant") (d ? ":" v("base_test") : "") " -> " v("new_variant") (d ? ":" v("new_test") : ""), v("tasks"),
			v("published_pct"), v("change_pct"), iv, v("published_pct") + 0 != 0 ? sprintf("x%.2f", v("change_pct") / v("published_pct")) : "-",
			v("verdict"), v("accel"), sprintf(withest ? "%-12s" : "%s", v("sign_agrees") == "yes" ? "sign agrees" : v("sign_agrees") == "no" ? "sign differs" : "-"),
			withest ? " " (k in est ? est[k] : "-") : ""
	}
	if (nest) print "(native est.: this host's CPU and kernel, lowest-of-rounds native timing of the cells or of the proxies the guest profile accepted, ±spread over trials; shown only where it settled or its spread is under " SPREAD_MAX " points and its held-out checks agree; never from the published figure; details in the native estimates section)"
}
