// SPDX-License-Identifier: GPL-2.0
/* getcpu: syscall(SYS_getcpu, &cpu, NULL, NULL), the system call itself
 * (not the vDSO): a null syscall plus one put_user of an int. A native
 * proxy's term: with fstat it stands for the patched fstatat path, which is
 * fstat plus one get_user of the path's first byte. */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	unsigned cpu;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_getcpu, &cpu, NULL, NULL) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(getcpu) = {
	.name = "getcpu",
	.desc = "getcpu syscall (not the vDSO): a null syscall plus one put_user",
	.loop = loop,
	.call = "getcpu",
};
