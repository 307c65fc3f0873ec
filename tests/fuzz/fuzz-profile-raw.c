// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: the plugin's raw file (guest/plugin/profile-raw.c), then
 * every bucket of every window read the way profile-attrib reads it
 * (its instructions, classes and calls): an index that the reader let
 * through out of bounds shows here. */
#include "fuzz-profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	volatile uint64_t sum = 0;

	if (!setjmp(fz_died)) {
		read_raw(fuzz_file(0, data, size));
		for (size_t w = 0; w < nwin; w++)
			for (size_t i = 0; i < win[w].n; i++) {
				const struct bucket *b = &buckets[win[w].e[i].bucket];

				for (uint32_t j = 0; j < b->n; j++)
					sum += b->pc[j] - b->pc[0] < b->size;
				for (uint32_t c = 0; c < b->ncls; c++)
					sum += kb_class_name[b->cls[c][0]][0] + b->cls[c][1];
				for (uint32_t c = 0; c < b->ncall; c++)
					sum += b->call[c];
			}
	}
	(void)sum;
	fz_reset();
	return 0;
}
