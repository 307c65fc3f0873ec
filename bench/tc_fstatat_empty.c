// SPDX-License-Identifier: GPL-2.0
/* fstatat_empty: newfstatat(fd, "", AT_EMPTY_PATH), what glibc 2.33+ makes
 * of fstat(); the path the seed-001 patch short-cuts. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	struct stat st;
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_newfstatat, fd, "", &st, AT_EMPTY_PATH) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(fstatat_empty) = {
	.name = "fstatat_empty",
	.desc = "newfstatat(fd, \"\", AT_EMPTY_PATH) on a per-task file",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "newfstatat",
};
