// SPDX-License-Identifier: GPL-2.0
/* kabench-prof: a QEMU TCG plugin that counts the guest instructions
 * executed between the marks of bench/mark.h, per translated code segment,
 * and writes them to a raw file that guest/plugin/profile-attrib turns into
 * per-symbol and per-class counts.
 *
 *   -plugin kabench-prof.so,out=FILE[,stacks=FILE2]
 *
 * Speed: a block without a mark gets one inline add per execution into its
 * own counter ("bucket", made at translation time; the same code at the
 * same address shares a bucket). A block that holds a mark is cut at the
 * mark: each piece gets an inline add on its first instruction and the
 * mark a callback, so the window boundary falls exactly on the mark. At a
 * mark the callback walks the buckets, writes the non-zero ones for the
 * window that ends and zeroes them all. The mark itself is not counted.
 * With stacks=FILE2 each block (each piece) also gets a callback per
 * execution that counts it in its inferred call path (callstack.c), and
 * FILE2 gets those counts per window in the format profile-stacks.c reads.
 *
 * Raw file (text, one record a line, hex addresses without 0x):
 *   kabench-prof 1
 *   W index open_kind open_vaddr close_vaddr   a window; open_kind b|e
 *   C bucket executions                        ...its non-zero buckets
 *   B bucket k|u n size hash pc0 pc1 ...       code of a bucket (at exit):
 *                                              n instructions, size bytes,
 *                                              hash of its bytes (see fnv)
 *   L bucket class n                           n instructions of a class
 *   X bucket target                            a direct call's target
 *   E windows                                  the file is complete
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qemu-api.h"
#include "classify.h"
#include "branch.h"
#include "callstack.h"
#include "../../bench/mark.h"

KB_EXPORT int qemu_plugin_version = KB_QEMU_PLUGIN_API;

#define KERNEL_START KB_KERNEL_START
#define HASH_SIZE (1u << 18)
#define MAX_INSNS 512

struct bucket {			/* (64-byte aligned: count and cs share a line) */
	uint64_t count;		/* executions in the current window (inline adds) */
	struct cs_code cs;	/* for the shadow stack (stacks=) */
	uint64_t pc, hash;
	uint32_t id, n, size, ncls, ncall;
	int used;		/* written in some window */
	uint16_t *off;		/* n instruction offsets from pc */
	uint16_t *cls;		/* ncls pairs of (class, count) */
	uint64_t *call;		/* ncall direct call targets */
	struct bucket *hnext, *next;
};

struct mark {
	int kind;		/* 'b' or 'e' */
	uint64_t vaddr;
};

static FILE *out, *stacks;
static const char *out_path, *stacks_path;
static struct bucket *table[HASH_SIZE], *all, **tail = &all;
static uint32_t nbuckets;
static int open_window;		/* a window is being counted */
static struct mark open_mark;
static unsigned long nwindows;
static int write_failed;

/* A bucket's hash: FNV-1a (64 bit) seeded with 0xcbf29ce484222325 ^ pc,
 * over each instruction's bytes followed by "|" (profile-attrib checks the
 * worker's code with it). */
static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static int mark_kind(const uint8_t *b, size_t n)
{
	uint32_t sig;

	if (n != 7 || b[0] != 0x0f || b[1] != 0x1f || b[2] != 0x80)
		return 0;
	memcpy(&sig, b + 3, 4);
	if (sig == KB_MARK_SIG_BEGIN)
		return 'b';
	if (sig == KB_MARK_SIG_END)
		return 'e';
	return 0;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		fprintf(stderr, "kabench-prof: out of memory\n");
		exit(1);
	}
	return p;
}

/* The bucket of instructions [first, first + n) of tb, made once per code. */
static struct bucket *get_bucket(const struct qemu_plugin_tb *tb, size_t first, size_t n)
{
	uint64_t pc = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, first));
	uint64_t h = 0xcbf29ce484222325ull ^ pc;
	uint16_t cls[KB_C_COUNT] = { 0 };
	uint64_t calls[MAX_INSNS];
	uint32_t ncall = 0, ncls = 0;
	struct bucket *b;

	for (size_t i = first; i < first + n; i++) {
		const struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);

		h = fnv(h, qemu_plugin_insn_data(in), qemu_plugin_insn_size(in));
		h = fnv(h, (const uint8_t *)"|", 1);
	}
	for (b = table[h & (HASH_SIZE - 1)]; b; b = b->hnext)
		if (b->hash == h && b->pc == pc && b->n == n)
			return b;
	b = aligned_alloc(64, (sizeof(*b) + 63) & ~(size_t)63);
	if (!b) {
		fprintf(stderr, "kabench-prof: out of memory\n");
		exit(1);
	}
	memset(b, 0, sizeof(*b));
	b->pc = pc;
	b->hash = h;
	b->n = (uint32_t)n;
	b->id = nbuckets++;
	b->off = xcalloc(n, sizeof(*b->off));
	for (size_t i = first; i < first + n; i++) {
		const struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(in);
		struct kb_insn_info info;

		b->off[i - first] = (uint16_t)(va - pc);
		b->size = (uint32_t)(va + qemu_plugin_insn_size(in) - pc);
		kb_classify(qemu_plugin_insn_data(in), qemu_plugin_insn_size(in), va, &info);
		if (info.cls != KB_C_NONE && cls[info.cls]++ == 0)
			ncls++;
		if (info.is_call)
			calls[ncall++] = info.call_target;
	}
	b->cls = xcalloc(ncls, 2 * sizeof(*b->cls));
	b->ncls = 0;
	for (int c = 1; c < KB_C_COUNT; c++)
		if (cls[c]) {
			b->cls[2 * b->ncls] = (uint16_t)c;
			b->cls[2 * b->ncls + 1] = cls[c];
			b->ncls++;
		}
	{
		const struct qemu_plugin_insn *last = qemu_plugin_tb_get_insn(tb, first + n - 1);
		struct kb_flow_info fl;

		kb_flow(qemu_plugin_insn_data(last), qemu_plugin_insn_size(last),
			qemu_plugin_insn_vaddr(last), &fl);
		b->cs.pc = pc;
		b->cs.next = pc + b->size;
		b->cs.target = fl.target;
		b->cs.flow = (uint8_t)fl.flow;
		b->cs.id = b->id;
	}
	b->ncall = ncall;
	b->call = xcalloc(ncall, sizeof(*b->call));
	memcpy(b->call, calls, ncall * sizeof(*calls));
	b->hnext = table[h & (HASH_SIZE - 1)];
	table[h & (HASH_SIZE - 1)] = b;
	*tail = b;
	tail = &b->next;
	return b;
}

/* Close the current window: keep (write) or drop its counts; zero all. */
static void close_window(int keep, uint64_t close_vaddr)
{
	if (keep && open_window) {
		fprintf(out, "W %lu %c %llx %llx\n", nwindows++, open_mark.kind,
			(unsigned long long)open_mark.vaddr, (unsigned long long)close_vaddr);
		for (struct bucket *b = all; b; b = b->next)
			if (b->count) {
				fprintf(out, "C %u %llu\n", b->id, (unsigned long long)b->count);
				b->used = 1;
				b->count = 0;
			}
		if (stacks)
			cs_window(stacks, 1, nwindows - 1);
		if (fflush(out) != 0 || (stacks && fflush(stacks) != 0))
			write_failed = errno ? errno : EIO;
		return;
	}
	for (struct bucket *b = all; b; b = b->next)
		b->count = 0;
	if (stacks)
		cs_window(stacks, 0, 0);
}

static void on_mark(unsigned int vcpu, void *udata)
{
	const struct mark *m = udata;

	(void)vcpu;
	if (stacks)
		cs_mark(m->vaddr);
	close_window(m->kind == 'e', m->vaddr);
	open_window = 1;
	open_mark = *m;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), start = 0;
	int has_mark = 0;

	(void)id;
	if (n == 0)
		return;
	for (size_t i = 0; i < n && !has_mark; i++) {
		const struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);

		has_mark = mark_kind(qemu_plugin_insn_data(in), qemu_plugin_insn_size(in)) != 0;
	}
	if (!has_mark) {
		struct bucket *b = get_bucket(tb, 0, n);

		qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->count, 1);
		if (stacks)
			qemu_plugin_register_vcpu_tb_exec_cb(tb, cs_exec, QEMU_PLUGIN_CB_NO_REGS, &b->cs);
		return;
	}
	/* Pieces between marks: an inline add on each piece's first insn. */
	for (size_t i = 0; i <= n; i++) {
		struct qemu_plugin_insn *in = i < n ? qemu_plugin_tb_get_insn(tb, i) : NULL;
		int kind = in ? mark_kind(qemu_plugin_insn_data(in), qemu_plugin_insn_size(in)) : 0;

		if (i < n && !kind)
			continue;
		if (i > start) {
			struct bucket *b = get_bucket(tb, start, i - start);

			qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, start),
								   QEMU_PLUGIN_INLINE_ADD_U64, &b->count, 1);
			if (stacks)
				qemu_plugin_register_vcpu_insn_exec_cb(qemu_plugin_tb_get_insn(tb, start),
								       cs_exec, QEMU_PLUGIN_CB_NO_REGS, &b->cs);
		}
		if (kind) {
			/* one per translation; a few hundred over a boot */
			struct mark *m = xcalloc(1, sizeof(*m));

			m->kind = kind;
			m->vaddr = qemu_plugin_insn_vaddr(in);
			qemu_plugin_register_vcpu_insn_exec_cb(in, on_mark, QEMU_PLUGIN_CB_NO_REGS, m);
		}
		start = i + 1;
	}
}

static void on_exit_(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	close_window(0, 0);
	for (struct bucket *b = all; b; b = b->next) {
		if (!b->used)
			continue;
		fprintf(out, "B %u %c %u %u %llx", b->id, b->pc >= KERNEL_START ? 'k' : 'u', b->n, b->size,
			(unsigned long long)b->hash);
		for (uint32_t i = 0; i < b->n; i++)
			fprintf(out, " %llx", (unsigned long long)(b->pc + b->off[i]));
		fputc('\n', out);
		for (uint32_t i = 0; i < b->ncls; i++)
			fprintf(out, "L %u %s %u\n", b->id, kb_class_name[b->cls[2 * i]], b->cls[2 * i + 1]);
		for (uint32_t i = 0; i < b->ncall; i++)
			fprintf(out, "X %u %llx\n", b->id, (unsigned long long)b->call[i]);
	}
	fprintf(out, "E %lu\n", nwindows);
	if (fclose(out) != 0 || write_failed)
		fprintf(stderr, "kabench-prof: writing %s failed\n", out_path);
	if (stacks) {
		cs_finish(stacks, nwindows);
		if (fclose(stacks) != 0 || write_failed)
			fprintf(stderr, "kabench-prof: writing %s failed\n", stacks_path);
	}
}

KB_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	if (info->version.cur < KB_QEMU_PLUGIN_API || info->version.min > KB_QEMU_PLUGIN_API) {
		fprintf(stderr, "kabench-prof: QEMU plugin API %d..%d, this plugin is built for %d\n",
			info->version.min, info->version.cur, KB_QEMU_PLUGIN_API);
		return 1;
	}
	if (!info->system_emulation || strcmp(info->target_name, "x86_64") != 0) {
		fprintf(stderr, "kabench-prof: wants qemu-system-x86_64, not %s%s\n",
			info->target_name, info->system_emulation ? "" : " user mode");
		return 1;
	}
	if (info->system.smp_vcpus != 1 || info->system.max_vcpus != 1) {
		fprintf(stderr, "kabench-prof: -smp %d: the plugin's counters race between vCPUs; use 1\n",
			info->system.max_vcpus);
		return 1;
	}
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "out=", 4) == 0 && argv[i][4])
			out_path = argv[i] + 4;
		else if (strncmp(argv[i], "stacks=", 7) == 0 && argv[i][7])
			stacks_path = argv[i] + 7;
		else {
			fprintf(stderr, "kabench-prof: unknown argument '%s' (want out=FILE [stacks=FILE])\n", argv[i]);
			return 1;
		}
	}
	if (!out_path) {
		fprintf(stderr, "kabench-prof: no out=FILE argument\n");
		return 1;
	}
	out = fopen(out_path, "w");
	if (!out) {
		fprintf(stderr, "kabench-prof: out=%s: %s\n", out_path, strerror(errno));
		return 1;
	}
	fprintf(out, "kabench-prof 1\n");
	if (stacks_path) {
		stacks = fopen(stacks_path, "w");
		if (!stacks) {
			fprintf(stderr, "kabench-prof: stacks=%s: %s\n", stacks_path, strerror(errno));
			fclose(out);
			remove(out_path);
			return 1;
		}
		fprintf(stacks, "kabench-stacks 1\n");
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
	return 0;
}
