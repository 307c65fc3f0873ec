# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# A finished kernel that lacks what the guest needs is refused before any
# boot, with one line naming the missing options; kernel-files finds a
# kernel's files in each layout it takes. Builds nothing new: the kernel
# is 6.1's cached build (kernel-patches/build waits for or reuses it);
# scratch variants, results and copies only.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel 6.1 builds or is cached"; exit 1; }
where=$(dirname "$img")
export KABENCH_VARIANTS_DIR=$tmp/v KABENCH_RESULTS=$tmp/results

# A bzImage with its System.map and config beside it (as a user copies them).
mkdir -p "$tmp/k" "$tmp/v/good" "$tmp/v/noconsole" "$tmp/v/unixmod" "$tmp/v/noconfig"
cp "$where/bzImage" "$where/System.map" "$where/config" "$tmp/k/"
mkdir "$tmp/k2" && cp "$where/bzImage" "$where/System.map" "$tmp/k2/"
grep -v '^CONFIG_SERIAL_8250_CONSOLE=' "$where/config" >"$tmp/k2/config"
mkdir "$tmp/k3" && cp "$where/bzImage" "$tmp/k3/" && sed 's/^CONFIG_UNIX=y/CONFIG_UNIX=m/' "$where/config" >"$tmp/k3/config"
mkdir "$tmp/k4" && cp "$where/bzImage" "$tmp/k4/"
echo "kernel $tmp/k/bzImage" >"$tmp/v/good/base"
echo "kernel ../../k2" >"$tmp/v/noconsole/base"	# relative to the variant folder
echo "kernel $tmp/k3/bzImage" >"$tmp/v/unixmod/base"
echo "kernel $tmp/k4" >"$tmp/v/noconfig/base"
cp -r kernel-patches/variants/6.1 "$tmp/v/"

check "a kernel with what the guest needs passes the check" kernel-patches/image --check good
check "image prints the finished kernel's own bzImage (nothing copied or built)" \
	[ "$(kernel-patches/image good)" = "$tmp/k/bzImage" ]

# make bench refuses, exit 2, one line naming the option, no run folder.
make -s bench EXPERIMENT=smoke COMPARE=6.1:noconsole >"$tmp/out" 2>"$tmp/err"
rc=$?
echo "# $(grep '^kabench' "$tmp/err")"
check "make bench with a kernel lacking CONFIG_SERIAL_8250_CONSOLE exits 2" [ "$rc" -eq 2 ]
check "... naming CONFIG_SERIAL_8250_CONSOLE in one line" \
	sh -c 'grep -c "lacks what the guest needs: CONFIG_SERIAL_8250_CONSOLE" "$1" | grep -qx 1' - "$tmp/err"
check "... before any boot: no run folder" sh -c '! ls "$1"/*-smoke >/dev/null 2>&1' - "$KABENCH_RESULTS"
err=$(kernel-patches/image --check unixmod 2>&1)
echo "# $err"
check "an option built as a module is named as one (CONFIG_UNIX=m)" sh -c 'echo "$1" | grep -q "CONFIG_UNIX=m (a module)"' - "$err"
check "a kernel whose config is missing is refused, naming where it looked" sh -c 'kernel-patches/image --check noconfig 2>&1 | grep -q "no .config found beside it (looked for .config in a kbuild folder" && ! kernel-patches/image --check noconfig 2>/dev/null'
expect_exit 2 "a kernel path that does not exist exits 2" sh -c 'echo "kernel /nonexistent/bzImage" >"$1/v/good/base"; kernel-patches/image --check good' - "$tmp"
printf 'not a kernel\n' >"$tmp/k/fake" && echo "kernel $tmp/k/fake" >"$tmp/v/good/base"
expect_exit 2 "a file that is no x86 bzImage exits 2" kernel-patches/image --check good
printf 'init_on_alloc=0 $(reboot)\n' >"$tmp/v/6.1/cmdline"
expect_exit 2 "a cmdline file with shell characters exits 2" kernel-patches/image --check 6.1
rm "$tmp/v/6.1/cmdline"

# kernel-files in each layout: kbuild folder, its bzImage, a /boot style
# vmlinuz-R with System.map-R and config-R, a folder with bzImage.
files() { kernel-patches/kernel-files "$1" | awk -F'\t' '{ printf "%s=%s ", $1, $2 }'; }
check "kernel-files: a kbuild folder gives arch/x86/boot/bzImage, System.map, .config" \
	[ "$(files "$where/linux")" = "bzImage=$where/linux/arch/x86/boot/bzImage System.map=$where/linux/System.map config=$where/linux/.config " ]
check "kernel-files: a kbuild folder's bzImage gives the same files" \
	[ "$(files "$where/linux/arch/x86/boot/bzImage")" = "$(files "$where/linux")" ]
mkdir "$tmp/boot" && cp "$where/bzImage" "$tmp/boot/vmlinuz-6.1.0-x" && cp "$where/System.map" "$tmp/boot/System.map-6.1.0-x" && cp "$where/config" "$tmp/boot/config-6.1.0-x"
check "kernel-files: vmlinuz-R gives System.map-R and config-R beside it" \
	[ "$(files "$tmp/boot/vmlinuz-6.1.0-x")" = "bzImage=$tmp/boot/vmlinuz-6.1.0-x System.map=$tmp/boot/System.map-6.1.0-x config=$tmp/boot/config-6.1.0-x " ]
check "kernel-files: a folder with bzImage, System.map and config" \
	[ "$(files "$where")" = "bzImage=$where/bzImage System.map=$where/System.map config=$where/config " ]
