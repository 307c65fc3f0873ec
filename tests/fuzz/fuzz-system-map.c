// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: a kernel's System.map (guest/plugin/profile-syms.c's
 * read_map: a user's own kernel build), then symbol look-ups over the
 * kernel text it gives. */
#include "fuzz-profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symtab t = { 0 };
	volatile size_t sum = 0;

	if (!setjmp(fz_died)) {
		read_map(fuzz_file(0, data, size), &t);
		for (size_t i = 0; i < t.n; i++) {
			const struct sym *s = sym_find(&t, t.s[i].addr);

			sum += s ? strlen(s->name) : 0;
			sum += sym_is_start(&t, t.s[i].addr + 1) + in_ktext(t.s[i].addr);
		}
		sum += sym_find(&t, k_entry) != NULL;
	}
	(void)sum;
	fz_reset();
	return 0;
}
