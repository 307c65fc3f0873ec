// SPDX-License-Identifier: GPL-2.0
/* poll1: will-it-scale's poll1 ("poll of 1 fd"). One op is a poll() for
 * POLLOUT with no timeout of a per-task file (always ready: returns 1). As
 * upstream, the pollfd is filled afresh for every call. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <string.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		struct pollfd pfd[1];
		int r;

		memset(pfd, 0, sizeof(pfd));
		pfd[0].fd = fd;
		pfd[0].events = POLLOUT;
		r = poll(pfd, 1, 0);
		if (r != 1)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(poll1) = {
	.name = "poll1",
	.desc = "poll() for POLLOUT of a per-task file, timeout 0",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "poll",
};
