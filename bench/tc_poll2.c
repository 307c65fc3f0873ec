// SPDX-License-Identifier: GPL-2.0
/* poll2: will-it-scale's poll2 ("poll of 128 fds"). Each task opens 128
 * files of its own; one op is a poll() of all 128 for POLLOUT with no
 * timeout (all ready: returns 128). As upstream, the pollfds are filled
 * afresh for every call, and the fd limit is raised first (threads share
 * one fd table: 128 fds per task in one process). */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "kabench.h"

#define NR_FILES 128

static int prepare(struct kb_run *r)
{
	rlim_t need = (rlim_t)(NR_FILES + 10) * (rlim_t)r->ntasks + 64;
	struct rlimit lim;

	if (getrlimit(RLIMIT_NOFILE, &lim) != 0)
		return errno;
	if (lim.rlim_cur >= need)
		return 0;
	lim.rlim_cur = need;
	if (lim.rlim_max < need)
		lim.rlim_max = need;
	return setrlimit(RLIMIT_NOFILE, &lim) != 0 ? errno : 0;
}

static int setup(struct kb_task *t)
{
	int *fds = malloc(NR_FILES * sizeof(int));

	if (!fds)
		return ENOMEM;
	t->buf = fds;
	for (int i = 0; i < NR_FILES; i++)
		if ((fds[i] = kb_tmpfile(t->dir, 0)) < 0)
			return errno;
	return 0;
}

KB_LOOP_BODY body(struct kb_task *t, uint64_t limit)
{
	uint64_t *ops = t->ops;
	int fds[NR_FILES];	/* a local array, as upstream's: the compiler
				 * fills the pollfds the same (unrolled) way */

	memcpy(fds, t->buf, sizeof(fds));

	for (uint64_t n = 0; !kb_done(n, limit);) {
		struct pollfd pfd[NR_FILES];
		int r;

		memset(pfd, 0, sizeof(pfd));
		for (int i = 0; i < NR_FILES; i++) {
			pfd[i].fd = fds[i];
			pfd[i].events = POLLOUT;
		}
		r = poll(pfd, NR_FILES, 0);
		if (r != NR_FILES)
			return r < 0 ? errno : EIO;
		kb_count(ops, ++n);
	}
	return 0;
}

KB_LOOP(body)

KB_TESTCASE(poll2) = {
	.name = "poll2",
	.desc = "poll() for POLLOUT of 128 per-task files, timeout 0",
	.prepare = prepare,
	.setup = setup,
	.loop = loop,
	.call = "poll",
};
