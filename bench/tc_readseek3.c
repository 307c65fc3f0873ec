// SPDX-License-Identifier: GPL-2.0
/* readseek3: will-it-scale's readseek3 ("Same file seek+read to different
 * offsets"). One op is an lseek() and a 4 KB read() of one shared file of
 * one page per task, opened by each task: task i at its own page, i x
 * 4096. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE 4096

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, SIZE * (size_t)r->ntasks, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDONLY, SIZE);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;
	off_t offset = (off_t)SIZE * t->index;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		off_t o = lseek(fd, offset, SEEK_SET);
		ssize_t r;

		if (o != offset)
			return kb_fail(t, "lseek", o < 0 ? errno : EIO);
		r = read(fd, buf, SIZE);
		if (r != SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(readseek3) = {
	.name = "readseek3",
	.desc = "lseek() to the task's own page and 4 KB read() of one shared file",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "read",
};
