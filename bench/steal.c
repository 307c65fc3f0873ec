// SPDX-License-Identifier: GPL-2.0
/* --steal PCT: a known effect, for calibrating verdicts (bench/README.md,
 * "--steal"). A timer on the task's own CPU time (about every
 * STEAL_PERIOD_NS of it) signals the task, which spins in user space
 * until it has spent PCT % of all its CPU time since the last spin on
 * spinning: so the task spends PCT % of the CPU it gets on the spin and
 * its ops/s fall by PCT % whatever one op costs, and whatever else the
 * host runs: the true change is known. The spin is sized by the CPU time
 * since the last one, not by the period, because the kernel delivers CPU
 * timers only at its ticks (measured: 6 signals in 0.1 s for a 1 ms
 * period) and would otherwise steal a fraction of what it should. A
 * timer per task (its thread), so threads mode steals from each. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "runner.h"

#define STEAL_PERIOD_NS 1000000L	/* 1 ms of CPU: many periods in a 0.02 s sample */

static double share;	/* spin per ns of work: pct / (100 - pct) */
static long last;	/* the thread's CPU time when the last spin ended */

static long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void spin(int sig)
{
	long now = cpu_ns(), end = now + (long)((now - last) * share);
	int saved = errno;

	(void)sig;
	while (cpu_ns() < end)
		;
	last = cpu_ns();
	errno = saved;
}

int kb_steal_start(double pct)
{
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGRTMIN + 2 };
	struct sigaction sa;
	timer_t timer;
	struct itimerspec its = { 0 };

	share = pct / (100 - pct);
	last = cpu_ns();
	its.it_interval.tv_nsec = its.it_value.tv_nsec = STEAL_PERIOD_NS;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = spin;
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGRTMIN + 2, &sa, NULL) != 0)
		return errno;
	ev._sigev_un._tid = gettid();
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0)
		return errno;
	if (timer_settime(timer, 0, &its, NULL) != 0)
		return errno;
	return 0;
}
