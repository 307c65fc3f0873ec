# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# make bench end to end on the tiny experiment bench/experiments/smoke.exp:
# 6.1 against 6.1-fstat, fstatat_empty, icount, two boots each. Runs go to
# a scratch results folder (KABENCH_RESULTS), never the user's results/.
# foreground: its JOBS=2 and RESUME runs must give the serial run's boots exactly.
. tests/lib.sh

tmp=$(mktemp -d)
export KABENCH_RESULTS=$tmp/results
trap 'rm -rf "$tmp"' EXIT
latest() { ls -d "$KABENCH_RESULTS"/*-smoke 2>/dev/null | sort | tail -n 1; }
# ops RUN: every sample's op count, in a stable order (cell, testcase, sample).
ops() { awk -F, 'NR > 1 { print $2, $9, $11, $12, $13, $15 }' "$1/samples.csv" | sort; }
# in_run DIR [NAME]: pids of processes (named NAME) working in run folder DIR.
in_run() {
	d=$(realpath "$1")
	for p in $(pgrep "${2:-.}"); do [ "$(readlink "/proc/$p/cwd" 2>/dev/null)" = "$d" ] && echo "$p"; done
}

# A serial run, with variables named like settings exported in the
# environment: they must be ignored (only make's command line counts).
CPU=nosuchcpu TASKS=0 ACCEL=warp make -s bench EXPERIMENT=smoke JOBS=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
run=$(latest)
check "make bench EXPERIMENT=smoke JOBS=1 succeeds, exported CPU/TASKS/ACCEL ignored" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 20 "$tmp/err"
for f in samples.csv summary.csv compare.csv table.txt report.md ab-1.png ab-1.svg experiment.exp \
	plan provenance initramfs.cpio kernels/6.1/bzImage kernels/6.1-fstat/config; do
	check "the run has $f" [ -s "$run/$f" ]
done
check "the boots checked QEMU's CPU model and plugin once: two notes in kit/checked" \
	sh -c 'ls "$1/kit/checked" | grep -q -- "-cpu-tcg-max,-erms,-fsrm$" && ls "$1/kit/checked" | grep -q -- "-plugin-" && [ "$(ls "$1/kit/checked" | wc -l)" -eq 2 ]' - "$run"
check "the plan has 4 cells, each with its own seed per boot" \
	awk -F'\t' 'NR > 1 { n++; s[$3] = $4 } END { exit !(n == 4 && s[1] != s[2]) }' "$run/plan"
check "each cell kept its QEMU command, console log and host" \
	sh -c "ls $run/boots/*/qemu.cmd $run/boots/*/console.log | wc -l | grep -qx 8 && grep -l '^host=' $run/boots/*/facts | wc -l | grep -qx 4"
check "every sample is labelled icount, with the kernel's uname -r (its image's kernelrelease) and the ERMS/FSRM check" \
	awk -F, -v run="$run" 'NR > 1 { n++; f = run "/kernels/" $2 "/kernelrelease"
		if (!($2 in rel)) { rel[$2] = ""; getline rel[$2] <f; close(f) }
		if ($5 != "icount" || $3 != rel[$2] || $3 !~ /-kabench-minimal-[0-9a-f]+$/ || $8 != "no-erms;no-fsrm" || $6 == "") bad++ }
		END { exit !(n >= 8 && !bad) }' "$run/samples.csv"
check "the table was printed" grep -q "6.1 -> 6.1-fstat" "$tmp/out"
check "each finished cell's progress line says where its time went (the profile's in each kernel's first boot)" \
	sh -c '[ "$(grep -cE "boot [0-9]/4: .* ok on .*, [0-9]+s: boot [0-9.]+, probe [0-9.]+, tests [0-9.]+ \(fstatat_empty [0-9.]+\), off [0-9.]+, parse [0-9.]+(, profile [0-9.]+)? s$" "$1")" -eq 4 ] &&
		[ "$(grep -cE "boot [0-9]/4: 6.1(-fstat)?-1 ok .*, profile [0-9.]+ s$" "$1")" -eq 2 ]' - "$tmp/err"
check "the report says how many ops the figures rest on and where the boots' time went" \
	sh -c 'grep -q "^| ops a figure rests on | at least [0-9]* in a sample" "$1/report.md" && grep -q "^| boots. time, summed over 4 boots | boot " "$1/report.md"' - "$run"
check "under icount the run used smoke.exp's icount_interval" \
	[ "$(plan/experiment get "$run/experiment.exp" interval)" = "$(plan/experiment get bench/experiments/smoke.exp icount_interval)" ]
prov() { sed -n "s/^$1=//p" "$run/provenance"; }
check "provenance: accel as resolved ($(prov accel)), QEMU, gcc, glibc, commit" \
	sh -c '[ "$1" = icount ] && [ -n "$2" ] && [ -n "$3" ] && [ -n "$4" ] && [ -n "$5" ]' - \
	"$(prov accel)" "$(prov qemu)" "$(prov gcc)" "$(prov glibc)" "$(prov kabench_commit)"
check "the resolved experiment says accel icount, not auto" grep -qx 'accel icount' "$run/experiment.exp"
check "each kernel's sha256 matches its bzImage" \
	sh -c 'for k in "$1"/kernels/*/; do [ "$(sha256sum <"$k/bzImage" | cut -d" " -f1)" = "$(cat "$k/sha256")" ] || exit 1; done' - "$run"

# The published figure beside the measured one, both read from their files.
pub=$(awk -F, '$1 == "001" && $2 == "patched fstat vs stock fstat" { printf "%+.1f%%", ($8 / $7 - 1) * 100 }' results/published.csv)
line=$(awk -F, '$1 == "6.1 -> 6.1-fstat" && $2 == "fstatat_empty"' "$run/compare.csv")
meas=$(echo "$line" | awk -F, '{ printf "%+.1f%%", $24 }')
check "the report puts the published $pub beside the measured $meas" \
	grep -q "patched fstat vs stock fstat.*$pub.*$meas" "$run/report.md"

# The measured result itself: fstatat(fd, "", AT_EMPTY_PATH) must be faster
# on the kernel with the short-cut, and the rule must call it improved.
echo "# measured: $(echo "$line" | cut -d, -f12,20,24,25)"
check "fstatat_empty is faster on 6.1-fstat than on 6.1, verdict improved (measured)" \
	sh -c "echo '$line' | awk -F, '{ exit !(\$20 > \$12 && \$24 > 0 && \$25 == \"improved\") }'"

# Bit-exact replay: a cell run again from its run folder alone gives the
# same op count in every sample (or a third run gives the first's or the
# second's: tests/lib.sh, replayed).
samples_ops() { awk -F, '$1 == "sample" { print $7 }' "$1"; }
replay() { sh "$run/kit/run-cell" "$run" 6.1-1 --out "$tmp/replay$1" >/dev/null 2>&1; samples_ops "$tmp/replay$1/bench.csv" >"$tmp/ops.replay$1"; }
samples_ops "$run/boots/6.1-1/bench.csv" >"$tmp/ops.cell"
replay ""
replayed "a cell replayed from its folder gives identical op counts" "$tmp/ops.cell" "$tmp/ops.replay" "$tmp/ops.replay3" replay 3

# Where the difference comes from (the QEMU plugin, on by default under
# icount): exact instructions per op by function.
ps=$run/profile-summary.csv
check "each kernel's first boot has a profile (the second none), the run a profile-summary.csv" \
	sh -c '[ "$(ls "$1"/boots/*/profile.csv | wc -l)" -eq 2 ] && [ -f "$1/boots/6.1-1/profile.csv" ] && [ -f "$1/boots/6.1-fstat-1/profile.csv" ] && [ -s "$2" ]' - "$run" "$ps"
# per-symbol instructions add up to the total, exactly, on both kernels
check "kernel+user symbols add up exactly to the total instructions (both kernels)" \
	awk -F, 'NR > 1 && $3 == "fstatat_empty" { if ($9 == "total") t[$1] = $12; if ($9 == "symbol") s[$1] += $12 }
		END { n = 0; for (v in t) { n++; if (t[v] != s[v]) exit 1 } exit n != 2 }' "$ps"
# the functions the seed-001 short-cut skips lose the most instructions
awk -F, 'NR > 1 && $3 == "fstatat_empty" && $9 == "symbol" { k = $10 ":" $11; d[k] += ($1 == "6.1-fstat" ? $13 : -$13) }
	END { for (k in d) printf "%.2f %s\n", d[k] < 0 ? -d[k] : d[k], k }' "$ps" | sort -rn | head -n 8 >"$tmp/top"
echo "# top differences: $(awk '{ printf "%s %s; ", $2, $1 }' "$tmp/top")"
check "the top per-function differences name the path lookup the short-cut skips" \
	sh -c 'grep -q ":filename_lookup$" "$1" && grep -q ":path_lookupat$" "$1" && grep -q ":getname_flags$" "$1"' - "$tmp/top"
check "the report, table.txt and the terminal show where the difference comes from" \
	sh -c 'grep -q "filename_lookup" "$1/report.md" && grep -q "instructions/op (QEMU plugin, exact)" "$1/table.txt" &&
		grep -q "^profile .*fstatat_empty: .*; top: filename_lookup" "$2"' - "$run" "$tmp/out"
# (a third boot made for the op counts serves here too)
third() { [ -d "$tmp/replay3" ] || replay 3; }
replayed "two boots of one kernel with the same seed give the same instructions/op" \
	"$run/boots/6.1-1/profile.csv" "$tmp/replay/profile.csv" "$tmp/replay3/profile.csv" third
# On a difference, what differs (and the replay's own account of itself).
if ! cmp -s "$run/boots/6.1-1/profile.csv" "$tmp/replay/profile.csv"; then
	diff "$run/boots/6.1-1/profile.csv" "$tmp/replay/profile.csv" 2>&1 | head -n 8 | sed 's/^/# /'
	tail -n 3 "$tmp/replay/run-guest.log" "$tmp/replay/profile.err" 2>&1 | sed 's/^/# /'
fi

serial=$run
ops "$serial" >"$tmp/ops.serial"

# Killed half-way (the whole process group), then resumed: all cells, the
# same figures; QEMU stopped at once, nothing left running.
setsid make -s bench EXPERIMENT=smoke JOBS=1 >/dev/null 2>"$tmp/err3" &
pid=$!
i=0
until [ -n "$(latest)" ] && [ "$(latest)" != "$serial" ] && ls "$(latest)"/boots/*/verdict >/dev/null 2>&1; do
	sleep 0.5; i=$((i + 1)); [ $i -lt 240 ] || break
done
killed=$(latest)
# Kill while a QEMU of that run is up (the check below needs one to stop).
i=0
until running=$(in_run "$killed" qemu-system); [ -n "$running" ] || [ $i -ge 200 ]; do
	sleep 0.1; i=$((i + 1))
done
kill -TERM "-$pid"
wait "$pid"
n=0
while [ -n "$(in_run "$killed" qemu-system)" ] && [ $n -lt 40 ]; do sleep 0.1; n=$((n + 1)); done
check "SIGTERM to make bench stops the QEMU that was running (${running:-none}) within 2 s ($((n / 10)).$((n % 10)) s)" [ -n "$running" -a $n -le 20 ]
sleep 1
check "... and leaves no process behind in the run folder" [ -z "$(in_run "$killed")" ]
check "... nor a parallel or run-cell of that run" sh -c '! pgrep -f "$1/kit/run-cell" >/dev/null' - "$killed"
check "... and marks the run incomplete ($(wc -l <"$killed/incomplete" 2>/dev/null) cells left)" [ -s "$killed/incomplete" ]
check "the interrupted run has a finished boot" \
	sh -c 'ls "$1"/boots/*/verdict 2>/dev/null | xargs grep -lx ok >/dev/null 2>&1' - "$killed"
make -s report RUN="$killed" >/dev/null 2>&1
check "make report works on the interrupted run for what it has" \
	sh -c 'grep -q "incomplete" "$1/report.md" && [ -s "$1/summary.csv" ]' - "$killed"
make -s bench RESUME="$killed" >/dev/null 2>"$tmp/err4"
rc=$?
check "make bench RESUME= finishes it (exit $rc), no incomplete mark" [ $rc -eq 0 -a ! -e "$killed/incomplete" ]
ops "$killed" >"$tmp/ops.resumed"
check "... with every cell ok and the serial run's figures" \
	sh -c 'cmp -s "$2" "$3" && [ "$(grep -lx ok "$1"/boots/*-[0-9]/verdict | wc -l)" -eq 4 ]' - "$killed" "$tmp/ops.serial" "$tmp/ops.resumed"

# FAIL_ON_REGRESSION: the reversed pair regresses by ~57%. Its cells are
# the serial run's (same kernels, seeds and testcases), two at a time
# (icount: guest time is virtual), so they give the same figures.
make -s bench EXPERIMENT=smoke COMPARE=6.1-fstat:6.1 REPEATS=2 FAIL_ON_REGRESSION=10 JOBS=2 >/dev/null 2>"$tmp/err5"
rc=$?
check "FAIL_ON_REGRESSION=10 on a pair that regressed exits non-zero ($rc) and says so" \
	sh -c '[ "$1" -ne 0 ] && grep -q "regressed" "$2"' - "$rc" "$tmp/err5"
par=$(latest)
ops "$par" >"$tmp/ops.par"
check "JOBS=2 gives the same op counts as JOBS=1, sample for sample" \
	sh -c '[ "$1" != "$2" ] && [ -s "$3" ] && cmp -s "$3" "$4"' - "$serial" "$par" "$tmp/ops.serial" "$tmp/ops.par"
diff "$tmp/ops.serial" "$tmp/ops.par" | head -n 6 | sed 's/^/# /'

# Bad input: one line naming the value, exit 2, no results folder made.
# (Straight to plan/run-experiment: make turns every failure into 2.)
n=$(ls "$KABENCH_RESULTS" | wc -l)
expect_exit 2 "unknown experiment exits 2" plan/run-experiment nope
expect_exit 2 "unknown variant exits 2" plan/run-experiment smoke COMPARE=6.1:nope
expect_exit 2 "a prefix past the series exits 2" plan/run-experiment smoke COMPARE=6.1:6.1-fstat~2
expect_exit 2 "unknown testcase exits 2" plan/run-experiment smoke TESTS=nope
expect_exit 2 "unknown accelerator exits 2" plan/run-experiment smoke ACCEL=warp
expect_exit 2 "a bad task list exits 2" plan/run-experiment smoke TASKS=0
expect_exit 2 "a CPU model QEMU rejects exits 2" plan/run-experiment smoke CPU=nosuchcpu
expect_exit 2 "a bad JOBS exits 2" plan/run-experiment smoke JOBS=0
expect_exit 2 "RESUME of a folder that is no run exits 2" plan/run-experiment RESUME="$tmp"
if ! grep -Eqw 'vmx|svm' /proc/cpuinfo; then
	expect_exit 2 "ACCEL=kvm on a host without vmx/svm exits 2" plan/run-experiment smoke ACCEL=kvm
else
	skip "ACCEL=kvm refused without vmx/svm: this host shows vmx/svm"
fi
check "the unknown variant is named in the error" sh -c 'plan/run-experiment smoke COMPARE=6.1:nope 2>&1 | grep -q "nope"'
weird="x'\$(touch pwned)\`touch pwned\`.exp"
cp bench/experiments/smoke.exp "$tmp/$weird"
expect_exit 2 "an experiment named with quotes, \$() and backticks is refused" plan/run-experiment "$tmp/$weird"
check "... and nothing in its name ran" [ ! -e pwned -a ! -e "$tmp/pwned" ]
expect_exit 2 "a kernel cache path with a space exits 2" env KABENCH_CACHE="$tmp/a b" plan/run-experiment smoke
check "make bench passes a bad setting on as a failure" sh -c '! make -s bench EXPERIMENT=smoke TASKS=0 >/dev/null 2>&1'
check "bad input made no results folder" [ "$(ls "$KABENCH_RESULTS" | wc -l)" -eq "$n" ]
