#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make bench with proxy lines, end to end (two short icount boots: 6.1 and
# 6.1-fstat): the proxies' identity in the guest (exact counts: a right
# proxy accepted, one that leaves out '- getppid' refused, the sum equal to
# its terms' own counts), then native estimates printed beside the icount
# figures. The estimates are timing: printed, never asserted on.
. tests/lib.sh

tmp=$(mktemp -d)
export KABENCH_RESULTS=$tmp/results
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/proxy.exp" <<'EOT'
compare 6.1 6.1-fstat fstat fstatat_empty mask=fsrm
proxy 6.1:fstatat_empty = faccessat2_empty + fstat - getppid
proxy 6.1:fstatat_empty = faccessat2_empty + fstat
proxy 6.1-fstat:fstatat_empty = fstat + getcpu - personality
profile minimal
accel icount
cpu max
mask erms,fsrm
smp 1
tasks 1
interval 0.1
icount_interval 0.02
reproduces 001
warmup 1
samples 2
repeats 1
shift 0
EOT
make -s bench EXPERIMENT="$tmp/proxy.exp" >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$KABENCH_RESULTS"/*-proxy 2>/dev/null | tail -n 1)
check "make bench with proxy lines succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 20 "$tmp/err"
good="6.1:fstatat_empty = faccessat2_empty + fstat - getppid"
wrong="6.1:fstatat_empty = faccessat2_empty + fstat"
verdict() { awk -F, -v p="$1" '$1 == p && $6 == "verdict" { print $8; exit }' "$run/proxy-check.csv"; }
check "the proxy's terms ran on both kernels" \
	sh -c 'for k in 6.1 6.1-fstat; do for t in faccessat2_empty getppid getcpu personality; do
		grep -q "^$k,[^,]*,$t,processes,1,.*,total," "$1" || exit 1; done; done' - "$run/profile-summary.csv"
check "faccessat2_empty + fstat - getppid is accepted in the guest" [ "$(verdict "$good")" = accepted ]
check "... its sum is its terms' own instructions per op, exactly" \
	awk -F, -v p="$good" 'FNR == NR { if ($1 == "6.1" && $9 == "total") v[$3] = $13; next }
		$1 == p && $6 == "total" { exit !(sprintf("%.4f", v["faccessat2_empty"] + v["fstat"] - v["getppid"]) == $10) }' \
	"$run/profile-summary.csv" "$run/proxy-check.csv"
check "faccessat2_empty + fstat (no '- getppid') is refused: 2 syscalls per op for 1" \
	sh -c '[ "$2" = refused ] && grep -q "syscalls per op 2.00 vs 1.00" "$1"' - "$run/proxy-check.csv" "$(verdict "$wrong")"
check "the report shows each proxy's instructions, classes and functions" \
	sh -c 'grep -q "^## Native estimates" "$1" && grep -q "instructions/op" "$1" && grep -q "syscall (user)" "$1" && grep -q "functions the cell runs more of" "$1"' - "$run/report.md"
check "the printed seed table has a native estimate beside the icount figure, or says why not" \
	grep -Eq 'patched fstat vs stock fstat .*icount .*([+-][0-9.]+%±[0-9.]+|not settled ±[0-9.]+|held-out differs)$' "$tmp/out"
check "the run says whether the estimates settled, and on which CPU" \
	sh -c 'grep -Eq "^  .*(settled: every estimate|not settled: the limit)" "$1" && grep -q "^native estimates on " "$1"' - "$tmp/out"
# ns beside the %: each side's ns a call (estimates.csv), the published
# machine's (196.5 -> 131.1 ns a call, results/published.csv), the floor
ns=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["role"] == "estimate" && $c["label"] == "patched fstat vs stock fstat" && $c["base_ns"] != "-" {
		printf "%.1f -> %.1f (%+.1f ns)", $c["base_ns"], $c["new_ns"], $c["new_ns"] - $c["base_ns"]; exit }' "$run/estimates.csv")
check "table.txt: the estimate gives ns a call here ($ns), beside the published 196.5 -> 131.1 and the floor" \
	sh -c '[ -n "$2" ] && grep -Eq "^      ns a call here: $2; published on Sapphire Rapids: 196\.5 -> 131\.1 \(-65\.4 ns\); floor here: getppid [0-9]+\.[0-9] ns$" "$1"' - "$run/table.txt" "$(printf '%s' "$ns" | sed 's/[().]/\\&/g')"
check "the estimates name what dilutes them: the floor, PTI, the host kernel against 6.1's" \
	sh -c 'grep -q "^    syscall floor: getppid" "$1" && grep -Eq "^    page-table isolation: (on|off)" "$1" && grep -q "^    host kernel $(uname -r), not the guest kernels (6\.1\." "$1"' - "$run/table.txt"
check "the terminal gets the estimates' head and a pointer to their working, not the working" \
	sh -c 'grep -q "^(the estimates'"'"' working: .*VERBOSE=1 prints it here)$" "$1" && ! grep -q "^    syscall floor: getppid" "$1"' - "$tmp/out"
echo "# $(grep 'patched fstat vs stock fstat.*icount' "$tmp/out" | tail -n 1 | tr -s ' ')"
