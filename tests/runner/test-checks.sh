#!/bin/sh
# The test scripts themselves: a check whose condition goes on after the
# command that `check` runs (check "x" [ a ] && [ b ]) asserts only its
# first part; the rest runs outside the check and can never fail it.
. tests/lib.sh
echo "plan 3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check lines (outside quotes) whose command list continues past `check`.
dangling() {
	grep -nE '^[[:space:]]*(check|expect_exit)[[:space:]].*[]] *(&&|\|\|)' "$@" |
		grep -vE "sh -c '|sh -c \""
}
bad=$(dangling tests/*/*.sh)
check "no check condition continues outside the check${bad:+: $(echo "$bad" | head -n 3 | tr '\n' ' ')}" [ -z "$bad" ]
# The detector itself finds the pattern it is there for.
printf '%s\n' 'check "two conditions" [ 1 -eq 1 ] && [ -s x ]' >"$tmp/t.sh"
check "the detector flags a dangling condition" [ -n "$(dangling "$tmp/t.sh")" ]
printf '%s\n' 'check "one condition" [ 1 -eq 1 -a -s x ]' "check \"in sh -c\" sh -c '[ 1 ] && [ 2 ]'" >"$tmp/t.sh"
check "... and leaves single and sh -c conditions alone" [ -z "$(dangling "$tmp/t.sh")" ]
