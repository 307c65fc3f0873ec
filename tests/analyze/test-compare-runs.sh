#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make compare on damaged runs and full disks, from two copies of the
# committed reference run: a run whose boots/ or one of whose boots is
# gone, or whose cell is not ok, is refused in one line naming the run
# and the cells, with no *-compare folder left; a compare that fails
# half-way removes its folder; a results disk too small for the compare
# is refused before anything is written; make report on a full disk says
# so in one line and leaves every file of the run as it was, never a
# 0-byte one. Needs root to mount small tmpfs folders.
# kernel-free: it reports the committed reference run, boots nothing.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
if [ "$(id -u)" != 0 ]; then
	skip "damaged runs and full disks: mounting a small tmpfs needs root"
	exit 0
fi
echo "plan 12"
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
cp -r results/reference "$tmp/a" && cp -r results/reference "$tmp/b" && mkdir "$tmp/res" "$tmp/disk" ||
	{ fail "copy results/reference"; exit 1; }
KABENCH_RESULTS=$tmp/res
export KABENCH_RESULTS
# compare: exit code, then its lines that are not the probes' notes
compare() {
	plan/run-experiment A="$tmp/a" B="$tmp/b" >/dev/null 2>"$tmp/err"
	rc=$?
	grep -v 'not measured' "$tmp/err" >"$tmp/lines"
}
folders() { ls "$KABENCH_RESULTS" | wc -l; }

compare
check "two whole runs compare (exit $rc)" [ $rc -eq 0 ]
rm -rf "${KABENCH_RESULTS:?}"/*

mv "$tmp/b/boots" "$tmp/boots"
compare
check "B without boots/: exit 2, one line naming B's boots/ ($(head -c 120 "$tmp/lines"))" \
	sh -c '[ $1 -eq 2 ] && [ $(wc -l <"$2") -eq 1 ] && grep -q "$3.* has no boots/ folder" "$2"' - $rc "$tmp/lines" "$tmp/b"
check "... and no compare folder" [ "$(folders)" -eq 0 ]

mv "$tmp/boots" "$tmp/b/boots"
mv "$tmp/b/boots/6.1-fstat-2" "$tmp/boot"
echo timeout >"$tmp/b/boots/6.12-1/verdict"
compare
check "B with a boot gone and one timed out: exit 2, one line naming both ($(head -c 160 "$tmp/lines"))" \
	sh -c '[ $1 -eq 2 ] && [ $(wc -l <"$2") -eq 1 ] && grep -q "6.12-1 (timeout) 6.1-fstat-2 (no boot folder)" "$2" &&
		grep -q "RESUME=.$3" "$2"' - $rc "$tmp/lines" "$tmp/b"
check "... and no compare folder" [ "$(folders)" -eq 0 ]
mv "$tmp/boot" "$tmp/b/boots/6.1-fstat-2"
echo ok >"$tmp/b/boots/6.12-1/verdict"

# A sample that is not a number: the compare fails in its report.
cp "$tmp/b/boots/6.1-2/bench.csv" "$tmp/bench.csv"
echo "sample,fstat,processes,1,1,x,1,1,1,1" >>"$tmp/b/boots/6.1-2/bench.csv"
compare
check "a compare that fails half-way exits non-zero and says it removed its folder" \
	sh -c '[ $1 -ne 0 ] && grep -q "compare failed: removed the unfinished" "$2"' - $rc "$tmp/lines"
check "... and no compare folder is left" [ "$(folders)" -eq 0 ]
cp "$tmp/bench.csv" "$tmp/b/boots/6.1-2/bench.csv"

mount -t tmpfs -o size=4m tmpfs "$tmp/disk" || { fail "mount a tmpfs"; exit 1; }
KABENCH_RESULTS=$tmp/disk compare
check "a results disk too small for the compare: exit 1, one line with what it needs ($(cat "$tmp/lines"))" \
	sh -c '[ $1 -eq 1 ] && [ $(wc -l <"$2") -eq 1 ] && grep -q "has [0-9]* MB free; this compare needs about [0-9]* MB" "$2"' - $rc "$tmp/lines"
check "... and nothing written there" [ -z "$(ls "$tmp/disk")" ]
umount "$tmp/disk"


# make report on a run whose disk is full (its charts and report.md to be
# written again): the run as it was, one line.
mount -t tmpfs -o size=8m tmpfs "$tmp/disk" && cp -r results/reference "$tmp/disk/r" ||
	{ fail "copy the run into a tmpfs"; exit 1; }
plan/run-experiment REPORT="$tmp/disk/r" >/dev/null 2>&1
rm -f "$tmp/disk/r"/*.png "$tmp/disk/r"/*.svg "$tmp/disk/r/report.md"
( cd "$tmp/disk/r" && md5sum ./* 2>/dev/null ) >"$tmp/before"
free=$(df -Pk "$tmp/disk" | awk 'NR == 2 { print $4 }')
dd if=/dev/zero of="$tmp/disk/fill" bs=1k count=$((free - 100)) 2>/dev/null
plan/run-experiment REPORT="$tmp/disk/r" >/dev/null 2>"$tmp/err"
rc=$?
grep -v 'not measured' "$tmp/err" >"$tmp/lines"
( cd "$tmp/disk/r" && md5sum ./* 2>/dev/null ) >"$tmp/after"
check "make report on a full disk: exit 1, one line naming the run and the room it needs ($(cat "$tmp/lines"))" \
	sh -c '[ $1 -eq 1 ] && [ $(wc -l <"$2") -eq 1 ] && grep -q "no room in $3 for its [0-9]* new files ([0-9]* KB; [0-9]* KB free)" "$2"' \
	- $rc "$tmp/lines" "$tmp/disk/r"
check "... every file of the run as it was" sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' - "$tmp/before" "$tmp/after"
check "... no 0-byte file and no staging folder left" \
	sh -c '[ -z "$(find "$1" -maxdepth 1 \( -size 0 -o -name ".publish.*" \))" ]' - "$tmp/disk/r"
