// SPDX-License-Identifier: GPL-2.0
/* unlink1: will-it-scale's unlink1 ("Separate file open/close/unlink").
 * One op is an open(O_CREAT) that creates a per-task named file, its
 * close() and its unlink(). The names are side by side in --dir (made and
 * unlinked before the tasks start, as upstream). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

static int prepare(struct kb_run *r)
{
	int err = kb_prepare_files(r, r->ntasks, 0, 0);

	for (int i = 0; i < r->nfiles && !err; i++)
		if (unlink(r->files[i]) != 0)
			err = errno;
	return err;
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

KB_TESTCASE(unlink1) = {
	.name = "unlink1",
	.desc = "open(O_CREAT), close() and unlink() of a per-task named file, all in --dir",
	.prepare = prepare,
	.loop = loop,
	.call = "open(O_CREAT)",
};
