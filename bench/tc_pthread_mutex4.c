// SPDX-License-Identifier: GPL-2.0
/* pthread_mutex4: will-it-scale's pthread_mutex4 ("Contended pthread mutex
 * with local update"). As pthread_mutex1 (a global mutex: contended by
 * threads, a copy per process), with an increment of a variable on the
 * task's stack while it is held. As upstream, the results are not checked:
 * on a default mutex neither call can fail, and a check would be a large
 * part of the work measured. */
#define _GNU_SOURCE
#include <pthread.h>
#include "kabench.h"

/* global: one for all threads, a copy per forked process */
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	unsigned long val = 0;

	KB_ESCAPE(&val);	/* in memory, as upstream's alloca()ed one */
	for (uint64_t n = 0; !kb_done(n, limit);) {
		pthread_mutex_lock(&mutex);
		val++;
		pthread_mutex_unlock(&mutex);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pthread_mutex4) = {
	.name = "pthread_mutex4",
	.desc = "lock, local increment, unlock of a global mutex (threads: contended; processes: a copy each)",
	.loop = loop,
	.call = "pthread_mutex_lock",
};
