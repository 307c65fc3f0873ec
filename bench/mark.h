/* SPDX-License-Identifier: GPL-2.0 */
/* Marks for kabench's instruction profile (guest/plugin/).
 *
 * A mark is `nopl SIG(%rax)` (0f 1f 80 + a 4-byte signature): a real CPU,
 * kvm and TCG execute it as a NOP without touching memory, so the same
 * binary runs natively too. The QEMU plugin recognises the bytes when it
 * translates the block and counts the instructions between marks.
 *   KB_MARK_BEGIN: a measured window starts (counts since the last mark
 *                  are dropped);
 *   KB_MARK_END:   the current window ends and the next one starts.
 * The sampler marks the start of the first measured sample and the end of
 * every measured sample, so window i is sample row i of the CSV. */
#ifndef KABENCH_MARK_H
#define KABENCH_MARK_H

#define KB_MARK_SIG_BEGIN 0x4b42a001u
#define KB_MARK_SIG_END 0x4b42a002u

/* The same as assembler text, for asm blocks (tests/plugin/testinit.c). */
#define KB_MARK_ASM_BEGIN ".byte 0x0f,0x1f,0x80\n\t.long 0x4b42a001\n\t"
#define KB_MARK_ASM_END ".byte 0x0f,0x1f,0x80\n\t.long 0x4b42a002\n\t"

#if defined(__x86_64__) || defined(__i386__)
#define KB_MARK_BEGIN() __asm__ volatile(KB_MARK_ASM_BEGIN ::: "memory")
#define KB_MARK_END() __asm__ volatile(KB_MARK_ASM_END ::: "memory")
#else
#define KB_MARK_BEGIN() __asm__ volatile("" ::: "memory")
#define KB_MARK_END() __asm__ volatile("" ::: "memory")
#endif

#endif
