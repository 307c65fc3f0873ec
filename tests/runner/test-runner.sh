#!/bin/sh
# tests/run itself: a plan that is not met, a script past its time limit, a
# non-zero exit without a failed check, and the skip list.
# limit: 120
. tests/lib.sh
echo "plan 11"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

script() { f=$tmp/$1.sh; shift; printf '%s\n' "$@" >"$f"; }
script short '. tests/lib.sh' 'echo "plan 3"' 'pass one' 'pass two'
script exact '. tests/lib.sh' 'echo "plan 2"' 'pass one' 'skip two: no such thing here'
script slow '# limit: 1' '. tests/lib.sh' 'pass before' 'sleep 5' 'pass after'
script quiet 'exit 3'
script dirty '. tests/lib.sh' "mkdir -p '$tmp/cache/kernels'" 'pass wrote into the user cache'
run() { KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache tests/run "$tmp/$1.sh" >"$tmp/$1.out" 2>&1; echo $?; }

check "a script that runs fewer checks than its plan fails" [ "$(run short)" -ne 0 ]
check "... and the runner says so" grep -q "planned 3 checks and ran 2" "$tmp/short.out"
check "a script that runs its plan passes" [ "$(run exact)" -eq 0 ]
check "... and its skip is listed once with its reason" \
	[ "$(grep -c '^skipped: two: no such thing here$' "$tmp/exact.out")" -eq 1 ]
check "the summary is the last line" [ "$(tail -n 1 "$tmp/exact.out")" = "2 passed, 0 failed, 1 skipped" ]
check "a script past its limit fails" [ "$(run slow)" -ne 0 ]
check "... killed at its limit and said so: its later check never ran" \
	sh -c 'grep -q "ran past its limit of 1 s" "$1" && ! grep -q "^ok after" "$1"' - "$tmp/slow.out"
check "a script that exits 3 naming no failed check fails" [ "$(run quiet)" -ne 0 ]
check "... and the runner says so" grep -q "exited 3 without naming a failed check" "$tmp/quiet.out"
check "a script that writes into the user's KABENCH_CACHE fails the run" [ "$(run dirty)" -ne 0 ]
check "... and the runner names the cache" grep -q "^not ok the user's kernel cache $tmp/cache changed" "$tmp/dirty.out"
