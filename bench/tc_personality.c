// SPDX-License-Identifier: GPL-2.0
/* personality: syscall(SYS_personality, 0xffffffff), which only returns the
 * current persona: a null syscall with almost no work of its own (less
 * than getppid's pid-namespace lookup). A native proxy's baseline term. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

#define QUERY 0xffffffffUL

static int setup(struct kb_task *t)
{
	t->expect = syscall(SYS_personality, QUERY);
	return t->expect < 0 ? errno : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	long persona = t->expect;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_personality, QUERY) != persona)
			return EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(personality) = {
	.name = "personality",
	.desc = "personality(0xffffffff) syscall: returns the persona, a near-null syscall",
	.setup = setup,
	.loop = loop,
	.call = "personality",
};
