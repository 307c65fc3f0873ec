// SPDX-License-Identifier: GPL-2.0
/* brk2: will-it-scale's brk2 ("brk unshared increase/decrease of one page").
 * Each task first grows the break by a page of its own, then moves the
 * break one page above that and back; one op is one brk() call. Threads
 * share one break: each thread grows it by its own page first (one after
 * the other), then they all move the one break. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include "kabench.h"

static pthread_mutex_t grow = PTHREAD_MUTEX_INITIALIZER;

static int setup(struct kb_task *t)
{
	long page = sysconf(_SC_PAGESIZE);
	char *old;

	pthread_mutex_lock(&grow);	/* sbrk() is not thread-safe */
	old = sbrk(page);
	pthread_mutex_unlock(&grow);
	if (old == (void *)-1)
		return kb_fail(t, "sbrk", errno);
	t->buf = old + page;
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

KB_TESTCASE(brk2) = {
	.name = "brk2",
	.desc = "brk() one page up and back, above a page of the task's own (threads: one shared break)",
	.setup = setup,
	.loop = loop,
	.call = "brk",
};
