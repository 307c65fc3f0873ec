// SPDX-License-Identifier: GPL-2.0
/* readseek1: will-it-scale's readseek1 ("Separate file seek+read"). One op
 * is an lseek() and a 4 KB read() of a per-task 4 KB file. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE 4096

static int setup(struct kb_task *t)
{
	if (!(t->buf = calloc(1, SIZE)))
		return ENOMEM;
	t->fd = kb_tmpfile(t->dir, SIZE);
	return t->fd < 0 ? errno : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;
	off_t offset = 0;

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

KB_TESTCASE(readseek1) = {
	.name = "readseek1",
	.desc = "lseek() to 0 and 4 KB read() of a per-task 4 KB file",
	.setup = setup,
	.loop = loop,
	.call = "read",
};
