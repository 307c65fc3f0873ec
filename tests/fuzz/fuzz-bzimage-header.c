// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: build/guest/parse-console's check of a kernel image's boot
 * header (image_cut: a user's own bzImage, or any file given as one),
 * the input being the image. */
#include "fuzz.h"

#define main parse_console_main
#include "../../guest/parse-console.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char note[128];

	image_cut(fuzz_file(0, data, size), (long long)size, note, sizeof(note));
	if (strlen(note) >= sizeof(note))
		abort();
	return 0;
}
