// SPDX-License-Identifier: GPL-2.0
/* The task side: pin, set up, wait at the start barrier, run the loop. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "runner.h"

static const struct kb_config *config;	/* the same for every task of the worker */

/* One write() per line so that lines of different tasks never mix. */
static void say(const char *line)
{
	ssize_t r = write(STDERR_FILENO, line, strlen(line));
	(void)r;
}

/* "kabench: NAME: task I[ helper]: CALL failed: ENAME (text)" */
static void say_failed(int index, const char *who, const char *what, int err)
{
	char line[320];
	const char *name = strerrorname_np(err);

	snprintf(line, sizeof(line), "kabench: %s: task %d%s: %s failed: %s (%s)\n",
		 config->name, index, who, what, name ? name : "?", strerror(err));
	say(line);
}

static void die(struct kb_slot *slot, int index, const char *what, int err)
{
	say_failed(index, "", what, err);
	__atomic_store_n(&slot->err, err, __ATOMIC_RELEASE);
	_exit(KB_FAIL);	/* in thread mode this ends the whole worker process */
}

/* "0", "0-3", "0,2": the CPUs this thread may run on. */
static void cpu_list(char *buf, size_t len)
{
	cpu_set_t set;
	size_t used = 0;

	buf[0] = '\0';
	if (sched_getaffinity(0, sizeof(set), &set) != 0) {
		snprintf(buf, len, "?");
		return;
	}
	for (int c = 0; c < CPU_SETSIZE && used < len; c++) {
		int last = c;

		if (!CPU_ISSET(c, &set))
			continue;
		while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
			last++;
		used += (size_t)snprintf(buf + used, len - used, last > c ? "%s%d-%d" : "%s%d",
					 used ? "," : "", c, last);
		c = last;
	}
}

static void report(int index)
{
	char cpus[128], line[256];

	cpu_list(cpus, sizeof(cpus));
	snprintf(line, sizeof(line), "kabench: task %d pid %d tid %d cpus %s cpu %d\n",
		 index, (int)getpid(), (int)gettid(), cpus, sched_getcpu());
	say(line);
}

struct helper {
	struct kb_task t;
	int (*fn)(struct kb_task *h);
};

static void helper_main(struct helper *h)
{
	int err;

	if (config->verbose) {
		char line[128];

		snprintf(line, sizeof(line), "kabench: task %d pid %d tid %d helper\n",
			 h->t.index, (int)getpid(), (int)gettid());
		say(line);
	}
	err = h->fn(&h->t);
	if (err == 0)	/* its task is gone: the run is over */
		_exit(KB_OK);
	say_failed(h->t.index, " helper", h->t.failed ? h->t.failed : config->tc->call, err);
	_exit(KB_FAIL);
}

static void *helper_thread(void *p)
{
	helper_main(p);
	return NULL;
}

int kb_start_helper(struct kb_task *t, int (*fn)(struct kb_task *h))
{
	struct helper *h = malloc(sizeof(*h));
	pid_t task = getpid(), pid;

	if (!h)
		return ENOMEM;
	*h = (struct helper){ *t, fn };
	h->t.failed = NULL;
	if (t->run->threads) {
		pthread_attr_t attr;
		pthread_t tid;
		int err;

		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		err = pthread_create(&tid, &attr, helper_thread, h);
		pthread_attr_destroy(&attr);
		return err;	/* the thread owns h */
	}
	pid = fork();
	if (pid < 0)
		return errno;
	if (pid == 0) {
		/* dies with its task; kabench (a subreaper) reaps it */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != task)
			_exit(KB_FAIL);
		helper_main(h);
	}
	free(h);
	return 0;
}

/*
 * --extra PCT: a known effect, for calibrating verdicts. The testcase's
 * own loop runs extra ops at a time into a counter of its own, and all
 * but one of them are counted: one op in extra is done for nothing, so
 * ops/s fall by 1/extra (PCT %) whatever an op costs and whatever else
 * runs. The loop itself is the testcase's, untouched, called once a
 * chunk (its call and its exit are the only cost of their own: one call
 * a chunk, not two); the slot's counter moves once a chunk.
 */
static int extra_loop(const struct kb_config *cfg, struct kb_task *t, struct kb_slot *slot)
{
	static __thread uint64_t mine;	/* a thread's own: threads mode too */
	uint64_t total = 0, limit = cfg->iterations ? cfg->iterations : KB_FOREVER;
	int err;

	t->ops = &mine;
	while (total < limit) {
		mine = 0;
		if ((err = cfg->tc->loop(t, cfg->extra)) != 0)
			return err;
		total += mine - 1;	/* (a loop that counts two at a time: one more) */
		__atomic_store_n(&slot->ops, total, __ATOMIC_RELAXED);
	}
	return 0;
}

void kb_task_main(const struct kb_config *cfg, const struct kb_run *run, struct kb_shared *sh,
		  int index)
{
	struct kb_slot *slot = &sh->slots[index];
	struct kb_task t = { .index = index, .dir = cfg->dir, .run = run, .fd = -1,
			     .ops = &slot->ops };
	int err;

	config = cfg;
	slot->pid = getpid();
	slot->tid = gettid();
	if (cfg->affinity && (err = kb_pin_task(index)) != 0)
		die(slot, index, "binding to a CPU", err);
	if (cfg->tc->setup && (err = cfg->tc->setup(&t)) != 0) {
		char what[128];

		snprintf(what, sizeof(what), "setup%s%s", t.failed ? ": " : "",
			 t.failed ? t.failed : "");
		die(slot, index, what, err);
	}
	if (cfg->verbose)
		report(index);
	__atomic_store_n(&slot->ready, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&sh->go, __ATOMIC_ACQUIRE) == 0)
		syscall(SYS_futex, &sh->go, FUTEX_WAIT, 0, NULL, NULL, 0);

	if (cfg->steal > 0 && (err = kb_steal_start(cfg->steal)) != 0)
		die(slot, index, "the --steal timer", err);
	if (cfg->extra)
		err = extra_loop(cfg, &t, slot);
	else
		err = cfg->tc->loop(&t, cfg->iterations ? cfg->iterations : KB_FOREVER);
	if (err)
		die(slot, index, t.failed ? t.failed : cfg->tc->call, err);
	if (!cfg->iterations) {	/* a loop without a limit never ends well */
		char line[256];

		snprintf(line, sizeof(line), "kabench: %s: task %d: the loop ended before the run\n",
			 cfg->name, index);
		say(line);
		_exit(KB_FAIL);
	}
}
