#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The decisions of a native run, on fixtures (no measuring, no noise):
# kernel kind (native/kind), which seed figures the host shows
# (native/seeds), which cells settled (native/settle), the host
# facts (native/facts on a fake /proc and /sys).
# Fixtures: probe-shortcut.csv is a real native/probe output of this
# project's 6.18 host; probe-no-shortcut.csv a real one of a 6.1 icount
# guest (tests/native/test-kind-guests.sh); the others are made up.
cd "$(dirname "$0")/../.." || exit 2
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
fx=tests/native/fixtures
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

val() { awk -F, -v k="$1" '$1 == k { sub(/^[^,]*,/, ""); print; exit }' "$2"; }

# kind_is FIXTURE KIND AGREES
kind_is() {
	native/kind "$fx/probe-$1.csv" >"$tmp/kind.csv" 2>"$tmp/err"
	rc=$?
	k=$(val kind "$tmp/kind.csv") a=$(val agrees "$tmp/kind.csv")
	if [ $rc -eq 0 ] && [ "$k" = "$2" ] && [ "$a" = "$3" ] && [ -n "$(val evidence "$tmp/kind.csv")" ]; then
		pass "native-kind: $1 probe -> $2 (NULL probe agrees: $3)"
	else
		fail "native-kind: $1 probe -> '$k' agrees '$a' (exit $rc), wanted $2 / $3"
	fi
}
kind_is shortcut shortcut yes
kind_is no-shortcut no-shortcut -
kind_is unclear unclear -
kind_is flat unclear -
kind_is disagree no-shortcut no
check "native-kind: position is (empty - fstat) / (path - fstat)" \
	[ "$(native/kind "$fx/probe-unclear.csv" | awk -F, '$1 == "position" { print $2 }')" = 0.400 ]
# The thresholds: 0.3 still shortcut, 0.5 already no-shortcut.
edge() { printf 'key,value\nfstat_ns,100\nfstatat_empty_ns,%s\nfstatat_path_ns,200\n' "$1" >"$tmp/edge.csv"; native/kind "$tmp/edge.csv" | awk -F, '$1 == "kind" { print $2 }'; }
check "native-kind: position 0.30 -> shortcut, 0.31 -> unclear, 0.49 -> unclear, 0.50 -> no-shortcut" \
	[ "$(edge 130) $(edge 131) $(edge 149) $(edge 150)" = "shortcut unclear unclear no-shortcut" ]
for bad in missing negative; do
	native/kind "$fx/probe-$bad.csv" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "native-kind: $bad value exits 2 with one line naming it" \
		sh -c '[ '$rc' -eq 2 ] && [ ! -s "$1" ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -q fstatat_empty_ns "$2"' - "$tmp/out" "$tmp/err"
done
expect_exit 2 "native-kind: no such file exits 2" native/kind "$tmp/nope.csv"

# Which seed figures: by kind.
all=fstat,fstatat_empty,fstat_libc,fstatat_null,read1,pread1
shown() { # KIND [TESTS]: the figures shown, one a line
	printf 'key,value\nkind,%s\n' "$1" >"$tmp/k.csv"
	native/seeds "$tmp/k.csv" results/published.csv bench/experiments/seeds.exp "${2:-$all}" >"$tmp/seeds.csv" || return 1
	awk -F, 'NR > 1 && $6 == "yes" { print $1 " " $2 }' "$tmp/seeds.csv"
}
check "native-seeds: shortcut kernel shows only 'real fstat vs patched fstat'" \
	[ "$(shown shortcut)" = "001 real fstat vs patched fstat" ]
check "native-seeds: no-shortcut kernel shows only 'real fstat vs stock fstat'" \
	[ "$(shown no-shortcut)" = "001 real fstat vs stock fstat" ]
check "native-seeds: an unclear kernel shows none" [ -z "$(shown unclear)" ]
check "native-seeds: without fstat in the run, none" [ -z "$(shown shortcut fstatat_empty,read1)" ]
shown shortcut >/dev/null
check "native-seeds: every published figure has a row, the others say what they need" \
	awk -F, 'NR > 1 { n++; if ($6 == "no" && $7 == "" || $6 == "yes" && $7 != "" || NF != 7) bad = 1 }
		END { exit bad || n != 4 }' "$tmp/seeds.csv"
check "native-seeds: the patched-vs-stock figure needs the experiment's two kernels" \
	grep -q '^001,patched fstat vs stock fstat,.*,no,two kernels: .*6.1 -> 6.1-fstat or 6.12-no-fstat -> 6.12' "$tmp/seeds.csv"
check "native-seeds: read1 needs two kernels and a CPU without ERMS" \
	grep -q '^002,.*,no,two kernels: .*6.12-no-movsq -> 6.12.*without ERMS' "$tmp/seeds.csv"
check "native-seeds: published %change from published.csv (12.00 for real vs patched)" \
	grep -q '^001,real fstat vs patched fstat,fstatat_empty,fstat,12.00,yes,$' "$tmp/seeds.csv"
# Only the seed's own pairs (published.csv's own_pairs) are offered: a
# compare line of another seed's kernels that runs fstat is not.
printf 'compare 6.12-no-movsq 6.12 read1 fstatat_empty fstat cpu=max mask=erms+fsrm\n' >"$tmp/other.exp"
printf 'key,value\nkind,shortcut\n' >"$tmp/k.csv"
native/seeds "$tmp/k.csv" results/published.csv "$tmp/other.exp" "$all" >"$tmp/other.csv"
check "native-seeds: seed 001's needs name none of seed 002's kernels" \
	sh -c 'grep -q "^001,patched fstat vs stock fstat,.*,no,two kernels" "$1" && ! grep "^001," "$1" | grep -q "6.12-no-movsq"' - "$tmp/other.csv"
printf 'key,value\nkind,maybe\n' >"$tmp/k.csv"
expect_exit 2 "native-seeds: a kind file without a known kind exits 2" \
	native/seeds "$tmp/k.csv" results/published.csv bench/experiments/seeds.exp "$all"

# Settling: rsd = stddev / mean, settled when < target with >= 2 runs.
native/settle "$fx/summary.csv" 1 >"$tmp/settle.csv"
check "native-settle: target 1% on the fixture gives the expected cells" diff "$fx/settle-1.csv" "$tmp/settle.csv"
check "native-settle: one run never settles, even at rsd 0" grep -q '^fstatat_empty,processes,1,1,.*,no$' "$tmp/settle.csv"
{ head -n 1 "$fx/summary.csv"; echo "host,6.18,host,native,Some CPU,fstat,processes,1,3,9,100.0,100.0,1.0,99.0,101.0,100.0,-"; } >"$tmp/edge.csv"
check "native-settle: rsd equal to the target is not settled" \
	[ "$(native/settle "$tmp/edge.csv" 1 | awk -F, 'NR == 2 { print $7, $8 }')" = "1.000 no" ]
check "native-settle: rsd just under the target (0.99993%) is settled" grep -q '^read1,threads,1,3,.*,1.000,yes$' "$tmp/settle.csv"
check "native-settle: target 3% settles the 2% cell" \
	[ "$(native/settle "$fx/summary.csv" 3 | awk -F, '$1 == "fstat" && $3 == 2 { print $8 }')" = yes ]
for bad in 0 -1 x 1.2.3 ''; do
	native/settle "$fx/summary.csv" "$bad" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "native-settle: target '$bad' exits 2 with one line" \
		sh -c '[ '$rc' -eq 2 ] && [ ! -s "$1" ] && [ "$(wc -l <"$2")" -eq 1 ]' - "$tmp/out" "$tmp/err"
done
cut -d, -f1-12 "$fx/summary.csv" >"$tmp/nostd.csv"
expect_exit 2 "native-settle: a summary without a stddev column exits 2" native/settle "$tmp/nostd.csv" 1

# Host facts on a fake root.
native/facts --root "$fx/root" >"$tmp/facts" 2>"$tmp/err"
check "native-facts: fixture root exits 0" [ $? -eq 0 ]
for want in 'cpu_model=Intel(R) Xeon(R) Platinum 8480+' flag_erms=yes flag_fsrm=no hypervisor=no \
	kernel_release=6.1.0-99-amd64 'kernel_version=#1 SMP PREEMPT_DYNAMIC Debian 6.1.999-1 (2030-01-01)' \
	nproc=4 threads_per_core=2 smt_control=on governor=performance intel_pstate_no_turbo=1 \
	'cpufreq_boost=not readable' cmdline_mitigations=off vuln_spectre_v2=Vulnerable \
	'vuln_meltdown=Not affected' 'loadavg=0.50 0.25 0.10'; do
	check "native-facts: fixture gives '$want'" grep -qxF "$want" "$tmp/facts"
done
check "native-facts --load: the load average line alone" sh -c '[ "$(native/facts --load --root "$1")" = "loadavg=0.50 0.25 0.10" ]' - "$fx/root"
native/facts >"$tmp/real"
check "native-facts: this host: kernel_release is uname -r" grep -qxF "kernel_release=$(uname -r)" "$tmp/real"
check "native-facts: this host: erms/fsrm are yes or no, one line per vulnerability file" \
	sh -c 'grep -Eqx "flag_erms=(yes|no)" "$1" && grep -Eqx "flag_fsrm=(yes|no)" "$1" &&
		[ "$(grep -c ^vuln_ "$1")" -eq "$(ls /sys/devices/system/cpu/vulnerabilities 2>/dev/null | wc -l)" ]' - "$tmp/real"
expect_exit 2 "native-facts: --root without a folder exits 2" native/facts --root "$tmp/none"

# native/dilution: what dilutes native differences, from host.txt's keys.
{
	echo 'kernel_release=6.18.0-test'
	echo 'hypervisor=yes'
	echo 'cmdline_mitigations=not set (kernel default)'
	echo 'vuln_meltdown=Mitigation: PTI'
	echo 'vuln_spectre_v2=Mitigation: Retpolines; STIBP: disabled'
	echo 'vuln_spec_rstack_overflow=Vulnerable: Safe RET, no microcode'
	echo 'vuln_spec_store_bypass=Vulnerable'
	echo 'vuln_mds=Not affected'
	echo 'floor_getppid_ns=1032.456'
} >"$tmp/pti.txt"
native/dilution "$tmp/pti.txt" 6.1.192-kabench 6.12.57-kabench >"$tmp/dil"
check "native-dilution: the floor in ns, PTI on, named from meltdown's file" \
	sh -c 'grep -qxF "  syscall floor: getppid 1032.5 ns a call (native/floor); every call pays it, so a saving of fixed ns is a smaller % here than on a host with a lower floor" "$1" &&
		grep -qxF "  page-table isolation: on (meltdown: Mitigation: PTI): every syscall switches page tables twice" "$1"' - "$tmp/dil"
check "native-dilution: mitigations in effect listed (retpolines, Safe RET), not the unmitigated or unaffected ones" \
	sh -c '[ "$(sed -n "/^  other mitigations/,/^  mitigations=/p" "$1" | grep -c "^    ")" -eq 2 ] &&
		grep -qxF "    spectre_v2: Mitigation: Retpolines; STIBP: disabled" "$1" && ! grep -q "spec_store_bypass\|mds" "$1"' - "$tmp/dil"
check "native-dilution: a VM host and a host kernel other than the guests' are said" \
	sh -c 'grep -q "^  the host is itself a virtual machine" "$1" && grep -q "^  host kernel 6.18.0-test, not the guest kernels (6.1.192, 6.12.57)" "$1"' - "$tmp/dil"
sed -e 's/PTI/KPTI off/; s/^meltdown.*//' -e '/floor/d' "$tmp/pti.txt" | sed 's/^vuln_meltdown=.*/vuln_meltdown=Not affected/' >"$tmp/nopti.txt"
native/dilution "$tmp/nopti.txt" 6.18.0-test >"$tmp/dil2"
check "native-dilution: PTI off, floor not measured, the guest kernel the host's: no kernel line" \
	sh -c 'grep -qxF "  page-table isolation: off (meltdown: Not affected)" "$1" && grep -qxF "  syscall floor: not measured" "$1" && ! grep -q "^  host kernel" "$1"' - "$tmp/dil2"
expect_exit 2 "native-dilution: a missing host file exits 2" native/dilution "$tmp/none.txt"

# results/published.csv: each side's ns a call is 1e9 / its ops/s.
check "published.csv: base_ns and new_ns are 1e9 / ops/s (to 0.001 ns) in every row" \
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ n++; for (s = 1; s <= 2; s++) { o = $c[s == 1 ? "base_ops" : "new_ops"]; v = $c[s == 1 ? "base_ns" : "new_ns"]
			d = v - 1e9 / o; if (v == "" || d > 0.0005 || d < -0.0005) exit 1 } }
		END { exit n != 4 }' results/published.csv
floor=$(native/floor)
check "native-floor: getppid's lowest and median ns a call ($(echo $floor))" \
	sh -c 'printf "%s\n" "$1" | grep -Eqx "floor_getppid_ns=[0-9]+\.[0-9]+" && printf "%s\n" "$1" | grep -Eqx "floor_getppid_median_ns=[0-9]+\.[0-9]+"' - "$floor"
printf 'beside_before=qemu 0, kabench workers 0, compilers 0\nbeside_after=qemu 0, kabench workers 0, compilers 0\n' >>"$tmp/nopti.txt"
check "native-dilution: nothing beside the timing is said so" \
	sh -c 'native/dilution "$1" | grep -qxF "  nothing of kabench'"'"'s ran beside the timing (no QEMU guest, worker or compiler when it began or ended)"' - "$tmp/nopti.txt"
printf 'beside_after=qemu 2, kabench workers 0, compilers 0\n' >>"$tmp/pti.txt"
check "native-dilution: two QEMU guests when the timing ended are said" \
	sh -c 'native/dilution "$1" | grep -q "^  ran beside other work .*when it ended qemu 2, kabench workers 0, compilers 0$"' - "$tmp/pti.txt"
