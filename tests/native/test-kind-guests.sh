#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel-kind rule (native/probe + native/kind) on kernels
# whose kind is known: the probe runs as PID 1 of an icount guest (guest
# time counts instructions, so the figures repeat exactly) on 6.1, which
# lacks the AT_EMPTY_PATH short-cut, and 6.1-fstat, which has it. Neither
# accepts a NULL path (6.11+). Each check prints the position it found.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

if ! gcc -O2 -static -Dmain=probe_main -c native/probe.c -o "$tmp/probe.o" 2>"$tmp/cc.err" ||
	! gcc -O2 -static tests/native/probe-init.c "$tmp/probe.o" native/util.c analyze/stats.c -lm -o "$tmp/init" 2>>"$tmp/cc.err"; then
	fail "probe guest init builds statically: $(head -n 1 "$tmp/cc.err")"
	exit 1
fi
(cd "$tmp" && echo init | cpio -o -H newc --quiet >"$tmp/initrd.cpio") ||
	{ fail "pack the probe initramfs"; exit 1; }

# probe_guest VARIANT: the probe's CSV from an icount boot of VARIANT.
probe_guest() {
	img=$(kernel-patches/build "$1" 2>"$tmp/build.err") || { echo "# kernel-patches/build $1: $(tail -n 1 "$tmp/build.err")"; return 1; }
	timeout -k 5 120 qemu-system-x86_64 -nodefaults -no-user-config -display none -no-reboot \
		-monitor none -accel tcg -icount shift=0,sleep=off -cpu max,-erms,-fsrm -smp 1 -m 256 \
		-kernel "$img" -initrd "$tmp/initrd.cpio" -append "console=ttyS0 quiet panic=-1 noapictimer" \
		-serial "file:$tmp/$1.log" </dev/null >/dev/null 2>"$tmp/$1.qemu" || true
	tr -d '\r' <"$tmp/$1.log" | sed -n '/^@@probe begin$/,/^@@probe exit/p' | grep -v '^@@' >"$tmp/$1.csv"
	grep -q '^@@probe exit 0' "$tmp/$1.log"
}
kv() { awk -F, -v k="$1" '$1 == k { print $2 }' "$2"; }

for case in "6.1 no-shortcut" "6.1-fstat shortcut"; do
	set -- $case
	if ! probe_guest "$1"; then
		fail "kernel kind in a $1 guest: the probe did not finish ($(tail -n 1 "$tmp/$1.qemu" 2>/dev/null))"
		continue
	fi
	native/kind "$tmp/$1.csv" >"$tmp/$1.kind" 2>"$tmp/$1.err"
	check "kernel kind in a $1 guest: $2 (position $(kv position "$tmp/$1.kind"))" [ "$(kv kind "$tmp/$1.kind")" = "$2" ]
	check "kernel kind in a $1 guest: NULL path refused with EFAULT" [ "$(kv null_path "$tmp/$1.csv")" = EFAULT ]
done
