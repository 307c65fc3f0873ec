#!/bin/sh
# The cache: a built variant is served again without any compile work, and
# its key follows the patch contents, the config and the variant name.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
build=kernel-patches/build

img=$($build 6.1 2>"$tmp/err1") || { fail "6.1 builds"; cat "$tmp/err1"; exit 1; }
dir=$(dirname "$img")
stamp() { stat -c '%n %Y %s' "$dir/bzImage" "$dir/build.log" "$dir/done"; }
before=$(stamp)
sleep 1
out=$(make -s kernels VARIANTS=6.1 2>"$tmp/err2")
check "second make kernels: same bzImage path on stdout" [ "$out" = "$img" ]
check "second make kernels: reports the cached image" grep -q "6.1-minimal: cached" "$tmp/err2"
check "second make kernels: no build step, no config step" \
	sh -c "! grep -qE ': (build|config|patch|copy) ' '$tmp/err2'"
check "second make kernels: image, log and stamp untouched" [ "$(stamp)" = "$before" ]
check "bzImage is a Linux kernel image" sh -c "file -b '$img' 2>/dev/null | grep -q 'Linux kernel' || od -An -c -j514 -N4 '$img' | tr -d ' ' | grep -q HdrS"

# Keys: a changed patch, another profile or another name gives a new folder.
cp -r kernel-patches/variants "$tmp/v"
k0=$(KABENCH_VARIANTS_DIR=$tmp/v $build --where 6.1-fstat)
check "cache folder follows the committed key" [ "$k0" = "$($build --where 6.1-fstat)" ]
sed -i 's/^Variant: 6.1-fstat$/Variant: 6.1-fstat (edited)/' "$tmp/v/6.1-fstat/"*.patch
k1=$(KABENCH_VARIANTS_DIR=$tmp/v $build --where 6.1-fstat)
check "a changed patch gets a new cache key" sh -c '[ -n "$1" ] && [ "$1" != "$2" ]' _ "$k1" "$k0"
check "the distro profile gets its own cache key" [ "$($build --where 6.1-fstat distro)" != "$k0" ]
check "the stock and patched variants never share a folder" [ "$($build --where 6.1)" != "$k0" ]

# An interrupted build (folder without its stamp) is redone, never served.
img=$($build 6.1-fstat 2>/dev/null) && dir=$(dirname "$img") && rm -f "$dir/done" &&
	echo partial >"$dir/bzImage"
img2=$($build 6.1-fstat 2>"$tmp/err3")
check "unfinished folder is detected and redone" \
	sh -c "grep -q 'removing unfinished' '$tmp/err3' && grep -q ': build bzImage' '$tmp/err3'"
check "redone variant has its stamp and a real image again" \
	sh -c "[ '$img2' = '$img' ] && [ -f '$dir/done' ] && [ \$(stat -c %s '$img2') -gt 100000 ]"
