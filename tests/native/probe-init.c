// SPDX-License-Identifier: GPL-2.0
/* probe-init: a guest's PID 1 that runs native/probe (linked in with
 * its main renamed probe_main) between marker lines on the console, then
 * powers off. Lets tests/native/test-kind-guests.sh check the kernel-kind
 * rule on kernels known to lack and to have the AT_EMPTY_PATH short-cut.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int probe_main(int argc, char **argv);

int main(void)
{
	char *argv[] = { "native-probe", "--rounds", "5", "--ms", "20", NULL };
	int fd;

	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	mknod("/dev/console", S_IFCHR | 0600, makedev(5, 1));
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	printf("@@probe begin\n");
	fflush(stdout);
	printf("@@probe exit %d\n", probe_main(5, argv));
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
