/* SPDX-License-Identifier: GPL-2.0 */
/* What the runner's files share (not seen by testcases). */
#ifndef KABENCH_RUNNER_H
#define KABENCH_RUNNER_H

#include <stdint.h>
#include "kabench.h"

struct kb_config {
	const struct kb_testcase *tc;
	const char *name;	/* the testcase's name as asked (its alias or its name) */
	int threads;		/* one process with a thread per task */
	int affinity;		/* pin each task with hwloc */
	int per_thread;		/* one task per hardware thread, not per core */
	int verbose;
	double interval;	/* nominal sample length, seconds */
	double oversleep;	/* test hook: the sampler sleeps this much longer */
	int warmup, samples;
	const char *dir;
	uint64_t iterations;	/* overhead hook: fixed ops per task, no sampling */
	double steal;		/* --steal: % of each task's time spun away (0: none) */
	unsigned extra;		/* --extra: every extra-th op done twice, counted once (0: none) */
};

/* The shared anonymous mapping: start barrier, then one slot per task. */
struct kb_shared {
	int go __attribute__((aligned(KB_CACHELINE)));	/* futex word */
	struct kb_slot slots[];
};

/* args.c: parsers for option values; 0 on success, -1 on bad input. */
int kb_parse_tasks(const char *s, int *list, int max, int *n);
int kb_parse_seconds(const char *s, double *out);
int kb_parse_count(const char *s, long min, long max, long *out);

/* steal.c: each task loses STEAL % of its time to a timer signal; 0 or errno. */
int kb_steal_start(double pct);

/* pin.c */
int kb_pin_init(int per_thread);	/* loads the topology; returns #cores or #PUs */
int kb_pin_task(int index);		/* binds the calling thread; 0 or errno */
const char *kb_pin_unit(void);		/* "cores" or "hardware threads" */

/* task.c: runs task index until its loop ends; exits the process on failure. */
void kb_task_main(const struct kb_config *cfg, const struct kb_run *run, struct kb_shared *sh,
		  int index);

/* run.c: one task count: start, sample, stop, print rows. Returns KB_OK or
 * KB_FAIL; after a SIGINT/SIGTERM, kb_signalled() is that signal. */
int kb_run(const struct kb_config *cfg, int ntasks);
void kb_install_signals(void);
int kb_signalled(void);

#endif
