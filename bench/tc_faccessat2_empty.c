// SPDX-License-Identifier: GPL-2.0
/* faccessat2_empty: faccessat2(fd, "", F_OK, AT_EACCESS | AT_EMPTY_PATH), a
 * native proxy's term for seed 001. It runs the work the stock fstatat path
 * does for an empty name (getname of "", a lookup that starts and ends at
 * the fd, putname) inside another syscall, so a kernel with the short-cut
 * still runs it. AT_EACCESS keeps the caller's credentials (no
 * prepare_creds). faccessat2 is Linux 5.8+: ENOSYS is "not supported". */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kabench.h"

#define FLAGS (AT_EACCESS | AT_EMPTY_PATH)

static int probe(const char *dir)
{
	int fd = kb_tmpfile(dir, 0), err = 0;

	if (fd < 0)
		return errno;
	if (syscall(SYS_faccessat2, fd, "", F_OK, FLAGS) != 0)
		err = errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return err;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (syscall(SYS_faccessat2, fd, "", F_OK, FLAGS) != 0)
			return errno;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(faccessat2_empty) = {
	.name = "faccessat2_empty",
	.desc = "faccessat2(fd, \"\", F_OK, AT_EACCESS|AT_EMPTY_PATH) on a per-task file",
	.probe = probe,
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "faccessat2",
};
