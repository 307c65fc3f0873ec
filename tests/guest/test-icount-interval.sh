#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Under icount a figure is an instruction count per op: the default
# experiment's short samples (seeds.exp's icount_interval) must give the
# figures of long ones. Two boots of the 6.1 minimal kernel with seed 3,
# fstat and read1, one with 0.2 s samples and one with the short ones:
# every testcase's ops/s agree within 0.1%. The boots' time split
# (lib/timing) has every phase, and the phases add up to the boot.
. tests/lib.sh
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
make -s initramfs >/dev/null 2>&1 || { fail "make initramfs"; exit 1; }
short=$(plan/experiment get bench/experiments/seeds.exp icount_interval)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# boot NAME INTERVAL
boot() {
	guest/run-guest --kernel "$img" --out "$tmp/$1" --accel icount --tests fstat,read1 \
		--interval "$2" --warmup 1 --samples 3 --seed 3 2>"$tmp/$1.err"
}
boot long 0.2
boot short "$short"
for d in long short; do
	v=$(head -n 1 "$tmp/$d/verdict" 2>/dev/null)
	check "$d boot: verdict ok (${v:-none}; $(tail -n 1 "$tmp/$d.err"))" [ "$v" = ok ]
done
# rate DIR TESTCASE: the summary row's ops/s.
rate() { awk -F, -v t="$2" '$1 == "summary" && $2 == t { print $8 }' "$1/bench.csv"; }
for t in fstat read1; do
	l=$(rate "$tmp/long" $t) s=$(rate "$tmp/short" $t)
	check "$t: ${short} s samples give the 0.2 s figure within 0.1% ($s vs $l ops/s)" \
		awk -v l="${l:-0}" -v s="${s:-0}" 'BEGIN { d = (s - l) / l; exit !(l > 0 && d < 0.001 && d > -0.001) }'
done
# The short boot's samples hold thousands of ops, not a handful.
min=$(awk -F, '$1 == "sample" { if (m == "" || $7 < m) m = $7 } END { print m + 0 }' "$tmp/short/bench.csv")
check "short samples hold >= 1000 ops each (fewest: $min)" [ "$min" -ge 1000 ]

lib/timing "$tmp/short" >"$tmp/split"
for p in boot probe test:fstat test:read1 off parse total; do
	check "time split has $p" grep -q "^$p [0-9]" "$tmp/split"
done
check "the phases add up to the boot's total (within 0.1 s)" awk '
	$1 == "total" { t = $2; next } { s += $2 } END { d = s - t; exit !(t > 0 && d < 0.1 && d > -0.1) }' "$tmp/split"
check "run-guest's log gives the split on one line" grep -q '^kabench: run-guest: time: boot [0-9.]*, probe .*tests .*(fstat .*, read1 .*)' "$tmp/short.err"
