// SPDX-License-Identifier: GPL-2.0
/* eventfd1: will-it-scale's eventfd1 ("eventfd read/write of 8 bytes"). One
 * op is an 8-byte write() of 1 to a per-task eventfd and the 8-byte read()
 * that takes it back. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "kabench.h"

static int probe(const char *dir)
{
	int fd = eventfd(0, 0);

	(void)dir;
	if (fd < 0)
		return errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return 0;
}

static int setup(struct kb_task *t)
{
	t->fd = eventfd(0, 0);
	return t->fd < 0 ? kb_fail(t, "eventfd", errno) : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops, one = 1, back;
	int fd = t->fd;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = write(fd, &one, sizeof(one));

		if (r != sizeof(one))
			return r < 0 ? errno : EIO;
		r = read(fd, &back, sizeof(back));
		if (r != sizeof(back))
			return kb_fail(t, "read", r < 0 ? errno : EIO);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(eventfd1) = {
	.name = "eventfd1",
	.desc = "8-byte write() and read() of a per-task eventfd",
	.probe = probe,
	.needs = "eventfd (CONFIG_EVENTFD)",
	.setup = setup,
	.loop = loop,
	.call = "write",
};
