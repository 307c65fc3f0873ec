# SPDX-License-Identifier: GPL-2.0
# may-skip-all: on another linux-source version than the reference's it says to regenerate it instead
# shellcheck shell=sh
# results/reference stays a run of today's code: its own experiment,
# built and booted by the committed code (the tests' cache; icount, so
# the figures repeat exactly), gives every cell's mean ops/s and every
# profiled cell's instructions per op as committed. When it does not,
# the code changed what the reference shows: regenerate it
# (results/README.md). A linux-source version other than the one the
# reference was built from is a skip that says to regenerate. Boots of
# earlier runs in the tests' cache are reused (boot/reuse: same kernel,
# initramfs, kit, QEMU and plan line), so a warm run takes seconds.
# limit: 3600
. tests/lib.sh
unset KABENCH_FRESH

ref=results/reference
tmp=$(mktemp -d)
export KABENCH_RESULTS=$tmp/results
trap 'rm -rf "$tmp"' EXIT

# versions: "linux-source-6.1 6.1.192-3" a line, the reference's and this
# machine's (dpkg's; "none" before make bench installs the package)
versions() {
	cat "$ref"/kernels/*/source_version 2>/dev/null | sort -u | while read -r pkg ver; do
		now=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) || now=none
		echo "$pkg $ver ${now:-none}"
	done
}
stale=$(versions | awk '$3 != "none" && $2 != $3 { printf "%s%s %s (reference: %s)", n++ ? ", " : "", $1, $3, $2 }')
if [ -z "$(versions)" ]; then
	fail "the reference's kernels/*/source_version name the linux-source packages it was built from"
	exit 0
fi
if [ -n "$stale" ]; then
	for c in "make bench" "ops/s" "instructions"; do skip "reference figures ($c): this machine has $stale: regenerate results/reference"; done
	exit 0
fi

make -s bench EXPERIMENT=$ref/experiment.exp >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(ls -d "$KABENCH_RESULTS"/*-experiment 2>/dev/null | tail -n 1)
why=
[ "$rc" -eq 0 ] || why=": $(tail -n 1 "$tmp/err")"
check "make bench EXPERIMENT=$ref/experiment.exp succeeds (exit $rc$why)" \
	sh -c '[ "$1" -eq 0 ] && [ -n "$2" ] && [ -s "$2/summary.csv" ]' - "$rc" "$run"
stale=$(versions | awk '$2 != $3 { printf "%s%s %s (reference: %s)", n++ ? ", " : "", $1, $3, $2 }')
if [ -n "$stale" ]; then
	for c in "ops/s" "instructions"; do skip "reference figures ($c): this machine has $stale: regenerate results/reference"; done
	exit 0
fi

# same FILE KEYS VALUE [FILTER]: the cells of $ref/FILE and $run/FILE,
# keyed by the KEYS columns, whose VALUE differs by more than 0.01% (or
# that one side lacks), one "key: committed -> now" a line.
same() {
	awk -F, -v keys="$2" -v val="$3" -v filter="${4-}" -f lib/csv.awk -f /dev/stdin "$ref/$1" "$run/$1" <<'AWK'
FNR == 1 { csv_header(); nk = split(keys, k, " "); file++; next }
filter != "" && v("kind") != filter { next }
{
	key = ""; for (i = 1; i <= nk; i++) key = key (i > 1 ? " " : "") v(k[i])
	x[file, key] = v(val); seen[key]
}
END {
	for (key in seen) {
		a = x[1, key]; b = x[2, key]
		if (!((1, key) in x) || !((2, key) in x)) { printf "%s: %s -> %s\n", key, (1, key) in x ? a : "none", (2, key) in x ? b : "none"; continue }
		d = a == 0 ? b : (b - a) / a; if (d < 0) d = -d
		if (d > 0.0001) printf "%s: %s -> %s\n", key, a, b
	}
}
AWK
}
same summary.csv "variant testcase mode tasks qemu_cpu" mean >"$tmp/ops"
n=$(awk 'END { print NR - 1 }' "$ref/summary.csv")
check "every one of the reference's $n cells has its committed mean ops/s, to 0.01% ($(wc -l <"$tmp/ops") differ$(head -n 3 "$tmp/ops" | sed 's/^/; /' | paste -sd' '))" \
	sh -c '[ "$1" -gt 0 ] && [ ! -s "$2" ]' - "$n" "$tmp/ops"
same profile-summary.csv "variant qemu_cpu testcase mode tasks" per_op total >"$tmp/instr"
n=$(awk -F, '$9 == "total"' "$ref/profile-summary.csv" | wc -l)
check "every one of its $n profiled cells has its committed instructions per op, to 0.01% ($(wc -l <"$tmp/instr") differ$(head -n 3 "$tmp/instr" | sed 's/^/; /' | paste -sd' '))" \
	sh -c '[ "$1" -gt 0 ] && [ ! -s "$2" ]' - "$n" "$tmp/instr"
