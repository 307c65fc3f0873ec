// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: the worker's option values (bench/args.c: counts, task
 * lists, seconds; the guest init passes them on from the kernel command
 * line). Each line of the input is tried as each kind. */
#include "fuzz.h"

#include <string.h>
#include "runner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *save, *s;
	int tasks[KB_MAX_TASKS], n;
	long count;
	double secs;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	for (s = strtok_r(text, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
		if (!kb_parse_count(s, 1, 1000000, &count) && (count < 1 || count > 1000000))
			abort();
		if (!kb_parse_tasks(s, tasks, KB_MAX_TASKS, &n))
			for (int i = 0; i < n; i++)
				if (tasks[i] < 1 || tasks[i] > KB_MAX_TASKS)
					abort();
		if (!kb_parse_seconds(s, &secs) && !(secs > 0 && secs <= 3600))
			abort();
	}
	free(text);
	return 0;
}
