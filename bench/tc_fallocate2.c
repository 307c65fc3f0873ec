// SPDX-License-Identifier: GPL-2.0
/* fallocate2: will-it-scale's fallocate2 ("Separate file fallocate"): as
 * fallocate1 but in --dir (upstream: /tmp), whatever its filesystem. In the
 * guest --dir is a tmpfs, so there it measures what fallocate1 does. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define STEP (FILE_SIZE / 128)

static int probe(const char *dir)
{
	int fd = kb_tmpfile(dir, 0), err = 0;

	if (fd < 0)
		return errno;
	if (fallocate(fd, 0, 0, STEP) != 0)
		err = errno == EOPNOTSUPP || errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return err;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fd = t->fd;
	off_t place = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		if (fallocate(fd, 0, place, STEP) != 0)
			return errno;
		place += STEP;
		if (place >= FILE_SIZE) {
			if (ftruncate(fd, 0) != 0)
				return kb_fail(t, "ftruncate", errno);
			place = 0;
		}
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(fallocate2) = {
	.name = "fallocate2",
	.desc = "8 KB fallocate()s through a per-task 1 MiB file in --dir, then ftruncate to 0",
	.probe = probe,
	.needs = "fallocate on --dir's filesystem",
	.setup = kb_setup_empty_file,
	.loop = loop,
	.call = "fallocate",
};
