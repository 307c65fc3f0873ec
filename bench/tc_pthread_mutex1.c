// SPDX-License-Identifier: GPL-2.0
/* pthread_mutex1: will-it-scale's pthread_mutex1 ("Contended pthread
 * mutex"). One op is a pthread_mutex_lock() and pthread_mutex_unlock() of
 * a mutex in a global variable: contended by the threads of threads mode,
 * while each process of processes mode has its own copy (fork) and never
 * waits. As upstream, the results are not checked: on a default mutex
 * neither call can fail, and a check would be a large part of the work
 * measured. */
#define _GNU_SOURCE
#include <pthread.h>
#include "kabench.h"

/* global: one for all threads, a copy per forked process */
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		pthread_mutex_lock(&mutex);
		pthread_mutex_unlock(&mutex);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pthread_mutex1) = {
	.name = "pthread_mutex1",
	.desc = "lock and unlock of a global mutex (threads: one contended mutex; processes: a copy each, uncontended)",
	.loop = loop,
	.call = "pthread_mutex_lock",
};
