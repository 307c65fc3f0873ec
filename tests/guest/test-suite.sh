#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The whole testcase list in the minimal 6.1 guest under icount (the tests'
# one base kernel): one boot runs every testcase (kabench --list) once as
# processes and once as threads, each counting ops with no error, except
# those that need a newer kernel, which the worker reports as unsupported
# (exit 3); a second boot with the same seed, run beside the first, gives the same op count in
# every sample of every testcase (or, when it does not, a third boot gives
# the op counts of one of the two).
# foreground: its replay boot must give the first boot's op counts.
. tests/lib.sh
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
make -s build/bench/kabench initramfs >/dev/null 2>&1 || { fail "make initramfs"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every testcase once: an alias (getppid1 for getppid) is the same one.
tests=$(build/bench/kabench --list | awk -F'\t' '$NF !~ /^alias of / { print $1 }' | paste -sd, -)
n=$(echo "$tests" | tr , '\n' | wc -l)
# What 6.1 lacks: O_DIRECT on tmpfs (read3, read4: 6.6+) and newfstatat
# with a NULL path (fstatat_null: 6.11+).
newer="read3 read4 fstatat_null"

# boot N: the whole list, both modes, two 5 ms samples each, seed 7 (at
# least ~210 ops a sample, malloc1; 10 ms samples cost 2.8 s more a boot).
boot() {
	guest/run-guest --kernel "$img" --out "$tmp/b$1" --accel icount --seed 7 \
		--tests "$tests" --mode both --interval 0.005 --warmup 0 --samples 2 2>"$tmp/b$1.err"
}
t0=$(date +%s)
# The replay (boot 2) runs beside boot 1: two icount boots at a time on
# the two cores, as make bench runs its cells.
boot 2 &
b2=$!
boot 1
rc=$? t=$(($(date +%s) - t0))
v=$(head -n 1 "$tmp/b1/verdict" 2>/dev/null)
check "$n testcases x 2 modes in one icount boot of 6.1: exit 0, verdict ok (got $rc, $v; ${t}s)" [ $rc -eq 0 -a "$v" = ok ]
[ "$v" = ok ] || sed -n 2,12p "$tmp/b1/verdict"
for mode in processes threads; do
	missing=$(for tc in $(echo "$tests" | tr , ' '); do
		case " $newer " in *" $tc "*) continue ;; esac
		awk -F, -v t="$tc" -v m="$mode" '$1 == "sample" && $2 == t && $3 == m && $7 > 0 { n++ } END { exit n != 2 }' \
			"$tmp/b1/bench.csv" || echo "$tc"
	done | paste -sd' ' -)
	check "every testcase counted ops in both samples as $mode (missing: ${missing:-none})" [ -z "$missing" ]
done
nn=$(echo $newer | wc -w)
check "status.csv: every run ok but the $nn that need a newer kernel ($(grep -vc ',ok$' "$tmp/b1/status.csv") lines otherwise, header included)" \
	[ "$(grep -c ',ok$' "$tmp/b1/status.csv")" -eq $((2 * (n - nn))) ]
for tc in $newer; do
	check "$tc, which needs a newer kernel, is unsupported in both modes on 6.1" \
		[ "$(grep -c "^$tc,.*,unsupported$" "$tmp/b1/status.csv")" -eq 2 ]
done
# A worker writes to stderr only to say why a testcase is unsupported.
re="^@@kabench err kabench: ($(echo $newer | tr ' ' '|')): not supported by this kernel: needs "
check "no worker wrote to stderr but to say what the $nn unsupported ones need" \
	sh -c 'grep -q "^@@kabench err " "$1" && ! grep "^@@kabench err " "$1" | grep -Evq "$2"' - "$tmp/b1/console.log" "$re"
grep '^@@kabench err ' "$tmp/b1/console.log" | grep -Ev "$re" | head -n 5
for tc in $newer; do
	check "$tc says on stderr which kernel feature it needs" \
		grep -q "^@@kabench err kabench: $tc: not supported by this kernel: needs .*(.*Linux 6\.[0-9]*+)" "$tmp/b1/console.log"
done

wait $b2
ops() { awk -F, '$1 == "sample" { print $2, $3, $5, $7 }' "$1/bench.csv"; }
ops "$tmp/b1" >"$tmp/ops1"
ops "$tmp/b2" >"$tmp/ops2"
differ=$(diff "$tmp/ops1" "$tmp/ops2" | awk '/^[<>]/ { print $2 "/" $3 }' | sort -u | paste -sd' ' -)
# QEMU 7.2's icount does not always replay (README, "What these machines
# do not give"): beside a full make test this boot pair can diverge from
# the first testcase on, where alone such boots agree. A third boot then
# decides (tests/lib.sh, replayed): it must give exactly the op counts of
# one of the two.
[ -z "$differ" ] || echo "# the second boot differed in: $differ"
third() { boot 3; ops "$tmp/b3" >"$tmp/ops3"; }
replayed "boots with seed 7: two give the same op count in all $(wc -l <"$tmp/ops1") samples" \
	"$tmp/ops1" "$tmp/ops2" "$tmp/ops3" third
