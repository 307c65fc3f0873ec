#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The test scripts themselves: checks that cannot fail. One whose
# condition goes on after the command that `check` runs (check "x" [ a ]
# && [ b ]) asserts only its first part; the rest runs outside the check.
# One that is only a negated grep, or that some output of a file is empty,
# passes when the file is missing. (tests/run fails a script that checks
# nothing: prints no check, or skips every one without saying why.)
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
echo "plan 14"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# lint DETECTOR WHAT FLAGGED [SPARED...]: no test script has a line
# DETECTOR finds (WHAT says what such a check does); the detector itself
# finds the line FLAGGED, and none of the SPARED lines.
lint() {
	detector=$1 what=$2 flagged=$3
	shift 3
	bad=$($detector tests/*/*.sh)
	check "no check $what${bad:+: $(echo "$bad" | head -n 3 | tr '\n' ' ')}" [ -z "$bad" ]
	printf '%s\n' "$flagged" >"$tmp/t.sh"
	check "$detector flags: $flagged" [ -n "$($detector "$tmp/t.sh")" ]
	[ $# -eq 0 ] && return
	printf '%s\n' "$@" >"$tmp/t.sh"
	check "... and spares: $*" [ -z "$($detector "$tmp/t.sh")" ]
}

# check lines (outside quotes) whose command list continues past `check`.
dangling() {
	grep -nE '^[[:space:]]*(check|expect_exit)[[:space:]].*[]] *(&&|\|\|)' "$@" |
		grep -vE "sh -c '|sh -c \""
}
lint dangling "condition continues outside the check" 'check "two conditions" [ 1 -eq 1 ] && [ -s x ]' \
	'check "one condition" [ 1 -eq 1 -a -s x ]' "check \"in sh -c\" sh -c '[ 1 ] && [ 2 ]'"

# A check that is only a negated grep passes when its file is missing or
# empty: it must test the file first ([ -s F ] or [ -f F ]).
negated() {
	grep -nE "^[[:space:]]*check[[:space:]].*sh -c ['\"]! grep" "$@" | grep -vE '\[ -[sf] '
}
lint negated "is only a negated grep (it passes on a missing file)" "check \"absent\" sh -c '! grep -q x \"\$1\"' - f"

# A check that some output of a file is empty ([ -z "$(grep x F)" ])
# passes when F is missing or empty too: it must test F as well.
emptied() {
	grep -nE '^[[:space:]]*check[[:space:]].*\[ -z "\$\((grep|awk|sed|cut|sort|head|tail)[[:space:]]' "$@" | grep -vE '\[ -[sf] '
}
lint emptied "passes on an empty grep, awk or sed of a file it does not test" 'check "none" [ -z "$(grep x "$f")" ]'

# A header tag (limit, foreground, kernel-free...) is read in a script's
# first 15 lines only: one further down is silently not a tag.
late() {
	awk 'FNR > 15 && /^# (limit|foreground|after-foreground|kernel-free|no-kernel-build|may-skip-all):/ { print FILENAME ":" FNR ": " $0 }' "$@"
}
lint late "is a header tag past line 15, where tests/run does not read it" \
	"$(printf '#\n%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; printf '# %s: 5' limit)" '# limit: 5'

# replayed: the same two files pass; two that differ pass only when the
# third boot (here a command writing C) gives one of them.
echo 1 >"$tmp/a"; echo 1 >"$tmp/b"; echo 2 >"$tmp/d"
r=$(replayed "x" "$tmp/a" "$tmp/b" "$tmp/c" false)
check "replayed: identical files pass without a third boot" sh -c '[ "$1" = "ok x" ] && [ ! -e "$2" ]' - "$r" "$tmp/c"
r=$(replayed "x" "$tmp/a" "$tmp/d" "$tmp/c" cp "$tmp/d" "$tmp/c")
check "replayed: a third boot equal to the second passes, saying so" sh -c 'echo "$1" | grep -qx "ok x (the third boot replayed the second)"' - "$r"
r=$(replayed "x" "$tmp/a" "$tmp/d" "$tmp/e" sh -c 'echo 3 >"$1"' - "$tmp/e")
check "replayed: three different results fail" sh -c 'echo "$1" | grep -qx "not ok x (three boots, three results)"' - "$r"
r=$(replayed "x" "$tmp/none" "$tmp/none" "$tmp/c" false)
check "replayed: an empty or missing first file fails, even against its twin" sh -c 'echo "$1" | grep -qx "not ok x (the first boot gave nothing to compare)"' - "$r"
