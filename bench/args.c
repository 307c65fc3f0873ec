// SPDX-License-Identifier: GPL-2.0
/* Strict parsers for kabench's option values. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include "runner.h"

/* A whole decimal integer in [min, max]. */
int kb_parse_count(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "N", "A-B", comma-separated: "1", "1,2,4", "1-8", "1,4-6". */
int kb_parse_tasks(const char *s, int *list, int max, int *n)
{
	*n = 0;
	for (;;) {
		char *end;
		long a, b;

		if (!isdigit((unsigned char)*s))
			return -1;
		a = strtol(s, &end, 10);
		b = a;
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return -1;
			b = strtol(end + 1, &end, 10);
		}
		if (a < 1 || b < a || b > KB_MAX_TASKS)
			return -1;
		for (long v = a; v <= b; v++) {
			if (*n == max)
				return -1;
			list[(*n)++] = (int)v;
		}
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
}

/* Decimal seconds, > 0 and at most an hour: "1", "0.25", ".5". */
int kb_parse_seconds(const char *s, double *out)
{
	int digits = 0, dots = 0;
	double v;

	for (const char *p = s; *p; p++) {
		if (isdigit((unsigned char)*p))
			digits++;
		else if (*p == '.' && dots++ == 0)
			continue;
		else
			return -1;
	}
	if (digits == 0)
		return -1;
	v = strtod(s, NULL);
	if (!(v > 0 && v <= 3600))
		return -1;
	*out = v;
	return 0;
}
