// SPDX-License-Identifier: GPL-2.0
/* pread1: a 4 KB pread at offset 0 of a per-task 4 KB file. */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "kabench.h"

#define READ_SIZE 4096

static int setup(struct kb_task *t)
{
	return kb_setup_read_file(t, READ_SIZE, READ_SIZE);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = pread(fd, buf, READ_SIZE, 0);

		if (r != READ_SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pread1) = {
	.name = "pread1",
	.desc = "4 KB pread() at offset 0 of a per-task 4 KB file",
	.setup = setup,
	.loop = loop,
	.call = "pread",
};
