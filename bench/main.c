// SPDX-License-Identifier: GPL-2.0
/* kabench: will-it-scale-style syscall throughput. Parses the options, checks
 * them, then runs the testcase once per task count (run.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "runner.h"

static const char usage[] =
	"usage: kabench --test NAME [--tasks LIST] [--interval SEC] [--warmup N]\n"
	"               [--samples N] [--threads] [--no-affinity] [--per-thread]\n"
	"               [--dir PATH] [--verbose] [--steal PCT] [--extra PCT]\n"
	"       kabench --list | --csv-header\n"
	"       kabench --check-plan --test NAME[,NAME...] [--tasks LIST] [--interval SEC]\n"
	"               [--warmup N] [--samples N]   (check a plan; print it expanded)\n"
	"LIST: 1 | 1,2,4 | 1-8 (default 1); SEC: seconds > 0 (default 1);\n"
	"--warmup default 1, --samples default 5, --dir default /tmp.\n"
	"CSV on stdout; see bench/README.md.\n";

enum { OPT_ITERATIONS = 256, OPT_OVERSLEEP, OPT_CHECK_PLAN, OPT_CSV_HEADER, OPT_STEAL, OPT_EXTRA };

static const struct option options[] = {
	{ "test", required_argument, NULL, 't' },
	{ "tasks", required_argument, NULL, 'n' },
	{ "interval", required_argument, NULL, 'i' },
	{ "warmup", required_argument, NULL, 'w' },
	{ "samples", required_argument, NULL, 's' },
	{ "threads", no_argument, NULL, 'T' },
	{ "no-affinity", no_argument, NULL, 'A' },
	{ "per-thread", no_argument, NULL, 'P' },
	{ "dir", required_argument, NULL, 'd' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ "check-plan", no_argument, NULL, OPT_CHECK_PLAN },
	{ "csv-header", no_argument, NULL, OPT_CSV_HEADER },
	/* hidden hooks for kabench's own tests and overhead benchmark */
	{ "iterations", required_argument, NULL, OPT_ITERATIONS },
	{ "oversleep", required_argument, NULL, OPT_OVERSLEEP },
	{ "steal", required_argument, NULL, OPT_STEAL },
	{ "extra", required_argument, NULL, OPT_EXTRA },
	{ NULL, 0, NULL, 0 }
};

static int bad(const char *what, const char *value, const char *why)
{
	fprintf(stderr, "kabench: bad %s '%s': %s\n", what, value, why);
	return KB_BADINPUT;
}

/* name<TAB>modes<TAB>description; an alias gets a line of its own. Every
 * testcase runs as processes (the default) and as threads (--threads). */
static int list(void)
{
	for (const struct kb_testcase *const *t = kb_testcases_begin(); t < kb_testcases_end(); t++) {
		if ((*t)->name[0] == '_')
			continue;
		printf("%s\tprocesses,threads\t%s\n", (*t)->name, (*t)->desc);
		if ((*t)->alias)
			printf("%s\tprocesses,threads\talias of %s\n", (*t)->alias, (*t)->name);
	}
	return KB_OK;
}

/* --check-plan: every testcase of the comma list is known; print the plan
 * with the task list expanded, one "key value..." a line. The shell layers
 * ask this instead of parsing plans themselves. */
static int check_plan(char *tests, const struct kb_config *cfg, const int *tasks, int ntasks)
{
	static const struct kb_testcase *seen[4096];
	int n = 0;

	for (char *save, *t = strtok_r(tests, ",", &save); t; t = strtok_r(NULL, ",", &save), n++) {
		const struct kb_testcase *tc = kb_find_testcase(t);

		if (!tc)
			return bad("testcase", t, "unknown (kabench --list shows them)");
		/* one testcase, one figure: never twice, under its name or alias */
		for (int i = 0; i < n; i++)
			if (seen[i] == tc)
				return bad("testcase", t, tc->alias ?
					   "already in the plan (under this name or its alias)" :
					   "already in the plan");
		if (n == (int)(sizeof(seen) / sizeof(seen[0])))
			return bad("--test", t, "too many testcases");
		seen[n] = tc;
	}
	if (!n)
		return bad("--test", "", "want NAME[,NAME...]");
	printf("tests %d\ncounts", n);
	for (int i = 0; i < ntasks; i++)
		printf(" %d", tasks[i]);
	printf("\nruns %d\nguest_seconds %.6f\n", n * ntasks,
	       n * ntasks * ((cfg->warmup + cfg->samples) * cfg->interval));
	return KB_OK;
}

/* The test-file directory must exist and take a file. */
static int check_dir(const char *dir)
{
	struct stat st;
	int fd;

	if (stat(dir, &st) != 0)
		return bad("--dir", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return bad("--dir", dir, "not a directory");
	fd = kb_tmpfile(dir, 0);
	if (fd < 0)
		return bad("--dir", dir, strerror(errno));
	close(fd);
	return KB_OK;
}

int main(int argc, char **argv)
{
	static int tasks[KB_MAX_TASKS];
	struct kb_config cfg = { .affinity = 1, .interval = 1, .warmup = 1, .samples = 5,
				 .dir = "/tmp" };
	char *test = NULL;
	int ntasks = 1, units, rc, opt, plan = 0;
	long v;

	tasks[0] = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":t:n:i:w:s:TAPd:vlh", options, NULL)) != -1) {
		switch (opt) {
		case 't': test = optarg; break;
		case 'n':
			if (kb_parse_tasks(optarg, tasks, KB_MAX_TASKS, &ntasks) != 0)
				return bad("--tasks", optarg, "want N, A,B,C or A-B with 1 <= N <= 1024");
			break;
		case 'i':
			if (kb_parse_seconds(optarg, &cfg.interval) != 0)
				return bad("--interval", optarg, "want decimal seconds, 0 < SEC <= 3600");
			break;
		case 'w':
			if (kb_parse_count(optarg, 0, 1000, &v) != 0)
				return bad("--warmup", optarg, "want an integer 0..1000");
			cfg.warmup = (int)v;
			break;
		case 's':
			if (kb_parse_count(optarg, 1, 100000, &v) != 0)
				return bad("--samples", optarg, "want an integer 1..100000");
			cfg.samples = (int)v;
			break;
		case 'T': cfg.threads = 1; break;
		case 'A': cfg.affinity = 0; break;
		case 'P': cfg.per_thread = 1; break;
		case 'd': cfg.dir = optarg; break;
		case 'v': cfg.verbose = 1; break;
		case 'l': return list();
		case 'h': fputs(usage, stdout); return KB_OK;
		case OPT_CHECK_PLAN: plan = 1; break;
		case OPT_CSV_HEADER: puts(KB_CSV_HEADER); return KB_OK;
		case OPT_ITERATIONS:
			if (kb_parse_count(optarg, 1, 1000000000000L, &v) != 0)
				return bad("--iterations", optarg, "want an integer >= 1");
			cfg.iterations = (uint64_t)v;
			break;
		case OPT_STEAL: {
			char *end;

			errno = 0;
			cfg.steal = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(cfg.steal > 0 && cfg.steal < 50))
				return bad("--steal", optarg, "want a percent of each task's time, 0 < PCT < 50");
			break;
		}
		case OPT_EXTRA:
			/* PCT % fewer ops/s: one op in 100/PCT done twice, counted once */
			if (kb_parse_count(optarg, 1, 50, &v) != 0 || 100 % v != 0)
				return bad("--extra", optarg, "want a percent that divides 100: 1 2 4 5 10 20 25 50");
			cfg.extra = (unsigned)(100 / v);
			break;
		case OPT_OVERSLEEP:
			if (kb_parse_seconds(optarg, &cfg.oversleep) != 0)
				return bad("--oversleep", optarg, "want decimal seconds > 0");
			break;
		case ':':
			fprintf(stderr, "kabench: option '%s' needs a value\n", argv[optind - 1]);
			return KB_BADINPUT;
		default:
			fprintf(stderr, "kabench: unknown option '%s'\n", argv[optind - 1]);
			return KB_BADINPUT;
		}
	}
	if (optind < argc)
		return bad("argument", argv[optind], "kabench takes no operands");
	if (!test) {
		fprintf(stderr, "kabench: no --test given (kabench --list shows them)\n");
		return KB_BADINPUT;
	}
	if (plan)
		return check_plan(test, &cfg, tasks, ntasks);
	cfg.tc = kb_find_testcase(test);
	cfg.name = test;
	if (!cfg.tc)
		return bad("--test", test, "unknown testcase (kabench --list shows them)");
	if ((rc = check_dir(cfg.dir)) != KB_OK)
		return rc;

	if (cfg.tc->probe && (rc = cfg.tc->probe(cfg.dir)) != 0) {
		if (rc == KB_UNSUPPORTED_ERR) {
			fprintf(stderr, "kabench: %s: not supported by this kernel%s%s\n", test,
				cfg.tc->needs ? ": needs " : "", cfg.tc->needs ? cfg.tc->needs : "");
			return KB_UNSUPPORTED;
		}
		fprintf(stderr, "kabench: %s: probe failed: %s\n", test, strerror(rc));
		return KB_FAIL;
	}
	units = kb_pin_init(cfg.per_thread);
	if (units <= 0) {
		fprintf(stderr, "kabench: hwloc cannot read the CPU topology\n");
		return KB_FAIL;
	}
	for (int i = 0; i < ntasks; i++)
		if (tasks[i] > units) {
			fprintf(stderr, "kabench: warning: up to %d tasks on %d %s: tasks share them\n",
				tasks[i], units, kb_pin_unit());
			break;
		}

	kb_install_signals();
	/* Orphans (a task's helper process) come back to kabench, which waits
	 * for them before the next run. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	puts(KB_CSV_HEADER);
	rc = KB_OK;
	for (int i = 0; i < ntasks && rc == KB_OK; i++)
		rc = kb_run(&cfg, tasks[i]);
	if (kb_signalled()) {
		/* die of the same signal, as the shell expects after Ctrl-C */
		fflush(stdout);
		signal(kb_signalled(), SIG_DFL);
		raise(kb_signalled());
	}
	return rc;
}
