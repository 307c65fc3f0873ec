#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The run's plan (plan/experiment.sh's exp_plan): one cell per kernel and
# boot, boot k seeded with seed+k-1 on every kernel, SEED and REPEATS from
# the experiment or the command line, the profile on in each kernel's
# first boot only. No boot: it only reads files.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
make -s build/bench/kabench >/dev/null 2>&1 || { fail "make build/bench/kabench"; exit 1; }

printf 'compare A B fstat getppid\nrepeats 3\nseed 7\n' >"$tmp/p.exp"
# plan [KEY=VALUE...]: cell, variant, boot, seed, profile of every line
plan() {
	sh -c '. plan/experiment.sh; exp_open "$@" && exp_plan icount on' - "$tmp/p.exp" "$@" 2>"$tmp/err" |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			{ printf "%s:%s:%s:%s:%s ", $c["cell"], $c["variant"], $c["boot"], $c["seed"], $c["profile"] }'
}
check "seed 7, repeats 3: boots 1-3 of A and B seeded 7, 8, 9, interleaved, the profile in boot 1" \
	[ "$(plan)" = "A-1:A:1:7:on B-1:B:1:7:on A-2:A:2:8:off B-2:B:2:8:off A-3:A:3:9:off B-3:B:3:9:off " ]
check "SEED=40 REPEATS=2 on the command line: boots seeded 40 and 41, two a kernel" \
	[ "$(plan SEED=40 REPEATS=2)" = "A-1:A:1:40:on B-1:B:1:40:on A-2:A:2:41:off B-2:B:2:41:off " ]
check "REPEATS=1: one boot a kernel, seeded 7" [ "$(plan REPEATS=1)" = "A-1:A:1:7:on B-1:B:1:7:on " ]
printf 'compare A B fstat\n' >"$tmp/p.exp"
check "without a seed line boot k is seeded k (seed 1), repeats auto: 3 under icount" \
	[ "$(plan)" = "A-1:A:1:1:on B-1:B:1:1:on A-2:A:2:2:off B-2:B:2:2:off A-3:A:3:3:off B-3:B:3:3:off " ]
