# SPDX-License-Identifier: GPL-2.0
# may-skip-all: it downloads Debian's kernel package, which needs apt to reach a mirror
# shellcheck shell=sh
# A distribution's kernel package as a variant: "deb linux-image-amd64 dbg"
# (Debian 12's current kernel: apt-get download, then vmlinuz and config
# from the package, the real System.map from its -dbg twin, ~860 MB, only
# that file kept) boots under icount and runs fstat and
# read1 (guest CPU max without FSRM, as for seed 001); a second variant of the same package with a cmdline file
# (init_on_alloc=0) shows what Debian's CONFIG_INIT_ON_ALLOC_DEFAULT_ON
# costs fstatat(fd, "", AT_EMPTY_PATH), and the profile names the zeroing
# (memset of the names_cache buffer getname allocates). Skips only where apt cannot
# download the package. The package is kept in the tests' own kernel cache,
# so that a warm make test downloads nothing.
. tests/lib.sh
# Cells are copied from the tests' earlier boots with the same inputs
# (boot/reuse), as make bench does by default: its two variants differ
# in their cmdline, so no two cells share a key.
unset KABENCH_FRESH

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KABENCH_VARIANTS_DIR=$tmp/v KABENCH_RESULTS=$tmp/results
mkdir -p "$tmp/v/debian" "$tmp/v/debian-noinit"
echo "deb linux-image-amd64 dbg" >"$tmp/v/debian/base"
echo "deb linux-image-amd64 dbg" >"$tmp/v/debian-noinit/base"
echo "init_on_alloc=0" >"$tmp/v/debian-noinit/cmdline"

if ! d=$(kernel-patches/fetch-deb --dbg linux-image-amd64 2>"$tmp/fetch.err"); then
	# Only apt's own failure (no such package in its lists, no download) skips.
	if grep -q "known to apt\|apt-get download .* failed" "$tmp/fetch.err"; then
		skip "Debian's kernel package: apt cannot download linux-image-amd64 here ($(tail -n 1 "$tmp/fetch.err"))"
		exit 0
	fi
	fail "fetch-deb linux-image-amd64: $(tail -n 1 "$tmp/fetch.err")"
	exit 1
fi
pkg=$(sed -n 's/^deb \([^ ]*\) \([^ ]*\) .*/\1 \2/p' "$d/source")
echo "# package: $pkg"
check "linux-image-amd64 resolves to a linux-image-6.1.0-N-amd64 package" \
	sh -c 'echo "$1" | grep -Eq "^linux-image-6\.1\.0-[0-9]+-amd64 6\.1\.[0-9]+"' - "$pkg"
check "its vmlinuz and config are unpacked into the cache, the real System.map from the -dbg package" \
	sh -c '[ -s "$1/bzImage" ] && [ -s "$1/config" ] && [ "$(wc -l <"$1/System.map")" -gt 10000 ] && grep -q "^System.map: from linux-image-.*-dbg" "$1/source"' - "$d"
check "a second fetch is served from the cache (no download)" \
	sh -c '[ "$(kernel-patches/fetch-deb --dbg linux-image-amd64 2>&1)" = "$1" ]' - "$d"
# apt is asked again only when its state changes: a stand-in apt-cache
# that notes each call and runs the real one.
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s"\nexec /usr/bin/apt-cache "$@"\n' "$tmp/asked" >"$tmp/bin/apt-cache"
chmod +x "$tmp/bin/apt-cache"
check "a second fetch asks apt nothing (its answer kept for apt's state)" \
	sh -c '[ "$(PATH=$2:$PATH kernel-patches/fetch-deb --dbg linux-image-amd64 2>&1)" = "$1" ] && [ ! -e "$3" ]' - "$d" "$tmp/bin" "$tmp/asked"
memo=$KABENCH_CACHE/kernels/deb/resolved/linux-image-amd64
sed -i 's/^[0-9]* /0 /' "$memo"
check "after apt's state changed it asks apt again (the metapackage, then the image package) and gets the same" \
	sh -c '[ "$(PATH=$2:$PATH kernel-patches/fetch-deb --dbg linux-image-amd64 2>&1)" = "$1" ] && [ "$(wc -l <"$3")" = 2 ] && ! grep -q "^0 " "$4"' - "$d" "$tmp/bin" "$tmp/asked" "$memo"

make -s bench EXPERIMENT=smoke COMPARE=debian:debian-noinit TESTS=fstat,read1,fstatat_empty MASK=fsrm REPEATS=1 \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$KABENCH_RESULTS"/*-smoke 2>/dev/null | tail -n 1)
check "make bench COMPARE=debian:debian-noinit succeeds under icount" \
	sh -c '[ "$1" -eq 0 ] && grep -qx "accel icount" "$2/experiment.exp"' - "$rc" "$run"
[ "$rc" -eq 0 ] || tail -n 5 "$tmp/err"
rel=$(cat "$run/kernels/debian/kernelrelease" 2>/dev/null)
echo "# kernel: $rel; $(cat "$run/kernels/debian/source" 2>/dev/null | head -n 1)"
check "the guest ran Debian's kernel (uname -r $rel, every boot ok)" sh -c '
	echo "$1" | grep -Eq "^6\.1\.0-[0-9]+-amd64$" &&
	[ "$(awk -F, "NR > 1 && \$2 == \"debian\" { print \$3 }" "$2/samples.csv" | sort -u)" = "$1" ] &&
	[ "$(cat "$2"/boots/*/verdict | grep -c "^ok$")" -eq 2 ]' - "$rel" "$run"
rate() { awk -F, -v v="$1" -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["variant"]) == v && $(c["testcase"]) == t { print $(c["mean"]) }' "$run/summary.csv"; }
echo "# debian: fstat $(rate debian fstat), read1 $(rate debian read1), fstatat_empty $(rate debian fstatat_empty) ops/s; with init_on_alloc=0: fstatat_empty $(rate debian-noinit fstatat_empty)"
check "Debian's kernel ran fstat and read1 (ops/s > 0)" \
	awk -v a="$(rate debian fstat)" -v b="$(rate debian read1)" 'BEGIN { exit !(a > 0 && b > 0) }'
check "the boots added nokaslr (CONFIG_RANDOMIZE_BASE=y) and the variant's init_on_alloc=0 to the command line" sh -c '
	grep -q "nokaslr kabench" "$1"/boots/debian-1/qemu.cmd && grep -q "nokaslr init_on_alloc=0 kabench" "$1"/boots/debian-noinit-1/qemu.cmd' - "$run"
line=$(awk -F, '$2 == "fstatat_empty"' "$run/compare.csv")
echo "# fstatat_empty debian -> debian-noinit: $(echo "$line" | cut -d, -f24,25)"
# (One boot per kernel: the verdict rule says "within noise" below 2 boots;
# icount boots of one kernel differ by a few ops in 10^5.)
check "init_on_alloc=0 makes fstatat_empty faster on Debian's kernel by more than the 1% minimum effect (measured)" \
	sh -c 'echo "$1" | awk -F, "{ exit !(\$24 > 1) }"' - "$line"

# Where the difference comes from: the profile (System.map from -dbg).
ps=$run/profile-summary.csv
awk -F, 'NR > 1 && $3 == "fstatat_empty" && $9 == "symbol" { k = $11; d[k] += ($1 == "debian-noinit" ? $13 : -$13) }
	END { for (k in d) printf "%.2f %s\n", d[k] < 0 ? -d[k] : d[k], k }' "$ps" 2>/dev/null | sort -rn | head -n 3 >"$tmp/top"
echo "# fstatat_empty, instructions/op saved by init_on_alloc=0, top functions: $(awk '{ printf "%s %s; ", $2, $1 }' "$tmp/top")"
check "the profile names the zeroing init_on_alloc=0 saves (a memset function first)" \
	sh -c 'head -n 1 "$1" | grep -q "memset"' - "$tmp/top"
