// SPDX-License-Identifier: GPL-2.0
/* native-probe: the measurements that tell whether this kernel short-cuts
 * newfstatat(fd, "", AT_EMPTY_PATH) to fstat (upstream 9013c51c630a, 6.6).
 *
 * Times, on one pinned CPU, in interleaved rounds (so that noise hits the
 * three alike), the cost per call of
 *   fstat          syscall(SYS_fstat, fd, &st)
 *   fstatat_empty  syscall(SYS_newfstatat, fd, "", &st, AT_EMPTY_PATH)
 *   fstatat_path   syscall(SYS_newfstatat, dirfd, "f", &st, 0): a
 *                  one-component lookup of the same file
 * and whether AT_EMPTY_PATH with a NULL path is accepted (6.11+).
 * Without the short-cut an empty path takes the path-lookup route (getname,
 * filename_lookup), so fstatat_empty costs about what fstatat_path does;
 * with it, about what fstat does.
 *
 * usage: native-probe [--rounds N] [--ms MS]   (defaults 80 and 2: many short
 * batches, so that the lowest one escapes the other load of a busy machine)
 * Output (CSV): key,value rows: fstat_ns, fstatat_empty_ns, fstatat_path_ns
 * (the lowest ns per call over the rounds), the same with _median, rounds,
 * ms, null_path (accepted or the errno name), cpu.
 * Exit: 0; 1 a call failed (message names it); 2 bad option.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../analyze/stats.h"
#include "util.h"

#define MAX_ROUNDS 100
enum { FSTAT, EMPTY, PATH, NCALLS };
static const char *const names[NCALLS] = { "fstat", "fstatat_empty", "fstatat_path" };
static int fd, dirfd;

/* N calls of CALL; -1 if one fails. */
static int run(int call, long n)
{
	struct stat st;

	for (long i = 0; i < n; i++) {
		long r;

		if (call == FSTAT)
			r = syscall(SYS_fstat, fd, &st);
		else if (call == EMPTY)
			r = syscall(SYS_newfstatat, fd, "", &st, AT_EMPTY_PATH);
		else
			r = syscall(SYS_newfstatat, dirfd, "f", &st, 0);
		if (r) {
			fprintf(stderr, "native-probe: %s failed: %s\n", names[call], strerror(errno));
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static double ns[NCALLS][MAX_ROUNDS];
	char dir[] = "/tmp/kabench-probe.XXXXXX", file[64];
	long rounds = 80, ms = 2, batch[NCALLS];
	struct stat st;
	int cpu;
	const char *null_path;

	for (int i = 1; i < argc; i += 2) {
		if (i + 1 >= argc) {
			fprintf(stderr, "native-probe: %s needs a value\n", argv[i]);
			return 2;
		}
		if (!strcmp(argv[i], "--rounds"))
			rounds = native_number("native-probe", argv[i], argv[i + 1], 1, MAX_ROUNDS);
		else if (!strcmp(argv[i], "--ms"))
			ms = native_number("native-probe", argv[i], argv[i + 1], 1, 10000);
		else {
			fprintf(stderr, "native-probe: unknown option '%s'\n", argv[i]);
			return 2;
		}
	}

	cpu = native_pin();

	if (!mkdtemp(dir)) {
		fprintf(stderr, "native-probe: mkdtemp %s: %s\n", dir, strerror(errno));
		return 1;
	}
	snprintf(file, sizeof(file), "%s/f", dir);
	fd = open(file, O_RDWR | O_CREAT | O_EXCL, 0600);
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0 || dirfd < 0) {
		fprintf(stderr, "native-probe: open in %s: %s\n", dir, strerror(errno));
		unlink(file);
		rmdir(dir);
		return 1;
	}

	errno = 0;
	null_path = syscall(SYS_newfstatat, fd, NULL, &st, AT_EMPTY_PATH) == 0 ?
		"accepted" : strerrorname_np(errno);

	/* Calibrate: calls per batch so that one batch takes about MS ms. */
	for (int c = 0; c < NCALLS; c++) {
		long n = 1000;
		double t;

		for (;;) {
			t = native_now();
			if (run(c, n))
				goto failed;
			t = native_now() - t;
			if (t > ms / 4000.0 || n > (1L << 30))
				break;
			n *= 4;
		}
		batch[c] = (long)(n * (ms / 1000.0) / t) + 1;
	}
	for (long r = 0; r < rounds; r++)
		for (int c = 0; c < NCALLS; c++) {
			double t = native_now();

			if (run(c, batch[c]))
				goto failed;
			ns[c][r] = (native_now() - t) * 1e9 / batch[c];
		}
	unlink(file);
	rmdir(dir);

	printf("key,value\n");
	for (int c = 0; c < NCALLS; c++) {
		stats_sort(ns[c], rounds);
		printf("%s_ns,%.2f\n", names[c], ns[c][0]);
		printf("%s_ns_median,%.2f\n", names[c], stats_median(ns[c], rounds));
	}
	printf("rounds,%ld\nms,%ld\nnull_path,%s\ncpu,%d\n", rounds, ms,
	       null_path ? null_path : "unknown", cpu);
	return 0;
failed:
	unlink(file);
	rmdir(dir);
	return 1;
}
