// SPDX-License-Identifier: GPL-2.0
/* getppid: the null system call, the baseline of every other testcase, and
 * will-it-scale's getppid1 (its alias: one testcase, one figure). As
 * upstream, one op is one glibc getppid() (the bare system call: glibc
 * never caches it). getppid has no error return, so there is nothing to
 * check. */
#define _GNU_SOURCE
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		getppid();
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(getppid) = {
	.name = "getppid",
	.alias = "getppid1",
	.desc = "getppid(), the null-syscall baseline (will-it-scale's getppid1)",
	.loop = loop,
	.call = "getppid",
};
