# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# lib/common.sh: what kabench's shell scripts share (sourced, from the
# top of the repository: . lib/common.sh).
#   die2 MSG        "kabench: MSG" on stderr, exit 2 (bad input)
#   die MSG         the same, exit 1 (a step failed)
#   say MSG         "kabench: MSG" on stderr
#                   (a script that is a program of its own sets kb_me to
#                   its name, before or after sourcing: "kabench:
#                   run-guest: MSG")
#   progress MSG    "[mm:ss] MSG" on stderr, time since the script started
#                   (kb_start, in kb_now's seconds)
#   is_uint X       X is a whole number
#   is_decimal X    X is a number >= 0 (digits and one point)
#   first_line FILE sets first to FILE's first line (nothing when there is
#                   no such file): builtins only, for lookups made per cell
#   key_value FILE KEY  sets value to what follows KEY= on FILE's first
#                   line that starts so (a facts or provenance file);
#                   false when there is none
#   free_kb DIR     the KB free on the file system holding DIR (nothing
#                   when df cannot tell: no such folder)

kb_me=${kb_me:-kabench}
die2() { say "$@"; exit 2; }
die() { say "$@"; exit 1; }
say() { if [ "$kb_me" = kabench ]; then echo "kabench: $*" >&2; else echo "kabench: $kb_me: $*" >&2; fi; }
# kb_now: whole seconds since the machine booted, read by the shell itself
# (a progress line is printed a dozen times a run).
kb_now() { read -r kb_now _ </proc/uptime; kb_now=${kb_now%.*}; }
[ -n "${kb_start:-}" ] || { kb_now; kb_start=$kb_now; }
progress() {
	kb_now
	t=$((kb_now - kb_start))
	printf '[%02d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*" >&2
}
# first_line FILE and key_value FILE KEY set first / value for the caller.
# shellcheck disable=SC2034
first_line() { first=; [ -f "$1" ] && { IFS= read -r first || :; } 2>/dev/null <"$1"; }
# shellcheck disable=SC2034
key_value() {
	value=
	[ -f "$1" ] || return 1
	while IFS= read -r l || [ -n "$l" ]; do
		case $l in "$2="*) value=${l#*=}; return 0 ;; esac
	done <"$1"
	return 1
}
# kb_make_s: make's -s, empty under make V=1 (V reaches the scripts from
# make's command line), so that make V=1 bench prints every build command
# the scripts' own makes run too.
# shellcheck disable=SC2034 # (read by the scripts that source this)
kb_make_s=-s
# shellcheck disable=SC2034
[ "${V:-0}" != 1 ] || kb_make_s=
free_kb() { df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }'; }
is_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; }
is_decimal() {
	case $1 in ''|.|*[!0-9.]*|*.*.*) return 1 ;; esac
	awk -v x="$1" 'BEGIN { exit !(x >= 0) }'
}
