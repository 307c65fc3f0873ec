# SPDX-License-Identifier: GPL-2.0
# One kernel's call graph over its boots: the callgrind files that
# guest/plugin's profile-attrib wrote for one testcase, mode and task
# count in each boot, summed (own instructions per function, calls and
# inclusive instructions per call edge add up over boots):
#   awk -v ops=N -v cmd=TEXT -v out=STEM -f analyze/callgraph-sum.awk F.callgrind...
# writes STEM.callgrind (the sum) and STEM.cachegrind (per function its
# own instructions per 10000 ops over all the boots' ops, each rounded as
# printf rounds, and in all), so that cg_diff of two kernels' files gives
# the difference of analyze/profile-summary's per-op figures.
FNR == 1 { fl = fn = cfl = cfn = ""; incall = 0 }
/^fl=/ { fl = substr($0, 4); next }
/^fn=/ { fn = substr($0, 4); k = fl SUBSEP fn; if (!(k in self)) { self[k] = 0; nf++; fkey[nf] = k } next }
/^cfl=/ { cfl = substr($0, 5); next }
/^cfn=/ { cfn = substr($0, 5); next }
/^calls=/ { split(substr($0, 7), a, " "); c = k SUBSEP cfl SUBSEP cfn; calls[c] += a[1]; incall = 1
	if (!(c in seen)) { seen[c] = 1; nc[k]++; ckey[k, nc[k]] = c } next }
/^[0-9]+ [0-9]+$/ && fn != "" { if (incall) { incl[c] += $2; incall = 0 } else self[k] += $2; next }
/^totals:/ { total += $2; next }
function sortv(v, n,    i, j, t) {
	for (i = 2; i <= n; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
}
END {
	if (!nf) { print "callgraph-sum: no functions in the callgrind files" > "/dev/stderr"; exit 1 }
	for (i = 1; i <= nf; i++) v[i] = fkey[i]
	sortv(v, nf)
	f = out ".callgrind"
	printf "# callgrind format\nversion: 1\ncreator: kabench (analyze/callgraph-sum.awk)\ncmd: %s\npart: 1\n", cmd > f
	printf "desc: Ir: guest instructions summed over the boots, counted exactly by the QEMU plugin kabench-prof\n" > f
	printf "desc: call paths inferred from call, return and entry instructions (guest/plugin/README.md)\n" > f
	printf "positions: line\nevents: Ir\nsummary: %.0f\n\n", total > f
	for (i = 1; i <= nf; i++) {
		k = v[i]; split(k, p, SUBSEP)
		printf "fl=%s\nfn=%s\n0 %.0f\n", p[1], p[2], self[k] > f
		n = nc[k]
		for (j = 1; j <= n; j++) w[j] = ckey[k, j]
		sortv(w, n)
		for (j = 1; j <= n; j++) { split(w[j], q, SUBSEP)
			printf "cfl=%s\ncfn=%s\ncalls=%.0f 0\n0 %.0f\n", q[3], q[4], calls[w[j]], incl[w[j]] > f }
		sum += self[k]
	}
	printf "\ntotals: %.0f\n", total > f
	close(f)
	f = out ".cachegrind"
	printf "desc: Ir_per_10k_ops: guest instructions per 10000 ops, each function's rounded\n" > f
	printf "desc: Ir: guest instructions over the measured samples of every boot (QEMU plugin kabench-prof, exact)\n" > f
	printf "cmd: %s\nevents: Ir_per_10k_ops Ir\n", cmd > f
	for (i = 1; i <= nf; i++) {
		k = v[i]; split(k, p, SUBSEP)
		if (!self[k]) continue
		x = ops > 0 ? sprintf("%.0f", self[k] * 10000 / ops) + 0 : 0
		s10k += x
		printf "fl=%s\nfn=%s\n0 %.0f %.0f\n", p[1], p[2], x, self[k] > f
	}
	printf "summary: %.0f %.0f\n", s10k, sum > f
	close(f)
	if (sum != total) { printf "callgraph-sum: own instructions %.0f, total %.0f\n", sum, total > "/dev/stderr"; exit 1 }
}
