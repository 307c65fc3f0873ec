// SPDX-License-Identifier: GPL-2.0
/* fallocate1: will-it-scale's fallocate1 ("Separate file fallocate against
 * tmpfs"). Each task fallocate()s its own unlinked tmpfs file forward in
 * 8 KB steps up to 1 MiB, then truncates it to 0 and starts again; one op
 * is one fallocate() (every 128th also pays the ftruncate). Upstream's file
 * is in /dev/shm: so is this one when /dev/shm is a tmpfs, otherwise it is
 * in --dir if that is a tmpfs (the guest's /tmp). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "kabench.h"

#define FILE_SIZE (1024 * 1024)
#define STEP (FILE_SIZE / 128)

static int is_tmpfs(const char *dir)
{
	struct statfs fs;

	return statfs(dir, &fs) == 0 && fs.f_type == TMPFS_MAGIC;
}

static const char *tmpfs_dir(const char *dir)
{
	return is_tmpfs("/dev/shm") ? "/dev/shm" : is_tmpfs(dir) ? dir : NULL;
}

static int probe(const char *dir)
{
	const char *d = tmpfs_dir(dir);
	int fd, err = 0;

	if (!d)
		return KB_UNSUPPORTED_ERR;
	fd = kb_tmpfile(d, 0);
	if (fd < 0)
		return errno;
	if (fallocate(fd, 0, 0, STEP) != 0)
		err = errno == EOPNOTSUPP || errno == ENOSYS ? KB_UNSUPPORTED_ERR : errno;
	close(fd);
	return err;
}

static int setup(struct kb_task *t)
{
	t->fd = kb_tmpfile(tmpfs_dir(t->dir), 0);
	return t->fd < 0 ? errno : 0;
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

KB_TESTCASE(fallocate1) = {
	.name = "fallocate1",
	.desc = "8 KB fallocate()s through a per-task 1 MiB tmpfs file (/dev/shm, else a tmpfs --dir), then ftruncate to 0",
	.probe = probe,
	.needs = "a tmpfs at /dev/shm or --dir, with fallocate (CONFIG_TMPFS)",
	.setup = setup,
	.loop = loop,
	.call = "fallocate",
};
