// SPDX-License-Identifier: GPL-2.0
/* context_switch1: will-it-scale's context_switch1 ("Context switch via
 * pipes"). Each task has a helper on its own CPU (a forked process in
 * processes mode, a thread in threads mode, as upstream's new_task()) and
 * two pipes: the task writes a byte to the helper and reads the helper's
 * echo. One round trip is two ops, as upstream counts it. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

struct pipes {
	int to_helper[2];	/* [0] read end, [1] write end */
	int to_task[2];
};

static int echo(struct kb_task *h)
{
	struct pipes *p = h->buf;
	char c;

	if (!h->run->threads) {	/* a process of its own: keep only its ends */
		close(p->to_helper[1]);
		close(p->to_task[0]);
	}
	for (;;) {
		ssize_t r = read(p->to_helper[0], &c, 1);

		if (r == 0)	/* end of file: the task is gone */
			return 0;
		if (r != 1)
			return kb_fail(h, "read", errno);
		r = write(p->to_task[1], &c, 1);
		if (r != 1)
			return kb_fail(h, "write", r < 0 ? errno : EIO);
	}
}

static int setup(struct kb_task *t)
{
	struct pipes *p = malloc(sizeof(*p));
	int err;

	if (!p)
		return ENOMEM;
	t->buf = p;
	if (pipe(p->to_helper) != 0 || pipe(p->to_task) != 0)
		return kb_fail(t, "pipe", errno);
	err = kb_start_helper(t, echo);
	if (err)
		return kb_fail(t, "starting the helper", err);
	if (!t->run->threads) {	/* a dead helper is then an end of file */
		close(p->to_helper[0]);
		close(p->to_task[1]);
	}
	return 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	struct pipes *p = t->buf;
	uint64_t *ops = t->ops;
	int out = p->to_helper[1], in = p->to_task[0];
	char c = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = write(out, &c, 1);

		if (r != 1)
			return kb_fail(t, "write", r < 0 ? errno : EIO);
		r = read(in, &c, 1);
		if (r != 1)	/* 0: the helper is gone */
			return kb_fail(t, "read", r < 0 ? errno : EPIPE);
		kb_count(ops, n += 2);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(context_switch1) = {
	.name = "context_switch1",
	.desc = "1-byte pipe ping-pong with a helper on the task's CPU (a process, or a thread with --threads); 2 ops a round trip",
	.setup = setup,
	.loop = loop,
	.call = "write",
};
