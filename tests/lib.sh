# Helpers for kabench test scripts (sourced, POSIX sh).
# ok/not ok lines are counted by tests/run.

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
