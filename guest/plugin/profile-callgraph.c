// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's call graph files, one set per testcase, mode and task
 * count of the boot (its measured windows summed), in DIR:
 *   T-M-N.folded      "f1;f2;...;fn COUNT": instructions run in fn with
 *                     that call path (flamegraph.pl, inferno, speedscope);
 *                     kernel functions end in "_[k]" (perf's mark)
 *   T-M-N.callgrind   callgrind format: per function its own instructions,
 *                     per call edge the calls and their inclusive
 *                     instructions (callgrind_annotate, KCachegrind)
 *   T-M-N.cachegrind  cachegrind format: per function its own
 *                     instructions per 10000 ops and in all (cg_annotate,
 *                     cg_diff A B for the difference of two kernels)
 * A path is its frames' functions (the function each frame's call or
 * entry reached), then the function an instruction lies in when that is
 * another one (a jump into it: a tail call, a .cold part): so each
 * function's own instructions are exactly its flat profile row. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"

#define KMARK "_[k]"

/* a string-keyed table of two counters */
struct ent {
	char *key;
	uint64_t a, b;
	struct ent *next;
};
struct table {
	struct ent **h;
	size_t nh, n;
};

static uint64_t strhash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h;
}

static struct ent *tget(struct table *t, const char *key)
{
	uint64_t h;
	struct ent *e;

	if (!t->nh) {
		t->nh = 4096;
		t->h = xrealloc(NULL, t->nh * sizeof(*t->h));
		memset(t->h, 0, t->nh * sizeof(*t->h));
	}
	h = strhash(key) & (t->nh - 1);
	for (e = t->h[h]; e; e = e->next)
		if (!strcmp(e->key, key))
			return e;
	e = xrealloc(NULL, sizeof(*e));
	e->key = strdup(key);
	e->a = e->b = 0;
	e->next = t->h[h];
	t->h[h] = e;
	t->n++;
	return e;
}

static int ent_cmp(const void *x, const void *y)
{
	return strcmp((*(struct ent *const *)x)->key, (*(struct ent *const *)y)->key);
}

/* its entries sorted by key */
static struct ent **tsorted(const struct table *t)
{
	struct ent **v = xrealloc(NULL, (t->n + 1) * sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < t->nh; i++)
		for (struct ent *e = t->h[i]; e; e = e->next)
			v[n++] = e;
	qsort(v, n, sizeof(*v), ent_cmp);
	v[n] = NULL;
	return v;
}

static void tfree(struct table *t)
{
	for (size_t i = 0; i < t->nh; i++)
		for (struct ent *e = t->h[i], *nx; e; e = nx) {
			nx = e->next;
			free(e->key);
			free(e);
		}
	free(t->h);
	memset(t, 0, sizeof(*t));
}

/* ---- names ---- */
static const struct symtab *ks, *us;
static char **npath;		/* per context: its path, for npath_base */
static uint64_t *npath_base;

/* a frame's name: its function, kernel ones marked */
static void frame_name(char *buf, size_t len, uint64_t pc, int kernel, uint64_t base)
{
	if (!pc) {
		snprintf(buf, len, "(unknown callee)");
		return;
	}
	snprintf(buf, len, "%s%s", pc_name(ks, us, pc, kernel, base, NULL), kernel ? KMARK : "");
}

/* the last frame of a path */
static const char *last_frame(const char *path)
{
	const char *s = strrchr(path, ';');

	return s ? s + 1 : path;
}

/* A context's path: its parent's, then the function that made the call
 * when the parent's path does not end in it (the first frame's caller,
 * or a function jumped into), then the callee. */
static const char *node_path(uint32_t id, uint64_t base)
{
	char name[512], caller[512];
	const struct snode *n = &snodes[id];
	const char *pp;

	if (!id)
		return "";
	if (npath[id] && npath_base[id] == base)
		return npath[id];
	pp = node_path(n->parent, base);
	frame_name(name, sizeof(name), n->pc, n->kind != 'c' || n->pc >= 0xffff800000000000ull, base);
	caller[0] = 0;
	if (n->site) {
		frame_name(caller, sizeof(caller), n->site - 1, n->site >= 0xffff800000000000ull, base);
		if (!strcmp(caller, last_frame(pp)))
			caller[0] = 0;
	}
	free(npath[id]);
	if (asprintf(&npath[id], "%s%s%s%s%s", pp, *pp && *caller ? ";" : "", caller,
		     *pp || *caller ? ";" : "", name) < 0)
		die(1, "out of memory");
	npath_base[id] = base;
	return npath[id];
}

/* the frame before the last of a path, in buf ("" if none) */
static void caller_frame(const char *path, char *buf, size_t len)
{
	const char *e = strrchr(path, ';'), *s;

	buf[0] = 0;
	if (!e)
		return;
	for (s = e; s > path && s[-1] != ';'; s--)
		;
	snprintf(buf, len, "%.*s", (int)(e - s), s);
}

/* ---- one group: a testcase, mode and task count ---- */
struct group {
	struct table paths;	/* path -> instructions (a), block entries at a jump target (b) */
	struct table edges;	/* "caller\tcallee" -> calls (a) */
	uint64_t ops, total;
	size_t windows;
};

static void add_window(struct group *g, size_t w)
{
	uint64_t base = win[w].base;
	char leaf[512], key[2048];

	for (size_t i = 0; i < swin[w].ns; i++) {
		const struct sentry *se = &swin[w].s[i];
		const struct bucket *b = &buckets[se->bucket];
		const char *path = node_path(se->node, base), *top = last_frame(path);
		int kernel = b->space == 'k';
		const char *prev_name = NULL;

		for (uint32_t j = 0; j < b->n; j++) {
			const struct sym *s;
			const char *name = pc_name(ks, us, b->pc[j], kernel, base, &s);
			struct ent *e;

			g->total += se->count;
			if (name == prev_name) {
				tget(&g->paths, key)->a += se->count;
				continue;
			}
			prev_name = name;
			snprintf(leaf, sizeof(leaf), "%s%s", name, kernel ? KMARK : "");
			if (!strcmp(leaf, top))
				snprintf(key, sizeof(key), "%s", path);
			else
				snprintf(key, sizeof(key), "%s%s%s", path, *path ? ";" : "", leaf);
			e = tget(&g->paths, key);
			e->a += se->count;
			/* a block that starts a function entered by a jump */
			if (j == 0 && strcmp(leaf, top) && s && s->addr == b->pc[0] - (kernel ? k_slide : base))
				e->b += se->count;
		}
	}
	for (size_t i = 0; i < swin[w].nk; i++) {
		const char *p = node_path(swin[w].k[i].node, base);

		caller_frame(p, leaf, sizeof(leaf));
		if (!*leaf)
			continue;
		snprintf(key, sizeof(key), "%s\t%s", leaf, last_frame(p));
		tget(&g->edges, key)->a += swin[w].k[i].count;
	}
}

/* "name_[k]" -> fl and fn of the callgrind and cachegrind files */
static void split_frame(const char *f, size_t n, char *fn, size_t len, const char **fl)
{
	size_t m = strlen(KMARK);

	if (n >= m && !strncmp(f + n - m, KMARK, m)) {
		*fl = "kernel";
		n -= m;
	} else {
		*fl = "user";
	}
	if (n >= len)
		n = len - 1;
	memcpy(fn, f, n);
	fn[n] = 0;
}

static FILE *open_out(const char *dir, const char *name, const char *ext)
{
	char *p;
	FILE *f;

	if (asprintf(&p, "%s/%s.%s", dir, name, ext) < 0)
		die(1, "out of memory");
	f = fopen(p, "w");
	if (!f)
		die(3, "%s: cannot write it: %s", p, strerror(errno));
	free(p);
	return f;
}

static void close_out(FILE *f, const char *dir)
{
	if (fflush(f) != 0 || ferror(f) || fclose(f) != 0)
		die(3, "writing the call graph files in %s failed", dir);
}

static void write_group(struct group *g, const char *dir, const struct row *r)
{
	char name[256], fn[512], cfn[512], cmd[256];
	const char *fl, *cfl;
	struct table self = { 0 }, incl = { 0 };
	struct ent **v;
	FILE *f;
	uint64_t sum10k = 0;

	snprintf(name, sizeof(name), "%s-%s-%d", r->test, r->mode, r->tasks);
	snprintf(cmd, sizeof(cmd), "kabench %s (%s, %d task%s): %zu measured samples, %" PRIu64 " ops",
		 r->test, r->mode, r->tasks, r->tasks == 1 ? "" : "s", g->windows, g->ops);
	/* folded */
	f = open_out(dir, name, "folded");
	v = tsorted(&g->paths);
	for (struct ent **e = v; *e; e++) {
		const char *p = (*e)->key, *s;
		struct ent *x;

		fprintf(f, "%s %" PRIu64 "\n", p, (*e)->a);
		/* the self and inclusive costs by function and edge */
		tget(&self, last_frame(p))->a += (*e)->a;
		for (const char *q = p; (s = strchr(q, ';')); q = s + 1) {
			const char *t = strchr(s + 1, ';');
			size_t n1 = (size_t)(s - q), n2 = t ? (size_t)(t - s - 1) : strlen(s + 1);
			char key[1100];

			snprintf(key, sizeof(key), "%.*s\t%.*s", (int)n1, q, (int)n2, s + 1);
			x = tget(&incl, key);
			x->a += (*e)->a;
			if (!t)	/* the leaf: entered by a jump? */
				x->b += (*e)->b;
		}
	}
	free(v);
	close_out(f, dir);

	/* callgrind: per function its own cost, then its calls */
	f = open_out(dir, name, "callgrind");
	fprintf(f, "# callgrind format\nversion: 1\ncreator: kabench (guest/plugin/profile-attrib)\n"
		"cmd: %s\npart: 1\n"
		"desc: Ir: guest instructions, counted exactly by the QEMU plugin kabench-prof\n"
		"desc: call paths inferred from call, return and entry instructions (guest/plugin/README.md)\n"
		"positions: line\nevents: Ir\nsummary: %" PRIu64 "\n\n", cmd, g->total);
	{
		struct table fns = { 0 };
		struct ent **w = tsorted(&incl);

		/* every function: those with own instructions and every caller */
		for (size_t i = 0; i < self.nh; i++)
			for (struct ent *e = self.h[i]; e; e = e->next)
				if (*e->key)
					tget(&fns, e->key);
		for (size_t i = 0; i < incl.nh; i++)
			for (struct ent *e = incl.h[i]; e; e = e->next) {
				char key[600];

				snprintf(key, sizeof(key), "%.*s", (int)strcspn(e->key, "\t"), e->key);
				tget(&fns, key);
			}
		v = tsorted(&fns);
		for (struct ent **e = v; *e; e++) {
			struct ent *s = tget(&self, (*e)->key);

			split_frame((*e)->key, strlen((*e)->key), fn, sizeof(fn), &fl);
			fprintf(f, "fl=%s\nfn=%s\n0 %" PRIu64 "\n", fl, fn, s->a);
			/* its calls, sorted by callee */
			for (struct ent **c = w; *c; c++) {
				const char *tab = strchr((*c)->key, '\t');
				uint64_t calls;
				struct ent *ed;

				if ((size_t)(tab - (*c)->key) != strlen((*e)->key) ||
				    strncmp((*c)->key, (*e)->key, (size_t)(tab - (*c)->key)))
					continue;
				split_frame(tab + 1, strlen(tab + 1), cfn, sizeof(cfn), &cfl);
				ed = tget(&g->edges, (*c)->key);
				/* calls made in the windows; else the jumps' block
				 * entries; at least 1 (a call before the window) */
				calls = ed->a ? ed->a : (*c)->b;
				fprintf(f, "cfl=%s\ncfn=%s\ncalls=%" PRIu64 " 0\n0 %" PRIu64 "\n", cfl, cfn,
					calls ? calls : 1, (*c)->a);
			}
		}
		free(w);
		free(v);
		tfree(&fns);
	}
	fprintf(f, "\ntotals: %" PRIu64 "\n", g->total);
	close_out(f, dir);

	/* cachegrind: per function its own instructions, per 10000 ops and all */
	f = open_out(dir, name, "cachegrind");
	fprintf(f, "desc: Ir_per_10k_ops: guest instructions per 10000 ops, each function's rounded\n"
		"desc: Ir: guest instructions over the measured samples (QEMU plugin kabench-prof, exact)\n"
		"cmd: %s\nevents: Ir_per_10k_ops Ir\n", cmd);
	v = tsorted(&self);
	for (struct ent **e = v; *e; e++) {
		uint64_t p = 0;
		char num[40];

		/* rounded as printf rounds (awk's "%.0f" gives the same) */
		if (g->ops) {
			snprintf(num, sizeof(num), "%.0f", (double)(*e)->a * 10000 / (double)g->ops);
			p = strtoull(num, NULL, 10);
		}
		sum10k += p;
		split_frame((*e)->key, strlen((*e)->key), fn, sizeof(fn), &fl);
		fprintf(f, "fl=%s\nfn=%s\n0 %" PRIu64 " %" PRIu64 "\n", fl, fn, p, (*e)->a);
	}
	free(v);
	fprintf(f, "summary: %" PRIu64 " %" PRIu64 "\n", sum10k, g->total);
	close_out(f, dir);
	tfree(&self);
	tfree(&incl);
}

void write_callgraphs(const char *dir, const struct symtab *k, const struct symtab *u, const struct row *rows)
{
	int *done = xrealloc(NULL, (nwin + 1) * sizeof(*done));

	ks = k;
	us = u;
	npath = xrealloc(NULL, nsnodes * sizeof(*npath));
	npath_base = xrealloc(NULL, nsnodes * sizeof(*npath_base));
	memset(npath, 0, nsnodes * sizeof(*npath));
	memset(done, 0, (nwin + 1) * sizeof(*done));
	for (size_t w = 0; w < nwin; w++) {
		struct group g;

		if (done[w])
			continue;
		memset(&g, 0, sizeof(g));
		for (size_t x = w; x < nwin; x++)
			if (!done[x] && !strcmp(rows[x].test, rows[w].test) &&
			    !strcmp(rows[x].mode, rows[w].mode) && rows[x].tasks == rows[w].tasks) {
				done[x] = 1;
				add_window(&g, x);
				g.ops += rows[x].ops;
				g.windows++;
			}
		write_group(&g, dir, &rows[w]);
		tfree(&g.paths);
		tfree(&g.edges);
	}
	for (size_t i = 0; i < nsnodes; i++)
		free(npath[i]);
	free(npath);
	free(npath_base);
	free(done);
}
