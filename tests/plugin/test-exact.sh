#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The plugin counts exactly: a static test init (tests/plugin/testinit.c)
# runs code of a known instruction count between marks, booted under
# icount with the cached 6.1 kernel. Its user-space counts must be exact:
# a loop of 2001 instructions, a 4 KB rep movsq (3 + 513 executions), a
# loop of 3000001 instructions (long enough for timer interrupts, which
# land in the kernel's count, never in the user one), and 1000 calls of a
# 3-instruction function: each symbol is charged exactly its own
# instructions, its neighbours none. The call paths (the plugin's
# stacks=): a known call tree of three functions gives exactly its
# folded stacks, and each function's own instructions over its paths are
# its flat count.
. tests/lib.sh
make -s -f guest/plugin/rules.mk build/plugin/kabench-prof.so build/plugin/profile-attrib \
	build/plugin/testinit >/dev/null 2>&1 || { fail "make the plugin and the test init"; exit 1; }
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/root" && cp build/plugin/testinit "$tmp/root/init" &&
	(cd "$tmp/root" && echo init | cpio -o -H newc --quiet >"$tmp/test.cpio") ||
	{ fail "pack the test initramfs"; exit 1; }

timeout 120 qemu-system-x86_64 -nodefaults -no-user-config -display none -no-reboot -monitor none \
	-accel tcg -icount shift=0,sleep=off -cpu max,-erms,-fsrm -smp 1 -m 256 \
	-seed 1 -rtc base=2026-01-01T00:00:00,clock=vm \
	-kernel "$img" -initrd "$tmp/test.cpio" -append "console=ttyS0 quiet panic=-1 noapictimer" \
	-serial "file:$tmp/console.log" -plugin "$PWD/build/plugin/kabench-prof.so,out=$tmp/raw,stacks=$tmp/stacks" \
	</dev/null >"$tmp/qemu.out" 2>&1
rc=$?
check "test guest ran to its end under the plugin (QEMU exit $rc)" \
	sh -c '[ "$1" -eq 0 ] && grep -q "testinit done" "$2"' - "$rc" "$tmp/console.log"
build/plugin/profile-attrib --windows "$tmp/raw" >"$tmp/w.csv" 2>"$tmp/w.err"
w_err=$(head -n 1 "$tmp/w.err")
check "profile-attrib --windows reads the raw file${w_err:+ ($w_err)}" [ -s "$tmp/w.csv" ]
get() { awk -F, -v w="$1" -v s="$2" -v what="$3" '$1 == w && $2 == s && $3 == what { print $4 }' "$tmp/w.csv"; }
n=$(awk -F, 'NR > 1 { print $1 }' "$tmp/w.csv" | sort -u | wc -l)
check "five windows between the six marks (got $n)" [ "$n" -eq 5 ]
v=$(get 0 user all)
check "loop: 2001 user instructions (got $v)" [ "$v" = 2001 ]
v=$(get 1 user all) m=$(get 1 user movsq)
check "rep movsq of 4096 bytes: 516 user instructions, 513 movsq executions (got $v, $m)" \
	[ "$v" = 516 -a "$m" = 513 ]
v=$(get 2 user all)
check "long loop: 3000001 user instructions (got $v)" [ "$v" = 3000001 ]
v=$(get 0 kernel all)
check "no kernel instructions in the short loop's window (got $v)" [ "$v" = 0 ]
v=$(get 3 user all) k=$(get 3 kernel all)
check "1000 calls: 6003 user instructions (got $v; kernel $k)" [ "$v" = 6003 ]
v=$(get 4 user all)
check "the call tree: 1803 user instructions (got $v)" [ "$v" = 1803 ]

# Per symbol: profile-attrib with the test init's own symbols (a bench.csv
# with one sample row per window, as the sampler writes them).
{
	echo "kind,test,mode,tasks,sample,elapsed_s,ops,ops_per_s,task_min_ops_per_s,task_max_ops_per_s,idle_pct"
	for i in 1 2 3 4 5; do echo "sample,known$i,processes,1,$i,0.001,1000,1000000.0,1000000.0,1000000.0,"; done
} >"$tmp/bench.csv"
mkdir "$tmp/cg"
build/plugin/profile-attrib --map "$(dirname "$img")/System.map" --elf build/plugin/testinit \
	--bench "$tmp/bench.csv" --stacks "$tmp/stacks" --callgraph "$tmp/cg" "$tmp/raw" >"$tmp/profile.csv" 2>"$tmp/p.err"
check "profile-attrib with the test init's symbols and call paths$(head -c 200 "$tmp/p.err")" [ -s "$tmp/profile.csv" ]
sym() { awk -F, -v s="$1" -v f="$2" '$4 == s && $6 == "symbol" && $7 == "user" && $8 == f { print $9 }' "$tmp/profile.csv"; }
check "kb_known, called 1000 times: exactly 3000 instructions (got $(sym 4 kb_known))" [ "$(sym 4 kb_known)" = 3000 ]
check "the caller _start: exactly 3003 (got $(sym 4 _start))" [ "$(sym 4 _start)" = 3003 ]
check "its neighbours kb_before and kb_after: none (got '$(sym 4 kb_before)' '$(sym 4 kb_after)')" \
	[ -z "$(sym 4 kb_before)$(sym 4 kb_after)" ]
check "the first loop is _start's alone: 2001 (got $(sym 1 _start))" [ "$(sym 1 _start)" = 2001 ]

# The call tree (window 4): its folded stacks exactly, and per function
# its own instructions over all paths = its flat row.
printf '%s\n' "_start 303" "_start;kb_outer 300" "_start;kb_outer;kb_leaf 300" "_start;kb_outer;kb_mid 300" \
	"_start;kb_outer;kb_mid;kb_leaf 600" >"$tmp/want.folded"
check "the call tree's folded stacks: exactly its five paths ($(tr '\n' '|' <"$tmp/cg/known5-processes-1.folded" 2>/dev/null))" \
	cmp -s "$tmp/want.folded" "$tmp/cg/known5-processes-1.folded"
bad=
for i in 1 2 3 4 5; do
	bad=$bad$(awk -v s="$i" 'FNR == 1 { f++ }
		f == 1 { n = $NF; sub(/ [0-9]+$/, ""); k = split($0, a, ";"); sp = "user"
			if (a[k] ~ /_\[k\]$/) { sp = "kernel"; sub(/_\[k\]$/, "", a[k]) }
			own[sp "," a[k]] += n; next }
		FNR > 1 && $4 == s && $6 == "symbol" { flat[$7 "," $8] += $9 }
		END { for (x in flat) if (flat[x] != own[x]) printf "w%d:%s:%d/%d ", s, x, flat[x], own[x]
			for (x in own) if (!(x in flat)) printf "w%d:%s:extra ", s, x }' \
		FS=' ' "$tmp/cg/known$i-processes-1.folded" FS=, "$tmp/profile.csv")
done
check "every window: each function's own instructions over its paths = its flat count${bad:+ ($bad)}" [ -z "$bad" ]
# callgrind_annotate (Debian's valgrind) reads the call tree's file:
# total, own and inclusive instructions exactly the known ones.
if command -v callgrind_annotate >/dev/null 2>&1; then
	ca() { callgrind_annotate --auto=no --threshold=100 "$@" "$tmp/cg/known5-processes-1.callgrind" 2>&1 |
		awk '/ user:/ { n = $1; gsub(/,/, "", n); sub(/.* user:/, ""); printf "%s=%s ", $0, n }
			/PROGRAM TOTALS/ { n = $1; gsub(/,/, "", n); printf "total=%s ", n }' | tr ' ' '\n' | grep . | sort | paste -sd' ' -; }
	v=$(ca)
	check "callgrind_annotate: total 1803, own _start 303, kb_outer 300, kb_mid 300, kb_leaf 900 ($v)" \
		[ "$v" = "_start=303 kb_leaf=900 kb_mid=300 kb_outer=300 total=1803" ]
	v=$(ca --inclusive=yes)
	check "callgrind_annotate --inclusive=yes: _start 1803, kb_outer 1500, kb_mid 900, kb_leaf 900 ($v)" \
		[ "$v" = "_start=1803 kb_leaf=900 kb_mid=900 kb_outer=1500 total=1803" ]
	v=$(awk '/^fn=/ { fn = substr($0, 4) } /^cfn=/ { c = substr($0, 5) } /^calls=/ { split($0, a, "[= ]"); printf "%s>%s:%s ", fn, c, a[2] }' \
		"$tmp/cg/known5-processes-1.callgrind")
	check "the calls: _start>kb_outer 100, kb_outer>kb_mid 100, kb_outer>kb_leaf 100, kb_mid>kb_leaf 200 ($v)" \
		[ "$v" = "_start>kb_outer:100 kb_mid>kb_leaf:200 kb_outer>kb_leaf:100 kb_outer>kb_mid:100 " ]
else
	fail "callgrind_annotate is not installed (valgrind, lib/install-deps)"
fi
