// SPDX-License-Identifier: GPL-2.0
/* lseek2: will-it-scale's lseek2 ("Same file lseek"): every task opens one
 * shared 4 KB file (an open file of its own) and lseek()s it to 0. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, 4096, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDWR, 0);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		off_t o = lseek(fd, 0, SEEK_SET);

		if (o != 0)
			return o < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(lseek2) = {
	.name = "lseek2",
	.desc = "lseek() to 0 of one shared 4 KB file, opened by each task",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "lseek",
};
