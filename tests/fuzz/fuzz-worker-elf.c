// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: the worker's ELF file (guest/plugin/profile-syms.c's
 * read_elf: a user's own build of build/bench/kabench), then everything the
 * checks and the attribution take from it: its executable segments' bytes
 * (check_worker hashes them), its mark sites, its symbols' names. */
#include "fuzz-profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symtab t = { 0 };
	volatile size_t sum = 0;

	if (!setjmp(fz_died)) {
		read_elf(fuzz_file(0, data, size), &t);
		for (int x = 0; x < elf_nx; x++)
			for (uint64_t o = 0; o < elf_x[x].filesz; o++)
				sum += elf_data[elf_x[x].offset + o];
		for (size_t i = 0; i < nsites; i++)
			sum += sites[i].vaddr >= elf_lo && sites[i].vaddr < elf_hi;
		for (size_t i = 0; i < t.n; i++)
			sum += strlen(t.s[i].name) + (sym_find(&t, t.s[i].addr) != NULL);
	}
	(void)sum;
	fz_reset();
	return 0;
}
