#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A patch that does not apply stops its variant with an error naming the
# variant, the patch and the failing file/hunk, and caches nothing. The
# committed series are untouched: the build points at a scratch variants dir.
. tests/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/variants/6.1-broken"
echo 6.1 >"$tmp/variants/6.1-broken/base"
cat >"$tmp/variants/6.1-broken/0001-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: kabench <kabench@invalid>
Subject: [PATCH] test: a hunk whose context is not in fs/stat.c

---
diff --git a/fs/stat.c b/fs/stat.c
--- a/fs/stat.c
+++ b/fs/stat.c
@@ -1,3 +1,3 @@
 this line is not in fs/stat.c
-nor is this one
+so the hunk must fail
 and neither is this one
PATCH
cache=$KABENCH_CACHE
KABENCH_VARIANTS_DIR=$tmp/variants kernel-patches/build 6.1-broken >"$tmp/out" 2>"$tmp/err"
rc=$?
check "broken patch: exit status 1" [ $rc = 1 ]
check "broken patch: nothing on stdout" [ ! -s "$tmp/out" ]
check "broken patch: error names variant, patch, file and hunk" \
	grep -q '6\.1-broken.*0001-broken\.patch.*fs/stat\.c.*Hunk #1 FAILED' "$tmp/err"
check "broken patch: nothing cached for the variant" \
	sh -c "! ls -d '$cache'/kernels/v/6.1-broken-* 2>/dev/null | grep -q ."
check "broken patch: pristine 6.1 tree untouched" \
	sh -c "! ls \"\$(kernel-patches/build --source 6.1 2>/dev/null)\"/fs/stat.c.* 2>/dev/null | grep -q ."
expect_exit 2 "unknown variant: exit 2" kernel-patches/build no-such-variant
check "unknown variant: one line on stderr naming it" \
	sh -c 'kernel-patches/build no-such-variant 2>&1 >/dev/null | { read -r l && ! read -r x && echo "$l" | grep -q no-such-variant; }'
expect_exit 2 "unknown profile: exit 2" kernel-patches/build 6.1 fancy
mkdir "$tmp/variants/9.99-x" && echo 9.99 >"$tmp/variants/9.99-x/base"
KABENCH_VARIANTS_DIR=$tmp/variants kernel-patches/build 9.99-x >/dev/null 2>"$tmp/err"
rc=$?
check "unknown base version: exit 2, one line naming it" \
	sh -c "[ $rc = 2 ] && [ \$(wc -l <'$tmp/err') = 1 ] && grep -q 9.99 '$tmp/err'"
check "--list names the six variants with their bases" \
	sh -c "kernel-patches/build --list | cut -f1,2 | tr '\t\n' ':,' | grep -qx '6.1:6.1,6.1-aa:6.1,6.1-fstat:6.1,6.12:6.12,6.12-no-fstat:6.12,6.12-no-movsq:6.12,'"
