/* SPDX-License-Identifier: GPL-2.0 */
/* profile-attrib's readers (guest/plugin/profile-{raw,syms,check}.c)
 * under a fuzz target. Their die() ends the process; here it jumps back
 * to the target, and every allocation and open file of the readers is
 * tracked so that the next input starts from a fresh process's state:
 * the product files are included with fopen, fclose, strdup and free
 * routed through this file (profile-attrib.c, the main, is not: this file
 * gives die, xrealloc and me in its place). */
#ifndef KABENCH_FUZZ_PROFILE_H
#define KABENCH_FUZZ_PROFILE_H

#include "fuzz.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>
#include "profile-attrib.h"

const char *me = "profile-attrib";
static jmp_buf fz_died;

/* Every block of the readers, on one list: freed after each input. */
struct fz_block {
	struct fz_block *prev, *next;
	max_align_t align[];
};
static struct fz_block fz_blocks = { &fz_blocks, &fz_blocks };
static FILE *fz_files[8];

void die(int code, const char *fmt, ...)
{
	va_list ap;

	(void)code;
	fprintf(stderr, "%s: ", me);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	longjmp(fz_died, 1);
}

void *xrealloc(void *p, size_t n)
{
	struct fz_block *b = p ? (struct fz_block *)p - 1 : NULL;

	if (b) {
		b->prev->next = b->next;
		b->next->prev = b->prev;
	}
	b = realloc(b, sizeof(*b) + (n ? n : 1));
	if (!b)
		abort();
	b->next = fz_blocks.next;
	b->prev = &fz_blocks;
	b->next->prev = b;
	fz_blocks.next = b;
	return b + 1;
}

static void fz_free(void *p)
{
	struct fz_block *b = p ? (struct fz_block *)p - 1 : NULL;

	if (b) {
		b->prev->next = b->next;
		b->next->prev = b->prev;
		free(b);
	}
}

static char *fz_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

static FILE *fz_fopen(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);

	for (size_t i = 0; f && i < sizeof(fz_files) / sizeof(*fz_files); i++)
		if (!fz_files[i]) {
			fz_files[i] = f;
			return f;
		}
	if (f)
		abort();	/* more files open at once than the readers ever keep */
	return f;
}

static int fz_fclose(FILE *f)
{
	for (size_t i = 0; i < sizeof(fz_files) / sizeof(*fz_files); i++)
		if (fz_files[i] == f)
			fz_files[i] = NULL;
	return fclose(f);
}

#define fopen fz_fopen
#define fclose fz_fclose
#define strdup fz_strdup
#define free fz_free
#include "../../guest/plugin/profile-raw.c"
#include "../../guest/plugin/profile-syms.c"
#include "../../guest/plugin/profile-check.c"
#undef fopen
#undef fclose
#undef strdup
#undef free

/* Back to a fresh process's state: every block freed, every file closed,
 * every global of the readers zero. */
static void fz_reset(void)
{
	while (fz_blocks.next != &fz_blocks)
		fz_free(fz_blocks.next + 1);
	for (size_t i = 0; i < sizeof(fz_files) / sizeof(*fz_files); i++)
		if (fz_files[i])
			fz_fclose(fz_files[i]);
	buckets = NULL, nbuckets = 0, win = NULL, nwin = 0;
	slot_id = NULL, ids = NULL, ids_cap = 0;
	k_text = k_etext = k_sinit = k_einit = k_entry = k_slide = 0;
	sites = NULL, nsites = 0, elf_lo = elf_hi = 0, elf_pie = 0, elf_data = NULL;
	memset(elf_x, 0, sizeof(elf_x));
	elf_nx = 0;
}

#endif
