// SPDX-License-Identifier: GPL-2.0
/* The reference for bench-harness: a bare loop of the same call as a kabench
 * testcase, nothing else. Usage: bare getppid|fstat N [DIR].
 * Prints the loop's wall-clock nanoseconds per op on stdout. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	char path[4096];
	struct stat st;
	unsigned long n;
	double t0;
	int fd = -1;

	if (argc < 3 || (n = strtoul(argv[2], NULL, 10)) == 0) {
		fprintf(stderr, "usage: bare getppid|fstat N [DIR]\n");
		return 2;
	}
	if (strcmp(argv[1], "fstat") == 0) {
		snprintf(path, sizeof(path), "%s/kabench-bare.XXXXXX", argc > 3 ? argv[3] : "/tmp");
		fd = mkstemp(path);
		if (fd < 0) {
			fprintf(stderr, "bare: %s: %s\n", path, strerror(errno));
			return 1;
		}
		unlink(path);
	} else if (strcmp(argv[1], "getppid") != 0) {
		fprintf(stderr, "bare: bad call '%s'\n", argv[1]);
		return 2;
	}

	t0 = now();
	if (fd >= 0) {
		for (unsigned long i = 0; i < n; i++)
			if (syscall(SYS_fstat, fd, &st) != 0)
				return 1;
	} else {
		/* as bench/tc_getppid.c: glibc's getppid(), no error return */
		for (unsigned long i = 0; i < n; i++)
			getppid();
	}
	printf("%.2f\n", (now() - t0) / (double)n);
	return 0;
}
