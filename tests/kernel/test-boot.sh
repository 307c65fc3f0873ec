#!/bin/sh
# The 6.1 and 6.1-fstat minimal kernels really build and boot in QEMU (TCG,
# no initramfs) far enough to print a version string that names the variant.
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
	check "$v boots: console shows 'Linux version ...-kabench-$v-minimal'" \
		grep -q "Linux version [0-9.]*-kabench-$v-minimal " "$tmp/$v.log"
done
