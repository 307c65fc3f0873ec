# SPDX-License-Identifier: GPL-2.0
# The calls in one shell script to scripts of other rooms (top-level
# folders): "FILE LINE CALLEE" a call. Run by tests/lib/test-rooms.sh:
#   awk -v from=ROOM -v f=FILE -v exes="every executable script" -f rooms.awk FILE
# A call is a script's path from the tree's root (also written through
# the script's own place: ${0%/*}/../, $here/, $root/, $repo/) where a
# command starts: a line's start, after | ; & && || $( { or a keyword or
# a runner (exec, sh, nice, ...), and after VAR=VALUE assignments. A path in a message, a comment or a
# command's argument (cp it into a kit) is not a call.
BEGIN { n = split(exes, e, " "); for (i = 1; i <= n; i++) isexe[e[i]] = 1 }
/^[ \t]*#/ { next }
{
	line = $0
	gsub(/"?\$\{0%\/\*\}\/\.\.\//, " ", line)
	gsub(/"?\$\{?(here|root|repo|top)\}?\//, " ", line)
	while (match(line, /[A-Za-z][A-Za-z0-9_-]*\/[A-Za-z0-9_.\/-]+/)) {
		p = substr(line, RSTART, RLENGTH); pre = substr(line, 1, RSTART - 1)
		line = substr(line, RSTART + RLENGTH)
		sub(/\/+$/, "", p)
		if (!(p in isexe) || pre ~ /[A-Za-z0-9_.\/$}-]$/) continue
		split(p, w, "/")
		if (w[1] == from) continue
		# (VAR=VALUE words before it taken off one by one: mawk mistakes a
		# starred group in the test below)
		while (match(pre, /(^|[ \t])[A-Za-z_][A-Za-z0-9_]*=[^ \t(`]*[ \t]+$/))
			pre = substr(pre, 1, RSTART - 1)
		if (pre ~ /(^|[|;&{]|\$\(|\|\||&&|(^|[^A-Za-z_])(then|do|else|exec|sh|bash|nice|env|timeout|setsid|xargs|if|while|until|!|time))[ \t]*"?$/)
			printf "%s %d %s\n", f, NR, p
	}
}
