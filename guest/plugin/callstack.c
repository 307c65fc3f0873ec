// SPDX-License-Identifier: GPL-2.0
/* kabench-prof's shadow call stack: the call path of every executed block,
 * inferred from the control flow alone (QEMU 7.2's plugin API reads no
 * registers, so no stack pointer either). The rules (guest/plugin/README.md
 * says where they can be wrong):
 * - a call pushes a frame (the callee's address, the return address: the
 *   address after the call); a ret pops to the frame whose return address
 *   it reaches (as callgrind does), searching down to the innermost entry
 *   frame; a ret that reaches none pops the top call frame;
 * - entering the kernel from user space pushes an entry frame: `s` after a
 *   syscall instruction, `i` else (an exception or interrupt); returning
 *   to user space pops every kernel frame;
 * - in the kernel, a block that cannot follow the one before (not its
 *   fall-through, branch or call target) starts an interrupt or exception:
 *   an `i` frame is pushed and its address learnt as an entry point; after
 *   an indirect jump, an indirect call or a ret, where any address may
 *   follow, only a learnt entry point counts as one; iret pops to the
 *   innermost `i` frame;
 * - the user part of the stack is kept per task as far as its resume
 *   address tells tasks apart: entering the kernel saves it under the
 *   address the task will resume at; returning to user space restores
 *   the stack saved under the address it returns to (the same task, a
 *   task switched to, a fork's child), or starts afresh when the entry was
 *   a syscall and nothing was saved there (an exec).
 * - an exception part-way through a block means its last instruction (a
 *   call, a ret) did not run: coming back into the middle of that block
 *   undoes what its end did to the stack (a ret in the kernel: not undone);
 * Each block execution is counted in its context (a node of the calling
 * context tree: the path of frames from the root), so the counts per
 * context of a bucket add up to its flat count exactly. */
#include <stdlib.h>
#include <string.h>
#include "callstack.h"
#include "branch.h"

#define MAX_DEPTH 1024
#define NODE_HASH (1u << 16)
#define CELL_HASH (1u << 20)
#define SNAP_HASH (1u << 12)
#define ENTRY_HASH 256

struct node {
	uint64_t pc;		/* the callee or entry point; 0: not known yet */
	uint64_t site;		/* where it was called from: the return address
				 * (a syscall's: the address after it; else 0) */
	struct node *parent, *hnext, *dnext;
	uint64_t entries;	/* in this window */
	uint32_t id;
	char kind;		/* 'r' root, 'c' call, 's' syscall, 'i' interrupt or exception */
	uint8_t used;
};

struct cell {			/* a bucket's executions in one context */
	uint64_t count;		/* in this window */
	struct node *node;
	struct cs_code *code;
	struct cell *hnext, *dnext;
};

struct frame {
	uint64_t ret;		/* the return address; 0 for an entry frame */
	struct node *node;
	int kernel;		/* a frame of the kernel part */
	/* an interrupt frame: the block it came after, and the depth before
	 * that block's call (-1: after a ret), to undo the call when the
	 * block stopped part-way (an exception) */
	int pre;
	uint64_t lo, hi;
};

struct snap {			/* a task's user stack, by its resume address */
	uint64_t key;
	int depth, cap;
	struct frame *f;
	struct snap *hnext;
};

static struct node root = { .kind = 'r' };
static struct node **nodes;	/* by id, in creation order (parents first) */
static uint32_t nnodes = 1, cap_nodes;
static struct node *node_tab[NODE_HASH];
static struct cell *cell_tab[CELL_HASH];
static struct cell *dirty_cells;
static struct node *dirty_nodes;
static struct snap *snap_tab[SNAP_HASH];
static uint64_t entry_tab[ENTRY_HASH];	/* learnt entry points (open addressing) */
static unsigned nentry;

static struct frame stk[MAX_DEPTH];
static int depth;
static struct cs_code *prev;
static uint64_t prev_next;	/* prev's fall-through address (past a mark) */
static uint64_t ukey[2];	/* where the current user stack entered the kernel */
static int nukey, ukey_syscall;
/* the user stack before the flow of the block that entered the kernel,
 * for an exception part-way through it (the block's end did not run) */
static struct frame ustk_pre[MAX_DEPTH];
static int ustk_pre_depth;
static uint64_t upre_lo, upre_hi;

/* the inference's own figures (Q records) */
static uint64_t q_unmatched_ret, q_iret_no_frame, q_events, q_events_learnt, q_user_entries,
	q_restored, q_started_afresh, q_kept_unknown, q_overflow, q_pending_fixed, q_restarts, q_undone;

static void *zalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fprintf(stderr, "kabench-prof: out of memory\n");
		exit(1);
	}
	return p;
}

/* cells side by side in blocks, in the order they are made */
static struct cell *cell_new(void)
{
	static struct cell *block;
	static size_t left;

	if (!left) {
		left = 4096;
		block = zalloc(left * sizeof(*block));
	}
	left--;
	return block++;
}

static struct node *top(void)
{
	return depth ? stk[depth - 1].node : &root;
}

static struct node *child(struct node *parent, char kind, uint64_t pc, uint64_t site)
{
	uint64_t h = ((uintptr_t)parent * 0x9e3779b97f4a7c15ull) ^ (pc * 0xff51afd7ed558ccdull) ^
		     (site * 0xc4ceb9fe1a85ec53ull) ^ (uint64_t)kind;
	struct node **slot = &node_tab[(h >> 20) & (NODE_HASH - 1)], *n;

	for (n = *slot; n; n = n->hnext)
		if (n->parent == parent && n->pc == pc && n->site == site && n->kind == kind)
			return n;
	n = zalloc(sizeof(*n));
	n->parent = parent;
	n->pc = pc;
	n->site = site;
	n->kind = kind;
	n->id = nnodes++;
	n->hnext = *slot;
	*slot = n;
	if (n->id >= cap_nodes) {
		cap_nodes = cap_nodes ? 2 * cap_nodes : 4096;
		nodes = realloc(nodes, cap_nodes * sizeof(*nodes));
		if (!nodes) {
			fprintf(stderr, "kabench-prof: out of memory\n");
			exit(1);
		}
		nodes[0] = &root;
	}
	nodes[n->id] = n;
	return n;
}

static void entered(struct node *n)
{
	if (n->pc && !n->entries++) {
		n->dnext = dirty_nodes;
		dirty_nodes = n;
	}
}

static void push(char kind, uint64_t ret, uint64_t pc, int kernel, uint64_t site)
{
	struct node *n;

	if (depth == MAX_DEPTH) {
		q_overflow++;
		return;
	}
	n = child(top(), kind, pc, site);
	entered(n);
	stk[depth].ret = ret;
	stk[depth].node = n;
	stk[depth].kernel = kernel;
	stk[depth].pre = -1;
	depth++;
}

/* The top frame's callee was not known when it was pushed (an indirect
 * call followed at once by an interrupt): it is where the flow resumes. */
static void fix_pending(uint64_t pc)
{
	struct frame *f;

	if (!depth || stk[depth - 1].node->pc || stk[depth - 1].node->kind != 'c')
		return;
	f = &stk[depth - 1];
	f->node = child(depth > 1 ? stk[depth - 2].node : &root, 'c', pc, f->ret);
	entered(f->node);
	q_pending_fixed++;
}

static int entry_known(uint64_t pc)
{
	for (unsigned i = (unsigned)(pc >> 4) & (ENTRY_HASH - 1);; i = (i + 1) & (ENTRY_HASH - 1)) {
		if (entry_tab[i] == pc)
			return 1;
		if (!entry_tab[i])
			return 0;
	}
}

static void learn(uint64_t pc)
{
	unsigned i;

	if (entry_known(pc) || nentry >= ENTRY_HASH / 2)
		return;
	for (i = (unsigned)(pc >> 4) & (ENTRY_HASH - 1); entry_tab[i]; i = (i + 1) & (ENTRY_HASH - 1))
		;
	entry_tab[i] = pc;
	nentry++;
}

/* ret to pc: pop to the frame whose return address is pc, not past the
 * innermost entry frame; else pop the top call frame. */
static void do_ret(uint64_t pc)
{
	for (int i = depth - 1; i >= 0 && stk[i].node->kind == 'c'; i--)
		if (stk[i].ret == pc) {
			depth = i;
			return;
		}
	q_unmatched_ret++;
	if (depth && stk[depth - 1].node->kind == 'c')
		depth--;
}

/* iret within the kernel: pop to the innermost interrupt frame; back
 * part-way into the block before it (an exception), undo its call. */
static void do_iret(uint64_t pc)
{
	for (int i = depth - 1; i >= 0; i--) {
		if (stk[i].node->kind == 'i') {
			depth = i;
			if (pc >= stk[i].lo && pc < stk[i].hi && stk[i].pre >= 0 && stk[i].pre <= depth) {
				depth = stk[i].pre;
				q_undone++;
			}
			fix_pending(pc);
			return;
		}
		if (stk[i].node->kind == 's')
			break;
	}
	q_iret_no_frame++;
}

static struct snap *snap_find(uint64_t key, int make)
{
	struct snap **slot = &snap_tab[(key * 0x9e3779b97f4a7c15ull) >> 52], *s;

	for (s = *slot; s; s = s->hnext)
		if (s->key == key)
			return s;
	if (!make)
		return NULL;
	s = zalloc(sizeof(*s));
	s->key = key;
	s->hnext = *slot;
	*slot = s;
	return s;
}

static void save_user_stack(uint64_t key)
{
	struct snap *s = snap_find(key, 1);

	if (s->cap < depth) {
		s->cap = depth + 8;
		s->f = realloc(s->f, (size_t)s->cap * sizeof(*s->f));
		if (!s->f) {
			fprintf(stderr, "kabench-prof: out of memory\n");
			exit(1);
		}
	}
	memcpy(s->f, stk, (size_t)depth * sizeof(*stk));
	s->depth = depth;
}

/* User space p enters the kernel at c. */
static void from_user(struct cs_code *p, struct cs_code *c)
{
	int kind = p->flow == KB_F_SYSCALL ? 's' : 'i';

	while (depth && stk[depth - 1].kernel)
		depth--;
	memcpy(ustk_pre, stk, (size_t)depth * sizeof(*stk));
	ustk_pre_depth = depth;
	upre_lo = p->pc;
	upre_hi = p->next;
	nukey = 0;
	switch (p->flow) {
	case KB_F_JMP:
		ukey[nukey++] = p->target;
		break;
	case KB_F_CALL:
		push('c', p->next, p->target, 0, p->next);
		ukey[nukey++] = p->target;
		break;
	case KB_F_CALL_IND:
		push('c', p->next, 0, 0, p->next);
		break;
	case KB_F_JCC:
		ukey[nukey++] = p->target;
		ukey[nukey++] = prev_next;
		break;
	case KB_F_REP:
		ukey[nukey++] = p->target;
		ukey[nukey++] = prev_next;
		break;
	case KB_F_RET:
		do_ret(c->pc);	/* where it returned to is not known */
		break;
	case KB_F_JMP_IND: case KB_F_IRET: case KB_F_SYSRET:
		break;
	default:	/* next, syscall, trap, hlt */
		ukey[nukey++] = prev_next;
		break;
	}
	ukey_syscall = kind == 's';
	while (depth && stk[depth - 1].kernel)
		depth--;
	for (int i = 0; i < nukey; i++)
		save_user_stack(ukey[i]);
	if (kind == 'i')
		learn(c->pc);
	q_user_entries++;
	push((char)kind, 0, c->pc, 1, kind == 's' ? prev_next : 0);
}

/* The kernel returns to user space at pc: the user stack saved when a
 * task entered the kernel to resume there (the same task, or another one
 * after a switch, or a fork's child: its parent's stack); else, after a
 * syscall, a fresh one (an exec, a signal handler); else (an interrupt
 * whose resume address was not known) the one there is. */
static void to_user(uint64_t pc)
{
	struct snap *s;

	while (depth && stk[depth - 1].kernel)
		depth--;
	if (pc >= upre_lo && pc < upre_hi) {
		/* back part-way into the block that entered the kernel: an
		 * exception stopped it, its call or ret did not run */
		memcpy(stk, ustk_pre, (size_t)ustk_pre_depth * sizeof(*stk));
		depth = ustk_pre_depth;
		q_undone++;
	} else if ((s = snap_find(pc, 0))) {
		memcpy(stk, s->f, (size_t)s->depth * sizeof(*stk));
		if (nukey != 1 || ukey[0] != pc)
			q_restored++;
		depth = s->depth;
	} else if (nukey && ukey_syscall) {
		depth = 0;
		q_started_afresh++;
	} else {
		q_kept_unknown++;
	}
	nukey = 0;
	fix_pending(pc);
}

/* The flow went from p to c. */
static void step(struct cs_code *p, struct cs_code *c)
{
	int pk = p->pc >= KB_KERNEL_START, ck = c->pc >= KB_KERNEL_START, known = 1, expected = 1, d0 = depth;
	uint64_t pc = c->pc;

	if (!pk && ck) {
		from_user(p, c);
		return;
	}
	if (pk && !ck) {
		to_user(pc);
		return;
	}
	/* the block before started again part-way: QEMU stopped it at an
	 * instruction and runs it again alone (an I/O access under icount),
	 * so its last instruction did not run */
	if (pc > p->pc && pc < p->next && pc != p->target) {
		q_restarts++;
		return;
	}
	switch (p->flow) {
	case KB_F_NEXT: case KB_F_HLT: case KB_F_TRAP:
		expected = pc == prev_next;
		break;
	case KB_F_REP:
		expected = pc == prev_next || pc == p->target;
		break;
	case KB_F_JCC:
		expected = pc == prev_next || pc == p->target;
		break;
	case KB_F_JMP:
		expected = pc == p->target;
		break;
	case KB_F_CALL:
		push('c', p->next, p->target, pk, p->next);
		expected = pc == p->target;
		break;
	case KB_F_CALL_IND:
		known = 0;
		push('c', p->next, ck && entry_known(pc) ? 0 : pc, pk, p->next);
		break;
	case KB_F_RET:
		known = 0;
		do_ret(pc);
		break;
	case KB_F_IRET:
		if (ck)
			do_iret(pc);
		return;
	default:	/* indirect jump; syscall or sysret within a space */
		known = 0;
		break;
	}
	if (!ck)
		return;
	if (known ? !expected : entry_known(pc)) {
		if (known)
			learn(pc);
		else
			q_events_learnt++;
		q_events++;
		push('i', 0, pc, 1, 0);
		if (depth && stk[depth - 1].node->kind == 'i') {
			stk[depth - 1].pre = p->flow == KB_F_RET ? -1 : d0;
			stk[depth - 1].lo = p->pc;
			stk[depth - 1].hi = p->next;
		}
	}
}


void cs_exec(unsigned int vcpu, void *udata)
{
	static int kernel_seen;
	struct cs_code *c = udata;
	struct node *n;
	struct cell *x;

	(void)vcpu;
	/* firmware and boot loader code before the kernel leaves no frames */
	if (!kernel_seen && c->pc >= KB_KERNEL_START) {
		kernel_seen = 1;
		depth = 0;
		prev = NULL;
	}
	/* the common case first: a fall-through, a jump or a branch to
	 * where it leads, in the same space, leaves the stack alone */
	if (prev && !(prev->flow <= KB_F_REP && !((prev->pc ^ c->pc) >> 63) &&
		      (c->pc == prev_next || c->pc == prev->target)))
		step(prev, c);
	prev = c;
	prev_next = c->next;
	n = top();
	if (c->cache_node0 == n) {
		x = c->cache_cell0;
	} else if (c->cache_node1 == n) {
		x = c->cache_cell1;
		c->cache_node1 = c->cache_node0;
		c->cache_cell1 = c->cache_cell0;
		c->cache_node0 = n;
		c->cache_cell0 = x;
	} else {
		uint64_t h = ((uintptr_t)n * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)c->id * 0xff51afd7ed558ccdull);
		struct cell **slot = &cell_tab[(h >> 24) & (CELL_HASH - 1)];

		for (x = *slot; x; x = x->hnext)
			if (x->node == n && x->code == c)
				break;
		if (!x) {
			x = cell_new();
			x->node = n;
			x->code = c;
			x->hnext = *slot;
			*slot = x;
		}
		c->cache_node1 = c->cache_node0;
		c->cache_cell1 = c->cache_cell0;
		c->cache_node0 = n;
		c->cache_cell0 = x;
	}
	if (!x->count++) {
		x->dnext = dirty_cells;
		dirty_cells = x;
	}
}

void cs_mark(uint64_t vaddr)
{
	if (prev_next == vaddr)
		prev_next = vaddr + 7;
}

void cs_window(FILE *out, int keep, unsigned long index)
{
	if (keep)
		fprintf(out, "W %lu\n", index);
	for (struct cell *x = dirty_cells; x; x = x->dnext) {
		if (keep) {
			fprintf(out, "S %u %u %llu\n", x->node->id, x->code->id, (unsigned long long)x->count);
			x->node->used = 1;
		}
		x->count = 0;
	}
	for (struct node *n = dirty_nodes; n; n = n->dnext) {
		if (keep) {
			fprintf(out, "K %u %llu\n", n->id, (unsigned long long)n->entries);
			n->used = 1;
		}
		n->entries = 0;
	}
	dirty_cells = NULL;
	dirty_nodes = NULL;
}

void cs_finish(FILE *out, unsigned long nwindows)
{
	for (uint32_t i = nnodes - 1; i > 0; i--)
		if (nodes[i]->used)
			nodes[i]->parent->used = 1;
	for (uint32_t i = 1; i < nnodes; i++)
		if (nodes[i]->used)
			fprintf(out, "N %u %u %c %llx %llx\n", i, nodes[i]->parent->id, nodes[i]->kind,
				(unsigned long long)nodes[i]->pc, (unsigned long long)nodes[i]->site);
	for (unsigned i = 0; i < ENTRY_HASH; i++)
		if (entry_tab[i])
			fprintf(out, "I %llx\n", (unsigned long long)entry_tab[i]);
	fprintf(out, "Q unmatched_ret %llu\nQ iret_without_frame %llu\nQ kernel_events %llu\n"
		"Q kernel_events_at_learnt_entries %llu\nQ user_to_kernel %llu\nQ user_stack_restored %llu\n"
		"Q user_stack_started_afresh %llu\nQ user_stack_kept_unknown_resume %llu\n"
		"Q depth_overflow %llu\nQ indirect_callee_fixed %llu\nQ restarted_blocks %llu\n"
		"Q exceptions_part_way %llu\nQ contexts %u\n",
		(unsigned long long)q_unmatched_ret, (unsigned long long)q_iret_no_frame,
		(unsigned long long)q_events, (unsigned long long)q_events_learnt,
		(unsigned long long)q_user_entries, (unsigned long long)q_restored,
		(unsigned long long)q_started_afresh, (unsigned long long)q_kept_unknown,
		(unsigned long long)q_overflow, (unsigned long long)q_pending_fixed,
		(unsigned long long)q_restarts, (unsigned long long)q_undone, nnodes - 1);
	fprintf(out, "E %lu\n", nwindows);
}
