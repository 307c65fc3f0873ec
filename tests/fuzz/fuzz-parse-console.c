// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: build/guest/parse-console over a console log (what a guest
 * kernel and its init print), with a mask and launcher facts, into a
 * scratch folder emptied after each input. The program's own file is
 * included (its main renamed) so that its state can be reset here. */
#include "fuzz.h"

#include <string.h>
#include <sys/stat.h>

#define main parse_console_main
#include "../../guest/parse-console.c"
#undef main

static char dir[4096];

static void remove_dir(void)
{
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/kabench-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		abort();
	}
	atexit(remove_dir);
	return 0;
}

static void free_list(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* The parser's state back to a fresh process's. */
static void reset(void)
{
	free_list(&st.launcher_facts);
	free_list(&st.facts);
	free_list(&st.rows);
	free_list(&st.status);
	free_list(&st.detail);
	for (int i = 0; i < TAIL_LINES; i++)
		free(st.tail[i]);
	free(cut);
	cut = NULL;
	memset(&st, 0, sizeof(st));
}

/* What the guest wrote reaches terminals, CSV, Markdown and JSON: every
 * output file is printable ASCII, tabs and newlines (else abort: a
 * finding). */
static void check_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	int c;

	if (!f)
		return;
	while ((c = getc(f)) != EOF) {
		if ((c < 0x20 && c != '\t' && c != '\n') || c > 0x7e) {
			fprintf(stderr, "fuzz-parse-console: %s: byte 0x%02x\n", path, c);
			abort();
		}
	}
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const outs[] = { "facts", "bench.csv", "status.csv", "verdict" };
	/* (the plan of the seeds' golden logs: one input in two is read with it) */
	char *args[] = { "parse-console", "--mask", "erms,fsrm", "--qemu-exit", "0",
			 "--qemu-err", (char *)fuzz_file(1, NULL, 0), "--fact", "accel=icount",
			 "--tests", "fstat,fstatat_null,read1", "--tasks", "1,2",
			 "--modes", "processes,threads",
			 (char *)fuzz_file(0, data, size), dir, NULL };
	int argc = sizeof(args) / sizeof(*args) - 1;

	if (!dir[0])
		LLVMFuzzerInitialize(NULL, NULL);
	if (size & 1) {
		/* without the plan */
		memmove(args + 9, args + 15, 3 * sizeof(*args));
		argc -= 6;
	}
	parse_console_main(argc, args);
	for (size_t i = 0; i < sizeof(outs) / sizeof(*outs); i++) {
		char path[4200];

		snprintf(path, sizeof(path), "%s/%s", dir, outs[i]);
		check_text(path);
		unlink(path);
	}
	reset();
	return 0;
}
