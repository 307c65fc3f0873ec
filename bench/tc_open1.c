// SPDX-License-Identifier: GPL-2.0
/* open1: will-it-scale's open1 ("Separate file open/close"). Each task
 * open()s and close()s a named file of its own; the files are made before
 * the tasks start, side by side in --dir. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, r->ntasks, 0, 0);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	const char *path = t->run->files[t->index];
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		int fd = open(path, O_RDWR);

		if (fd < 0)
			return errno;
		if (close(fd) != 0)
			return kb_fail(t, "close", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(open1) = {
	.name = "open1",
	.desc = "open() and close() of a per-task named file, all in --dir",
	.prepare = prepare,
	.loop = loop,
	.call = "open",
};
