#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One lock per run folder (lib/run-lock.sh): while a make bench holds a
# run, make report, make bench RESUME and make compare on it exit 2 in
# one line naming the holder, and write nothing; while a make compare
# reads a run, another compare may read it too, make report may not.
# The holder here is lib/run-lock.sh itself, taken by a shell that then
# sleeps: the programs refused are the real ones.
# kernel-free: it reports copies of the committed reference run, boots nothing.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
echo "plan 6"
make -s build/analyze/summarize build/analyze/compare || { fail "build the report tools"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'kill $holder 2>/dev/null; rm -rf "$tmp"' EXIT
cp -r results/reference "$tmp/r" && cp -r results/reference "$tmp/b" && mkdir "$tmp/res" ||
	{ fail "copy results/reference"; exit 1; }
KABENCH_RESULTS=$tmp/res
export KABENCH_RESULTS
# hold RUN how WHAT: a holder of RUN's lock in the background ($holder).
hold() {
	rm -f "$1.held"
	sh -c '. lib/run-lock.sh; kb_$2_run "$1" 7 "$3"; echo >"$1.held"; exec sleep 60' - "$1" "$2" "$3" &
	holder=$!
	n=0
	while [ ! -e "$1.held" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
}
# refused WHAT CMD...: CMD exits 2 with one line naming the holder.
refused() {
	what=$1; shift
	"$@" >/dev/null 2>"$tmp/err"
	rc=$?
	check "$what: exit 2, one line naming the holder (exit $rc: $(head -n 1 "$tmp/err"))" \
		sh -c '[ $1 -eq 2 ] && [ $(wc -l <"$2") -eq 1 ] && grep -q "$3 is in use by $4" "$2"' - $rc "$tmp/err" "$tmp/r" "$holder_is"
}

( cd "$tmp/r" && find . -type f ! -name .lock | sort | xargs md5sum ) >"$tmp/before"
hold "$tmp/r" lock "make bench"
holder_is="make bench (pid $holder, since"
refused "make report on a run make bench holds" plan/run-experiment REPORT="$tmp/r"
refused "make bench RESUME on it" plan/run-experiment RESUME="$tmp/r"
refused "make compare with it" plan/run-experiment A="$tmp/b" B="$tmp/r"
( cd "$tmp/r" && find . -type f ! -name .lock | sort | xargs md5sum ) >"$tmp/after"
check "... none of them wrote in it or made a compare folder" \
	sh -c 'cmp -s "$1" "$2" && [ -z "$(ls "$3")" ]' - "$tmp/before" "$tmp/after" "$KABENCH_RESULTS"
kill $holder
wait $holder 2>/dev/null

hold "$tmp/r" share "make compare"
holder_is="a make compare reading it"
refused "make report on a run a compare reads" plan/run-experiment REPORT="$tmp/r"
plan/run-experiment A="$tmp/b" B="$tmp/r" >/dev/null 2>&1
check "a second compare reads it beside the first (exit $?)" [ -n "$(ls "$KABENCH_RESULTS")" ]
