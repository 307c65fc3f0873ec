// SPDX-License-Identifier: GPL-2.0
/* fstat: the fstat system call itself (number 5 on x86-64). */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	struct stat st;
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_fstat, fd, &st) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(fstat) = {
	.name = "fstat",
	.desc = "fstat syscall on a per-task file (syscall(SYS_fstat))",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "fstat",
};
