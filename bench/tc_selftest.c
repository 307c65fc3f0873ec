// SPDX-License-Identifier: GPL-2.0
/* Hidden testcases for kabench's own tests (not in --list):
 * _fail: the measured call fails (EIO) after 1000 ops in every task;
 * _fail_named: after 1000 ops, the loop's second call fails (named by kb_fail);
 * _fail_prepare: the once-per-run prepare fails (ENOSPC);
 * _unsupported: the probe says the kernel cannot run it. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

static int fail_loop(struct kb_task *t, uint64_t limit)
{
	for (uint64_t n = 0; n != limit;) {
		if (n == 1000)
			return EIO;
		syscall(SYS_getppid);
		kb_count(t->ops, ++n);
	}
	return 0;
}

static int fail_named_loop(struct kb_task *t, uint64_t limit)
{
	for (uint64_t n = 0; n != limit;) {
		syscall(SYS_getppid);
		if (n == 1000)
			return kb_fail(t, "second selftest call", EBADF);
		kb_count(t->ops, ++n);
	}
	return 0;
}

static int fail_prepare(struct kb_run *r)
{
	(void)r;
	return ENOSPC;
}

static int unsupported_probe(const char *dir)
{
	(void)dir;
	return KB_UNSUPPORTED_ERR;
}

KB_TESTCASE(fail) = {
	.name = "_fail",
	.desc = "test only: the measured call fails after 1000 ops",
	.loop = fail_loop,
	.call = "selftest call",
};

KB_TESTCASE(fail_named) = {
	.name = "_fail_named",
	.desc = "test only: the loop's second call fails after 1000 ops",
	.loop = fail_named_loop,
	.call = "selftest call",
};

KB_TESTCASE(fail_prepare) = {
	.name = "_fail_prepare",
	.desc = "test only: prepare fails",
	.prepare = fail_prepare,
	.loop = fail_loop,
	.call = "selftest call",
};

KB_TESTCASE(unsupported) = {
	.name = "_unsupported",
	.desc = "test only: never supported",
	.probe = unsupported_probe,
	.needs = "nothing that exists",
	.loop = fail_loop,
	.call = "selftest call",
};
