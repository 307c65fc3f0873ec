#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lint: shellcheck (warnings and worse, the project's choices in
# .shellcheckrc) over every shell script of the tree, and gcc -Wall
# -Wextra -Werror over every C file. A new warning fails here, naming
# the file and the check.
# kernel-free: reads the sources, builds nothing but build/analyze/columns.h
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The shell scripts: *.sh and every file whose #! names a shell.
git ls-files | grep -v -e '^results/' -e '^tests/guest/logs/' -e '/golden/' -e '/fixtures*/' |
	while read -r f; do
		case $f in
		*.sh) echo "$f" ;;
		*) head -n 1 "$f" 2>/dev/null | grep -q '^#!.*sh' && echo "$f" ;;
		esac
	done >"$tmp/scripts"
n=$(wc -l <"$tmp/scripts")
if command -v shellcheck >/dev/null; then
	# shellcheck disable=SC2046 # (the tree's paths have no blanks)
	shellcheck -S warning -f gcc $(cat "$tmp/scripts") >"$tmp/sc" 2>&1
	bad=$(cut -d: -f1 "$tmp/sc" | sort -u | paste -sd' ' -)
	check "shellcheck: no warning in $n shell scripts (${bad:-none}: $(wc -l <"$tmp/sc") lines)" [ ! -s "$tmp/sc" ]
	head -n 5 "$tmp/sc" | sed 's/^/# /'
else
	fail "shellcheck: not installed (make deps installs it)"
fi

# The C files, each as its Makefile rule sees it (the rooms' headers).
make -s build/analyze/columns.h >/dev/null 2>&1
: >"$tmp/cc"
nc=0
for f in $(git ls-files '*.c'); do
	nc=$((nc + 1))
	gcc -c -o /dev/null -std=gnu11 -Wall -Wextra -Werror -I"$(dirname "$f")" -Ibench -Iguest \
		-Iguest/plugin -Ibuild/analyze "$f" >>"$tmp/cc" 2>&1 || echo "$f" >>"$tmp/cc.bad"
done
check "gcc -Wall -Wextra -Werror: no warning in $nc C files ($(paste -sd' ' "$tmp/cc.bad" 2>/dev/null || echo none))" [ ! -s "$tmp/cc.bad" ]
head -n 5 "$tmp/cc" | sed 's/^/# /'
