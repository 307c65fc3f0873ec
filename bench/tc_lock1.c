// SPDX-License-Identifier: GPL-2.0
/* lock1: will-it-scale's lock1 ("Separate file write lock/unlock"). Each
 * task takes a POSIX write lock on byte 0 of its own file (F_SETLKW) and
 * releases it; each fcntl() is one op. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

/* Without CONFIG_FILE_LOCKING the kernel's fcntl_setlk() is a stub. */
static int probe(const char *dir)
{
	struct flock lck = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
	int fd = kb_tmpfile(dir, 0), err = 0;

	if (fd < 0)
		return errno;
	if (fcntl(fd, F_SETLK, &lck) != 0)
		err = errno == EACCES || errno == EINVAL || errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return err;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		struct flock lck = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };

		if (fcntl(fd, F_SETLKW, &lck) != 0)
			return errno;
		lck.l_type = F_UNLCK;
		if (fcntl(fd, F_SETLKW, &lck) != 0)
			return kb_fail(t, "fcntl(F_SETLKW, F_UNLCK)", errno);
		kb_count(ops, n += 2);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(lock1) = {
	.name = "lock1",
	.desc = "fcntl(F_SETLKW) write lock and unlock of byte 0 of a per-task file; 2 ops",
	.probe = probe,
	.needs = "POSIX file locks (CONFIG_FILE_LOCKING)",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "fcntl(F_SETLKW, F_WRLCK)",
};
