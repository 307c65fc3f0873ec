// SPDX-License-Identifier: GPL-2.0
/* pread3: will-it-scale's pread3 ("Same file pread to different offsets").
 * Every task opens one shared file (an open file of its own) and pread()s
 * 4 KB at its own page: task i at i x 4096 of a file of one page per task. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

#define READ_SIZE 4096

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, READ_SIZE * (size_t)r->ntasks, 0);
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
	off_t offset = (off_t)READ_SIZE * t->index;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = pread(fd, buf, READ_SIZE, offset);

		if (r != READ_SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pread3) = {
	.name = "pread3",
	.desc = "4 KB pread() of the task's own page of one shared file",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "pread",
};
