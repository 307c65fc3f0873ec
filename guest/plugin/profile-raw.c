// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's raw counts: reads the plugin's raw file
 * (kabench-prof.c) into buckets and windows, and checks that it is whole:
 * every line well formed, the end record there, every bucket counted in a
 * window described. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"

struct bucket *buckets;
static size_t nbuckets;
struct window *win;
size_t nwin;

static struct bucket *bucket_at(unsigned long id)
{
	if (id >= nbuckets) {
		size_t n = id + 1 > 2 * nbuckets ? id + 1 : 2 * nbuckets;

		buckets = xrealloc(buckets, n * sizeof(*buckets));
		memset(buckets + nbuckets, 0, (n - nbuckets) * sizeof(*buckets));
		nbuckets = n;
	}
	return &buckets[id];
}

static int class_id(const char *name)
{
	for (int c = 1; c < KB_C_COUNT; c++)
		if (!strcmp(kb_class_name[c], name))
			return c;
	return -1;
}

void read_raw(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, lineno = 0, cap_e = 0;
	int ended = 0;

	if (!f)
		die(1, "plugin output %s: %s", path, strerror(errno));
	if (getline(&line, &cap, f) < 0 || strcmp(line, "kabench-prof 1\n") != 0)
		die(1, "plugin output %s: not a kabench-prof 1 file", path);
	lineno = 1;
	while (getline(&line, &cap, f) > 0) {
		unsigned long id, n, sz;
		unsigned long long x, y, z;
		char c, name[64];
		int off;

		lineno++;
		if (ended)
			die(1, "plugin output %s: line %zu after the end record", path, lineno);
		switch (line[0]) {
		case 'W':
			if (sscanf(line, "W %lu %c %llx %llx", &id, &c, &x, &y) != 4 || id != nwin)
				goto bad;
			win = xrealloc(win, (nwin + 1) * sizeof(*win));
			memset(&win[nwin], 0, sizeof(*win));
			win[nwin].open_kind = c;
			win[nwin].open_va = x;
			win[nwin].close_va = y;
			nwin++;
			cap_e = 0;
			break;
		case 'C': {
			struct window *w;

			if (!nwin || sscanf(line, "C %lu %llu", &id, &x) != 2)
				goto bad;
			w = &win[nwin - 1];
			if (w->n == cap_e) {
				cap_e = cap_e ? 2 * cap_e : 256;
				w->e = xrealloc(w->e, cap_e * sizeof(*w->e));
			}
			w->e[w->n].bucket = (uint32_t)id;
			w->e[w->n].count = x;
			w->n++;
			bucket_at(id);
			break;
		}
		case 'B': {
			struct bucket *b;
			char *p;

			if (sscanf(line, "B %lu %c %lu %lu %llx%n", &id, &c, &n, &sz, &x, &off) != 5 ||
			    n == 0 || n > 4096 || sz > 65536)
				goto bad;
			b = bucket_at(id);
			b->space = c;
			b->n = (uint32_t)n;
			b->size = (uint32_t)sz;
			b->hash = x;
			b->pc = xrealloc(NULL, n * sizeof(*b->pc));
			p = line + off;
			for (unsigned long i = 0; i < n; i++) {
				char *end;

				b->pc[i] = strtoull(p, &end, 16);
				if (end == p)
					goto bad;
				p = end;
			}
			break;
		}
		case 'L': {
			struct bucket *b;
			int cid;

			if (sscanf(line, "L %lu %63s %lu", &id, name, &n) != 3 ||
			    (cid = class_id(name)) < 0)
				goto bad;
			b = bucket_at(id);
			if (b->ncls < KB_C_COUNT) {
				b->cls[b->ncls][0] = (uint16_t)cid;
				b->cls[b->ncls][1] = (uint16_t)n;
				b->ncls++;
			}
			break;
		}
		case 'X': {
			struct bucket *b;

			if (sscanf(line, "X %lu %llx", &id, &z) != 2)
				goto bad;
			b = bucket_at(id);
			b->call = xrealloc(b->call, (b->ncall + 1) * sizeof(*b->call));
			b->call[b->ncall++] = z;
			break;
		}
		case 'E':
			if (sscanf(line, "E %lu", &n) != 1 || n != nwin)
				goto bad;
			ended = 1;
			break;
		default:
			goto bad;
		}
		continue;
bad:
		die(1, "plugin output %s: line %zu is malformed: %.60s", path, lineno, line);
	}
	free(line);
	fclose(f);
	if (!ended)
		die(1, "plugin output %s: incomplete (no end record: QEMU killed before it exited?)", path);
	for (size_t w = 0; w < nwin; w++)
		for (size_t i = 0; i < win[w].n; i++)
			if (!buckets[win[w].e[i].bucket].space)
				die(1, "plugin output %s: bucket %u counted but not described",
				    path, win[w].e[i].bucket);
}
