// SPDX-License-Identifier: GPL-2.0
/* dup1: will-it-scale's dup1 ("Separate file dup/close"). One op is a dup()
 * of a per-task file and the close() of the copy. Threads share one file
 * table. */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		int copy = dup(fd);

		if (copy < 0)
			return errno;
		if (close(copy) != 0)
			return kb_fail(t, "close", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(dup1) = {
	.name = "dup1",
	.desc = "dup() and close() of a per-task file's fd (threads: one shared fd table)",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "dup",
};
