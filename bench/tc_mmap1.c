// SPDX-License-Identifier: GPL-2.0
/* mmap1: will-it-scale's mmap1 ("Anonymous memory mmap/munmap of 128MB").
 * One op is an mmap() of 128 MB of private anonymous memory and its
 * munmap(); nothing is touched. Threads share one mm. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include "kabench.h"

#define SIZE (128UL * 1024 * 1024)

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		void *p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return errno;
		if (munmap(p, SIZE) != 0)
			return kb_fail(t, "munmap", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(mmap1) = {
	.name = "mmap1",
	.desc = "mmap() and munmap() of 128 MB anonymous memory, untouched (threads: one shared mm)",
	.loop = loop,
	.call = "mmap",
};
