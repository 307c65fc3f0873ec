// SPDX-License-Identifier: GPL-2.0
/* posix_semaphore1: will-it-scale's posix_semaphore1 ("POSIX semaphores").
 * One op is a sem_wait() and a sem_post() of an unnamed semaphore of the
 * task's own, initially 1: uncontended, no system call. As upstream, their
 * results are not checked: neither can fail on a valid semaphore that no
 * signal interrupts, and a check would be most of the work measured. */
#define _GNU_SOURCE
#include <errno.h>
#include <semaphore.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	sem_t sem;

	if (sem_init(&sem, 0, 1) != 0)
		return kb_fail(t, "sem_init", errno);
	for (uint64_t n = 0; !kb_done(n, limit);) {
		sem_wait(&sem);
		sem_post(&sem);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(posix_semaphore1) = {
	.name = "posix_semaphore1",
	.desc = "sem_wait() and sem_post() of a per-task unnamed semaphore (no system call)",
	.loop = loop,
	.call = "sem_wait",
};
