/* SPDX-License-Identifier: GPL-2.0 */
/* What native/probe.c and native/time.c share (their sort and median are
 * analyze/stats.c's). */
#ifndef KABENCH_NATIVE_UTIL_H
#define KABENCH_NATIVE_UTIL_H

/* CLOCK_MONOTONIC in seconds. */
double native_now(void);

/* Pins the process to the CPU it runs on (best effort) and returns it. */
int native_pin(void);

/* The whole number S given to option OPT, within LO..HI; else one line
 * "PROG: bad OPT 'S' (LO..HI)" on stderr and exit 2. */
long native_number(const char *prog, const char *opt, const char *s, long lo, long hi);

#endif
