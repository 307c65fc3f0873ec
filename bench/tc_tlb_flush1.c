// SPDX-License-Identifier: GPL-2.0
/* tlb_flush1: will-it-scale's tlb_flush1 ("TLB flush of separate file
 * private mapping"). Each task maps its own file privately; for each page:
 * write 1 (a copy-on-write fault), madvise(MADV_DONTNEED) the page (drops
 * the copy and flushes its TLB entry), read it back (0 again: the file's
 * page, another fault); one op a page. The file is 64 MB, not upstream's
 * 128 MB: its pages stay in the page cache (tmpfs), and 2 x 128 MB would
 * fill the guest's tmpfs (half its 512 MB). Threads share one mm, so each
 * flush reaches the CPUs of the other tasks too. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE (64UL * 1024 * 1024)

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

KB_TESTCASE(tlb_flush1) = {
	.name = "tlb_flush1",
	.desc = "write, madvise(DONTNEED), read back each page of a private mapping of a per-task 64 MB file (upstream: 128 MB; threads: one shared mm)",
	.probe = probe,
	.needs = "madvise (CONFIG_ADVISE_SYSCALLS)",
	.setup = setup,
	.loop = loop,
	.call = "madvise(MADV_DONTNEED)",
};
