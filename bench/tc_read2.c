// SPDX-License-Identifier: GPL-2.0
/* read2: will-it-scale's read2 ("Same file read"): as read1, but every task
 * opens one shared 1 MiB file (an open file, so a file position, of its
 * own) and reads it through in 4 KB reads, seeking back to 0 at its end.
 * One op is one read(), the end-of-file one included. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define READ_SIZE 4096

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, FILE_SIZE, 0);
}

static int setup(struct kb_task *t)
{
	return kb_open_prepared(t, 0, O_RDONLY, READ_SIZE);
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
				return kb_fail(t, "lseek", errno);
		} else if (r != READ_SIZE) {
			return r < 0 ? errno : EIO;
		}
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(read2) = {
	.name = "read2",
	.desc = "4 KB read()s through one shared 1 MiB file, each task its own open file, lseek to 0 at its end",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "read",
};
