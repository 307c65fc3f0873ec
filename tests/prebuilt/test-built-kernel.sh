# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# A finished kernel as a variant: a variant whose base is "kernel FOLDER",
# FOLDER the kbuild output folder of 6.1's cached build, boots that kernel
# as it is (nothing built) and gives the same op count as 6.1's own
# variant in every sample, under icount with the same seed. Scratch
# variants and results; the kernel cache is only read.
# foreground: a kbuild folder's boots must give its variant's op counts.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kernel-patches/build 6.1 >/dev/null 2>&1 || { fail "kernel 6.1 builds or is cached"; exit 1; }
tree=$(kernel-patches/build --where 6.1)/linux
export KABENCH_VARIANTS_DIR=$tmp/v KABENCH_RESULTS=$tmp/results
mkdir -p "$tmp/v/mine"
cp -r kernel-patches/variants/6.1 "$tmp/v/"
echo "kernel $tree" >"$tmp/v/mine/base"
cache=${KABENCH_CACHE:-$HOME/.cache/kabench}/kernels
stamp_before=$(stat -c %Y "$tree/../done")

make -s bench EXPERIMENT=smoke COMPARE=6.1:mine REPEATS=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$KABENCH_RESULTS"/*-smoke 2>/dev/null | tail -n 1)
check "make bench COMPARE=6.1:mine (mine: 6.1's kbuild folder) succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 5 "$tmp/err"
check "nothing was built: no cache folder for mine, 6.1's stamp untouched" \
	sh -c '! ls -d "$1"/v/mine-* "$1"/deb/* >/dev/null 2>&1 && [ "$(stat -c %Y "$2/../done")" = "$3" ]' - "$cache" "$tree" "$stamp_before"
check "the run booted mine's own bzImage: its sha256 is that of arch/x86/boot/bzImage" \
	[ "$(cat "$run/kernels/mine/sha256" 2>/dev/null)" = "$(sha256sum <"$tree/arch/x86/boot/bzImage" | cut -d' ' -f1)" ]
check "the run records mine's kernelrelease and .config as for its own builds" sh -c '
	[ "$(cat "$1/kernels/mine/kernelrelease")" = "$(cat "$1/kernels/6.1/kernelrelease")" ] &&
	cmp -s "$1/kernels/mine/config" "$2/.config" && cmp -s "$1/kernels/mine/System.map" "$2/System.map" &&
	grep -q "^kernel $2/arch/x86/boot/bzImage" "$1/kernels/mine/source"' - "$run" "$tree"
check "the report names where mine came from" grep -q "^- mine: .*source \`kernel $tree" "$run/report.md"
ops() { awk -F, -v v="$2" 'NR > 1 && $2 == v { print $9, $12, $13, $15 }' "$1/samples.csv"; }
ops "$run" 6.1 >"$tmp/a"; ops "$run" mine >"$tmp/b"
echo "# op counts (testcase boot sample ops): 6.1 $(paste -sd' ' "$tmp/a"); mine $(paste -sd' ' "$tmp/b")"
check "mine gives 6.1's op count in every sample (icount, same seed)" sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' - "$tmp/a" "$tmp/b"
