// SPDX-License-Identifier: GPL-2.0
/* pipe1: will-it-scale's pipe1 ("pipe read/write"). One op is a 1-byte
 * write() into a per-task pipe and the read() that takes it out again. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

static int setup(struct kb_task *t)
{
	int *fds = malloc(2 * sizeof(int));

	if (!fds)
		return ENOMEM;
	t->buf = fds;
	return pipe(fds) != 0 ? kb_fail(t, "pipe", errno) : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	const int *fds = t->buf;
	uint64_t *ops = t->ops;
	char c = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = write(fds[1], &c, 1);

		if (r != 1)
			return r < 0 ? errno : EIO;
		r = read(fds[0], &c, 1);
		if (r != 1)
			return kb_fail(t, "read", r < 0 ? errno : EIO);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(pipe1) = {
	.name = "pipe1",
	.desc = "1-byte write() and read() through a per-task pipe",
	.setup = setup,
	.loop = loop,
	.call = "write",
};
