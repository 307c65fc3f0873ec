#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The exact QEMU command lines of guest/run-guest --print-cmd (one argument
# a line), against golden files tests/kvm/golden/NAME.args, with the
# kernel, initramfs, run folder and temporary paths put as @KERNEL@,
# @INITRD@, @OUT@, @TMP@. kvm needs no KVM here: nothing is booted.
# Beside the golden diff, each case checks the arguments that matter
# (accelerator, -cpu with the mask, -smp, QMP socket, icount append).
#   sh tests/kvm/test-kvm-cmdline.sh --update   rewrites the golden files
cd "$(dirname "$0")/../.." || exit 2
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
golden=tests/kvm/golden
update=0
[ "${1-}" = --update ] && update=1

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/bzImage"
: >"$tmp/initramfs.cpio"
common="--kernel $tmp/bzImage --initrd $tmp/initramfs.cpio --out $tmp/out --tests fstat,fstatat_empty --tasks 1-2 --interval 0.2 --warmup 1 --samples 3"

# cmd NAME ARGS...: the normalised command into $tmp/NAME.args, diffed with
# the golden file (or written to it with --update).
cmd() {
	name=$1; shift
	if ! guest/run-guest --print-cmd "$@" $common >"$tmp/raw" 2>"$tmp/err"; then
		fail "kvm command line $name: run-guest --print-cmd $* failed: $(tail -n 1 "$tmp/err")"
		return 1
	fi
	sed -e "s|${TMPDIR:-/tmp}/kabench-qmp\.|@TMPDIR@/kabench-qmp.|g" -e "s|$tmp/out|@OUT@|g" -e "s|$tmp/bzImage|@KERNEL@|g" \
		-e "s|$tmp/initramfs.cpio|@INITRD@|g" -e "s|$tmp|@TMP@|g" "$tmp/raw" >"$tmp/$name.args"
	if [ $update = 1 ]; then
		cp "$tmp/$name.args" "$golden/$name.args"
		echo "# wrote $golden/$name.args"
	elif [ ! -f "$golden/$name.args" ]; then
		fail "kvm command line $name: no golden file $golden/$name.args (--update writes it)"
		return 1
	elif diff -u "$golden/$name.args" "$tmp/$name.args" >"$tmp/diff"; then
		pass "kvm command line $name: same as $golden/$name.args"
	else
		fail "kvm command line $name differs from $golden/$name.args:"
		sed 's/^/#   /' "$tmp/diff"
	fi
	return 0
}
# has NAME WHAT OPTION VALUE: the argument after OPTION is VALUE.
has() {
	check "kvm command line $1: $2" awk -v o="$3" -v v="$4" 'p && $0 == v { f = 1 } { p = $0 == o } END { exit !f }' "$tmp/$1.args"
}
hasnt() { check "kvm command line $1: no $2" sh -c '! grep -qx -- "$1" "$2"' - "$2" "$tmp/$1.args"; }
append_has() { check "kvm command line $1: append has '$2'" awk -v w="$2" 'p { n = split($0, a, " "); for (i = 1; i <= n; i++) if (a[i] == w) f = 1 } { p = $0 == "-append" } END { exit !f }' "$tmp/$1.args"; }
append_hasnt() { check "kvm command line $1: append has no '$2'" awk -v w="$2" 'p { n = split($0, a, " "); for (i = 1; i <= n; i++) if (a[i] == w) f = 1 } { p = $0 == "-append" } END { exit f }' "$tmp/$1.args"; }

n=$(nproc)
if [ "$n" -ge 2 ]; then
	if cmd kvm-host-mask-smp2 --accel kvm --cpu host --mask erms,fsrm --smp 2; then
		c=kvm-host-mask-smp2
		has $c "-accel kvm" -accel kvm
		has $c "-cpu host with erms and fsrm masked" -cpu host,-erms,-fsrm
		has $c "-smp 2 honoured" -smp 2
		has $c "a QMP socket in a folder of its own under TMPDIR (a run folder on 9p or NFS cannot hold one)" -qmp unix:@TMPDIR@/kabench-qmp.XXXXXX/qmp.sock,server=on,wait=off
		hasnt $c "-icount" -icount
		append_hasnt $c noapictimer
		append_hasnt $c no_timer_check
		append_has $c kabench.tasks=1-2
	fi
else
	skip "kvm command line kvm-host-mask-smp2: needs 2 host CPUs (this host has $n)"
fi
if cmd kvm-host-smp1-cpu0 --accel kvm --cpu host --mask erms,fsrm --smp 1 --host-cpus 0; then
	has kvm-host-smp1-cpu0 "-smp 1" -smp 1
	has kvm-host-smp1-cpu0 "-accel kvm" -accel kvm
fi
if cmd icount-max-mask --accel icount --cpu max --mask erms,fsrm --smp 2 --seed 1; then
	c=icount-max-mask
	has $c "-icount shift=0,sleep=off" -icount shift=0,sleep=off
	has $c "-accel tcg" -accel tcg
	has $c "-cpu max with erms and fsrm masked" -cpu max,-erms,-fsrm
	has $c "one vCPU whatever --smp says" -smp 1
	has $c "-seed 1" -seed 1
	append_has $c noapictimer
	append_has $c no_timer_check
	hasnt $c "-qmp" -qmp
fi
if cmd tcg-max-mask-smp2 --accel tcg --cpu max --mask erms,fsrm --smp 2; then
	c=tcg-max-mask-smp2
	has $c "-accel tcg,thread=multi" -accel tcg,thread=multi
	has $c "-smp 2 honoured" -smp 2
	hasnt $c "-icount" -icount
	hasnt $c "-qmp" -qmp
fi

# Refusals under kvm: one line, exit 2.
guest/run-guest --print-cmd --accel kvm --cpu host --smp 2 --host-cpus 0 $common >"$tmp/out.txt" 2>"$tmp/err"
rc=$?
check "kvm command line: more vCPUs than --host-cpus is refused (exit 2, one line)" \
	sh -c '[ '$rc' -eq 2 ] && [ ! -s "$1" ] && [ "$(wc -l <"$2")" -eq 1 ]' - "$tmp/out.txt" "$tmp/err"
guest/run-guest --print-cmd --accel kvm --cpu host --smp $((n + 1)) $common >"$tmp/out.txt" 2>"$tmp/err"
rc=$?
check "kvm command line: more vCPUs than host CPUs is refused (exit 2, one line)" \
	sh -c '[ '$rc' -eq 2 ] && [ ! -s "$1" ] && [ "$(wc -l <"$2")" -eq 1 ]' - "$tmp/out.txt" "$tmp/err"
printf 'processor\t: 0\nflags\t\t: fpu sse2\n' >"$tmp/cpuinfo"
KABENCH_CPUINFO=$tmp/cpuinfo guest/run-guest --accel kvm --cpu host --smp 1 $common >/dev/null 2>"$tmp/err"
rc=$?
check "kvm: booting for real without vmx/svm is refused (exit 2, one line naming why)" \
	sh -c '[ '$rc' -eq 2 ] && [ "$(wc -l <"$1")" -eq 1 ] && grep -q "vmx/svm" "$1"' - "$tmp/err"
check "kvm: the refused boot made no run folder" [ ! -e "$tmp/out" ]
