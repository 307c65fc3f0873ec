#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# native/run for real, small and quick, into a temporary results
# folder (never the repository's results/). Checks structure and the
# repeat logic, never a figure: native figures depend on the machine.
cd "$(dirname "$0")/../.." || exit 2
# foreground: its host timings decide the kernel kind, and with it which seed figures the table shows.
. tests/lib.sh
make -s bench/kabench build/analyze/summarize build/analyze/compare build/native/probe ||
	{ fail "build the native tools"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/tiny$$.exp" <<'EOT'
compare A B fstat fstatat_empty
profile minimal
accel icount
cpu max
mask erms,fsrm
smp 1
tasks 1
interval 0.05
warmup 0
samples 1
repeats 2
shift 0
EOT

# runs_of RUN TEST MODE: how many runs samples.csv has of that testcase.
runs_of() {
	awk -F, -v t="$2" -v m="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["testcase"] == t && $c["mode"] == m { r[$c["boot"]] } END { n = 0; for (x in r) n++; print n }' "$1/samples.csv"
}

# 1. An rsd target nothing can meet: every cell runs the maximum count and
#    is reported as not settled.
native/run --rsd 0.000001 --max-runs 3 --results "$tmp/r1" "$tmp/tiny$$.exp" >"$tmp/out1" 2>"$tmp/err1"
rc=$?
run=$(ls -d "$tmp/r1"/*-tiny$$-native 2>/dev/null | head -n 1)
check "run-native: exits 0 (exit $rc: $(tail -n 1 "$tmp/err1"))" [ $rc -eq 0 -a -n "$run" ]
[ -n "$run" ] || exit 1
check "run-native: unreachable target: 3 runs of each testcase (the maximum)" \
	[ "$(runs_of "$run" fstat processes) $(runs_of "$run" fstatat_empty processes)" = "3 3" ]
check "run-native: unreachable target: every cell 'not settled' in the table" \
	[ "$(grep -c '^fstat.* not settled$' "$run/table.txt")" -eq 2 ]
check "run-native: the table names the unsettled cells" grep -q '^cells not settled' "$run/table.txt"
check "run-native: the table is printed" cmp -s "$run/table.txt" "$tmp/out1"
for f in host.txt samples.csv summary.csv settle.csv probe.csv kind.csv seeds.csv table.txt report.md; do
	check "run-native: writes $f" [ -s "$run/$f" ]
done
check "run-native: raw kabench output kept per run" [ "$(ls "$run/raw" | grep -c '\.csv$')" -eq 6 ]
check "run-native: samples labelled accel native, kernel uname -r" \
	awk -F, -v k="$(uname -r)" 'NR > 1 && ($5 != "native" || $3 != k) { bad = 1 } END { exit bad || NR < 7 }' "$run/samples.csv"

r=$run/report.md
check "run-native: the syscall floor measured: getppid's lowest ns a call ($(grep '^floor_getppid_ns=' "$run/host.txt"))" \
	sh -c 'grep -Eq "^floor_getppid_ns=[0-9]+\.[0-9]+$" "$1" && awk -F= "\$1 == \"floor_getppid_ns\" && \$2 > 0 && \$2 < 100000 { ok = 1 } END { exit !ok }" "$1"' - "$run/host.txt"
check "run-native: the table names what dilutes: the floor, PTI, mitigations, a VM host" \
	sh -c 'grep -q "^  syscall floor: getppid [0-9.]* ns a call" "$1" && grep -Eq "^  page-table isolation: (on|off)" "$1" && grep -q "^  mitigations= boot parameter: " "$1"' - "$run/table.txt"
check "report: the syscall floor in the host table" grep -Eq '^\| syscall floor \| getppid [0-9.]+ ns a call' "$r"
check "report: not the QEMU guest header (no 'QEMU -cpu max', no 'icount boots')" \
	sh -c '! grep -qi -e "QEMU -cpu" -e "icount boots" -e "masked:" "$1"' - "$r"
check "report: names the host kernel (uname -r)" grep -qF "$(uname -r)" "$r"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
check "report: names the CPU model" grep -qF "$cpu" "$r"
check "report: says whether ERMS and FSRM are present" grep -Eq '^\| ERMS / FSRM \| (present|absent) / (present|absent) \|$' "$r"
check "report: a row per mitigation file" \
	[ "$(grep -c '^| [a-z_0-9]* | ' "$r")" -ge "$(ls /sys/devices/system/cpu/vulnerabilities 2>/dev/null | wc -l)" ]
check "report: load average before and after, governor, SMT" \
	sh -c 'grep -q "before .*; after " "$1" && grep -q "governor" "$1" && grep -q "SMT" "$1"' - "$r"
check "report: the kind rule and its evidence" \
	sh -c 'grep -q "position = (empty − fstat)" "$1" && grep -Eq "Measured position: \*\*(-?[0-9.]+|-)\*\*" "$1"' - "$r"
kind=$(awk -F, '$1 == "kind" { print $2 }' "$run/kind.csv")
# Of published.csv's four figures a kernel of a known kind shows one; of
# an unclear kind, none (native/seeds).
case $kind in
shortcut) want="real fstat vs patched fstat" hidden=3 ;;
no-shortcut) want="real fstat vs stock fstat" hidden=3 ;;
*) want= hidden=4 ;;
esac
if [ -n "$want" ]; then
	check "run-native: kernel measured '$kind': table shows '$want' with its published +%" \
		grep -Eq "^001 +$want +host:fstatat_empty -> host:fstat +processes +1 +\+[0-9.]+% +[-+][0-9.]+%" "$run/table.txt"
	# its ns line: each side's 1e9 / mean ops/s from compare.csv, the
	# published machine's from published.csv, the floor from host.txt
	want_ns=$(awk -F, -v f="$want" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["label"] == f { b = 1e9 / $c["base_mean"]; n = 1e9 / $c["new_mean"]; printf "%.1f -> %.1f (%+.1f ns)", b, n, n - b }' "$run/compare.csv")
	pub_ns=$(awk -F, -v f="$want" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["figure"] == f { printf "%.1f -> %.1f (%+.1f ns)", 1e9 / $c["base_ops"], 1e9 / $c["new_ops"], 1e9 / $c["new_ops"] - 1e9 / $c["base_ops"] }' results/published.csv)
	floor=$(sed -n 's/^floor_getppid_ns=//p' "$run/host.txt")
	check "run-native: ns a call beside it: here $want_ns, published $pub_ns, floor getppid $floor ns" \
		sh -c '[ -n "$2" ] && [ -n "$3" ] && grep -qF "      ns a call here: $2; published on Sapphire Rapids: $3; floor here: getppid $(printf "%.1f" "$4") ns" "$1"' \
		- "$run/table.txt" "$want_ns" "$pub_ns" "$floor"
else
	check "run-native: kernel kind unclear: no seed figure claimed" grep -q '(none: no figure' "$run/table.txt"
fi
check "run-native: the $hidden figures it cannot show (kind '$kind') say what they need" \
	[ "$(sed -n '/^not shown natively/,$p' "$run/table.txt" | grep -c '^00[12] ')" -eq "$hidden" ]
# Other runs may write results/ at the same time: look for this run's name only.
check "run-native: nothing written to the repository's results/" sh -c '! ls -d results/*-tiny'$$'-native >/dev/null 2>&1'

# 2. A target every cell meets: stops at the minimum (repeats 2).
KABENCH_RESULTS=$tmp/r2 NATIVE_RSD=0.000001 native/run "$tmp/tiny$$.exp" NATIVE_RSD=1000 TESTS=fstat >/dev/null 2>"$tmp/err2"
run=$(ls -d "$tmp/r2"/*-tiny$$-native 2>/dev/null | head -n 1)
check "run-native: KABENCH_RESULTS, NATIVE_RSD=1000: stops after repeats=2 runs, all settled" \
	sh -c '[ -n "$1" ] && [ "$2" = 2 ] && grep -q "^every cell settled" "$1/table.txt"' - "$run" "$(runs_of "$run" fstat processes)"
check "run-native: TESTS=fstat runs fstat only" \
	[ "$(awk -F, 'NR > 1 { print $1 }' "$run/settle.csv" | sort -u)" = fstat ]
check "run-native: NATIVE_RSD in the environment is not read (the argument won)" \
	grep -qx 'rsd_target=1000' "$run/settle.conf"

# 3. Scaling: tasks 1..nproc, processes and threads, charts.
n=$(nproc)
native/run --scaling --rsd 1000 --results "$tmp/r3" "$tmp/tiny$$.exp" >/dev/null 2>"$tmp/err3"
run=$(ls -d "$tmp/r3"/*-tiny$$-native 2>/dev/null | head -n 1)
check "run-native --scaling: a cell per testcase x mode x tasks 1..$n" \
	sh -c '[ -n "$1" ] && [ "$(awk -F, "NR > 1 { print \$1, \$2, \$3 }" "$1/settle.csv" | sort -u | wc -l)" -eq $((2 * 2 * $2)) ]' - "$run" "$n"
if [ "$n" -gt 1 ]; then
	check "run-native --scaling: scaling charts (png, svg) per testcase, linked in the report" \
		sh -c '[ -s "$1/scaling-host-fstat.png" ] && [ -s "$1/scaling-host-fstat.svg" ] && grep -q "(scaling-host-fstat.png)" "$1/report.md"' - "$run"
	# the same scaling.csv as a guest run's: tasks 1..n, both modes, idle measured
	check "run-native --scaling: scaling.csv in the guests' columns, tasks 1..$n, both modes, idle 0-100" \
		awk -F, -v want="$(analyze/columns scaling)" -v n="$n" 'NR == 1 { if ($0 != want) exit 1; for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["testcase"] == "fstat" { t[$c["tasks"]]; if ($c["accel"] != "native" || $c["processes"] <= 0 || $c["threads"] <= 0) exit 1
				if ($c["processes_idle"] !~ /^[0-9.]+$/ || $c["processes_idle"] > 100 || $c["threads_idle"] !~ /^[0-9.]+$/) exit 1; rows++ }
			END { exit !(NR > 1 && rows == n && (1 in t) && (n in t)) }' "$run/scaling.csv"
else
	skip "run-native --scaling: charts need more than one CPU"
	skip "run-native --scaling: scaling.csv needs more than one CPU"
fi

# A testcase the kernel does not support (worker exit 3) is dropped and
# named; a failing one (exit 1) stops the run with exit 1.
cat >"$tmp/worker" <<'EOT'
#!/bin/sh
case " $* " in
*" --test fstatat_empty "*) [ -n "${FAIL-}" ] || { echo "kabench: fstatat_empty: not supported by this kernel" >&2; exit 3; }
	echo "kabench: fstatat_empty: task 0: newfstatat failed: EIO" >&2; exit 1 ;;
esac
exec bench/kabench "$@"
EOT
chmod +x "$tmp/worker"
KABENCH_WORKER=$tmp/worker native/run --rsd 1000 --results "$tmp/r4" "$tmp/tiny$$.exp" >/dev/null 2>"$tmp/err4"
rc=$?
run=$(ls -d "$tmp/r4"/*-tiny$$-native 2>/dev/null | head -n 1)
check "run-native: an unsupported testcase is named in the table, the run goes on (exit $rc)" \
	sh -c '[ $2 -eq 0 ] && grep -qx "not supported by this kernel: fstatat_empty" "$1/table.txt" &&
		! grep -q "^fstatat_empty" "$1/settle.csv" && grep -q "^fstat," "$1/settle.csv"' - "$run" $rc
check "run-native: an unsupported testcase runs once, not again" [ "$(ls "$run/raw" | grep -c '^fstatat_empty-.*\.csv$')" -eq 1 ]
FAIL=1 KABENCH_WORKER=$tmp/worker native/run --rsd 1000 --results "$tmp/r5" "$tmp/tiny$$.exp" >/dev/null 2>"$tmp/err5"
rc=$?
check "run-native: a failing testcase stops the run with exit 1 and its message" \
	sh -c '[ $1 -eq 1 ] && grep -q "fstatat_empty (processes) failed (exit 1): kabench: fstatat_empty: task 0: newfstatat failed: EIO" "$2"' - $rc "$tmp/err5"

# Bad input: one line naming the value, exit 2, no folder made.
for args in "--rsd 0" "--rsd x" "--rsd .0" "--max-runs 0" "--max-runs 65" "--bogus" NATIVE_MAX=x NATIVE_SCALING=2 TASKS=0 RESUME=x BOGUS=1; do
	native/run $args --results "$tmp/bad" "$tmp/tiny$$.exp" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "run-native: '$args' exits 2 with one line, makes nothing" \
		sh -c '[ '$rc' -eq 2 ] && [ ! -s "$1" ] && [ "$(wc -l <"$2")" -eq 1 ] && [ ! -e "$3" ]' - "$tmp/out" "$tmp/err" "$tmp/bad"
done
expect_exit 2 "run-native: no experiment exits 2" native/run --results "$tmp/bad"
check "run-native: still nothing written to the repository's results/" sh -c '! ls -d results/*-tiny'$$'-native >/dev/null 2>&1'
