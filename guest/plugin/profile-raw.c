// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's raw counts: reads the plugin's raw file
 * (kabench-prof.c) into buckets and windows, and checks that it is whole:
 * every line well formed, the end record there, every bucket counted in a
 * window described. Every number is checked where it is read (no sign,
 * no overflow, within its bound): a bucket's instruction addresses rise
 * inside its size, its class counts and calls are at most its
 * instructions, ids are 32-bit and stored by order of appearance. A
 * damaged file is one line naming it and the line, exit 1. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"

/* Limits of this reader, not of the format: a bucket's instructions and
 * bytes (the plugin makes at most 512 instructions a bucket), and so a
 * line's length (a B record: 17 bytes an instruction). Bucket ids are the
 * format's: 32-bit, in any order. */
#define RAW_MAX_INSNS 4096
#define RAW_MAX_SIZE 65536
#define RAW_MAX_LINE (64 + 17 * RAW_MAX_INSNS)

struct bucket *buckets;
static size_t nbuckets;
struct window *win;
size_t nwin;

static const char *raw_path;
static size_t lineno;

/* A damaged file: one line naming it and the line, exit 1. */
#define damaged(fmt, ...) \
	die(1, "plugin output %s: line %zu: " fmt, raw_path, lineno, ##__VA_ARGS__)

/* The next number of line P (after one space; base 10 or 16, no sign),
 * at most MAX; a damaged file otherwise, WHAT naming the field. */
static uint64_t num(const char **p, int base, uint64_t max, const char *what)
{
	const char *s = *p + 1;
	uint64_t v = 0;
	size_t n;
	int big = 0;

	if (**p != ' ')
		damaged("no %s", what);
	n = strspn(s, base == 16 ? "0123456789abcdef" : "0123456789");
	if (!n)
		damaged("%s is not a %s number", what, base == 16 ? "hexadecimal" : "decimal");
	for (size_t i = 0; i < n; i++) {
		uint64_t d = (uint64_t)(s[i] <= '9' ? s[i] - '0' : s[i] - 'a' + 10);

		big |= d > max || v > (max - d) / (uint64_t)base;
		if (big)
			break;
		v = v * (uint64_t)base + d;
	}
	if (big)
		damaged("%s %.*s%s is more than %llu", what, n > 24 ? 24 : (int)n, s,
			n > 24 ? "..." : "", (unsigned long long)max);
	*p = s + n;
	return v;
}

/* One letter after a space, one of ALLOWED. */
static int letter(const char **p, const char *allowed, const char *what)
{
	const char *s = *p;

	if (s[0] != ' ' || !s[1] || !strchr(allowed, s[1]) || (s[2] != ' ' && s[2] != '\0'))
		damaged("%s is not one of '%s'", what, allowed);
	*p = s + 2;
	return s[1];
}

static void line_end(const char *p)
{
	if (*p)
		damaged("unexpected text at its end: %.40s", p);
}

/* The file's bucket ids -> slots of buckets[], in the order they first
 * appear (window entries hold slots): memory follows the file's size,
 * never its largest id. An open-addressed table of slot + 1. */
static uint32_t *slot_id;	/* each slot's id in the file */
static uint32_t *ids;
static size_t ids_cap;

static size_t id_home(uint32_t id, size_t cap)
{
	return (size_t)((id * 2654435761u) & (cap - 1));
}

static struct bucket *bucket_at(uint64_t id, uint32_t *slot)
{
	size_t h;

	if (2 * (nbuckets + 1) > ids_cap) {
		size_t cap = ids_cap ? 2 * ids_cap : 1024;
		uint32_t *t = xrealloc(NULL, cap * sizeof(*t));

		memset(t, 0, cap * sizeof(*t));
		for (size_t i = 0; i < nbuckets; i++) {
			for (h = id_home(slot_id[i], cap); t[h]; h = (h + 1) & (cap - 1))
				;
			t[h] = (uint32_t)i + 1;
		}
		free(ids);
		ids = t;
		ids_cap = cap;
		buckets = xrealloc(buckets, cap / 2 * sizeof(*buckets));
		slot_id = xrealloc(slot_id, cap / 2 * sizeof(*slot_id));
	}
	for (h = id_home((uint32_t)id, ids_cap); ids[h]; h = (h + 1) & (ids_cap - 1))
		if (slot_id[ids[h] - 1] == id)
			break;
	if (!ids[h]) {
		memset(&buckets[nbuckets], 0, sizeof(*buckets));
		slot_id[nbuckets] = (uint32_t)id;
		ids[h] = (uint32_t)++nbuckets;
	}
	if (slot)
		*slot = ids[h] - 1;
	return &buckets[ids[h] - 1];
}

/* A described bucket: its B line came before its L and X lines. */
static struct bucket *described(uint64_t id)
{
	struct bucket *b = bucket_at(id, NULL);

	if (!b->space)
		damaged("bucket %llu is not described before this line", (unsigned long long)id);
	return b;
}

static int class_id(const char *name, size_t len)
{
	for (int c = 1; c < KB_C_COUNT; c++)
		if (strlen(kb_class_name[c]) == len && !strncmp(kb_class_name[c], name, len))
			return c;
	return -1;
}

/* The next line into BUF (RAW_MAX_LINE bytes), without its newline: 1, 0
 * at the end of the file. A line cut short (no newline), too long or
 * holding a NUL byte is a damaged file. */
static int next_line(FILE *f, char *buf)
{
	size_t n = 0;
	int ch;

	while ((ch = getc(f)) != '\n') {
		if (ch == EOF) {
			if (!n)
				return 0;
			die(3, "plugin output %s: incomplete: line %zu cut short (no newline at "
			    "its end)", raw_path, lineno + 1);
		}
		if (!ch || n + 1 == RAW_MAX_LINE) {
			lineno++;
			if (ch)
				damaged("longer than %d bytes (RAW_MAX_LINE in profile-raw.c)",
					RAW_MAX_LINE);
			damaged("a NUL byte in it");
		}
		buf[n++] = (char)ch;
	}
	buf[n] = '\0';
	lineno++;
	return 1;
}

static void read_bucket(const char *p)
{
	uint64_t id = num(&p, 10, UINT32_MAX, "bucket id");
	int space = letter(&p, "ku", "space");
	uint64_t n = num(&p, 10, RAW_MAX_INSNS, "instruction count (RAW_MAX_INSNS)");
	uint64_t size = num(&p, 10, RAW_MAX_SIZE, "size in bytes (RAW_MAX_SIZE)");
	uint64_t hash = num(&p, 16, UINT64_MAX, "hash");
	struct bucket *b;

	if (!n || size < n)
		damaged("bucket %llu: %llu instructions in %llu bytes", (unsigned long long)id,
			(unsigned long long)n, (unsigned long long)size);
	b = bucket_at(id, NULL);
	if (b->space)
		damaged("bucket %llu described twice", (unsigned long long)id);
	b->pc = xrealloc(NULL, n * sizeof(*b->pc));
	/* The instructions' addresses rise inside [pc[0], pc[0] + size). */
	for (uint64_t i = 0; i < n; i++) {
		b->pc[i] = num(&p, 16, UINT64_MAX - size, "instruction address");
		if (i && (b->pc[i] <= b->pc[i - 1] || b->pc[i] >= b->pc[0] + size))
			damaged("bucket %llu: instruction address %llx out of order or outside "
				"its %llu bytes", (unsigned long long)id,
				(unsigned long long)b->pc[i], (unsigned long long)size);
	}
	line_end(p);
	b->space = space;
	b->n = (uint32_t)n;
	b->size = (uint32_t)size;
	b->hash = hash;
}

static void read_class(const char *p)
{
	struct bucket *b = described(num(&p, 10, UINT32_MAX, "bucket id"));
	const char *name = p + 1;
	size_t len = p[0] == ' ' ? strcspn(name, " ") : 0;
	int cid = class_id(name, len);
	uint64_t n;

	if (cid < 0)
		damaged("no instruction class '%.40s'", name);
	p = name + len;
	n = num(&p, 10, b->n, "class count (at most the bucket's instructions)");
	line_end(p);
	for (uint32_t c = 0; c < b->ncls; c++)
		if (b->cls[c][0] == cid)
			damaged("class %s given twice", kb_class_name[cid]);
	b->cls[b->ncls][0] = (uint16_t)cid;
	b->cls[b->ncls][1] = (uint16_t)n;
	b->ncls++;
}

static void read_call(const char *p)
{
	struct bucket *b = described(num(&p, 10, UINT32_MAX, "bucket id"));
	uint64_t target = num(&p, 16, UINT64_MAX, "call target");

	line_end(p);
	if (b->ncall == b->n)
		damaged("more calls than the bucket's %u instructions", b->n);
	if (!b->call)
		b->call = xrealloc(NULL, b->n * sizeof(*b->call));
	b->call[b->ncall++] = target;
}

void read_raw(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = xrealloc(NULL, RAW_MAX_LINE);
	size_t cap_e = 0, cap_w = 0;
	int ended = 0;

	raw_path = path;
	lineno = 0;
	if (!f)
		die(1, "plugin output %s: %s", path, strerror(errno));
	if (!next_line(f, line) || strcmp(line, "kabench-prof 1") != 0)
		die(1, "plugin output %s: not a kabench-prof 1 file", path);
	while (next_line(f, line)) {
		const char *p = line + 1;

		if (ended)
			damaged("after the end record");
		switch (line[0]) {
		case 'W': {
			struct window *w;

			if (num(&p, 10, nwin, "window number (in order from 0)") != nwin)
				damaged("window out of order");
			if (nwin == cap_w) {
				cap_w = cap_w ? 2 * cap_w : 64;
				win = xrealloc(win, cap_w * sizeof(*win));
			}
			w = &win[nwin];
			memset(w, 0, sizeof(*w));
			w->open_kind = letter(&p, "be", "mark kind");
			w->open_va = num(&p, 16, UINT64_MAX, "open mark address");
			w->close_va = num(&p, 16, UINT64_MAX, "close mark address");
			line_end(p);
			nwin++;
			cap_e = 0;
			break;
		}
		case 'C': {
			struct window *w;
			uint64_t id;

			if (!nwin)
				damaged("counts before the first window");
			id = num(&p, 10, UINT32_MAX, "bucket id");
			w = &win[nwin - 1];
			if (w->n == cap_e) {
				cap_e = cap_e ? 2 * cap_e : 256;
				w->e = xrealloc(w->e, cap_e * sizeof(*w->e));
			}
			bucket_at(id, &w->e[w->n].bucket);
			w->e[w->n].count = num(&p, 10, UINT64_MAX, "count");
			line_end(p);
			w->n++;
			break;
		}
		case 'B':
			read_bucket(p);
			break;
		case 'L':
			read_class(p);
			break;
		case 'X':
			read_call(p);
			break;
		case 'E':
			if (num(&p, 10, UINT64_MAX, "window total") != nwin)
				damaged("the end record counts other windows than the %zu there", nwin);
			line_end(p);
			ended = 1;
			break;
		default:
			damaged("malformed: %.60s", line);
		}
	}
	free(line);
	fclose(f);
	if (!ended)
		die(3, "plugin output %s: incomplete (no end record: QEMU killed before it exited?)", path);
	for (size_t w = 0; w < nwin; w++)
		for (size_t i = 0; i < win[w].n; i++)
			if (!buckets[win[w].e[i].bucket].space)
				die(1, "plugin output %s: bucket %u counted but not described",
				    path, slot_id[win[w].e[i].bucket]);
}
