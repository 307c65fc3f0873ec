#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot reuse (boot/reuse): a second make bench with the same kernels,
# initramfs, kit, QEMU and plan copies the first run's icount boots instead
# of booting, and says so (progress, facts, report); its samples are the
# first run's. FRESH=1 boots every cell. The key follows every input (the
# kernel image, its command line, the plan line, the kit, the accelerator);
# a kept boot without an ok verdict is never taken. A scratch folder of
# kept boots (KABENCH_BOOT_CACHE) and scratch results.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export KABENCH_RESULTS=$tmp/results KABENCH_BOOT_CACHE=$tmp/boots
unset KABENCH_FRESH

# bench NAME [SETTING...]: the smoke experiment, one boot a kernel.
bench() {
	n=$1; shift
	plan/run-experiment smoke REPEATS=1 "$@" >"$tmp/$n.out" 2>"$tmp/$n.err"
	echo $? >"$tmp/$n.rc"
	ls -d "$KABENCH_RESULTS"/*-smoke | tail -n 1
}
a=$(bench a)
check "first run: exit 0" [ "$(cat "$tmp/a.rc")" = 0 ]
check "first run: every cell booted (no reused_from)" sh -c "[ -s '$a/boots/6.1-1/facts' ] && ! grep -q '^reused_from=' '$a'/boots/*/facts"
check "first run: its 2 boots kept" [ "$(ls "$KABENCH_BOOT_CACHE" | wc -l)" -eq 2 ]

b=$(bench b)
check "second run: exit 0" [ "$(cat "$tmp/b.rc")" = 0 ]
check "second run: says 2 of 2 cells reused" grep -q '2 of 2 cells reused from earlier icount boots' "$tmp/b.err"
for c in 6.1-1 6.1-fstat-1; do
	check "second run: $c names the first run's boot (reused_from) and its own cell" \
		sh -c "grep -qx 'reused_from=$a/boots/$c' '$b/boots/$c/facts' && grep -qx 'cell=$c' '$b/boots/$c/facts'"
	check "second run: $c has no times (nothing was booted)" [ ! -e "$b/boots/$c/times" ]
done
check "second run: the samples are the first run's" cmp -s "$a/samples.csv" "$b/samples.csv"
check "second run: the report says 2 of 2 boots reused" grep -q '^| boots reused | 2 of 2: ' "$b/report.md"
check "second run: no boot time in the report" sh -c "[ -s '$b/report.md' ] && ! grep -q \"^| boots' time\" '$b/report.md'"

c=$(bench c FRESH=1)
check "FRESH=1: exit 0, every cell booted" \
	sh -c "[ \"\$(cat '$tmp/c.rc')\" = 0 ] && ! grep -q '^reused_from=' '$c'/boots/*/facts && [ -s '$c/boots/6.1-1/times' ]"
check "FRESH=1: no reuse line" sh -c "[ -f '$tmp/c.err' ] && ! grep -q 'cells reused' '$tmp/c.err'"

# The key follows each input: a copy of the first run's folder, one input
# changed at a time.
k0=$(boot/reuse key "$a" 6.1-1)
check "key: 32 hex digits for an icount cell" sh -c "echo '$k0' | grep -Eqx '[0-9a-f]{32}'"
check "key: the other kernel's cell has another key" differs "$(boot/reuse key "$a" 6.1-fstat-1)" "$k0"
changed() {
	rm -rf "$tmp/x" && cp -r "$a" "$tmp/x" && "$@" && boot/reuse key "$tmp/x" 6.1-1
}
# plan_field N VALUE: cell 6.1-1's column N of the copy's plan set to VALUE.
plan_field() {
	awk -F'\t' -v OFS='\t' -v n="$1" -v v="$2" 'NR > 1 && $1 == "6.1-1" { $n = v } { print }' \
		"$tmp/x/plan" >"$tmp/plan" && mv "$tmp/plan" "$tmp/x/plan"
}
check "key: another kernel image changes it" \
	differs "$(changed sh -c "printf x >>'$tmp/x/kernels/6.1/bzImage'")" "$k0"
check "key: a kernel command line changes it" \
	differs "$(changed sh -c "echo quiet >'$tmp/x/kernels/6.1/cmdline'")" "$k0"
check "key: another seed changes it" \
	differs "$(changed plan_field 4 9)" "$k0"
check "key: an edited kit changes it" \
	differs "$(changed sh -c "echo '# edited' >>'$tmp/x/kit/run-guest'")" "$k0"
check "key: another initramfs changes it" \
	differs "$(changed sh -c "printf x >>'$tmp/x/initramfs.cpio'")" "$k0"
check "key: the kit's per-host checks do not change it" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ]' - "$(changed sh -c "mkdir -p '$tmp/x/kit/checked' && : >'$tmp/x/kit/checked/other-host'")" "$k0"
check "key: none for a tcg cell (a timing is never reused)" \
	[ -z "$(changed plan_field 5 tcg)" ]

# A kept boot whose verdict is not ok is not taken, and an ok boot kept
# for the same key replaces it (on a copy of the first run: no boot).
echo panic >"$KABENCH_BOOT_CACHE/$k0/verdict"
rm -rf "$tmp/y" && cp -r "$a" "$tmp/y" && rm -rf "$tmp/y/boots"
check "a kept boot without an ok verdict is not taken (of 6.1-1 and 6.1-fstat-1, only the second)" \
	[ "$(boot/reuse take "$tmp/y" 6.1-1 6.1-fstat-1)" = 6.1-fstat-1 ]
boot/reuse keep "$a" 6.1-1
check "... and an ok boot kept for its key replaces it" \
	[ "$(head -n 1 "$KABENCH_BOOT_CACHE/$k0/verdict")" = ok ]

# A boot that ran over ssh (HOSTS=) ran another machine's QEMU: not kept.
rm -rf "$tmp/z" && cp -r "$a" "$tmp/z"
sed -i 's/^host=.*/host=vm via root@127.0.0.1/' "$tmp/z/boots/6.1-1/facts"
KABENCH_BOOT_CACHE=$tmp/boots2 boot/reuse keep "$tmp/z" 6.1-1 6.1-fstat-1
check "a boot run over ssh is not kept (of 6.1-1 over ssh and 6.1-fstat-1 here, only the second)" \
	[ "$(ls "$tmp/boots2" 2>/dev/null)" = "$(boot/reuse key "$a" 6.1-fstat-1)" ]

n=$(ls "$KABENCH_RESULTS" | wc -l)
expect_exit 2 "FRESH=2 exits 2" plan/run-experiment smoke FRESH=2
check "FRESH=2: one line naming the value, no run folder" \
	sh -c "plan/run-experiment smoke FRESH=2 2>&1 >/dev/null | { read -r l && ! read -r x && echo \"\$l\" | grep -q \"FRESH '2'\"; } && [ \"\$(ls '$KABENCH_RESULTS' | wc -l)\" -eq $n ]"

# The kit's binaries (the worker, also packed into the initramfs, and the
# plugin) are the same bytes built in another folder: the boots kept from
# one clone serve the next (a build folder in the debug info made every
# fresh clone boot its reused cells again).
mkdir "$tmp/clone" &&
	tar -cf - --exclude=./.git --exclude=./build --exclude=./results --exclude='./build/bench/kabench' . | tar -C "$tmp/clone" -xf - &&
	make -s -j"$(nproc)" -C "$tmp/clone" build/bench/kabench build/plugin/kabench-prof.so build/plugin/profile-attrib >"$tmp/clone.log" 2>&1 &&
	make -s build/bench/kabench build/plugin/kabench-prof.so build/plugin/profile-attrib >>"$tmp/clone.log" 2>&1 ||
	{ fail "the worker and the plugin build in a copy of the repository"; cat "$tmp/clone.log"; }
for f in build/bench/kabench build/plugin/kabench-prof.so build/plugin/profile-attrib; do
	check "$f built in another folder is the same bytes" cmp -s "$f" "$tmp/clone/$f"
done
