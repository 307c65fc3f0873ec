// SPDX-License-Identifier: GPL-2.0
/* unlink2: will-it-scale's unlink2 ("Separate file open/close/unlink in
 * different directories"). One op is an open(O_CREAT) that creates a
 * per-task named file, its close() and its unlink(). Each task's file is
 * alone in a directory of its own (the file is made before the tasks
 * start, as upstream). */
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
		int fd = open(path, O_RDWR | O_CREAT, 0600);

		if (fd < 0)
			return errno;
		if (close(fd) != 0)
			return kb_fail(t, "close", errno);
		if (unlink(path) != 0)
			return kb_fail(t, "unlink", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(unlink2) = {
	.name = "unlink2",
	.desc = "open(O_CREAT), close() and unlink() of a per-task named file in a directory of its own",
	.prepare = prepare,
	.loop = loop,
	.call = "open(O_CREAT)",
};
