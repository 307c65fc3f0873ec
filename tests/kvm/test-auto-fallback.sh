#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ACCEL=auto with CPU=host where kvm cannot be had: the boot falls back to
# icount and takes -cpu max with the same masks (before the fix it kept
# -cpu host, QEMU refused it, verdict truncated). Checked for one
# run-guest boot and for a make bench run of the smoke experiment.
# KABENCH_CPUINFO is a cpuinfo without vmx/svm, so this holds on a host
# with KVM too.
# no-kernel-build: boots the 6.1 minimal kernel other scripts build
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
img=$(kernel-patches/build 6.1 2>"$tmp/build.err") || { fail "auto fallback: kernel-patches/build 6.1: $(tail -n 1 "$tmp/build.err")"; exit 1; }
make -s initramfs build/bench/kabench >/dev/null 2>&1 || { fail "auto fallback: make initramfs build/bench/kabench"; exit 1; }
grep -Ev '^flags' /proc/cpuinfo >"$tmp/cpuinfo"
echo "flags		: fpu sse2" >>"$tmp/cpuinfo"
export KABENCH_CPUINFO="$tmp/cpuinfo"

guest/run-guest --kernel "$img" --out "$tmp/boot" --accel auto --cpu host --mask erms,fsrm \
	--tests fstat --samples 2 --interval 0.2 --warmup 0 >/dev/null 2>"$tmp/boot.err"
rc=$?
fact() { sed -n "s/^$2=//p" "$1/facts" 2>/dev/null | head -n 1; }
v=$(head -n 1 "$tmp/boot/verdict" 2>/dev/null)
boot_ok() { [ $rc -eq 0 ] && [ "$v" = ok ]; }
boot_max() { [ "$(fact "$tmp/boot" accel)" = icount ] && [ "$(fact "$tmp/boot" cpu_spec)" = max,-erms,-fsrm ]; }
check "auto + -cpu host without kvm: one boot ends ok (exit $rc, verdict $v)" boot_ok
check "auto + -cpu host without kvm: the boot ran $(fact "$tmp/boot" accel) -cpu $(fact "$tmp/boot" cpu_spec)" boot_max
check "auto + -cpu host without kvm: run-guest says why" grep -q -- '-cpu host needs kvm' "$tmp/boot.err"

KABENCH_RESULTS=$tmp/results make -s bench EXPERIMENT=smoke ACCEL=auto CPU=host REPEATS=1 \
	>"$tmp/bench.log" 2>&1
rc=$?
run=$(sed -n 's/^\[[0-9:]*\] done: //p' "$tmp/bench.log" | tail -n 1)
cpus=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["qemu_cpu"] }' "$run/samples.csv" 2>/dev/null | sort -u | tr '\n' ' ')
bench_ok() { [ $rc -eq 0 ] && [ "$cpus" = "max -erms -fsrm " ]; }
check "make bench EXPERIMENT=smoke ACCEL=auto CPU=host without kvm ends ok (exit $rc; qemu_cpu $cpus)" bench_ok
[ $rc -eq 0 ] || tail -n 5 "$tmp/bench.log" | sed 's/^/# /'
