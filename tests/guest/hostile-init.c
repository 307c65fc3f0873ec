// SPDX-License-Identifier: GPL-2.0
/*
 * hostile-init: a guest PID 1 that prints hostile console output in place
 * of kabench's workers (tests/guest/test-hostile-guest.sh). Nothing a
 * guest prints may make the host write outside the run folder, run a
 * command, or take more than linear time.
 *
 * Its kernel command line (run-guest --append, a variant's cmdline) says
 * what to print; the kernel hands undotted parameters to init as its
 * environment:
 *   kabench_hostile=garbage  every kind of damage: lines of megabytes, NUL
 *       bytes, invalid UTF-8, terminal escapes, kabench's markers cut at
 *       every position and mended with a kernel message, forged and wrong
 *       check sums, path-like and shell-like names (with valid check
 *       sums) in every field the host reads, thousands of facts, a run of
 *       testcases the plan never named;
 *   kabench_hostile=facts  a well-formed run of the plan's testcases
 *       (kabench.tests, .tasks, .mode, .samples), every sum valid, whose
 *       facts are hostile text: the boot is ok, and its facts flow into
 *       samples.csv and the report;
 *   kabench_hostile=slow  a line every 0.2 s (of guest time: real time
 *       under tcg) for kabench_hostile_secs seconds (default 10), then the
 *       well-formed run of facts: a boot that is slow, not stuck
 *       (guest/run-guest's deadline goes on while its console grows);
 *   kabench_hostile=endless  a line every 0.2 s, without end;
 *   kabench_hostile=silent  one fact, then nothing, without end;
 *   kabench_hostile=flood  lines of 64 KB as fast as it can, without end;
 *   kabench_hostile=marks  a fact, then the profile's window marks
 *       (bench/mark.h) as fast as it can, without end;
 *   kabench_hostile_token=T  names the files an injected command would
 *       make: $(touch /tmp/pwned-T), `touch pwned-T`, ...; the test looks
 *       for them.
 * Then it powers off.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "init-setup.h"	/* init_param */
#include "marker.h"
#include "mark.h"	/* KB_MARK_END */
#include "kabench.h"	/* KB_CSV_HEADER */

static const char *token = "none";

static void out(const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(STDOUT_FILENO, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

static void outs(const char *s) { out(s, strlen(s)); }

/* "@@kabench PAYLOAD *SUM\n" for the N bytes at PAYLOAD (NULs and all),
 * with SUM their FNV-1a hash plus WRONG (0: a valid line). */
static void marker_n(const char *payload, size_t n, uint32_t wrong)
{
	char sum[16];

	outs("@@kabench ");
	out(payload, n);
	snprintf(sum, sizeof(sum), " *%08x\n", marker_hash(payload, n) + wrong);
	outs(sum);
}

__attribute__((format(printf, 1, 2)))
static void emit(const char *fmt, ...)
{
	static char payload[1 << 17];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(payload, sizeof(payload), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(payload))
		n = sizeof(payload) - 1;
	marker_n(payload, (size_t)n, 0);
}

/* The names an injected command would leave: every one a file the test
 * looks for (relative ones in whatever folder a shell ran them). */
static const char *names[16];
static int nnames;

static void make_names(void)
{
	static char b[16][256];
	const char *fmt[] = {
		"$(touch /tmp/pwned-%s)", "`touch /tmp/pwned-%s`", ";touch /tmp/pwned-%s;",
		"$(touch pwned-%s)", "`touch pwned-%s`", "x;touch pwned-%s",
		"../../evil-%s", "../../../../../../../tmp/evil-%s", "/tmp/evil-%s",
		"'\"$(touch${IFS}pwned-%s)\"'", "|touch /tmp/pwned-%s", "&& touch pwned-%s",
		"%%s%%n%%x-%s", "evil-%s\\", "-evil-%s", "evil-%s/../../../x",
	};

	for (int i = 0; i < 16; i++) {
		snprintf(b[i], sizeof(b[i]), fmt[i], token);
		names[nnames++] = b[i];
	}
}

static char cmdline[4096];

/* A line of N bytes of C, with PREFIX first, then a newline. */
static void long_line(const char *prefix, size_t n, char c)
{
	static char chunk[65536];

	memset(chunk, c, sizeof(chunk));
	outs(prefix);
	while (n) {
		size_t k = n < sizeof(chunk) ? n : sizeof(chunk);

		out(chunk, k);
		n -= k;
	}
	outs("\n");
}

/* One pass of every kind of damage. */
static void garbage(void)
{
	char buf[8192];
	int i, n;

	/* Lines of megabytes: one that starts as a marker (a cut one, for
	 * the mending), one of kernel-like noise, one marker with a valid
	 * sum far past the parser's line limit. */
	long_line("@@kabench fact uname=", 2 << 20, 'A');
	long_line("[    1.000000] ", 1 << 20, 'B');
	{
		static char big[300000];

		memcpy(big, "fact cpu_model=", 15);
		memset(big + 15, 'C', sizeof(big) - 15);
		marker_n(big, sizeof(big), 0);
	}
	/* NUL bytes: around a marker, inside its payload, and a line of them. */
	out("\0\0\0@@kabench fact nul=1 *00000000\n", 35);
	{
		char p[128];
		int k = snprintf(p, sizeof(p), "fact n%cul=$(touch /tmp/pwned-%s)", 0, token);

		marker_n(p, (size_t)k, 0);
	}
	memset(buf, 0, 4096);
	out(buf, 4096);
	outs("\n");
	/* Invalid UTF-8 and terminal escapes, with valid sums. */
	emit("fact utf8=\xff\xfe\xc0\xaf\xed\xa0\x80\xf8\x88\x80\x80\x80\x80");
	emit("err \x1b]0;pwned-%s\x07\x1b[2J\x1b[31mred\r\x08\x7f", token);
	emit("fact esc=\x1b[6n\x1b]52;c;cHduZWQ=\x07");
	/* Markers cut at every position, alone and mended with a kernel
	 * message in the cut (mended: the payload is hostile, its sum valid). */
	n = snprintf(buf, sizeof(buf), "fact cut=%s", names[0]);
	char line[512];
	int len = snprintf(line, sizeof(line), "@@kabench %s *%08x", buf, marker_hash(buf, (size_t)n));
	for (i = 0; i <= len; i++) {
		out(line, (size_t)i);
		outs("\n");
		out(line, (size_t)i);
		outs("[    2.000000] random: crng init done\n");
		out(line + i, (size_t)(len - i));
		outs("\n");
	}
	/* Forged sums: wrong by one, all zeros, too short, not hex. */
	for (i = 0; i < nnames; i++) {
		n = snprintf(buf, sizeof(buf), "fact forged=%s", names[i]);
		marker_n(buf, (size_t)n, 1);
	}
	outs("@@kabench done runs=0 *00000000\n@@kabench done runs=0 *123\n@@kabench done runs=0 *zzzzzzzz\n");
	/* Every field the host reads, hostile, with valid sums. */
	for (i = 0; i < nnames; i++) {
		const char *x = names[i];

		emit("fact cell=%s", x);
		emit("fact variant=%s", x);
		emit("fact boot=%s", x);
		emit("fact host=%s", x);
		emit("fact uname=%s", x);
		emit("fact cpu_model=%s", x);
		emit("fact %s=%s", x, x);
		emit("begin test=%s tasks=1 mode=processes", x);
		emit("csv %s", KB_CSV_HEADER);
		emit("csv sample,%s,processes,1,1,0.020000,100,5000.0,5000.0,5000.0,", x);
		emit("csv sample,fstat,%s,%s,1,0.020000,100,5000.0,5000.0,5000.0,%s", x, x, x);
		emit("err %s", x);
		emit("end test=%s tasks=1 mode=processes exit=0 rows=3", x);
		emit("begin test=fstat tasks=%s mode=%s", x, x);
		emit("end test=fstat tasks=%s mode=%s exit=%s rows=%s", x, x, x, x);
	}
	/* Thousands of facts. */
	for (i = 0; i < 5000; i++)
		emit("fact k%d=%s", i, names[i % nnames]);
	emit("done runs=%d", nnames);
}

/* A well-formed run of the plan's testcases whose facts are hostile. */
static void facts_run(void)
{
	char tests[2048], tasks[256], mode[32], samples[32], model[4096];
	int runs = 0, nsamples;

	init_param(cmdline, "kabench.tests", "fstat", tests, sizeof(tests));
	init_param(cmdline, "kabench.tasks", "1", tasks, sizeof(tasks));
	init_param(cmdline, "kabench.mode", "processes", mode, sizeof(mode));
	init_param(cmdline, "kabench.samples", "2", samples, sizeof(samples));
	nsamples = atoi(samples);
	snprintf(model, sizeof(model), "%s,%s \"quoted\" 'single' <b>html</b> | `x` \\ \xff\xfe \x1b[31m",
		 names[0], names[1]);
	emit("fact uname=6.1.0-%s", names[3]);
	emit("fact cpu_model=%s", model);
	emit("fact flags=fpu sse2 %s", names[2]);
	emit("fact nr_cpus=1");
	emit("fact mem_kb=500000");
	emit("fact cmdline=%s", names[4]);
	emit("fact boot_s=0.100000");
	/* Facts the launcher writes first: the first of a key counts. */
	emit("fact cell=%s", names[6]);
	emit("fact variant=%s", names[7]);
	emit("fact boot=%s", names[8]);
	emit("fact nested=%s", names[0]);
	emit("fact reused_from=%s", names[6]);
	for (int i = 0; i < 2000; i++)
		emit("fact k%d=%s", i, names[i % nnames]);
	for (char *save, *t = strtok_r(tests, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		for (char *s2, *k = strtok_r(tasks, ",", &s2); k; k = strtok_r(NULL, ",", &s2)) {
			const char *m = strcmp(mode, "threads") ? "processes" : "threads";

			emit("begin test=%s tasks=%s mode=%s", t, k, m);
			emit("csv %s", KB_CSV_HEADER);
			emit("csv warmup,%s,%s,%s,0,0.020000,1000,50000.0,50000.0,50000.0,", t, m, k);
			for (int s = 1; s <= nsamples; s++)
				emit("csv sample,%s,%s,%s,%d,0.020000,%d,%d.0,%d.0,%d.0,", t, m, k, s,
				     1000 + s, 50000 + 50 * s, 50000 + 50 * s, 50000 + 50 * s);
			emit("end test=%s tasks=%s mode=%s exit=0 rows=%d", t, k, m, nsamples + 2);
			runs++;
		}
	}
	emit("fact tainted=0");
	emit("done runs=%d", runs);
}

/* A line every 0.2 s for SECS seconds (forever if SECS < 0). */
static void slowly(int secs)
{
	for (long i = 0; secs < 0 || i < secs * 5L; i++) {
		struct timespec t = { 0, 200000000 };

		char line[64];

		snprintf(line, sizeof(line), "slow line %ld\n", i);
		outs(line);
		while (nanosleep(&t, &t) && errno == EINTR)
			;
	}
}

int main(void)
{
	const char *what = getenv("kabench_hostile");

	mkdir("/proc", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	FILE *f = fopen("/proc/cmdline", "r");
	if (f) {
		if (!fgets(cmdline, sizeof(cmdline), f))
			cmdline[0] = '\0';
		fclose(f);
	}
	if (getenv("kabench_hostile_token"))
		token = getenv("kabench_hostile_token");
	make_names();
	const char *secs = getenv("kabench_hostile_secs");

	if (what && !strcmp(what, "facts")) {
		facts_run();
	} else if (what && !strcmp(what, "slow")) {
		slowly(secs ? atoi(secs) : 10);
		facts_run();
	} else if (what && !strcmp(what, "endless")) {
		slowly(-1);
	} else if (what && !strcmp(what, "flood")) {
		for (;;)
			long_line("flood ", 65536, 'F');
	} else if (what && !strcmp(what, "marks")) {
		emit("fact uname=marks");
		for (;;)
			KB_MARK_END();
	} else if (what && !strcmp(what, "silent")) {
		emit("fact uname=silent");
		for (;;)
			pause();
	} else {
		garbage();
	}
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
