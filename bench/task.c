/* The task side: pin, set up, wait at the start barrier, run the loop. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "runner.h"

/* One write() per line so that lines of different tasks never mix. */
static void say(const char *line)
{
	ssize_t r = write(STDERR_FILENO, line, strlen(line));
	(void)r;
}

static void die(const struct kb_config *cfg, struct kb_slot *slot, int index,
		const char *what, int err)
{
	char line[256];
	const char *name = strerrorname_np(err);

	snprintf(line, sizeof(line), "kabench: %s: task %d: %s failed: %s (%s)\n",
		 cfg->tc->name, index, what, name ? name : "?", strerror(err));
	say(line);
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

void kb_task_main(const struct kb_config *cfg, struct kb_shared *sh, int index)
{
	struct kb_slot *slot = &sh->slots[index];
	struct kb_task t = { .index = index, .dir = cfg->dir, .fd = -1, .ops = &slot->ops };
	int err;

	slot->pid = getpid();
	slot->tid = gettid();
	if (cfg->affinity && (err = kb_pin_task(index)) != 0)
		die(cfg, slot, index, "binding to a CPU", err);
	if (cfg->tc->setup && (err = cfg->tc->setup(&t)) != 0)
		die(cfg, slot, index, "setup", err);
	if (cfg->verbose)
		report(index);
	__atomic_store_n(&slot->ready, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&sh->go, __ATOMIC_ACQUIRE) == 0)
		syscall(SYS_futex, &sh->go, FUTEX_WAIT, 0, NULL, NULL, 0);

	err = cfg->tc->loop(&t, cfg->iterations ? cfg->iterations : UINT64_MAX);
	if (err)
		die(cfg, slot, index, cfg->tc->call, err);
}
