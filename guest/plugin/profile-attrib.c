// SPDX-License-Identifier: GPL-2.0
/* profile-attrib: the plugin's raw counts (kabench-prof.c) -> instructions
 * per symbol and per class, for every measured window.
 *
 *   profile-attrib --windows RAW
 *       window,space,what,instructions   (what: all or a class; no symbols)
 *   profile-attrib --map SYSTEM_MAP --elf KABENCH --bench BENCH_CSV
 *                  [--stacks STACKS [--callgraph DIR]] RAW
 *       profile.csv on stdout:
 *       testcase,mode,tasks,sample,ops,kind,space,symbol,instructions
 *       kind: symbol (space kernel or user) or class (symbol = class name)
 *
 * Kernel addresses are looked up in System.map (text symbols), user
 * addresses in the worker's own ELF symbol table, with the load address of
 * each window found from the virtual address of its marks: the mark sites
 * are searched for in the ELF file, so a PIE under ASLR is fine. User code
 * outside the worker (libc, the loader, the vDSO) is "(other user code)".
 * Checks, each failing with one line and exit 1 (never a wrong profile):
 * the raw file is complete; the windows and the CSV's sample rows agree in
 * number; the mark addresses fit the ELF file and the worker code that ran
 * is byte for byte the file's (a hash per block); with --stacks (the
 * plugin's call paths, stacks=), each bucket's executions summed over its
 * contexts equal its flat count in every window; the kernel's direct-call
 * targets executed in the windows are System.map symbols (>= 90%) and its
 * syscall entry point was executed. Bad usage exits 2; a raw or stacks
 * file cut short, or an output that cannot be written whole, exits 3 (a
 * boot to run again, not a doubt about its code).
 *
 * --callgraph DIR: per testcase, mode and task count, a folded-stack, a
 * callgrind and a cachegrind file in DIR (profile-callgraph.c), and
 * DIR/inference.txt, the shadow stack's own figures.
 *
 * This file: main, the --windows totals, the bench.csv rows and the
 * attribution. Reading and checking are in profile-syms.c (System.map,
 * the worker's ELF), profile-raw.c (the raw file) and profile-check.c;
 * their interfaces in profile-attrib.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"

const char *me = "profile-attrib";

void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", me);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(1, "out of memory");
	return p;
}

/* --windows: totals per window and space, and classes. */
static void print_windows(void)
{
	printf("window,space,what,instructions\n");
	for (size_t w = 0; w < nwin; w++) {
		uint64_t tot[2] = { 0, 0 }, cls[2][KB_C_COUNT];

		memset(cls, 0, sizeof(cls));
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			int s = b->space == 'k';

			tot[s] += win[w].e[i].count * b->n;
			for (uint32_t c = 0; c < b->ncls; c++)
				cls[s][b->cls[c][0]] += win[w].e[i].count * b->cls[c][1];
		}
		for (int s = 0; s < 2; s++) {
			printf("%zu,%s,all,%" PRIu64 "\n", w, s ? "kernel" : "user", tot[s]);
			for (int c = 1; c < KB_C_COUNT; c++)
				if (cls[s][c])
					printf("%zu,%s,%s,%" PRIu64 "\n", w, s ? "kernel" : "user",
					       kb_class_name[c], cls[s][c]);
		}
	}
}

/* ---- bench.csv: the sample rows, in run order (struct row) ---- */

static struct row *read_bench(const char *path, size_t *nrows)
{
	FILE *f = fopen(path, "r");
	char line[512];
	struct row *r = NULL;
	size_t n = 0, lineno = 0;

	if (!f)
		die(1, "bench CSV %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		struct row x;
		char kind[16], sample[16];
		unsigned long long ops;

		lineno++;
		if (lineno == 1 && !strncmp(line, "kind,", 5))
			continue;
		if (sscanf(line, "%15[^,],%63[^,],%15[^,],%d,%15[^,],%*[^,],%llu,", kind, x.test,
			   x.mode, &x.tasks, sample, &ops) != 6)
			die(1, "bench CSV %s: line %zu is not a kabench row", path, lineno);
		if (strcmp(kind, "sample") != 0)
			continue;
		x.sample = atoi(sample);
		x.ops = ops;
		r = xrealloc(r, (n + 1) * sizeof(*r));
		r[n++] = x;
	}
	fclose(f);
	*nrows = n;
	return r;
}

/* One window's rows. */
struct acc {
	const char *name;
	int space;
	uint64_t n;
};

static int acc_cmp(const void *a, const void *b)
{
	const struct acc *x = a, *y = b;

	if (x->space != y->space)
		return x->space > y->space ? -1 : 1;	/* kernel first */
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int acc_cmp_name(const void *a, const void *b)
{
	const struct acc *x = a, *y = b;

	if (x->space != y->space)
		return x->space < y->space ? -1 : 1;
	return strcmp(x->name, y->name);
}

const char *pc_name(const struct symtab *k, const struct symtab *u, uint64_t pc, int kernel,
		    uint64_t base, const struct sym **sym)
{
	const struct sym *s;

	if (kernel) {
		s = in_ktext(pc) ? sym_find(k, pc - k_slide) : NULL;
		if (sym)
			*sym = s;
		return s ? s->name : "(outside kernel text)";
	}
	pc -= base;
	s = pc >= elf_lo && pc < elf_hi ? sym_find(u, pc) : NULL;
	if (sym)
		*sym = s;
	return s ? s->name : "(other user code)";
}

static void attribute(const struct symtab *k, const struct symtab *u, const struct row *rows)
{
	size_t cap = 0;
	struct acc *a = NULL;

	printf("testcase,mode,tasks,sample,ops,kind,space,symbol,instructions\n");
	for (size_t w = 0; w < nwin; w++) {
		size_t na = 0;
		uint64_t cls[2][KB_C_COUNT];

		memset(cls, 0, sizeof(cls));
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			uint64_t cnt = win[w].e[i].count;
			int kspace = b->space == 'k';

			for (uint32_t c = 0; c < b->ncls; c++)
				cls[kspace][b->cls[c][0]] += cnt * b->cls[c][1];
			for (uint32_t j = 0; j < b->n; j++) {
				const char *name = pc_name(k, u, b->pc[j], kspace, win[w].base, NULL);

				/* consecutive instructions mostly share a symbol */
				if (na && a[na - 1].name == name && a[na - 1].space == kspace) {
					a[na - 1].n += cnt;
					continue;
				}
				if (na == cap) {
					cap = cap ? 2 * cap : 4096;
					a = xrealloc(a, cap * sizeof(*a));
				}
				a[na].name = name;
				a[na].space = kspace;
				a[na].n = cnt;
				na++;
			}
		}
		/* one row per (space, name): sort by name, merge, sort by count */
		qsort(a, na, sizeof(*a), acc_cmp_name);
		{
			size_t m = 0;

			for (size_t i = 0; i < na; i++)
				if (m && a[m - 1].space == a[i].space && !strcmp(a[m - 1].name, a[i].name))
					a[m - 1].n += a[i].n;
				else
					a[m++] = a[i];
			na = m;
		}
		qsort(a, na, sizeof(*a), acc_cmp);
		for (size_t i = 0; i < na; i++)
			printf("%s,%s,%d,%d,%" PRIu64 ",symbol,%s,%s,%" PRIu64 "\n", rows[w].test,
			       rows[w].mode, rows[w].tasks, rows[w].sample, rows[w].ops,
			       a[i].space ? "kernel" : "user", a[i].name, a[i].n);
		for (int s = 1; s >= 0; s--)
			for (int c = 1; c < KB_C_COUNT; c++)
				if (cls[s][c])
					printf("%s,%s,%d,%d,%" PRIu64 ",class,%s,%s,%" PRIu64 "\n",
					       rows[w].test, rows[w].mode, rows[w].tasks, rows[w].sample,
					       rows[w].ops, s ? "kernel" : "user", kb_class_name[c],
					       cls[s][c]);
	}
	free(a);
}

int main(int argc, char **argv)
{
	const char *map = NULL, *elf = NULL, *bench = NULL, *raw = NULL, *stacks = NULL, *cgdir = NULL;
	int windows = 0;
	struct symtab k = { 0 }, u = { 0 };
	struct row *rows;
	size_t nrows;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--windows"))
			windows = 1;
		else if (i + 1 < argc && !strcmp(argv[i], "--map"))
			map = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--elf"))
			elf = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--bench"))
			bench = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--stacks"))
			stacks = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--callgraph"))
			cgdir = argv[++i];
		else if (argv[i][0] == '-' || raw)
			die(2, "unknown argument '%s' (usage: --windows RAW | --map F --elf F --bench F RAW)",
			    argv[i]);
		else
			raw = argv[i];
	}
	if (!raw)
		die(2, "no RAW file given");
	if (!windows && (!map || !elf || !bench))
		die(2, "--map, --elf and --bench are required without --windows");
	if (cgdir && !stacks)
		die(2, "--callgraph needs --stacks");
	read_raw(raw);
	if (stacks) {
		read_stacks(stacks);
		check_stacks(stacks, raw);
	}
	if (windows) {
		print_windows();
		return 0;
	}
	rows = read_bench(bench, &nrows);
	if (nrows != nwin)
		die(1, "%zu measured windows but %zu sample rows in %s", nwin, nrows, bench);
	read_map(map, &k);
	read_elf(elf, &u);
	find_bases(elf);
	check_worker(elf);
	check_map(&k, map);
	attribute(&k, &u, rows);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(3, "writing the profile failed");
	if (cgdir) {
		char *p;
		FILE *f;

		write_callgraphs(cgdir, &k, &u, rows);
		if (asprintf(&p, "%s/inference.txt", cgdir) < 0 || !(f = fopen(p, "w")))
			die(3, "%s/inference.txt: cannot write it", cgdir);
		for (size_t i = 0; i < nsquality; i++)
			fprintf(f, "%s\n", squality[i]);
		if (fclose(f) != 0)
			die(3, "%s: writing it failed", p);
		free(p);
	}
	return 0;
}
