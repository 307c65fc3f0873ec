// SPDX-License-Identifier: GPL-2.0
/* Test files. Per-task files are created, unlinked at once, then filled, so
 * that nothing is left in the directory whatever happens to the task. Named
 * files (for the testcases that open or unlink by name) are made by a
 * prepare hook in the parent and removed by the runner after the run. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "kabench.h"

/* What files are filled with; aligned for O_DIRECT writes. */
static const char chunk[4096] __attribute__((aligned(4096))) = { [0 ... 4095] = 0x5a };

/* Write size bytes to fd; 0 or an errno. */
static int fill(int fd, size_t size)
{
	while (size > 0) {
		size_t n = size < sizeof(chunk) ? size : sizeof(chunk);
		ssize_t w = write(fd, chunk, n);

		if (w <= 0)
			return w < 0 ? errno : ENOSPC;
		size -= (size_t)w;
	}
	return 0;
}

int kb_tmpfile_flags(const char *dir, size_t size, int flags)
{
	char path[KB_PATH_MAX];
	int fd, err;

	if (snprintf(path, sizeof(path), "%s/willitscale.XXXXXX", dir) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(path, flags);
	if (fd < 0)
		return -1;
	unlink(path);
	err = fill(fd, size);
	if (!err && lseek(fd, 0, SEEK_SET) != 0)
		err = errno;
	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

int kb_tmpfile(const char *dir, size_t size)
{
	return kb_tmpfile_flags(dir, size, 0);
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

/* One named file of size bytes: at a mkstemp template path (which it
 * changes), or at exactly path. */
static int make_file(char *path, size_t size, int template)
{
	int fd = template ? mkstemp(path) : open(path, O_RDWR | O_CREAT | O_EXCL, 0600), err;

	if (fd < 0)
		return errno;
	err = fill(fd, size);
	close(fd);
	return err;
}

int kb_prepare_files(struct kb_run *r, int n, size_t size, int own_dirs)
{
	r->files = calloc((size_t)n, sizeof(r->files[0]));
	if (!r->files)
		return ENOMEM;
	r->own_dirs = own_dirs;
	for (int i = 0; i < n; i++) {
		char *p = r->files[i];
		/* upstream's names, so open2/unlink2 walk a path of the same length */
		int len = snprintf(p, KB_PATH_MAX, "%s/willitscale.XXXXXX", r->dir), err;

		if (len >= KB_PATH_MAX - 16)
			return ENAMETOOLONG;
		if (own_dirs) {
			if (!mkdtemp(p))
				return errno;
			strcpy(p + len, "/willitscale");	/* dir/willitscale.XXXXXX/willitscale */
		}
		r->nfiles = i + 1;	/* removed after the run, made or not */
		err = make_file(p, size, !own_dirs);
		if (err)
			return err;
	}
	return 0;
}

int kb_open_prepared(struct kb_task *t, int i, int flags, size_t bufsize)
{
	if (bufsize && !(t->buf = calloc(1, bufsize)))
		return ENOMEM;
	t->fd = open(t->run->files[i], flags);
	return t->fd < 0 ? errno : 0;
}

void kb_remove_prepared(struct kb_run *r)
{
	for (int i = 0; i < r->nfiles; i++) {
		char *p = r->files[i], *slash;

		if (unlink(p) != 0 && errno != ENOENT)
			fprintf(stderr, "kabench: cannot remove %s: %s\n", p, strerror(errno));
		if (r->own_dirs && (slash = strrchr(p, '/'))) {
			*slash = '\0';
			if (rmdir(p) != 0 && errno != ENOENT)
				fprintf(stderr, "kabench: cannot remove %s: %s\n", p, strerror(errno));
		}
	}
	free(r->files);
	r->files = NULL;
	r->nfiles = 0;
}
