#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Real icount boots of 6.1 with the profile (run-guest --profile): two
# boots with the same seed give identical profile.csv files (or a third
# gives one of them: tests/lib.sh, replayed); every window
# holds as many instructions as its guest time says (icount shift=0: one
# instruction a nanosecond), so nothing is lost between marks; fstatat_empty
# runs the path-lookup functions; and profile-boot refuses, in one line and
# without a profile.csv, a missing, wrong or shifted System.map, a wrong
# or rebuilt worker binary, a bench.csv with a sample row missing and a truncated raw
# file; a System.map moved by a KASLR-like slide gives the same profile.
# The call paths (plugin.stacks): a folded, callgrind and cachegrind file
# per testcase, each function's own instructions over its paths exactly
# its profile.csv rows, and a stacks file one count off refused.
# foreground: two seeded boots must give identical profiles.
. tests/lib.sh
img=$(kernel-patches/build 6.1 2>/dev/null) || { fail "kernel-patches/build 6.1"; exit 1; }
map=$(dirname "$img")/System.map
make -s initramfs plugin >/dev/null 2>&1 || { fail "make initramfs plugin"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

boot() {
	KABENCH_KEEP_RAW=1 guest/run-guest --kernel "$img" --out "$tmp/b$1" --accel icount --seed 1 \
		--profile --tests fstatat_empty,getppid --interval 0.1 --warmup 1 --samples 2 2>"$tmp/b$1.err"
}
boot 1; rc1=$?
boot 2; rc2=$?
check "two profiled boots, verdict ok (exit $rc1 $rc2)" [ $rc1 -eq 0 -a $rc2 -eq 0 ]
p=$tmp/b1/profile.csv
check "profile.csv made$(head -c 200 "$tmp/b1/profile.err" 2>/dev/null)" [ -s "$p" ]
check "profile.csv header" [ "$(head -n 1 "$p")" = "testcase,mode,tasks,sample,ops,kind,space,symbol,instructions" ]
replayed "same kernel, same seed: identical profile.csv" "$p" "$tmp/b2/profile.csv" "$tmp/b3/profile.csv" boot 3
nw=$(awk -F, 'NR > 1 { print $1 "," $3 "," $4 }' "$p" | sort -u | wc -l)
ns=$(grep -c '^sample,' "$tmp/b1/bench.csv")
check "one window per sample row ($nw windows, $ns rows)" [ "$nw" -eq "$ns" -a "$ns" -eq 4 ]
# instructions of each window vs its elapsed guest time in ns
bad=$(awk -F, 'NR == FNR { if ($1 == "sample") ns[$2 "," $5] = $6 * 1e9; next }
	FNR > 1 && $6 == "symbol" { n[$1 "," $4] += $9 }
	END { for (k in ns) { d = (n[k] - ns[k]) / ns[k]; if (d < -0.005 || d > 0.005) printf "%s:%d/%d ", k, n[k], ns[k] } }' \
	"$tmp/b1/bench.csv" "$p")
check "each window's instructions = its guest nanoseconds within 0.5%${bad:+ ($bad)}" [ -z "$bad" ]
for f in filename_lookup path_init getname_flags; do
	check "fstatat_empty runs kernel $f" grep -q "^fstatat_empty,.*,symbol,kernel,$f," "$p"
done
check "fstatat_empty's own loop is a user symbol" grep -q '^fstatat_empty,.*,symbol,user,loop,' "$p"
bad=$(awk -F, '$6 == "class" && $7 == "user" && $8 == "syscall" && $9 < $5 { print $1 $4 }' "$p")
nsys=$(awk -F, '$6 == "class" && $7 == "user" && $8 == "syscall"' "$p" | wc -l)
check "user syscalls per window >= its ops, one syscall row per window ($nsys)${bad:+ ($bad)}" [ -z "$bad" -a "$nsys" -eq "$nw" ]

# The call paths: per testcase, every function's own instructions summed
# over its folded stacks = its profile.csv rows summed over the samples.
for t in fstatat_empty getppid; do
	f=$tmp/b1/callgraph/$t-processes-1
	check "callgraph/$t-processes-1.folded, .callgrind and .cachegrind made" \
		sh -c '[ -s "$1.folded" ] && [ -s "$1.callgrind" ] && [ -s "$1.cachegrind" ]' - "$f"
	res=$(awk -v t="$t" 'FNR == 1 { f++ }
		f == 1 { n = $NF; sub(/ [0-9]+$/, ""); k = split($0, a, ";"); sp = "user"
			if (a[k] ~ /_\[k\]$/) { sp = "kernel"; sub(/_\[k\]$/, "", a[k]) }
			own[sp "," a[k]] += n; next }
		FNR > 1 && $1 == t && $6 == "symbol" { flat[$7 "," $8] += $9 }
		END { for (x in flat) { nf++; tot += flat[x]; if (flat[x] != own[x]) bad = bad " " x ":" flat[x] "/" own[x] }
			for (x in own) if (!(x in flat)) bad = bad " " x ":extra"
			printf "%d functions, %.0f instructions%s", nf, tot, bad ? "; differ:" substr(bad, 1, 300) : "" }' \
		FS=' ' "$f.folded" FS=, "$p")
	check "$t: each function's own instructions over its call paths = its flat rows ($res)" \
		sh -c 'case $1 in *differ*|0\ *) exit 1 ;; esac' - "$res"
	# callgrind_annotate (Debian's valgrind) on the callgrind file: the
	# same total and own instructions per function as profile.csv
	res=$(callgrind_annotate --auto=no --threshold=100 "$f.callgrind" 2>&1 | awk -v t="$t" '
		FNR == 1 { f++ }
		f == 1 && /PROGRAM TOTALS/ { n = $1; gsub(/,/, "", n); total = n; next }
		f == 1 && /^ *[0-9,]+ +\( *[0-9.]+%\) +(kernel|user):/ { n = $1; gsub(/,/, "", n)
			s = $0; sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, "", s); sp = s; sub(/:.*/, "", sp); sub(/^[a-z]+:/, "", s)
			ca[sp "," s] += n; next }
		f == 2 && FNR > 1 && $1 == t && $6 == "symbol" { flat[$7 "," $8] += $9; sum += $9 }
		END { for (x in flat) { nf++; if (flat[x] != ca[x]) bad = bad " " x ":" flat[x] "/" ca[x] }
			for (x in ca) if (!(x in flat) && ca[x]) bad = bad " " x ":extra"
			printf "total %s of %.0f, %d functions%s", total, sum, nf, bad ? "; differ:" substr(bad, 1, 300) : ""
			exit !(total == sum && nf > 0 && bad == "") }' - FS=, "$p")
	check "$t: callgrind_annotate prints profile.csv's total and own instructions per function ($res)" \
		[ $? -eq 0 ]
done

# refuse WHAT PATTERN [ENV=V] MAP: profile-boot on a copy of boot 1 fails
# with one line matching PATTERN and writes no profile.csv.
n=0
refuse() {
	what=$1 pat=$2; shift 2
	n=$((n + 1)); d=$tmp/r$n
	mkdir "$d" && cp "$tmp/b1/bench.csv" "$tmp/b1/plugin.raw" "$tmp/b1/plugin.stacks" "$d/"
	[ -z "${edit:-}" ] || sh -c "$edit" - "$d"
	env "$@" "$d" >"$d.out" 2>"$d.err"
	rc=$?
	if [ $rc -ne 0 ] && [ ! -e "$d/profile.csv" ] && [ ! -s "$d.out" ] &&
		[ "$(wc -l <"$d.err")" -eq 1 ] && grep -q -- "$pat" "$d.err"; then
		pass "profile-boot refuses $what"
	else
		fail "profile-boot refuses $what (exit $rc, $(head -c 300 "$d.err"))"
	fi
	edit=
}
# refuse_map WHAT PATTERN MAP [ENV=V]: profile-boot COPY MAP
refuse_map() { what=$1 pat=$2 m=$3; shift 3; refuse "$what" "$pat" "$@" sh -c 'guest/plugin/profile-boot "$1" "$0"' "$m"; }
refuse_map "a missing System.map" "no such file" "$tmp/none/System.map"
perl -ne 'my ($a, $t, $n) = split; printf "%016x %s %s\n", hex($a) + 64, $t, $n' "$map" >"$tmp/shifted.map"
refuse_map "a System.map shifted by 64 bytes" "does not fit this kernel" "$tmp/shifted.map"
check "... with exit 1: a doubt, the boot stays ok without a profile (exit $rc)" [ $rc -eq 1 ]
# a KASLR-like slide (a multiple of 2 MiB) is found and undone: same profile
perl -ne 'my ($a, $t, $n) = split; printf "%016x %s %s\n", hex($a) - 0x400000, $t, $n' "$map" >"$tmp/slid.map"
mkdir "$tmp/slid" && cp "$tmp/b1/bench.csv" "$tmp/b1/plugin.raw" "$tmp/slid/"
guest/plugin/profile-boot "$tmp/slid" "$tmp/slid.map" 2>"$tmp/slid.err"
check "a System.map 4 MiB away (KASLR) gives the same profile.csv$(head -c 200 "$tmp/slid.err")" \
	cmp -s "$tmp/slid/profile.csv" "$p"
if fimg=$(kernel-patches/build 6.1-fstat 2>/dev/null); then
	refuse_map "6.1-fstat's System.map for a 6.1 boot" "does not fit this kernel" "$(dirname "$fimg")/System.map"
else
	fail "kernel-patches/build 6.1-fstat"
fi
refuse_map "a file that is not a System.map" "not" "$tmp/b1/bench.csv"
refuse_map "a worker binary without marks" "no kabench marks" "$map" KABENCH_PROFILE_WORKER=/bin/true
# the same marks, other code after them: a rebuilt worker
perl -0777 -pe 's/(\x0f\x1f\x80\x02\xa0\x42\x4b)(.)/$1 . chr(ord($2) ^ 1)/ge' build/bench/kabench >"$tmp/rebuilt"
refuse_map "a worker whose code differs from what ran" "not the code that ran" "$map" KABENCH_PROFILE_WORKER="$tmp/rebuilt"
edit='awk "/^sample,/ { if (++c == 4) next } 1" "$1/bench.csv" >"$1/b" && mv "$1/b" "$1/bench.csv"'
refuse_map "a bench.csv with a sample row missing" "windows but" "$map"
edit='sed -i "\$d" "$1/plugin.raw"'
refuse_map "a truncated plugin.raw" "incomplete" "$map"
check "... with exit 3: files cut short, the boot to run again (exit $rc)" [ $rc -eq 3 ]
edit='rm "$1/plugin.raw"'
refuse_map "a boot without plugin output" "no plugin output" "$map"
edit='awk "/^S / && !done { \$4 += 1; done = 1 } 1" "$1/plugin.stacks" >"$1/s" && mv "$1/s" "$1/plugin.stacks"'
refuse_map "call paths one execution off their flat count" "contexts add up to" "$map"
edit='sed -i "\$d" "$1/plugin.stacks"'
refuse_map "a truncated plugin.stacks" "incomplete" "$map"
edit='awk "/^S / && !done { \$2 = 40000000; done = 1 } 1" "$1/plugin.stacks" >"$1/s" && mv "$1/s" "$1/plugin.stacks"'
refuse_map "call paths in a context no record describes" "counted but not described" "$map"
