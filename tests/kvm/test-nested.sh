#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kvm path booted for real on any machine: make check-kvm NESTED=1
# boots an L1 guest under tcg that has KVM (guest/nested-kvm) and runs
# every kvm check inside it, in that one boot: ACCEL=auto picks kvm, a
# smoke run with ACCEL=kvm CPU=host SMP=2 TASKS=1-2 ends ok, its facts,
# masking, a refused leak, vCPU pinning read from L1's /proc, a deadline
# and a Ctrl-C of an L2. Each "check-kvm: ok:" line here is one check.
# Then, on this host: the run folder L1 wrote is reported by make report,
# its figures labelled kvm-nested; and guest/nested-kvm itself stops L1 at
# its deadline and on Ctrl-C, leaving no QEMU.
# limit: 2400
# foreground: L1 runs under tcg and needs both cores: beside a kbuild its L2 boots crawl toward their deadlines
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

KABENCH_RESULTS=$tmp make -s check-kvm NESTED=1 >"$tmp/check.log" 2>&1
rc=$?
# (After an L1 that froze and was booted again, only the second L1's lines.)
awk '/booting it once more/ { n = NR } { l[NR] = $0 } END { for (i = n + 1; i <= NR; i++) print l[i] }' \
	"$tmp/check.log" >"$tmp/last.log"
grep 'booting it once more' "$tmp/check.log" | sed 's/^/# /'
sed -n 's/^check-kvm: ok: /ok nested kvm: /p; s/^check-kvm: FAILED: /not ok nested kvm: /p' "$tmp/last.log"
out=$(sed -n 's/^check-kvm: .*results: \(.*\))$/\1/p' "$tmp/last.log" | tail -n 1)
if ! grep -q '^check-kvm: [0-9]* passed, 0 failed' "$tmp/last.log" || [ $rc -ne 0 ]; then
	fail "nested kvm: make check-kvm NESTED=1 exit $rc: $(grep -v '^check-kvm: \(ok\|FAILED\)' "$tmp/last.log" | tail -n 1)"
	l1=$(ls -d "$tmp"/*-check-kvm/l1 "$tmp"/*-check-kvm/try2/l1 2>/dev/null | tail -n 1)
	[ -z "$l1" ] || tail -n 8 "$l1/l1-console.log" | sed 's/^/# L1: /'
fi

run=$(ls -d "$out"/*/samples.csv 2>/dev/null | head -n 1)
run=${run%/samples.csv}
if [ -n "$run" ] && make -s report "RUN=$run" >"$tmp/report.log" 2>&1; then
	acc=$(sed -n 's/^| accelerator | \([^|]*\) |$/\1/p' "$run/report.md" | head -n 1)
	check "nested kvm: make report on the run L1 wrote labels it kvm-nested ($acc)" \
		grep -q '^| accelerator | kvm-nested' "$run/report.md"
	# will-it-scale's two-point curves of the kvm issue, drawn on the host
	check "nested kvm: the report's scaling.csv has tasks 1 and 2, both modes, all kvm-nested, charts drawn" \
		sh -c '[ -s "$1/scaling-6.1-fstat.png" ] && [ -s "$1/ab-scaling-1-fstat.png" ] &&
			awk -F, "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; next }
				{ n++; t[\$c[\"tasks\"]]; if (\$c[\"accel\"] != \"kvm-nested\" || !(\$c[\"threads\"] > 0) || !(\$c[\"processes\"] > 0)) bad = 1 }
				END { exit bad || n != 8 || !((1 in t) && (2 in t)) }" "$1/scaling.csv"' - "$run"
else
	fail "nested kvm: make report RUN=${run:-(no run folder under $out)}: $(tail -n 1 "$tmp/report.log" 2>/dev/null)"
fi

# L1 at its deadline (30 s: past its init, which prints): killed, exit 124,
# its console kept.
guest/nested-kvm --work "$tmp/dl" --deadline 30 -- sleep 600 >/dev/null 2>"$tmp/dl.err"
rc=$?
left=$(pgrep -f "$tmp/dl/" | wc -l)
dl_ok() { [ $rc -eq 124 ] && grep -q "nested-init: running" "$tmp/dl/l1-console.log" && [ "$left" -eq 0 ]; }
check "nested-kvm kills L1 at its 30 s deadline (exit $rc, $left QEMU left, console kept)" dl_ok

# Ctrl-C (SIGINT to the process group) while an L2 boots inside L1. An
# L1 that froze first (exit 125: QEMU 7.2's TCG, docs/accelerators.md)
# judged nothing: it is booted once more.
img=$(kernel-patches/build 6.1 2>/dev/null)
int_try() {
	rm -rf "$tmp/int"
	setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' guest/nested-kvm --work "$tmp/int" -- \
		guest/run-guest --kernel "$img" --out /tmp/l2 --accel kvm --cpu host --tests fstat \
		--samples 100 --interval 1 --deadline 300 >/dev/null 2>"$tmp/int.err" &
	g=$!
	i=0
	until grep -q 'run-guest: accel=kvm' "$tmp/int/run.out" 2>/dev/null || [ $i -ge 1200 ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 3
	env kill -INT -- "-$g" 2>/dev/null
	wait $g
	rc=$?
	sleep 0.5
}
int_try
if [ $rc -eq 125 ]; then
	echo "# the Ctrl-C test's L1 froze (exit 125): booting it once more"
	int_try
fi
left=$(pgrep -f "$tmp/int/" | wc -l)
int_ok() { [ $rc -eq 130 ] && [ "$left" -eq 0 ] && grep -q 'stopped by SIGINT' "$tmp/int.err"; }
check "Ctrl-C during an L2 boot stops L1 and every L2 (exit $rc, $left QEMU left)" int_ok
