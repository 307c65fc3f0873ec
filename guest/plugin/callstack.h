/* SPDX-License-Identifier: GPL-2.0 */
/* kabench-prof's shadow call stack (callstack.c): which call path each
 * executed block ran in, inferred from the blocks' control flow alone. */
#ifndef KABENCH_CALLSTACK_H
#define KABENCH_CALLSTACK_H

#include <stdint.h>
#include <stdio.h>

#define KB_KERNEL_START 0xffff800000000000ull

/* What the shadow stack knows of a bucket (a block's code), made at
 * translation time. */
struct cs_code {		/* (what a block execution reads first) */
	uint64_t pc;		/* its first instruction */
	uint64_t next;		/* the address after its last instruction */
	uint64_t target;	/* the last instruction's direct target */
	uint32_t id;		/* the bucket's id in plugin.raw */
	uint8_t flow;		/* the last instruction's enum kb_flow */
	void *cache_node0, *cache_cell0;	/* its last (context, count) */
	void *cache_node1, *cache_cell1;	/* and the one before */
};

/* One execution of the code (udata: its struct cs_code): the plugin's
 * callback per block execution. */
void cs_exec(unsigned int vcpu, void *udata);
/* A mark (a 7-byte nop) executed at vaddr: the flow goes on after it. */
void cs_mark(uint64_t vaddr);
/* A window ends: write its counts as window `index` (keep) or drop them. */
void cs_window(FILE *out, int keep, unsigned long index);
/* At exit: the contexts counted, the inference's own figures, the end. */
void cs_finish(FILE *out, unsigned long nwindows);

#endif
