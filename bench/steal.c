// SPDX-License-Identifier: GPL-2.0
/* --steal PCT: a known effect, for calibrating verdicts (bench/README.md,
 * "A known effect"). Every STEAL_PERIOD_NS of the task's time a timer
 * signal spins in user space until PCT % of that period has passed, by the
 * same clock, so the task keeps 100 - PCT % of its time for its ops and its
 * ops/s fall by PCT % whatever one op costs: the true change is known.
 * A timer per task (its thread), so threads mode steals from each. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "runner.h"

#define STEAL_PERIOD_NS 1000000L	/* 1 ms: many periods in a 0.02 s sample */

static long steal_ns;

static long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void spin(int sig)
{
	long end = now_ns() + steal_ns;
	int saved = errno;

	(void)sig;
	while (now_ns() < end)
		;
	errno = saved;
}

int kb_steal_start(double pct)
{
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGRTMIN + 2 };
	struct itimerspec its = { .it_interval.tv_nsec = STEAL_PERIOD_NS,
				  .it_value.tv_nsec = STEAL_PERIOD_NS };
	struct sigaction sa;
	timer_t timer;

	steal_ns = (long)(STEAL_PERIOD_NS * pct / 100);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = spin;
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGRTMIN + 2, &sa, NULL) != 0)
		return errno;
	ev._sigev_un._tid = gettid();
	if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0)
		return errno;
	if (timer_settime(timer, 0, &its, NULL) != 0)
		return errno;
	return 0;
}
