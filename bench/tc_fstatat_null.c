// SPDX-License-Identifier: GPL-2.0
/* fstatat_null: newfstatat(fd, NULL, AT_EMPTY_PATH). Linux accepts a NULL
 * path since 6.11; older kernels fail it with EFAULT: then the testcase is
 * "not supported by this kernel" and never counts a failed call. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

static int probe(const char *dir)
{
	struct stat st;
	int fd = kb_tmpfile(dir, 0), err = 0;

	if (fd < 0)
		return errno;
	if (syscall(SYS_newfstatat, fd, NULL, &st, AT_EMPTY_PATH) != 0)
		err = errno == EFAULT ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return err;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	struct stat st;
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_newfstatat, fd, NULL, &st, AT_EMPTY_PATH) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(fstatat_null) = {
	.name = "fstatat_null",
	.desc = "newfstatat(fd, NULL, AT_EMPTY_PATH) on a per-task file (Linux 6.11+)",
	.probe = probe,
	.needs = "newfstatat with a NULL path (Linux 6.11+)",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "newfstatat(NULL)",
};
