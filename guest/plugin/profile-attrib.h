/* SPDX-License-Identifier: GPL-2.0 */
/* profile-attrib's parts, what they read and what they call of each other:
 * profile-syms.c (System.map, the worker's ELF), profile-raw.c (the
 * plugin's raw file), profile-check.c (do they fit together) and
 * profile-attrib.c (main, the output rows, die and xrealloc). */
#ifndef KABENCH_PROFILE_ATTRIB_H
#define KABENCH_PROFILE_ATTRIB_H

#include <stddef.h>
#include <stdint.h>
#include "classify.h"

/* ---- profile-attrib.c ---- */
extern const char *me;
void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
void *xrealloc(void *p, size_t n);

/* ---- profile-syms.c: symbol tables ---- */
struct sym {
	uint64_t addr, end;	/* end: 0 = up to the next symbol */
	char *name;
};
struct symtab {
	struct sym *s;
	size_t n, cap;
};

const struct sym *sym_find(const struct symtab *t, uint64_t addr);
int sym_is_start(const struct symtab *t, uint64_t addr);

/* System.map: its text symbols into t; the kernel text span and
 * entry_SYSCALL_64 (k_entry) */
void read_map(const char *path, struct symtab *t);
int in_ktext(uint64_t pc);
extern uint64_t k_entry;
extern uint64_t k_slide;	/* runtime address - System.map address (KASLR) */

/* the worker's ELF: function symbols into t, executable segments, marks */
void read_elf(const char *path, struct symtab *t);
struct mark_site {
	int kind;
	uint64_t vaddr;
};
extern struct mark_site *sites;
extern size_t nsites;
extern uint64_t elf_lo, elf_hi;		/* link-time span of its PT_LOADs */
extern int elf_pie;
extern unsigned char *elf_data;		/* the whole file */
struct elf_seg {
	uint64_t vaddr, filesz, offset;
};
extern struct elf_seg elf_x[8];		/* executable PT_LOADs */
extern int elf_nx;

/* ---- profile-raw.c: the raw file ---- */
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

extern struct bucket *buckets;
extern struct window *win;
extern size_t nwin;

void read_raw(const char *path);

/* ---- profile-check.c: the raw counts against the symbols ---- */
void find_bases(const char *elf);
void check_worker(const char *elf);
void check_map(const struct symtab *k, const char *map);

/* ---- profile-attrib.c: names and the bench.csv rows ---- */
/* The name of the function holding pc (kernel: System.map, user: the
 * worker moved by base, else "(outside kernel text)", "(other user code)"). */
const char *pc_name(const struct symtab *k, const struct symtab *u, uint64_t pc, int kernel,
		    uint64_t base, const struct sym **sym);
struct row {
	char test[64], mode[16];
	int tasks, sample;
	uint64_t ops;
};

/* ---- profile-stacks.c: the call paths (the plugin's stacks= file) ---- */
struct snode {
	uint32_t parent;	/* its place in snodes[] */
	char kind;		/* c call, s syscall, i interrupt or exception */
	int described;
	uint64_t pc;		/* the callee or entry point; 0 not known */
	uint64_t site;		/* the return address (after a syscall); 0 not known */
};
struct sentry {
	uint32_t node, bucket;
	uint64_t count;
};
struct swindow {
	struct sentry *s;	/* executions per context and bucket */
	size_t ns;
	struct sentry *k;	/* entries per context (bucket unused) */
	size_t nk;
};
extern struct snode *snodes;	/* the root first, then in file order */
extern size_t nsnodes;
extern struct swindow *swin;
extern size_t nswin;
extern char **squality;		/* "name value" of its Q records */
extern size_t nsquality;

void read_stacks(const char *path);
void check_stacks(const char *path, const char *raw);

/* ---- profile-callgraph.c: folded, callgrind and cachegrind files ---- */
void write_callgraphs(const char *dir, const struct symtab *k, const struct symtab *u,
		      const struct row *rows);

#endif
