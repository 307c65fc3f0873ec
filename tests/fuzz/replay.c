// SPDX-License-Identifier: GPL-2.0
/* replay FILE...: runs a fuzz target's LLVMFuzzerTestOneInput once on
 * each FILE (a folder: on each file in it), the way libFuzzer runs a
 * crash input, for builds without libFuzzer (gcc -fsanitize=address,
 * undefined in make test). A sanitizer report aborts it; a file it cannot
 * read exits 2. Prints each input's name and time with -v. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int verbose;

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t n = 0, cap = 0, r;
	struct timespec t0, t1;

	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return 2;
	}
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data) {
				perror("replay");
				exit(2);
			}
		}
		r = fread(data + n, 1, cap - n, f);
		n += r;
	} while (r);
	fclose(f);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	LLVMFuzzerTestOneInput(data, n);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (verbose)
		fprintf(stderr, "replay: %s: %zu bytes, %.3f s\n", path, n,
			(double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	free(data);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
	int rc = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat sb;
		struct dirent **names;
		int n;

		if (!strcmp(argv[i], "-v")) {
			verbose = 1;
			continue;
		}
		if (stat(argv[i], &sb) || !S_ISDIR(sb.st_mode)) {
			rc |= replay_file(argv[i]);
			continue;
		}
		if ((n = scandir(argv[i], &names, NULL, by_name)) < 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		for (int k = 0; k < n; k++) {
			char path[4096];

			snprintf(path, sizeof(path), "%s/%s", argv[i], names[k]->d_name);
			if (names[k]->d_name[0] != '.' && !stat(path, &sb) && S_ISREG(sb.st_mode))
				rc |= replay_file(path);
			free(names[k]);
		}
		free(names);
	}
	return rc;
}
