// SPDX-License-Identifier: GPL-2.0
/* read4: will-it-scale's read4 ("Same file O_DIRECT read"): as read2, with
 * O_DIRECT: every task opens one shared 1 MiB file O_DIRECT and reads it
 * through in 4 KB reads into a page-aligned buffer, lseek to 0 at its end.
 * One op is one read(), the end-of-file one included. tmpfs takes O_DIRECT
 * from Linux 6.6 on; older kernels refuse it. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define READ_SIZE 4096

static int probe(const char *dir)
{
	int fd = kb_tmpfile_flags(dir, 0, O_DIRECT);

	if (fd < 0)
		return errno == EINVAL ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return 0;
}

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, FILE_SIZE, 0);
}

static int setup(struct kb_task *t)
{
	if (!(t->buf = aligned_alloc(4096, READ_SIZE)))
		return ENOMEM;
	return kb_open_prepared(t, 0, O_RDONLY | O_DIRECT, 0);
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

KB_TESTCASE(read4) = {
	.name = "read4",
	.desc = "4 KB O_DIRECT read()s through one shared 1 MiB file, each task its own open file, lseek to 0 at its end",
	.probe = probe,
	.needs = "O_DIRECT on --dir's filesystem (tmpfs: Linux 6.6+)",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "read",
};
