# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Native timing, host-wide: two kabench programs timing this machine at
# once slow each other down (two make bench's native estimates side by
# side: spreads of 19% and 13%). make bench ACCEL=native and native/estimate hold one
# lock across their timing, and record what else ran beside it.
#
#   kb_lock_native FD WHAT   hold the host's native-timing lock on file
#                            descriptor FD until this shell exits (the
#                            file: KABENCH_NATIVE_LOCK, default
#                            ${TMPDIR:-/tmp}/kabench-native.lock); a
#                            second one waits, saying for whom (WHAT)
#   kb_beside                one line: how many QEMU guests, kabench
#                            workers and compilers (cc1) run now

kb_lock_native() {
	l=${KABENCH_NATIVE_LOCK:-${TMPDIR:-/tmp}/kabench-native.lock}
	eval "exec $1>>\"\$l\"" || { echo "kabench: cannot open the native-timing lock '$l'" >&2; exit 2; }
	if ! flock -n -x "$1"; then
		echo "kabench: waiting for $(cat "$l" 2>/dev/null || echo "another kabench") to finish timing this host (a lock on $l): timings side by side slow each other" >&2
		flock -x "$1"
	fi
	printf '%s (pid %s, since %s UTC)\n' "$2" $$ "$(date -u +%H:%M:%S)" >"$l"
}

kb_beside() {
	printf 'qemu %s, kabench workers %s, compilers %s\n' "$(pgrep -c '^qemu-system' || :)" \
		"$(pgrep -c -x kabench || :)" "$(pgrep -c -x cc1 || :)"
}
