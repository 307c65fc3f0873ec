#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/run itself: a plan that is not met, a script past its time limit, a
# non-zero exit without a failed check, the skip list, and its output:
# KTAP (the kernel's Documentation/dev-tools/ktap.rst) ending on the
# counts.
# limit: 120
# foreground: it times how fast a TERM stops the runner.
# kernel-free: its scripts are fixtures that boot nothing.
. tests/lib.sh
echo "plan 50"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

script() { f=$tmp/$1.sh; shift; printf '%s\n' "$@" >"$f"; }
script short '. tests/lib.sh' 'echo "plan 3"' 'pass one' 'pass two'
script exact '. tests/lib.sh' 'echo "plan 2"' 'pass one' 'skip two: no such thing here'
script slow '# limit: 1' '. tests/lib.sh' 'pass before' 'sleep 5' 'pass after'
script quiet 'exit 3'
script skipall '. tests/lib.sh' 'skip one: not here' 'skip two: not here'
script mayskip '# may-skip-all: a test of the runner' '. tests/lib.sh' 'skip one: not here'
script nothing '. tests/lib.sh' 'exit 0'
script dirty '. tests/lib.sh' "mkdir -p '$tmp/cache/kernels'" 'pass wrote into the user cache'
# Two scripts that each wait (up to 10 s) for the other to have started.
script meet1 '. tests/lib.sh' "touch '$tmp/met1'" 'pass one starts' \
	"i=0; while [ ! -e '$tmp/met2' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done" \
	"check 'one saw two running' [ -e '$tmp/met2' ]"
script meet2 '. tests/lib.sh' "touch '$tmp/met2'" 'pass two starts' \
	"i=0; while [ ! -e '$tmp/met1' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done" \
	"check 'two saw one running' [ -e '$tmp/met1' ]"
# A "# foreground:" script given last runs at once, at the usual priority;
# a script that starts beside it runs in the background (SCHED_IDLE), one
# that starts after it at the usual priority. (beside waits for the
# foreground one to end, then 2 s more, so that after takes the
# foreground lane.)
policy='$(chrt -p $$ | sed -n "s/.*scheduling policy: //p")'
wait_for() { echo "i=0; while [ ! -e '$tmp/$1' ] && [ \$i -lt 50 ]; do sleep 0.2; i=\$((i + 1)); done"; }
script fgs '# foreground: a test of the runner' '. tests/lib.sh' "p=$policy" "$(wait_for beside.start)" \
	"check \"the foreground script runs at the usual priority (\$p)\" [ \"\$p\" = SCHED_OTHER ]" "touch '$tmp/fg.end'"
# (beside looks before it says it started: the foreground one ends then.)
script beside '. tests/lib.sh' "p=$policy" "[ -e '$tmp/fg.end' ] && p=\"\$p, after the foreground one\"" "touch '$tmp/beside.start'" \
	"check \"a script beside the foreground one runs as SCHED_IDLE (\$p)\" [ \"\$p\" = SCHED_IDLE ]" \
	"$(wait_for fg.end); sleep 2"
script after '. tests/lib.sh' "p=$policy" \
	"check 'a script that starts after the foreground one ends' [ -e '$tmp/fg.end' ]" \
	"check '... after the after-foreground one given after it (held back, it goes first)' [ -e '$tmp/late.start' ]" \
	"check \"... runs at the usual priority (\$p)\" [ \"\$p\" = SCHED_OTHER ]"
# One marked after-foreground waits for the foreground lane to end
# (beside takes the background lane first), then goes before after, given
# before it.
script late '# after-foreground: a test of the runner' '. tests/lib.sh' "p=$policy" "touch '$tmp/late.start'" \
	"check \"an after-foreground script starts after the foreground one ends, at the usual priority (\$p)\" [ -e '$tmp/fg.end' -a \"\$p\" = SCHED_OTHER ]"
run() { KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache tests/run "$tmp/$1.sh" >"$tmp/$1.out" 2>&1; echo $?; }
# ktap FILE: the first way FILE is not KTAP as tests/run prints it
# (nothing when it is): the version line, the plan 1..N, N tests numbered
# from 1, each script a subtest indented from its version line to its
# result, named by its "# Subtest:" line and its result, its checks
# numbered from 1, as many as its one plan says; diagnostics ("# ")
# between; the last line "N passed, N failed, N skipped".
ktap() {
	[ -s "$1" ] || { echo "$1 is missing or empty"; return; }
	awk 'function bad(m) { if (err == "") err = "line " FNR ": " m }
	function num(l) { sub(/^ *(not )?ok /, "", l); sub(/ .*/, "", l); return l + 0 }
	FNR == 1 { if ($0 != "KTAP version 1") bad("not the version line"); next }
	FNR == 2 { if ($0 !~ /^1\.\.[0-9]+$/) bad("not the plan"); plan = substr($0, 4) + 0; next }
	/^  KTAP version 1$/ { if (sub_) bad("a subtest inside a subtest"); sub_ = 1; name = ""; kn = 0; kplan = ""; next }
	sub_ && kn == 0 && kplan == "" && name == "" && /^  # Subtest: / { name = substr($0, 14); next }
	sub_ && /^  (ok|not ok) [0-9]+ / { if (num($0) != kn + 1) bad("check " num($0) " after " kn); kn = num($0); next }
	sub_ && /^  1\.\.[0-9]+$/ { if (kplan != "") bad("a second plan"); kplan = substr($0, 6) + 0; next }
	sub_ && /^  #/ { next }
	/^(ok|not ok) [0-9]+ / {
		if (num($0) != top + 1) bad("test " num($0) " after " top); top = num($0)
		if (sub_) {
			d = $0; sub(/^(not )?ok [0-9]+ /, "", d)
			if (name == "" || (d != name && index(d, name " # SKIP ") != 1)) bad("the result of subtest \"" name "\": " d)
			if (kplan != kn) bad("subtest \"" name "\": plan 1.." kplan ", " kn " checks")
			sub_ = 0
		}
		next }
	sub_ { bad("in a subtest, not a line of one: " $0) }
	/^# / { next }
	{ if (other) bad("not a KTAP line: " other); other = $0 }
	END { if (sub_) bad("a subtest with no result")
		if (top != plan) bad("plan 1.." plan ", " top " tests")
		if (other !~ /^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/ || $0 != other) bad("the last line is not the counts: " $0)
		print err }' "$1"
}
# The ktap check itself finds a subtest cut by another, a gap in the
# numbers, a plan that does not match, and a missing version line.
printf '%s\n' 'KTAP version 1' '1..2' '  KTAP version 1' '  # Subtest: a' '  ok 1 x' '  KTAP version 1' '  # Subtest: b' \
	'  1..1' '  ok 1 y' 'ok 1 b' '  1..1' 'ok 2 a' '1 passed, 0 failed, 0 skipped' >"$tmp/cut.ktap"
printf '%s\n' 'KTAP version 1' '1..2' '  KTAP version 1' '  # Subtest: a' '  ok 1 x' '  ok 3 y' '  1..2' 'ok 1 a' '2 passed, 0 failed, 0 skipped' >"$tmp/gap.ktap"
printf '%s\n' 'KTAP version 1' '1..1' '  KTAP version 1' '  # Subtest: a' '  1..2' '  ok 1 x' 'ok 1 a' '1 passed, 0 failed, 0 skipped' >"$tmp/plan.ktap"
printf '%s\n' '1..1' '  KTAP version 1' '  # Subtest: a' '  1..1' '  ok 1 x' 'ok 1 a' '1 passed, 0 failed, 0 skipped' >"$tmp/nover.ktap"
flagged=
for f in cut gap plan nover; do [ -z "$(ktap "$tmp/$f.ktap")" ] || flagged="$flagged $f"; done
check "the ktap check flags a cut subtest, a gap, a wrong plan and no version line (flagged:${flagged:- none})" \
	[ "$flagged" = " cut gap plan nover" ]
# kt FILE...: the names of those of FILE that are not KTAP, with why.
kt() { for f; do m=$(ktap "$f"); [ -z "$m" ] || printf '%s: %s; ' "${f##*/}" "$m"; done; }

check "a script that runs fewer checks than its plan fails" [ "$(run short)" -ne 0 ]
check "... and the runner says so" grep -q "planned 3 checks and ran 2" "$tmp/short.out"
check "... in a further numbered check of its subtest, the script's result not ok" \
	sh -c 'grep -qx "  not ok 3 $1 planned 3 checks and ran 2" "$2" && grep -qx "not ok 1 $1" "$2"' - "$tmp/short.sh" "$tmp/short.out"
check "a script that runs its plan passes" [ "$(run exact)" -eq 0 ]
check "... and its skip is listed once with its reason" \
	[ "$(grep -c '^# skipped: two: no such thing here$' "$tmp/exact.out")" -eq 1 ]
check "the summary is the last line" [ "$(tail -n 1 "$tmp/exact.out")" = "2 passed, 0 failed, 1 skipped" ]
check "the output opens on KTAP's version line and a plan of 2 tests (the script, the user's cache)" \
	[ "$(head -n 2 "$tmp/exact.out" | paste -sd' ')" = "KTAP version 1 1..2" ]
check "the script is a subtest: its name, then its plan" \
	[ "$(grep -A 1 "^  # Subtest: $tmp/exact.sh$" "$tmp/exact.out" | tail -n 1)" = "  1..2" ]
check "... its skip a check with the SKIP directive and its reason" grep -qx '  ok 2 two # SKIP no such thing here' "$tmp/exact.out"
check "a script past its limit fails" [ "$(run slow)" -ne 0 ]
check "... killed at its limit and said so (TIMEOUT): its later check never ran" \
	sh -c 'grep -q "^  not ok 2 .*slow.sh # TIMEOUT ran past its limit of 1 s" "$1" && ! grep -q "ok [0-9]* after$" "$1"' - "$tmp/slow.out"
check "a script that exits 3 naming no failed check fails" [ "$(run quiet)" -ne 0 ]
check "... and the runner says so" grep -q "exited 3 without naming a failed check" "$tmp/quiet.out"
check "a script that skips every check fails" [ "$(run skipall)" -ne 0 ]
check "... and the runner says why: no may-skip-all header" \
	sh -c 'grep -q "^  not ok 3 .*skipall.sh skipped every check it has" "$1" && tail -n 1 "$1" | grep -qx "1 passed, 1 failed, 2 skipped"' - "$tmp/skipall.out"
check "one whose header says why it may skip every check passes" [ "$(run mayskip)" -eq 0 ]
check "... its skip listed" grep -q "^# skipped: one: not here$" "$tmp/mayskip.out"
check "... its result ok with the SKIP directive and the header's reason" grep -qx "ok 1 $tmp/mayskip.sh # SKIP a test of the runner" "$tmp/mayskip.out"
check "a script that prints no check fails, saying so" \
	sh -c '[ "$1" -ne 0 ] && grep -q "^  not ok 1 .*nothing.sh printed no check" "$2"' - "$(run nothing)" "$tmp/nothing.out"
check "a script that writes into the user's KABENCH_CACHE fails the run" [ "$(run dirty)" -ne 0 ]
check "... and the runner names the cache, the last test" grep -q "^not ok 2 the user's kernel cache $tmp/cache changed" "$tmp/dirty.out"
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/meet1.sh" "$tmp/meet2.sh" >"$tmp/meet.out" 2>&1
check "with KABENCH_TEST_JOBS=2 two scripts run at the same time" \
	[ "$(tail -n 1 "$tmp/meet.out")" = "5 passed, 0 failed, 0 skipped" ]
# Each script's lines come together: its name, its checks, its time, its
# plan, its result.
check "... and each script's lines are printed together" \
	sh -c 'for n in 1 2; do grep -A 5 "^  # Subtest: .*/meet$n.sh$" "$1" | sed -n "4p; 6p" | paste -sd" " |
		grep -q "^  # .*/meet$n.sh took .* ok [12] .*/meet$n.sh$" || exit 1; done' - "$tmp/meet.out"
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/beside.sh" "$tmp/after.sh" "$tmp/late.sh" "$tmp/fgs.sh" >"$tmp/fg.out" 2>&1
for c in "the foreground script runs at the usual priority (SCHED_OTHER)" "a script beside the foreground one runs as SCHED_IDLE (SCHED_IDLE)" \
	"a script that starts after the foreground one ends" "... after the after-foreground one given after it (held back, it goes first)" \
	"... runs at the usual priority (SCHED_OTHER)" \
	"an after-foreground script starts after the foreground one ends, at the usual priority (SCHED_OTHER)"; do
	check "with KABENCH_TEST_JOBS=2: $c" sh -c 'sed "s/^  ok [0-9]* /ok /" "$1" | grep -qxF "$2"' - "$tmp/fg.out" "ok $c"
done
check "... and the run passes" [ "$(tail -n 1 "$tmp/fg.out")" = "7 passed, 0 failed, 0 skipped" ]
# (the background's blocks wait while the foreground script prints)
check "... its output KTAP, the foreground's subtest cut by no background one$(kt "$tmp/fg.out")" [ -z "$(kt "$tmp/fg.out")" ]
# With no times of an earlier run, a kernel-free script given after
# the others goes first, then one that builds no kernel, then the rest:
# one background lane while the foreground one (waiting for them) runs.
script kneed '. tests/lib.sh' "touch '$tmp/kneed.start'" \
	"check 'with no times known, the script that builds no kernel, given after this one, started first' [ -e '$tmp/knobuild.start' ]"
script knobuild '# no-kernel-build: a test of the runner' '. tests/lib.sh' "touch '$tmp/knobuild.start'" \
	"check 'with no times known, the kernel-free script given after this one started first' [ -e '$tmp/kfree.start' ]"
script kfree '# kernel-free: a test of the runner' '. tests/lib.sh' "touch '$tmp/kfree.start'" 'pass kernel-free'
script kfg '# foreground: a test of the runner' '. tests/lib.sh' "$(wait_for kneed.start)" 'pass foreground'
KABENCH_TEST_JOBS=2 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/kcache \
	tests/run "$tmp/kneed.sh" "$tmp/knobuild.sh" "$tmp/kfree.sh" "$tmp/kfg.sh" >"$tmp/kfree.out" 2>&1
check "with KABENCH_TEST_JOBS=2 and no times known, a kernel-free script goes before the others" \
	grep -qx '  ok 1 with no times known, the kernel-free script given after this one started first' "$tmp/kfree.out"
check "... then one that builds no kernel, before one that may" \
	grep -qx '  ok 1 with no times known, the script that builds no kernel, given after this one, started first' "$tmp/kfree.out"
check "... and the run passes" [ "$(tail -n 1 "$tmp/kfree.out")" = "5 passed, 0 failed, 0 skipped" ]
# --tag NAME (make test-fast): only the scripts whose header says it.
KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/kcache \
	tests/run --tag kernel-free "$tmp/kneed.sh" "$tmp/kfree.sh" "$tmp/knobuild.sh" >"$tmp/tag.out" 2>&1
check "tests/run --tag kernel-free runs the one kernel-free script of three" \
	[ "$(grep -E '^(1\.\.|(not )?ok [0-9]+ /)' "$tmp/tag.out" | sed 's| /.*/| |' | paste -sd,)" = "1..2,ok 1 kfree.sh" ]
tests/run --tag no-such-tag "$tmp/kfree.sh" >"$tmp/notag.out" 2>&1
check "... and a tag no script has exits 2, saying so" \
	sh -c '[ "$1" -eq 2 ] && grep -q "no script says .# no-such-tag:" "$2"' - $? "$tmp/notag.out"
KABENCH_TEST_JOBS=two tests/run "$tmp/exact.sh" >"$tmp/jobs.out" 2>&1
check "KABENCH_TEST_JOBS=two exits 2" [ $? -eq 2 ]
check "... naming the bad value" grep -q "KABENCH_TEST_JOBS=two is not a positive number" "$tmp/jobs.out"
# Each script's CPU time is its own, not the sum so far: a busy script,
# then an idle one.
script busy '. tests/lib.sh' "awk 'BEGIN { for (i = 0; i < 1e8; i++) s += i }'" 'pass busy'
script idle '. tests/lib.sh' 'pass idle'
KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache tests/run "$tmp/busy.sh" "$tmp/idle.sh" >"$tmp/cpu.out" 2>&1
cpu() { sed -n "s|^  # .*/$1.sh took [0-9]* s (from +[0-9]* s), cpu \([0-9]*\) s$|\1|p" "$tmp/cpu.out"; }
check "each script's CPU time is its own (busy $(cpu busy) s, then idle $(cpu idle) s)" \
	[ "$(cpu busy)" -ge 1 -a "$(cpu idle)" -eq 0 ]
# A host busy before the tests (a busy loop a CPU beside them), and no
# KABENCH_TEST_JOBS: one script at a time, at the usual priority, said in
# a diagnostic; seq1 looks, after a second, whether seq2 has started.
script seq1 '. tests/lib.sh' "p=$policy" 'sleep 1' \
	"check \"on a busy host the first script runs alone (\$p)\" [ ! -e '$tmp/seq2.start' -a \"\$p\" = SCHED_OTHER ]"
script seq2 '. tests/lib.sh' "touch '$tmp/seq2.start'" 'pass seq2'
hogs=
for _ in $(seq "$(nproc)"); do sh -c 'while :; do :; done' & hogs="$hogs $!"; done
KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/seq1.sh" "$tmp/seq2.sh" >"$tmp/seq.out" 2>&1
# shellcheck disable=SC2086
kill $hogs
check "a host busy before the tests: one script at a time ($(grep -h 'on a busy host' "$tmp/seq.out" | sed 's/^ *//'))" \
	sh -c 'grep -q "^  ok 1 on a busy host the first script runs alone" "$1" && [ "$(tail -n 1 "$1")" = "3 passed, 0 failed, 0 skipped" ]' - "$tmp/seq.out"
check "... said in a diagnostic ($(grep -m 1 '^# the host' "$tmp/seq.out" | cut -c1-90))" \
	grep -q "^# the host was busy before the tests ([0-9.]* of $(nproc) CPUs in use): one script at a time" "$tmp/seq.out"
# One at a time, lines as they come: the tests numbered as printed.
KABENCH_TEST_JOBS=1 KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
	tests/run "$tmp/exact.sh" "$tmp/mayskip.sh" "$tmp/short.sh" >"$tmp/one.out" 2>&1
check "with KABENCH_TEST_JOBS=1 the tests are 1..4, numbered as printed" \
	[ "$(grep -E '^(1\.\.|(not )?ok )' "$tmp/one.out" | sed 's| /.*/\([a-z]*\)\.sh| \1|; s/ the user.*//' | paste -sd,)" = \
		"1..4,ok 1 exact,ok 2 mayskip # SKIP a test of the runner,not ok 3 short,ok 4" ]
outs=
for o in exact short slow quiet skipall mayskip nothing dirty meet fg kfree tag cpu seq one; do outs="$outs $tmp/$o.out"; done
# (mktemp's folder: no spaces)
check "every output of tests/run here is KTAP ending on the counts$(kt $outs)" [ -z "$(kt $outs)" ]
# A TERM to the runner (its trap serves Ctrl-C too) stops the script that
# runs at once, one at a time and in the foreground alike, and leaves none of it.
script long '# foreground: a test of the runner' '. tests/lib.sh' 'pass early' "touch '$tmp/long.started'" 'sleep 30' 'pass long'
for j in 1 2; do
	rm -f "$tmp/long.started"
	KABENCH_TEST_JOBS=$j KABENCH_IN_TESTS= KABENCH_CACHE=$tmp/cache KABENCH_TEST_CACHE=$tmp/tcache \
		tests/run "$tmp/long.sh" >"$tmp/long.out" 2>&1 &
	rp=$!
	i=0; while [ ! -e "$tmp/long.started" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
	i=0; while ! grep -qx '  ok 1 early' "$tmp/long.out" && [ $i -lt 10 ]; do sleep 0.2; i=$((i + 1)); done
	check "KABENCH_TEST_JOBS=$j: a foreground script's check is printed as it comes, numbered" grep -qx '  ok 1 early' "$tmp/long.out"
	t0=$(date +%s)
	kill -TERM "$rp"
	wait "$rp"
	rc=$? t=$(($(date +%s) - t0))
	check "KABENCH_TEST_JOBS=$j: a TERM during a script stops the runner (exit $rc, wanted 130) in ${t} s (under 5)" [ "$rc" -eq 130 -a "$t" -lt 5 ]
	sleep 0.5
	# (its processes' command lines hold "sh PATH"; this check's own, "- PATH")
	check "... and no process of the script is left" sh -c '! pgrep -f "sh $1" >/dev/null' - "$tmp/long.sh"
done
