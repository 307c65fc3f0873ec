// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: build/guest/console-times's reading of a growing console log
 * (what a guest prints, read in the pieces read() returns): the input's
 * first byte sets the piece size, the rest is the log. Its events go to
 * /dev/null. */
#include "fuzz.h"

#define main console_times_main
#include "../../guest/console-times.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *out;
	struct partial l = { .len = 0 };
	size_t piece;

	if (!out && !(out = fopen("/dev/null", "w")))
		abort();
	if (!size)
		return 0;
	piece = (size_t)data[0] + 1;
	for (size_t i = 1; i < size; i += piece)
		feed(out, 1.0, (const char *)data + i, size - i < piece ? size - i : piece, &l);
	return 0;
}
