// SPDX-License-Identifier: GPL-2.0
/* One task count: fork the workers, open the start barrier, sample the
 * counters at the interval, print CSV rows, kill and reap the workers. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "mark.h"
#include "runner.h"

#define READY_TIMEOUT_S 120.0

static volatile sig_atomic_t signalled, child_exited;
static pid_t workers[KB_MAX_TASKS];
static int nworkers;

static void on_signal(int sig) { signalled = sig; }
static void on_child(int sig) { (void)sig; child_exited = 1; }

void kb_install_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };	/* no SA_RESTART */

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_child;
	sigaction(SIGCHLD, &sa, NULL);
}

int kb_signalled(void) { return signalled; }

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sleep until monotonic time t; returns early (-1) on a signal or a child exit. */
static int sleep_until(double t)
{
	struct timespec ts = { .tv_sec = (time_t)t };

	ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
	if (ts.tv_nsec >= 1000000000L)
		ts.tv_nsec = 999999999L;
	while (!signalled && !child_exited) {
		int r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);

		if (r == 0)
			return 0;
		if (r != EINTR)
			return -1;
	}
	return -1;
}

struct thread_arg {
	const struct kb_config *cfg;
	const struct kb_run *run;
	struct kb_shared *sh;
	int index;
};

static void *thread_main(void *p)
{
	struct thread_arg *a = p;

	kb_task_main(a->cfg, a->run, a->sh, a->index);
	return NULL;
}

/* Thread mode: this worker process runs every task as a thread. */
static void thread_worker(const struct kb_config *cfg, const struct kb_run *run,
			  struct kb_shared *sh, int ntasks)
{
	static pthread_t tids[KB_MAX_TASKS];
	static struct thread_arg args[KB_MAX_TASKS];

	for (int i = 0; i < ntasks; i++) {
		args[i] = (struct thread_arg){ cfg, run, sh, i };
		if (pthread_create(&tids[i], NULL, thread_main, &args[i]) != 0) {
			fprintf(stderr, "kabench: cannot create thread %d\n", i);
			_exit(KB_FAIL);
		}
	}
	for (int i = 0; i < ntasks; i++)
		pthread_join(tids[i], NULL);
}

/* Fork a worker that runs task first (process mode) or all tasks (threads). */
static int spawn(const struct kb_config *cfg, const struct kb_run *run, struct kb_shared *sh,
		 int ntasks, int first)
{
	pid_t parent = getpid(), pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "kabench: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid > 0) {
		workers[nworkers++] = pid;
		return 0;
	}
	/* The worker dies with the parent, even if the parent already died. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(KB_FAIL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	/* a write to a pipe whose reader died is an EPIPE error naming the
	 * call (a helper gone), not a silent death */
	signal(SIGPIPE, SIG_IGN);
	if (cfg->threads)
		thread_worker(cfg, run, sh, ntasks);
	else
		kb_task_main(cfg, run, sh, first);
	_exit(KB_OK);
}

/* Reap workers that ended; returns how many ended with a failure. */
static int reap(int block)
{
	int failed = 0, status;

	child_exited = 0;
	while (nworkers > 0) {
		pid_t pid = waitpid(-1, &status, block ? 0 : WNOHANG);

		if (pid < 0 && errno == EINTR && !signalled)
			continue;
		if (pid <= 0)
			break;
		for (int i = 0; i < nworkers; i++) {
			if (workers[i] != pid)
				continue;
			workers[i] = workers[--nworkers];
			if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
				fprintf(stderr, "kabench: worker %d killed by signal %d\n",
					(int)pid, WTERMSIG(status));
			if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
				failed++;
			break;
		}
	}
	return failed;
}

/* The CPU a thread last ran on: field 39 of /proc/PID/task/TID/stat. */
static int last_cpu(int pid, int tid)
{
	char path[64], buf[1024], *p;
	int cpu = -1, field = 2;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	/* fields after the command name (field 2) are space-separated */
	for (; p && *p; p++)
		if (*p == ' ' && ++field == 39) {
			cpu = atoi(p + 1);
			break;
		}
	return cpu;
}

/* --verbose: where each task was at the end of the run. */
static void report_last_cpus(struct kb_shared *sh, int ntasks)
{
	for (int i = 0; i < ntasks; i++)
		fprintf(stderr, "kabench: task %d pid %d tid %d last ran on cpu %d\n", i,
			sh->slots[i].pid, sh->slots[i].tid,
			last_cpu(sh->slots[i].pid, sh->slots[i].tid));
}

static void stop_workers(void)
{
	for (int i = 0; i < nworkers; i++)
		kill(workers[i], SIGKILL);
	while (nworkers > 0)
		if (waitpid(-1, NULL, 0) < 0 && errno != EINTR)
			break;
	nworkers = 0;
}

static int wait_ready(struct kb_shared *sh, int ntasks)
{
	double deadline = now() + READY_TIMEOUT_S;

	for (;;) {
		int ready = 0;

		if (signalled)
			return -1;
		if (reap(0) > 0)
			return -1;
		for (int i = 0; i < ntasks; i++)
			ready += __atomic_load_n(&sh->slots[i].ready, __ATOMIC_ACQUIRE);
		if (ready == ntasks)
			return 0;
		if (now() > deadline) {
			fprintf(stderr, "kabench: %d of %d tasks not ready after %.0f s\n",
				ntasks - ready, ntasks, READY_TIMEOUT_S);
			return -1;
		}
		usleep(1000);
	}
}

/* The machine's CPU ticks so far, from /proc/stat's "cpu" line: idle
 * (idle + iowait) and all of them (guest time is inside user already). */
struct kb_ticks {
	unsigned long long idle, total;
	int ok;
};

/* Read only with more than one CPU online: a scaling curve needs the idle
 * time, and with one CPU (icount) the read would land in the profile's
 * windows and cost every timed sample the read. */
static struct kb_ticks read_ticks(int wanted)
{
	struct kb_ticks t = { 0 };
	unsigned long long v[8] = { 0 };
	FILE *f;

	if (!wanted || !(f = fopen("/proc/stat", "r")))
		return t;
	if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7]) >= 4) {
		t.idle = v[3] + v[4];
		for (int i = 0; i < 8; i++)
			t.total += v[i];
		t.ok = 1;
	}
	fclose(f);
	return t;
}

/* Percent of CPU time idle between two reads; -1 when not measured. */
static double idle_pct(struct kb_ticks a, struct kb_ticks b)
{
	if (!a.ok || !b.ok || b.total <= a.total)
		return -1;
	return 100.0 * (double)(b.idle - a.idle) / (double)(b.total - a.total);
}

static const char *mode(const struct kb_config *cfg)
{
	return cfg->threads ? "threads" : "processes";
}

static void row(const struct kb_config *cfg, int ntasks, int sample, double elapsed,
		uint64_t ops, double tmin, double tmax, double idle)
{
	char idx[16], idles[16] = "";

	if (sample > 0)
		snprintf(idx, sizeof(idx), "%d", sample);
	else
		snprintf(idx, sizeof(idx), "all");
	if (idle >= 0)
		snprintf(idles, sizeof(idles), "%.1f", idle);
	printf("%s,%s,%s,%d,%s,%.6f,%llu,%.1f,%.1f,%.1f,%s\n", sample > 0 ? "sample" : "summary",
	       cfg->name, mode(cfg), ntasks, idx, elapsed, (unsigned long long)ops,
	       (double)ops / elapsed, tmin, tmax, idles);
	fflush(stdout);
}

/* One measured sample, printed once the last one is taken. */
struct kb_sample {
	double elapsed, tmin, tmax, idle;
	uint64_t ops;
};

/* The sampler: warm-up samples are measured and dropped. The rows are
 * printed after the last sample: a row printed between samples costs the
 * next sample the guest's console output (measured under icount: 0.2% of
 * a 0.02 s sample on one vCPU). */
static int sample(const struct kb_config *cfg, struct kb_shared *sh, int ntasks, double t0)
{
	static uint64_t prev[KB_MAX_TASKS], start[KB_MAX_TASKS];
	double tprev = t0, tstart = t0, total = 0;
	uint64_t total_ops = 0;
	struct kb_sample *rows = calloc((size_t)cfg->samples, sizeof(*rows));
	int idle_wanted = sysconf(_SC_NPROCESSORS_ONLN) > 1;
	struct kb_ticks tick_prev = read_ticks(idle_wanted), tick_start = tick_prev;

	if (!rows) {
		fprintf(stderr, "kabench: out of memory for %d samples\n", cfg->samples);
		return KB_FAIL;
	}

	memset(prev, 0, sizeof(prev[0]) * (size_t)ntasks);
	memset(start, 0, sizeof(start[0]) * (size_t)ntasks);
	if (cfg->warmup == 0)
		KB_MARK_BEGIN();	/* the profile's first window (guest/plugin/) */
	for (int s = 1; s <= cfg->warmup + cfg->samples; s++) {
		double t, elapsed, tmin = -1, tmax = 0;
		uint64_t ops = 0;

		sleep_until(tprev + cfg->interval + cfg->oversleep);
		if (signalled || reap(0) > 0) {
			free(rows);
			return KB_FAIL;
		}
		t = now();
		elapsed = t - tprev;
		for (int i = 0; i < ntasks; i++) {
			uint64_t cur = __atomic_load_n(&sh->slots[i].ops, __ATOMIC_RELAXED);
			double rate = (double)(cur - prev[i]) / elapsed;

			ops += cur - prev[i];
			prev[i] = cur;
			if (tmin < 0 || rate < tmin)
				tmin = rate;
			if (rate > tmax)
				tmax = rate;
		}
		/* the profile's windows end and start where the counters were read */
		if (s == cfg->warmup)
			KB_MARK_BEGIN();
		else if (s > cfg->warmup)
			KB_MARK_END();
		tprev = t;
		struct kb_ticks tick = read_ticks(idle_wanted);
		double idle = idle_pct(tick_prev, tick);

		tick_prev = tick;
		if (s == cfg->warmup) {
			tstart = t;
			tick_start = tick;
			memcpy(start, prev, sizeof(prev[0]) * (size_t)ntasks);
		}
		if (s <= cfg->warmup)
			continue;
		rows[s - cfg->warmup - 1] = (struct kb_sample){ elapsed, tmin, tmax, idle, ops };
		total_ops += ops;
	}
	for (int i = 0; i < cfg->samples; i++)
		row(cfg, ntasks, i + 1, rows[i].elapsed, rows[i].ops, rows[i].tmin, rows[i].tmax,
		    rows[i].idle);
	free(rows);
	total = tprev - tstart;
	{
		double tmin = -1, tmax = 0;

		for (int i = 0; i < ntasks; i++) {
			double rate = (double)(prev[i] - start[i]) / total;

			if (tmin < 0 || rate < tmin)
				tmin = rate;
			if (rate > tmax)
				tmax = rate;
		}
		row(cfg, ntasks, 0, total, total_ops, tmin, tmax, idle_pct(tick_start, tick_prev));
	}
	return KB_OK;
}

/* --iterations: every task does (at least) a fixed number of ops and ends;
 * one summary row of the ops they counted. */
static int fixed(const struct kb_config *cfg, struct kb_shared *sh, int ntasks, double t0)
{
	double elapsed, tmin = -1, tmax = 0;
	uint64_t ops = 0;

	if (reap(1) > 0 || signalled)
		return KB_FAIL;
	elapsed = now() - t0;
	for (int i = 0; i < ntasks; i++) {
		uint64_t n = __atomic_load_n(&sh->slots[i].ops, __ATOMIC_RELAXED);
		double rate = (double)n / elapsed;

		ops += n;
		if (tmin < 0 || rate < tmin)
			tmin = rate;
		if (rate > tmax)
			tmax = rate;
	}
	row(cfg, ntasks, 0, elapsed, ops, tmin, tmax, -1);
	return KB_OK;
}

/* "kabench: NAME: prepare failed: ENAME (text)" */
static void prepare_failed(const struct kb_config *cfg, int err)
{
	const char *name = strerrorname_np(err);

	fprintf(stderr, "kabench: %s: prepare failed: %s (%s)\n", cfg->name, name ? name : "?",
		strerror(err));
}

int kb_run(const struct kb_config *cfg, int ntasks)
{
	size_t size = sizeof(struct kb_shared) + sizeof(struct kb_slot) * (size_t)ntasks;
	struct kb_run run = { .ntasks = ntasks, .threads = cfg->threads, .dir = cfg->dir };
	struct kb_shared *sh;
	double t0;
	int rc = KB_FAIL, err;

	sh = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		fprintf(stderr, "kabench: mmap: %s\n", strerror(errno));
		return KB_FAIL;
	}
	if (cfg->tc->prepare && (err = cfg->tc->prepare(&run)) != 0) {
		prepare_failed(cfg, err);
		goto out;
	}
	for (int i = 0; i < (cfg->threads ? 1 : ntasks); i++)
		if (spawn(cfg, &run, sh, ntasks, i) != 0)
			goto out;
	if (wait_ready(sh, ntasks) != 0)
		goto out;

	__atomic_store_n(&sh->go, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &sh->go, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
	t0 = now();
	rc = cfg->iterations ? fixed(cfg, sh, ntasks, t0) : sample(cfg, sh, ntasks, t0);
	if (rc == KB_OK && cfg->verbose && !cfg->iterations)
		report_last_cpus(sh, ntasks);
out:
	stop_workers();
	kb_remove_prepared(&run);
	munmap(sh, size);
	return rc;
}
