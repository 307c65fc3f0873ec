#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# may-skip-all: a kvm boot needs vmx/svm and a working /dev/kvm (kvm/test-nested boots the path inside an L1 elsewhere)
# A real kvm boot, only where KVM works: the host CPU shows vmx or svm,
# /dev/kvm can be opened, and run-guest's probe boot (judged by its console) reaches
# the guest's init. Elsewhere: "skip <reason>" (the machines kabench is
# built on have a PVM /dev/kvm and no vmx/svm: an ordinary kernel hangs).
# KABENCH_CPUINFO stands in for /proc/cpuinfo (to run the probe path on a
# host without vmx/svm; it then skips at the probe).
# The boot: 6.1 minimal, -cpu host with erms,fsrm masked, smp 2 (1 on a
# 1-CPU host), fstat and fstatat_empty at 1..smp tasks. Checked: verdict ok,
# accel kvm, every vCPU up and pinned to its own host CPU, the mask held,
# and kvm's fstat within a factor of 4 of native fstat measured just
# before (emulation would be 10x slower or more).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
cpuinfo=${KABENCH_CPUINFO:-/proc/cpuinfo}
if ! grep -Eqw 'vmx|svm' "$cpuinfo"; then
	skip "kvm boot: no vmx/svm in $cpuinfo (this CPU cannot run kvm guests)"
	exit 0
fi
if ! [ -r /dev/kvm ] || ! [ -w /dev/kvm ]; then
	skip "kvm boot: /dev/kvm missing or not readable and writable by $(id -un)"
	exit 0
fi
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kvm boot: kernel-patches/build 6.1"; exit 1; }
make -s initramfs build/bench/kabench build/guest/pin-vcpus >/dev/null 2>&1 || { fail "kvm boot: make initramfs build/bench/kabench build/guest/pin-vcpus"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

accel=$(KABENCH_CPUINFO=$cpuinfo guest/run-guest --print-accel --accel auto --kernel "$img" --tests fstat 2>"$tmp/probe.err")
if [ "$accel" != kvm ]; then
	skip "kvm boot: vmx/svm and /dev/kvm are there, but $(grep -o 'accel auto -> .*' "$tmp/probe.err" | head -n 1)"
	exit 0
fi
pass "kvm boot: the bounded probe boot reached the init under kvm"

smp=2
[ "$(nproc)" -ge 2 ] || smp=1
native=$(build/bench/kabench --test fstat --interval 0.5 --warmup 1 --samples 3 | awk -F, '$1 == "summary" { print $8 }')
guest/run-guest --kernel "$img" --out "$tmp/b" --accel kvm --cpu host --mask erms,fsrm --smp $smp \
	--host-cpus "0-$((smp - 1))" --tests fstat,fstatat_empty --tasks "1-$smp" --interval 0.5 \
	--warmup 1 --samples 3 --deadline 120 2>"$tmp/b.err"
rc=$?
fact() { sed -n "s/^$1=//p" "$tmp/b/facts" | head -n 1; }
v=$(head -n 1 "$tmp/b/verdict" 2>/dev/null)
check "kvm boot: exits 0 with verdict ok (exit $rc, verdict '$v')" [ $rc -eq 0 -a "$v" = ok ]
check "kvm boot: facts accel=kvm" [ "$(fact accel)" = kvm ]
check "kvm boot: the guest runs $smp vCPUs (nr_cpus '$(fact nr_cpus)')" [ "$(fact nr_cpus)" = $smp ]
check "kvm boot: erms and fsrm absent from the guest's flags" \
	sh -c 'f=" $1 "; case $f in *" erms "*|*" fsrm "*) exit 1 ;; esac' - "$(fact flags)"
check "kvm boot: one pinning line per vCPU, each on its own host CPU" \
	sh -c '[ "$(grep -c "^vcpu [0-9]* thread [0-9]* host-cpu [0-9]*$" "$1")" -eq $2 ] &&
		[ "$(awk "{ print \$6 }" "$1" | sort -u | wc -l)" -eq $2 ]' - "$tmp/b/pinning" $smp
kvm=$(awk -F, '$1 == "summary" && $2 == "fstat" && $4 == 1 { print $8 }' "$tmp/b/bench.csv" 2>/dev/null)
check "kvm boot: a summary row for every testcase x tasks 1..$smp" \
	[ "$(awk -F, '$1 == "summary"' "$tmp/b/bench.csv" 2>/dev/null | wc -l)" -eq $((2 * smp)) ]
check "kvm boot: fstat ${kvm:-?} ops/s under kvm within a factor of 4 of native ${native:-?}" \
	awk -v k="${kvm:-0}" -v n="${native:-0}" 'BEGIN { exit !(n > 0 && k > n / 4 && k < n * 4) }'
