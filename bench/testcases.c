// SPDX-License-Identifier: GPL-2.0
/* The testcases: every KB_TESTCASE() of bench/tc_*.c, found through the
 * linker section the macro puts them in. Names starting with '_' are
 * hidden test hooks. A testcase may also answer to an alias. */
#include <string.h>
#include "kabench.h"

/* GNU ld defines these for a section whose name is a C identifier. */
extern const struct kb_testcase *const __start_kb_testcases[];
extern const struct kb_testcase *const __stop_kb_testcases[];

const struct kb_testcase *const *kb_testcases_begin(void) { return __start_kb_testcases; }
const struct kb_testcase *const *kb_testcases_end(void) { return __stop_kb_testcases; }

const struct kb_testcase *kb_find_testcase(const char *name)
{
	for (const struct kb_testcase *const *t = __start_kb_testcases; t < __stop_kb_testcases; t++)
		if (strcmp((*t)->name, name) == 0 || ((*t)->alias && strcmp((*t)->alias, name) == 0))
			return *t;
	return NULL;
}
