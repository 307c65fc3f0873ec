// SPDX-License-Identifier: GPL-2.0
/* lock2: will-it-scale's lock2 ("Same file write lock/unlock"): as lock1,
 * but every task opens one shared named file and locks its byte 0, so
 * processes wait for each other. POSIX locks belong to the process: in
 * threads mode all tasks are one lock owner and never wait. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

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

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, 0, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDWR, 0);
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

KB_TESTCASE(lock2) = {
	.name = "lock2",
	.desc = "fcntl(F_SETLKW) write lock and unlock of byte 0 of one shared file; 2 ops (threads: one lock owner, no waiting)",
	.probe = probe,
	.needs = "POSIX file locks (CONFIG_FILE_LOCKING)",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "fcntl(F_SETLKW, F_WRLCK)",
};
