#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# no-kernel-build: it reads the series against the unpacked trees; nothing is built.
# Every variant's series applies to its pristine base and reverse-applies
# back to it; the showcase patches touch only what they claim. No compile:
# the work happens on a scratch copy of the files each series touches.
. tests/lib.sh
build=kernel-patches/build
vdir=kernel-patches/variants
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# files PATCH...: the paths a series touches, relative to the tree.
files() { sed -n 's#^\(---\|+++\) [ab]/\([^[:space:]]*\).*#\2#p' "$@" | sort -u; }

# without_function FILE NAME: FILE minus the body of C function NAME.
without_function() {
	awk -v fn="$2" '$0 ~ "^[a-z].*[ *]" fn "\\(" {skip=1} !skip {print} skip && /^}/ {skip=0}' "$1"
}

for d in "$vdir"/*/; do
	v=$(basename "$d")
	set -- "$d"*.patch
	[ -f "$1" ] || continue
	base=$(cat "$d/base")
	src=$($build --source "$base" 2>/dev/null) || { fail "$v: no pristine tree for base $base"; continue; }
	w=$tmp/$v
	for f in $(files "$@"); do
		mkdir -p "$w/$(dirname "$f")" "$w.orig/$(dirname "$f")"
		cp "$src/$f" "$w/$f" && cp "$src/$f" "$w.orig/$f"
	done
	ok=1
	for p in "$@"; do
		patch -s -p1 -F0 --forward --batch --no-backup-if-mismatch -d "$w" <"$p" >/dev/null 2>&1 || ok=0
	done
	check "$v: series applies cleanly to $base (no fuzz)" [ $ok = 1 ]
	check "$v: series changes its files" [ -n "$(diff -r "$w.orig" "$w")" ]
	cp -r "$w" "$w.patched"
	ok=1
	for p in $(printf '%s\n' "$@" | sort -r); do
		patch -s -R -p1 -F0 --batch --no-backup-if-mismatch -d "$w" <"$p" >/dev/null 2>&1 || ok=0
	done
	check "$v: series reverse-applies" [ $ok = 1 ]
	check "$v: reverse-applied tree is identical to stock $base" diff -r "$w.orig" "$w"
done

# scope PATCHED_DIR ORIG_DIR FILE FUNCTION: only FUNCTION changed in FILE.
only_function() {
	without_function "$2/$3" "$4" >"$tmp/a" && without_function "$1/$3" "$4" >"$tmp/b" &&
		! cmp -s "$2/$3" "$1/$3" && cmp -s "$tmp/a" "$tmp/b"
}
check "6.1-fstat touches fs/stat.c only" \
	[ "$(files "$vdir"/6.1-fstat/*.patch)" = fs/stat.c ]
check "6.1-fstat changes vfs_fstatat() and nothing else in fs/stat.c" \
	only_function "$tmp/6.1-fstat.patched" "$tmp/6.1-fstat.orig" fs/stat.c vfs_fstatat
check "6.12-no-fstat changes vfs_fstatat() and nothing else" \
	only_function "$tmp/6.12-no-fstat.patched" "$tmp/6.12-no-fstat.orig" fs/stat.c vfs_fstatat
check "6.12-no-movsq touches copy_user_64.S and uaccess_64.h only" \
	[ "$(files "$vdir"/6.12-no-movsq/*.patch | tr '\n' ' ')" = "arch/x86/include/asm/uaccess_64.h arch/x86/lib/copy_user_64.S " ]
check "6.12-no-movsq brings back the unrolled loop and drops rep movsq" \
	sh -c "grep -q '^.Lunrolled:' '$tmp/6.12-no-movsq.patched/arch/x86/lib/copy_user_64.S' &&
		! grep -q 'rep movsq' '$tmp/6.12-no-movsq.patched/arch/x86/lib/copy_user_64.S' &&
		grep -q '\"rax\", \"r8\", \"r9\", \"r10\", \"r11\"' '$tmp/6.12-no-movsq.patched/arch/x86/include/asm/uaccess_64.h'"
check "stock variants 6.1 and 6.12 carry no patches" \
	sh -c "! ls $vdir/6.1/*.patch $vdir/6.12/*.patch 2>/dev/null | grep -q ."
