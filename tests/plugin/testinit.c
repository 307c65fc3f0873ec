// SPDX-License-Identifier: GPL-2.0
/* A guest init whose measured code is known exactly, for the plugin's
 * exact-count test. Static, no libc: between two marks only the asm
 * below runs in user space.
 *   window 0: mov + 1000 x (dec, jnz)                  = 2001 instructions
 *   window 1: lea, lea, mov + rep movsq of 4096 bytes  = 3 + 513
 *   window 2: mov + 1000000 x (add, dec, jnz)          = 3000001
 *   window 3: 1000 calls of kb_known (add, add, ret):   3000 in kb_known,
 *             mov, sub + 1000 x (call, dec, jnz), add  = 3003 in _start,
 *             none in its neighbours kb_before and kb_after
 *   window 4: a known call tree, 100 calls of kb_outer from _start:
 *             kb_outer: call kb_mid, call kb_leaf, ret   (3 a call)
 *             kb_mid:   call kb_leaf, call kb_leaf, ret  (3 a call)
 *             kb_leaf:  add, add, ret                    (3 a call)
 *             own instructions: _start 303 (mov, sub, 100 x (call, dec,
 *             jnz), add), kb_outer 300, kb_mid 300, kb_leaf 900;
 *             inclusive: kb_leaf 900, kb_mid 900, kb_outer 1500,
 *             _start 1803; calls: _start -> kb_outer 100,
 *             kb_outer -> kb_mid 100, kb_outer -> kb_leaf 100,
 *             kb_mid -> kb_leaf 200
 * then it prints "testinit done" and powers the machine off. */
#include "../../bench/mark.h"

static long src[512], dst[512];

/* Three functions side by side, for the per-symbol attribution check:
 * only the middle one is called. */
__asm__(".text\n"
	".globl kb_before\n.type kb_before, @function\nkb_before:\n\tnop\n\tret\n"
	".size kb_before, .-kb_before\n"
	".globl kb_known\n.type kb_known, @function\nkb_known:\n"
	"\tadd $1, %rax\n\tadd $2, %rax\n\tret\n"
	".size kb_known, .-kb_known\n"
	".globl kb_after\n.type kb_after, @function\nkb_after:\n\tnop\n\tret\n"
	".size kb_after, .-kb_after\n"
	".globl kb_outer\n.type kb_outer, @function\nkb_outer:\n"
	"\tcall kb_mid\n\tcall kb_leaf\n\tret\n"
	".size kb_outer, .-kb_outer\n"
	".globl kb_mid\n.type kb_mid, @function\nkb_mid:\n"
	"\tcall kb_leaf\n\tcall kb_leaf\n\tret\n"
	".size kb_mid, .-kb_mid\n"
	".globl kb_leaf\n.type kb_leaf, @function\nkb_leaf:\n"
	"\tadd $1, %rax\n\tadd $2, %rax\n\tret\n"
	".size kb_leaf, .-kb_leaf\n");

static long sys3(long nr, long a, long b, long c)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
}

static void sys_reboot(void)
{
	/* reboot(LINUX_REBOOT_MAGIC1, MAGIC2, LINUX_REBOOT_CMD_POWER_OFF) */
	register long r10 __asm__("r10") = 0;

	__asm__ volatile("syscall" : : "a"(169L), "D"(0xfee1deadL), "S"(672274793L),
			 "d"(0x4321fedcL), "r"(r10) : "rcx", "r11", "memory");
}

void _start(void)
{
	static const char done[] = "testinit done\n";

	/* Touch both buffers and the stack the calls below use first: no
	 * page fault inside a window. A fault mid-block re-runs the block's
	 * rest, which the plugin counts twice (guest/plugin/README.md); where
	 * the stack's pages start moves with the kernel's stack randomisation. */
	__asm__ volatile("rep movsq" : : "S"(src), "D"(dst), "c"(512L) : "memory");
	__asm__ volatile("sub $128, %%rsp\n\t"
			 "call kb_outer\n\t"
			 "add $128, %%rsp" : : : "rax", "memory", "cc");
	__asm__ volatile(
		KB_MARK_ASM_BEGIN
		"mov $1000, %%ecx\n"
		"1: dec %%ecx\n\t"
		"jnz 1b\n\t"
		KB_MARK_ASM_END
		"lea %0, %%rsi\n\t"
		"lea %1, %%rdi\n\t"
		"mov $512, %%ecx\n\t"
		"rep movsq\n\t"
		KB_MARK_ASM_END
		"mov $1000000, %%ecx\n"
		"2: add $1, %%rax\n\t"
		"dec %%ecx\n\t"
		"jnz 2b\n\t"
		KB_MARK_ASM_END
		"mov $1000, %%ecx\n\t"
		"sub $128, %%rsp\n"	/* calls below the red zone */
		"3: call kb_known\n\t"
		"dec %%ecx\n\t"
		"jnz 3b\n\t"
		"add $128, %%rsp\n\t"
		KB_MARK_ASM_END
		"mov $100, %%ecx\n\t"
		"sub $128, %%rsp\n"
		"4: call kb_outer\n\t"
		"dec %%ecx\n\t"
		"jnz 4b\n\t"
		"add $128, %%rsp\n\t"
		KB_MARK_ASM_END
		: : "m"(src), "m"(dst) : "rax", "rcx", "rsi", "rdi", "memory", "cc");
	sys3(1, 1, (long)done, sizeof(done) - 1);
	sys_reboot();
	for (;;)
		sys3(34, 0, 0, 0);	/* pause() */
}
