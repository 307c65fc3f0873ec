// SPDX-License-Identifier: GPL-2.0
/* sched_yield: will-it-scale's sched_yield. One op is one sched_yield(). */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (sched_yield() != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(sched_yield) = {
	.name = "sched_yield",
	.desc = "sched_yield()",
	.loop = loop,
	.call = "sched_yield",
};
