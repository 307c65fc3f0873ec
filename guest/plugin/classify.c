// SPDX-License-Identifier: GPL-2.0
/* Classify one x86-64 instruction from its bytes: the legacy prefixes and
 * REX are skipped, then the opcode (and the ModRM byte where it selects the
 * instruction) decides. Only the classes of classify.h are recognised;
 * everything else is KB_C_NONE. */
#include <string.h>
#include "classify.h"

const char *const kb_class_name[KB_C_COUNT] = {
	[KB_C_NONE] = "none",
	[KB_C_SYSCALL] = "syscall", [KB_C_SYSRET] = "sysret", [KB_C_SWAPGS] = "swapgs",
	[KB_C_IRET] = "iret", [KB_C_STAC] = "stac", [KB_C_CLAC] = "clac",
	[KB_C_LFENCE] = "lfence", [KB_C_MFENCE] = "mfence", [KB_C_SFENCE] = "sfence",
	[KB_C_CPUID] = "cpuid", [KB_C_SERIALIZE] = "serialize", [KB_C_MOV_CR] = "mov_to_cr",
	[KB_C_WRMSR] = "wrmsr", [KB_C_RDMSR] = "rdmsr", [KB_C_VERW] = "verw",
	[KB_C_LOCK] = "lock",
	[KB_C_MOVS1] = "movsb", [KB_C_MOVS2] = "movsw", [KB_C_MOVS4] = "movsd",
	[KB_C_MOVS8] = "movsq",
	[KB_C_STOS1] = "stosb", [KB_C_STOS2] = "stosw", [KB_C_STOS4] = "stosd",
	[KB_C_STOS8] = "stosq",
	[KB_C_STR1] = "lods/cmps/scas_b", [KB_C_STR2] = "lods/cmps/scas_w",
	[KB_C_STR4] = "lods/cmps/scas_d", [KB_C_STR8] = "lods/cmps/scas_q",
};

/* ModRM byte fields */
#define MOD(m) ((m) >> 6)
#define REG(m) (((m) >> 3) & 7)

static enum kb_class string_class(enum kb_class base, uint8_t op, int opsize16, int rexw)
{
	if (!(op & 1))
		return base;		/* byte form */
	if (rexw)
		return base + 3;
	return opsize16 ? base + 1 : base + 2;
}

static enum kb_class twobyte(const uint8_t *b, size_t n, int rep)
{
	uint8_t m = n > 1 ? b[1] : 0;

	switch (b[0]) {
	case 0x05: return KB_C_SYSCALL;
	case 0x07: return KB_C_SYSRET;
	case 0xa2: return KB_C_CPUID;
	case 0x30: return KB_C_WRMSR;
	case 0x32: return KB_C_RDMSR;
	case 0x22: return KB_C_MOV_CR;
	case 0x00: return n > 1 && REG(m) == 5 ? KB_C_VERW : KB_C_NONE;
	case 0x01:
		switch (m) {
		case 0xf8: return KB_C_SWAPGS;
		case 0xcb: return KB_C_STAC;
		case 0xca: return KB_C_CLAC;
		case 0xe8: return rep ? KB_C_NONE : KB_C_SERIALIZE;
		}
		return KB_C_NONE;
	case 0xae:
		if (n < 2 || MOD(m) != 3 || rep)
			return KB_C_NONE;
		switch (REG(m)) {
		case 5: return KB_C_LFENCE;
		case 6: return KB_C_MFENCE;
		case 7: return KB_C_SFENCE;
		}
		return KB_C_NONE;
	}
	return KB_C_NONE;
}

void kb_classify(const uint8_t *b, size_t len, uint64_t pc, struct kb_insn_info *out)
{
	size_t i = 0;
	int lock = 0, rep = 0, opsize16 = 0, rexw = 0;

	memset(out, 0, sizeof(*out));
	for (; i < len; i++) {
		uint8_t p = b[i];

		if (p == 0xf0)
			lock = 1;
		else if (p == 0xf2 || p == 0xf3)
			rep = 1;
		else if (p == 0x66)
			opsize16 = 1;
		else if (p == 0x67 || p == 0x2e || p == 0x36 || p == 0x3e || p == 0x26 ||
			 p == 0x64 || p == 0x65)
			;
		else
			break;
	}
	if (i < len && (b[i] & 0xf0) == 0x40) {	/* REX */
		rexw = (b[i] >> 3) & 1;
		i++;
	}
	if (i >= len)
		return;
	if (lock) {
		out->cls = KB_C_LOCK;
		return;
	}
	switch (b[i]) {
	case 0x0f:
		if (i + 1 < len)
			out->cls = twobyte(b + i + 1, len - i - 1, rep);
		return;
	case 0xcf: out->cls = KB_C_IRET; return;
	case 0x86: case 0x87:		/* xchg with memory is locked */
		if (i + 1 < len && MOD(b[i + 1]) != 3)
			out->cls = KB_C_LOCK;
		return;
	case 0xa4: case 0xa5: out->cls = string_class(KB_C_MOVS1, b[i], opsize16, rexw); return;
	case 0xaa: case 0xab: out->cls = string_class(KB_C_STOS1, b[i], opsize16, rexw); return;
	case 0xa6: case 0xa7: case 0xac: case 0xad: case 0xae: case 0xaf:
		out->cls = string_class(KB_C_STR1, b[i], opsize16, rexw);
		return;
	case 0xe8:
		if (i + 5 <= len && !opsize16) {
			int32_t rel;

			memcpy(&rel, b + i + 1, 4);
			out->is_call = 1;
			out->call_target = pc + len + (uint64_t)(int64_t)rel;
		}
		return;
	}
}
