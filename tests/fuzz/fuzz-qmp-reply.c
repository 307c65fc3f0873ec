// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: build/guest/pin-vcpus's reading of QEMU's query-cpus-fast reply
 * (JSON, one line: a QMP socket's peer): the list's end, then each
 * object's own cpu-index and thread-id members. Nothing is pinned. */
#include "fuzz.h"

#define main pin_vcpus_main
#include "../../guest/pin-vcpus.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	const char *p, *end, *e;
	long index, tid;

	if (!line)
		abort();
	memcpy(line, data, size);
	line[size] = '\0';
	p = strchr(line, '[');
	end = p ? value_end(p) : NULL;
	for (; end && ++p < end; p = e) {
		if (*p == '"')		/* as pin-vcpus's main */
			p = string_end(p);
		e = p;
		if (*p == '{' && !(e = value_end(p)))
			break;
		if (*p == '{' && e > end)
			abort();	/* an object past the list's end */
		if (*p == '{')
			member(p, e, "cpu-index", &index), member(p, e, "thread-id", &tid);
	}
	free(line);
	return 0;
}
