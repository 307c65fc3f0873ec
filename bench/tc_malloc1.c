// SPDX-License-Identifier: GPL-2.0
/* malloc1: will-it-scale's malloc1 ("malloc/free of 128MB"). One op is a
 * malloc() of 128 MB and its free(): above glibc's mmap threshold, an
 * mmap() and a munmap(); nothing is touched. Threads share one mm. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include "kabench.h"

#define SIZE (128UL * 1024 * 1024)

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		void *p = malloc(SIZE);

		if (!p)
			return ENOMEM;
		KB_ESCAPE(p);	/* or the compiler drops the pair */
		free(p);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(malloc1) = {
	.name = "malloc1",
	.desc = "malloc() and free() of 128 MB (an mmap and munmap; threads: one shared mm)",
	.loop = loop,
	.call = "malloc",
};
