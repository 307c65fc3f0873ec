#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/mutate/mutate itself, on a list of three mutations of
# analyze/stats.c (their lines found in HEAD's file here): one that
# tests/analyze/test-stats.sh catches, one in a comment that nothing can
# catch, one whose text is not on its line (stale). Each is reported so,
# with the check that caught the first; the closing counts; exit 1; no
# worktree or scratch folder left, after a whole run and after two
# TERMs in the middle of one. --renumber puts a moved line's number back.
# kernel-free: it builds and runs the analyze tools only.
# limit: 300
. tests/lib.sh
git rev-parse --verify -q HEAD >/dev/null || { fail "not a git checkout: mutate needs HEAD"; exit 1; }
echo "plan 9"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t"
worktrees() { git worktree list --porcelain | grep -c '^worktree '; }
before=$(worktrees)

# line TEXT: the line of HEAD's analyze/stats.c that holds TEXT
line() { git show HEAD:analyze/stats.c | grep -nF -- "$1" | head -n 1 | cut -d: -f1; }
sd=$(line 'sqrt(sq / (n - 1))') lentz=$(line 'modified Lentz')
cat >"$tmp/list" <<EOF
# the sample standard deviation divides by n - 1
mutate analyze/stats.c:$sd
before sqrt(sq / (n - 1))
after  sqrt(sq / n)
tests  tests/analyze/test-stats.sh

# a word of a comment: no test can tell
mutate analyze/stats.c:$lentz
before modified Lentz
after  modified lentz
tests  tests/analyze/test-stats.sh

# not on line 1
mutate analyze/stats.c:1
before sqrt(sq / (n - 1))
after  sqrt(sq / n)
EOF
# (MUTATE_FAST=no: the fast set is minutes; the survivor is known)
TMPDIR=$tmp/t MUTATE_FAST=no MUTATIONS= tests/mutate/mutate "$tmp/list" >"$tmp/out" 2>"$tmp/err"
rc=$?
sed 's/^/# /' "$tmp/out"
check "exit 1: a mutation survived and one is stale (exit $rc)" [ "$rc" -eq 1 ]
check "the caught one is named with the check that failed: test-stats's stddev" \
	grep -q "^caught      analyze/stats.c:$sd sqrt(sq / (n - 1)) -> sqrt(sq / n): tests/analyze/test-stats.sh: not ok [0-9]* sample stddev" "$tmp/out"
check "the survivor is NOT CAUGHT" grep -q "^NOT CAUGHT  analyze/stats.c:$lentz modified Lentz -> modified lentz " "$tmp/out"
check "the stale one is STALE, saying where its text is now" \
	grep -q "^STALE       analyze/stats.c:1: .sqrt(sq / (n - 1)). is not on that line (now on line $sd)" "$tmp/out"
check "the last line counts them: $(tail -n 1 "$tmp/out")" [ "$(tail -n 1 "$tmp/out")" = "1 caught, 1 not caught, 1 stale" ]
check "no worktree and no scratch folder left ($(worktrees) worktrees, $before before; $(ls -A "$tmp/t" | wc -l) in TMPDIR)" \
	[ "$(worktrees)" -eq "$before" -a -z "$(ls -A "$tmp/t")" ]

# Two TERMs once its worktree exists: it stops, and removes it all.
head -n 5 "$tmp/list" >"$tmp/one"
TMPDIR=$tmp/t MUTATE_FAST=no MUTATIONS= tests/mutate/mutate "$tmp/one" >"$tmp/out2" 2>&1 &
pid=$!
i=0
while ! ls -d "$tmp"/t/*/tree >/dev/null 2>&1 && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
sleep 1
kill -TERM "$pid"
sleep 0.2
kill -TERM "$pid" 2>/dev/null	# (a second one, as an impatient Ctrl-C)
wait "$pid"
rc=$?
check "two TERMs mid-run: exit $rc (130), no worktree ($(worktrees), $before before), nothing in TMPDIR ($(ls -A "$tmp/t" | paste -sd' '))" \
	[ "$rc" -eq 130 -a "$(worktrees)" -eq "$before" -a -z "$(ls -A "$tmp/t")" ]

# --renumber: the stale line's number is put back; the others stay.
cp "$tmp/list" "$tmp/renum"
tests/mutate/mutate --renumber "$tmp/renum" >"$tmp/out3" 2>&1
rc=$?
check "--renumber: exit $rc, one renumbered ($(tail -n 1 "$tmp/out3"))" \
	[ "$rc" -eq 0 -a "$(tail -n 1 "$tmp/out3")" = "mutate: 1 renumbered, 0 to mend by hand" ]
check "... line 1 became line $sd, nothing else changed" \
	[ "$(diff "$tmp/list" "$tmp/renum" | grep '^[<>]' | paste -sd' ')" = "< mutate analyze/stats.c:1 > mutate analyze/stats.c:$sd" ]
