/* SPDX-License-Identifier: GPL-2.0 */
/* What a kabench initramfs init does first, shared by the guest init
 * (guest/init.c), the agreement guest's (bench/agreement/
 * wis-agreement-init.c) and the hostile test guest's (tests/guest/
 * hostile-init.c): the file systems the testcases use, the console as
 * fds 0-2, and reading its settings from the kernel command line. */
#ifndef KABENCH_INIT_SETUP_H
#define KABENCH_INIT_SETUP_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static inline void init_setup(void)
{
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, "mode=1777");
	/* POSIX shared memory and the testcases that want tmpfs by its usual
	 * name (fallocate1/2 use /dev/shm, as upstream will-it-scale does). */
	mkdir("/dev/shm", 01777);
	mount("tmpfs", "/dev/shm", "tmpfs", 0, "mode=1777");

	/* Without /dev/console in the archive the kernel gave us no fds. */
	if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
		int fd = open("/dev/console", O_RDWR);

		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				close(fd);
		}
	}
}

/* Reads a whole small file into buf (NUL-terminated, its trailing
 * newlines and spaces cut); "" on failure. */
static inline char *init_slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t r;

	buf[0] = '\0';
	if (fd < 0)
		return buf;
	while (len + 1 < size && (r = read(fd, buf + len, size - 1 - len)) > 0)
		len += r;
	buf[len] = '\0';
	close(fd);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return buf;
}

/* The value of KEY=VALUE on the command line (KEY whole, at a word's
 * start: "kabench.tests"), cut to size - 1 bytes, or def. */
static inline void init_param(const char *cmdline, const char *key, const char *def,
			      char *out, size_t size)
{
	size_t klen = strlen(key);

	snprintf(out, size, "%s", def);
	for (const char *p = cmdline; (p = strstr(p, key)); p++) {
		if ((p == cmdline || p[-1] == ' ') && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, " \n");

			if (n >= size)
				n = size - 1;
			memcpy(out, p + klen + 1, n);
			out[n] = '\0';
			return;
		}
	}
}

#endif
