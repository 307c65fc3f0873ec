// SPDX-License-Identifier: GPL-2.0
/* unix1: will-it-scale's unix1 ("unix domain socket read/write"). One op is
 * a 1-byte write() into one end of a per-task AF_UNIX stream socketpair and
 * the read() that takes it out of the other. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
#include "kabench.h"

static int probe(const char *dir)
{
	int fds[2];

	(void)dir;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
		return errno == EAFNOSUPPORT || errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fds[0]);
	close(fds[1]);
	return 0;
}

static int setup(struct kb_task *t)
{
	int *fds = malloc(2 * sizeof(int));

	if (!fds)
		return ENOMEM;
	t->buf = fds;
	return socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0 ? kb_fail(t, "socketpair", errno) : 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	const int *fds = t->buf;
	uint64_t *ops = t->ops;
	char c = 0;

	for (uint64_t n = 0; !kb_done(n, limit);) {
		ssize_t r = write(fds[1], &c, 1);

		if (r != 1)
			return r < 0 ? errno : EIO;
		r = read(fds[0], &c, 1);
		if (r != 1)
			return kb_fail(t, "read", r < 0 ? errno : EIO);
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(unix1) = {
	.name = "unix1",
	.desc = "1-byte write() and read() through a per-task AF_UNIX stream socketpair",
	.probe = probe,
	.needs = "AF_UNIX sockets (CONFIG_NET, CONFIG_UNIX)",
	.setup = setup,
	.loop = loop,
	.call = "write",
};
