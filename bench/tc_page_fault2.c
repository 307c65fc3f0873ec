// SPDX-License-Identifier: GPL-2.0
/* page_fault2: will-it-scale's page_fault2 ("Separate file private mapping
 * page fault"). Each task maps its own file privately, writes one byte to
 * each page (one op: a fault that reads the file's page and copies it,
 * copy-on-write), then unmaps it and starts again. The file is upstream's
 * 128 MB: at 64 MB a fault cost 1.1-1.6% fewer instructions than
 * upstream's (bench/README.md, Agreement). Each task holds the file's
 * pages in the page cache (tmpfs) and as many private copies, 256 MB: two
 * tasks need a guest of 768 MB (MEM=768). Threads fault in one shared mm. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE (128UL * 1024 * 1024)

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
		char *c = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

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

KB_TESTCASE(page_fault2) = {
	.name = "page_fault2",
	.desc = "write (copy-on-write) faults on a private mapping of a per-task 128 MB file, one op a page (threads: one shared mm)",
	.setup = setup,
	.loop = loop,
	.call = "mmap",
};
