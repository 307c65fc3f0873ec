// SPDX-License-Identifier: GPL-2.0
/* pthread_mutex2: will-it-scale's pthread_mutex2 ("Uncontended pthread
 * mutex"). One op is a pthread_mutex_lock() and pthread_mutex_unlock() of
 * a mutex of the task's own, on its stack: uncontended in both modes. As
 * upstream, the results are not checked: on a default mutex neither call
 * can fail, and a check would be a large part of the work measured. */
#define _GNU_SOURCE
#include <pthread.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		pthread_mutex_lock(&mutex);
		pthread_mutex_unlock(&mutex);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pthread_mutex2) = {
	.name = "pthread_mutex2",
	.desc = "lock and unlock of a per-task mutex (uncontended)",
	.loop = loop,
	.call = "pthread_mutex_lock",
};
