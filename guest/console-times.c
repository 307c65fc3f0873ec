// SPDX-License-Identifier: GPL-2.0
/* console-times [--tests LIST] LOG OUT: host times of a boot's console events.
 * console-times --stamp EVENT OUT: appends "T EVENT" to OUT, and exits.
 *
 * Follows LOG (QEMU's serial file) while QEMU runs and appends to OUT one
 * line per event, with the host's clock (seconds since the epoch; run-guest
 * adds its own events to the same file with --stamp, see lib/timing):
 *   T start              its own start (run-guest starts it with QEMU)
 *   T console            the first byte (firmware and kernel are up)
 *   T init               the guest init's first "@@kabench fact" line
 *   T begin TEST         "@@kabench begin test=TEST ..."
 *   T end TEST           "@@kabench end test=TEST ..."
 *   T done               "@@kabench done ..."
 *   T exit               SIGTERM, after one last read (QEMU has exited)
 * Under icount guest time is virtual, so where a boot's real time goes can
 * only be read off the host clock. It polls every 2 ms (a boot is seconds
 * long) and ends at SIGTERM after one last read; run-guest starts it with
 * QEMU and stops it when QEMU has exited.
 * --tests LIST: the plan's testcases (comma-separated); a begin or end of
 * another name is not an event: the guest's names reach the times file,
 * and run-cell's line and the report after it, only when planned. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

static volatile sig_atomic_t stop;
static const char *plan_tests;	/* --tests, or NULL: any name */

/* Is NAME one of the comma list plan_tests (or is there no plan)? */
static int planned(const char *name)
{
	size_t n = strlen(name);

	if (!plan_tests)
		return 1;
	for (const char *p = plan_tests;;) {
		size_t k = strcspn(p, ",");
		if (k == n && !memcmp(p, name, n))
			return 1;
		if (!p[k])
			return 0;
		p += k + 1;
	}
}
static void on_term(int sig) { (void)sig; stop = 1; }

static double wall(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The testcase name of a begin/end line: the word after "test=". */
static void test_name(const char *line, char *name, size_t size)
{
	const char *p = strstr(line, "test=");
	size_t n = 0;

	if (p)
		for (p += 5; p[n] && p[n] != ' ' && n + 1 < size; n++)
			name[n] = p[n];
	name[n] = 0;
}

static void event(FILE *out, double t, const char *line, int *init_seen)
{
	static const char tag[] = "@@kabench ";
	const char *p = strstr(line, tag);
	char name[128];

	if (!p)
		return;
	p += sizeof(tag) - 1;
	if (!strncmp(p, "fact ", 5) && !*init_seen) {
		*init_seen = 1;
		fprintf(out, "%.3f init\n", t);
	} else if (!strncmp(p, "begin ", 6) || !strncmp(p, "end ", 4)) {
		test_name(p, name, sizeof(name));
		if (!planned(name))
			return;
		fprintf(out, "%.3f %s %s\n", t, *p == 'b' ? "begin" : "end", name);
	} else if (!strncmp(p, "done ", 5)) {
		fprintf(out, "%.3f done\n", t);
	}
	fflush(out);
}

/* A line being read: its first sizeof(text) - 1 bytes (the rest is
 * dropped: an event's words are at the start of a marker line). */
struct partial {
	char text[4096];
	size_t len;
	int init_seen;
};

/* The N bytes at BUF, read at host time T: an event for each line they end. */
static void feed(FILE *out, double t, const char *buf, size_t n, struct partial *l)
{
	for (size_t i = 0; i < n; i++) {
		if (buf[i] != '\n') {
			if (l->len + 1 < sizeof(l->text))
				l->text[l->len++] = buf[i];
			continue;
		}
		l->text[l->len] = 0;
		event(out, t, l->text, &l->init_seen);
		l->len = 0;
	}
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	static struct partial line;
	struct sigaction sa = { .sa_handler = on_term };
	struct timespec nap = { 0, 2000000 };
	int fd = -1, first = 1, last = 0;
	FILE *out;

	int stamp = argc == 4 && !strcmp(argv[1], "--stamp");

	if (!stamp && argc == 5 && !strcmp(argv[1], "--tests")) {
		plan_tests = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 3 && !stamp) {
		fprintf(stderr, "usage: console-times [--tests LIST] LOG OUT | --stamp EVENT OUT\n");
		return 2;
	}
	sigaction(SIGTERM, &sa, NULL);
	out = fopen(argv[argc - 1], "a");
	if (!out) {
		fprintf(stderr, "console-times: %s: %s\n", argv[argc - 1], strerror(errno));
		return 1;
	}
	/* (A program, not date | cut: run-guest stamps several events a boot.) */
	fprintf(out, "%.3f %s\n", wall(), stamp ? argv[2] : "start");
	if (stamp)
		return fclose(out) ? 1 : 0;
	fflush(out);
	for (;;) {
		ssize_t r;

		if (stop)
			last = 1;
		if (fd < 0)
			fd = open(argv[1], O_RDONLY);
		while (fd >= 0 && (r = read(fd, buf, sizeof(buf))) > 0) {
			double t = wall();

			if (first) {
				fprintf(out, "%.3f console\n", t);
				first = 0;
			}
			feed(out, t, buf, (size_t)r, &line);
		}
		if (last)
			break;
		nanosleep(&nap, NULL);
	}
	fprintf(out, "%.3f exit\n", wall());
	fclose(out);
	return 0;
}
