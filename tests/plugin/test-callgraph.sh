#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The call graph files of two kernels read by Debian's valgrind tools:
# one profiled icount boot each of 6.1 and 6.1-fstat running
# fstatat_empty (seed 001's pair); cg_diff of their cachegrind files
# gives, function by function, exactly the difference of instructions
# per 10000 ops that their profile.csv rows give (each side rounded as
# printf rounds), and the same total. Their differential flame graph
# (report/flamegraphs, plot/flamegraph.awk): SVG well-formed, frame
# widths adding up to each parent's and to the total, the title naming
# both kernels and totals, a tooltip per frame with both counts and the
# difference, vfs_statx drawn as vanished, and the vanished subtree
# under vfs_fstatat holding exactly the instructions of the functions
# 6.1-fstat no longer runs (the flat profile's saving); a PNG; the
# section report/make-report appends to report.md.
. tests/lib.sh
make -s initramfs plugin >/dev/null 2>&1 || { fail "make initramfs plugin"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for v in 6.1 6.1-fstat; do
	img=$(kernel-patches/build "$v" 2>/dev/null) || { fail "kernel-patches/build $v"; exit 1; }
	guest/run-guest --kernel "$img" --out "$tmp/$v" --accel icount --seed 1 --profile \
		--tests fstatat_empty --interval 0.1 --warmup 1 --samples 2 2>"$tmp/$v.err"
	rc=$?
	check "$v: a profiled boot with its call graph files (exit $rc$(head -c 200 "$tmp/$v/profile.err" 2>/dev/null))" \
		[ $rc -eq 0 -a -s "$tmp/$v/callgraph/fstatat_empty-processes-1.cachegrind" ]
done
a=$tmp/6.1/callgraph/fstatat_empty-processes-1 b=$tmp/6.1-fstat/callgraph/fstatat_empty-processes-1
cg_diff "$a.cachegrind" "$b.cachegrind" >"$tmp/diff" 2>"$tmp/diff.err"
check "cg_diff reads both cachegrind files$(head -c 200 "$tmp/diff.err")" [ -s "$tmp/diff" ]
res=$(awk -v t=fstatat_empty '
	FNR == 1 { f++ }
	f == 1 && /^fl=/ { fl = substr($0, 4); next }
	f == 1 && /^fn=/ { fn = substr($0, 4); next }
	f == 1 && /^-?[0-9]+ / && fn != "" { cg[fl "," fn] += $2; next }
	f == 1 && /^summary:/ { cgsum = $2; next }
	f >= 2 && FNR > 1 && $1 == t && $6 == "symbol" { n[f, $7 "," $8] += $9; fns[$7 "," $8] = 1
		if (!seen[f, $4]++) ops[f] += $5 }
	END {
		for (x in fns) {
			d = sprintf("%.0f", n[3, x] * 10000 / ops[3]) - sprintf("%.0f", n[2, x] * 10000 / ops[2])
			nf++; tot += d
			if (d != cg[x] + 0) bad = bad " " x ":" d "/" cg[x]
			if (d < big) { big = d; bigf = x }
		}
		for (x in cg) if (!(x in fns) && cg[x] != 0) bad = bad " " x ":extra"
		printf "%d functions, total %+.4f/op (cg_diff %+.4f), largest %s %+.4f/op%s", nf, tot / 10000,
			cgsum / 10000, bigf, big / 10000, bad ? "; differ:" substr(bad, 1, 300) : ""
		exit !(nf > 0 && bad == "" && tot == cgsum) }' "$tmp/diff" FS=, "$tmp/6.1/profile.csv" "$tmp/6.1-fstat/profile.csv")
check "cg_diff 6.1 6.1-fstat: every function's difference per 10000 ops = profile.csv's ($res)" [ $? -eq 0 ]

# The differential flame graph (report/flamegraphs, plot/flamegraph.awk)
# of the pair, from a run folder holding the two boots.
run=$tmp/run
mkdir -p "$run/boots" && cp -r "$tmp/6.1" "$run/boots/6.1-1" && cp -r "$tmp/6.1-fstat" "$run/boots/6.1-fstat-1" &&
	printf 'cell\tvariant\tboot\n6.1-1\t6.1\t1\n6.1-fstat-1\t6.1-fstat\t1\n' >"$run/plan" &&
	printf 'group,label,base_variant,base_test,new_variant,new_test,published_pct\n6.1 -> 6.1-fstat,fstatat_empty,6.1,fstatat_empty,6.1-fstat,fstatat_empty,\n' >"$tmp/pairs.csv"
report/flamegraphs "$run" "$tmp/pairs.csv" >"$tmp/flame.md" 2>"$tmp/flame.err"
rc=$? svg=$run/flame-1.svg
check "report/flamegraphs draws flame-1.svg and its section (exit $rc$(head -c 200 "$tmp/flame.err"))" \
	sh -c '[ "$1" -eq 0 ] && [ -s "$2" ] && grep -q "^### 1\. fstatat_empty: 6.1 -> 6.1-fstat" "$3"' - "$rc" "$svg" "$tmp/flame.md"
if command -v rsvg-convert >/dev/null 2>&1; then
	check "...and flame-1.png (rsvg-convert)" sh -c '[ -s "$1" ] && grep -q "(flame-1.png)" "$2"' - "$run/flame-1.png" "$tmp/flame.md"
else
	fail "rsvg-convert is not installed (librsvg2-bin, lib/install-deps): no flame-1.png"
fi
# well-formed: xmllint when there, and every element opened is closed
wf=$(awk '{ s = $0; gsub(/<\?[^>]*\?>/, "", s); gsub(/<[^>]*\/>/, "", s)
	while (match(s, /<\/?[a-zA-Z][^>]*>/)) { t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		if (t ~ /^<\//) { n = t; gsub(/[<\/>]/, "", n); if (st[d] != n) { print "line " NR ": </" n "> closes <" st[d] ">"; exit 1 } d-- }
		else { n = t; sub(/^</, "", n); sub(/[ >].*/, "", n); st[++d] = n } } }
	END { if (d) print d " elements not closed" }' "$svg")
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$svg" 2>"$tmp/xml.err" || wf="$wf xmllint: $(head -c 200 "$tmp/xml.err")"
fi
check "flame-1.svg is well-formed XML${wf:+ ($wf)}" [ -z "$wf" ]
# frame widths: each frame's drawn children and the width it left out
# (data-hidden) add up to at most its width; "all"'s exactly to the whole
res=$(awk 'match($0, /^<g id="frames" data-total="[0-9.]+" data-width="[0-9]+"/) { split(substr($0, RSTART, RLENGTH), a, "\""); total = a[4]; full = a[6] }
	/^<g class="f"/ { split($0, a, "\""); n++; dep[n] = a[4]; hid[n] = a[6]
		match($0, /<rect x="[0-9.]+" y="[0-9.]+" width="[0-9.]+"/); split(substr($0, RSTART, RLENGTH), r, "\"")
		x[n] = r[2]; w[n] = r[6] }
	END {
		for (i = 1; i <= n; i++) {
			sum = hid[i]
			for (j = 1; j <= n; j++) if (dep[j] == dep[i] + 1 && x[j] >= x[i] - 0.001 && x[j] < x[i] + w[i] - 0.001) sum += w[j]
			if (sum > w[i] + 0.01) { bad++; if (bad < 4) ex = ex sprintf(" frame %d: %.4f > %.4f", i, sum, w[i]) }
			if (dep[i] == 0) { allw = w[i]; allsum = sum }
		}
		d = allsum - allw; if (d < 0) d = -d
		e = allw - full; if (e < 0) e = -e
		printf "%d frames, all %.4f of %d px, its children + hidden %.4f%s", n, allw, full, allsum, ex
		exit !(n > 10 && !bad && d < 0.01 && e < 0.01 && total == allw) }' "$svg")
check "flame-1.svg: frame widths add up to each parent's, and to the total ($res)" [ $? -eq 0 ]
check "the title names the testcase and both kernels, the line under it both totals per op" \
	sh -c 'grep -q ">fstatat_empty: 6.1 -&gt; 6.1-fstat (processes, 1 task" "$1" &&
		grep -Eq ">instructions per op: 6.1 [0-9]+\.[0-9]{2} -&gt; 6.1-fstat [0-9]+\.[0-9]{2}, -[0-9]+\.[0-9]{2} \(-[0-9.]+%\)<" "$1"' - "$svg"
nt=$(grep -c '^<g class="f"' "$svg") ntt=$(grep -c '^<g class="f"[^>]*><title>[^<]*6\.1: [0-9.]* instructions/op[^<]*6\.1-fstat: [0-9.]*[^<]*difference: [-+0-9.]*' "$svg")
check "every frame has a tooltip with both kernels' counts and the difference ($ntt of $nt)" [ "$nt" -gt 0 -a "$nt" = "$ntt" ]
check "vfs_statx is drawn as vanished (dashed) under vfs_fstatat" \
	grep -q '<title>vfs_statx (kernel)&#10;6\.1: [0-9.]* instructions/op&#10;6\.1-fstat: 0\.00 (vanished)[^<]*</title><rect[^>]*stroke-dasharray' "$svg"
# Seed 001's patch cuts vfs_fstatat short: the functions 6.1-fstat never
# runs (profile.csv: rows in 6.1 only) run, in 6.1, only in call paths
# under vfs_fstatat that vanished in 6.1-fstat: that vanished subtree
# holds exactly their instructions, which the flat profile says were saved.
res=$(awk 'FNR == 1 { f++ }
	f <= 2 && FNR > 1 && $1 == "fstatat_empty" && $6 == "symbol" { fn[f, $7 "," $8] += $9; if (!s[f, $4]++) ops[f] += $5; next }
	f == 3 { n = $NF; p = $0; sub(/ [0-9]+$/, "", p); inb[p] = 1; next }
	f == 4 { n = $NF; p = $0; sub(/ [0-9]+$/, "", p); k = split(p, a, ";"); sp = "user"
		if (a[k] ~ /_\[k\]$/) { sp = "kernel"; sub(/_\[k\]$/, "", a[k]) }
		if (!((2, sp "," a[k]) in fn)) { gone[sp "," a[k]] = 1
			if (!(p in inb) && p ~ /;vfs_fstatat_\[k\];/) under += n; else elsewhere += n }
		if (!(p in inb) && p ~ /;vfs_fstatat_\[k\];/) vanished += n }
	END { for (x in fn) { split(x, q, SUBSEP); if (q[1] == 1 && !((2, q[2]) in fn)) { flat += fn[x]; nf++ } }
		printf "%d functions gone: flat %.0f instructions (%.2f/op), in the vanished subtree under vfs_fstatat %.0f, elsewhere %.0f; the whole vanished subtree %.2f/op",
			nf, flat, flat / ops[1], under, elsewhere, vanished / ops[1]
		exit !(nf > 5 && flat > 0 && flat == under && elsewhere == 0) }' \
	FS=, "$tmp/6.1/profile.csv" "$tmp/6.1-fstat/profile.csv" FS=' ' "$b.folded" "$a.folded")
check "6.1 -> 6.1-fstat: the vanished subtree under vfs_fstatat holds exactly the instructions of the functions saved ($res)" [ $? -eq 0 ]
# Per kernel (its boots summed, RUN/callgraph/): cg_diff of the two
# kernels' files gives analyze/profile-summary's difference per function,
# callgrind_annotate its total.
analyze/profile-summary "$run" 2>/dev/null
ka=$run/callgraph/6.1-fstatat_empty-processes-1 kb=$run/callgraph/6.1-fstat-fstatat_empty-processes-1
cg_diff "$ka.cachegrind" "$kb.cachegrind" >"$tmp/kdiff" 2>"$tmp/kdiff.err"
res=$(awk '
	FNR == 1 { f++ }
	f == 1 && FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	f == 1 && $c["testcase"] == "fstatat_empty" && $c["kind"] == "symbol" {
		s = ($c["variant"] == "6.1" ? 1 : $c["variant"] == "6.1-fstat" ? 2 : 0)
		if (s) { n[s, $c["space"] "," $c["symbol"]] = $c["instructions"]; ops[s] = $c["ops"]; fns[$c["space"] "," $c["symbol"]] = 1 } next }
	f == 1 && $c["testcase"] == "fstatat_empty" && $c["kind"] == "total" && $c["variant"] == "6.1" { total = $c["instructions"]; next }
	f == 2 && /^fl=/ { fl = substr($0, 4); next }
	f == 2 && /^fn=/ { fn = substr($0, 4); next }
	f == 2 && /^-?[0-9]+ / && fn != "" { cg[fl "," fn] += $2; next }
	f == 3 && /PROGRAM TOTALS/ { ca = $1; gsub(/,/, "", ca) }
	END {
		for (x in fns) {
			d = sprintf("%.0f", n[2, x] * 10000 / ops[2]) - sprintf("%.0f", n[1, x] * 10000 / ops[1])
			nf++; if (d != cg[x] + 0) bad = bad " " x ":" d "/" cg[x]
		}
		printf "%d functions%s; callgrind_annotate total %s of %.0f", nf, bad ? ", differ:" substr(bad, 1, 300) : "", ca, total
		exit !(nf > 0 && bad == "" && ca == total && total > 0) }' \
	FS=, "$run/profile-summary.csv" FS=' ' "$tmp/kdiff" "$(callgrind_annotate --auto=no "$ka.callgrind" >"$tmp/ka.txt" 2>&1; echo "$tmp/ka.txt")")
check "per kernel: cg_diff = profile-summary.csv's difference per function, callgrind_annotate its total ($res)" [ $? -eq 0 ]
# --md (report/make-report's last step): the section ends report.md
printf '# a report\n' >"$run/report.md"
report/flamegraphs --md "$run/report.md" "$run" "$tmp/pairs.csv" >"$tmp/md.out" 2>&1
check "--md appends the section to report.md, prints nothing" \
	sh -c '[ ! -s "$1" ] && [ "$(head -n 1 "$2")" = "# a report" ] &&
		grep -q "^## Where the difference runs: differential flame graphs" "$2" && grep -q "(flame-1.svg)" "$2"' - "$tmp/md.out" "$run/report.md"
# a run whose boots have no call paths: nothing at all
rm -rf "$run/boots/6.1-1/callgraph" "$run/boots/6.1-fstat-1/callgraph" "$run"/flame-* "$run/callgraph"
report/flamegraphs "$run" "$tmp/pairs.csv" >"$tmp/none.out" 2>&1
rc=$?
check "a run without call paths: exit 0, no output, no flame graph (exit $rc)" \
	sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ] && ! ls "$3"/flame-* "$3/callgraph" >/dev/null 2>&1' - "$rc" "$tmp/none.out" "$run"
