/* getppid: the null system call, the baseline of every other testcase. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

static int setup(struct kb_task *t)
{
	t->expect = getppid();
	return 0;
}

static int loop(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	long ppid = t->expect;

	for (uint64_t n = 0; n != limit;) {
		/* A changed parent means kabench's parent process is gone. */
		if (syscall(SYS_getppid) != ppid)
			return ESRCH;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_TESTCASE(getppid) = {
	.name = "getppid",
	.desc = "getppid syscall, the null-syscall baseline",
	.setup = setup,
	.loop = loop,
	.call = "getppid",
};
