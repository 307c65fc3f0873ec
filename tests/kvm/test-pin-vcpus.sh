#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build/guest/pin-vcpus against a real QEMU: a paused multi-threaded TCG guest has
# one host thread per vCPU too, so the pinning is checked in
# /proc/PID/task/TID/status (Cpus_allowed_list), no KVM needed.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

make -s build/guest/pin-vcpus || { fail "pin-vcpus builds"; exit 1; }
pin=build/guest/pin-vcpus

tmp=$(mktemp -d) || exit 2
qpid=
cleanup() {
	[ -z "$qpid" ] || { kill "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null; }
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Bad input: one line naming the value, exit 2, before any connection.
for bad in '' x 1- 3-1 '0,' '0,,1' '0,0' 99999; do
	$pin "$tmp/none" "$bad" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		grep -qF "'$bad'" "$tmp/err"; then
		pass "pin-vcpus: bad CPULIST '$bad' exits 2 naming it"
	else
		fail "pin-vcpus: bad CPULIST '$bad' (exit $rc: $(cat "$tmp/err"))"
	fi
done
expect_exit 2 "pin-vcpus: no arguments exits 2" $pin
expect_exit 1 "pin-vcpus: no QMP socket exits 1" $pin "$tmp/none" 0

# Not QMP: a socket that closes at once.
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); c,_=s.accept(); c.send(b"hello\r\n"); c.close()' "$tmp/fake" &
	fpid=$!
	for _ in 1 2 3 4 5 6 7 8 9 10; do [ -S "$tmp/fake" ] && break; sleep 0.2; done
	expect_exit 1 "pin-vcpus: a socket that does not speak QMP exits 1" $pin "$tmp/fake" 0
	kill "$fpid" 2>/dev/null; wait "$fpid" 2>/dev/null
fi

# start_qemu SMP: a paused TCG guest with SMP vCPU threads and a QMP socket.
start_qemu() {
	rm -f "$tmp/qmp"
	qemu-system-x86_64 -accel tcg,thread=multi -smp "$1" -m 64 \
		-qmp "unix:$tmp/qmp,server=on,wait=off" -S -display none -nodefaults \
		-no-user-config </dev/null >"$tmp/qemu.out" 2>&1 &
	qpid=$!
	for _ in $(seq 1 50); do [ -S "$tmp/qmp" ] && return 0; sleep 0.1; done
	return 1
}
stop_qemu() { kill "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null; qpid=; }

ncpu=$(nproc)
if ! start_qemu 2; then
	fail "pin-vcpus: QEMU did not open its QMP socket ($(tail -n 1 "$tmp/qemu.out"))"
	exit 1
fi
# On a 1-CPU host both vCPUs cannot get their own CPU: pin to 0 twice is
# refused, so use CPU 0 and (if it exists) 1, else test only the refusal.
if [ "$ncpu" -ge 2 ]; then
	list="1,0"
	$pin "$tmp/qmp" "$list" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] &&
		grep -Eq '^vcpu 0 thread [0-9]+ host-cpu 1$' "$tmp/out" &&
		grep -Eq '^vcpu 1 thread [0-9]+ host-cpu 0$' "$tmp/out"; then
		pass "pin-vcpus: two vCPUs, one line each, vcpu i -> i-th CPU of the list"
	else
		fail "pin-vcpus: two vCPUs (exit $rc: $(cat "$tmp/out" "$tmp/err" | tr '\n' ' '))"
	fi
	okp=1
	while read -r _ i _ tid _ cpu; do
		st=/proc/$qpid/task/$tid/status
		got=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$st" 2>/dev/null)
		[ "$got" = "$cpu" ] || { okp=0; echo "# vcpu $i thread $tid: Cpus_allowed_list '$got', wanted $cpu"; }
	done <"$tmp/out"
	# The threads named are QEMU's own vCPU threads, not its main thread.
	main_cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$qpid/status")
	[ -s "$tmp/out" ] && ! grep -q "thread $qpid " "$tmp/out" || okp=0
	if [ $okp = 1 ]; then
		pass "pin-vcpus: each vCPU thread's Cpus_allowed_list is its host CPU (main thread still $main_cpus)"
	else
		fail "pin-vcpus: the vCPU threads are not pinned as printed"
	fi
fi
$pin "$tmp/qmp" 0 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	grep -q '2 vCPUs but only 1 host CPUs' "$tmp/err"; then
	pass "pin-vcpus: 2 vCPUs on a 1-CPU list exits 2 with one line"
else
	fail "pin-vcpus: 2 vCPUs on a 1-CPU list (exit $rc: $(cat "$tmp/out" "$tmp/err" | tr '\n' ' '))"
fi
stop_qemu

# One vCPU: cpu-index 0 pinned to the first CPU of a longer list.
if start_qemu 1; then
	$pin "$tmp/qmp" "0-$((ncpu - 1))" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	tid=$(awk '{ print $4 }' "$tmp/out")
	got=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$qpid/task/$tid/status" 2>/dev/null)
	if [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 1 ] && [ "$got" = 0 ]; then
		pass "pin-vcpus: one vCPU takes the first CPU of the list"
	else
		fail "pin-vcpus: one vCPU (exit $rc, allowed '$got': $(cat "$tmp/out" "$tmp/err" | tr '\n' ' '))"
	fi
	stop_qemu
else
	fail "pin-vcpus: QEMU -smp 1 did not open its QMP socket"
fi
