// SPDX-License-Identifier: GPL-2.0
/* pwrite1: will-it-scale's pwrite1 ("Separate file pwrite"). One op is a
 * 4 KB pwrite() at offset 0 of a per-task file. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define WRITE_SIZE 4096

static int setup(struct kb_task *t)
{
	if (!(t->buf = calloc(1, WRITE_SIZE)))
		return ENOMEM;
	return kb_setup_empty_file(t);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = pwrite(fd, buf, WRITE_SIZE, 0);

		if (r != WRITE_SIZE)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pwrite1) = {
	.name = "pwrite1",
	.desc = "4 KB pwrite() at offset 0 of a per-task file",
	.setup = setup,
	.loop = loop,
	.call = "pwrite",
};
