// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "util.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double native_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int native_pin(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort */
	return cpu;
}

long native_number(const char *prog, const char *opt, const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < lo || v > hi) {
		fprintf(stderr, "%s: bad %s '%s' (%ld..%ld)\n", prog, opt, s, lo, hi);
		exit(2);
	}
	return v;
}
