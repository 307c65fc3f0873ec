// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's call paths: reads the plugin's stacks file
 * (kabench-prof.c with stacks=FILE, callstack.c) and checks it against
 * the raw counts: per window, a bucket's executions over all its contexts
 * add up to its flat count exactly.
 *
 *   kabench-stacks 1
 *   W index                    a window (the raw file's numbering)
 *   S node bucket count        a bucket's executions in a context
 *   K node entries             times the context was entered (calls)
 *   N node parent kind pc site a context (at exit): parent 0 is the root;
 *                              kind c call, s syscall, i interrupt or
 *                              exception; pc the callee or entry point;
 *                              site the return address (a syscall's next
 *                              instruction; 0 unknown)
 *   I pc                       an entry point the plugin learnt
 *   Q name value               the inference's own figures
 *   E windows                  the file is complete */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"

struct snode *snodes;
size_t nsnodes;
struct swindow *swin;
size_t nswin;
char **squality;
size_t nsquality;

/* Contexts are kept side by side in the order of their N records, whose
 * ids rise (the plugin numbers them as it makes them): an id is found by
 * binary search, so memory follows the file's size, never its ids. */
static unsigned long *snode_id;

static long dense_of(unsigned long id)
{
	size_t lo = 0, hi = nsnodes;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (snode_id[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nsnodes && snode_id[lo] == id ? (long)lo : -1;
}

void read_stacks(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, lineno = 1, cap_s = 0, cap_k = 0;
	int ended = 0;

	if (!f)
		die(1, "plugin stacks %s: %s", path, strerror(errno));
	if (getline(&line, &cap, f) < 0 || strcmp(line, "kabench-stacks 1\n") != 0)
		die(1, "plugin stacks %s: not a kabench-stacks 1 file", path);
	snodes = xrealloc(NULL, sizeof(*snodes));	/* the root, id 0 */
	snode_id = xrealloc(NULL, sizeof(*snode_id));
	memset(snodes, 0, sizeof(*snodes));
	snodes[0].described = 1;
	snode_id[0] = 0;
	nsnodes = 1;
	while (getline(&line, &cap, f) > 0) {
		unsigned long id, b, parent;
		unsigned long long x, y;
		char kind, name[64];
		struct swindow *w = nswin ? &swin[nswin - 1] : NULL;

		lineno++;
		if (ended)
			die(1, "plugin stacks %s: line %zu after the end record", path, lineno);
		switch (line[0]) {
		case 'W':
			if (sscanf(line, "W %lu", &id) != 1 || id != nswin)
				goto bad;
			swin = xrealloc(swin, (nswin + 1) * sizeof(*swin));
			memset(&swin[nswin], 0, sizeof(*swin));
			nswin++;
			cap_s = cap_k = 0;
			break;
		case 'S':
			if (!w || sscanf(line, "S %lu %lu %llu", &id, &b, &x) != 3 || id > UINT32_MAX ||
			    b > UINT32_MAX)
				goto bad;
			if (w->ns == cap_s) {
				cap_s = cap_s ? 2 * cap_s : 1024;
				w->s = xrealloc(w->s, cap_s * sizeof(*w->s));
			}
			w->s[w->ns].node = (uint32_t)id;
			w->s[w->ns].bucket = (uint32_t)b;
			w->s[w->ns].count = x;
			w->ns++;
			break;
		case 'K':
			if (!w || sscanf(line, "K %lu %llu", &id, &x) != 2 || !id || id > UINT32_MAX)
				goto bad;
			if (w->nk == cap_k) {
				cap_k = cap_k ? 2 * cap_k : 256;
				w->k = xrealloc(w->k, cap_k * sizeof(*w->k));
			}
			w->k[w->nk].node = (uint32_t)id;
			w->k[w->nk].count = x;
			w->nk++;
			break;
		case 'N': {
			struct snode *n;
			long pd;

			if (sscanf(line, "N %lu %lu %c %llx %llx", &id, &parent, &kind, &x, &y) != 5 ||
			    id <= snode_id[nsnodes - 1] || id > UINT32_MAX || !strchr("csi", kind) ||
			    (pd = dense_of(parent)) < 0)
				goto bad;
			snodes = xrealloc(snodes, (nsnodes + 1) * sizeof(*snodes));
			snode_id = xrealloc(snode_id, (nsnodes + 1) * sizeof(*snode_id));
			n = &snodes[nsnodes];
			n->parent = (uint32_t)pd;
			n->kind = kind;
			n->pc = x;
			n->site = y;
			n->described = 1;
			snode_id[nsnodes++] = id;
			break;
		}
		case 'I':
			break;
		case 'Q':
			if (sscanf(line, "Q %63s %llu", name, &x) != 2)
				goto bad;
			squality = xrealloc(squality, (nsquality + 1) * sizeof(*squality));
			line[strcspn(line, "\n")] = 0;
			squality[nsquality++] = strdup(line + 2);
			break;
		case 'E':
			if (sscanf(line, "E %lu", &id) != 1 || id != nswin)
				goto bad;
			ended = 1;
			break;
		default:
			goto bad;
		}
		continue;
bad:
		die(1, "plugin stacks %s: line %zu is malformed: %.60s", path, lineno, line);
	}
	free(line);
	fclose(f);
	if (!ended)
		die(3, "plugin stacks %s: incomplete (no end record: QEMU killed before it exited?)", path);
	/* the contexts' ids -> their places in snodes[] */
	for (size_t w = 0; w < nswin; w++) {
		for (size_t i = 0; i < swin[w].ns; i++) {
			long d = dense_of(swin[w].s[i].node);

			if (d < 0)
				die(1, "plugin stacks %s: context %u counted but not described", path,
				    swin[w].s[i].node);
			swin[w].s[i].node = (uint32_t)d;
		}
		for (size_t i = 0; i < swin[w].nk; i++) {
			long d = dense_of(swin[w].k[i].node);

			if (d < 0)
				die(1, "plugin stacks %s: context %u entered but not described", path,
				    swin[w].k[i].node);
			swin[w].k[i].node = (uint32_t)d;
		}
	}
}

/* The raw file's bucket ids -> the slots of buckets[] that profile-raw.c
 * gave them: the k-th C record of window w is win[w].e[k]. */
static uint32_t *map_id, *map_slot;	/* open addressing, id + 1 */
static size_t map_cap;

static void map_put(uint32_t id, uint32_t slot)
{
	size_t h = (id * 2654435761u) & (map_cap - 1);

	for (; map_id[h]; h = (h + 1) & (map_cap - 1))
		if (map_id[h] == id + 1)
			return;
	map_id[h] = id + 1;
	map_slot[h] = slot;
}

static int map_get(uint32_t id, uint32_t *slot)
{
	for (size_t h = (id * 2654435761u) & (map_cap - 1); map_id[h]; h = (h + 1) & (map_cap - 1))
		if (map_id[h] == id + 1) {
			*slot = map_slot[h];
			return 1;
		}
	return 0;
}

static void map_raw_ids(const char *raw)
{
	FILE *f = fopen(raw, "r");
	char *line = NULL;
	size_t n = 0, w = 0, k = 0, cap = 0;
	int in = 0;

	for (size_t i = 0; i < nwin; i++)
		n += win[i].n;
	for (map_cap = 1024; map_cap < 2 * n + 2; map_cap *= 2)
		;
	map_id = xrealloc(NULL, map_cap * sizeof(*map_id));
	map_slot = xrealloc(NULL, map_cap * sizeof(*map_slot));
	memset(map_id, 0, map_cap * sizeof(*map_id));
	if (!f)
		die(1, "plugin output %s: %s", raw, strerror(errno));
	while (getline(&line, &cap, f) > 0) {
		unsigned long id;

		if (line[0] == 'W') {
			if (in)
				w++;
			in = 1;
			k = 0;
		} else if (line[0] == 'C' && in && w < nwin && k < win[w].n &&
			   sscanf(line, "C %lu", &id) == 1) {
			map_put((uint32_t)id, win[w].e[k].bucket);
			k++;
		}
	}
	free(line);
	fclose(f);
}

/* Per window, each bucket's executions summed over its contexts must be
 * its flat count: the same executions, counted twice. The stacks' bucket
 * ids become slots of buckets[] here. */
void check_stacks(const char *path, const char *raw)
{
	uint64_t *sum = NULL;
	size_t nb = 0;

	if (nswin != nwin)
		die(1, "plugin stacks %s: %zu windows, the raw file %zu", path, nswin, nwin);
	map_raw_ids(raw);
	for (size_t w = 0; w < nwin; w++) {
		for (size_t i = 0; i < win[w].n; i++)
			if (win[w].e[i].bucket >= nb) {
				size_t n = win[w].e[i].bucket + 1;

				sum = xrealloc(sum, n * sizeof(*sum));
				memset(sum + nb, 0, (n - nb) * sizeof(*sum));
				nb = n;
			}
		for (size_t i = 0; i < swin[w].ns; i++) {
			uint32_t id = swin[w].s[i].bucket, b;

			if (!map_get(id, &b) || b >= nb)
				die(1, "plugin stacks %s: window %zu: bucket %u has contexts but no flat count",
				    path, w, id);
			swin[w].s[i].bucket = b;
			sum[b] += swin[w].s[i].count;
		}
		for (size_t i = 0; i < win[w].n; i++) {
			uint32_t b = win[w].e[i].bucket;

			if (sum[b] != win[w].e[i].count)
				die(1, "plugin stacks %s: window %zu: a bucket ran %" PRIu64 " times, its "
				    "contexts add up to %" PRIu64, path, w, win[w].e[i].count, sum[b]);
			sum[b] = 0;
		}
		for (size_t i = 0; i < swin[w].ns; i++)
			if (sum[swin[w].s[i].bucket])
				die(1, "plugin stacks %s: window %zu: a bucket has contexts but no flat count "
				    "in that window", path, w);
	}
	free(sum);
	free(map_id);
	free(map_slot);
}
