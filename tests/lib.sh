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
fi

# check WHAT CMD...: run CMD, print "ok WHAT" or "not ok WHAT".
check() {
	what=$1; shift
	if "$@"; then echo "ok $what"; else echo "not ok $what"; fi
}

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
