# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# No string reaches gnuplot or a shell as code: a run folder, experiment,
# kernels, testcase and CPU named with quotes, $() and backticks are drawn
# and reported as text, and none of the commands in them runs.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every would-be command creates a file $KB_MARK.N (the shell that
# gnuplot's system() or a command substitution starts expands it).
KB_MARK=$tmp/marks/mark
export KB_MARK
mkdir "$tmp/marks"

run="$tmp/run x'.system('>\$KB_MARK.1').'\$(>\$KB_MARK.2)\`>\$KB_MARK.3\`"
exp="e'.system('>\$KB_MARK.4').'\$(>\$KB_MARK.5)"
base="a'.system('>\$KB_MARK.6').'"
new="b\$(>\$KB_MARK.7)\`>\$KB_MARK.8\`\""
cpu="C'.system('>\$KB_MARK.9').' \"\`>\$KB_MARK.10\`"
qcpu="q\$(>\$KB_MARK.11) '.system('>\$KB_MARK.12').'"
test="t\`>\$KB_MARK.13\`\$(>\$KB_MARK.14)"
mkdir "$run"
printf 'compare %s %s %s\nprofile minimal\naccel tcg\ncpu max\nmask none\nsmp 1\ntasks 1,2\ninterval 1\nwarmup 0\nsamples 1\nrepeats 2\nshift 0\n' \
	"$base" "$new" "$test" >"$run/experiment.exp"
{
	echo "experiment,variant,kernel,profile,accel,cpu_model,qemu_cpu,flags_checked,testcase,mode,tasks,boot,sample,elapsed_s,ops,ops_per_s"
	for t in 1 2; do
		for b in 1 2; do
			echo "$exp,$base,k\$(>\$KB_MARK.15),minimal,tcg,$cpu,$qcpu,none,$test,processes,$t,$b,1,1.0,$((100 * t + b)),$((100 * t + b))"
			echo "$exp,$new,k2,minimal,tcg,$cpu,$qcpu,none,$test,processes,$t,$b,1,1.0,$((150 * t + b)),$((150 * t + b))"
		done
	done
} >"$run/samples.csv"
printf '%s\n' "$new $test tasks 4" >"$run/incomplete"

plan/run-experiment REPORT="$run" >"$tmp/table" 2>"$tmp/err"
rc=$?
check "make report on a run named with quotes, \$() and backticks succeeds" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 5 "$tmp/err"
check "none of the commands in the names ran (no marker file)" [ -z "$(ls -A "$tmp/marks")" ]
[ -z "$(ls -A "$tmp/marks")" ] || echo "# ran: $(ls "$tmp/marks" | paste -sd' ')"
check "the A/B and A/B scaling charts were drawn" sh -c '[ -s "$1/ab-1.png" ] && [ -s "$1/ab-1.svg" ] && ls "$1"/ab-scaling-1-t*.png >/dev/null' - "$run"
# (The title wraps at blanks: its text lines joined by one.)
sed -n 's/.*<text>\(.*\)<\/text>.*/\1/p' "$run/ab-1.svg" | paste -sd' ' >"$tmp/svg-text"
check "the chart's title holds the run's name, kernels and CPU as text" \
	sh -c 'grep -qF "$2: $3 -> $4, processes, tasks=1" "$1" && grep -qF "tcg, $5, -cpu $6" "$1"' - \
	"$tmp/svg-text" "$(basename "$run")" "$base" "$new" "$cpu" "$qcpu"
check "the key names both kernels as text" sh -c 'grep -qF "<text>$2</text>" "$1" && grep -qF "<text>$3</text>" "$1"' - "$run/ab-1.svg" "$base" "$new"
check "the report names the run, kernels and CPU as they are" \
	sh -c 'grep -qF "# kabench run \`$(basename "$2")\`" "$1" && grep -qF -- "- $3: \`k\$(>\$KB_MARK.15)\`" "$1" && grep -qF "$4" "$1"' - "$run/report.md" "$run" "$base" "$cpu"
check "the table names the testcase as it is" grep -qF "$test" "$tmp/table"
