#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One driver, stages downstream only: no script of one room calls a
# script of another unless plan/README.md's "Rooms" table allows it, and
# every row of that table is still used. The check's reader
# (tests/lib/rooms.awk) is tried first on a planted tree.
# kernel-free: it reads the tree's scripts.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "plan 5"

# calls ROOT: "CALLER CALLEE" for every cross-room call under ROOT.
calls() {
	(cd "$1" && exes=$(find . -path ./tests -prune -o -path ./.git -prune -o -type f -perm -u+x -print |
		sed 's|^\./||' | while read -r f; do head -c 2 "$f" | grep -q '#!' && echo "$f"; done | sort)
	for f in $exes; do
		awk -v from="${f%%/*}" -v f="$f" -v exes="$(echo $exes)" -f "$OLDPWD/tests/lib/rooms.awk" "$f"
	done) | awk '{ print $1, $3 }' | sort -u
}
# allowed CALLER CALLEE <TABLE: exit 0 when a row allows it
allowed() {
	awk -v c="$1" -v d="$2" '
		function fits(pat, s) { if (pat == "*") return 1; if (pat ~ /\/\*$/) return index(s, substr(pat, 1, length(pat) - 1)) == 1; return pat == s }
		fits($1, c) && fits($2, d) { ok = 1 } END { exit !ok }'
}
# the table: "CALLER CALLEE" a row, from plan/README.md's Rooms section
sed -n '/^## Rooms/,/^## /p' plan/README.md | awk -F'|' 'NF >= 4 && $2 !~ /caller|---/ {
	gsub(/[ `]/, "", $2); gsub(/[ `]/, "", $3); print $2, $3 }' >"$tmp/table"

# A planted tree: a stage calling another's script in each form the
# stages used to (a bare path, through $here/, after exec, in $( ) and
# after a VAR=VALUE),
# beside a path in a message and one copied, which are not calls.
mkdir -p "$tmp/t/analyze" "$tmp/t/report" "$tmp/t/series" "$tmp/t/plan"
printf '#!/bin/sh\necho x\n' >"$tmp/t/report/make-report"
printf '#!/bin/sh\necho x\n' >"$tmp/t/plan/run-experiment"
cat >"$tmp/t/analyze/compare-runs" <<'SH'
#!/bin/sh
here=${0%/*}/..
echo "kabench: made by report/make-report" >&2
cp report/make-report "$tmp/kit/"
	report/make-report "$out"
x=$("$here/report/make-report" a)
SH
printf '#!/bin/sh\n[ -z "$s" ] || exec plan/run-experiment - "$@"\n' >"$tmp/t/series/run-series"
printf '#!/bin/sh\nKABENCH_X=0 report/make-report "$run"\n' >"$tmp/t/series/series-report"
chmod +x "$tmp"/t/*/*
calls "$tmp/t" >"$tmp/planted"
check "the reader finds the planted calls, not the message nor the copy ($(paste -sd' ' "$tmp/planted"))" \
	sh -c '[ "$(cat "$1")" = "analyze/compare-runs report/make-report
series/run-series plan/run-experiment
series/series-report report/make-report" ]' - "$tmp/planted"
awk '{ print $1, $2 }' "$tmp/planted" | while read -r c d; do allowed "$c" "$d" <"$tmp/table" || echo "$c $d"; done >"$tmp/pl-bad"
check "... and the table allows none of them" [ "$(wc -l <"$tmp/pl-bad")" -eq 3 ]

calls . >"$tmp/calls"
check "the tree has cross-room calls to judge ($(wc -l <"$tmp/calls"))" [ -s "$tmp/calls" ]
while read -r c d; do allowed "$c" "$d" <"$tmp/table" || echo "$c -> $d"; done <"$tmp/calls" >"$tmp/bad"
bad=$(head -n 4 "$tmp/bad" | paste -sd',' -)
check "every cross-room call is one plan/README.md allows${bad:+: not $bad}" [ ! -s "$tmp/bad" ]
while read -r c d; do
	awk -v c="$c" -v d="$d" '
		function fits(pat, s) { if (pat == "*") return 1; if (pat ~ /\/\*$/) return index(s, substr(pat, 1, length(pat) - 1)) == 1; return pat == s }
		fits(c, $1) && fits(d, $2) { ok = 1 } END { exit !ok }' "$tmp/calls" || echo "$c -> $d"
done <"$tmp/table" >"$tmp/unused"
unused=$(paste -sd',' "$tmp/unused")
check "every row of the table is a call some script makes${unused:+: not $unused}" [ ! -s "$tmp/unused" ]
