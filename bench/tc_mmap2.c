// SPDX-License-Identifier: GPL-2.0
/* mmap2: will-it-scale's mmap2 ("Separate file mmap/munmap of 128MB"). One
 * op is a private mmap() of a per-task 128 MB file (sparse: ftruncate()d,
 * it holds no data) and its munmap(); nothing is touched. */
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
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		void *p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

		if (p == MAP_FAILED)
			return errno;
		if (munmap(p, SIZE) != 0)
			return kb_fail(t, "munmap", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(mmap2) = {
	.name = "mmap2",
	.desc = "private mmap() and munmap() of a per-task sparse 128 MB file, untouched (threads: one shared mm)",
	.setup = setup,
	.loop = loop,
	.call = "mmap",
};
