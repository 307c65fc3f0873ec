// SPDX-License-Identifier: GPL-2.0
/* profile-attrib: the plugin's raw counts (kabench-prof.c) -> instructions
 * per symbol and per class, for every measured window.
 *
 *   profile-attrib --windows RAW
 *       window,space,what,instructions   (what: all or a class; no symbols)
 *   profile-attrib --map SYSTEM_MAP --elf KABENCH --bench BENCH_CSV RAW
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
 * is byte for byte the file's (a hash per block); the kernel's direct-call
 * targets executed in the windows are System.map symbols (>= 90%) and its
 * syscall entry point was executed. Bad usage exits 2. */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "classify.h"
#include "../../bench/mark.h"

#define KERNEL_START 0xffff800000000000ull

static const char *me = "profile-attrib";

static void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
#include <stdarg.h>
static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", me);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(1, "out of memory");
	return p;
}

/* ---- symbol tables ---- */
struct sym {
	uint64_t addr, end;	/* end: 0 = up to the next symbol */
	char *name;
};
struct symtab {
	struct sym *s;
	size_t n, cap;
};

static void sym_add(struct symtab *t, uint64_t addr, uint64_t end, const char *name)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->s = xrealloc(t->s, t->cap * sizeof(*t->s));
	}
	t->s[t->n].addr = addr;
	t->s[t->n].end = end;
	t->s[t->n].name = strdup(name);
	t->n++;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The symbol holding addr, or NULL. */
static const struct sym *sym_find(const struct symtab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (t->s[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	if (t->s[lo - 1].end && addr >= t->s[lo - 1].end)
		return NULL;
	return &t->s[lo - 1];
}

static int sym_is_start(const struct symtab *t, uint64_t addr)
{
	const struct sym *s = sym_find(t, addr);

	return s && s->addr == addr;
}

/* System.map: text symbols; outside [_stext, _etext) and the init text
 * nothing is attributed. */
static uint64_t k_text, k_etext, k_sinit, k_einit, k_entry;
static uint64_t k_slide;	/* runtime address - System.map address (KASLR) */

static void read_map(const char *path, struct symtab *t)
{
	FILE *f = fopen(path, "r");
	char line[512], name[400], type;
	unsigned long long addr;
	size_t lineno = 0;

	if (!f)
		die(1, "System.map %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (sscanf(line, "%llx %c %399s", &addr, &type, name) != 3)
			die(1, "System.map %s: line %zu is not 'ADDRESS TYPE NAME'", path, lineno);
		if (!strcmp(name, "_stext"))
			k_text = addr;
		else if (!strcmp(name, "_etext"))
			k_etext = addr;
		else if (!strcmp(name, "_sinittext"))
			k_sinit = addr;
		else if (!strcmp(name, "_einittext"))
			k_einit = addr;
		else if (!strcmp(name, "entry_SYSCALL_64"))
			k_entry = addr;
		if (type == 't' || type == 'T' || type == 'w' || type == 'W')
			sym_add(t, addr, 0, name);
	}
	fclose(f);
	if (!k_text || !k_etext || k_etext <= k_text)
		die(1, "System.map %s: no _stext/_etext: not a kernel's System.map", path);
	qsort(t->s, t->n, sizeof(*t->s), sym_cmp);
}

static int in_ktext(uint64_t pc)
{
	pc -= k_slide;
	return (pc >= k_text && pc < k_etext) || (pc >= k_sinit && pc < k_einit);
}

/* ---- the worker's ELF: function symbols, executable segments, marks ---- */
struct mark_site {
	int kind;
	uint64_t vaddr;
};
static struct mark_site *sites;
static size_t nsites;
static uint64_t elf_lo, elf_hi;		/* link-time span of its PT_LOADs */
static int elf_pie;
static unsigned char *elf_data;		/* the whole file */
static struct { uint64_t vaddr, filesz, offset; } elf_x[8];	/* executable PT_LOADs */
static int elf_nx;

static void read_elf(const char *path, struct symtab *t)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d;
	long size;
	Elf64_Ehdr *eh;

	if (!f)
		die(1, "worker %s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	d = xrealloc(NULL, (size_t)size);
	if (size < (long)sizeof(Elf64_Ehdr) || fread(d, 1, (size_t)size, f) != (size_t)size)
		die(1, "worker %s: cannot read it", path);
	fclose(f);
	eh = (Elf64_Ehdr *)d;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_machine != EM_X86_64)
		die(1, "worker %s: not an x86-64 ELF file", path);
	elf_pie = eh->e_type == ET_DYN;
	elf_lo = UINT64_MAX;
	for (int i = 0; i < eh->e_phnum; i++) {
		Elf64_Phdr *ph = (Elf64_Phdr *)(d + eh->e_phoff + (size_t)i * eh->e_phentsize);

		if (ph->p_type != PT_LOAD)
			continue;
		if (ph->p_vaddr < elf_lo)
			elf_lo = ph->p_vaddr;
		if (ph->p_vaddr + ph->p_memsz > elf_hi)
			elf_hi = ph->p_vaddr + ph->p_memsz;
		if (!(ph->p_flags & PF_X))
			continue;
		if (elf_nx < 8) {
			elf_x[elf_nx].vaddr = ph->p_vaddr;
			elf_x[elf_nx].filesz = ph->p_filesz;
			elf_x[elf_nx].offset = ph->p_offset;
			elf_nx++;
		}
		for (uint64_t o = ph->p_offset; o + 7 <= ph->p_offset + ph->p_filesz; o++) {
			uint32_t sig;
			int kind;

			if (d[o] != 0x0f || d[o + 1] != 0x1f || d[o + 2] != 0x80)
				continue;
			memcpy(&sig, d + o + 3, 4);
			kind = sig == KB_MARK_SIG_BEGIN ? 'b' : sig == KB_MARK_SIG_END ? 'e' : 0;
			if (!kind)
				continue;
			sites = xrealloc(sites, (nsites + 1) * sizeof(*sites));
			sites[nsites].kind = kind;
			sites[nsites].vaddr = o - ph->p_offset + ph->p_vaddr;
			nsites++;
		}
	}
	if (!nsites)
		die(1, "worker %s: no kabench marks in it (built without bench/mark.h?)", path);
	for (int i = 0; i < eh->e_shnum; i++) {
		Elf64_Shdr *sh = (Elf64_Shdr *)(d + eh->e_shoff + (size_t)i * eh->e_shentsize);
		Elf64_Shdr *str;

		if (sh->sh_type != SHT_SYMTAB)
			continue;
		str = (Elf64_Shdr *)(d + eh->e_shoff + (size_t)sh->sh_link * eh->e_shentsize);
		for (uint64_t j = 0; j < sh->sh_size / sizeof(Elf64_Sym); j++) {
			Elf64_Sym *s = (Elf64_Sym *)(d + sh->sh_offset) + j;

			if (ELF64_ST_TYPE(s->st_info) == STT_FUNC && s->st_shndx != SHN_UNDEF && s->st_value)
				sym_add(t, s->st_value, s->st_value + (s->st_size ? s->st_size : 1),
					(char *)d + str->sh_offset + s->st_name);
		}
	}
	if (!t->n)
		die(1, "worker %s: no symbol table (stripped?)", path);
	qsort(t->s, t->n, sizeof(*t->s), sym_cmp);
	elf_data = d;
}

/* ---- the raw file ---- */
struct bucket {
	int space;		/* 'k' or 'u'; 0: not described (yet) */
	uint32_t n, size;	/* instructions, bytes */
	uint64_t hash;		/* of its bytes, as kabench-prof.c makes it */
	uint64_t *pc;
	uint32_t ncls;
	uint16_t cls[KB_C_COUNT][2];
	uint32_t ncall;
	uint64_t *call;
};
struct entry {
	uint32_t bucket;
	uint64_t count;
};
struct window {
	int open_kind;
	uint64_t open_va, close_va, base;
	struct entry *e;
	size_t n;
};

static struct bucket *buckets;
static size_t nbuckets;
static struct window *win;
static size_t nwin;

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

static void read_raw(const char *path)
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

/* ---- bench.csv: the sample rows, in run order ---- */
struct row {
	char test[64], mode[16];
	int tasks, sample;
	uint64_t ops;
};

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

/* Each window's load address: its marks are sites of the ELF file moved
 * by one page-aligned base (0 for a non-PIE). */
static void find_bases(const char *elf)
{
	for (size_t w = 0; w < nwin; w++) {
		int found = 0;

		for (size_t i = 0; i < nsites && !found; i++) {
			uint64_t base = win[w].open_va - sites[i].vaddr;

			if (sites[i].kind != win[w].open_kind || (base & 0xfff) || (!elf_pie && base))
				continue;
			for (size_t j = 0; j < nsites; j++)
				if (sites[j].kind == 'e' && sites[j].vaddr + base == win[w].close_va) {
					win[w].base = base;
					found = 1;
					break;
				}
		}
		if (!found)
			die(1, "window %zu: its marks (%" PRIx64 ", %" PRIx64 ") are not at mark sites of %s "
			    "(rebuilt since the boot?)", w, win[w].open_va, win[w].close_va, elf);
	}
}

/* The worker code that ran must be the code of the worker file: every
 * bucket inside the worker's span hashes the same from the file's bytes. */
static void check_worker(const char *elf)
{
	for (size_t w = 0; w < nwin; w++)
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			uint64_t va = b->pc[0] - win[w].base, h = 0xcbf29ce484222325ull ^ b->pc[0];
			const unsigned char *code = NULL;

			if (b->space != 'u' || va < elf_lo || va >= elf_hi)
				continue;
			for (int x = 0; x < elf_nx; x++)
				if (va >= elf_x[x].vaddr && va + b->size <= elf_x[x].vaddr + elf_x[x].filesz)
					code = elf_data + elf_x[x].offset + (va - elf_x[x].vaddr);
			if (!code)
				die(1, "worker %s: code at %" PRIx64 " ran in window %zu but is not in its "
				    "executable segments (rebuilt since the boot?)", elf, va, w);
			for (uint32_t j = 0; j < b->n; j++) {
				uint64_t end = j + 1 < b->n ? b->pc[j + 1] : b->pc[0] + b->size;

				for (uint64_t o = b->pc[j]; o < end; o++)
					h = (h ^ code[o - b->pc[0]]) * 0x100000001b3ull;
				h = (h ^ '|') * 0x100000001b3ull;
			}
			if (h != b->hash)
				die(1, "worker %s: the code at %" PRIx64 " is not the code that ran in window %zu "
				    "(rebuilt since the boot?)", elf, va, w);
		}
}

/* Does the kernel code the windows ran fit this System.map moved by
 * k_slide? 0 if it does, else why (in msg). */
static int map_misfit(const struct symtab *k, const char *map, char *msg, size_t len)
{
	uint64_t calls = 0, hits = 0, kinsns = 0, outside = 0, bad_target = 0;
	int entry_seen = 0, user_syscall = 0;

	for (size_t w = 0; w < nwin; w++)
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];

			if (b->space != 'k') {
				for (uint32_t c = 0; c < b->ncls; c++)
					user_syscall |= b->cls[c][0] == KB_C_SYSCALL;
				continue;
			}
			for (uint32_t j = 0; j < b->n; j++) {
				kinsns++;
				outside += !in_ktext(b->pc[j]);
				entry_seen |= b->pc[j] - k_slide == k_entry;
			}
			for (uint32_t j = 0; j < b->ncall; j++) {
				calls++;
				if (sym_is_start(k, b->call[j] - k_slide))
					hits++;
				else
					bad_target = b->call[j];
			}
		}
	if (kinsns && outside * 100 > kinsns)
		snprintf(msg, len, "System.map %s does not fit this kernel: %" PRIu64 " of %" PRIu64
			 " kernel instructions lie outside its text", map, outside, kinsns);
	else if (calls && hits * 10 < calls * 9)
		snprintf(msg, len, "System.map %s does not fit this kernel: only %" PRIu64 " of %" PRIu64
			 " call targets are its symbols (e.g. %" PRIx64 ")", map, hits, calls, bad_target);
	else if (user_syscall && k_entry && !entry_seen)
		snprintf(msg, len, "System.map %s does not fit this kernel: its entry_SYSCALL_64 (%" PRIx64
			 ") never ran", map, k_entry);
	else
		return 0;
	return 1;
}

/* The kernel code the windows ran must be the code of this System.map,
 * as it is or moved by one KASLR slide: a multiple of 2 MiB that puts
 * entry_SYSCALL_64 at the start of a block that ran. */
static void check_map(const struct symtab *k, const char *map)
{
	char msg[512], why[512];

	if (!map_misfit(k, map, why, sizeof(why)))
		return;
	for (size_t w = 0; w < nwin && k_entry; w++)
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			uint64_t slide = b->pc[0] - k_entry;

			if (b->space != 'k' || !slide || (slide & 0x1fffff))
				continue;
			k_slide = slide;
			if (!map_misfit(k, map, msg, sizeof(msg))) {
				fprintf(stderr, "%s: kernel text at System.map + %" PRIx64 " (KASLR)\n", me, slide);
				return;
			}
			k_slide = 0;
		}
	die(1, "%s", why);
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
				const char *name;
				const struct sym *s;

				if (kspace) {
					s = in_ktext(b->pc[j]) ? sym_find(k, b->pc[j] - k_slide) : NULL;
					name = s ? s->name : "(outside kernel text)";
				} else {
					uint64_t va = b->pc[j] - win[w].base;

					s = va >= elf_lo && va < elf_hi ? sym_find(u, va) : NULL;
					name = s ? s->name : "(other user code)";
				}
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
	const char *map = NULL, *elf = NULL, *bench = NULL, *raw = NULL;
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
	read_raw(raw);
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
		die(1, "writing the profile failed");
	return 0;
}
