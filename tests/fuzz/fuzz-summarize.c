// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: analyze/summarize (and the CSV reader, analyze/csv.c)
 * over a samples.csv: a run's samples, whose labels come from the guest's
 * facts and the user's experiment. Its summary goes to /dev/null. */
#include "fuzz.h"

#include <string.h>

#define main summarize_main
#include "../../analyze/summarize.c"
#undef main

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
	(void)argc;
	(void)argv;
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;

	if (!ready++)
		LLVMFuzzerInitialize(NULL, NULL);
	summarize(fuzz_file(0, data, size));
	memset(cells, 0, (size_t)ncells * sizeof(*cells));
	ncells = 0;
	return 0;
}
