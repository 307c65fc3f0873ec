/* The table of testcases; names starting with '_' are hidden test hooks. */
#include <string.h>
#include "kabench.h"

extern const struct kb_testcase kb_tc_fstat, kb_tc_fstatat_empty, kb_tc_fstat_libc,
	kb_tc_fstatat_null, kb_tc_read1, kb_tc_pread1, kb_tc_getppid,
	kb_tc_fail, kb_tc_unsupported;

const struct kb_testcase *const kb_testcases[] = {
	&kb_tc_fstat, &kb_tc_fstatat_empty, &kb_tc_fstat_libc, &kb_tc_fstatat_null,
	&kb_tc_read1, &kb_tc_pread1, &kb_tc_getppid,
	&kb_tc_fail, &kb_tc_unsupported,
	NULL
};

const struct kb_testcase *kb_find_testcase(const char *name)
{
	for (int i = 0; kb_testcases[i]; i++)
		if (strcmp(kb_testcases[i]->name, name) == 0)
			return kb_testcases[i];
	return NULL;
}
