#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The call graph files of two kernels read by Debian's valgrind tools:
# one profiled icount boot each of 6.1 and 6.1-fstat running
# fstatat_empty (seed 001's pair); cg_diff of their cachegrind files
# gives, function by function, exactly the difference of instructions
# per 10000 ops that their profile.csv rows give (each side rounded as
# printf rounds), and the same total.
. tests/lib.sh
make -s initramfs plugin >/dev/null 2>&1 || { fail "make initramfs plugin"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for v in 6.1 6.1-fstat; do
	img=$(kernel-patches/build "$v" 2>/dev/null) || { fail "kernel-patches/build $v"; exit 1; }
	guest/run-guest --kernel "$img" --out "$tmp/$v" --accel icount --seed 1 --profile \
		--tests fstatat_empty --interval 0.1 --warmup 1 --samples 2 2>"$tmp/$v.err"
	rc=$?
	check "$v: a profiled boot with its call graph files (exit $rc$(head -c 200 "$tmp/$v/profile.err" 2>/dev/null))" \
		[ $rc -eq 0 -a -s "$tmp/$v/callgraph/fstatat_empty-processes-1.cachegrind" ]
done
a=$tmp/6.1/callgraph/fstatat_empty-processes-1 b=$tmp/6.1-fstat/callgraph/fstatat_empty-processes-1
cg_diff "$a.cachegrind" "$b.cachegrind" >"$tmp/diff" 2>"$tmp/diff.err"
check "cg_diff reads both cachegrind files$(head -c 200 "$tmp/diff.err")" [ -s "$tmp/diff" ]
res=$(awk -v t=fstatat_empty '
	FNR == 1 { f++ }
	f == 1 && /^fl=/ { fl = substr($0, 4); next }
	f == 1 && /^fn=/ { fn = substr($0, 4); next }
	f == 1 && /^-?[0-9]+ / && fn != "" { cg[fl "," fn] += $2; next }
	f == 1 && /^summary:/ { cgsum = $2; next }
	f >= 2 && FNR > 1 && $1 == t && $6 == "symbol" { n[f, $7 "," $8] += $9; fns[$7 "," $8] = 1
		if (!seen[f, $4]++) ops[f] += $5 }
	END {
		for (x in fns) {
			d = sprintf("%.0f", n[3, x] * 10000 / ops[3]) - sprintf("%.0f", n[2, x] * 10000 / ops[2])
			nf++; tot += d
			if (d != cg[x] + 0) bad = bad " " x ":" d "/" cg[x]
			if (d < big) { big = d; bigf = x }
		}
		for (x in cg) if (!(x in fns) && cg[x] != 0) bad = bad " " x ":extra"
		printf "%d functions, total %+.4f/op (cg_diff %+.4f), largest %s %+.4f/op%s", nf, tot / 10000,
			cgsum / 10000, bigf, big / 10000, bad ? "; differ:" substr(bad, 1, 300) : ""
		exit !(nf > 0 && bad == "" && tot == cgsum) }' "$tmp/diff" FS=, "$tmp/6.1/profile.csv" "$tmp/6.1-fstat/profile.csv")
check "cg_diff 6.1 6.1-fstat: every function's difference per 10000 ops = profile.csv's ($res)" [ $? -eq 0 ]
