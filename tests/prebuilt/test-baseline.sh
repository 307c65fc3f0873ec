# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Baselines: make bench BASELINE= compares each cell with the baseline
# run's cell of the same kernel, CPU spec and testcase without booting the
# baseline's kernels again, and gives the same %change, p-value and
# verdict as one run that boots both kernels, to the printed digits, under
# icount. The kernel "mine" is a finished kernel (6.1's kbuild folder in
# the baseline run, 6.1-fstat's in the next, as a tree rebuilt with a
# patch); the run's own compare line 6.1 -> mine is the one run with both
# kernels. Also: SAVE_BASELINE names, make compare A= B=, the refusals
# (naming the field), results.json and compare.json. Scratch variants and
# results; the kernel cache is only read.
# foreground: a baseline's cells must equal the booted run's.
. tests/lib.sh
. tests/prebuilt/json.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in 6.1 6.1-fstat; do
	kernel-patches/build "$v" >/dev/null 2>&1 || { fail "kernel $v builds or is cached"; exit 1; }
done
export KABENCH_VARIANTS_DIR=$tmp/v KABENCH_RESULTS=$tmp/results
mkdir -p "$tmp/v/mine"
cp -r kernel-patches/variants/6.1 kernel-patches/variants/6.1-fstat "$tmp/v/"
echo "kernel $(kernel-patches/build --where 6.1)/linux" >"$tmp/v/mine/base"
runs() { ls -d "$KABENCH_RESULTS"/*-smoke 2>/dev/null; }

make -s bench EXPERIMENT=smoke COMPARE=6.1:mine SAVE_BASELINE=last >"$tmp/out.a" 2>"$tmp/err.a"
rc=$?
a=$(runs | tail -n 1)
check "the baseline run (6.1 -> mine, mine = 6.1's build) succeeds, SAVE_BASELINE=last" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || tail -n 5 "$tmp/err.a"
check "SAVE_BASELINE=last points results/baselines/last at it" \
	[ "$(cd "$KABENCH_RESULTS/baselines/last" && pwd -P)" = "$(cd "$a" && pwd -P)" ]

# The user's tree now holds the patch: mine is 6.1-fstat's build.
echo "kernel $(kernel-patches/build --where 6.1-fstat)/linux" >"$tmp/v/mine/base"

# Refused before any boot, naming the field; no run folder is made.
refused() {
	what=$1; shift
	make -s bench EXPERIMENT=smoke COMPARE=6.1:mine "$@" >/dev/null 2>"$tmp/err.r"
	rc=$?
	echo "# $(grep '^kabench: ' "$tmp/err.r" | head -n 1)"
	check "BASELINE with $* is refused (exit 2) naming $what, before any boot" sh -c '
		[ "$1" -eq 2 ] && grep -q "$2" "$3" && [ "$(ls -d "$4"/*-smoke | wc -l)" -eq 1 ]' - "$rc" "$what" "$tmp/err.r" "$KABENCH_RESULTS"
}
refused "interval differs" BASELINE=last INTERVAL=0.3
refused "icount shift differs" BASELINE=last SHIFT=1
refused "CPU spec of 6.1 fstatat_empty differs" BASELINE=last MASK=fsrm
refused "accelerator differs" BASELINE=last ACCEL=tcg
refused "not a finished run folder nor a saved baseline" BASELINE=nosuch

make -s bench EXPERIMENT=smoke COMPARE=6.1:mine BASELINE=last >"$tmp/out.b" 2>"$tmp/err.b"
rc=$?
b=$(runs | tail -n 1)
check "make bench COMPARE=6.1:mine BASELINE=last succeeds" sh -c '[ "$1" -eq 0 ] && [ "$2" != "$3" ]' - "$rc" "$a" "$b"
[ "$rc" -eq 0 ] || tail -n 5 "$tmp/err.b"
check "the baseline comparison is in RUN/baseline, made without booting (only this run's 4 cells booted)" sh -c '
	[ -s "$1/baseline/compare.csv" ] && [ "$(ls "$1/boots" | wc -l)" -eq 4 ] &&
	grep -q "^baseline=" "$1/baseline/provenance" && grep -q "baseline run (no boot here)" "$1/baseline/report.md"' - "$b"
check "its table was printed" grep -q "mine@base -> mine" "$tmp/out.b"
row() { awk -F, -v g="$2" -v OFS=, '$1 == g && $2 == "fstatat_empty" { print $24, $25, $28, $12, $20 }' "$1"; }
one=$(row "$b/compare.csv" "6.1 -> mine")
via=$(row "$b/baseline/compare.csv" "mine@base -> mine")
echo "# one run, 6.1 -> mine (6.1-fstat's build): $one; via the baseline, mine@base -> mine: $via (change_pct, verdict, p, base mean, new mean)"
# The two means of 6.1 come from boots of one kernel and seed in two runs:
# QEMU 7.2's icount does not always replay (docs/determinism.md, "What these machines
# do not give"; a run here in 10 or so). When they differ, a second
# baseline run and run with it decide, as a third boot does in
# tests/lib.sh's replayed: the arithmetic must give equal figures there.
what="via BASELINE: the same %change, verdict, p-value and means as one run with both kernels"
if [ -n "$one" ] && [ "$one" = "$via" ] && echo "$one" | grep -q ",improved,"; then
	pass "$what"
elif [ -n "$one" ] && [ -n "$via" ]; then
	echo "# the two differ: a second baseline run and run with it decide"
	echo "kernel $(kernel-patches/build --where 6.1)/linux" >"$tmp/v/mine/base"
	make -s bench EXPERIMENT=smoke COMPARE=6.1:mine SAVE_BASELINE=last2 >/dev/null 2>&1
	echo "kernel $(kernel-patches/build --where 6.1-fstat)/linux" >"$tmp/v/mine/base"
	make -s bench EXPERIMENT=smoke COMPARE=6.1:mine BASELINE=last2 >/dev/null 2>&1
	b2=$(runs | tail -n 1)
	one2=$(row "$b2/compare.csv" "6.1 -> mine")
	via2=$(row "$b2/baseline/compare.csv" "mine@base -> mine")
	echo "# second pair: one run $one2; via the baseline $via2"
	if [ -n "$one2" ] && [ "$one2" = "$via2" ] && echo "$one2" | grep -q ",improved,"; then
		pass "$what (the second pair; in the first a boot did not replay)"
	else
		fail "$what (in two pairs of runs)"
	fi
else
	fail "$what (no figures: '$one', '$via')"
fi
trow() { grep " fstatat_empty$" "$1" | awk '{ $1 = ""; $4 = ""; print }' | head -n 1; }
check "the printed table rows agree digit for digit" sh -c '[ -n "$1" ] && [ "$1" = "$2" ]' - \
	"$(sed -n '/^6.1 -> mine /,/^$/p' "$b/table.txt" | trow /dev/stdin)" "$(sed -n '/^mine@base -> mine /,/^$/p' "$b/baseline/table.txt" | trow /dev/stdin)"
self=$(row "$b/baseline/compare.csv" "6.1@base -> 6.1" | cut -d, -f1,2)
check "6.1 against its own baseline cells: +0.00%, no change ($self)" [ "$self" = "+0.00,no change" ]
check_json "$b"
check_json "$b/baseline"

# make compare A= B=: the same figures from the two finished runs.
make -s compare A="$a" B="$b" >/dev/null 2>"$tmp/err.c"
c=$(ls -d "$KABENCH_RESULTS"/*-compare 2>/dev/null | tail -n 1)
check "make compare A= B= writes a *-compare run with the same pairs as BASELINE=" \
	sh -c '[ -n "$1" ] && cmp -s "$1/compare.csv" "$2/baseline/compare.csv"' - "$c" "$b"

# The other way round (B as the baseline of A): mine lost the short-cut,
# and FAIL_ON_REGRESSION's check names the cell.
make -s compare A="$b" B="$a" >/dev/null 2>&1
r=$(ls -d "$KABENCH_RESULTS"/*-compare 2>/dev/null | tail -n 1)
analyze/check-regression "$r/compare.csv" 5 >"$tmp/reg" 2>&1
rc=$?
echo "# $(head -n 1 "$tmp/reg")"
check "against a baseline that had the patch, mine regressed: check-regression exits 1 naming mine@base -> mine" \
	sh -c '[ "$1" -eq 1 ] && grep -q "mine@base -> mine" "$2" && ! grep -q "6.1@base -> 6.1" "$2"' - "$rc" "$tmp/reg"

# check-baseline on copies of the baseline's files: what else it refuses.
mkdir "$tmp/x"
cp "$a/experiment.exp" "$a/provenance" "$tmp/x/"
sed -i 's/^qemu=.*/qemu=QEMU emulator version 8.2.2/' "$tmp/x/provenance"
check "another QEMU version is refused, naming it" sh -c '! plan/check-baseline "$1" "$2" 2>"$2/err" && grep -q "QEMU version differs" "$2/err"' - "$a" "$tmp/x"
cp "$a/provenance" "$tmp/x/" && sed -i 's/^host_cpu=.*/host_cpu=Some Other CPU/' "$tmp/x/provenance"
check "under icount only the host CPU differing is said, not refused" \
	sh -c 'plan/check-baseline "$1" "$2" 2>"$2/err" && grep -q "under icount figures do not depend on the host" "$2/err"' - "$a" "$tmp/x"
sed -i 's/^accel .*/accel kvm/' "$tmp/x/experiment.exp"
mkdir "$tmp/y" && cp "$a/samples.csv" "$a/provenance" "$tmp/y/" && sed 's/^accel .*/accel kvm/' "$a/experiment.exp" >"$tmp/y/experiment.exp"
check "under kvm another host CPU model is refused, naming it" \
	sh -c '! plan/check-baseline "$1" "$2" 2>"$2/err" && grep -q "host CPU model (under kvm) differs" "$2/err"' - "$tmp/y" "$tmp/x"
