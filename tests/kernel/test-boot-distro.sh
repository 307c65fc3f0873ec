#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# no-kernel-build: it unpacks 6.12 and boots distro builds only if cached (with no times known the tests' cache is new: none are).
# The distro profile boots too. Building it costs ~7 min per base, more than
# make test can spend, so this boots only distro images already in the
# cache (make kernels VARIANTS="6.1 6.12" PROFILE=distro) and skips otherwise.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
for v in 6.1 6.12; do
	dir=$(kernel-patches/build --where "$v" distro 2>/dev/null)
	if [ ! -f "$dir/done" ]; then
		skip "$v distro boots (not built; make kernels VARIANTS=$v PROFILE=distro)"
		continue
	fi
	timeout 180 qemu-system-x86_64 -accel tcg -m 256 -smp 2 -display none \
		-monitor none -serial "file:$tmp/$v.log" -no-reboot \
		-kernel "$dir/bzImage" -append "console=ttyS0 panic=-1" >/dev/null 2>&1
	rel=$(cat "$dir/kernelrelease")
	check "$v distro boots: console shows 'Linux version $rel', its kernelrelease" \
		sh -c 'expr "$1" : "[0-9.]*-kabench-distro-[0-9a-f]\{8\}$" >/dev/null && grep -qF "Linux version $1 " "$2"' - "$rel" "$tmp/$v.log"
	check "$v distro runs Debian's LSMs and mitigations (AppArmor, Spectre V2)" \
		sh -c "grep -q 'AppArmor: AppArmor initialized' '$tmp/$v.log' && grep -q 'Spectre V2 : Mitigation' '$tmp/$v.log'"
done
