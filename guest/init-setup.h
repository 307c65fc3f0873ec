/* SPDX-License-Identifier: GPL-2.0 */
/* What a kabench initramfs init does first, shared by the guest init
 * (guest/init.c) and the agreement guest's (bench/agreement/
 * wis-agreement-init.c): the file systems the testcases use, and the
 * console as fds 0-2. */
#ifndef KABENCH_INIT_SETUP_H
#define KABENCH_INIT_SETUP_H

#include <fcntl.h>
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

#endif
