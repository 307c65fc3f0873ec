// SPDX-License-Identifier: GPL-2.0
/*
 * parse-console: turns a guest's serial console log into the run files.
 *
 *   parse-console [--mask LIST] [--timed-out | --console-full MB] [--qemu-exit N] [--qemu-err FILE]
 *                 [--kernel IMAGE] [--fact KEY=VALUE]...
 *                 [--tests LIST --tasks COUNTS --modes LIST] LOG DIR
 *
 * Reads the "@@kabench ..." marker lines written by guest/init.c (every one
 * carries an FNV-1a hash; lines that fail it are dropped, everything that is
 * not a marker is kernel noise) and writes DIR/facts, DIR/bench.csv,
 * DIR/status.csv and DIR/verdict. None of them may exist yet.
 * --fact lines (the launcher's: accel, shift, ...) go first into facts.
 * --mask: CPU flags that must not show in the guest's flags.
 * --timed-out: the launcher killed QEMU at its deadline.
 * --console-full MB: the launcher stopped QEMU when its console passed MB
 *   megabytes (a guest that prints without end): truncated.
 * --qemu-exit, --qemu-err, --kernel: QEMU's exit status, the file of its
 *   stderr and the image it booted: with an empty console they say
 *   whether to look at QEMU's errors or at the image. An empty console
 *   with nothing from QEMU, which ended by itself (exit 0: the guest
 *   reset or powered off), or an image shorter than its boot header says,
 *   is a kernel that never started: the verdict names the image and its
 *   size (the kernel's own "Linux version" line is not on a console at
 *   loglevel=5, so the console's emptiness is the sign).
 * --tests, --tasks, --modes: the plan (run-guest's --tests, the task
 *   counts, processes and/or threads): the init runs each testcase, each
 *   count of it, each mode, in that order. A run the plan does not hold
 *   (or out of its order) is dropped, a CSV row of another testcase, mode
 *   or count than its run's too, and the boot is truncated; so is one
 *   where fewer runs arrived than planned. Without them any run is taken.
 * The guest is not trusted: of its facts only the init's keys are kept
 * (GUEST_FACTS, each once), and every byte outside printable ASCII in what
 * it wrote into facts, bench.csv, status.csv and verdict is a '?' (no
 * terminal escapes, valid UTF-8 everywhere downstream).
 * Time and memory are linear in the log's size; a console line longer than
 * CONSOLE_LINE_MAX is cut there (the verdict counts them).
 * Exit: 0 verdict ok, 1 any other verdict, 2 bad input.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "marker.h"
#include "kabench.h"	/* KB_CSV_HEADER */

#define HEADER KB_CSV_HEADER
#define TAIL_LINES 20
#define MAX_DETAIL 64
/* The longest console line read whole: a limit of this parser, not of
 * the console (the init's longest marker, its command line fact, is about
 * 2 KB): a guest that prints one endless line costs a bounded buffer.
 * A longer line is cut there, its rest dropped (a marker in it then fails
 * its check); the verdict says how many were. */
#define CONSOLE_LINE_MAX 65536

/* The facts the guest init prints (guest/init.c); a guest's other keys,
 * and a key's second line, are dropped: the launcher's facts (cell,
 * variant, accel, nested, ...) come from the host alone. */
static const char *const guest_fact_keys[] = { "uname", "cpu_model", "flags", "nr_cpus",
					       "mem_kb", "cmdline", "boot_s", "tainted" };
#define NKEYS (sizeof(guest_fact_keys) / sizeof(*guest_fact_keys))
/* the ones every boot must give */
#define REQUIRED_FACTS 6

struct list {
	char **v;
	size_t n, cap;
};

/* S with every byte outside printable ASCII (tab kept) made '?': what
 * the guest wrote reaches terminals, CSV, Markdown and JSON. */
static char *clean(char *s)
{
	for (unsigned char *p = (unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\t') || *p > 0x7e)
			*p = '?';
	return s;
}

static void push(struct list *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			perror("parse-console");
			exit(1);
		}
	}
	if (!(l->v[l->n] = strdup(s))) {
		perror("parse-console");
		exit(1);
	}
	clean(l->v[l->n++]);
}

static struct {
	struct list launcher_facts, facts, rows, status, detail;
	char *tail[TAIL_LINES];
	size_t lines;
	int panic, oops, warned, done, runs_done, runs_said, garbled, mended, header_bad;
	int failed, truncated, init_errors;
	size_t long_lines, facts_dropped, unplanned, rows_foreign, markers;
	char cur_test[128], cur_tasks[32], cur_mode[32];
	int in_run, cur_rows, cur_unplanned, have_fact[NKEYS];
	/* the plan, when given: its lists, and the index of the last run taken */
	const char *plan_tests, *plan_tasks, *plan_modes;
	long plan_runs, plan_next;
} st;

__attribute__((format(printf, 1, 2)))
static void detail(const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (st.detail.n >= MAX_DETAIL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	push(&st.detail, buf);	/* (cleaned) */
}

/* Value of " key=" in a marker payload (up to the next space), or NULL. */
static const char *kv(const char *payload, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);

	for (const char *p = payload; (p = strstr(p, key)); p++) {
		if ((p == payload || p[-1] == ' ') && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, " ");
			if (n >= size)
				n = size - 1;
			memcpy(out, p + klen + 1, n);
			out[n] = '\0';
			return out;
		}
	}
	return NULL;
}

static void end_run(const char *test, const char *tasks, const char *exit_s, long rows)
{
	char buf[256];
	long code = strtol(exit_s, NULL, 10);

	if (!st.in_run || strcmp(test, st.cur_test) || strcmp(tasks, st.cur_tasks)) {
		detail("end marker for %.64s tasks %.16s without its begin marker", test, tasks);
		st.truncated = 1;
		if (st.plan_tests)
			return;	/* (not a run of the plan's) */
	} else if (rows != st.cur_rows) {
		detail("%s tasks %s: %d of %ld CSV lines arrived (the rest were garbled)",
		       test, tasks, st.cur_rows, rows);
		st.truncated = 1;
	}
	if (code == 0)
		snprintf(buf, sizeof(buf), "%s,%s,ok", test, tasks);
	else if (code == 3)
		snprintf(buf, sizeof(buf), "%s,%s,unsupported", test, tasks);
	else {
		snprintf(buf, sizeof(buf), "%s,%s,failed:%ld", test, tasks, code);
		detail("%s tasks %s: worker exited %ld", test, tasks, code);
		st.failed = 1;
	}
	push(&st.status, buf);
	st.in_run = 0;
	st.runs_done++;
}

/* The position of WORD (N bytes) in the comma list LIST, or -1. */
static long position(const char *list, const char *word, size_t n)
{
	long i = 0;

	for (const char *p = list;; i++) {
		size_t k = strcspn(p, ",");
		if (k == n && !memcmp(p, word, n))
			return i;
		if (!p[k])
			return -1;
		p += k + 1;
	}
}

static long count_of(const char *list)
{
	long n = 1;

	for (const char *p = list; *p; p++)
		n += *p == ',';
	return n;
}

/* Is the run TEST TASKS MODE the plan's next one, or one after it? Then
 * the plan's position moves past it. */
static int planned(const char *test, const char *tasks, const char *mode)
{
	long t = position(st.plan_tests, test, strlen(test));
	long k = position(st.plan_tasks, tasks, strlen(tasks));
	long m = position(st.plan_modes, mode, strlen(mode));
	long ntasks = count_of(st.plan_tasks), nmodes = count_of(st.plan_modes);

	if (t < 0 || k < 0 || m < 0)
		return 0;
	long at = (t * ntasks + k) * nmodes + m;
	if (at < st.plan_next)
		return 0;
	st.plan_next = at + 1;
	return 1;
}

/* Is ROW (a CSV line) of the current run: its test, mode and tasks? */
static int of_run(const char *row)
{
	const char *f[4];
	size_t n[4];
	const char *p = row;

	for (int i = 0; i < 4; i++) {
		f[i] = p;
		n[i] = strcspn(p, ",");
		if (!p[n[i]])
			return 0;
		p += n[i] + 1;
	}
	return n[1] == strlen(st.cur_test) && !memcmp(f[1], st.cur_test, n[1]) &&
	       n[2] == strlen(st.cur_mode) && !memcmp(f[2], st.cur_mode, n[2]) &&
	       n[3] == strlen(st.cur_tasks) && !memcmp(f[3], st.cur_tasks, n[3]);
}

/* A guest fact: kept if its key is one of the init's, the first time. */
static void guest_fact(const char *kvp)
{
	size_t klen = strcspn(kvp, "=");

	if (kvp[klen] == '=') {
		for (size_t i = 0; i < NKEYS; i++) {
			if (strlen(guest_fact_keys[i]) == klen &&
			    !memcmp(kvp, guest_fact_keys[i], klen) && !st.have_fact[i]) {
				st.have_fact[i] = 1;
				push(&st.facts, kvp);
				return;
			}
		}
	}
	st.facts_dropped++;
}

static void marker(const char *payload)
{
	char a[128], b[32], c[32], d[32];

	st.markers++;
	if (!strncmp(payload, "fact ", 5)) {
		guest_fact(payload + 5);
	} else if (!strncmp(payload, "begin ", 6)) {
		if (st.in_run && !st.cur_unplanned) {
			detail("%s tasks %s: no end marker", st.cur_test, st.cur_tasks);
			st.truncated = 1;
		}
		st.in_run = 0;
		if (!kv(payload, "test", a, sizeof(a)) || !kv(payload, "tasks", b, sizeof(b)))
			return;
		if (!kv(payload, "mode", c, sizeof(c)))
			strcpy(c, "processes");	/* (before the init said its mode) */
		st.cur_unplanned = st.plan_tests && !planned(a, b, c);
		if (st.cur_unplanned) {
			if (!st.unplanned++)
				detail("a run the plan does not hold, or out of its order: test=%.64s "
				       "tasks=%.16s mode=%.16s (dropped)", a, b, c);
			st.truncated = 1;
		}
		snprintf(st.cur_test, sizeof(st.cur_test), "%s", a);
		snprintf(st.cur_tasks, sizeof(st.cur_tasks), "%s", b);
		snprintf(st.cur_mode, sizeof(st.cur_mode), "%s", c);
		st.in_run = 1;
		st.cur_rows = 0;
	} else if (!strncmp(payload, "csv ", 4)) {
		const char *row = payload + 4;
		if (!st.in_run || st.cur_unplanned)
			return;
		st.cur_rows++;
		if (!strncmp(row, "kind,", 5)) {
			if (strcmp(row, HEADER) && !st.header_bad) {
				st.header_bad = 1;
				detail("unexpected CSV header from %s: %.200s", st.cur_test, row);
			}
		} else if (st.plan_tests && !of_run(row)) {
			if (!st.rows_foreign++)
				detail("%s tasks %s: a CSV row of another run: %.200s (dropped)",
				       st.cur_test, st.cur_tasks, row);
			st.truncated = 1;
		} else {
			push(&st.rows, row);
		}
	} else if (!strncmp(payload, "err ", 4)) {
		if (st.in_run && st.cur_unplanned) {
			return;
		} else if (st.in_run) {
			detail("%s: %.300s", st.cur_test, payload + 4);
		} else {
			detail("init: %.300s", payload + 4);
			st.init_errors = 1;
		}
	} else if (!strncmp(payload, "end ", 4)) {
		if (st.in_run && st.cur_unplanned) {
			st.in_run = 0;	/* (its begin said why) */
			return;
		}
		if (kv(payload, "test", a, sizeof(a)) && kv(payload, "tasks", b, sizeof(b)) &&
		    kv(payload, "exit", c, sizeof(c)) && kv(payload, "rows", d, sizeof(d)))
			end_run(a, b, c, strtol(d, NULL, 10));
	} else if (!strncmp(payload, "done", 4)) {
		st.done = 1;
		if (kv(payload, "runs", a, sizeof(a)))
			st.runs_said = (int)strtol(a, NULL, 10);
	}
}

/* Keeps the last console lines, with control bytes made visible, each
 * cut at TAIL_LINE_MAX bytes (the verdict holds 20 of them). */
#define TAIL_LINE_MAX 1024
static void remember(const char *line)
{
	size_t n = strlen(line);
	char *copy = malloc((n > TAIL_LINE_MAX ? TAIL_LINE_MAX + 48 : n + 1));

	if (!copy) {
		perror("parse-console");
		exit(1);
	}
	if (n > TAIL_LINE_MAX) {
		memcpy(copy, line, TAIL_LINE_MAX);
		snprintf(copy + TAIL_LINE_MAX, 48, " [... %zu bytes in all]", n);
	} else {
		memcpy(copy, line, n + 1);
	}
	for (char *p = copy; *p; p++)
		if (((unsigned char)*p < 0x20 && *p != '\t') || (unsigned char)*p > 0x7e)
			*p = '?';
	free(st.tail[st.lines % TAIL_LINES]);
	st.tail[st.lines % TAIL_LINES] = copy;
	st.lines++;
}

/* Kernel messages that void a boot's figures: panics, oopses, and the
 * warnings a quiet console would hide (the guest boots with loglevel=5). */
static void kernel_message(const char *s)
{
	static const char *const warnings[] = {
		"soft lockup", "hard LOCKUP", "detected stall",
		"blocked for more than", "WARNING:", "Call Trace:",
	};

	if (strstr(s, "Kernel panic - not syncing")) {
		st.panic = 1;
		return;
	}
	for (size_t i = 0; i < sizeof(warnings) / sizeof(*warnings); i++) {
		if (strstr(s, warnings[i])) {
			if (!st.warned++)
				detail("kernel warning in the console: %.200s", s);
			return;
		}
	}
	if (strstr(s, "Oops:") || strstr(s, "BUG: ") || strstr(s, "kernel BUG at") ||
	    strstr(s, "general protection fault"))
		st.oops = 1;
}

/* Is T (10 bytes) a check " *xxxxxxxx"? Then 1, its sum in SUM. */
static int check_of(const char *t, uint32_t *sum)
{
	char hex[9], *end;

	if (t[0] != ' ' || t[1] != '*')
		return 0;
	memcpy(hex, t + 2, 8);
	hex[8] = '\0';
	unsigned long v = strtoul(hex, &end, 16);
	if (*end || v > UINT32_MAX)
		return 0;
	*sum = (uint32_t)v;
	return 1;
}

/* Is "PAYLOAD *xxxxxxxx" (N bytes at S, no newline) a checked marker? */
static int checked(const char *s, size_t n)
{
	uint32_t sum;

	return n >= 11 && check_of(s + n - 10, &sum) && sum == marker_hash(s, n - 10);
}

/* A marker line that a kernel message cut: its payload so far (the
 * message, up to its newline, is at its end), waiting for the next line. */
static char *cut;

/* FNV-1a undone: the hash before the N bytes at S that gave H (its prime
 * is odd, so multiplying by it is a bijection modulo 2^32). */
static uint32_t marker_unhash(uint32_t h, const char *s, size_t n)
{
	const uint32_t prime_inverse = 0x359c449bu;	/* 16777619 * it = 1 mod 2^32 */

	while (n--)
		h = (h * prime_inverse) ^ (unsigned char)s[n];
	return h;
}

/* The next line after a cut marker: the marker is the cut line's first K
 * bytes followed by this line, for the largest K whose check matches; the
 * rest of the cut line is the kernel message. 1 if so (then handled).
 * Linear in both lines' length: the hash of each prefix of the cut line
 * is computed once, and compared with the hash the check asks of it
 * before this line's bytes (or, when this line is shorter than a check,
 * with what the check asks of the bytes before it). */
static int mend(const char *s)
{
	size_t c = strlen(cut), n = strlen(s), k, found = SIZE_MAX;
	size_t lend = n >= 10 ? 0 : 10 - n;	/* the check's bytes in the cut line */
	uint32_t *pre = malloc((c + 1) * sizeof(*pre)), want = 0, sum;

	if (!pre) {
		perror("parse-console");
		exit(1);
	}
	pre[0] = marker_hash("", 0);
	for (k = 0; k < c; k++)
		pre[k + 1] = (pre[k] ^ (unsigned char)cut[k]) * 16777619u;
	if (!lend && check_of(s + n - 10, &sum))
		want = marker_unhash(sum, s, n - 10);
	for (k = c + 1; k-- > lend && found == SIZE_MAX;) {
		/* the payload: K + N - 10 bytes, at least one */
		if (k + n < 11)
			break;
		if (!lend) {
			if (check_of(s + n - 10, &sum) && pre[k] == want)
				found = k;
		} else {
			char t[10];

			memcpy(t, cut + k - lend, lend);
			memcpy(t + lend, s, n);
			if (check_of(t, &sum) && pre[k - lend] == sum)
				found = k;
		}
	}
	free(pre);
	if (found == SIZE_MAX)
		return 0;
	char *m = malloc(found + n + 1);
	if (!m) {
		perror("parse-console");
		exit(1);
	}
	memcpy(m, cut, found);
	memcpy(m + found, s, n + 1);
	kernel_message(cut + found);
	m[found + n - 10] = '\0';
	st.mended++;
	marker(m);
	free(m);
	return 1;
}

static void line(char *s)
{
	size_t n = strlen(s);
	char *m;

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	remember(s);
	m = strstr(s, "@@kabench ");
	if (cut) {
		int mended = !m && mend(s);
		free(cut);
		cut = NULL;
		if (mended)
			return;
		st.garbled++;
	}
	if (!m) {
		kernel_message(s);
		return;
	}
	/* "@@kabench PAYLOAD *xxxxxxxx" and nothing after it. */
	char *payload = m + 10;
	size_t plen = strlen(payload);
	if (!checked(payload, plen)) {
		/* No check at its end: perhaps cut by a kernel message. */
		if ((cut = strdup(payload)))
			return;
		st.garbled++;
		return;
	}
	payload[plen - 10] = '\0';
	marker(payload);
}

/* The next line of IN into BUF (CONSOLE_LINE_MAX + 1 bytes) with its
 * newline, cut at CONSOLE_LINE_MAX bytes (the rest is read and dropped);
 * 0 at the end of the file. */
static int next_line(FILE *in, char *buf)
{
	size_t n = 0;
	int ch, got = 0, over = 0;

	while ((ch = getc(in)) != EOF) {
		got = 1;
		if (n < CONSOLE_LINE_MAX)
			buf[n++] = (char)ch;
		else if (ch != '\n' && !over++)
			st.long_lines++;
		if (ch == '\n')
			break;
	}
	buf[n] = '\0';
	return got;
}

static const char *fact(const char *key)
{
	size_t klen = strlen(key);

	for (size_t i = 0; i < st.facts.n; i++)
		if (!strncmp(st.facts.v[i], key, klen) && st.facts.v[i][klen] == '=')
			return st.facts.v[i] + klen + 1;
	return NULL;
}

/* Masked flags that the guest still shows, space separated ("" if none). */
static void leaks(const char *mask, const char *flags, char *out, size_t size)
{
	char *copy = strdup(mask), *save;

	out[0] = '\0';
	for (char *f = strtok_r(copy, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		size_t n = strlen(f);
		for (const char *p = flags; (p = strstr(p, f)); p++) {
			if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || !p[n])) {
				if (strlen(out) + n + 2 < size) {
					if (*out)
						strcat(out, " ");
					strcat(out, f);
				}
				break;
			}
		}
	}
	free(copy);
}

static FILE *create(const char *dir, const char *name)
{
	char path[4096];
	int fd;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		fprintf(stderr, "parse-console: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	return f;
}

static int finish(FILE *f, const char *name)
{
	if (fclose(f)) {
		fprintf(stderr, "parse-console: writing %s: %s\n", name, strerror(errno));
		exit(1);
	}
	return 0;
}

/* Size of PATH in bytes, -1 when it cannot be read. */
static long long file_size(const char *path)
{
	struct stat sb;

	return path && !stat(path, &sb) ? (long long)sb.st_size : -1;
}

/* Is IMAGE (SIZE bytes) no whole bzImage? Then 1, and NOTE says why: no
 * boot header ("HdrS" at 0x202), or fewer bytes than the header's setup
 * sectors (0x1f1) and protected-mode paragraphs (0x1f4) add up to. */
static int image_cut(const char *image, long long size, char *note, size_t n)
{
	unsigned char h[0x206];
	FILE *f = fopen(image, "rb");
	size_t got = f ? fread(h, 1, sizeof(h), f) : 0;

	if (f)
		fclose(f);
	*note = '\0';
	if (got < sizeof(h) || memcmp(h + 0x202, "HdrS", 4)) {
		snprintf(note, n, ", with no bzImage boot header");
		return 1;
	}
	unsigned long long setup = h[0x1f1] ? h[0x1f1] : 4;
	unsigned long long sys = h[0x1f4] | h[0x1f5] << 8 | (unsigned long long)h[0x1f6] << 16 |
				 (unsigned long long)h[0x1f7] << 24;
	unsigned long long want = (setup + 1) * 512 + sys * 16;
	if ((unsigned long long)size >= want)
		return 0;
	snprintf(note, n, ", cut short: its boot header says %llu", want);
	return 1;
}

/* The detail of an empty console: QEMU's errors, when it wrote some;
 * else a kernel that never started, when the image or QEMU's clean end
 * says so (see the top of this file); else that nothing came. */
static void empty_console(int timed_out, int qemu_exit, const char *qemu_err, const char *image)
{
	char note[128] = "";
	long long err = file_size(qemu_err), size = image ? file_size(image) : -1;

	if (err > 0) {
		detail("the console log is empty: the kernel printed nothing (see qemu.err)");
		return;
	}
	int cut = size >= 0 && image_cut(image, size, note, sizeof(note));
	int ended = qemu_err && !timed_out && qemu_exit == 0;
	if (size >= 0 && (cut || ended)) {
		detail("the kernel never started (nothing on the console%s%s): its image %s "
		       "(%lld bytes%s) looks broken: rebuild it, then boot it in a new run "
		       "(a RESUME boots the same image again)",
		       qemu_err ? " or in qemu.err" : "",
		       ended ? ", QEMU ended by itself" : timed_out ? " before the deadline" : "",
		       image, size, note);
		return;
	}
	if (qemu_err && !timed_out && qemu_exit > 0)
		detail("the console log is empty: the kernel printed nothing (QEMU exited %d, "
		       "nothing in qemu.err)", qemu_exit);
	else
		detail("the console log is empty: the kernel printed nothing%s",
		       qemu_err ? " (nothing in qemu.err)" : "");
}

static void usage(void)
{
	fprintf(stderr, "usage: parse-console [--mask LIST] [--timed-out] [--qemu-exit N] "
		"[--console-full MB] [--qemu-err FILE] [--kernel IMAGE] [--fact KEY=VALUE]... "
		"[--tests LIST --tasks COUNTS --modes LIST] CONSOLE_LOG OUT_DIR\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *mask = "", *log, *dir, *verdict, *qemu_err = NULL, *image = NULL;
	char leaked[256] = "", buf[512];
	int timed_out = 0, qemu_exit = -1, i;
	long console_full = 0;

	for (i = 1; i < argc && !strncmp(argv[i], "--", 2); i++) {
		if (!strcmp(argv[i], "--mask") && i + 1 < argc)
			mask = argv[++i];
		else if (!strcmp(argv[i], "--timed-out"))
			timed_out = 1;
		else if (!strcmp(argv[i], "--console-full") && i + 1 < argc && atol(argv[i + 1]) > 0)
			console_full = atol(argv[++i]);
		else if (!strcmp(argv[i], "--qemu-exit") && i + 1 < argc)
			qemu_exit = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--qemu-err") && i + 1 < argc)
			qemu_err = argv[++i];
		else if (!strcmp(argv[i], "--kernel") && i + 1 < argc)
			image = argv[++i];
		else if (!strcmp(argv[i], "--tests") && i + 1 < argc && *argv[i + 1])
			st.plan_tests = argv[++i];
		else if (!strcmp(argv[i], "--tasks") && i + 1 < argc && *argv[i + 1])
			st.plan_tasks = argv[++i];
		else if (!strcmp(argv[i], "--modes") && i + 1 < argc && *argv[i + 1])
			st.plan_modes = argv[++i];
		else if (!strcmp(argv[i], "--fact") && i + 1 < argc && strchr(argv[i + 1], '='))
			push(&st.launcher_facts, argv[++i]);
		else if (!strcmp(argv[i], "--fact") && i + 1 < argc) {
			fprintf(stderr, "parse-console: --fact %s: want KEY=VALUE\n", argv[i + 1]);
			exit(2);
		} else
			usage();
	}
	if (argc - i != 2 || !st.plan_tests != !st.plan_tasks || !st.plan_tests != !st.plan_modes)
		usage();
	if (st.plan_tests)
		st.plan_runs = count_of(st.plan_tests) * count_of(st.plan_tasks) *
			       count_of(st.plan_modes);
	log = argv[i];
	dir = argv[i + 1];

	FILE *in = fopen(log, "r");
	if (!in) {
		fprintf(stderr, "parse-console: %s: %s\n", log, strerror(errno));
		return 2;
	}
	/* Check every output first so that bad input overwrites nothing. */
	static const char *outs[] = { "facts", "bench.csv", "status.csv", "verdict" };
	for (size_t k = 0; k < 4; k++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s", dir, outs[k]);
		if (access(dir, W_OK) || !access(path, F_OK)) {
			fprintf(stderr, "parse-console: %s: %s\n", path,
				access(dir, W_OK) ? strerror(errno) : "exists already");
			return 2;
		}
	}

	char *l = malloc(CONSOLE_LINE_MAX + 1);
	if (!l) {
		perror("parse-console");
		return 1;
	}
	while (next_line(in, l))
		line(l);
	if (cut)
		st.garbled++;
	free(l);
	fclose(in);
	if (console_full) {
		detail("QEMU stopped when its console passed %ld MB (KABENCH_CONSOLE_MAX_MB): a guest "
		       "that prints without end", console_full);
		st.truncated = 1;
	}
	if (st.long_lines)
		detail("%zu console lines longer than %d bytes (CONSOLE_LINE_MAX): cut there",
		       st.long_lines, CONSOLE_LINE_MAX);

	if (st.in_run) {
		detail("%s tasks %s: no end marker", st.cur_test, st.cur_tasks);
		st.truncated = 1;
	}
	if (!st.lines)
		empty_console(timed_out, qemu_exit, qemu_err, image);
	else if (!st.markers)
		detail("no kabench marker in the console: the guest init did not run");
	int facts_arrived = 0;
	for (size_t k = 0; k < REQUIRED_FACTS; k++)
		facts_arrived += st.have_fact[k];
	int facts_missing = facts_arrived < REQUIRED_FACTS;
	if (facts_missing && (st.facts.n || st.done))
		detail("guest facts incomplete (%d of %d arrived)", facts_arrived, REQUIRED_FACTS);
	if (st.facts_dropped)
		detail("%zu guest facts dropped: a key the init does not print, or one it "
		       "printed already", st.facts_dropped);
	if (st.unplanned > 1)
		detail("%zu runs the plan does not hold, dropped", st.unplanned);
	if (st.rows_foreign > 1)
		detail("%zu CSV rows of another run than their own, dropped", st.rows_foreign);
	if (!st.done)
		detail("no final marker");
	else if (st.runs_said != st.runs_done)
		detail("final marker counts %d runs, %d arrived", st.runs_said, st.runs_done);
	if (st.plan_tests && st.runs_done != st.plan_runs && st.markers) {
		detail("%d of the plan's %ld runs arrived", st.runs_done, st.plan_runs);
		st.truncated = 1;
	}
	if (*mask && fact("flags"))
		leaks(mask, fact("flags"), leaked, sizeof(leaked));
	const char *taint = fact("tainted");
	if (taint && strcmp(taint, "0")) {
		detail("the kernel is tainted at the end of the run (/proc/sys/kernel/tainted=%s)", taint);
		st.warned++;
	}

	if (st.panic)
		verdict = "panic";
	else if (st.oops)
		verdict = "oops";
	else if (*leaked)
		verdict = "mask-leak";
	else if (st.warned)
		verdict = "kernel-warning";
	else if (timed_out)
		verdict = "timeout";
	else if (!st.done || st.truncated || facts_missing || st.runs_said != st.runs_done)
		verdict = "truncated";
	else if (st.failed || st.init_errors || st.header_bad)
		verdict = "worker-error";
	else
		verdict = "ok";

	FILE *f = create(dir, "facts");
	for (size_t k = 0; k < st.launcher_facts.n; k++)
		fprintf(f, "%s\n", st.launcher_facts.v[k]);
	for (size_t k = 0; k < st.facts.n; k++)
		fprintf(f, "%s\n", st.facts.v[k]);
	finish(f, "facts");

	/* A leaked mask would label figures wrongly: keep none of them. */
	f = create(dir, "bench.csv");
	fprintf(f, "%s\n", HEADER);
	for (size_t k = 0; !*leaked && k < st.rows.n; k++)
		fprintf(f, "%s\n", st.rows.v[k]);
	finish(f, "bench.csv");

	f = create(dir, "status.csv");
	fprintf(f, "test,tasks,status\n");
	for (size_t k = 0; k < st.status.n; k++)
		fprintf(f, "%s\n", st.status.v[k]);
	finish(f, "status.csv");

	f = create(dir, "verdict");
	fprintf(f, "%s\n", verdict);
	if (*leaked)
		fprintf(f, "%s still visible in the guest: the -cpu mask did not take\n", leaked);
	if (timed_out)
		fprintf(f, "QEMU killed at its deadline\n");
	if (st.panic)
		fprintf(f, "kernel panic in the console\n");
	if (st.oops)
		fprintf(f, "kernel oops in the console\n");
	for (size_t k = 0; k < st.detail.n; k++)
		fprintf(f, "%s\n", st.detail.v[k]);
	if (st.garbled) {
		snprintf(buf, sizeof(buf), "%d marker lines garbled by interleaved output (dropped)",
			 st.garbled);
		fprintf(f, "%s\n", buf);
	}
	if (st.mended)
		fprintf(f, "%d marker lines cut by a kernel message, mended\n", st.mended);
	if (strcmp(verdict, "ok")) {
		fprintf(f, "--- last console lines:\n");
		size_t first = st.lines > TAIL_LINES ? st.lines - TAIL_LINES : 0;
		for (size_t k = first; k < st.lines; k++)
			fprintf(f, "%s\n", st.tail[k % TAIL_LINES]);
	}
	finish(f, "verdict");
	return strcmp(verdict, "ok") ? 1 : 0;
}
