/* SPDX-License-Identifier: GPL-2.0 */
/* How an x86-64 instruction passes control on: what kabench-prof's shadow
 * stack needs to know of the last instruction of a block. */
#ifndef KABENCH_BRANCH_H
#define KABENCH_BRANCH_H

#include <stddef.h>
#include <stdint.h>

enum kb_flow {
	KB_F_NEXT = 0,		/* falls through to the next instruction */
	KB_F_JCC,		/* conditional: target or next (jcc, loop, jrcxz) */
	KB_F_JMP,		/* direct jump to target */
	KB_F_REP,		/* a rep string instruction: itself again or next */
	/* (the flows above leave the stack alone) */
	KB_F_JMP_IND,		/* indirect jump (or far jump) */
	KB_F_CALL,		/* direct call of target */
	KB_F_CALL_IND,		/* indirect call (or far call) */
	KB_F_RET,		/* ret, ret imm16, far ret */
	KB_F_SYSCALL,		/* syscall, sysenter */
	KB_F_SYSRET,		/* sysret, sysexit */
	KB_F_IRET,		/* iret */
	KB_F_TRAP,		/* raises an exception or interrupt: int3, int n, into, int1, ud2 */
	KB_F_HLT,		/* waits for an interrupt */
};

struct kb_flow_info {
	enum kb_flow flow;
	uint64_t target;	/* KB_F_JCC, KB_F_JMP, KB_F_CALL; KB_F_REP: itself */
};

/* Decode the instruction at pc (len bytes). */
void kb_flow(const uint8_t *b, size_t len, uint64_t pc, struct kb_flow_info *out);

#endif
