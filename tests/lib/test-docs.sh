#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kernel-free: it reads files.
# The manuals name what exists: every repository path in backticks in a
# tracked Markdown file (a path whose first part is one of the rooms) is
# there; every `make TARGET` is a target a rules file documents (## TARGET)
# or one of kbuild's own; every `VARIABLE=` is read by some file of the
# project that is not Markdown. Placeholders (<run>, NAME, *, $X) are
# left alone.
# The manuals say how things are, not how they came to be: outside
# results/reference/ (a run's own report.md, and NOTES.md, which keeps
# the dated history) no Markdown file names a commit of this repository,
# says a target was "met" or "not met", gives a clock time in UTC, or
# says who measured (the lead, the helpers). Every KABENCH_* variable
# the product reads (any file outside tests/ and results/ but Markdown;
# header guards KABENCH_*_H are no variables) is in docs/variables.md,
# which README.md links, or is a test seam in tests/README.md; and
# docs/variables.md names none that nothing reads. Both checks are also
# run on planted fixtures, which they must catch.
. tests/lib.sh
git rev-parse --git-dir >/dev/null 2>&1 || { fail "not a git checkout: the tracked Markdown files are unknown"; exit 1; }
echo "plan 8"
rooms='analyze|bench|boot|docs|guest|kernel-patches|lib|native|plan|plot|report|results|series|tests|\.ci'
# kbuild's targets that the manuals name when they tell what kabench runs
kbuild=' tinyconfig olddefconfig defconfig bzImage '
targets=" $(git ls-files '*.mk' Makefile | xargs sed -n 's/^## \([a-z][a-z0-9-]*\).*/\1/p' | sort -u | paste -sd' ') "
mds=$(git ls-files '*.md')
check "there are Markdown files to read ($(echo "$mds" | wc -l)) and documented targets ($(echo $targets | wc -w))" \
	sh -c '[ "$1" -ge 10 ] && [ "$2" -ge 10 ]' - "$(echo "$mds" | wc -l)" "$(echo $targets | wc -w)"
paths= makes= vars=
for md in $mds; do
	p=$(grep -o '`[^`]*`' "$md" | tr -d '`' | grep -v '[<*$ ]' | sed 's|/$||; s|:.*||' |
		grep -E "^($rooms)(/[A-Za-z0-9_.+~-]+)*$" | grep -Ev '(^|/)[A-Z][A-Z_]+(\.[a-z]+)?(/|$)|_NAME' | sort -u |
		while read -r x; do [ -e "$x" ] || printf ' %s' "$x"; done)
	[ -z "$p" ] || paths="$paths $md:$p;"
	m=$(grep -o '`make [a-z][a-z0-9-]*' "$md" | sed 's/^`make //' | sort -u |
		while read -r t; do case "$targets$kbuild" in *" $t "*) ;; *) [ -f "$t" ] || printf ' %s' "$t" ;; esac; done)
	[ -z "$m" ] || makes="$makes $md:$m;"
	v=$(grep -o '`[A-Z][A-Z0-9_]*[A-Z0-9]=' "$md" | tr -d '`=' | sort -u |
		while read -r x; do git grep -q -w "$x" -- ':!*.md' || printf ' %s' "$x"; done)
	[ -z "$v" ] || vars="$vars $md:$v;"
done
check "every repository path named in the Markdown exists${paths:+ (missing:$paths)}" [ -z "$paths" ]
check "every make target named is documented in a rules file or kbuild's${makes:+ (unknown:$makes)}" [ -z "$makes" ]
check "every VARIABLE= named is read by a file of the project${vars:+ (read by none:$vars)}" [ -z "$vars" ]

# lab_notes FILE...: "FILE:LINE: what" for each line of dated history.
# A word of 7-40 hex digits is a commit only when this repository has
# one by that name (an upstream kernel or QEMU commit is a reference).
lab_notes() {
	grep -noiE '(^|[^0-9a-z_])[0-9a-f]{7,40}([^0-9a-z_]|$)' "$@" /dev/null |
		sed 's/^\([^:]*:[0-9]*:\)[^0-9a-fA-F]*\([0-9a-fA-F]*\).*/\2 \1/' |
		git cat-file --batch-check='%(objecttype) %(objectname) %(rest)' 2>/dev/null |
		awk '$1 == "commit" { print $3 " commit " substr($2, 1, 12) }'
	grep -nHiE '\bnot met\b|(^|[|:;,] *|\b(is|are|was) )met( *[|.,;)]|$)|[0-9]{1,2}:[0-9]{2}( ?UTC| GMT)|\bthe lead\b|\bhelpers\x27' "$@" /dev/null |
		sed 's/^\([^:]*:[0-9]*:\).*/\1 met, not met, a clock time or who measured/'
}
manuals=$(echo "$mds" | grep -v '^results/reference/')
notes=$(lab_notes $manuals | sort -u | head -n 8 | paste -sd';' -)
check "no manual carries dated history: it goes to results/reference/NOTES.md${notes:+ (found: $notes)}" [ -z "$notes" ]
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
head12=$(git rev-parse --short=12 HEAD)
cat >"$tmp/clean.md" <<EOC
Seed 001 carries upstream 9013c51c630a; QEMU 8.1 fixed it (commit
83ecdb18eb65). Measured Dec 7 2026, 2-core AMD EPYC, icount, 6.1: 22 s.
The cache key hashes the sources (\`src/git-COMMIT12\`); met here means nothing.
EOC
printf '%s\n' "in a clean clone of $head12: 22 s" >"$tmp/hash.md"
printf '%s\n' "| warm make bench | 18 s | 30 s: met |" >"$tmp/met.md"
printf '%s\n' "The issue's bar is not met here: 14 and 16." >"$tmp/notmet.md"
printf '%s\n' "The prefix figures (Dec 3, 13:00 UTC) were taken under load." >"$tmp/clock.md"
printf '%s\n' "measured while it ran the lead's builds" >"$tmp/who.md"
caught=$(for f in hash met notmet clock who; do lab_notes "$tmp/$f.md" | grep -q . && printf ' %s' "$f"; done)
check "a planted lab note is caught (a commit of this repository, met, a UTC time, who) and a clean page is not:$caught" \
	sh -c '[ "$1" = " hash met notmet clock who" ] && [ -z "$2" ]' - "$caught" "$(lab_notes "$tmp/clean.md")"

# undocumented_vars PRODUCT_FILES_LIST VARS_DOC SEAMS_DOC: each KABENCH_*
# variable a product file names that neither document names.
undocumented_vars() {
	xargs grep -ohE 'KABENCH_[A-Z0-9_]*[A-Z0-9]' /dev/null <"$1" | grep -vE '^KABENCH(_[A-Z0-9_]*)?_H$' | sort -u |
		while read -r v; do grep -qw "$v" "$2" "$3" || printf ' %s' "$v"; done
}
git ls-files | grep -v -e '^tests/' -e '^results/' -e '\.md$' -e '\.\(png\|svg\)$' |
	while read -r f; do [ ! -f "$f" ] || echo "$f"; done >"$tmp/product"
undoc=$(undocumented_vars "$tmp/product" docs/variables.md tests/README.md)
unread=$(grep -oE 'KABENCH_[A-Z0-9_]*[A-Z0-9]' docs/variables.md | sort -u |
	while read -r v; do xargs grep -qw "$v" <"$tmp/product" || printf ' %s' "$v"; done)
check "every KABENCH_ variable the product reads is in docs/variables.md (linked from README.md) or a test seam in tests/README.md, and it names none unread${undoc:+ (undocumented:$undoc)}${unread:+ (read by nothing:$unread)}" \
	sh -c '[ -z "$1" ] && [ -z "$2" ] && grep -q "docs/variables.md" README.md' - "$undoc" "$unread"
printf '%s\n' '#!/bin/sh' 'x=${KABENCH_PLANTED_KNOB:-1} # KABENCH_STATS_H is a guard' >"$tmp/planted"
echo "$tmp/planted" >>"$tmp/product"
planted=$(undocumented_vars "$tmp/product" docs/variables.md tests/README.md)
check "a planted undocumented variable is caught:$planted" [ "$planted" = " KABENCH_PLANTED_KNOB" ]
