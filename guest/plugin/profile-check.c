// SPDX-License-Identifier: GPL-2.0
/* profile-attrib's checks of the raw counts against the symbols: each
 * window's load address of the worker, the worker code that ran is the
 * worker file's, the kernel code that ran is this System.map's (as it is
 * or moved by a KASLR slide). Each fails with one line and exit 1. */
#include <inttypes.h>
#include <stdio.h>
#include "profile-attrib.h"

/* Each window's load address: its marks are sites of the ELF file moved
 * by one page-aligned base (0 for a non-PIE). */
void find_bases(const char *elf)
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
void check_worker(const char *elf)
{
	for (size_t w = 0; w < nwin; w++)
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			uint64_t va = b->pc[0] - win[w].base, h = 0xcbf29ce484222325ull ^ b->pc[0];
			const unsigned char *code = NULL;

			if (b->space != 'u' || va < elf_lo || va >= elf_hi)
				continue;
			for (int x = 0; x < elf_nx; x++)
				if (va >= elf_x[x].vaddr && va - elf_x[x].vaddr <= elf_x[x].filesz &&
				    b->size <= elf_x[x].filesz - (va - elf_x[x].vaddr))
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

/* x86-64 KASLR moves the kernel up from its link address, in 2 MiB
 * steps, within its 1 GiB image space (KERNEL_IMAGE_SIZE): 511 slides at
 * most, each tried once, so that the check stays linear in the counts. */
#define KASLR_STEP (1ull << 21)
#define KASLR_MAX_SLIDE (1ull << 30)

/* The kernel code the windows ran must be the code of this System.map,
 * as it is or moved by one KASLR slide: a multiple of 2 MiB that puts
 * entry_SYSCALL_64 at the start of a block that ran. */
void check_map(const struct symtab *k, const char *map)
{
	char msg[512], why[512];
	unsigned char tried[KASLR_MAX_SLIDE / KASLR_STEP] = { 0 };

	if (!map_misfit(k, map, why, sizeof(why)))
		return;
	for (size_t w = 0; w < nwin && k_entry; w++)
		for (size_t i = 0; i < win[w].n; i++) {
			const struct bucket *b = &buckets[win[w].e[i].bucket];
			uint64_t slide = b->pc[0] - k_entry;

			if (b->space != 'k' || !slide || (slide & (KASLR_STEP - 1)) ||
			    slide >= KASLR_MAX_SLIDE || tried[slide / KASLR_STEP]++)
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
