// SPDX-License-Identifier: GPL-2.0
/* signal1: will-it-scale's signal1 ("signal delivery"). One op is a raise()
 * of SIGUSR1, delivered to the calling task's empty handler. Threads share
 * one process's handler; raise() signals the calling thread. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include "kabench.h"

static void handler(int sig)
{
	(void)sig;
}

static int setup(struct kb_task *t)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	act.sa_handler = handler;
	return sigaction(SIGUSR1, &act, NULL) != 0 ? kb_fail(t, "sigaction", errno) : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (raise(SIGUSR1) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(signal1) = {
	.name = "signal1",
	.desc = "raise(SIGUSR1) to an empty handler (threads: one shared handler)",
	.setup = setup,
	.loop = loop,
	.call = "raise",
};
