// SPDX-License-Identifier: GPL-2.0
/* read1: will-it-scale's read1. Each task reads its own unlinked 1 MiB file
 * sequentially in 4 KB reads and seeks back to 0 at end of file. As in
 * will-it-scale, one op is one read() call, the end-of-file one included. */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define READ_SIZE 4096

static int setup(struct kb_task *t)
{
	return kb_setup_read_file(t, FILE_SIZE, READ_SIZE);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = read(fd, buf, READ_SIZE);

		if (r == 0) {
			if (lseek(fd, 0, SEEK_SET) != 0)
				return errno;
		} else if (r != READ_SIZE) {
			return r < 0 ? errno : EIO;
		}
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(read1) = {
	.name = "read1",
	.desc = "4 KB read()s through a per-task 1 MiB file, lseek to 0 at its end",
	.setup = setup,
	.loop = loop,
	.call = "read",
};
