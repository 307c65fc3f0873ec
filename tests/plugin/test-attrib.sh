#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# profile-attrib's arithmetic on raw files whose counts are worked by
# hand (the fuzz seeds, tests/fuzz/corpus/): the --windows totals per
# space and class, and profile.csv's rows per symbol and class, exactly.
# The plugin's own counting needs a boot (tests/plugin/test-exact.sh);
# this is what the host makes of its file.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s build/plugin/profile-attrib >/dev/null 2>&1 || { fail "make build/plugin/profile-attrib"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "plan 6"

# two-windows.raw: bucket 0 user, 3 instructions (one lock); 1 kernel, 2
# (one syscall); 2 kernel, 4 (a movsq, a stac); 3 user, 1. Window 0
# runs them 1000, 1000, 999, 0 times; window 1 2000, 0, 1999, 1.
# user 3 x 1000 = 3000; kernel 2 x 1000 + 4 x 999 = 5996;
# user 3 x 2000 + 1 = 6001; kernel 4 x 1999 = 7996.
cat >"$tmp/want" <<'EOF'
window,space,what,instructions
0,user,all,3000
0,user,lock,1000
0,kernel,all,5996
0,kernel,syscall,1000
0,kernel,stac,999
0,kernel,movsq,999
1,user,all,6001
1,user,lock,2000
1,kernel,all,7996
1,kernel,stac,1999
1,kernel,movsq,1999
EOF
build/plugin/profile-attrib --windows tests/fuzz/corpus/profile-raw/two-windows.raw >"$tmp/got" 2>"$tmp/err"
rc=$?
check "--windows on two windows: exit $rc, the totals worked by hand" \
	sh -c '[ "$1" -eq 0 ] && cmp -s "$2" "$3"' - "$rc" "$tmp/want" "$tmp/got"
[ -s "$tmp/got" ] && ! cmp -s "$tmp/want" "$tmp/got" && diff "$tmp/want" "$tmp/got" | sed 's/^/# /'
# ... with two movsq in bucket 2: 2 x 999 and 2 x 1999.
sed 's/^L 2 movsq 1$/L 2 movsq 2/' tests/fuzz/corpus/profile-raw/two-windows.raw >"$tmp/movsq.raw"
build/plugin/profile-attrib --windows "$tmp/movsq.raw" >"$tmp/got" 2>"$tmp/err"
check "... with two movsq a block: movsq $(grep movsq "$tmp/got" | cut -d, -f4 | paste -sd' ') (1998 3998), a class counts its instructions" \
	[ "$(grep movsq "$tmp/got" | cut -d, -f4 | paste -sd' ')" = "1998 3998" ]

# testinit-window.raw (the exact-count test's init, a trimmed System.map):
# one window of 10 executions of bucket 0 (user, 2 instructions in
# _start, one a syscall), 1 (kernel, 3 in entry_SYSCALL_64) and 2
# (kernel, 1 in entry_SYSCALL_64_after_hwframe); the sample's 10 ops.
printf 'kind,testcase,mode,tasks,sample,x,ops,rest\nsample,t,processes,1,1,x,10,0\n' >"$tmp/bench.csv"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" tests/fuzz/corpus/profile-check/testinit-window.raw
cat >"$tmp/want" <<'EOF'
testcase,mode,tasks,sample,ops,kind,space,symbol,instructions
t,processes,1,1,10,symbol,kernel,entry_SYSCALL_64,30
t,processes,1,1,10,symbol,kernel,entry_SYSCALL_64_after_hwframe,10
t,processes,1,1,10,symbol,user,_start,20
t,processes,1,1,10,class,user,syscall,10
EOF
build/plugin/profile-attrib "$@" >"$tmp/got" 2>"$tmp/err"
rc=$?
check "profile.csv of one window: exit $rc, each symbol its instructions x executions, kernel first, then the class" \
	sh -c '[ "$1" -eq 0 ] && cmp -s "$2" "$3"' - "$rc" "$tmp/want" "$tmp/got"
[ -s "$tmp/got" ] && ! cmp -s "$tmp/want" "$tmp/got" && diff "$tmp/want" "$tmp/got" | sed 's/^/# /'
# The same window with its kernel blocks run twice as often, and two
# syscall instructions in the user block: the kernel rows double, the
# user symbol's stay, its class row counts 2 x 10.
sed 's/^C 1 10$/C 1 20/; s/^C 2 10$/C 2 20/; s/^L 0 syscall 1$/L 0 syscall 2/' \
	tests/fuzz/corpus/profile-check/testinit-window.raw >"$tmp/twice.raw"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" "$tmp/twice.raw"
build/plugin/profile-attrib "$@" >"$tmp/twice" 2>"$tmp/err"
check "... its kernel blocks run 20 times, 2 syscalls a user block: kernel 60 and 20, user 20, syscall 20" \
	[ "$(cut -d, -f7- "$tmp/twice" | sed 1d | paste -sd' ')" = "kernel,entry_SYSCALL_64,60 kernel,entry_SYSCALL_64_after_hwframe,20 user,_start,20 user,syscall,20" ]
# A fourth block, 1 instruction of entry_SYSCALL_64 run 10 times after
# entry_SYSCALL_64_after_hwframe's: the symbol's two runs of rows are one
# row of 30 + 10.
awk '{ print } /^C 2 10$/ { print "C 3 10" } /^B 2 / { print "B 3 k 1 3 3 ffffffff81400049" }' \
	tests/fuzz/corpus/profile-check/testinit-window.raw >"$tmp/split.raw"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" "$tmp/split.raw"
build/plugin/profile-attrib "$@" >"$tmp/split" 2>"$tmp/err"
check "... a symbol's blocks apart in the window: one row, their sum ($(grep -c ',entry_SYSCALL_64,' "$tmp/split") row: $(grep ',entry_SYSCALL_64,' "$tmp/split" | cut -d, -f9 | paste -sd' '), 40)" \
	[ "$(grep ',entry_SYSCALL_64,' "$tmp/split" | cut -d, -f9 | paste -sd' ')" = 40 ]
# A bucket run in the window that the raw file never describes: refused.
sed 's/^C 2 10$/C 7 10/' tests/fuzz/corpus/profile-check/testinit-window.raw >"$tmp/bad.raw"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" "$tmp/bad.raw"
build/plugin/profile-attrib "$@" >"$tmp/bad" 2>"$tmp/err"
rc=$?
check "a count of a bucket the file never describes: exit $rc (1), no rows, one line ($(head -n 1 "$tmp/err"))" \
	sh -c '[ "$1" -eq 1 ] && [ ! -s "$2" ] && [ "$(wc -l <"$3")" -eq 1 ]' - "$rc" "$tmp/bad" "$tmp/err"
