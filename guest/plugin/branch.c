// SPDX-License-Identifier: GPL-2.0
/* How an x86-64 instruction passes control on, from its bytes: the legacy
 * prefixes and REX are skipped, then the opcode (and ModRM's reg field
 * for the ff group) decides. Anything not listed falls through. */
#include <string.h>
#include "branch.h"

static int64_t rel(const uint8_t *p, int n)
{
	if (n == 1)
		return (int8_t)p[0];
	if (n == 2) {
		int16_t v;

		memcpy(&v, p, 2);
		return v;
	}
	{
		int32_t v;

		memcpy(&v, p, 4);
		return v;
	}
}

void kb_flow(const uint8_t *b, size_t len, uint64_t pc, struct kb_flow_info *out)
{
	size_t i = 0;
	int rep = 0, opsize16 = 0;
	uint64_t next = pc + len;

	memset(out, 0, sizeof(*out));
	for (; i < len; i++) {
		uint8_t p = b[i];

		if (p == 0xf2 || p == 0xf3)
			rep = 1;
		else if (p == 0x66)
			opsize16 = 1;
		else if (p == 0xf0 || p == 0x67 || p == 0x2e || p == 0x36 || p == 0x3e ||
			 p == 0x26 || p == 0x64 || p == 0x65)
			;
		else
			break;
	}
	if (i < len && (b[i] & 0xf0) == 0x40)	/* REX */
		i++;
	if (i >= len)
		return;
	switch (b[i]) {
	case 0x70 ... 0x7f: case 0xe0 ... 0xe3:	/* jcc rel8, loop*, jrcxz */
		if (i + 2 <= len) {
			out->flow = KB_F_JCC;
			out->target = next + (uint64_t)rel(b + i + 1, 1);
		}
		return;
	case 0xeb:
		if (i + 2 <= len) {
			out->flow = KB_F_JMP;
			out->target = next + (uint64_t)rel(b + i + 1, 1);
		}
		return;
	case 0xe9: case 0xe8: {
		int n = opsize16 ? 2 : 4;

		if (i + 1 + n <= len) {
			out->flow = b[i] == 0xe8 ? KB_F_CALL : KB_F_JMP;
			out->target = next + (uint64_t)rel(b + i + 1, n);
			if (opsize16)	/* 16-bit operand: ip wraps (never in 64-bit code) */
				out->flow = b[i] == 0xe8 ? KB_F_CALL_IND : KB_F_JMP_IND;
		}
		return;
	}
	case 0xc2: case 0xc3: case 0xca: case 0xcb:
		out->flow = KB_F_RET;
		return;
	case 0xcf:
		out->flow = KB_F_IRET;
		return;
	case 0xcc: case 0xcd: case 0xce: case 0xf1:
		out->flow = KB_F_TRAP;
		return;
	case 0xf4:
		out->flow = KB_F_HLT;
		return;
	case 0x9a: case 0xea:	/* far call/jmp (invalid in 64-bit mode) */
		out->flow = b[i] == 0x9a ? KB_F_CALL_IND : KB_F_JMP_IND;
		return;
	case 0xa4 ... 0xa7: case 0xaa ... 0xaf: case 0x6c ... 0x6f:	/* string, ins, outs */
		if (rep) {
			out->flow = KB_F_REP;
			out->target = pc;	/* its next iteration */
		}
		return;
	case 0xff:
		if (i + 1 < len) {
			int reg = (b[i + 1] >> 3) & 7;

			if (reg == 2 || reg == 3)
				out->flow = KB_F_CALL_IND;
			else if (reg == 4 || reg == 5)
				out->flow = KB_F_JMP_IND;
		}
		return;
	case 0x0f:
		if (i + 1 >= len)
			return;
		switch (b[i + 1]) {
		case 0x80 ... 0x8f:
			if (i + 2 + (opsize16 ? 2 : 4) <= len) {
				out->flow = KB_F_JCC;
				out->target = next + (uint64_t)rel(b + i + 2, opsize16 ? 2 : 4);
			}
			return;
		case 0x05: case 0x34:
			out->flow = KB_F_SYSCALL;
			return;
		case 0x07: case 0x35:
			out->flow = KB_F_SYSRET;
			return;
		case 0x0b: case 0xb9: case 0xff:	/* ud2, ud1, ud0 */
			out->flow = KB_F_TRAP;
			return;
		}
		return;
	}
}
