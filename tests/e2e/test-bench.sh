# make bench end to end on the tiny experiment bench/experiments/smoke.exp:
# 6.1 against 6.1-fstat, fstatat_empty, icount, two boots each.
. tests/lib.sh

out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
before=$(ls results | sort)
make -s bench EXPERIMENT=smoke >"$out" 2>"$err"
rc=$?
run=$(ls -d results/*-smoke 2>/dev/null | sort | tail -n 1)
check "make bench EXPERIMENT=smoke succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 20 "$err"
new_run() { [ -n "$run" ] && ! echo "$before" | grep -qx "$(basename "$run")"; }
check "it made a new results folder" new_run
for f in samples.csv summary.csv compare.csv table.txt report.md ab-1.png ab-1.svg experiment.exp; do
	check "the run has $f" [ -s "$run/$f" ]
done
check "each boot kept its QEMU command and console log" \
	sh -c "ls $run/boots/*/qemu.cmd $run/boots/*/console.log | wc -l | grep -qx 8"
check "every sample is labelled icount, with the kernel's uname -r and the ERMS/FSRM check" \
	awk -F, 'NR > 1 { n++; if ($5 != "icount" || $3 !~ /kabench-6\.1(-fstat)?-minimal$/ || $8 != "no-erms;no-fsrm" || $6 == "") bad++ }
		END { exit !(n >= 8 && !bad) }' "$run/samples.csv"
check "the table was printed" grep -q "6.1 -> 6.1-fstat" "$out"
check "the report holds the seed figure beside the published +49.86%" grep -q 'patched fstat vs stock fstat.*+49.9%' "$run/report.md"

# The measured result itself: fstatat(fd, "", AT_EMPTY_PATH) must be faster
# on the kernel with the short-cut, beyond the spread of the boots.
line=$(awk -F, '$1 == "6.1 -> 6.1-fstat" && $2 == "fstatat_empty"' "$run/compare.csv")
echo "# measured: $(echo "$line" | cut -d, -f12,20,24,25)"
check "fstatat_empty is faster on 6.1-fstat than on 6.1 (measured)" \
	sh -c "echo '$line' | awk -F, '{ exit !(\$20 > \$12 && \$24 > 0 && \$25 == \"*\") }'"
check "under icount the two boots of each kernel agree to 4 significant digits" \
	awk -F, 'NR > 1 { if (($15 - $14) / $12 > 0.00005) bad++ } END { exit bad }' "$run/summary.csv"

# Bad input: one line naming the value, exit 2, no results folder made.
n=$(ls results | wc -l)
expect_exit 2 "unknown experiment exits 2" make -s bench EXPERIMENT=nope
expect_exit 2 "unknown variant exits 2" make -s bench EXPERIMENT=smoke COMPARE=6.1:nope
expect_exit 2 "unknown testcase exits 2" make -s bench EXPERIMENT=smoke TESTS=nope
expect_exit 2 "unknown accelerator exits 2" make -s bench EXPERIMENT=smoke ACCEL=warp
expect_exit 2 "a bad task list exits 2" make -s bench EXPERIMENT=smoke TASKS=0
expect_exit 2 "a CPU model QEMU rejects exits 2" make -s bench EXPERIMENT=smoke CPU=nosuchcpu
if ! grep -Eqw 'vmx|svm' /proc/cpuinfo; then
	expect_exit 2 "ACCEL=kvm on a host without vmx/svm exits 2" make -s bench EXPERIMENT=smoke ACCEL=kvm
fi
check "the unknown variant is named in the error" sh -c 'make -s bench EXPERIMENT=smoke COMPARE=6.1:nope 2>&1 | grep -q "nope"'
check "bad input made no results folder" [ "$(ls results | wc -l)" -eq "$n" ]
