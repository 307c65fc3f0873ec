// SPDX-License-Identifier: GPL-2.0
/* pthread_mutex3: will-it-scale's pthread_mutex3 ("Contended pthread mutex
 * with global update"). As pthread_mutex1 (a global mutex: contended by
 * threads, a copy per process), with an increment of a global variable
 * while it is held. As upstream, the results are not checked: on a default
 * mutex neither call can fail, and a check would be a large part of the
 * work measured. */
#define _GNU_SOURCE
#include <pthread.h>
#include "kabench.h"

/* globals: one for all threads, a copy per forked process */
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
unsigned long kb_pthread_mutex3_val;	/* not static: the increment stays */

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		pthread_mutex_lock(&mutex);
		kb_pthread_mutex3_val++;
		pthread_mutex_unlock(&mutex);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pthread_mutex3) = {
	.name = "pthread_mutex3",
	.desc = "lock, global increment, unlock of a global mutex (threads: contended; processes: a copy each)",
	.loop = loop,
	.call = "pthread_mutex_lock",
};
