// SPDX-License-Identifier: GPL-2.0
/* page_fault3: will-it-scale's page_fault3 ("Separate file shared mapping
 * page fault"). Each task maps its own file shared, writes one byte to
 * each page (one op: a fault that maps, and the first time allocates, the
 * file's page), then unmaps it and starts again. The file is 64 MB, not
 * upstream's 128 MB: its pages stay in the page cache, and 2 x 128 MB
 * would fill the guest's tmpfs (half its 512 MB). Threads fault in one
 * shared mm. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE (64UL * 1024 * 1024)

static int setup(struct kb_task *t)
{
	t->fd = kb_tmpfile(t->dir, 0);
	if (t->fd < 0)
		return errno;
	return ftruncate(t->fd, SIZE) != 0 ? kb_fail(t, "ftruncate", errno) : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		char *c = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

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

KB_TESTCASE(page_fault3) = {
	.name = "page_fault3",
	.desc = "write faults on a shared mapping of a per-task 64 MB file (upstream: 128 MB), one op a page (threads: one shared mm)",
	.setup = setup,
	.loop = loop,
	.call = "mmap",
};
