// SPDX-License-Identifier: GPL-2.0
/* page_fault1: will-it-scale's page_fault1 ("Anonymous memory page fault").
 * Each task maps 128 MB of private anonymous memory, writes one byte to
 * each page (one op: one page fault that allocates a zeroed page), then
 * unmaps it and starts again. 2 tasks need 256 MB. Threads fault in one
 * shared mm. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE (128UL * 1024 * 1024)

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int fd = -1;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		char *c = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, fd, 0);

		if (c == MAP_FAILED)
			return errno;
		for (size_t i = 0; i < SIZE && !kb_done(n, limit); i += page) {
			c[i] = 0;
			kb_count(ops, ++n);
		}
		if (munmap(c, SIZE) != 0)
			return kb_fail(t, "munmap", errno);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(page_fault1) = {
	.name = "page_fault1",
	.desc = "write faults on 128 MB of fresh anonymous memory, one op a page (threads: one shared mm)",
	.loop = loop,
	.call = "mmap",
};
