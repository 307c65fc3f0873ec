// SPDX-License-Identifier: GPL-2.0
/* copy-count: calls one routine of native/copy-routines.S N times on a 4 KB
 * copy (the buffers of native/time: a page-aligned source, a
 * malloc'd destination) and checks each copy. For callgrind: the
 * routine's instructions per call (tests/native/test-copy-routines.sh).
 * usage: copy-count movsq|movq_loop N */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kb_copy_movsq(void);
void kb_copy_movq_loop(void);

int main(int argc, char **argv)
{
	char *src = aligned_alloc(4096, 4096), *dst = malloc(4096);
	int loop = argc == 3 && !strcmp(argv[1], "movq_loop");
	long n = argc == 3 ? atol(argv[2]) : 0;

	if (!src || !dst || n <= 0 || (!loop && strcmp(argv[1], "movsq")))
		return 2;
	for (int i = 0; i < 4096; i++)
		src[i] = (char)(i * 7 + 1);
	for (long i = 0; i < n; i++) {
		void *to = dst;
		const void *from = src;
		unsigned long len = 4096;

		memset(dst, 0, 4096);
		if (loop)
			asm volatile("call kb_copy_movq_loop" : "+c"(len), "+D"(to), "+S"(from)
				     : : "memory", "rax", "r8", "r9", "r10", "r11");
		else
			asm volatile("call kb_copy_movsq" : "+c"(len), "+D"(to), "+S"(from) : : "memory", "rax");
		if (len || memcmp(dst, src, 4096)) {
			fprintf(stderr, "copy-count: %s: a bad copy\n", argv[1]);
			return 1;
		}
	}
	return 0;
}
