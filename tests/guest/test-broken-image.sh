#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A kernel image cut short: build/guest/parse-console's verdict for an empty
# console names qemu.err only when QEMU wrote something there, and else,
# for an image shorter than its boot header says or a QEMU that ended by
# itself, the image, its size and a rebuild. Then a copy of the tests'
# cached 6.1 bzImage cut to 200 KB is booted by guest/run-guest (the
# same verdict, on its stderr too) and by make bench beside a whole copy
# (both finished kernels: nothing is built), which says to mend the
# kernel instead of RESUME. Copies only of the tests' 6.1 build (built,
# or waited for, as the other scripts do: in a cold make test the boots
# would otherwise never run).
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
make -s build/guest/parse-console >/dev/null || { fail "make build/guest/parse-console"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# fake SETUP_SECTS SYSSIZE BYTES FILE: a file of BYTES with an x86 boot
# header saying its size is (SETUP_SECTS + 1) * 512 + SYSSIZE * 16.
fake() {
	head -c "$3" /dev/zero >"$4"
	printf 'HdrS' | dd of="$4" bs=1 seek=$((0x202)) conv=notrunc 2>/dev/null
	printf "\\$(printf %o "$1")" | dd of="$4" bs=1 seek=$((0x1f1)) conv=notrunc 2>/dev/null
	printf "\\$(printf %o $(($2 & 255)))\\$(printf %o $(($2 >> 8 & 255)))" |
		dd of="$4" bs=1 seek=$((0x1f4)) conv=notrunc 2>/dev/null
}
# parse NAME ARGS...: parse-console on an empty console into $tmp/NAME.
parse() {
	n=$1; shift
	mkdir "$tmp/$n"
	build/guest/parse-console "$@" "$tmp/empty.log" "$tmp/$n" >/dev/null 2>&1
}
: >"$tmp/empty.log"
: >"$tmp/qemu.err"
echo "qemu-system-x86_64: could not load kernel" >"$tmp/qemu.err.full"
fake 3 4096 1024 "$tmp/cut.img"	# its header: 67,584 bytes
fake 3 0 4096 "$tmp/whole.img"	# its header: 2,048 bytes

parse cut --qemu-exit 0 --qemu-err "$tmp/qemu.err" --kernel "$tmp/cut.img"
check "an image shorter than its header says: the verdict names it, its size and the header's, and a rebuild ($(sed -n 2p "$tmp/cut/verdict"))" \
	grep -qxF "the kernel never started (nothing on the console or in qemu.err, QEMU ended by itself): its image $tmp/cut.img (1024 bytes, cut short: its boot header says 67584) looks broken: rebuild it, then boot it in a new run (a RESUME boots the same image again)" "$tmp/cut/verdict"
parse err --qemu-exit 1 --qemu-err "$tmp/qemu.err.full" --kernel "$tmp/cut.img"
check "QEMU wrote an error: the verdict says to see qemu.err, not the image" \
	sh -c 'grep -qxF "the console log is empty: the kernel printed nothing (see qemu.err)" "$1/verdict" && ! grep -q "never started" "$1/verdict"' - "$tmp/err"
parse hang --timed-out --qemu-exit 124 --qemu-err "$tmp/qemu.err" --kernel "$tmp/whole.img"
check "a whole image killed at its deadline with nothing in qemu.err: neither qemu.err nor the image is blamed" \
	sh -c 'grep -qxF "the console log is empty: the kernel printed nothing (nothing in qemu.err)" "$1/verdict" && ! grep -q "never started\|see qemu.err" "$1/verdict"' - "$tmp/hang"

# The boots: copies of the tests' 6.1 build.
img=$(kernel-patches/build 6.1 2>"$tmp/build.err") || { fail "kernel-patches/build 6.1: $(tail -n 1 "$tmp/build.err")"; exit 1; }
mkdir "$tmp/k" "$tmp/good"
cp "$img" "$tmp/k/bzImage" && truncate -s 200K "$tmp/k/bzImage" && cp "${img%/*}/System.map" "${img%/*}/config" "$tmp/k/" &&
	cp "$img" "${img%/*}/System.map" "${img%/*}/config" "$tmp/good/" || { fail "copy the cached image"; exit 1; }
size=$(stat -c %s "$img")

guest/run-guest --kernel "$tmp/k/bzImage" --out "$tmp/boot" --accel tcg --deadline 30 --tests getppid \
	>/dev/null 2>"$tmp/boot.err"
rc=$?
want="its image $tmp/k/bzImage (204800 bytes, cut short: its boot header says $size) looks broken: rebuild it"
check "run-guest on the cut image: exit 1, the verdict names the image, its size and a rebuild ($(sed -n 2p "$tmp/boot/verdict" 2>/dev/null))" \
	sh -c '[ $1 -eq 1 ] && grep -q "^the kernel never started (nothing on the console or in qemu.err, QEMU ended by itself): $2" "$3/verdict" && ! grep -q "see qemu.err" "$3/verdict"' - $rc "$want" "$tmp/boot"
check "... and says so on its stderr" grep -qF "$want" "$tmp/boot.err"

mkdir -p "$tmp/v/good" "$tmp/v/cut"
echo "kernel $tmp/good/bzImage" >"$tmp/v/good/base"
echo "kernel $tmp/k/bzImage" >"$tmp/v/cut/base"
KABENCH_VARIANTS_DIR=$tmp/v KABENCH_RESULTS=$tmp/results plan/run-experiment smoke COMPARE=good:cut REPEATS=1 \
	>/dev/null 2>"$tmp/bench.err"
rc=$?
run=$(ls -d "$tmp"/results/*-smoke 2>/dev/null | head -n 1)
line=$(grep "cells have no ok verdict" "$tmp/bench.err")
check "make bench with the cut image beside a whole one: exit 1, the cut kernel named with its image and size, no RESUME ($line)" \
	sh -c '[ $1 -eq 1 ] && [ -n "$3" ] &&
		case $2 in *"the kernel cut never started: its image $3/kernels/cut/bzImage (204800 bytes) looks broken, and RESUME would boot it again: it came from kernel $4 "*": mend or replace that kernel, then run make bench anew") ;; *) false ;; esac &&
		case $2 in *RESUME=*) false ;; esac' - $rc "$line" "$run" "$tmp/k/bzImage"
check "... the whole one's boot ok" grep -qx ok "$run/boots/good-1/verdict"
