#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The decisions of the native estimates, on fixtures (no measuring, no
# noise): kernel kind (native/kind), the host facts (native/facts on a
# fake /proc and /sys), what dilutes a native difference (report/dilution).
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

# report/dilution: what dilutes native differences, from host.txt's keys.
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
report/dilution "$tmp/pti.txt" 6.1.192-kabench 6.12.57-kabench >"$tmp/dil"
check "native-dilution: the floor in ns, PTI on, named from meltdown's file" \
	sh -c 'grep -qxF "  syscall floor: getppid 1032.5 ns a call (native/floor); every call pays it, so a saving of fixed ns is a smaller % here than on a host with a lower floor" "$1" &&
		grep -qxF "  page-table isolation: on (meltdown: Mitigation: PTI): every syscall switches page tables twice" "$1"' - "$tmp/dil"
check "native-dilution: mitigations in effect listed (retpolines, Safe RET), not the unmitigated or unaffected ones" \
	sh -c '[ "$(sed -n "/^  other mitigations/,/^  mitigations=/p" "$1" | grep -c "^    ")" -eq 2 ] &&
		grep -qxF "    spectre_v2: Mitigation: Retpolines; STIBP: disabled" "$1" && ! grep -q "spec_store_bypass\|mds" "$1"' - "$tmp/dil"
check "native-dilution: a VM host and a host kernel other than the guests' are said" \
	sh -c 'grep -q "^  the host is itself a virtual machine" "$1" && grep -q "^  host kernel 6.18.0-test, not the guest kernels (6.1.192, 6.12.57)" "$1"' - "$tmp/dil"
sed -e 's/PTI/KPTI off/; s/^meltdown.*//' -e '/floor/d' "$tmp/pti.txt" | sed 's/^vuln_meltdown=.*/vuln_meltdown=Not affected/' >"$tmp/nopti.txt"
report/dilution "$tmp/nopti.txt" 6.18.0-test >"$tmp/dil2"
check "native-dilution: PTI off, floor not measured, the guest kernel the host's: no kernel line" \
	sh -c 'grep -qxF "  page-table isolation: off (meltdown: Not affected)" "$1" && grep -qxF "  syscall floor: not measured" "$1" && ! grep -q "^  host kernel" "$1"' - "$tmp/dil2"
expect_exit 2 "native-dilution: a missing host file exits 2" report/dilution "$tmp/none.txt"

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
	sh -c 'report/dilution "$1" | grep -qxF "  nothing of kabench'"'"'s ran beside the timing (no QEMU guest, worker or compiler when it began or ended)"' - "$tmp/nopti.txt"
printf 'beside_after=qemu 2, kabench workers 0, compilers 0\n' >>"$tmp/pti.txt"
check "native-dilution: two QEMU guests when the timing ended are said" \
	sh -c 'report/dilution "$1" | grep -q "^  ran beside other work .*when it ended qemu 2, kabench workers 0, compilers 0$"' - "$tmp/pti.txt"
