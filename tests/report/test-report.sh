# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# The summarizer, the comparison and make report, on committed fixtures
# whose per-boot rates are chosen by hand (see tests/report/fixture/).
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
. tests/report/helpers.sh
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }

fx=tests/report/fixture
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Per-boot rates: A fstatat_empty 100,110,120 (two samples of half a second
# per boot); B fstatat_empty 150,160,170; A fstat 100,110,120; B fstat
# 105,115,125.
build/analyze/summarize $fx/samples.csv >"$tmp/summary.csv"
row() { awk -F, -v v="$1" -v t="$2" '$1 == v && $6 == t { print $9, $10, $11, $12, $13, $14, $15 }' "$tmp/summary.csv"; }
check "summary of A fstatat_empty: 3 boots, 6 samples, median 110, mean 110, stddev 10, min 100, max 120" \
	[ "$(row A fstatat_empty)" = "3 6 110.0 110.0 10.0 100.0 120.0" ]
check "summary of B fstat: median 115, stddev 10" [ "$(row B fstat)" = "3 3 115.0 115.0 10.0 105.0 125.0" ]

analyze/make-pairs $fx/experiment.exp $fx/published.csv >"$tmp/pairs.csv"
build/analyze/compare "$tmp/summary.csv" "$tmp/pairs.csv" >"$tmp/compare.csv"
for f in summary pairs compare; do
	check "$f.csv's header is the one analyze/columns declares" [ "$(head -n 1 "$tmp/$f.csv")" = "$(analyze/columns $f)" ]
done
check "every compare.csv row has the header's number of fields" \
	awk -F, 'NR == 1 { n = NF; next } NF != n { bad = 1 } END { exit bad || NR < 2 }' "$tmp/compare.csv"
cmp_row() {
	for c in change_pct verdict published_pct sign_agrees; do
		echo "[$(pick "$tmp/compare.csv" $c group="$1" label="$2")]"
	done | tr '\n' ' '
}
check "%change 110 -> 160 is +45.45, p 0.0036: improved" \
	[ "$(cmp_row "A -> B" fstatat_empty)" = "[+45.45] [improved] [] [] " ]
check "%change 110 -> 115 is +4.55, p 0.57: can't tell" \
	[ "$(cmp_row "A -> B" fstat)" = "[+4.55] [can't tell] [] [] " ]
check "seed figure: published +49.86% beside the measured +45.45%, sign agrees" \
	[ "$(cmp_row "seed 001" "patched fstat vs stock fstat")" = "[+45.45] [improved] [49.86] [yes] " ]
check "seed figure with the opposite sign is marked as differing" \
	[ "$(cmp_row "seed 001" "real fstat vs patched fstat")" = "[-28.12] [regressed] [12.00] [no] " ]
check "a seed figure that can't tell gets no sign verdict" \
	[ "$(cmp_row "seed 001" "real fstat vs stock fstat")" = "[+4.55] [can't tell] [67.85] [] " ]

# One boot per kernel: no p-value, no interval, and a large change is "can't tell".
awk -F, 'NR == 1 || $12 == 1' $fx/samples.csv >"$tmp/one-boot.csv"
build/analyze/summarize "$tmp/one-boot.csv" >"$tmp/one.csv"
build/analyze/compare "$tmp/one.csv" "$tmp/pairs.csv" >"$tmp/one-cmp.csv"
check "one boot per kernel: +50% is can't tell, with no p-value" \
	[ "$(pick "$tmp/one-cmp.csv" verdict group="A -> B" label=fstatat_empty)/$(pick "$tmp/one-cmp.csv" p_value group="A -> B" label=fstatat_empty)" = "can't tell/" ]

mkdir "$tmp/run"
cp $fx/samples.csv $fx/experiment.exp "$tmp/run/"
check "make report writes summary, comparison, table, plots and report" \
	sh -c "make -s report RUN=$tmp/run >$tmp/table 2>/dev/null && for f in summary.csv compare.csv table.txt report.md ab-1.png ab-1.svg; do [ -s $tmp/run/\$f ] || exit 1; done"
check "the printed table has the geometric mean (+23.3%) of its 2 rows" grep -q 'geometric mean of ratios: +23.3% (2 rows)' "$tmp/table"
check "the printed table gives the verdicts in words" sh -c "grep -q ' improved .*fstatat_empty' $tmp/table && grep -q \" can't tell .*fstat  (could see\" $tmp/table"
check "an icount run's header says icount boots one vCPU" grep -q '^| guest CPUs seen | .*icount boots one vCPU' "$tmp/run/report.md"
check "ab-1.png is a PNG" sh -c "head -c 8 $tmp/run/ab-1.png | grep -q PNG"
check "report embeds the plot and names the accelerator" sh -c "grep -q '](ab-1.png)' $tmp/run/report.md && grep -q '| accelerator | icount' $tmp/run/report.md"

# Bad input: one line, exit 2, nothing written over.
cp "$tmp/run/summary.csv" "$tmp/summary.before"
: >"$tmp/run/samples.csv"
expect_exit 2 "make report on an empty samples.csv exits 2" make -s report RUN=$tmp/run
check "... and leaves the old summary as it was" cmp -s "$tmp/summary.before" "$tmp/run/summary.csv"
printf 'experiment,variant\nx,y,z\n' >"$tmp/run/samples.csv"
expect_exit 2 "make report on a malformed samples.csv exits 2" make -s report RUN=$tmp/run
check "... and leaves the old summary as it was" cmp -s "$tmp/summary.before" "$tmp/run/summary.csv"
err=$(plan/run-experiment REPORT="$tmp/run" 2>&1 >/dev/null)
check "the error is one line naming the file" sh -c '[ "$(echo "$1" | wc -l)" -eq 1 ] && echo "$1" | grep -q samples.csv' - "$err"
expect_exit 2 "make report on a missing run exits 2" make -s report RUN=$tmp/nope

# The committed reference run: make report on a copy of its CSV gives the
# same summary and comparison it was committed with.
ref=results/reference
if [ -f $ref/samples.csv ]; then
	mkdir "$tmp/ref"
	cp $ref/samples.csv $ref/experiment.exp "$tmp/ref/"
	cp -r $ref/boots "$tmp/ref/"
	make -s report RUN="$tmp/ref" >"$tmp/ref.screen" 2>/dev/null
	# The terminal: pair tables, one line a profiled pair, the seed table
	# last; table.txt keeps every per-function table (VERBOSE=1 prints it).
	screen_ok() {
		last=$(grep -v '^$' "$tmp/ref.screen" | tail -n 1)
		np=$(grep -c '^profile .* -> .*; top: ' "$tmp/ref.screen")
		nt=$(grep -c '  instructions/op (QEMU plugin' "$tmp/ref/table.txt")
		case $last in 00[12]" "*) ;; *) echo "# last line: $last"; return 1 ;; esac
		! grep -q 'difference  function' "$tmp/ref.screen" && [ "$np" -gt 0 ] && [ "$np" -eq "$nt" ] &&
			[ "$(wc -l <"$tmp/ref.screen")" -le 60 ]
	}
	check "make report prints at most 60 lines, one per profiled pair, ending on the seed table ($(wc -l <"$tmp/ref.screen") lines)" screen_ok
	mkdir "$tmp/refv" && cp -r $ref/samples.csv $ref/experiment.exp $ref/boots "$tmp/refv/"
	VERBOSE=1 make -s report RUN="$tmp/refv" >"$tmp/refv.screen" 2>/dev/null
	check "VERBOSE=1 prints all of table.txt" cmp -s "$tmp/refv.screen" "$tmp/refv/table.txt"
	# The figures, column by column: the committed files may be older
	# than a column the tools have since added (qemu_cpu, verdict...).
	same() {
		cols=$(head -n 1 "$1" | tr , '\n' | grep -vx -e beyond_noise -e sign_agrees | paste -sd' ')
		[ -n "$cols" ] || return 1
		for c in $cols; do
			[ "$(pick "$1" "$c")" = "$(pick "$2" "$c")" ] || { echo "# $c differs"; return 1; }
		done
	}
	check "make report on the reference run reproduces its summary.csv" same $ref/summary.csv "$tmp/ref/summary.csv"
	check "... and its compare.csv" same $ref/compare.csv "$tmp/ref/compare.csv"
	check "... and its report says there is no change where icount differs by 0.002%" \
		[ "$(pick "$tmp/ref/compare.csv" verdict group="6.12-no-fstat -> 6.12" label=fstat)" = "no change" ]
	check "... and has no provenance rows, for it has no provenance file" sh -c "[ -s $tmp/ref/report.md ] && ! grep -q '^| QEMU |' $tmp/ref/report.md"
	# Each pair's profile section says which pair it is: a seed figure's
	# names its label and kernels, not only the testcases.
	headings() {
		grep '^#' "$1" >"$tmp/headings"
		dup=$(sort "$tmp/headings" | uniq -d)
		[ -z "$dup" ] || { echo "$dup" | sed 's/^/# twice: /'; return 1; }
		[ "$(grep -c '^### ' "$tmp/headings")" -eq 15 ]
	}
	check "... and no two of its headings (15 profiles) are the same" headings "$tmp/ref/report.md"
	# The same run as a user's own experiment (no "reproduces" line): its
	# screen, table and report say nothing of the seeds or the published
	# figures.
	mkdir "$tmp/own" && cp -r $ref/samples.csv $ref/boots "$tmp/own/" &&
		grep -v '^reproduces ' $ref/experiment.exp >"$tmp/own/experiment.exp"
	make -s report RUN="$tmp/own" >"$tmp/own.screen" 2>&1
	check "... the same run without a reproduces line: nothing about seeds or published figures on screen, in table.txt or report.md" \
		sh -c '[ -s "$1/report.md" ] && [ -s "$2" ] && ! grep -il -e "seed [0-9]" -e "seed table" -e "seed figure" -e published -e "Sapphire" "$2" "$1/table.txt" "$1/report.md"' - "$tmp/own" "$tmp/own.screen"
	# README.md's figures come from the reference: every line of its
	# reference block is a line of the reference's table.txt.
	readme_block() { awk '/^The committed reference run/ { on = 1 } on && /^```$/ { if (++n == 2) exit; next } on && n == 1 && NF' README.md; }
	readme_block >"$tmp/readme-block"
	check "README.md's reference table ($(wc -l <"$tmp/readme-block") lines) is results/reference/table.txt's, line for line" \
		sh -c '[ "$(wc -l <"$1")" -ge 8 ] && ! grep -vxF -f "$2" "$1"' - "$tmp/readme-block" $ref/table.txt
else
	fail "results/reference/samples.csv is missing"
fi

# An incomplete run with one kernel of its pair gets the per-cell table,
# its columns read by name: kernel, testcase, tasks, boots, mean, stddev.
mkdir "$tmp/half"
cp $fx/experiment.exp "$tmp/half/"
awk -F, 'NR == 1 || $2 == "A"' $fx/samples.csv >"$tmp/half/samples.csv"
: >"$tmp/half/incomplete"
plan/run-experiment REPORT="$tmp/half" >/dev/null 2>&1
build/analyze/summarize "$tmp/half/samples.csv" | awk -F, 'NR == 2 { printf "%s %s %s %s %.0f\n", $2, $6, $8, $9, $12 }' >"$tmp/half.want"
check "an incomplete run's per-cell table names each cell's kernel, testcase, tasks, boots and ops/s" \
	sh -c 'read -r k t n b m <"$1" && grep -Eq "^$k +$t +$n +$b +$m " "$2"' - "$tmp/half.want" "$tmp/half/table.txt"
