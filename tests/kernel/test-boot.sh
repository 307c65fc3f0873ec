#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 6.1 and 6.1-fstat minimal kernels really build and boot in QEMU (TCG,
# no initramfs) far enough to print the version string of their build:
# kernelrelease beside the image (-kabench-minimal-, then its sources key).
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
for v in 6.1 6.1-fstat; do
	img=$(kernel-patches/build "$v" 2>"$tmp/$v.err") || {
		fail "$v builds"; tail -n 30 "$tmp/$v.err"; continue; }
	pass "$v builds"
	# No root file system: the kernel panics, panic=-1 reboots, -no-reboot quits.
	timeout 180 qemu-system-x86_64 -accel tcg -m 256 -smp 1 -display none \
		-monitor none -serial "file:$tmp/$v.log" -no-reboot \
		-kernel "$img" -append "console=ttyS0 panic=-1" >/dev/null 2>&1
	rel=$(cat "${img%/*}/kernelrelease")
	check "$v boots: console shows 'Linux version $rel', its kernelrelease" \
		sh -c 'expr "$1" : "[0-9.]*-kabench-minimal-[0-9a-f]\{8\}$" >/dev/null && grep -qF "Linux version $1 " "$2"' - "$rel" "$tmp/$v.log"
done
