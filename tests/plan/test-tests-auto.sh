#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# TESTS=auto (plan/tests-auto): the functions a patch changes
# (plan/changed-functions) are exactly those its hunks edit, by the
# source trees and by the two vmlinux; the enclosing-function reader on a
# planted file; the choice on a fixture reach table (a testcase that runs
# a changed function kept, one that does not dropped with the reason, the
# experiment's own and an unknown one kept); then one real profiled boot
# of 6.1 (plan/reach): fstat_libc runs vfs_fstatat, getppid1 does not,
# fstatat_null is not supported, a second call boots nothing, and plan/tests-auto keeps fstat_libc and
# says why getppid1 was left out.
# no-kernel-build: it boots 6.1 and reads 6.1, 6.1-fstat, 6.12 and
# 6.12-no-movsq as make test builds them.
. tests/lib.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export KABENCH_REACH_CACHE="$tmp/reach-cache"
echo "plan 18"
tab=$(printf '\t')

# --- the enclosing-function reader on a planted file -------------------
cat >"$tmp/f.c" <<'EOF'
/* a comment */
#define TWICE(x) \
	((x) * 2)
static const int table[] = {
	1, 2,
};
static int
one(int a,
    int b)
{
	return a + b;	/* 11 */
}

SYSCALL_DEFINE2(two, int, a, int, b)
{
	/* 17: a comment */
	return a;
}
EOF
seq 1 18 >"$tmp/want"
got=$(awk -v f=f.c -f plan/enclosing.awk "$tmp/want" "$tmp/f.c" | awk '{ printf "%s:%s:%s:%s ", $2, $3, $4, $5 }')
exp="1:none:-:0 2:macro:TWICE:1 3:macro:TWICE:1 4:none:-:1 5:none:-:1 6:none:-:1 7:none:-:1 8:function:one:1 9:function:one:1 10:function:one:1 11:function:one:1 12:function:one:1 13:none:-:0 14:function:SYSCALL_DEFINE2:two:1 15:function:SYSCALL_DEFINE2:two:1 16:function:SYSCALL_DEFINE2:two:0 17:function:SYSCALL_DEFINE2:two:1 18:function:SYSCALL_DEFINE2:two:1 "
check "plan/enclosing.awk places each line of a planted file (macro, table, function, SYSCALL_DEFINE, comments)" \
	[ "$(printf '%s' "$got" | sed 's/ $//')" = "$(printf '%s' "$exp" | sed 's/ $//')" ]
[ "$got" = "$exp" ] || echo "# got: $got"

# --- the functions each seed patch edits ------------------------------
# expected: the function of each hunk's @@ context, as the patch names it
hunkfns() {
	sed -n 's/^@@ [^@]* @@ //p' "$@" | sed 's/(.*//; s/.*[^A-Za-z0-9_]//' | sort -u | paste -sd' ' -
}
funcs() { grep -v '^#' "$1" | cut -f1 | sort | paste -sd' ' -; }
for pair in "6.1 6.1-fstat" "6.12-no-fstat 6.12"; do
	set -- $pair
	p=$(ls kernel-patches/variants/6.1-fstat/*.patch)
	[ "$1" = 6.1 ] || p=$(ls kernel-patches/variants/6.12-no-fstat/*.patch)
	want=$(hunkfns "$p")
	plan/changed-functions "$1" "$2" >"$tmp/ch" 2>"$tmp/ch.err"
	check "changed-functions $1 $2: exactly the hunks' function ($want), by source and image: $(funcs "$tmp/ch")$(head -c 200 "$tmp/ch.err")" \
		sh -c '[ "$1" = vfs_fstatat ] && [ "$(grep -v "^#" "$2")" = "vfs_fstatat${3}source+image${3}$(grep -v "^#" "$2" | cut -f3)" ]' - "$want" "$tmp/ch" "$tab"
done
# 6.12-no-movsq: a header's inline function, an assembler function and a
# comment-only hunk; the callers of the inlined one by the image alone
plan/changed-functions 6.12-no-movsq 6.12 >"$tmp/mv" 2>"$tmp/mv.err"
check "changed-functions 6.12-no-movsq 6.12 by source: copy_user_generic (a header, inlined) and rep_movs_alternative ($(grep -v '^#' "$tmp/mv" | grep -c source) by source)" \
	[ "$(grep -v '^#' "$tmp/mv" | awk -F'\t' '$2 ~ /source/ { print $1 }' | sort | paste -sd' ' -)" = "copy_user_generic rep_movs_alternative" ]
check "... by the image: rep_movs_alternative and _copy_from_user, which inlines copy_user_generic ($(awk -F'\t' '$2 ~ /image/' "$tmp/mv" | wc -l) functions)" \
	sh -c 'awk -F"\t" "\$2 ~ /image/ { print \$1 }" "$1" | grep -qx rep_movs_alternative && awk -F"\t" "\$2 ~ /image/ { print \$1 }" "$1" | grep -qx _copy_from_user' - "$tmp/mv"
check "... the comment-only lines said not to be code" grep -q '^# source: [0-9]* changed lines were comments or blank' "$tmp/mv"
expect_exit 2 "changed-functions with one variant: usage, exit 2" plan/changed-functions 6.1

# --- the choice, on a fixture reach table -----------------------------
printf 'a\tvfs_fstatat\t3400\t100\na\tgetname_flags\t900\t100\nb\tdo_syscall_64\t500\t100\nc\tdo_syscall_64\t500\t100\ne\t(not supported)\t0\t0\tneeds Linux 6.6+\nf\tvfs_fstatat\t36\t100000\n' >"$tmp/reach.tsv"
printf 'vfs_fstatat\tsource+image\tfs/stat.c:271\n# a note\n' >"$tmp/changed"
printf 'c\tseed 001 "real fstat vs stock fstat"\n' >"$tmp/pinned"
plan/tests-auto --select "$tmp/reach.tsv" "$tmp/changed" "$tmp/pinned" a b c d e f >"$tmp/sel"
check "select: a runs vfs_fstatat: kept, with its instructions per op" grep -qx "keep${tab}a${tab}runs vfs_fstatat (34.0 instructions/op)" "$tmp/sel"
check "... b never does: left out, saying so" grep -qx "drop${tab}b${tab}never calls any of: vfs_fstatat" "$tmp/sel"
check "... f runs it 36 instructions in 100000 ops (the sampler's): left out, saying so" \
	grep -qx "drop${tab}f${tab}runs them less than 0.1 instructions an op (the sampler's or an interrupt's, not the op's): vfs_fstatat (0.0004 instructions/op)" "$tmp/sel"
check "... c is the experiment's own, d's reach unknown: both kept; e unsupported: left out" \
	sh -c 'grep -q "^keep${1}c${1}the experiment.s own: seed 001" "$2" && grep -q "^keep${1}d${1}its reach is unknown" "$2" &&
		grep -qx "drop${1}e${1}the base kernel does not support it (needs Linux 6.6+)" "$2"' - "$tab" "$tmp/sel"
: >"$tmp/none"
check "... no changed function: every testcase kept" \
	[ "$(plan/tests-auto --select "$tmp/reach.tsv" "$tmp/none" "$tmp/none" a b | cut -f1 | sort -u)" = keep ]

# --- the experiment reader: TESTS=auto is a flag, not a testcase ------
printf 'compare 6.1 6.1-fstat fstat_libc getppid1 mask=fsrm\n' >"$tmp/e.exp"
got=$(sh -c '. plan/experiment.sh; exp_read "$1" TESTS=auto; echo "$exp_tests_auto|$exp_compare"' - "$tmp/e.exp" 2>&1)
check "plan/experiment.sh: TESTS=auto sets exp_tests_auto and keeps the compare line's testcases ($got)" \
	[ "$got" = "1|6.1 6.1-fstat max fsrm fstat_libc getppid1" ]

# --- one real profiled boot of 6.1 ------------------------------------
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
plan/reach --kernel "$img" --mask fsrm fstat_libc getppid1 fstatat_null >"$tmp/r1" 2>"$tmp/r1.err"
check "plan/reach on 6.1: fstat_libc runs vfs_fstatat, getppid1 does not ($(wc -l <"$tmp/r1") rows$(grep kabench "$tmp/r1.err" | head -c 200))" \
	sh -c 'grep -q "^fstat_libc${1}vfs_fstatat${1}[1-9]" "$2" && grep -q "^getppid1${1}" "$2" && ! grep -q "^getppid1${1}vfs_fstatat${1}" "$2"' - "$tab" "$tmp/r1"
check "... fstatat_null (Linux 6.11+) is not supported by 6.1: one row saying so" \
	grep -q "^fstatat_null${tab}(not supported)${tab}0${tab}0${tab}needs newfstatat with a NULL path" "$tmp/r1"
plan/reach --kernel "$img" --mask fsrm fstat_libc getppid1 fstatat_null >"$tmp/r2" 2>"$tmp/r2.err"
check "... a second call boots nothing and gives the same table" \
	sh -c '! grep -q "reach: one profiled" "$1" && cmp -s "$2" "$3"' - "$tmp/r2.err" "$tmp/r1" "$tmp/r2"
mkdir -p "$tmp/run"
printf 'compare 6.1 6.1-fstat fstat_libc getppid1 cpu=max mask=fsrm\n' >"$tmp/run/experiment.exp"
out=$(plan/tests-auto "$tmp/run" 2>"$tmp/ta.err")
check "plan/tests-auto: 6.1 -> 6.1-fstat keeps fstat_libc alone (\"$out\")" [ "$out" = "6.1 6.1-fstat max fsrm fstat_libc" ]
check "... and tests-auto.txt says getppid1 never calls vfs_fstatat, found by source and image" \
	sh -c 'grep -qx "drop getppid1: never calls any of: vfs_fstatat" "$1" && grep -q "found by source and image" "$1"' - "$tmp/run/tests-auto.txt"
