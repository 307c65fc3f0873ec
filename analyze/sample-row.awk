# SPDX-License-Identifier: GPL-2.0
# sample-row.awk: a boot's bench.csv (build/bench/kabench; columns by name) into
# rows of samples.csv (analyze/columns samples), for collect-samples:
# awk -f lib/csv.awk -f analyze/sample-row.awk with cols (the
# header) and what labels the boot: experiment, variant, kernel, profile,
# accel, cpu_model, qemu_cpu, flags_checked, boot.
FNR == 1 { csv_header(); if (!csv_need("kind test mode tasks sample elapsed_s ops ops_per_s")) exit 2; next }
v("kind") == "sample" {
	r["experiment"] = experiment; r["variant"] = variant; r["kernel"] = kernel; r["profile"] = profile
	r["accel"] = accel; r["cpu_model"] = cpu_model; r["qemu_cpu"] = qemu_cpu; r["flags_checked"] = flags_checked
	r["testcase"] = v("test"); r["mode"] = v("mode"); r["tasks"] = v("tasks"); r["boot"] = boot
	r["sample"] = v("sample"); r["elapsed_s"] = v("elapsed_s"); r["ops"] = v("ops"); r["ops_per_s"] = v("ops_per_s")
	r["idle_pct"] = v("idle_pct")
	print csv_row(cols, r)
}
