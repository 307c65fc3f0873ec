/* SPDX-License-Identifier: GPL-2.0 */
/* copy-routines.S: the instruction sequences the seed-002 kernels run for a
 * 4 KB user copy, for native/time to time in user space. Written from
 * arch/x86/lib/copy_user_64.S of linux-source-6.12 (rep_movs_alternative on
 * a CPU without ERMS and FSRM) and from kabench's 6.12-no-movsq patch
 * (kernel-patches/variants/6.12-no-movsq/), with the same calling
 * convention as the kernel's: %rdi destination, %rsi source, %rcx length;
 * %rcx is 0 after a full copy; %rax and (loop) %r8-%r11 are clobbered.
 * Both start with endbr64, as the kernel's does (objdump of the 6.12
 * build: CONFIG_X86_KERNEL_IBT), and return with a plain ret, as there.
 * Only the paths a copy of 64 bytes or more takes are here; the byte tail
 * and the word loop are not reached by 4 KB copies of a multiple of 8
 * bytes (both routines return through their "no tail" exit). No stac/clac
 * and no exception table: they are the same on both kernels, and user
 * space cannot fault here. */
	.text

/* 6.12: rep_movs_alternative, no ERMS: .Llarge -> .Llarge_movsq. */
	.globl kb_copy_movsq
	.type kb_copy_movsq, @function
	.p2align 4
kb_copy_movsq:
	endbr64
	cmpq $64,%rcx
	jae 1f
	ud2
1:	jmp 2f
2:	movq (%rsi),%rax
	movq %rax,(%rdi)
	leaq 8(%rdi),%rax
	andq $-8,%rax
	subq %rdi,%rax
	addq %rax,%rdi
	addq %rax,%rsi
	subq %rax,%rcx
	movq %rcx,%rax
	shrq $3,%rcx
	andl $7,%eax
	rep movsq
	movl %eax,%ecx
	testl %ecx,%ecx
	jne 3f
	ret
3:	ud2
	.size kb_copy_movsq, .-kb_copy_movsq

/* 6.12-no-movsq: rep_movs_alternative, no ERMS: .Llarge -> .Lunrolled,
 * 64 bytes a round through r8-r11. */
	.globl kb_copy_movq_loop
	.type kb_copy_movq_loop, @function
	.p2align 4
kb_copy_movq_loop:
	endbr64
	cmpq $64,%rcx
	jae 1f
	ud2
1:	jmp 2f
	.p2align 4
2:	movq (%rsi),%r8
	movq 8(%rsi),%r9
	movq 16(%rsi),%r10
	movq 24(%rsi),%r11
	movq %r8,(%rdi)
	movq %r9,8(%rdi)
	movq %r10,16(%rdi)
	movq %r11,24(%rdi)
	movq 32(%rsi),%r8
	movq 40(%rsi),%r9
	movq 48(%rsi),%r10
	movq 56(%rsi),%r11
	movq %r8,32(%rdi)
	movq %r9,40(%rdi)
	movq %r10,48(%rdi)
	movq %r11,56(%rdi)
	addq $64,%rsi
	addq $64,%rdi
	subq $64,%rcx
	cmpq $64,%rcx
	jae 2b
	cmpl $8,%ecx
	jae 3f
	testl %ecx,%ecx
	jne 3f
	ret
3:	ud2
	.size kb_copy_movq_loop, .-kb_copy_movq_loop

	.section .note.GNU-stack,"",@progbits
