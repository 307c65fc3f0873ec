// SPDX-License-Identifier: GPL-2.0
/* lseek1: will-it-scale's lseek1 ("Separate file lseek"). One op is an
 * lseek() to 0 of a per-task 4 KB file. */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "kabench.h"

static int setup(struct kb_task *t)
{
	t->fd = kb_tmpfile(t->dir, 4096);
	return t->fd < 0 ? errno : 0;
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

KB_TESTCASE(lseek1) = {
	.name = "lseek1",
	.desc = "lseek() to 0 of a per-task 4 KB file",
	.setup = setup,
	.loop = loop,
	.call = "lseek",
};
