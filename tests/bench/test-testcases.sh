#!/bin/sh
# Every testcase runs natively with 1 and 2 tasks (processes and threads)
# and prints well-formed CSV with ops/s > 0.
. tests/lib.sh
make -s bench/kabench || { fail "make bench/kabench"; exit 1; }
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

# runs TEST MODE: kabench for 1 and 2 tasks, CSV checked with csv.awk.
runs() {
	test=$1 mode=$2
	opt=; [ "$mode" = threads ] && opt=--threads
	bench/kabench --test "$test" --tasks 1,2 --interval 0.2 --warmup 1 --samples 2 \
		--dir "$dir" $opt >"$dir.csv" 2>"$dir.err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		fail "$test $mode exits 0 (got $rc: $(head -1 "$dir.err"))"
		return
	fi
	why=$(awk -v test="$test" -v mode="$mode" -v tasks=1,2 -v samples=2 \
		-f tests/bench/csv.awk "$dir.csv")
	if [ $? -eq 0 ]; then pass "$test $mode: well-formed CSV, ops/s > 0"
	else fail "$test $mode: CSV: $why"; fi
}

# fstatat_null needs Linux 6.11+: older kernels must say so and exit 3.
kernel_at_least() {
	v=$(uname -r | sed 's/[^0-9.].*//')
	[ "$(printf '%s\n%s\n' "$1" "$v" | sort -V | head -1)" = "$1" ]
}

names=$(bench/kabench --list | cut -f1)
# The list is derived, not kept by hand: every testcase named in
# bench/tc_*.c is listed, the '_' test hooks are not, and nothing else is.
defined=$(sed -n 's/^[[:space:]]*\.name = "\([a-z0-9_]*\)",.*/\1/p' bench/tc_*.c | grep -v '^_' | sort)
shown=$(bench/kabench --list | cut -f1 | sort)
check "--list shows exactly the testcases of bench/tc_*.c ($(echo $shown))" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ]' - "$defined" "$shown"
for t in $names; do
	if [ "$t" = fstatat_null ] && ! kernel_at_least 6.11; then
		bench/kabench --test fstatat_null --dir "$dir" >/dev/null 2>"$dir.err"
		rc=$?
		check "fstatat_null on $(uname -r) exits 3" [ "$rc" -eq 3 ]
		check "fstatat_null says not supported" grep -q "not supported by this kernel" "$dir.err"
		continue
	fi
	runs "$t" processes
	runs "$t" threads
done
rm -f "$dir.csv" "$dir.err"
check "no test file left in --dir" [ -z "$(ls -A "$dir")" ]

# A testcase the kernel cannot run: exit 3, says so, prints no CSV.
bench/kabench --test _unsupported --dir "$dir" >"$dir.csv" 2>"$dir.err"
check "unsupported testcase exits 3" [ $? -eq 3 ]
check "unsupported testcase says 'not supported by this kernel'" \
	grep -q '^kabench: _unsupported: not supported by this kernel$' "$dir.err"
check "unsupported testcase prints nothing on stdout" [ ! -s "$dir.csv" ]
rm -f "$dir.csv" "$dir.err"
