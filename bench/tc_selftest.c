/* Hidden testcases for kabench's own tests (not in --list):
 * _fail: the measured call fails (EIO) after 1000 ops in every task;
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

KB_TESTCASE(unsupported) = {
	.name = "_unsupported",
	.desc = "test only: never supported",
	.probe = unsupported_probe,
	.loop = fail_loop,
	.call = "selftest call",
};
