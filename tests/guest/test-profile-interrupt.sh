#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A boot's verdict is written before its profile step: a SIGTERM or
# SIGINT during that step must leave the cell not ok (verdict
# interrupted, no profile.csv, no profile.csv.tmp), so that RESUME runs it
# again, instead of an ok cell whose profile is missing. The step is made
# slow with a stand-in profile-boot in a kit like a run's. A profile-boot
# exit 3 (files cut short) makes the cell not ok too; exit 1 keeps it ok.
# no-kernel-build: boots the 6.1 minimal kernel other scripts build
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
img=$(kernel-patches/build 6.1 2>"$tmp/build.err") || { fail "profile interrupt: kernel-patches/build 6.1: $(tail -n 1 "$tmp/build.err")"; exit 1; }
make -s initramfs plugin build/bench/kabench >/dev/null 2>&1 || { fail "profile interrupt: make initramfs plugin"; exit 1; }
kit=$tmp/kit
mkdir -p "$kit/plugin"
cp guest/run-guest lib/common.sh build/guest/parse-console build/guest/console-times lib/timing build/bench/kabench "$kit/"
cp guest/plugin/profile-args build/plugin/kabench-prof.so build/plugin/profile-attrib "$kit/plugin/"
cat >"$kit/plugin/profile-boot" <<'SH'
#!/bin/sh
: >"$1/profile.csv.tmp"
sleep 60
SH
chmod +x "$kit/plugin/profile-boot"

for sig in TERM INT; do
	out=$tmp/boot-$sig
	setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$kit/run-guest" --kernel "$img" \
		--initrd build/initramfs.cpio --out "$out" --accel icount --profile --tests fstat \
		--samples 2 --interval 0.02 --warmup 1 >/dev/null 2>"$tmp/$sig.err" &
	g=$!
	i=0
	until [ -f "$out/profile.csv.tmp" ] || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
	seen=$(head -n 1 "$out/verdict" 2>/dev/null)
	env kill -"$sig" -- "-$g" 2>/dev/null
	wait $g
	rc=$?
	v=$(head -n 2 "$out/verdict" 2>/dev/null | paste -sd' ' -)
	want=143; [ $sig = INT ] && want=130
	sig_ok() { [ "$seen" = ok ] && [ $rc -eq $want ] && [ "${v%% *}" = interrupted ] &&
		[ ! -e "$out/profile.csv" ] && [ ! -e "$out/profile.csv.tmp" ]; }
	check "SIG$sig during the profile step (verdict was $seen): exit $rc, verdict '$v'" sig_ok
done

# A profile step whose files were cut short (profile-boot exit 3, a full
# disk) leaves the cell not ok too; a doubt about the code (exit 1: a
# System.map that does not fit) leaves it ok without a profile.
for prc in 3 1; do
	printf '#!/bin/sh\necho "profile-boot: stand-in, exit %s" >&2\nexit %s\n' $prc $prc >"$kit/plugin/profile-boot"
	out=$tmp/boot-exit$prc
	"$kit/run-guest" --kernel "$img" --initrd build/initramfs.cpio --out "$out" --accel icount --profile \
		--tests fstat --samples 2 --interval 0.02 --warmup 1 >/dev/null 2>"$tmp/exit$prc.err"
	rc=$?
	v=$(head -n 2 "$out/verdict" 2>/dev/null | paste -sd' ' -)
	if [ $prc = 3 ]; then
		check "profile-boot exit 3: run-guest exit $rc, verdict '$v'" \
			sh -c '[ $1 -eq 1 ] && case $2 in "interrupted "*"stand-in, exit 3") true ;; *) false ;; esac' - $rc "$v"
	else
		check "profile-boot exit 1: run-guest exit $rc, verdict '$v', says so ($(grep 'no profile' "$tmp/exit$prc.err" | head -c 120))" \
			sh -c '[ $1 -eq 0 ] && [ "$2" = ok ] && grep -q "no profile for this boot: profile-boot: stand-in, exit 1" "$3"' - $rc "$v" "$tmp/exit$prc.err"
	fi
done
