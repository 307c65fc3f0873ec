// SPDX-License-Identifier: GPL-2.0
/* native-time: native cost per call of kabench testcases and of the seed-002
 * copy routines, timed in interleaved rounds on one pinned CPU (the method
 * of native/probe), for estimates built from differences.
 *
 * usage: native/time [--rounds N] [--ms MS] [--dir DIR] ITEM...
 * ITEM: a testcase of bench/tc_*.c (its probe, setup and measured loop, one
 *       task, in this process), or a 4 KB user-space copy:
 *   copy:movsb      rep movsb inline (the host kernel's copy with FSRM)
 *   copy:movsq      6.12's rep_movs_alternative without ERMS (rep movsq)
 *   copy:movq_loop  6.12-no-movsq's rep_movs_alternative (unrolled movq loop)
 *   The copy routines (native/copy-routines.S) are called as the kernel calls
 *   them; each copy reads the next 4 KB page of a 1 MiB buffer into one
 *   malloc'd 4 KB buffer, as read1 reads a 1 MiB file into its buffer.
 * Each round runs every item once for about MS ms (calibrated per item);
 * an item's figure is its lowest ns per call over the rounds (the batch
 * that escaped the machine's other load), beside its median.
 * Output (CSV): item,lowest_ns,median_ns,rounds,batch; then
 * "#cpu,N" (the CPU it ran on).
 * Exit: 0; 1 a call failed; 2 bad input; 3 an item not supported here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../analyze/stats.h"
#include "../bench/kabench.h"
#include "util.h"

#define MAX_ROUNDS 2000
#define MAX_ITEMS 32
#define COPY_SIZE 4096
#define COPY_SPAN (1 << 20)

void kb_copy_movsq(void);
void kb_copy_movq_loop(void);

enum { COPY_MOVSB = 1, COPY_MOVSQ, COPY_MOVQ_LOOP };
struct item {
	const char *name;
	const struct kb_testcase *tc;	/* a testcase, or NULL for a copy */
	int copy;
	struct kb_task task;
	uint64_t ops;
	long batch;
	double ns[MAX_ROUNDS];
};
static struct item items[MAX_ITEMS];
static char *copy_src, *copy_dst;
static unsigned copy_page;

static void copy(int how, long n)
{
	for (long i = 0; i < n; i++) {
		void *to = copy_dst;
		const void *from = copy_src + (size_t)(copy_page++ % (COPY_SPAN / COPY_SIZE)) * COPY_SIZE;
		unsigned long len = COPY_SIZE;

		if (how == COPY_MOVSB)
			asm volatile("rep movsb" : "+c"(len), "+D"(to), "+S"(from) : : "memory");
		else if (how == COPY_MOVSQ)
			asm volatile("call kb_copy_movsq" : "+c"(len), "+D"(to), "+S"(from) : : "memory", "rax");
		else
			asm volatile("call kb_copy_movq_loop" : "+c"(len), "+D"(to), "+S"(from)
				     : : "memory", "rax", "r8", "r9", "r10", "r11");
		if (len) {
			fprintf(stderr, "native-time: copy %d left %lu bytes\n", how, len);
			exit(1);
		}
	}
}

/* N calls of item IT; exit 1 if one fails. */
static void run(struct item *it, long n)
{
	int err;

	if (it->copy) {
		copy(it->copy, n);
		return;
	}
	err = it->tc->loop(&it->task, (uint64_t)n);
	if (err) {
		fprintf(stderr, "native-time: %s: %s failed: %s\n", it->name, it->tc->call, strerror(err));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	long rounds = 100, ms = 2;
	const char *dir = "/tmp";
	int nitems = 0, cpu;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--rounds") || !strcmp(argv[i], "--ms") || !strcmp(argv[i], "--dir")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "native-time: %s needs a value\n", argv[i]);
				return 2;
			}
			if (!strcmp(argv[i], "--rounds"))
				rounds = native_number("native-time", argv[i], argv[i + 1], 1, MAX_ROUNDS);
			else if (!strcmp(argv[i], "--ms"))
				ms = native_number("native-time", argv[i], argv[i + 1], 1, 10000);
			else
				dir = argv[i + 1];
			i++;
			continue;
		}
		if (argv[i][0] == '-') {
			fprintf(stderr, "native-time: unknown option '%s'\n", argv[i]);
			return 2;
		}
		if (nitems == MAX_ITEMS) {
			fprintf(stderr, "native-time: more than %d items\n", MAX_ITEMS);
			return 2;
		}
		struct item *it = &items[nitems++];

		it->name = argv[i];
		if (!strcmp(argv[i], "copy:movsb"))
			it->copy = COPY_MOVSB;
		else if (!strcmp(argv[i], "copy:movsq"))
			it->copy = COPY_MOVSQ;
		else if (!strcmp(argv[i], "copy:movq_loop"))
			it->copy = COPY_MOVQ_LOOP;
		else if (!(it->tc = kb_find_testcase(argv[i])) || argv[i][0] == '_') {
			fprintf(stderr, "native-time: unknown item '%s' (a testcase of build/bench/kabench --list, or copy:movsb, copy:movsq, copy:movq_loop)\n", argv[i]);
			return 2;
		}
	}
	if (!nitems) {
		fprintf(stderr, "usage: native-time [--rounds N] [--ms MS] [--dir DIR] ITEM...\n");
		return 2;
	}

	cpu = native_pin();

	copy_src = aligned_alloc(4096, COPY_SPAN);
	copy_dst = malloc(COPY_SIZE);	/* as read1's buffer (kb_setup_read_file) */
	if (!copy_src || !copy_dst)
		return 1;
	memset(copy_src, 0x5a, COPY_SPAN);
	memset(copy_dst, 0, COPY_SIZE);

	for (int i = 0; i < nitems; i++) {
		struct item *it = &items[i];
		int err;

		if (it->copy)
			continue;
		it->task = (struct kb_task){ .index = 0, .dir = dir, .fd = -1, .ops = &it->ops };
		err = it->tc->probe ? it->tc->probe(dir) : 0;
		if (err == KB_UNSUPPORTED_ERR) {
			fprintf(stderr, "native-time: %s: not supported by this kernel\n", it->name);
			return 3;
		}
		if (!err && it->tc->setup)
			err = it->tc->setup(&it->task);
		if (err) {
			fprintf(stderr, "native-time: %s: setup failed: %s\n", it->name, strerror(err));
			return 1;
		}
	}
	/* Calibrate: calls per batch so that one batch takes about MS ms. */
	for (int i = 0; i < nitems; i++) {
		long n = 64;
		double t;

		for (;;) {
			t = native_now();
			run(&items[i], n);
			t = native_now() - t;
			if (t > ms / 4000.0 || n > (1L << 30))
				break;
			n *= 4;
		}
		items[i].batch = (long)(n * (ms / 1000.0) / t) + 1;
	}
	for (long r = 0; r < rounds; r++)
		for (int i = 0; i < nitems; i++) {
			double t = native_now();

			run(&items[i], items[i].batch);
			items[i].ns[r] = (native_now() - t) * 1e9 / items[i].batch;
		}

	printf("item,lowest_ns,median_ns,rounds,batch\n");
	for (int i = 0; i < nitems; i++) {
		stats_sort(items[i].ns, rounds);
		printf("%s,%.3f,%.3f,%ld,%ld\n", items[i].name, items[i].ns[0], stats_median(items[i].ns, rounds),
		       rounds, items[i].batch);
	}
	printf("#cpu,%d\n", cpu);
	return 0;
}
