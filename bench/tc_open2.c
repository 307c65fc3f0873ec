// SPDX-License-Identifier: GPL-2.0
/* open2: will-it-scale's open2 ("Separate file open/close in different
 * directories"): as open1, but each task's file is alone in a directory of
 * its own in --dir. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, r->ntasks, 0, 1);
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

KB_TESTCASE(open2) = {
	.name = "open2",
	.desc = "open() and close() of a per-task named file in a directory of its own",
	.prepare = prepare,
	.loop = loop,
	.call = "open",
};
