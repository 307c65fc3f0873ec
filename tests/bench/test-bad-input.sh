#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input: exit 2, one line on stderr naming the bad value, nothing on stdout.
# kernel-free: it runs the worker natively; no kernel.
. tests/lib.sh
make -s build/bench/kabench || { fail "make build/bench/kabench"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/file"

# bad VALUE ARGS...: kabench ARGS exits 2 with one stderr line naming VALUE.
bad() {
	value=$1; shift
	build/bench/kabench "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -ne 2 ]; then fail "kabench $* exits 2 (got $rc)"; return; fi
	if [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF -- "$value" "$tmp/err"; then
		fail "kabench $*: one stderr line naming '$value' (got: $(cat "$tmp/err"))"
		return
	fi
	if [ -s "$tmp/out" ]; then fail "kabench $*: nothing on stdout"; return; fi
	pass "kabench $*: exit 2, names '$value'"
}

bad nosuch --test nosuch
bad "'0'" --test getppid --tasks 0
bad 1025 --test getppid --tasks 1025
bad 1- --test getppid --tasks 1-
bad 3-1 --test getppid --tasks 3-1
bad 1,,2 --test getppid --tasks 1,,2
bad abc --test getppid --tasks abc
bad -2 --test getppid --tasks -2
bad abc --test getppid --interval abc
bad -1 --test getppid --interval -1
bad "'0'" --test getppid --interval 0
bad 1e3 --test getppid --interval 1e3
bad -1 --test getppid --warmup -1
bad x --test getppid --samples x
bad "'0'" --test getppid --samples 0
bad /nonexistent --test getppid --dir /nonexistent
bad /proc --test getppid --dir /proc
bad "$tmp/file" --test getppid --dir "$tmp/file"
bad --bogus --test getppid --bogus
bad --tasks --test getppid --tasks
bad stray --test getppid stray
bad --test --tasks 1
