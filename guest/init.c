// SPDX-License-Identifier: GPL-2.0
/*
 * kabench guest init (PID 1, statically linked).
 *
 * Mounts the pseudo file systems, reports the guest's facts, runs
 * /bin/kabench once per testcase and task count as planned on the kernel
 * command line, and streams everything over the console as marker lines:
 *
 *   @@kabench fact KEY=VALUE *SUM
 *   @@kabench begin test=T tasks=N mode=M *SUM
 *   @@kabench csv LINE *SUM          (the worker's stdout, line by line)
 *   @@kabench err LINE *SUM          (the worker's stderr, line by line)
 *   @@kabench end test=T tasks=N mode=M exit=E rows=R *SUM
 *   @@kabench fact tainted=N *SUM     (/proc/sys/kernel/tainted at the end)
 *   @@kabench done runs=K *SUM
 *
 * SUM is the FNV-1a hash (8 hex digits) of everything between "@@kabench "
 * and " *": kernel messages can land in the middle of a line on the serial
 * port, and the parser drops any line whose hash does not match.
 *
 * Plan (kernel command line): kabench.tests=fstat,read1 kabench.tasks=1,2
 * kabench.interval=1 kabench.warmup=1 kabench.samples=3, and optionally
 * kabench.mode=processes|threads|both (default processes; both runs each
 * testcase and task count as processes, then as threads).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init-setup.h"
#include "marker.h"
#include "runner.h"	/* kb_parse_tasks(): the one reader of task lists */

#define WORKER "/bin/kabench"
#define MAX_LINE 8192

/* One marker line, written with a single write() so it is not split by us. */
static void emit(const char *fmt, ...)
{
	static char line[MAX_LINE + 64];
	char payload[MAX_LINE];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(payload, sizeof(payload), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(payload))
		n = sizeof(payload) - 1;
	n = snprintf(line, sizeof(line), "@@kabench %s *%08x\n", payload,
		     marker_hash(payload, n));
	for (int off = 0; off < n;) {
		ssize_t w = write(STDOUT_FILENO, line + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		off += w;
	}
}

/* Value of the first "key<spaces>: value" line in text, copied to out. */
static void field(const char *text, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);
	const char *p = text;

	out[0] = '\0';
	while (p && *p) {
		if (!strncmp(p, key, klen) && (p[klen] == ' ' || p[klen] == '\t' || p[klen] == ':')) {
			const char *v = strchr(p, ':');
			const char *e = strchr(p, '\n');
			if (v && (!e || v < e)) {
				v++;
				while (*v == ' ' || *v == '\t')
					v++;
				size_t n = e ? (size_t)(e - v) : strlen(v);
				if (n >= size)
					n = size - 1;
				memcpy(out, v, n);
				out[n] = '\0';
				return;
			}
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

static void facts(const char *cmdline)
{
	static char cpuinfo[1 << 16], meminfo[8192], buf[4096];
	struct utsname u;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	emit("fact uname=%s", uname(&u) == 0 ? u.release : "unknown");
	init_slurp("/proc/cpuinfo", cpuinfo, sizeof(cpuinfo));
	field(cpuinfo, "model name", buf, sizeof(buf));
	emit("fact cpu_model=%s", buf);
	field(cpuinfo, "flags", buf, sizeof(buf));
	emit("fact flags=%s", buf);
	emit("fact nr_cpus=%ld", cpus);
	init_slurp("/proc/meminfo", meminfo, sizeof(meminfo));
	field(meminfo, "MemTotal", buf, sizeof(buf));
	emit("fact mem_kb=%ld", strtol(buf, NULL, 10));
	emit("fact cmdline=%s", cmdline);
}

/* Guest seconds from the kernel's clock start to this init (under icount
 * shift 0, a nanosecond is an instruction): what the kernel's boot cost. */
static void boot_fact(const struct timespec *t)
{
	emit("fact boot_s=%ld.%06ld", (long)t->tv_sec, t->tv_nsec / 1000);
}

struct sink {
	int fd;
	const char *kind;
	char buf[MAX_LINE];
	size_t len;
	int lines;
};

/* Emits the complete lines in s->buf (all of it when flush is set). */
static void drain(struct sink *s, int flush)
{
	size_t start = 0;

	for (size_t i = 0; i < s->len; i++) {
		if (s->buf[i] == '\n') {
			emit("%s %.*s", s->kind, (int)(i - start), s->buf + start);
			s->lines++;
			start = i + 1;
		}
	}
	if (start == 0 && (flush || s->len == sizeof(s->buf)) && s->len) {
		emit("%s %.*s", s->kind, (int)s->len, s->buf);
		s->lines++;
		start = s->len;
	}
	memmove(s->buf, s->buf + start, s->len - start);
	s->len -= start;
}

/* Runs the worker with argv, streams its output, returns its exit code. */
static int run_worker(char *const argv[], int *rows)
{
	struct sink out = { .kind = "csv" }, err = { .kind = "err" };
	int po[2], pe[2], status;
	pid_t pid;

	if (pipe(po) || pipe(pe)) {
		emit("err init: pipe: %s", strerror(errno));
		return 125;
	}
	pid = fork();
	if (pid < 0) {
		emit("err init: fork: %s", strerror(errno));
		return 125;
	}
	if (pid == 0) {
		dup2(po[1], STDOUT_FILENO);
		dup2(pe[1], STDERR_FILENO);
		close(po[0]); close(po[1]); close(pe[0]); close(pe[1]);
		execv(WORKER, argv);
		fprintf(stderr, "init: exec %s: %s\n", WORKER, strerror(errno));
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	out.fd = po[0];
	err.fd = pe[0];

	struct sink *sinks[2] = { &out, &err };
	int open_fds = 2;
	while (open_fds) {
		struct pollfd pfd[2];
		for (int i = 0; i < 2; i++)
			pfd[i] = (struct pollfd){ .fd = sinks[i]->fd, .events = POLLIN };
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			struct sink *s = sinks[i];
			if (s->fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ssize_t r = read(s->fd, s->buf + s->len, sizeof(s->buf) - s->len);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				close(s->fd);
				s->fd = -1;
				open_fds--;
				drain(s, 1);
				continue;
			}
			s->len += r;
			drain(s, 0);
		}
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	*rows = out.lines;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 125;
}

static void power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	/* No ACPI power-off: a reset ends QEMU too (it runs with -no-reboot). */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

int main(void)
{
	static char cmdline[4096];
	char tests[2048], tasks[256], interval[32], warmup[32], samples[32], mode[32], settle[32];
	int counts[256], ncounts, runs = 0;
	struct timespec booted;

	clock_gettime(CLOCK_BOOTTIME, &booted);
	init_setup();
	setenv("PATH", "/bin", 1);
	init_slurp("/proc/cmdline", cmdline, sizeof(cmdline));
	facts(cmdline);
	boot_fact(&booted);

	init_param(cmdline, "kabench.tests", "", tests, sizeof(tests));
	init_param(cmdline, "kabench.tasks", "1", tasks, sizeof(tasks));
	init_param(cmdline, "kabench.interval", "1", interval, sizeof(interval));
	init_param(cmdline, "kabench.warmup", "1", warmup, sizeof(warmup));
	init_param(cmdline, "kabench.samples", "5", samples, sizeof(samples));
	init_param(cmdline, "kabench.mode", "processes", mode, sizeof(mode));
	init_param(cmdline, "kabench.settle", "0", settle, sizeof(settle));
	/* The kernel finishes booting after init starts: the clocksource
	 * watchdog moves the timers to high resolution at ~0.5 s, the PS/2
	 * mouse probe runs at ~0.3 s (guest seconds, measured under icount).
	 * A testcase measured before that sees another kernel. Idle guest
	 * time is nearly free under icount (the clock skips to the next timer). */
	if (atof(settle) > 0) {
		double t = atof(settle);
		struct timespec ts = { (time_t)t, (long)((t - (double)(time_t)t) * 1e9) };

		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	}
	if (kb_parse_tasks(tasks, counts, 256, &ncounts) != 0) {
		emit("err init: bad kabench.tasks=%s", tasks);
		ncounts = 0;
	}
	const char *modes[2] = { "processes", "threads" };
	int first = 0, last = 1;
	if (!strcmp(mode, "processes"))
		last = 0;
	else if (!strcmp(mode, "threads"))
		first = 1;
	else if (strcmp(mode, "both")) {
		emit("err init: bad kabench.mode=%s", mode);
		ncounts = 0;
	}

	for (char *save, *t = strtok_r(tests, ",", &save); t && ncounts;
	     t = strtok_r(NULL, ",", &save)) {
		for (int i = 0; i < ncounts; i++) {
			for (int m = first; m <= last; m++) {
				char n[16];
				int rows = 0, code;
				snprintf(n, sizeof(n), "%d", counts[i]);
				char *argv[] = { "kabench", "--test", t, "--tasks", n,
						 "--interval", interval, "--warmup", warmup,
						 "--samples", samples, "--dir", "/tmp",
						 m ? "--threads" : NULL, NULL };
				emit("begin test=%s tasks=%s mode=%s", t, n, modes[m]);
				code = run_worker(argv, &rows);
				emit("end test=%s tasks=%s mode=%s exit=%d rows=%d", t, n, modes[m], code, rows);
				runs++;
			}
		}
	}
	/* Warnings, lockups and the like taint the kernel: a clean run ends at 0. */
	emit("fact tainted=%s", init_slurp("/proc/sys/kernel/tainted", cmdline, sizeof(cmdline)));
	emit("done runs=%d", runs);
	power_off();
	return 0;
}
