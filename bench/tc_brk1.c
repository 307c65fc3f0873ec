// SPDX-License-Identifier: GPL-2.0
/* brk1: will-it-scale's brk1 ("brk increase/decrease of one page"). Each
 * task moves the program break one page up from where it found it and back;
 * one op is one brk() call. Threads share one process's break: in threads
 * mode the tasks move the same break up and down. */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "kabench.h"

static int setup(struct kb_task *t)
{
	t->buf = sbrk(0);
	return 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	char *base = t->buf;
	long page = sysconf(_SC_PAGESIZE);

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (brk(base + page) != 0)
			return errno;
		if (brk(base) != 0)
			return errno;
		kb_count(ops, n += 2);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(brk1) = {
	.name = "brk1",
	.desc = "brk() one page up and back down (threads: one shared break)",
	.setup = setup,
	.loop = loop,
	.call = "brk",
};
