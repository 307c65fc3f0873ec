#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make initramfs: a newc archive with the static init, the worker, its
# shared libraries and the loader; rebuilt only when an input changes;
# the same inputs give the same bytes.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s initramfs >/dev/null 2>&1 || { fail "make initramfs"; exit 1; }
cpio=build/initramfs.cpio
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check "make initramfs again has nothing to do" make -q build/initramfs.cpio
list=$(cpio -it --quiet <"$cpio")
for f in init bin/kabench lib64/ld-linux-x86-64.so.2; do
	check "archive holds $f" sh -c 'echo "$1" | grep -qx "$2"' - "$list" "$f"
done
for lib in $(ldd build/bench/kabench | awk '$2 == "=>" { print $3 }'); do
	check "archive holds ${lib#/}, a library of build/bench/kabench" sh -c 'echo "$1" | grep -qx "$2"' - "$list" "${lib#/}"
done
check "archive is cpio newc" sh -c 'head -c 6 "$1" | grep -qx 070701' - "$cpio"
check "guest init is static (no program interpreter)" sh -c '! readelf -l build/guest/init | grep -q interpreter'
if [ "$(id -u)" = 0 ]; then
	check "the worker runs from the packed tree alone (chroot kabench --list)" \
		sh -c 'chroot build/initramfs.cpio.root /bin/kabench --list | grep -q "^fstat	"'
else
	skip "chroot into the packed tree needs root"
fi
guest/pack-initramfs build/guest/init build/bench/kabench "$tmp/again.cpio"
check "packing the same inputs again gives the same bytes" cmp -s "$cpio" "$tmp/again.cpio"
expect_exit 2 "pack-initramfs: missing worker" guest/pack-initramfs build/guest/init "$tmp/nope" "$tmp/x.cpio"
