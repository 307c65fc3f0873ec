// SPDX-License-Identifier: GPL-2.0
/* futex1: will-it-scale's futex1 ("futex(FUTEX_WAKE)"). One op is one
 * FUTEX_WAKE of a futex word on the task's stack that nobody waits on (it
 * returns 0 woken). Not private: the kernel looks the word up as a
 * shared futex. */
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

	for (uint64_t n = 0; !kb_done(n, limit);) {
		unsigned int word = 0;

		if (syscall(SYS_futex, &word, FUTEX_WAKE, 1, NULL, NULL, 0) < 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(futex1) = {
	.name = "futex1",
	.desc = "futex(FUTEX_WAKE) on a word of the task's own, no waiters",
	.probe = probe,
	.needs = "futexes (CONFIG_FUTEX)",
	.loop = loop,
	.call = "futex(FUTEX_WAKE)",
};
