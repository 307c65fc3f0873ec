#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# no-kernel-build: it unpacks 6.1 and 6.12 and configures them (~10 s each); it boots distro builds only if cached.
# The distro profile: its .config, made the way kernel-patches/build makes
# it (tinyconfig, the fragments merged, olddefconfig) in a scratch folder
# from the pristine tree, keeps every line of its fragments (kconfig drops
# an option whose dependencies fail without a word: MITIGATION_VMSCAPE,
# which needs KVM, was), has what the guest needs (check-config) and
# Debian's LSM and mitigations. Building it costs ~7 min per base, more
# than make test can spend, so the boots run only for distro images
# already in the cache (make kernels VARIANTS="6.1 6.12" PROFILE=distro).
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cfg=kernel-patches/config
for v in 6.1 6.12; do
	src=$(kernel-patches/build --source "$v" 2>"$tmp/src.err") || {
		fail "$v distro config: unpack linux-source-$v ($(tail -n 1 "$tmp/src.err"))"; continue; }
	o=$tmp/o-$v
	{ make -s -C "$src" O="$o" tinyconfig &&
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$o" "$o/.config" "$OLDPWD/$cfg/minimal.config" "$OLDPWD/$cfg/distro-$v.config") &&
		make -s -C "$src" O="$o" olddefconfig; } >"$tmp/config-$v.log" 2>&1
	rc=$?
	check "$v distro config: tinyconfig + minimal + distro-$v fragments, olddefconfig (exit $rc)" [ "$rc" -eq 0 -a -s "$o/.config" ]
	lost=$(cat "$cfg/minimal.config" "$cfg/distro-$v.config" | grep -E '^CONFIG_[A-Za-z0-9_]+=' |
		while read -r line; do grep -qxF -- "$line" "$o/.config" 2>/dev/null || echo "$line"; done)
	check "$v distro config: every line of its fragments is in the .config${lost:+ (lost: $(echo $lost))}" \
		sh -c '[ -s "$1" ] && [ -z "$2" ]' - "$o/.config" "$lost"
	check "$v distro config: the guest's needs (check-config), AppArmor, PTI and retpolines" \
		sh -c 'kernel-patches/check-config "$1" && grep -qx CONFIG_SECURITY_APPARMOR=y "$1" &&
			grep -Eqx "CONFIG_(MITIGATION_)?PAGE_TABLE_ISOLATION=y" "$1" && grep -Eqx "CONFIG_(MITIGATION_)?RETPOLINE=y" "$1"' - "$o/.config"
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
