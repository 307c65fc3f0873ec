/* A guest init whose measured code is known exactly, for the plugin's
 * exact-count test. Static, no libc: between two marks only the asm
 * below runs in user space.
 *   window 0: mov + 1000 x (dec, jnz)                  = 2001 instructions
 *   window 1: lea, lea, mov + rep movsq of 4096 bytes  = 3 + 513
 *   window 2: mov + 1000000 x (add, dec, jnz)          = 3000001
 * then it prints "testinit done" and powers the machine off. */
#include "../../bench/mark.h"

static long src[512], dst[512];

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

	/* touch both buffers first: no page fault inside a window */
	__asm__ volatile("rep movsq" : : "S"(src), "D"(dst), "c"(512L) : "memory");
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
		: : "m"(src), "m"(dst) : "rax", "rcx", "rsi", "rdi", "memory", "cc");
	sys3(1, 1, (long)done, sizeof(done) - 1);
	sys_reboot();
	for (;;)
		sys3(34, 0, 0, 0);	/* pause() */
}
