# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Helpers for kabench test scripts (sourced, POSIX sh).
# ok/not ok lines are counted by tests/run.

# The tests build and boot their kernels in a cache of their own, so the
# user's KABENCH_CACHE is never written: KABENCH_TEST_CACHE, by default the
# user's path with "-tests" added (tests/run checks the user's at the end).
if [ -z "${KABENCH_IN_TESTS-}" ]; then
	KABENCH_USER_CACHE=${KABENCH_CACHE:-$HOME/.cache/kabench}
	KABENCH_CACHE=${KABENCH_TEST_CACHE:-$KABENCH_USER_CACHE-tests}
	KABENCH_IN_TESTS=1
	export KABENCH_USER_CACHE KABENCH_CACHE KABENCH_IN_TESTS
	# Every cell is booted: the checks that compare two runs (JOBS=2,
	# RESUME, baselines, hosts, a kbuild folder against its variant)
	# compare boots, not copies of one (boot/reuse; tests/e2e/test-reuse.sh
	# checks the reuse itself). A script none of whose checks compares two
	# boots of one kernel unsets it and reuses the boots of earlier runs
	# in the tests' cache (test-bisect, test-git, test-deb).
	KABENCH_FRESH=1
	export KABENCH_FRESH
fi

# check WHAT CMD...: run CMD, print "ok WHAT" or "not ok WHAT".
check() {
	what=$1; shift
	if "$@"; then echo "ok $what"; else echo "not ok $what"; fi
}

# differs A B: both are something, and not the same (a command whose
# output is compared with another's fails here when it printed nothing).
differs() { [ -n "$1" ] && [ -n "$2" ] && [ "$1" != "$2" ]; }

pass() { echo "ok $*"; }
fail() { echo "not ok $*"; }
skip() { echo "skip $*"; }

# expect_exit CODE WHAT CMD...: CMD must exit with CODE.
expect_exit() {
	code=$1 what=$2; shift 2
	"$@" >/dev/null 2>&1
	rc=$?
	if [ "$rc" -eq "$code" ]; then echo "ok $what"; else echo "not ok $what (exit $rc, wanted $code)"; fi
}

# replayed WHAT A B C CMD...: two seeded icount boots' files A and B must
# be identical. Seeded boots replay exactly most of the time, not always
# (docs/determinism.md, "What these machines do not give": in full make test runs
# about one replay in several differs, never one alone), so when A and B
# differ, CMD boots a third time into C, which must equal one of the two.
# An empty or missing A fails: there is nothing to replay.
replayed() {
	what=$1 ra=$2 rb=$3 rc=$4; shift 4
	[ -s "$ra" ] || { fail "$what (the first boot gave nothing to compare)"; return; }
	if cmp -s "$ra" "$rb"; then pass "$what"; return; fi
	echo "# $what: the second boot differed; a third decides"
	"$@" >/dev/null 2>&1
	if [ -s "$rc" ] && { cmp -s "$ra" "$rc" || cmp -s "$rb" "$rc"; }; then
		pass "$what (the third boot replayed $(cmp -s "$ra" "$rc" && echo the first || echo the second))"
	else
		fail "$what (three boots, three results)"
	fi
}
