#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fault injection: a smoke run (5 s warm) is stopped by SIGINT, SIGTERM or
# SIGKILL to its process group in every stage (the kit, boots and their
# steps, samples, report: timed from its progress lines), and its results
# disk is filled in three of them. After each, the stopped run either
# ended whole or exited non-zero (SIGINT/SIGTERM and the full disk saying
# RESUME), and make bench RESUME then finishes it with the samples,
# summary, profile and report headings of an uninterrupted run (op counts
# within 0.1%, instructions per op within 1% in the profile's rows of at
# least one: a seeded icount boot replays, but not always to the last op,
# docs/determinism.md); report.md's headings after its first (the run's
# name). Filling the disk needs root, to mount a small tmpfs.
# foreground: it compares icount boots with an uninterrupted run's, which a starved SCHED_IDLE boot may not replay
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"' EXIT
# A program killed by SIGKILL cannot remove its mktemp files (make-report's
# staging, plot/draw's commands): they go here, and with it at the end.
mkdir "$tmp/tmpdir" && export TMPDIR="$tmp/tmpdir" || exit 2
for v in 6.1 6.1-fstat; do
	kernel-patches/build "$v" >/dev/null 2>"$tmp/build.err" || { fail "faults: kernel-patches/build $v: $(tail -n 1 "$tmp/build.err")"; exit 1; }
done

# run DIR: a smoke run with its results in DIR (its folder: DIR/*-smoke).
run() { KABENCH_RESULTS=$1 plan/run-experiment smoke >/dev/null 2>"$1.err"; }
# same RUN: RUN's files against the uninterrupted run's ($ref).
same() {
	why=
	awk -F, 'function near(a, b) { return a == b || (b != 0 && (a - b) / b < 1e-3 && (b - a) / b < 1e-3) }
		FNR == 1 { f++; next }
		{ k = $2 SUBSEP $9 SUBSEP $12 SUBSEP $13; if (f == 1) { r[k] = $0; n++; next } m++
		  if (!(k in r)) { bad = 1; next } split(r[k], a, ",")
		  for (i = 1; i <= NF; i++) if (a[i] != $i && !((i == 14 || i == 15 || i == 16 || i == 17) && near($i, a[i]))) bad = 1 }
		END { exit bad || !(n > 0 && m == n) }' "$ref/samples.csv" "$1/samples.csv" || { why=samples.csv; return 1; }
	# Rows under one instruction per op (a timer tick's functions, a
	# class seen twice) move by half when a replay's clock ends a sample
	# a tick elsewhere: only rows of at least one per op in either run count.
	row=$(awk -F, 'function near(a, b) { return a == b || (b != 0 && (a - b) / b < 1e-2 && (b - a) / b < 1e-2) }
		function differs(k) { bad = 1; split(k, p, SUBSEP); w = p[1] " " p[2] " " p[3] " " p[4] " " p[5] ": " (k in r ? r[k] : "none") " against " (k in t ? t[k] : "none") }
		FNR == 1 { f++; next }
		{ k = $1 SUBSEP $3 SUBSEP $9 SUBSEP $10 SUBSEP $11 }
		f == 1 { r[k] = $13; n++; next }
		{ t[k] = $13; m++ }
		END { for (k in r) if (r[k] >= 1 && !(k in t && near(t[k], r[k]))) differs(k)
		      for (k in t) if (t[k] >= 1 && !(k in r && near(t[k], r[k]))) differs(k)
		      print w; exit bad || !(n > 0 && m > 0) }' "$ref/profile-summary.csv" "$1/profile-summary.csv") ||
		{ why="profile-summary.csv${row:+ ($row per op)}"; return 1; }
	[ "$(cut -d, -f1-10 "$ref/summary.csv")" = "$(cut -d, -f1-10 "$1/summary.csv")" ] || { why=summary.csv; return 1; }
	[ "$(grep '^##' "$ref/report.md")" = "$(grep '^##' "$1/report.md" | grep -v '^## Boots that failed')" ] || { why="report.md's headings"; return 1; }
}

mkdir "$tmp/ref" "$tmp/disk"
run "$tmp/ref"
ref=$(ls -d "$tmp"/ref/*-smoke 2>/dev/null)
check "an uninterrupted smoke run ends whole" sh -c '[ -s "$1/samples.csv" ] && [ -s "$1/report.md" ]' - "$ref"
[ -n "$ref" ] || exit 1

# stop N SIG DELAY [fill]: a run stopped by SIG after DELAY s (or, with
# fill, its results disk filled then), then RESUME.
stop() {
	d=$tmp/try$1
	mkdir "$d"
	if [ -n "${4:-}" ]; then
		mount -t tmpfs -o size=64m tmpfs "$tmp/disk" || { fail "mount a tmpfs"; return; }
		d=$tmp/disk
	fi
	KABENCH_RESULTS=$d setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' plan/run-experiment smoke >/dev/null 2>"$tmp/err$1" &
	pid=$!
	# $3: "LINE+S", S seconds after the run prints LINE
	w=0
	while ! grep -q "${3%+*}" "$tmp/err$1" 2>/dev/null && [ $w -lt 600 ] && kill -0 $pid 2>/dev/null; do
		sleep 0.05
		w=$((w + 1))
	done
	sleep "${3#*+}"
	if [ -n "${4:-}" ]; then
		dd if=/dev/zero of="$d/fill" bs=1M 2>/dev/null
	else
		env kill -"$2" -- -"$pid" 2>/dev/null
	fi
	wait $pid 2>/dev/null
	rc=$?
	r=$(ls -d "$d"/*-smoke 2>/dev/null)
	how="SIG$2"
	[ -z "${4:-}" ] || how="disk full"
	what="try $1 ($how ${3#*+} s after '${3%+*}': exit $rc, $(tail -n 1 "$tmp/err$1" | cut -c1-110))"
	if [ $rc -eq 0 ]; then
		same "$r"
		check "$what: ended whole, as an uninterrupted run${why:+ (its $why differs)}" [ -z "$why" ]
	else
		case $2 in KILL) said=0 ;; *) said=1 ;; esac
		[ -z "${4:-}" ] || said=1
		check "$what: says RESUME or leaves no run" \
			sh -c '[ -z "$1" ] || [ $2 = 0 ] || grep -q "RESUME=$1" "$3"' - "$r" $said "$tmp/err$1"
		# (a SIGKILL cannot clean up; a SIGINT or SIGTERM must)
		[ "$2" = KILL ] || check "... and leaves nothing in TMPDIR ($(ls "$TMPDIR" | head -n 3 | paste -sd' ' -))" \
			[ -z "$(ls -A "$TMPDIR")" ]
		rm -rf "${TMPDIR:?}"/*
		rm -f "$d/fill"
		if [ -n "$r" ] && [ ! -f "$r/plan" ]; then
			# A SIGKILL before the plan: RESUME can only say so.
			KABENCH_RESULTS=$d plan/run-experiment RESUME="$r" >/dev/null 2>"$tmp/resume$1"
			rc=$?
			check "... RESUME says it stopped before its plan (exit $rc: $(tail -n 1 "$tmp/resume$1" | cut -c1-110))" \
				sh -c '[ $1 -eq 2 ] && grep -q "stopped before its plan was made" "$2"' - $rc "$tmp/resume$1"
		elif [ -n "$r" ]; then
			KABENCH_RESULTS=$d plan/run-experiment RESUME="$r" >/dev/null 2>"$tmp/resume$1"
			rc=$?
			s=1
			[ $rc -ne 0 ] || { same "$r"; s=$?; }
			check "... RESUME finishes it as an uninterrupted run (exit $rc${why:+, its $why differs}: $(tail -n 1 "$tmp/resume$1" | cut -c1-110))" [ $s -eq 0 ]
		fi
	fi
	[ -z "${4:-}" ] || umount "$tmp/disk"
}

# Each stop: a signal, then the progress line after which it comes and
# how long after: the kit, the first boots (boot, tests, parse,
# profile), later boots, and the samples and report.
n=0
for t in "INT:step 4/5+0" "KILL:step 4/5+0.05" "TERM:running 4 cells+0.1" "KILL:running 4 cells+0.8" \
	"INT:running 4 cells+1.5" "TERM:boot 2/4+0" "KILL:boot 3/4+0.3" "INT:samples and report+0" \
	"TERM:samples and report+0.1" "KILL:samples and report+0.2"; do
	n=$((n + 1))
	stop $n "${t%%:*}" "${t#*:}"
done
[ "$(id -u)" = 0 ] || { skip "faults: filling the results disk needs root (a tmpfs)"; exit 0; }
for t in "running 4 cells+0.5" "boot 2/4+0" "samples and report+0.1"; do
	n=$((n + 1))
	stop $n FULL "$t" fill
done
