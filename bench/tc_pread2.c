// SPDX-License-Identifier: GPL-2.0
/* pread2: will-it-scale's pread2 ("Same file pread to same offset"). Every task
 * opens one shared file (an open file of its own) and pread()s 4 KB at
 * offset 0 of its 4 KB. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

#define READ_SIZE 4096

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, READ_SIZE, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDONLY, READ_SIZE);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;
	off_t offset = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = pread(fd, buf, READ_SIZE, offset);

		if (r != READ_SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pread2) = {
	.name = "pread2",
	.desc = "4 KB pread() at offset 0 of one shared 4 KB file",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "pread",
};
