#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build/guest/parse-console on the golden console logs in tests/guest/logs/:
# NAME.log is parsed (with the options in NAME.opts, if any) and each of
# facts, bench.csv, status.csv, verdict must equal NAME.expected/<file>.
# kernel-free: it builds, fetches and boots no kernel.
. tests/lib.sh
make -s build/guest/parse-console >/dev/null || { fail "make build/guest/parse-console"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for log in tests/guest/logs/*.log; do
	name=$(basename "$log" .log)
	want=tests/guest/logs/$name.expected
	opts=
	[ -f "tests/guest/logs/$name.opts" ] && opts=$(cat "tests/guest/logs/$name.opts")
	mkdir "$tmp/$name"
	build/guest/parse-console $opts "$log" "$tmp/$name" 2>"$tmp/$name.err"
	rc=$?
	wrc=1
	[ "$(head -n 1 "$want/verdict")" = ok ] && wrc=0
	check "$name: exit $rc, verdict $(head -n 1 "$tmp/$name/verdict" 2>/dev/null)" [ $rc -eq $wrc ]
	for f in facts bench.csv status.csv verdict; do
		if cmp -s "$want/$f" "$tmp/$name/$f"; then
			pass "$name: $f as expected"
		else
			fail "$name: $f differs: $(diff "$want/$f" "$tmp/$name/$f" | head -n 5 | tr '\n' ' ')"
		fi
	done
done

# Bad input: exit 2 and nothing overwritten.
expect_exit 2 "parse-console: missing log" build/guest/parse-console "$tmp/nope.log" "$tmp"
mkdir "$tmp/again"
echo keep >"$tmp/again/verdict"
build/guest/parse-console tests/guest/logs/good.log "$tmp/again" >/dev/null 2>&1
rc=$?
check "parse-console: existing outputs refused (exit $rc), nothing written" \
	[ $rc -eq 2 -a "$(cat "$tmp/again/verdict")" = keep -a "$(ls "$tmp/again")" = verdict ]
# --fact without "=", into a folder that would take the outputs: refused
# for the fact alone, named in the message, and nothing written.
mkdir "$tmp/x"
msg=$(build/guest/parse-console --fact accel tests/guest/logs/good.log "$tmp/x" 2>&1)
rc=$?
check "parse-console: --fact without = exits 2 ($rc), names it, writes nothing" \
	sh -c '[ "$1" -eq 2 ] && echo "$2" | grep -q "fact accel" && [ -z "$(ls -A "$3")" ]' - "$rc" "$msg" "$tmp/x"
# The worker's CSV header is the one kabench prints: one definition.
make -s build/bench/kabench >/dev/null 2>&1
check "good.expected's bench.csv header is kabench --csv-header" \
	[ "$(head -n 1 tests/guest/logs/good.expected/bench.csv)" = "$(build/bench/kabench --csv-header)" ]

# A masked flag is a whole word of the guest's flags: good.log shows ssse3,
# sse4_1, sse4_2 and sse4a but neither sse3 (Linux calls it pni) nor sse4.
# mask MASK: the verdict's first line, then the flags it names as leaked
mask() {
	rm -rf "$tmp/m"; mkdir "$tmp/m"
	build/guest/parse-console --mask "$1" tests/guest/logs/good.log "$tmp/m" >/dev/null 2>&1
	echo "$(head -n 1 "$tmp/m/verdict" 2>/dev/null) $(sed -n 's/ still visible in the guest.*//p' "$tmp/m/verdict" 2>/dev/null)"
}
check "mask sse3: not a leak, though ssse3 holds it" [ "$(mask sse3)" = "ok " ]
check "mask sse4: not a leak, though sse4_1, sse4_2 and sse4a start with it" [ "$(mask sse4)" = "ok " ]
check "mask ssse3: a leak naming ssse3" [ "$(mask ssse3)" = "mask-leak ssse3" ]
check "mask sse3,sse4,ssse3,erms: a leak naming ssse3 alone" [ "$(mask sse3,sse4,ssse3,erms)" = "mask-leak ssse3" ]
check "the first flag (fpu) and the last (la57) are found" [ "$(mask fpu,la57)" = "mask-leak fpu la57" ]
