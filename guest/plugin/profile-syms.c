// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's symbols: the kernel's text symbols from System.map
 * and the worker's function symbols, executable segments and mark sites
 * from its ELF file. */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile-attrib.h"
#include "../../bench/mark.h"

#define KB_STR_(x) #x
#define KB_STR(x) KB_STR_(x)

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

/* A System.map line's longest and its name's (a limit of this reader:
 * kernel names are at most KSYM_NAME_LEN, 512 bytes since 6.1, and those
 * of text symbols far shorter). */
#define MAP_LINE_MAX 510
#define MAP_NAME_MAX 399

void read_map(const char *path, struct symtab *t)
{
	FILE *f = fopen(path, "r");
	char line[MAP_LINE_MAX + 2], name[MAP_NAME_MAX + 1], type;
	unsigned long long addr;
	size_t lineno = 0;
	int end;

	if (!f)
		die(1, "System.map %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (!strchr(line, '\n') && (!feof(f) || strlen(line) + 1 == sizeof(line))) {
			fclose(f);
			die(1, "System.map %s: line %zu is longer than %d bytes (MAP_LINE_MAX) or "
			    "holds a NUL byte", path, lineno, MAP_LINE_MAX);
		}
		/* 1 to 16 hex digits, a space, a letter, a space, a name */
		size_t digits = strspn(line, "0123456789abcdefABCDEF");
		end = 0;
		if (!digits || digits > 16 || line[digits] != ' ' || !line[digits + 1] ||
		    line[digits + 2] != ' ' ||
		    sscanf(line, "%16llx %c %" KB_STR(MAP_NAME_MAX) "s%n", &addr, &type, name,
			   &end) != 3 || !end || !strchr(" \t\r\n", line[end])) {
			fclose(f);
			die(1, "System.map %s: line %zu is not 'ADDRESS TYPE NAME' (a name at most "
			    "%d bytes, MAP_NAME_MAX)", path, lineno, MAP_NAME_MAX);
		}
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
	if (!k_text || !k_etext || k_etext <= k_text || !t->n)
		die(1, "System.map %s: no _stext/_etext or no text symbol: not a kernel's System.map",
		    path);
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

/* Limits of this reader, not of ELF: a worker has one or two executable
 * segments (elf_x keeps 8) and one symbol table; more is a damaged or
 * foreign file, refused, which keeps the mark search linear in the
 * file's size. */
#define ELF_MAX_X 8
#define ELF_MAX_SIZE (1l << 30)

static const char *elf_path;

#define bad_elf(fmt, ...) \
	die(1, "worker %s: not a whole x86-64 ELF file: " fmt, elf_path, ##__VA_ARGS__)

/* Is [off, off + len) inside the file's SIZE bytes? */
static int inside(uint64_t off, uint64_t len, uint64_t size)
{
	return off <= size && len <= size - off;
}

/* The I-th of N entries of ENTSIZE bytes at OFF (a table of the file),
 * copied into OUT (WANT bytes: the entries' struct); checked in bounds. */
static void entry(const unsigned char *d, uint64_t size, uint64_t off, uint64_t i,
		  uint64_t entsize, void *out, size_t want, const char *what)
{
	if (entsize < want || !inside(off + i * entsize, want, size) || off + i * entsize < off)
		bad_elf("%s %" PRIu64 " outside the file", what, i);
	memcpy(out, d + off + i * entsize, want);
}

static void add_site(int kind, uint64_t vaddr)
{
	static size_t cap;

	if (!sites)
		cap = 0;
	if (nsites == cap) {
		cap = cap ? 2 * cap : 64;
		sites = xrealloc(sites, cap * sizeof(*sites));
	}
	sites[nsites].kind = kind;
	sites[nsites].vaddr = vaddr;
	nsites++;
}

void read_elf(const char *path, struct symtab *t)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d;
	long size;
	Elf64_Ehdr eh;
	int nsymtab = 0;

	elf_path = path;
	if (!f)
		die(1, "worker %s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || size > ELF_MAX_SIZE) {
		fclose(f);
		die(1, "worker %s: cannot read it (or larger than %ld bytes, ELF_MAX_SIZE)", path,
		    ELF_MAX_SIZE);
	}
	rewind(f);
	d = xrealloc(NULL, (size_t)size);
	if (size < (long)sizeof(Elf64_Ehdr) || fread(d, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		die(1, "worker %s: cannot read it", path);
	}
	fclose(f);
	memcpy(&eh, d, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_machine != EM_X86_64)
		die(1, "worker %s: not an x86-64 ELF file", path);
	elf_pie = eh.e_type == ET_DYN;
	elf_lo = UINT64_MAX;
	elf_hi = 0;
	for (uint64_t i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;

		entry(d, (uint64_t)size, eh.e_phoff, i, eh.e_phentsize, &ph, sizeof(ph),
		      "program header");
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_vaddr + ph.p_memsz < ph.p_vaddr || ph.p_filesz > ph.p_memsz)
			bad_elf("segment %" PRIu64 ": its addresses wrap or its file part is larger "
				"than its memory", i);
		if (ph.p_vaddr < elf_lo)
			elf_lo = ph.p_vaddr;
		if (ph.p_vaddr + ph.p_memsz > elf_hi)
			elf_hi = ph.p_vaddr + ph.p_memsz;
		if (!(ph.p_flags & PF_X))
			continue;
		if (elf_nx == ELF_MAX_X)
			bad_elf("more than %d executable segments (ELF_MAX_X)", ELF_MAX_X);
		if (!inside(ph.p_offset, ph.p_filesz, (uint64_t)size))
			bad_elf("segment %" PRIu64 " lies outside the file", i);
		elf_x[elf_nx].vaddr = ph.p_vaddr;
		elf_x[elf_nx].filesz = ph.p_filesz;
		elf_x[elf_nx].offset = ph.p_offset;
		elf_nx++;
		for (uint64_t o = 0; o + 7 <= ph.p_filesz; o++) {
			const unsigned char *c = d + ph.p_offset + o;
			uint32_t sig;
			int kind;

			if (c[0] != 0x0f || c[1] != 0x1f || c[2] != 0x80)
				continue;
			memcpy(&sig, c + 3, 4);
			kind = sig == KB_MARK_SIG_BEGIN ? 'b' : sig == KB_MARK_SIG_END ? 'e' : 0;
			if (kind)
				add_site(kind, ph.p_vaddr + o);
		}
	}
	if (!nsites)
		die(1, "worker %s: no kabench marks in it (built without bench/mark.h?)", path);
	for (uint64_t i = 0; i < eh.e_shnum; i++) {
		Elf64_Shdr sh, str;

		entry(d, (uint64_t)size, eh.e_shoff, i, eh.e_shentsize, &sh, sizeof(sh),
		      "section header");
		if (sh.sh_type != SHT_SYMTAB)
			continue;
		if (nsymtab++)
			bad_elf("more than one symbol table");
		if (sh.sh_link >= eh.e_shnum)
			bad_elf("its symbol table's names are in section %u of %u", sh.sh_link,
				eh.e_shnum);
		entry(d, (uint64_t)size, eh.e_shoff, sh.sh_link, eh.e_shentsize, &str, sizeof(str),
		      "section header");
		if (!inside(sh.sh_offset, sh.sh_size, (uint64_t)size) ||
		    !inside(str.sh_offset, str.sh_size, (uint64_t)size) || !str.sh_size ||
		    d[str.sh_offset + str.sh_size - 1])
			bad_elf("its symbol table or their names lie outside the file");
		for (uint64_t j = 0; j < sh.sh_size / sizeof(Elf64_Sym); j++) {
			Elf64_Sym sym;

			memcpy(&sym, d + sh.sh_offset + j * sizeof(sym), sizeof(sym));
			if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_shndx == SHN_UNDEF ||
			    !sym.st_value)
				continue;
			if (sym.st_name >= str.sh_size || sym.st_value + sym.st_size < sym.st_value)
				bad_elf("symbol %" PRIu64 ": its name or its extent is out of range", j);
			sym_add(t, sym.st_value, sym.st_value + (sym.st_size ? sym.st_size : 1),
				(char *)d + str.sh_offset + sym.st_name);
		}
	}
	if (!t->n)
		die(1, "worker %s: no symbol table (stripped?)", path);
	qsort(t->s, t->n, sizeof(*t->s), sym_cmp);
	elf_data = d;
}
