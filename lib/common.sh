# lib/common.sh: what kabench's shell scripts share (sourced, from the
# top of the repository: . lib/common.sh).
#   die2 MSG        "kabench: MSG" on stderr, exit 2 (bad input)
#   die MSG         the same, exit 1 (a step failed)
#   say MSG         "kabench: MSG" on stderr
#   progress MSG    "[mm:ss] MSG" on stderr, time since the script started
#   is_uint X       X is a whole number
#   is_decimal X    X is a number >= 0 (digits and one point)

die2() { echo "kabench: $*" >&2; exit 2; }
die() { echo "kabench: $*" >&2; exit 1; }
say() { echo "kabench: $*" >&2; }
kb_start=${kb_start:-$(date +%s)}
progress() {
	t=$(( $(date +%s) - kb_start ))
	printf '[%02d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*" >&2
}
is_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; }
is_decimal() {
	case $1 in ''|.|*[!0-9.]*|*.*.*) return 1 ;; esac
	awk -v x="$1" 'BEGIN { exit !(x >= 0) }'
}
