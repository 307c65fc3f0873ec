// SPDX-License-Identifier: GPL-2.0
/* write1: will-it-scale's write1 ("Separate file write"). Each task writes
 * its own unlinked file in 4 KB write()s up to 1 MiB, then seeks back to 0
 * and writes it over; one op is one write(). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define WRITE_SIZE 4096

static int setup(struct kb_task *t)
{
	if (!(t->buf = calloc(1, WRITE_SIZE)))
		return ENOMEM;
	return kb_setup_empty_file(t);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	void *buf = t->buf;
	int fd = t->fd;
	size_t size = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = write(fd, buf, WRITE_SIZE);

		if (r != WRITE_SIZE)
			return r < 0 ? errno : EIO;
		size += WRITE_SIZE;
		if (size >= FILE_SIZE) {
			size = 0;
			if (lseek(fd, 0, SEEK_SET) != 0)
				return kb_fail(t, "lseek", errno);
		}
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(write1) = {
	.name = "write1",
	.desc = "4 KB write()s through a per-task file up to 1 MiB, lseek to 0 and again",
	.setup = setup,
	.loop = loop,
	.call = "write",
};
