/* SPDX-License-Identifier: GPL-2.0 */
/* x86-64 instruction classes whose hardware cost is far from "one". */
#ifndef KABENCH_CLASSIFY_H
#define KABENCH_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

enum kb_class {
	KB_C_NONE = 0,
	KB_C_SYSCALL, KB_C_SYSRET, KB_C_SWAPGS, KB_C_IRET,
	KB_C_STAC, KB_C_CLAC,
	KB_C_LFENCE, KB_C_MFENCE, KB_C_SFENCE, KB_C_CPUID, KB_C_SERIALIZE, KB_C_MOV_CR,
	KB_C_WRMSR, KB_C_RDMSR, KB_C_VERW,
	KB_C_LOCK,
	/* string instructions by element size: executions (QEMU runs each
	 * rep iteration as one instruction) */
	KB_C_MOVS1, KB_C_MOVS2, KB_C_MOVS4, KB_C_MOVS8,
	KB_C_STOS1, KB_C_STOS2, KB_C_STOS4, KB_C_STOS8,
	KB_C_STR1, KB_C_STR2, KB_C_STR4, KB_C_STR8,	/* lods, cmps, scas */
	KB_C_COUNT
};

extern const char *const kb_class_name[KB_C_COUNT];

struct kb_insn_info {
	enum kb_class cls;
	int is_call;		/* a direct near call (e8 rel32) */
	uint64_t call_target;
};

/* Decode the prefixes and opcode of the instruction at pc (len bytes). */
void kb_classify(const uint8_t *b, size_t len, uint64_t pc, struct kb_insn_info *out);

#endif
