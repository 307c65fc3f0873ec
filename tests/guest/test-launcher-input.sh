#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# guest/run-guest: bad input is refused (exit 2, one line, nothing written)
# and `--accel auto` never picks kvm on a CPU without vmx/svm. No boot here.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s initramfs >/dev/null 2>&1 || { fail "make initramfs"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
k=$tmp/bzImage
echo "not a kernel" >"$k"
ok="--kernel $k --tests fstat"

# bad_input WHAT ARGS...: exit 2, one stderr line, DIR left unmade.
bad_input() {
	what=$1; shift
	"$@" --out "$tmp/out" >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/out" ]; then
		pass "$what: exit 2, one line: $(cat "$tmp/err")"
	else
		fail "$what: exit $rc, $(wc -l <"$tmp/err") stderr lines, out made: $([ -e "$tmp/out" ] && echo yes || echo no)"
	fi
	rm -rf "$tmp/out"
}
bad_input "unknown accelerator" guest/run-guest $ok --accel xen
bad_input "missing kernel image" guest/run-guest --kernel "$tmp/nope" --tests fstat
bad_input "smp 0" guest/run-guest $ok --smp 0
bad_input "unknown testcase" guest/run-guest --kernel "$k" --tests fstat,nosuch
bad_input "bad task list" guest/run-guest $ok --tasks 0-2
bad_input "bad interval" guest/run-guest $ok --interval 0
bad_input "unknown option" guest/run-guest $ok --frobnicate 1
bad_input "CPU model QEMU rejects" guest/run-guest $ok --cpu NoSuchCPU
guest/run-guest $ok --cpu NoSuchCPU --out "$tmp/out" 2>&1 | grep -q "unable to find CPU model 'NoSuchCPU'" &&
	pass "QEMU's own message about the CPU model is passed on" ||
	fail "QEMU's message about the CPU model is not passed on"
bad_input "mask flag QEMU rejects" guest/run-guest $ok --mask erms,nosuchflag
bad_input "unknown mode" guest/run-guest $ok --mode forks
bad_input "job slot 0" guest/run-guest $ok --slot 0
# An interval written with 2000 zeros is a valid plan, but more kernel
# command line than x86's 2048 bytes.
long=1.$(printf '%02000d' 0)
bad_input "a plan too long for the kernel command line" guest/run-guest $ok --interval "$long"
# At the edge: the longest command line (icount's) of exactly 2047 bytes
# boots, one byte more is refused.
appended() { awk 'p { print length($0); exit } $0 == "-append" { p = 1 }' "$1"; }
guest/run-guest --print-cmd --accel icount --kernel "$k" --tests fstat --interval 1.0 >"$tmp/cmd0" 2>/dev/null
pad=$((2047 - $(appended "$tmp/cmd0")))
edge=1.0$(printf "%0${pad}d" 0)
guest/run-guest --print-cmd --accel icount --kernel "$k" --tests fstat --interval "$edge" >"$tmp/cmd1" 2>/dev/null
rc=$?
edge_ok() { [ $rc -eq 0 ] && [ "$(appended "$tmp/cmd1")" -eq 2047 ]; }
check "a kernel command line of exactly 2047 bytes is taken (exit $rc, $(appended "$tmp/cmd1") bytes)" edge_ok
bad_input "a kernel command line of 2048 bytes" guest/run-guest --print-cmd --accel icount --kernel "$k" --tests fstat --interval "${edge}0"
guest/run-guest --print-cmd --kernel "$k" --tests fstat --mode both --mem 1024 >"$tmp/cmd" 2>/dev/null
check "--mode both and --mem 1024 reach QEMU's command line" \
	sh -c 'grep -q "kabench.mode=both" "$1" && grep -qx 1024 "$1"' - "$tmp/cmd"
guest/run-guest --print-cmd --kernel "$k" --tests fstat >"$tmp/cmd" 2>/dev/null
check "the default mode (processes) adds nothing to the command line" sh -c '[ -s "$1" ] && ! grep -q "kabench.mode" "$1"' - "$tmp/cmd"

mkdir "$tmp/full" && echo keep >"$tmp/full/verdict"
guest/run-guest $ok --out "$tmp/full" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/full/verdict")" = keep ] && [ "$(ls "$tmp/full")" = verdict ] &&
	pass "non-empty --out refused, nothing overwritten" ||
	fail "non-empty --out: exit $rc, contents $(ls "$tmp/full")"

# auto: the host's cpuinfo is replaced by files that lack or show vmx/svm.
printf 'processor\t: 0\nflags\t\t: fpu sse2 erms\n' >"$tmp/cpuinfo-plain"
printf 'processor\t: 0\nflags\t\t: fpu vmx sse2\n' >"$tmp/cpuinfo-vmx"
a=$(KABENCH_CPUINFO=$tmp/cpuinfo-plain KABENCH_KVM_DEV=/dev/null guest/run-guest --kernel "$k" --print-accel 2>"$tmp/err")
[ "$a" = icount ] && grep -q 'no vmx/svm' "$tmp/err" &&
	pass "auto picks icount when cpuinfo shows neither vmx nor svm (even with a kvm device)" ||
	fail "auto on a CPU without vmx/svm chose '$a': $(cat "$tmp/err")"
a=$(KABENCH_CPUINFO=$tmp/cpuinfo-vmx KABENCH_KVM_DEV=$tmp/no-kvm guest/run-guest --kernel "$k" --print-accel 2>"$tmp/err")
[ "$a" = icount ] && grep -q "no $tmp/no-kvm" "$tmp/err" &&
	pass "auto picks icount when vmx shows but there is no kvm device" ||
	fail "auto with vmx and no kvm device chose '$a': $(cat "$tmp/err")"
if grep -Eqw 'vmx|svm' /proc/cpuinfo; then
	skip "this host shows vmx/svm: the real cpuinfo check is not exercised"
else
	a=$(guest/run-guest --kernel "$k" --print-accel 2>/dev/null)
	check "auto on this host (no vmx/svm in /proc/cpuinfo) picks icount, got '$a'" [ "$a" = icount ]
fi
for a in tcg icount; do
	got=$(guest/run-guest --kernel "$k" --accel $a --print-accel 2>/dev/null)
	check "--accel $a is taken as given" [ "$got" = $a ]
done
got=$(KABENCH_CPUINFO=$tmp/cpuinfo-vmx KABENCH_KVM_DEV=/dev/null guest/run-guest --kernel "$k" --accel kvm --print-accel 2>/dev/null)
check "--accel kvm is taken as given where vmx and a kvm device show" [ "$got" = kvm ]
KABENCH_CPUINFO=$tmp/cpuinfo-plain guest/run-guest --kernel "$k" --accel kvm --out "$tmp/kvm-out" --tests fstat 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$tmp/kvm-out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'no vmx/svm' "$tmp/err" &&
	pass "--accel kvm without vmx/svm: one line, exit 2, no run folder" ||
	fail "--accel kvm without vmx/svm: exit $rc, $(cat "$tmp/err")"

# --checked DIR: a CPU check that passed leaves a note, and a boot that
# finds its note does not start QEMU to check again (a note for a model QEMU
# does not have shows it: the check that would refuse it is skipped).
guest/run-guest --kernel "$k" --accel tcg --cpu max --checked "$tmp/checked" --print-accel >/dev/null 2>&1
check "--checked: a passed CPU check leaves one note ($(ls "$tmp/checked" 2>/dev/null))" \
	[ "$(ls "$tmp/checked" 2>/dev/null | grep -c -- '-cpu-tcg-max,-erms,-fsrm$')" -eq 1 ]
expect_exit 2 "--checked: a CPU model QEMU rejects, with no note, is still refused" \
	guest/run-guest --kernel "$k" --accel tcg --cpu NoSuchCPU --mask '' --checked "$tmp/checked" --print-accel
for n in "$tmp"/checked/*-cpu-tcg-max,-erms,-fsrm; do : >"${n%max,-erms,-fsrm}NoSuchCPU"; done
check "--checked: with a note for it, the check is not made again" \
	[ "$(guest/run-guest --kernel "$k" --accel tcg --cpu NoSuchCPU --mask '' --checked "$tmp/checked" --print-accel 2>/dev/null)" = tcg ]
