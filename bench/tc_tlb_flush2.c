// SPDX-License-Identifier: GPL-2.0
/* tlb_flush2: will-it-scale's tlb_flush2 ("TLB flush of anonymous memory
 * private mapping"). Each task maps 1 MB of anonymous memory; for each
 * page: write 1 (a fault), madvise(MADV_DONTNEED) the page (frees it,
 * flushes its TLB entry), read it back (0: a fresh zero page); one op a
 * page. Threads share one mm, so each flush reaches the CPUs of the other
 * tasks too. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE (1024 * 1024)

static int probe(const char *dir)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int err = 0;

	(void)dir;
	if (p == MAP_FAILED)
		return errno;
	if (madvise(p, 4096, MADV_DONTNEED) != 0)
		err = errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	munmap(p, 4096);
	return err;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int fd = -1;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		char *c = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, fd, 0);

		if (c == MAP_FAILED)
			return kb_fail(t, "mmap", errno);
		for (size_t i = 0; i < SIZE && !kb_done(n, limit); i += page) {
			c[i] = 1;
			if (madvise(c + i, page, MADV_DONTNEED) != 0)
				return errno;
			if (c[i] != 0)	/* the page kept what DONTNEED should have dropped */
				return EIO;
			kb_count(ops, ++n);
		}
		if (munmap(c, SIZE) != 0)
			return kb_fail(t, "munmap", errno);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(tlb_flush2) = {
	.name = "tlb_flush2",
	.desc = "write, madvise(DONTNEED), read back each page of 1 MB anonymous memory (threads: one shared mm)",
	.probe = probe,
	.needs = "madvise (CONFIG_ADVISE_SYSCALLS)",
	.loop = loop,
	.call = "madvise(MADV_DONTNEED)",
};
