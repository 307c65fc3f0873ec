// SPDX-License-Identifier: GPL-2.0
/* fstat_libc: glibc's fstat(), whatever system call the libc makes of it. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	struct stat st;
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (fstat(fd, &st) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(fstat_libc) = {
	.name = "fstat_libc",
	.desc = "libc fstat() on a per-task file (glibc 2.33+: newfstatat \"\")",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "fstat()",
};
