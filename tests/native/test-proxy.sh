#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Native proxies and estimates on fixtures (no boot, no timing): the proxy
# line's reader, native/proxy-check's identity and its refusal rule,
# native/estimate-plan's choice per cell, native/estimate-compute's
# arithmetic, and that the published figures are never an input.
# Fixtures (tests/native/fixtures/proxy/): profile-summary.csv holds the
# 6.1 and 6.1-fstat rows of a real make bench with the proxies' testcases
# (icount, functions under 0.01 instructions per op left out) and the read1
# rows of 6.12-no-movsq and 6.12 from results/reference; trial-N.csv are
# real native/time outputs of this project's AMD EPYC host (the read1
# and copy rows, from one more run, the same in each); kind-*.csv are
# native/kind outputs of the host and of a 6.1 guest.
cd "$(dirname "$0")/../.." || exit 2
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
fx=tests/native/fixtures/proxy
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
make -s build/bench/kabench >/dev/null 2>&1 || { fail "make build/bench/kabench"; exit 1; }

# run_with PROXY...: a run folder with the fixture profile and these proxies
run_with() {
	rm -rf "$tmp/run"; mkdir "$tmp/run"
	cp "$fx/profile-summary.csv" "$tmp/run/"
	{ grep -v '^proxy ' "$fx/experiment.exp"; for p in "$@"; do echo "proxy $p"; done; } >"$tmp/run/experiment.exp"
	native/proxy-check "$tmp/run" >"$tmp/run/check.txt" 2>"$tmp/run/check.err"
}
verdict() { awk -F, -v p="$1" '$1 == p && $6 == "verdict" { print $8; exit }' "$tmp/run/proxy-check.csv"; }
row() { awk -F, -v p="$1" -v k="$2" -v s="$3" -v n="$4" '$1 == p && $6 == k && $7 == s && $8 == n { print $'"$5"'; exit }' "$tmp/run/proxy-check.csv"; }
per_op() { awk -F, -v v="$1" -v t="$2" -v k="$3" -v s="$4" -v n="$5" \
	'$1 == v && $3 == t && $9 == k && $10 == s && $11 == n { print $13; exit }' "$fx/profile-summary.csv"; }

good="6.1:fstatat_empty = faccessat2_empty + fstat - getppid"
wrong="6.1:fstatat_empty = faccessat2_empty + fstat"
patched="6.1-fstat:fstatat_empty = fstat + getcpu - personality"
run_with "$good" "$wrong" "$patched"
check "proxy-check runs on the fixture ($(head -n 1 "$tmp/run/check.err"))" [ -s "$tmp/run/proxy-check.csv" ]
check "the stock-side proxy is accepted" [ "$(verdict "$good")" = accepted ]
check "the patched-side proxy is accepted" [ "$(verdict "$patched")" = accepted ]
# The sum is the terms' own per-op figures, added by hand here.
want=$(awk -v a="$(per_op 6.1 faccessat2_empty total all all)" -v b="$(per_op 6.1 fstat total all all)" \
	-v c="$(per_op 6.1 getppid total all all)" 'BEGIN { printf "%.4f", a + b - c }')
check "the sum's instructions per op is faccessat2_empty + fstat - getppid ($want)" [ "$(row "$good" total all instructions 10)" = "$want" ]
check "its identity error is within 5% ($(row "$good" total all instructions 12)%)" \
	awk -v d="$(row "$good" total all instructions 12)" 'BEGIN { exit !(d < 5 && d > -5) }'
check "its syscall count equals the cell's" [ "$(row "$good" class user syscall 13)" = ok ]
check "the table shows instructions, classes and functions" \
	sh -c 'grep -q "instructions/op" "$1" && grep -q "stac (kernel)" "$1" && grep -q "functions the sum runs more of" "$1" && grep -q "getname_flags\|do_faccessat" "$1"' - "$tmp/run/check.txt"
check "a proxy without '- getppid' is refused" [ "$(verdict "$wrong")" = refused ]
check "... because its syscall count differs (2 vs 1 per op), and the table says so" \
	sh -c 'grep -q "syscalls per op 2.00 vs 1.00" "$1" && grep -q "REFUSED" "$2"' - "$tmp/run/proxy-check.csv" "$tmp/run/check.txt"

# Which proxy the plan uses, by the host kernel's measured side.
plan() {	# plan KIND PUBLISHED -> $tmp/plan.csv
	analyze/make-pairs "$tmp/run/experiment.exp" "$2" >"$tmp/pairs.csv" &&
	native/estimate-plan "$tmp/run/experiment.exp" "$tmp/pairs.csv" "$tmp/run/profile-summary.csv" \
		"$tmp/run/proxy-check.csv" "$fx/kind-$1.csv" copy:movsb >"$tmp/plan.csv"
}
prow() { awk -F, -v l="$1" -v r="$2" '$2 == l && $7 == r { print $'"$3"'; exit }' "$tmp/plan.csv"; }
plan shortcut results/published.csv
check "host with the short-cut: the stock cell is the accepted proxy, not the refused one" \
	[ "$(prow "patched fstat vs stock fstat" estimate 8)" = "faccessat2_empty*1 fstat*1 getppid*-1" ]
check "... the patched cell is timed directly" [ "$(prow "patched fstat vs stock fstat" estimate 9)" = "fstatat_empty*1" ]
check "... real fstat vs patched has a held-out row through the patched proxy" \
	[ "$(prow "real fstat vs patched fstat" heldout 8)" = "fstat*1 getcpu*1 personality*-1" ]
check "... seed 002 by copy substitution (movq loop vs rep movsq, for the host's rep movsb)" \
	sh -c 'grep -q "read1\*1 copy:movsb\*-0.99[0-9]* copy:movq_loop\*0.99" "$1" && grep -q "read1\*1 copy:movsb\*-0.99[0-9]* copy:movsq\*0.99" "$1"' - "$tmp/plan.csv"
plan no-shortcut results/published.csv
check "host without it: the patched cell is the proxy, the stock cell direct" \
	sh -c '[ "$(awk -F, '\''$2 == "patched fstat vs stock fstat" && $7 == "estimate" { print $8 "|" $9 }'\'' "$1")" = "fstatat_empty*1|fstat*1 getcpu*1 personality*-1" ]' - "$tmp/plan.csv"
run_with "$wrong" "$patched"
plan shortcut results/published.csv
check "with only the wrong proxy, patched vs stock gets no estimate, and says why" \
	sh -c 'awk -F, '\''$2 == "patched fstat vs stock fstat" && $7 == "estimate" { n++; if ($8 == "" && $10 ~ /refused in the guest/) ok++ } END { exit !(n == 1 && ok == 1) }'\'' "$1"' - "$tmp/plan.csv"

# The arithmetic: the median over trials of base ns / new ns - 1.
run_with "$good" "$patched"
plan shortcut results/published.csv
native/estimate-compute "$tmp/plan.csv" 2 "$fx"/trial-*.csv >"$tmp/est.csv"
want=$(for f in "$fx"/trial-*.csv; do
	awk -F, '{ v[$1] = $2 } END { printf "%.8f\n", (v["faccessat2_empty"] + v["fstat"] - v["getppid"]) / v["fstatat_empty"] }' "$f"
done | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f", (a[int((NR + 1) / 2)] - 1) * 100 }')
got=$(awk -F, 'NR > 1 && $2 == "patched fstat vs stock fstat" && $3 == "6.1" && $7 == "estimate" { print $13 }' "$tmp/est.csv")
check "estimate-compute: patched vs stock is the median of (faccessat2_empty + fstat - getppid) / fstatat_empty - 1 ($want%)" [ "$got" = "$want" ]

# The published figures are never an input: other published ops change nothing.
awk -F, -v OFS=, 'NR > 1 { $7 = sprintf("%d", $7 * 3); $8 = sprintf("%d", $8 / 2) } 1' results/published.csv >"$tmp/published.csv"
plan shortcut "$tmp/published.csv"
native/estimate-compute "$tmp/plan.csv" 2 "$fx"/trial-*.csv >"$tmp/est2.csv"
check "the published copy differs" sh -c '! cmp -s results/published.csv "$1"' - "$tmp/published.csv"
check "no estimate moves when the published figures change" cmp -s "$tmp/est.csv" "$tmp/est2.csv"
# ... while other timings do move them (the comparison can fail).
sed 's/^fstatat_empty,\([0-9.]*\)/fstatat_empty,1\1/' "$fx/trial-1.csv" >"$tmp/trial-x.csv"
native/estimate-compute "$tmp/plan.csv" 2 "$tmp/trial-x.csv" "$fx/trial-2.csv" "$fx/trial-3.csv" >"$tmp/est3.csv"
check "... while a changed timing moves them" sh -c '! cmp -s "$1" "$2"' - "$tmp/est.csv" "$tmp/est3.csv"

# The reader: bad proxy lines are one line and exit 2.
bad_line() {
	{ grep -v '^proxy ' "$fx/experiment.exp"; echo "proxy $1"; } >"$tmp/bad.exp"
	sh -c '. plan/experiment.sh; exp_open "$1"' - "$tmp/bad.exp" >/dev/null 2>"$tmp/bad.err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/bad.err")" -eq 1 ] && grep -q "$2" "$tmp/bad.err"; then pass "bad proxy '$1': exit 2, one line naming it"
	else fail "bad proxy '$1': exit $rc, '$(head -n 2 "$tmp/bad.err")'"; fi
}
bad_line "6.1:fstatat_empty = fstat +" "bad proxy"
bad_line "6.1:fstatat_empty faccessat2_empty" "bad proxy"
bad_line "6.12-no-fstat:fstatat_empty = fstat" "a cell no compare line runs"
bad_line "6.1:fstatat_empty = fstat + nosuch" "nosuch"
{ cat "$fx/experiment.exp"; } >"$tmp/ok.exp"
groups=$(sh -c '. plan/experiment.sh; exp_open "$1" && exp_groups' - "$tmp/ok.exp")
check "a proxy's terms boot on both kernels of its pair" sh -c 'echo "$1" | grep -q "^6.1 .*faccessat2_empty.*getcpu" && echo "$1" | grep -q "^6.1-fstat .*faccessat2_empty.*getcpu"' - "$groups"
# The terms are read from the exact profile, which one boot gives: boot 1
# runs them, boot 2 runs the compared testcases alone.
sed 's/^repeats .*/repeats 2/' "$tmp/ok.exp" >"$tmp/two.exp"
sh -c '. plan/experiment.sh; exp_open "$1" && exp_plan icount on' - "$tmp/two.exp" >"$tmp/plan"
check "the plan's boot 1 of 6.1 runs the compared testcases and the proxy's terms" \
	awk -F'\t' '$1 == "6.1-1" { ok = $10 == "fstat,fstatat_empty,fstat_libc,faccessat2_empty,getppid,getcpu,personality" } END { exit !ok }' "$tmp/plan"
check "... its boot 2 the compared testcases alone (read1's group has no proxy: the same list in both)" \
	awk -F'\t' '$1 == "6.1-2" { a = $10 == "fstat,fstatat_empty,fstat_libc" } $2 == "6.12" { t[$3] = $10 } END { exit !(a && t[1] == "read1" && t[2] == "read1") }' "$tmp/plan"
check "the plugin profile is on in every kernel's first boot only" \
	awk -F'\t' 'NR > 1 { n++; if (($3 == 1) != ($15 == "on")) bad++ } END { exit !(n == 8 && !bad) }' "$tmp/plan"
