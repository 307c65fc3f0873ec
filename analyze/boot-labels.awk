# SPDX-License-Identifier: GPL-2.0
# boot-labels.awk: a boot's facts file (KEY=VALUE lines; the first line of
# a key counts, commas read as spaces) into the labels sample-row.awk puts
# on its rows: variant, kernel, accel, cpu_model, qemu_cpu, flags_checked,
# boot. For collect-samples: awk -f lib/csv.awk -f analyze/boot-labels.awk
# -f analyze/sample-row.awk FACTS BENCH.CSV (one awk a boot, not a sed for
# each fact).
FILENAME == ARGV[1] {
	i = index($0, "=")
	if (i < 2) next
	k = substr($0, 1, i - 1)
	if (!(k in fact)) { x = substr($0, i + 1); gsub(/,/, " ", x); fact[k] = x }
	next
}
!labelled {
	labelled = 1
	variant = fact["variant"]; kernel = fact["uname"]; cpu_model = fact["cpu_model"]; boot = fact["boot"]
	accel = fact["accel"]
	if (accel == "icount" && fact["shift"] != "0") accel = "icount-shift" fact["shift"]
	# guest/nested-kvm's L2 boots: kvm inside a guest under tcg, never sizes
	if (accel == "kvm" && fact["nested"] != "") accel = "kvm-nested"
	# The guest refuses a run whose masked flags are visible; every row
	# records what was checked.
	n = split(fact["mask"], f, / /)
	flags_checked = ""
	for (j = 1; j <= n; j++) if (f[j] != "") flags_checked = flags_checked (flags_checked ? ";" : "") "no-" f[j]
	if (flags_checked == "") flags_checked = "none"
	# The CPU as QEMU was given it (model and masked flags): cells of one
	# kernel booted on two CPUs are kept apart.
	qemu_cpu = fact["cpu_spec"] != "" ? fact["cpu_spec"] : fact["qemu_cpu"]
}
