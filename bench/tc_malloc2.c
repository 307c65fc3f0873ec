// SPDX-License-Identifier: GPL-2.0
/* malloc2: will-it-scale's malloc2 ("malloc/free of 1kB"). One op is a
 * malloc() of 1 kB and its free(): no system call, glibc's per-thread
 * cache. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include "kabench.h"

#define SIZE (1024)

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

KB_TESTCASE(malloc2) = {
	.name = "malloc2",
	.desc = "malloc() and free() of 1 kB",
	.loop = loop,
	.call = "malloc",
};
