/* kabench: the testcase interface and what the runner shares with tasks. */
#ifndef KABENCH_H
#define KABENCH_H

#include <stdint.h>
#include <stddef.h>

#define KB_CACHELINE 64
#define KB_MAX_TASKS 1024

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

/* What a testcase's hooks get: per task, owned by that task. */
struct kb_task {
	int index;		/* 0 .. tasks-1 */
	const char *dir;	/* directory for test files */
	int fd;			/* set up by the testcase, -1 otherwise */
	void *buf;		/* set up by the testcase, NULL otherwise */
	long expect;		/* an expected result, if the testcase needs one */
	uint64_t *ops;		/* this task's counter (in its kb_slot) */
};

struct kb_testcase {
	const char *name;
	const char *desc;
	/* Once, in the parent, before any task starts (optional). Returns 0,
	 * KB_UNSUPPORTED_ERR when the running kernel cannot run the testcase,
	 * or an errno value. */
	int (*probe)(const char *dir);
	/* Per task, in the task, after pinning (optional): 0 or an errno. */
	int (*setup)(struct kb_task *t);
	/* The measured loop: counts each op with kb_count() and returns 0 once
	 * limit ops are done, or the errno of the failed call. */
	int (*loop)(struct kb_task *t, uint64_t limit);
	/* Name of the measured call, for error messages. */
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
 * KB_TESTCASE(name) = { ... }; defines a testcase and lists it: a pointer to
 * it goes into the linker section kb_testcases, so a new testcase is one
 * new file in bench/ and nothing else.
 */
#define KB_TESTCASE(id)							\
	static const struct kb_testcase kb_tc_##id;			\
	static const struct kb_testcase *const kb_tc_entry_##id		\
	__attribute__((used, section("kb_testcases"))) = &kb_tc_##id;	\
	static const struct kb_testcase kb_tc_##id

/* The CSV header of kabench's output (also checked by guest/parse-console). */
#define KB_CSV_HEADER "kind,test,mode,tasks,sample,elapsed_s,ops,ops_per_s," \
	"task_min_ops_per_s,task_max_ops_per_s"

/* testcases.c: the listed testcases, in link order; lookup by name. */
const struct kb_testcase *const *kb_testcases_begin(void);
const struct kb_testcase *const *kb_testcases_end(void);
const struct kb_testcase *kb_find_testcase(const char *name);

/* tmpfile.c: an open, already unlinked file in dir filled with size bytes;
 * returns the fd, or -1 with errno set. */
int kb_tmpfile(const char *dir, size_t size);
/* A setup hook: t->fd is an empty per-task file (the fstat testcases). */
int kb_setup_empty_file(struct kb_task *t);
/* A setup hook's body: t->fd a per-task file of size bytes, t->buf a
 * buffer of bufsize bytes (the read testcases). */
int kb_setup_read_file(struct kb_task *t, size_t size, size_t bufsize);

#endif
