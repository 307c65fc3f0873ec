// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: profile-attrib's checks (guest/plugin/profile-check.c) of
 * a raw file against a worker and a System.map: the input is the raw
 * file; the worker and the map are the seed corpora's (the exact-count
 * test's init, tests/fuzz/corpus/worker-elf/testinit, and a System.map
 * trimmed to its text bounds and entry, corpus/system-map/trimmed.map),
 * read from the repository's top folder, where make runs. */
#include "fuzz-profile.h"

#define FUZZ_ELF "tests/fuzz/corpus/worker-elf/testinit"
#define FUZZ_MAP "tests/fuzz/corpus/system-map/trimmed.map"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symtab k = { 0 }, u = { 0 };

	if (!setjmp(fz_died)) {
		read_raw(fuzz_file(0, data, size));
		read_map(FUZZ_MAP, &k);
		read_elf(FUZZ_ELF, &u);
		find_bases(FUZZ_ELF);
		check_worker(FUZZ_ELF);
		check_map(&k, FUZZ_MAP);
	}
	fz_reset();
	return 0;
}
