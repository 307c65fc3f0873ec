#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The readers of what kabench did not write itself, under gcc's
# AddressSanitizer and UndefinedBehaviorSanitizer: every fuzz target
# (tests/fuzz/) replays its seed corpus and every input that ever crashed
# or stalled it (tests/fuzz/regress/), each within FUZZ_REPLAY_LIMIT
# seconds (default 5); the sanitizer builds of parse-console, summarize,
# console-times and profile-attrib run over the golden console logs, the
# reference run and a profile made from the seeds, giving the plain
# builds' files; a 2 MB console line parses within 3 s.
# kernel-free: it builds and runs the C readers only.
# limit: 900
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp"	# (the parse-console target's scratch folder)
limit=${FUZZ_REPLAY_LIMIT:-5}
targets=$(sed -n '/^FUZZ_TARGETS :=/,/[^\\]$/p' tests/fuzz/rules.mk | sed 's/^FUZZ_TARGETS :=//; s/\\//' | tr -s ' \t\n' ' ')
ntargets=$(echo $targets | wc -w)
echo "plan $((ntargets + 8))"
export ASAN_OPTIONS=abort_on_error=0:exitcode=86
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86

if ! nice make -s -j2 fuzz-replay build/guest/parse-console build/analyze/summarize \
	build/plugin/profile-attrib build/guest/console-times >"$tmp/make.log" 2>&1; then
	fail "build the $ntargets fuzz targets and the readers with gcc ASan+UBSan: $(tail -n 3 "$tmp/make.log" | tr '\n' ' ')"
	exit 1
fi

# sanitized OUT CMD...: CMD's stderr into OUT.err, its exit in $code; 0
# unless a sanitizer reported something or CMD ran past the limit (then
# the report's first lines in OUT.why).
# The targets free all they take for each input: a leak is a finding. The
# programs end with their memory still held, as programs do: not one.
sanitized() {
	out=$1; shift
	case $1 in build/tests-fuzz/asan/*) leaks=0 ;; *) leaks=1 ;; esac
	ASAN_OPTIONS=detect_leaks=$leaks:$ASAN_OPTIONS timeout "$limit" "$@" 2>"$out.err"
	code=$?
	if [ $code -eq 124 ]; then
		echo "ran past ${limit} s" >"$out.why"
		return 1
	fi
	if [ $code -eq 86 ] || grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$out.err"; then
		grep -m 2 -E 'ERROR: |runtime error:|SUMMARY' "$out.err" | tr '\n' ' ' >"$out.why"
		return 1
	fi
	return 0
}

# Each target over its seeds and regressions, one input at a time.
for t in $targets; do
	n=0 bad=
	for f in tests/fuzz/corpus/"$t"/* tests/fuzz/regress/"$t"/*; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		sanitized "$tmp/r" "build/tests-fuzz/replay-$t" "$f" >/dev/null ||
			bad="$bad $f: $(cat "$tmp/r.why");"
	done
	nreg=$(find tests/fuzz/regress/"$t" -type f 2>/dev/null | wc -l)
	check "$t: $n inputs ($nreg regressions) replay clean under ASan+UBSan, each within ${limit} s${bad:+:$bad}" \
		[ -z "$bad" -a "$n" -gt 0 ]
done

# parse-console under the sanitizers over the golden logs: the same
# files as the plain build (tests/guest/test-parse.sh checks those).
bad= n=0
for log in tests/guest/logs/*.log; do
	name=$(basename "$log" .log)
	opts=
	[ -f "tests/guest/logs/$name.opts" ] && opts=$(cat "tests/guest/logs/$name.opts")
	mkdir "$tmp/a-$name" "$tmp/p-$name"
	n=$((n + 1))
	sanitized "$tmp/a-$name" build/tests-fuzz/asan/parse-console $opts "$log" "$tmp/a-$name" ||
		{ bad="$bad $name: $(cat "$tmp/a-$name.why")"; continue; }
	build/guest/parse-console $opts "$log" "$tmp/p-$name" 2>/dev/null
	diff -r "$tmp/a-$name" "$tmp/p-$name" >/dev/null || bad="$bad $name: files differ;"
done
check "parse-console (ASan+UBSan) over the $n golden logs: clean, the plain build's files${bad:+:$bad}" \
	[ -z "$bad" -a "$n" -gt 0 ]

# ... and over the reference run's consoles: each boot's bench.csv again.
bad= n=0
for b in results/reference/boots/*/; do
	[ -f "$b/console.log" ] || continue
	name=$(basename "$b")
	mkdir "$tmp/ref-$name"
	n=$((n + 1))
	sanitized "$tmp/ref-$name" build/tests-fuzz/asan/parse-console "$b/console.log" "$tmp/ref-$name" ||
		{ bad="$bad $name: $(cat "$tmp/ref-$name.why")"; continue; }
	cmp -s "$b/bench.csv" "$tmp/ref-$name/bench.csv" || bad="$bad $name: bench.csv differs;"
	[ "$(head -n 1 "$b/verdict")" = "$(head -n 1 "$tmp/ref-$name/verdict")" ] ||
		bad="$bad $name: verdict differs;"
done
check "parse-console (ASan+UBSan) over the $n reference consoles: clean, their bench.csv and verdicts${bad:+:$bad}" \
	[ -z "$bad" -a "$n" -gt 0 ]

# summarize over the reference run's samples: the plain build's summary.
sanitized "$tmp/sum" build/tests-fuzz/asan/summarize results/reference/samples.csv >"$tmp/sum.csv"
rc=$?
why=$(cat "$tmp/sum.why" 2>/dev/null)
build/analyze/summarize results/reference/samples.csv >"$tmp/plain.csv" 2>/dev/null
check "summarize (ASan+UBSan) over the reference samples.csv: clean, the plain build's summary${why:+: $why}" \
	sh -c '[ "$1" -eq 0 ] && [ -s "$2" ] && cmp -s "$2" "$3"' - "$rc" "$tmp/sum.csv" "$tmp/plain.csv"

# console-times over a reference console (it follows the file until TERM).
console_times() {
	$1 results/reference/boots/6.1-1/console.log "$2" 2>"$2.err" &
	pid=$!
	sleep 1
	kill -TERM "$pid"
	wait "$pid"
}
console_times build/tests-fuzz/asan/console-times "$tmp/ct-asan"
rc=$?
console_times build/guest/console-times "$tmp/ct-plain"
check "console-times (ASan+UBSan) over a reference console: exit $rc, no report, the plain build's events" \
	sh -c '[ "$1" -eq 0 ] && ! grep -qE "Sanitizer|runtime error" "$2.err" && grep -q " done$" "$2" &&
		[ "$(cut -d" " -f2- "$2")" = "$(cut -d" " -f2- "$3")" ]' - "$rc" "$tmp/ct-asan" "$tmp/ct-plain"

# profile-attrib over a profile made of the seeds (the exact-count test's
# init, a trimmed System.map, a raw file of one window): the plain build's rows.
printf 'kind,testcase,mode,tasks,sample,x,ops,rest\nsample,t,processes,1,1,x,10,0\n' >"$tmp/bench.csv"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" tests/fuzz/corpus/profile-check/testinit-window.raw
sanitized "$tmp/pa" build/tests-fuzz/asan/profile-attrib "$@" >"$tmp/pa.csv"
rc=$?
why=$(cat "$tmp/pa.why" "$tmp/pa.err" 2>/dev/null | head -c 300)
build/plugin/profile-attrib "$@" >"$tmp/pa-plain.csv" 2>/dev/null
check "profile-attrib (ASan+UBSan) over the seeds' profile: clean, the plain build's rows${why:+: $why}" \
	sh -c '[ "$1" -eq 0 ] && grep -q ",symbol,user,_start," "$2" && cmp -s "$2" "$3"' - "$rc" "$tmp/pa.csv" "$tmp/pa-plain.csv"

# ... and a damaged raw file there: one line, exit 1, no rows.
sed 's/^C 1 10$/C 4294967296 10/' tests/fuzz/corpus/profile-check/testinit-window.raw >"$tmp/bad.raw"
set -- --map tests/fuzz/corpus/system-map/trimmed.map --elf tests/fuzz/corpus/worker-elf/testinit \
	--bench "$tmp/bench.csv" "$tmp/bad.raw"
sanitized "$tmp/pb" build/tests-fuzz/asan/profile-attrib "$@" >"$tmp/pb.csv"
rc=$?
[ $rc -eq 0 ] && rc=$code
check "profile-attrib (ASan+UBSan) refuses a bucket id past 32 bits: one line, exit 1, no rows ($(head -c 200 "$tmp/pb.err"))" \
	sh -c '[ "$1" -eq 1 ] && [ ! -s "$2" ] && [ "$(wc -l <"$3")" -eq 1 ] && grep -q "line 4: bucket id 4294967296 is more than" "$3"' \
	- "$rc" "$tmp/pb.csv" "$tmp/pb.err"

# A guest that prints one 2 MB marker line, then a line ending in a check:
# the plain parse-console, linear, takes well under 3 s (quadratic: hours).
awk 'BEGIN { s = "x"; while (length(s) < 2097152) s = s s; print "@@kabench fact cpu_model=" s; print "y *deadbeef" }' \
	>"$tmp/long.log"
mkdir "$tmp/long"
start=$(date +%s.%N)
timeout 3 build/guest/parse-console "$tmp/long.log" "$tmp/long" >/dev/null 2>&1
rc=$?
took=$(echo "$(date +%s.%N) - $start" | bc)
check "a 2 MB console line parses in $took s (< 3), its verdict says it was cut at CONSOLE_LINE_MAX" \
	sh -c '[ "$1" -eq 1 ] && grep -q "longer than 65536 bytes (CONSOLE_LINE_MAX): cut there" "$2"' - "$rc" "$tmp/long/verdict"

# The time bound bites: a replay that runs past FUZZ_REPLAY_LIMIT fails.
limit=1
sanitized "$tmp/slow" sleep 3
check "a replay that runs past its time bound fails the check" [ "$(cat "$tmp/slow.why" 2>/dev/null)" = "ran past 1 s" ]
