#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# may-skip-all: it counts instructions with valgrind (make deps installs it)
# native/copy-routines.S, the two seed-002 kernels' 4 KB copy as timed in
# user space: each copies correctly, and callgrind's exact count per call
# is the guest kernel's rep_movs_alternative in results/reference (icount
# profile, 256 copies in 257 read1 ops): the same instruction sequences.
# The profile's window cuts a file's 257 reads anywhere and may end inside
# a copy, so the guest's count per copy is within 0.01% (0.14 of 1353),
# not exact; the next routine differs by hundreds.
cd "$(dirname "$0")/../.." || exit 2
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
command -v valgrind >/dev/null || { skip "valgrind is not installed"; exit 0; }
cc -O2 -o "$tmp/copy-count" tests/native/copy-count.c native/copy-routines.S || { fail "build copy-count"; exit 1; }
# per_call ROUTINE: callgrind's instructions in ROUTINE per call, over 1000 calls
per_call() {
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$tmp/copy-count" "$1" 1000 >/dev/null 2>&1 || return 1
	callgrind_annotate "$tmp/cg.$1" 2>/dev/null | awk -v f="kb_copy_$1" 'index($0, ":" f " ") { gsub(",", "", $1); printf "%.2f", $1 / 1000 }'
}
# guest ROUTINE_VARIANT: the reference run's rep_movs_alternative per read1 copy
guest() { awk -F, -v v="$1" '$1 == v && $3 == "read1" && $11 == "rep_movs_alternative" { printf "%.2f", $13 * 257 / 256 }' results/reference/profile-summary.csv; }
for r in movsq movq_loop; do
	check "copy:$r copies 4 KB correctly, 1000 times" "$tmp/copy-count" "$r" 1000
done
m=$(per_call movsq) l=$(per_call movq_loop)
gm=$(guest 6.12) gl=$(guest 6.12-no-movsq)
check "rep movsq path: $m instructions per 4 KB copy (512 rep iterations), the guest's 6.12 runs $gm" \
	awk -v a="$m" -v b="$gm" 'BEGIN { d = b - a; exit !(a == 531 && d * d < (a / 10000) ^ 2) }'
check "movq loop: $l instructions per 4 KB copy (64 rounds of 21), the guest's 6.12-no-movsq runs $gl" \
	awk -v a="$l" -v b="$gl" 'BEGIN { d = b - a; exit !(a == 1353 && d * d < (a / 10000) ^ 2) }'
