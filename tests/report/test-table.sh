# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Several task counts give one table per pair; published figures go only
# beside their seed's own kernels; the report header says what the run
# folder holds and nothing it does not.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A tcg run of 6.1 against 6.1-fstat, TASKS=1,2,4, 8 boots per kernel (the
# rank interval where time is real needs 4 or more a side), one sample of
# 1 s per boot; boot b's rate is RATE * tasks * (1 + (b - 4.5) / 2000), so
# each cell's mean is exactly RATE * tasks: fstatat_empty 1000 -> 2000,
# fstat 3000 -> 3000. Geometric mean over the 6 rows: sqrt(2) = +41.4%.
mkdir "$tmp/run"
cat >"$tmp/run/experiment.exp" <<'EOT'
compare 6.1 6.1-fstat fstat fstatat_empty cpu=max mask=fsrm
reproduces 001
profile minimal
accel tcg
cpu max
mask erms,fsrm
smp 4
tasks 1,2,4
interval 1
warmup 0
samples 1
repeats 8
shift 0
min_effect 1
EOT
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s"
	# tasks 4 first: the table sorts the rows by task count
	for t in 4 1 2; do
		for b in 1 2 3 4 5 6 7 8; do
			f=$(awk -v b=$b 'BEGIN { print 1 + (b - 4.5) / 2000 }')
			for row in "6.1 fstatat_empty 1000" "6.1 fstat 3000" "6.1-fstat fstatat_empty 2000" "6.1-fstat fstat 3000"; do
				set -- $row
				ops=$(awk -v r=$3 -v t=$t -v f=$f 'BEGIN { printf "%.1f", r * t * f }')
				echo "tbl,$1,6.1.192-kabench-$1-minimal,minimal,tcg,Test CPU,max -fsrm,no-fsrm,$2,processes,$t,$b,1,1.0,$ops,$ops"
			done
		done
	done
} >"$tmp/run/samples.csv"

plan/run-experiment REPORT="$tmp/run" >"$tmp/table" 2>"$tmp/err"
check "make report on a TASKS=1,2,4 run succeeds" [ -s "$tmp/run/report.md" ]
[ -s "$tmp/run/report.md" ] || cat "$tmp/err"
check "one table header for the pair, not one per task count" \
	[ "$(grep -c '^6\.1 -> 6\.1-fstat \[' "$tmp/table")" -eq 1 ]
check "... whose header names the QEMU CPU spec of the boots" grep -q '^6\.1 -> 6\.1-fstat \[processes; tcg, Test CPU; -cpu max -fsrm\]$' "$tmp/table"
rows=$(awk '/^6\.1 -> 6\.1-fstat \[/ { on = 1; next } on && /geometric mean/ { exit } on && NR > 0 { print }' "$tmp/table" | sed 1d)
check "... with a row per testcase and task count (6)" [ "$(echo "$rows" | wc -l)" -eq 6 ]
check "... testcase by testcase, by task count" \
	[ "$(echo "$rows" | awk '{ print $NF, $(NF - 1) }' | paste -sd' ')" = "fstat 1 fstat 2 fstat 4 fstatat_empty 1 fstatat_empty 2 fstatat_empty 4" ]
check "... saying fstatat_empty improved and fstat did not change at every task count" \
	[ "$(echo "$rows" | grep -c ' improved  *[124]  fstatat_empty$')/$(echo "$rows" | grep -c ' no change  *[124]  fstat$')" = 3/3 ]
check "one geometric mean over the 6 rows: +41.4%" grep -q 'geometric mean of ratios: +41.4% (6 rows)' "$tmp/table"
check "the table states the rule as compare does, from verdict.h's constants" \
	sh -c 'rule=$(build/analyze/compare --rule) && case $rule in *"under 1%"*"\"no change\""*"\"can'"'"'t tell\""*) grep -qxF "verdict: $rule" "$1" ;; *) false ;; esac' - "$tmp/table"
check "an A/B scaling chart per testcase" sh -c "[ -s $tmp/run/ab-scaling-1-fstat.png ] && [ -s $tmp/run/ab-scaling-1-fstatat_empty.svg ]"
check "will-it-scale's chart per kernel and testcase" \
	sh -c "[ -s $tmp/run/scaling-6.1-fstat.png ] && [ -s $tmp/run/scaling-6.1-fstat-fstatat_empty.svg ]"
# scaling.csv: runtest.py's six columns last (will-it-scale's own header,
# written out here), linear = tasks x the 1-task processes mean of
# summary.csv, threads empty (the fixture ran processes only).
check "scaling.csv ends in will-it-scale's columns" \
	sh -c 'head -n 1 "$1" | grep -q ",tasks,processes,processes_idle,threads,threads_idle,linear$"' - "$tmp/run/scaling.csv"
one=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["variant"] == "6.1" && $c["testcase"] == "fstat" && $c["tasks"] == 1 { print $c["mean"] }' "$tmp/run/summary.csv")
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["variant"] == "6.1" && $c["testcase"] == "fstat" { printf "%s:%s:%s:%s ", $c["tasks"], $c["linear"], $c["threads"], $c["processes_idle"] }' "$tmp/run/scaling.csv")
want=$(awk -v m="$one" 'BEGIN { for (t = 1; t <= 4; t *= 2) printf "%d:%.1f:: ", t, m * t }')
check "scaling.csv 6.1 fstat: linear is tasks x $one, no threads, no idle ($got)" sh -c '[ -n "$1" ] && [ "$2" = "$3" ]' - "$one" "$got" "$want"
check "one A/B chart for the pair" sh -c "[ -s $tmp/run/ab-1.png ] && [ ! -e $tmp/run/ab-2.png ]"

# The seed table (results/published.csv: 6.1:6.1-fstat is seed 001's own
# pair): the ratio measured/published beside "sign agrees".
seedrow() { grep "^001 .*$1.*  *$2 " "$tmp/table"; }
check "seed row: +100.0% measured beside +49.9% published is x2.01, sign agrees" \
	sh -c 'echo "$1" | grep -q "+49\.9% *+100\.0% *\[+[0-9.]*, +[0-9.]*\] *x2\.01 *improved *tcg *sign agrees$"' - "$(seedrow 'patched fstat vs stock fstat' 1)"
check "seed row at 4 tasks: real fstat +200% is x2.95 the published +67.8%" \
	sh -c 'echo "$1" | grep -q "+67\.8% *+200\.0% *\[+[0-9.]*, +[0-9.]*\] *x2\.95 "' - "$(seedrow 'real fstat vs stock fstat' 4)"

# Boots on two QEMU CPU specs never share a cell: the same kernels under
# -cpu max (ERMS visible) are their own cells and their own table.
awk -F, -v OFS=, 'NR > 1 && $12 == 1 { $7 = "max"; $15 = $15 * 2; $16 = $15; print }' "$tmp/run/samples.csv" >"$tmp/other.csv"
mkdir "$tmp/two"
cp "$tmp/run/experiment.exp" "$tmp/two/"
cat "$tmp/run/samples.csv" "$tmp/other.csv" >"$tmp/two/samples.csv"
plan/run-experiment REPORT="$tmp/two" >"$tmp/table2" 2>/dev/null
check "summary: a kernel's cells under -cpu max -fsrm keep their 8 boots" \
	[ "$(pick "$tmp/two/summary.csv" boots variant=6.1 testcase=fstat tasks=1 qemu_cpu="max -fsrm")" = 8 ]
check "... and the -cpu max boots make their own cell" \
	[ "$(pick "$tmp/two/summary.csv" mean variant=6.1 testcase=fstat tasks=1 qemu_cpu=max)" = 5989.6 ]
check "compare pairs cells of the same QEMU CPU spec only (12 rows, not 24)" \
	[ "$(pick "$tmp/two/compare.csv" qemu_cpu group="6.1 -> 6.1-fstat" | sort | uniq -c | awk '{ print $1 }' | paste -sd' ')" = "6 6" ]
check "... and prints a table for each" [ "$(grep -c '^6\.1 -> 6\.1-fstat \[' "$tmp/table2")" -eq 2 ]
check "... and draws each CPU spec's will-it-scale chart, the second one -2" \
	sh -c 'for f in scaling-6.1-fstat scaling-6.1-fstat-2; do [ -s "$1/$f.png" ] && grep -q "<svg" "$1/$f.svg" || exit 1; done' - "$tmp/two"

# make-pairs: a published figure only on its seed's own kernels.
cat >"$tmp/pairs.exp" <<'EOT'
compare 6.1 6.1-fstat fstatat_empty fstat cpu=max mask=fsrm
compare 6.12 6.1-fstat fstatat_empty fstat
compare 6.12-no-fstat 6.12 fstatat_empty
compare 6.12-no-movsq 6.12 read1 # a comment
compare 6.1 6.1-fstat fstatat_empty fstat
reproduces 001,002
profile minimal
EOT
analyze/make-pairs "$tmp/pairs.exp" results/published.csv >"$tmp/pairs.csv"
seeds() { pick "$tmp/pairs.csv" "$1" group="seed $2" | sort | paste -sd' '; }
check "seed 001's three figures go beside 6.1 -> 6.1-fstat, each once" \
	[ "$(pick "$tmp/pairs.csv" label group="seed 001" base_variant=6.1 | wc -l)/$(pick "$tmp/pairs.csv" label group="seed 001" new_variant=6.1-fstat | wc -l)" = 2/3 ]
check "... and on 6.12-no-fstat -> 6.12 only the figure whose testcases it runs" \
	[ "$(pick "$tmp/pairs.csv" label group="seed 001" base_variant=6.12-no-fstat)" = "patched fstat vs stock fstat" ]
check "no seed figure beside 6.12 -> 6.1-fstat, though it runs the same testcases" \
	[ "$(pick "$tmp/pairs.csv" label base_variant=6.12 new_variant=6.1-fstat | paste -sd' ' -)" = "fstatat_empty fstat" ]
check "seed 002 beside 6.12-no-movsq -> 6.12 only" [ "$(seeds base_variant 002)" = "6.12-no-movsq" ]
check "cpu= and mask= are options of the line, not testcases" \
	sh -c '[ "$(wc -l <"$1")" -gt 1 ] && ! grep -q -e "cpu=" -e "mask=" "$1"' - "$tmp/pairs.csv"
check "a compare line given twice gives its pairs once" \
	[ "$(grep -c '^6\.1 -> 6\.1-fstat,fstat,' "$tmp/pairs.csv")" -eq 1 ]
# Published figures only for an experiment that declares them: a user's
# own experiment on the seed's very kernels gets none; reproduces 002 one.
grep -v '^reproduces' "$tmp/pairs.exp" >"$tmp/mine.exp"
analyze/make-pairs "$tmp/mine.exp" results/published.csv >"$tmp/mine.csv"
check "an experiment that declares no reproduces gets no published figure, on the seeds' own kernels too" \
	sh -c '[ "$(wc -l <"$1")" -gt 3 ] && ! grep -q "^seed " "$1"' - "$tmp/mine.csv"
sed 's/^reproduces .*/reproduces 002/' "$tmp/pairs.exp" >"$tmp/r2.exp"
analyze/make-pairs "$tmp/r2.exp" results/published.csv >"$tmp/r2.csv"
check "reproduces 002: seed 002's figure and none of 001's" \
	sh -c 'grep -q "^seed 002," "$1" && ! grep -q "^seed 001," "$1"' - "$tmp/r2.csv"
sed 's/^reproduces .*/reproduces 1/' "$tmp/pairs.exp" >"$tmp/r1.exp"
e=$(sh -c '. plan/experiment.sh; exp_read "$1"' - "$tmp/r1.exp" 2>&1 >/dev/null)
check "a bad reproduces (1, not 001) is refused, naming its line ($e)" \
	sh -c 'case $1 in *":6: bad reproduces '"'"'1'"'"' (none, or seeds"*) ;; *) false ;; esac' - "$e"
echo "compare a,b c t" >"$tmp/comma.exp"
expect_exit 2 "make-pairs refuses a name with a comma" analyze/make-pairs "$tmp/comma.exp" results/published.csv
sed 's/,own_pairs,/,own,/' results/published.csv >"$tmp/old-published.csv"
expect_exit 2 "make-pairs refuses a published.csv without own_pairs" analyze/make-pairs "$tmp/pairs.exp" "$tmp/old-published.csv"

# The report header: nothing about provenance in a run without it, the
# icount claim only under icount, the boots' own QEMU -cpu.
r=$tmp/run/report.md
check "a tcg run's report makes no icount claim in its header" sh -c "[ -s $r ] && ! grep -q -e 'icount boots one vCPU' -e '^| plan |.*icount' $r"
check "the header lists the boots' QEMU -cpu (max -fsrm), not the experiment's mask" \
	sh -c "grep -q '^| QEMU -cpu of the boots | \`max -fsrm\` |$' $r && ! grep -q 'erms,fsrm' $r"
check "no provenance rows, no incomplete note, no profile section in a run without them" \
	sh -c "[ -s $r ] && ! grep -q -e '^| QEMU |' -e 'sha256' -e 'incomplete' -e '^## Profile' $r"

cat >"$tmp/run/provenance" <<'EOT'
accel=tcg
accel_requested=auto
host_cores=2
qemu=QEMU emulator version 7.2.99
host_kernel=6.1.0-99-amd64
host_cpu=Test Xeon
gcc=gcc (Debian 12.2.0-14) 12.2.0
binutils=GNU ld 2.40
glibc=2.36
kabench_commit=0123456789abcdef
kabench_dirty=yes
EOT
mkdir -p "$tmp/run/kernels/6.1"
echo "CONFIG_SMP=y" >"$tmp/run/kernels/6.1/config"
echo "feedbeef00" >"$tmp/run/kernels/6.1/sha256"
echo "key42" >"$tmp/run/kernels/6.1/cache_key"
echo "6.1.192-kabench-6.1-minimal" >"$tmp/run/kernels/6.1/kernelrelease"
printf '## Profile\n\nwhere the time goes: nowhere\n' >"$tmp/run/profile.md"
printf '6.1-fstat fstat tasks 4 boot 2\n6.1 fstat tasks 4 boot 2\n' >"$tmp/run/incomplete"
plan/run-experiment REPORT="$tmp/run" >/dev/null 2>&1
for row in "accelerator | tcg (resolved: tcg, requested: auto)" "host cores | 2" "QEMU | QEMU emulator version 7.2.99" "host kernel | 6.1.0-99-amd64" \
	"host CPU | Test Xeon" "gcc | gcc (Debian 12.2.0-14) 12.2.0" "binutils | GNU ld 2.40" "glibc (what fstat_libc calls) | 2.36" \
	"kabench commit | \`0123456789abcdef\` (tree had uncommitted changes)"; do
	check "provenance in the header: $row" grep -qF "| $row |" "$r"
done
check "the kernel list gives 6.1's bzImage sha256, cache key and .config" \
	grep -qF -- '- 6.1: `6.1.192-kabench-6.1-minimal`; bzImage sha256 `feedbeef00`; cache key `key42`; kernelrelease `6.1.192-kabench-6.1-minimal`; [.config](kernels/6.1/config)' "$r"
check "... and nothing for 6.1-fstat, which has no kernels/ folder" grep -qxF -- '- 6.1-fstat: `6.1.192-kabench-6.1-fstat-minimal`' "$r"
check "the profile section comes after the results, before the repeatability" \
	sh -c "awk '/^## Results/ { a = NR } /^where the time goes/ { b = NR } /^## Repeatability/ { c = NR } END { exit !(a && a < b && b < c) }' $r"
check "an incomplete run says so at the top, naming the missing cells" \
	sh -c "head -n 8 $r | grep -q 'This run is incomplete' && grep -qxF -- '- \`6.1-fstat fstat tasks 4 boot 2\`' $r"
