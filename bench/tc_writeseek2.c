// SPDX-License-Identifier: GPL-2.0
/* writeseek2: will-it-scale's writeseek2 ("Same file seek+read to same
 * offset", upstream's description; it writes). One op is an lseek() and a
 * 4 KB write() of one shared 4 KB file, opened by each task (an open file
 * of its own). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define SIZE 4096

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, SIZE, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDWR, SIZE);
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
		r = write(fd, buf, SIZE);
		if (r != SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(writeseek2) = {
	.name = "writeseek2",
	.desc = "lseek() to 0 and 4 KB write() of one shared 4 KB file, each task its own open file",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "write",
};
