/* Per-task test files: created, unlinked at once, then filled, so that
 * nothing is left in the directory whatever happens to the task. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kabench.h"

int kb_tmpfile(const char *dir, size_t size)
{
	char path[4096], chunk[4096];
	int fd, err;

	if (snprintf(path, sizeof(path), "%s/kabench.XXXXXX", dir) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	unlink(path);
	memset(chunk, 0x5a, sizeof(chunk));
	while (size > 0) {
		size_t n = size < sizeof(chunk) ? size : sizeof(chunk);
		ssize_t w = write(fd, chunk, n);

		if (w <= 0) {
			err = w < 0 ? errno : ENOSPC;
			close(fd);
			errno = err;
			return -1;
		}
		size -= (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

int kb_setup_empty_file(struct kb_task *t)
{
	t->fd = kb_tmpfile(t->dir, 0);
	return t->fd < 0 ? errno : 0;
}

int kb_setup_read_file(struct kb_task *t, size_t size, size_t bufsize)
{
	t->buf = malloc(bufsize);
	if (!t->buf)
		return ENOMEM;
	t->fd = kb_tmpfile(t->dir, size);
	return t->fd < 0 ? errno : 0;
}
