#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# after-foreground: it builds kernels, which disturb the foreground's icount replays.
# The cache: a built variant is served again without any compile work; its
# key follows the patch contents, the config, the variant name, the
# toolchain and the build script; a stamp that does not match the image is
# caught and the build redone; a patched variant with no base cached
# builds the base first, once for two builds at once. The user's cache is
# only read: the checks that change a build work on a hard-linked scratch
# copy of it.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
build=kernel-patches/build

img=$($build 6.1 2>"$tmp/err1") || { fail "6.1 builds"; cat "$tmp/err1"; exit 1; }
$build 6.1-fstat >/dev/null 2>&1 || { fail "6.1-fstat builds"; exit 1; }
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
check "System.map and .config are kept beside the image" [ -s "$dir/System.map" -a -s "$dir/config" ]
check "the stamp holds the sha256 of the image and the map" \
	sh -c 'cd "$1" && sha256sum --status -c done && grep -q " bzImage$" done && grep -q " System.map$" done' - "$dir"

# Keys: the hash at the end of the folder name.
key() { basename "$1" | sed 's/.*-//'; }
cp -r kernel-patches/variants "$tmp/v"
k0=$(KABENCH_VARIANTS_DIR=$tmp/v $build --where 6.1-fstat)
check "cache folder follows the committed key" [ "$k0" = "$($build --where 6.1-fstat)" ]
sed -i 's/^Variant: 6.1-fstat$/Variant: 6.1-fstat (edited)/' "$tmp/v/6.1-fstat/"*.patch
k1=$(KABENCH_VARIANTS_DIR=$tmp/v $build --where 6.1-fstat)
check "a changed patch gets a new cache key" sh -c '[ -n "$1" ] && [ "$1" != "$2" ]' _ "$(key "$k1")" "$(key "$k0")"
check "the distro profile gets its own key" differs "$(key "$($build --where 6.1-fstat distro)")" "$(key "$k0")"
check "the stock and patched variants get different keys" differs "$(key "$($build --where 6.1)")" "$(key "$k0")"
# The build script and the toolchain are in the key (a copy of the part).
mkdir -p "$tmp/kp" "$tmp/bin"
cp -r kernel-patches/build kernel-patches/bin kernel-patches/config kernel-patches/variants "$tmp/kp/"
echo "# edited" >>"$tmp/kp/build"
check "an edited build script gets a new key" differs "$(key "$("$tmp/kp/build" --where 6.1-fstat)")" "$(key "$k0")"
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "gcc (kabench test) 99.0"; exit 0; }\nexec /usr/bin/gcc "$@"\n' >"$tmp/bin/gcc"
chmod +x "$tmp/bin/gcc"
check "another compiler version gets a new key" differs "$(key "$(PATH=$tmp/bin:$PATH $build --where 6.1-fstat)")" "$(key "$k0")"

# A scratch cache with the two builds: a bzImage that no longer matches
# its stamp (a full disk, an edit) is caught and redone, never served.
# 6.1's build, the seed the redone build starts from and only reads, is a
# link to the cached one; of 6.1-fstat's, its files but the kbuild tree
# (the redone build replaces the whole folder); the pristine tree is
# hard-linked.
ucache=$KABENCH_CACHE/kernels
mkdir -p "$tmp/cache/kernels/v" "$tmp/cache/kernels/src"
cp -al "$ucache/src/6.1" "$ucache/src/6.1.done" "$tmp/cache/kernels/src/"
fdir=$tmp/cache/kernels/v/$(basename "$k0")
ln -s "$dir" "$tmp/cache/kernels/v/" && mkdir "$fdir" &&
	find "$(dirname "$($build 6.1-fstat 2>/dev/null)")" -maxdepth 1 -type f -exec cp -p -t "$fdir" {} + ||
	{ fail "a scratch cache with the 6.1 and 6.1-fstat builds"; exit 1; }
rm -f "$fdir/bzImage" && echo partial >"$fdir/bzImage"
img2=$(KABENCH_CACHE=$tmp/cache $build 6.1-fstat 2>"$tmp/err3")
check "a bzImage that does not match its stamp is detected and redone" \
	sh -c "grep -q 'removing unfinished' '$tmp/err3' && grep -q ': build bzImage' '$tmp/err3'"
check "... from the cached 6.1 build, not from scratch" grep -q 'copy build products of .*6.1-minimal' "$tmp/err3"
# The scratch copy lives at another path than the build it starts from:
# objtool's recorded paths must follow, or every object is compiled again.
ncc=$(grep -c '^  CC ' "$fdir/build.log")
check "... compiling only what the patch and the release name touch ($ncc files, under 30), though the copy moved" [ "$ncc" -lt 30 ]
check "redone variant has its stamp and a real image again" \
	sh -c "[ '$img2' = '$fdir/bzImage' ] && (cd '$fdir' && sha256sum --status -c done) && [ \$(stat -c %s '$img2') -gt 100000 ]"
check "the user's cached 6.1-fstat image was not touched" \
	sh -c 'cd "$1" && sha256sum --status -c done' - "$(dirname "$($build 6.1-fstat 2>/dev/null)")"

# A patched variant with nothing of its series cached builds its base
# first, and two such builds started at once make the base once, the
# second waiting for the first's lock: in a scratch cache holding only a
# stand-in of the pristine tree (the file the patch changes, and a
# Makefile whose tinyconfig calls the compiler), with a compiler that
# fails (the first call after 3 s, so that the first build holds its
# lock a while), so that nothing is built (two variants of 6.1: 6.1-fstat
# and the test series' comment in fs/stat.c; two variants with the same
# sources would be one build, the second waiting for its sources' lock). Nothing here needs the 75,000 files of the real tree.
mkdir -p "$tmp/cold/kernels/src/6.1/fs" "$tmp/v2" "$tmp/bin2"
cp "$ucache/src/6.1.done" "$tmp/cold/kernels/src/" && cp "$ucache/src/6.1/fs/stat.c" "$tmp/cold/kernels/src/6.1/fs/" &&
	printf 'tinyconfig:\n\tgcc -c -o /dev/null -x c /dev/null\n' >"$tmp/cold/kernels/src/6.1/Makefile" ||
	{ fail "a scratch cache with a stand-in of the 6.1 tree"; exit 1; }
cp -r kernel-patches/variants/6.1-fstat "$tmp/v2/" && mkdir "$tmp/v2/6.1-fstat-b" &&
	cp kernel-patches/variants/6.1-fstat/base tests/series/6.1-series3/0001-*.patch "$tmp/v2/6.1-fstat-b/"
printf '#!/bin/sh\n[ "$1" = --version ] && exec /usr/bin/gcc "$@"\nmkdir "%s" 2>/dev/null && sleep 3\nexit 1\n' "$tmp/slept" >"$tmp/bin2/gcc"
chmod +x "$tmp/bin2/gcc"
cold() { KABENCH_CACHE=$tmp/cold KABENCH_VARIANTS_DIR=$tmp/v2 PATH=$tmp/bin2:$PATH $build "$1" >/dev/null 2>"$tmp/$1.err"; echo $? >"$tmp/$1.rc"; }
cold 6.1-fstat & cold 6.1-fstat-b; wait
check "a patched variant with no build of its base cached builds the base first" \
	grep -q '6.1-fstat-minimal: build the base 6.1 first' "$tmp/6.1-fstat.err"
check "... and fails when the base fails, building nothing else (exit $(cat "$tmp/6.1-fstat.rc"))" \
	sh -c 'grep -q "6.1-minimal: config failed" "$1" && grep -q "building the base 6.1 failed" "$1" && [ "$(cat "$2")" = 1 ] && ! grep -q "6.1-fstat-minimal: link" "$1"' - "$tmp/6.1-fstat.err" "$tmp/6.1-fstat.rc"
check "two such builds at once: one waits for the other's build of the base" \
	[ "$(cat "$tmp/6.1-fstat.err" "$tmp/6.1-fstat-b.err" | grep -c '6.1-minimal: waiting for another build of 6.1-minimal')" = 1 ]

# The package version in the key is asked of dpkg once, then kept beside
# the tree until dpkg's status changes (a stand-in dpkg-query counts).
mkdir "$tmp/bin3"
printf '#!/bin/sh\necho >>"%s"\nexec /usr/bin/dpkg-query "$@"\n' "$tmp/dq" >"$tmp/bin3/dpkg-query"
chmod +x "$tmp/bin3/dpkg-query"
dq() { : >"$tmp/dq"; KABENCH_CACHE=$tmp/cold KABENCH_VARIANTS_DIR=$tmp/v2 PATH=$tmp/bin3:$PATH $build --where 6.1-fstat; }
w1=$(dq) n1=$(wc -l <"$tmp/dq")
check "the package version is kept: no dpkg-query while dpkg's status is older ($n1 calls)" \
	sh -c '[ "$1" -eq 0 ] && [ "$(cat "$2")" = "$(dpkg-query -W -f="\${Version}" linux-source-6.1)" ]' - "$n1" "$tmp/cold/kernels/src/6.1.pkgver"
touch -d 2000-01-01 "$tmp/cold/kernels/src/6.1.pkgver"
w2=$(dq) n2=$(wc -l <"$tmp/dq")
check "dpkg's status newer than the kept version: asked again ($n2 call), the same key" \
	sh -c '[ "$1" -eq 1 ] && [ -n "$2" ] && [ "$2" = "$3" ]' - "$n2" "$w1" "$w2"

# ccache hashes no file that an assembler file .incbin's (as piggy.S does
# the compressed vmlinux), in any mode: kernel-patches/bin/ccache-gcc compiles
# such a file with gcc alone, and every other through ccache.
d=$tmp/incbin
mkdir "$d" && printf '.section .data\n.incbin "%s/payload"\n' "$d" >"$d/p.S" && echo 'int f(void) { return 1; }' >"$d/f.c"
cc_twice() {
	for x in one two; do
		echo "$x" >"$d/payload"
		CCACHE_DIR=$d/cache CCACHE_DEPEND=1 $1 -Wp,-MMD,"$d/p.d" -c -o "$d/p.o" "$d/p.S" &&
			objcopy -O binary -j .data "$d/p.o" "$d/$x.bin" || return 1
	done
	cat "$d/two.bin"
}
check "plain ccache serves the object of the earlier compile of a .S that .incbin's a changed file" [ "$(cc_twice 'ccache gcc')" = one ]
rm -rf "$d/cache"
check "kernel-patches/bin/ccache-gcc: the object holds the file as it is now" [ "$(cc_twice kernel-patches/bin/ccache-gcc)" = two ]
for _ in 1 2; do CCACHE_DIR=$d/cache CCACHE_DEPEND=1 kernel-patches/bin/ccache-gcc -Wp,-MMD,"$d/f.d" -c -o "$d/f.o" "$d/f.c"; done
check "... and a C file goes through ccache (the second compile a hit)" \
	sh -c 'CCACHE_DIR=$1 ccache --print-stats | grep -qx "direct_cache_hit	1"' - "$d/cache"
