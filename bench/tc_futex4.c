// SPDX-License-Identifier: GPL-2.0
/* futex4: will-it-scale's futex4 ("futex(FUTEX_WAIT_PRIVATE)"). One op is one
 * FUTEX_WAIT_PRIVATE for the value 1 on a futex word on the task's stack that
 * holds 0: the kernel returns EAGAIN at once, the expected result. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

static int probe(const char *dir)
{
	unsigned int word = 0;

	(void)dir;
	if (syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) < 0)
		return errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	return 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int *err = &errno;	/* once: __errno_location() is a call */

	*err = 0;
	for (uint64_t n = 0; !kb_done(n, limit);) {
		unsigned int word = 0;

		/* the one expected result is EAGAIN; syscall() leaves errno as it
		 * is on success, and a wait cannot succeed here (no one wakes) */
		syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0);
		if (*err != EAGAIN)
			return *err ? *err : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(futex4) = {
	.name = "futex4",
	.desc = "futex(FUTEX_WAIT_PRIVATE) on a word of the task's own (returns EAGAIN at once)",
	.probe = probe,
	.needs = "futexes (CONFIG_FUTEX)",
	.loop = loop,
	.call = "futex(FUTEX_WAIT_PRIVATE)",
};
