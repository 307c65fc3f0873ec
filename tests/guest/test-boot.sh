#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Real boots of the 6.1 minimal kernel under icount: fstat for 0.2 guest
# seconds (~400,000 ops) yields ops/s > 0 and the guest facts, the ERMS/FSRM mask shows in
# the facts, two boots agree to >= 4 significant digits, a guest past its
# deadline is killed and reported, and the kvm probe of `auto` is bounded.
# foreground: two seeded boots must be identical (or a third one of them).
. tests/lib.sh
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
make -s initramfs >/dev/null 2>&1 || { fail "make initramfs"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# boot N: one icount boot running fstat for one 0.2-second sample, seed 7
# (a 1-second one cost ~3 s more of QEMU a boot and tells nothing more).
boot() {
	guest/run-guest --kernel "$img" --out "$tmp/b$1" --accel icount --tests fstat \
		--interval 0.2 --warmup 0 --samples 1 --seed 7 2>"$tmp/b$1.err"
}
# rate DIR: ops/s of fstat's first sample row.
rate() { awk -F, '$1 == "sample" && $2 == "fstat" { print $8; exit }' "$1/bench.csv"; }
fact() { sed -n "s/^$2=//p" "$1/facts" | head -n 1; }

boot 1
rc=$?
v=$(head -n 1 "$tmp/b1/verdict" 2>/dev/null)
check "icount boot exits 0 with verdict ok (got $rc, $v)" [ $rc -eq 0 -a "$v" = ok ]
r1=$(rate "$tmp/b1")
check "fstat sample row with ops/s > 0 (got '$r1')" awk -v r="${r1:-0}" 'BEGIN { exit !(r > 0) }'
check "status.csv says fstat,1,ok" grep -qx 'fstat,1,ok' "$tmp/b1/status.csv"
check "bench.csv starts with the kabench header" \
	[ "$(head -n 1 "$tmp/b1/bench.csv")" = "$(build/bench/kabench --csv-header)" ]
u=$(fact "$tmp/b1" uname)
check "facts: uname '$u' is the 6.1 minimal build's kernelrelease" \
	sh -c 'expr "$1" : ".*-kabench-minimal-[0-9a-f]\{8\}$" >/dev/null && [ "$1" = "$(cat "$2/kernelrelease")" ]' - "$u" "${img%/*}"
check "facts: accel=icount, shift=0, qemu_cpu=max" \
	[ "$(fact "$tmp/b1" accel) $(fact "$tmp/b1" shift) $(fact "$tmp/b1" qemu_cpu)" = "icount 0 max" ]
check "facts: cpu_model '$(fact "$tmp/b1" cpu_model)' is not empty" [ -n "$(fact "$tmp/b1" cpu_model)" ]
check "facts: nr_cpus=1 (icount boots one vCPU)" [ "$(fact "$tmp/b1" nr_cpus)" = 1 ]
check "facts: mem_kb > 0" [ "$(fact "$tmp/b1" mem_kb)" -gt 0 ]
# Under icount QEMU runs on one host CPU (guest/run-guest: the replay).
check "facts: host_cpus is one CPU (got '$(fact "$tmp/b1" host_cpus)'), and run-guest said it pins" \
	sh -c 'expr "$1" : "[0-9][0-9]*\$" >/dev/null && grep -q "host-cpus=one, the least used" "$2"' - "$(fact "$tmp/b1" host_cpus)" "$tmp/b1.err"
check "facts: cmdline carries the plan" grep -q '^cmdline=.*kabench.tests=fstat' "$tmp/b1/facts"
flags=$(fact "$tmp/b1" flags)
check "facts: guest flags present" sh -c 'echo " $1 " | grep -q " sse2 "' - "$flags"
check "facts: mask=erms,fsrm and neither erms nor fsrm in the guest flags" \
	sh -c '[ "$1" = erms,fsrm ] && ! echo " $2 " | grep -Eq " (erms|fsrm) "' - "$(fact "$tmp/b1" mask)" "$flags"
check "qemu.cmd holds the icount accelerator and the masked CPU" \
	grep -q "'-icount' 'shift=0,sleep=off'.*'-cpu' 'max,-erms,-fsrm'" "$tmp/b1/qemu.cmd"
check "console.log kept" grep -q '@@kabench done' "$tmp/b1/console.log"
# qemu.cmd is one shell line (one sed quotes every argument): read back by
# sh it gives the arguments --print-cmd gives for the same boot.
guest/run-guest --kernel "$img" --out "$tmp/b1" --accel icount --tests fstat \
	--interval 0.2 --warmup 0 --samples 1 --seed 7 --print-cmd >"$tmp/b1.args" 2>/dev/null
check "qemu.cmd read back by sh is the boot's QEMU command, argument for argument" \
	sh -c 'want=$2; eval "set -- $(cat "$1/qemu.cmd")" && printf "%s\n" "$@" | cmp -s - "$want" && [ "$(wc -l <"$want")" -gt 20 ]' - "$tmp/b1" "$tmp/b1.args"
b=$(fact "$tmp/b1" boot_s)
check "facts: boot_s, the kernel's boot in guest seconds, is between 0.01 and 10 (got '$b')" \
	awk -v b="${b:-x}" 'BEGIN { exit !(b ~ /^[0-9]+\.[0-9]+$/ && b > 0.01 && b < 10) }'
check "the command line carries pty.legacy_count=0" grep -q "^cmdline=.* pty.legacy_count=0 " "$tmp/b1/facts"
# The same console with a mask the guest does show is refused, figures withheld.
mkdir "$tmp/leak"
build/guest/parse-console --mask erms,sse2 "$tmp/b1/console.log" "$tmp/leak" >/dev/null 2>&1
check "a masked flag visible in the guest gives mask-leak and no figures" \
	sh -c 'head -n 1 "$1/verdict" | grep -qx mask-leak && grep -q "sse2 still visible in the guest: the -cpu mask did not take" "$1/verdict" && [ $(wc -l <"$1/bench.csv") -eq 1 ]' - "$tmp/leak"

check "facts: the kernel ends untainted (tainted=0)" [ "$(fact "$tmp/b1" tainted)" = 0 ]
check "qemu.cmd seeds the guest's randomness and fixes its clock" \
	grep -q "'-seed' '7' '-rtc' 'base=2026-01-01T00:00:00,clock=vm'" "$tmp/b1/qemu.cmd"

boot 2
# ops N: boot N's op counts into ops.N. When two seeded boots differ (the
# rare non-replay, README.md), a third must give exactly one of them
# (tests/lib.sh, replayed), as in the other replay checks.
ops() { awk -F, '$1 == "sample" { print $7 }' "$tmp/b$1/bench.csv" >"$tmp/ops.$1"; }
ops 1; ops 2
replayed "two seeded icount boots give the same op count exactly ($(cat "$tmp/ops.1") vs $(cat "$tmp/ops.2"))" \
	"$tmp/ops.1" "$tmp/ops.2" "$tmp/ops.3" eval 'boot 3 && ops 3'

# SIGTERM to the launcher stops QEMU at once and says so in the verdict.
# (A job started with & ignores SIGINT in sh, so TERM stands in for Ctrl-C,
# which reaches the whole foreground process group, QEMU included.)
guest/run-guest --kernel "$img" --out "$tmp/int" --accel icount --tests fstat \
	--interval 100 --samples 10 >/dev/null 2>&1 &
pid=$!
sleep 3
qemu=$(pgrep -P "$pid" qemu-system)
t0=$(date +%s)
kill -TERM "$pid"
wait "$pid"
rc=$?
n=0
while [ -n "$qemu" ] && kill -0 "$qemu" 2>/dev/null && [ $n -lt 40 ]; do sleep 0.1; n=$((n + 1)); done
check "SIGTERM to run-guest: exit 143 ($rc), QEMU ($qemu) gone within 2 s" [ $rc -eq 143 -a -n "$qemu" -a $n -le 20 ]
check "... the verdict says interrupted" [ "$(head -n 1 "$tmp/int/verdict" 2>/dev/null)" = interrupted ]

# A plan of 1000 guest seconds with a 5 s deadline (the boot to the first
# testcase takes 1-2 s of it).
t0=$(date +%s)
guest/run-guest --kernel "$img" --out "$tmp/late" --accel icount --tests fstat \
	--interval 100 --samples 10 --deadline 5 >/dev/null 2>&1
rc=$? t=$(($(date +%s) - t0))
check "a guest past its --deadline 5 is killed: exit $rc after ${t}s" [ $rc -eq 1 -a $t -le 15 ]
check "... and reported as timeout" [ "$(head -n 1 "$tmp/late/verdict")" = timeout ]
check "... with its console log kept" grep -q '@@kabench begin test=fstat' "$tmp/late/console.log"

# auto on a CPU claiming vmx: the probe boot under kvm must end in time.
printf 'flags\t\t: fpu vmx sse2\n' >"$tmp/cpuinfo-vmx"
t0=$(date +%s)
a=$(KABENCH_CPUINFO=$tmp/cpuinfo-vmx guest/run-guest --kernel "$img" --print-accel 2>"$tmp/probe.err")
t=$(($(date +%s) - t0))
check "kvm probe is bounded: auto chose '$a' in ${t}s ($(cat "$tmp/probe.err"))" \
	sh -c '{ [ "$1" = kvm ] || [ "$1" = icount ]; } && [ "$2" -le 20 ]' - "$a" "$t"
