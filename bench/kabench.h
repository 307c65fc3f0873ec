/* SPDX-License-Identifier: GPL-2.0 */
/* kabench: the testcase interface and what the runner shares with tasks. */
#ifndef KABENCH_H
#define KABENCH_H

#include <stdint.h>
#include <stddef.h>

#define KB_CACHELINE 64
#define KB_MAX_TASKS 1024
#define KB_PATH_MAX 4096

/* Exit statuses of kabench (README.md). */
enum { KB_OK = 0, KB_FAIL = 1, KB_BADINPUT = 2, KB_UNSUPPORTED = 3 };

/*
 * One task's slot in the shared anonymous mapping: the task writes ops, the
 * parent reads it. Each slot has its own cache line so that counters of
 * different tasks never share one.
 */
struct kb_slot {
	uint64_t ops;
	int ready;	/* set by the task once pinned and set up */
	int err;	/* errno of a failed setup or measured call */
	int pid, tid;	/* the task's process and thread ids */
} __attribute__((aligned(KB_CACHELINE)));

/*
 * One run (one task count), made in the parent before any task starts. A
 * testcase's prepare hook may make named files here (kb_prepare_files);
 * the runner removes them after the run, whatever way it ended (only a
 * SIGKILL of kabench leaves them). Tasks inherit it: forked processes get
 * a copy, threads share the worker's.
 */
struct kb_run {
	int ntasks;
	int threads;		/* 1: the tasks are threads of one process */
	const char *dir;	/* --dir */
	int nfiles;		/* named files made by kb_prepare_files() */
	char (*files)[KB_PATH_MAX];
	int own_dirs;		/* each file is alone in a directory of its own */
};

/* What a testcase's hooks get: per task, owned by that task. */
struct kb_task {
	int index;		/* 0 .. tasks-1 */
	const char *dir;	/* directory for test files (--dir) */
	const struct kb_run *run;
	int fd;			/* set up by the testcase, -1 otherwise */
	void *buf;		/* set up by the testcase, NULL otherwise */
	long expect;		/* an expected result, if the testcase needs one */
	uint64_t *ops;		/* this task's counter (in its kb_slot) */
	const char *failed;	/* the failed call, set by kb_fail() */
};

struct kb_testcase {
	const char *name;
	const char *alias;	/* another name for the same testcase, or NULL */
	const char *desc;
	/* Once, in the parent, before anything else (optional). Returns 0,
	 * KB_UNSUPPORTED_ERR when the running kernel cannot run the testcase
	 * (kabench then says what it needs), or an errno value. */
	int (*probe)(const char *dir);
	const char *needs;	/* what probe found missing, for the message */
	/* Once per task count, in the parent, before the tasks start
	 * (optional): shared set-up such as named files. 0 or an errno. */
	int (*prepare)(struct kb_run *r);
	/* Per task, in the task, after pinning (optional): 0 or an errno. */
	int (*setup)(struct kb_task *t);
	/* The measured loop: counts ops with kb_count() and returns 0 once
	 * at least limit ops are done (a loop that counts two ops at a time
	 * may do one more; KB_FOREVER: never), or the errno of the failed
	 * call. KB_LOOP() makes one from a body (below). */
	int (*loop)(struct kb_task *t, uint64_t limit);
	/* Name of the measured call, for error messages (kb_fail() names
	 * another one). */
	const char *call;
};

/* probe()'s "not supported by this kernel" (not an errno value). */
#define KB_UNSUPPORTED_ERR (-1)

/* Publish a task's op count: one plain store the parent can read at any time. */
static inline void kb_count(uint64_t *ops, uint64_t n)
{
	__atomic_store_n(ops, n, __ATOMIC_RELAXED);
}

/*
 * The loop's limit: KB_FOREVER in the sampled runs, N with --iterations N.
 * A loop is written as a body with kb_done(n, limit) as its only limit test
 * and KB_LOOP(body) after it, which defines loop() with two copies of the
 * body: one for KB_FOREVER, where kb_done() is false at compile time and the
 * compiler drops the test (the harness's cost per op is then the counter's
 * add and store), one for --iterations.
 */
#define KB_FOREVER UINT64_MAX
static inline int kb_done(uint64_t n, uint64_t limit)
{
	return limit != KB_FOREVER && n >= limit;
}
#define KB_LOOP_BODY static inline __attribute__((always_inline)) int
#define KB_LOOP(body)							\
	static int loop(struct kb_task *t, uint64_t limit)		\
	{								\
		return limit == KB_FOREVER ? body(t, KB_FOREVER) : body(t, limit); \
	}

/* A loop's (or setup's) way out when a call other than tc->call failed:
 * the message names call. err is the errno, or EIO for a call that
 * returned the wrong result (a short read, a page that kept its data). */
static inline int kb_fail(struct kb_task *t, const char *call, int err)
{
	t->failed = call;
	return err;
}

/* Keep the compiler from proving p unused (a malloc()/free() pair it could
 * drop, a local it could keep in a register). No instruction. */
#define KB_ESCAPE(p) __asm__ volatile("" : : "r"(p) : "memory")

/*
 * KB_TESTCASE(name) = { ... }; defines a testcase and lists it: a pointer to
 * it goes into the linker section kb_testcases, so a new testcase is one
 * new file in bench/ and nothing else.
 */
#define KB_TESTCASE(id)							\
	static const struct kb_testcase kb_tc_##id;			\
	static const struct kb_testcase *const kb_tc_entry_##id		\
	__attribute__((used, section("kb_testcases"))) = &kb_tc_##id;	\
	static const struct kb_testcase kb_tc_##id

/* The CSV header of kabench's output (also checked by build/guest/parse-console). */
#define KB_CSV_HEADER "kind,test,mode,tasks,sample,elapsed_s,ops,ops_per_s," \
	"task_min_ops_per_s,task_max_ops_per_s,idle_pct"

/* testcases.c: the listed testcases, in link order; lookup by name or alias. */
const struct kb_testcase *const *kb_testcases_begin(void);
const struct kb_testcase *const *kb_testcases_end(void);
const struct kb_testcase *kb_find_testcase(const char *name);

/* tmpfile.c: an open, already unlinked file in dir filled with size bytes;
 * returns the fd, or -1 with errno set. */
int kb_tmpfile(const char *dir, size_t size);
/* The same opened with extra open flags (O_DIRECT: size a multiple of 4096). */
int kb_tmpfile_flags(const char *dir, size_t size, int flags);
/* A setup hook: t->fd is an empty per-task file (the fstat testcases). */
int kb_setup_empty_file(struct kb_task *t);
/* A setup hook's body: t->fd a per-task file of size bytes, t->buf a
 * buffer of bufsize bytes (the read testcases). */
int kb_setup_read_file(struct kb_task *t, size_t size, size_t bufsize);
/* A prepare hook's body: n named files of size bytes in r->dir (each in a
 * directory of its own if own_dirs), r->files[0..n-1]. 0 or an errno. */
int kb_prepare_files(struct kb_run *r, int n, size_t size, int own_dirs);
/* A setup hook's body: t->fd = the prepared file i opened with flags,
 * t->buf a zeroed buffer of bufsize bytes (none if 0). 0 or an errno. */
int kb_open_prepared(struct kb_task *t, int i, int flags, size_t bufsize);
/* The runner's: remove what kb_prepare_files made. */
void kb_remove_prepared(struct kb_run *r);

/* task.c: start fn(h) beside the task, on its CPU: a process forked from
 * the task (processes mode) or a thread of the worker (threads mode), as
 * will-it-scale's new_task() does. h is a copy of *t. fn returns 0 when
 * it sees its task gone (the helper then ends quietly), or an errno on
 * failure (kb_fail(h, ...) names the call): kabench then says so and the
 * helper's process exits (in threads mode the worker with all its tasks).
 * The helper dies with its task in any case. Returns 0 or an errno. */
int kb_start_helper(struct kb_task *t, int (*fn)(struct kb_task *h));

#endif
