// SPDX-License-Identifier: GPL-2.0
/* open3: will-it-scale's open3 ("Same file open/close"): every task open()s
 * and close()s one shared named file. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

static int prepare(struct kb_run *r)
{
	return kb_prepare_files(r, 1, 0, 0);
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	const char *path = t->run->files[0];
	uint64_t *ops = t->ops;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		int fd = open(path, O_RDWR);

		if (fd < 0)
			return errno;
		if (close(fd) != 0)
			return kb_fail(t, "close", errno);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(open3) = {
	.name = "open3",
	.desc = "open() and close() of one shared named file",
	.prepare = prepare,
	.loop = loop,
	.call = "open",
};
