#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The manuals name what exists: every repository path in backticks in a
# tracked Markdown file (a path whose first part is one of the rooms) is
# there; every `make TARGET` is a target a rules file documents (## TARGET)
# or one of kbuild's own; every `VARIABLE=` is read by some file of the
# project that is not Markdown. Placeholders (<run>, NAME, *, $X) are
# left alone.
# kernel-free: it reads files.
. tests/lib.sh
git rev-parse --git-dir >/dev/null 2>&1 || { fail "not a git checkout: the tracked Markdown files are unknown"; exit 1; }
echo "plan 4"
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
