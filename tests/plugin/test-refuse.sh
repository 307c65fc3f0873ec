#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Profiling that cannot be done says so in one line and makes nothing:
# profile-args with a QEMU without plugin support (a fake one through
# KABENCH_QEMU), with no QEMU at all, with bad arguments; the plugin itself
# refusing more than one vCPU or an unknown argument.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s -f guest/plugin/rules.mk build/plugin/kabench-prof.so >/dev/null 2>&1 ||
	{ fail "make the plugin"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
so=$PWD/build/plugin/kabench-prof.so

# one_line RC_WANTED WHAT PATTERN CMD...: CMD exits RC_WANTED, prints
# nothing on stdout and exactly one stderr line matching PATTERN.
one_line() {
	want=$1 what=$2 pat=$3; shift 3
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq "$want" ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		grep -q -- "$pat" "$tmp/err"; then
		pass "$what"
	else
		fail "$what (exit $rc, stdout $(wc -c <"$tmp/out") bytes, stderr: $(head -c 300 "$tmp/err"))"
	fi
}

printf '#!/bin/sh\necho "qemu-system-x86_64: -plugin: invalid option" >&2\nexit 1\n' >"$tmp/noplugin"
chmod +x "$tmp/noplugin"
one_line 1 "profile-args: a QEMU without plugin support -> one line" "cannot load the plugin: .*-plugin: invalid option" \
	env KABENCH_QEMU="$tmp/noplugin" guest/plugin/profile-args "$tmp/o"
one_line 1 "profile-args: no QEMU -> one line" "no $tmp/none" \
	env KABENCH_QEMU="$tmp/none" guest/plugin/profile-args "$tmp/o"
one_line 2 "profile-args: no OUT_DIR -> usage, exit 2" "usage" guest/plugin/profile-args
one_line 2 "profile-args: a comma in OUT_DIR -> exit 2" "comma" guest/plugin/profile-args "$tmp/a,b"
guest/plugin/profile-args "$tmp/o" >"$tmp/args" 2>"$tmp/err"
check "profile-args: the real QEMU loads it: -plugin SO,out=OUT_DIR/plugin.raw,stacks=OUT_DIR/plugin.stacks" \
	[ "$(cat "$tmp/args")" = "-plugin
$so,out=$tmp/o/plugin.raw,stacks=$tmp/o/plugin.stacks" ]
KABENCH_PROFILE_STACKS=0 guest/plugin/profile-args "$tmp/o" >"$tmp/args" 2>"$tmp/err"
check "profile-args: KABENCH_PROFILE_STACKS=0 leaves the call paths out" \
	[ "$(cat "$tmp/args")" = "-plugin
$so,out=$tmp/o/plugin.raw" ]
check "profile-args made nothing in OUT_DIR" [ ! -e "$tmp/o" ]

# qemu_load SMP ARG: QEMU with the plugin, quits at once.
qemu_load() {
	printf 'quit\n' | qemu-system-x86_64 -nodefaults -no-user-config -display none -S \
		-monitor stdio -accel tcg -smp "$1" -m 64 -plugin "$so,$2" 2>&1 >/dev/null | head -n 1
}
msg=$(qemu_load 2 "out=$tmp/raw2")
check "plugin refuses -smp 2 with one line ($msg)" \
	sh -c '[ -n "$1" ] && echo "$1" | grep -q "kabench-prof: -smp 2:" && [ ! -e "$2" ]' - "$msg" "$tmp/raw2"
msg=$(qemu_load 1 "bogus=1")
check "plugin refuses an unknown argument ($msg)" sh -c 'echo "$1" | grep -q "unknown argument .bogus=1."' - "$msg"
msg=$(qemu_load 1 "out=$tmp/no/such/raw")
check "plugin refuses an output it cannot create ($msg)" sh -c 'echo "$1" | grep -q "kabench-prof: out=.*No such file"' - "$msg"
msg=$(qemu_load 1 "out=$tmp/raw3,stacks=$tmp/no/such/stacks")
check "plugin refuses a stacks file it cannot create, and leaves no raw file ($msg)" \
	sh -c 'echo "$1" | grep -q "kabench-prof: stacks=.*No such file" && [ ! -e "$2" ]' - "$msg" "$tmp/raw3"
