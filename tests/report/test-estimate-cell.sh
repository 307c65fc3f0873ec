#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The seed table's native estimate cell (report/print-table.awk): the
# figure only where it holds on the host, else why not. On the reference
# run's compare.csv with estimates made up to sit on each edge: settled;
# not settled but spread under 5 points; not settled at 5 points and
# more; a held-out row within the two spreads; one just beyond them.
# kernel-free: awk over fixtures
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cmp=results/reference/compare.csv
row() { echo "$1,seed 001,$2,$3,$4,$5,$6,$7,$8,3,$9"; }
{
	echo "role,group,label,base_variant,base_test,new_variant,new_test,estimate_pct,spread_pct,trials,settled"
	# 6.1 -> 6.1-fstat: not settled, spread 2.0% of the ratio: 2.0 * 1.2 = 2.4 points: shown
	row estimate "patched fstat vs stock fstat" 6.1 fstatat_empty 6.1-fstat fstatat_empty 20.0 2.0 no
	# 6.12-no-fstat -> 6.12: not settled, 4.0% * 1.25 = 5.0 points: not shown
	row estimate "patched fstat vs stock fstat" 6.12-no-fstat fstatat_empty 6.12 fstatat_empty 25.0 4.0 no
	# real vs stock, 6.1: settled; held-out 2 points away, spreads 1.1 + 1.1: agree
	row estimate "real fstat vs stock fstat" 6.1 fstatat_empty 6.1-fstat fstat 10.0 1.0 yes
	row heldout "real fstat vs stock fstat" 6.1 fstatat_empty 6.1-fstat fstat 12.0 1.0 yes
	# real vs stock, 6.12: settled; held-out 2.4 points away, spreads 1.1 + 1.12: differs
	row estimate "real fstat vs stock fstat" 6.12-no-fstat fstatat_empty 6.12 fstat 10.0 1.0 yes
	row heldout "real fstat vs stock fstat" 6.12-no-fstat fstatat_empty 6.12 fstat 12.4 1.0 yes
} >"$tmp/estimates.csv"
awk -v rule=x -v way="$(analyze/columns way)" -f lib/csv.awk -f report/print-table.awk "$cmp" "$tmp/estimates.csv" >"$tmp/table"
cell() { grep -E "^001 +$1 +$2 " "$tmp/table" | sed 's/.*sign agrees *//'; }
c=$(cell "patched fstat vs stock fstat" "6.1 -> 6.1-fstat")
check "a spread under 5 points shows the estimate ($c)" [ "$c" = "+20.0%±2.0" ]
c=$(cell "patched fstat vs stock fstat" "6.12-no-fstat -> 6.12")
check "not settled at 5 points shows why, not a figure ($c)" [ "$c" = "not settled ±5.0" ]
c=$(cell "real fstat vs stock fstat" "6.1:fstatat_empty -> 6.1-fstat:fstat")
check "a held-out row within the spreads keeps the estimate ($c)" [ "$c" = "+10.0%±1.0" ]
c=$(cell "real fstat vs stock fstat" "6.12-no-fstat:fstatat_empty -> 6.12:fstat")
check "a held-out row beyond the spreads hides it ($c)" [ "$c" = "held-out differs" ]
c=$(cell "real fstat vs patched fstat" "6.1-fstat:fstatat_empty -> 6.1-fstat:fstat")
check "a figure without an estimate shows - ($c)" [ "$c" = "-" ]
