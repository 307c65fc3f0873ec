// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's symbols: the kernel's text symbols from System.map
 * and the worker's function symbols, executable segments and mark sites
 * from its ELF file. */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"
#include "../../bench/mark.h"

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
const struct sym *sym_find(const struct symtab *t, uint64_t addr)
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

int sym_is_start(const struct symtab *t, uint64_t addr)
{
	const struct sym *s = sym_find(t, addr);

	return s && s->addr == addr;
}

/* System.map: text symbols; outside [_stext, _etext) and the init text
 * nothing is attributed. */
static uint64_t k_text, k_etext, k_sinit, k_einit;
uint64_t k_entry;
uint64_t k_slide;

void read_map(const char *path, struct symtab *t)
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

int in_ktext(uint64_t pc)
{
	pc -= k_slide;
	return (pc >= k_text && pc < k_etext) || (pc >= k_sinit && pc < k_einit);
}

/* ---- the worker's ELF: function symbols, executable segments, marks ---- */
struct mark_site *sites;
size_t nsites;
uint64_t elf_lo, elf_hi;
int elf_pie;
unsigned char *elf_data;
struct elf_seg elf_x[8];
int elf_nx;

void read_elf(const char *path, struct symtab *t)
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
