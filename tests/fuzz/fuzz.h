/* SPDX-License-Identifier: GPL-2.0 */
/* What every fuzz target shares: the libFuzzer entry point each defines,
 * and its input as a file for readers that take a path. Header only: a
 * target is one harness file (with the product files it includes or
 * links), built by clang with libFuzzer (make fuzz) or by gcc with
 * tests/fuzz/replay.c as its main (make test). */
#ifndef KABENCH_FUZZ_H
#define KABENCH_FUZZ_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* DATA as a file: a path that opens it from its start (a memfd kept open
 * and rewritten at each call: no disk, nothing left behind). ID tells
 * apart the files of a target that needs more than one. */
static inline const char *fuzz_file(int id, const uint8_t *data, size_t size)
{
	static int fd[4] = { -1, -1, -1, -1 };
	static char path[4][32];

	if (fd[id] < 0) {
		fd[id] = memfd_create("kabench-fuzz", 0);
		if (fd[id] < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path[id], sizeof(path[id]), "/proc/self/fd/%d", fd[id]);
	}
	if (ftruncate(fd[id], 0) || pwrite(fd[id], data, size, 0) != (ssize_t)size) {
		perror("fuzz_file");
		abort();
	}
	return path[id];
}

#endif
