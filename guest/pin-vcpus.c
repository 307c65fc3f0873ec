// SPDX-License-Identifier: GPL-2.0
/* pin-vcpus QMP_SOCKET CPULIST: pin QEMU's vCPU threads, one per host CPU.
 *
 * Connects to QEMU's QMP unix socket, does the qmp_capabilities handshake,
 * asks query-cpus-fast for each vCPU's host thread id and pins vCPU i (in
 * cpu-index order) to the i-th CPU of CPULIST ("0-3", "2,5", "0,2-3") with
 * sched_setaffinity. Prints one line per vCPU:
 *
 *     vcpu I thread TID host-cpu C
 *
 * Exit: 0 all pinned; 1 QMP or pinning failed (one line on stderr);
 * 2 bad input, or more vCPUs than CPUs in CPULIST (one line, nothing pinned).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_VCPUS 1024
#define TIMEOUT_MS 5000

static const char *me = "pin-vcpus";
static char buf[1 << 20];	/* one QMP reply line */
static size_t have;		/* bytes in buf, not yet returned */

static int fail(int code, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", me);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	return code;
}

/* CPULIST -> cpus[], returns the count, or -1 (message printed). */
static int parse_cpulist(const char *list, int *cpus, int max)
{
	const char *p = list;
	int n = 0;

	while (*p) {
		char *end;
		long lo, hi;

		if (*p < '0' || *p > '9')
			goto bad;
		lo = hi = strtol(p, &end, 10);
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				goto bad;
			hi = strtol(end + 1, &end, 10);
		}
		if (lo > hi || hi >= CPU_SETSIZE || (*end && *end != ',') ||
		    (*end == ',' && !end[1]))
			goto bad;
		for (long c = lo; c <= hi; c++) {
			for (int i = 0; i < n; i++)
				if (cpus[i] == c) {
					fprintf(stderr, "%s: CPULIST '%s': cpu %ld given twice\n",
						me, list, c);
					return -1;
				}
			if (n == max)
				goto bad;
			cpus[n++] = (int)c;
		}
		p = *end ? end + 1 : end;
	}
	if (n)
		return n;
bad:
	fprintf(stderr, "%s: bad CPULIST '%s' (want e.g. 0-3 or 0,2,4; cpus < %d)\n",
		me, list, CPU_SETSIZE);
	return -1;
}

/* The next line QEMU sends, without its CR LF; NULL on error/timeout. */
static char *read_line(int fd)
{
	static size_t consumed;

	memmove(buf, buf + consumed, have - consumed);
	have -= consumed;
	consumed = 0;
	for (;;) {
		char *nl = memchr(buf, '\n', have);
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t r;

		if (nl) {
			*nl = 0;
			if (nl > buf && nl[-1] == '\r')
				nl[-1] = 0;
			consumed = nl + 1 - buf;
			return buf;
		}
		if (have == sizeof(buf) - 1) {
			fail(1, "QMP line longer than %s bytes", "1 MiB");
			return NULL;
		}
		if (poll(&pfd, 1, TIMEOUT_MS) != 1) {
			fail(1, "no answer from QEMU within %s s", "5");
			return NULL;
		}
		r = read(fd, buf + have, sizeof(buf) - 1 - have);
		if (r <= 0) {
			fail(1, "QMP connection closed: %s", r ? strerror(errno) : "end of file");
			return NULL;
		}
		have += r;
	}
}

/* Send COMMAND, return its reply line ({"return": ...}); events are skipped. */
static char *execute(int fd, const char *command)
{
	char msg[128];
	int len = snprintf(msg, sizeof(msg), "{\"execute\": \"%s\"}\n", command);
	char *line;

	if (write(fd, msg, len) != len) {
		fail(1, "writing to QMP: %s", strerror(errno));
		return NULL;
	}
	while ((line = read_line(fd))) {
		if (!strncmp(line, "{\"return\"", 9))
			return line;
		if (!strncmp(line, "{\"error\"", 8)) {
			fprintf(stderr, "%s: QMP %s failed: %.200s\n", me, command, line);
			return NULL;
		}
		/* an event: skip it */
	}
	return NULL;
}

/* End of the JSON string starting at the quote S (the closing quote). */
static const char *string_end(const char *s)
{
	for (s++; *s && *s != '"'; s++)
		if (*s == '\\' && s[1])
			s++;
	return s;
}

/* End of the JSON object or array starting at S (its closing bracket). */
static const char *value_end(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '"')
			s = string_end(s);
		else if (*s == '{' || *s == '[')
			depth++;
		else if ((*s == '}' || *s == ']') && --depth == 0)
			return s;
		if (!*s)
			break;
	}
	return NULL;
}

/* The integer member KEY of the object O..END (its own members only, not
 * those of nested objects: props has a thread-id of its own). */
static int member(const char *o, const char *end, const char *key, long *out)
{
	int depth = 0;
	size_t klen = strlen(key);

	for (const char *s = o; s < end; s++) {
		if (*s == '"') {
			const char *e = string_end(s);
			const char *v = e + 1;

			while (*v == ' ')
				v++;
			if (depth == 1 && *v == ':' && (size_t)(e - s - 1) == klen &&
			    !strncmp(s + 1, key, klen)) {
				char *num_end;

				*out = strtol(v + 1, &num_end, 10);
				return num_end == v + 1 ? -1 : 0;
			}
			s = e;
		} else if (*s == '{' || *s == '[') {
			depth++;
		} else if (*s == '}' || *s == ']') {
			depth--;
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	static int cpus[CPU_SETSIZE];
	long index[MAX_VCPUS], tid[MAX_VCPUS];
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int ncpus, nvcpus = 0, fd;
	char *line;
	const char *p;

	if (argc != 3)
		return fail(2, "usage: %s QMP_SOCKET CPULIST", "pin-vcpus");
	if ((ncpus = parse_cpulist(argv[2], cpus, CPU_SETSIZE)) < 0)
		return 2;
	if (strlen(argv[1]) >= sizeof(addr.sun_path))
		return fail(2, "QMP socket path too long: '%s'", argv[1]);
	strcpy(addr.sun_path, argv[1]);

	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fprintf(stderr, "%s: cannot connect to QMP socket '%s': %s\n", me,
			argv[1], strerror(errno));
		return 1;
	}
	if (!(line = read_line(fd)))
		return 1;
	if (strncmp(line, "{\"QMP\"", 6))
		return fail(1, "not a QMP greeting: %.200s", line);
	if (!execute(fd, "qmp_capabilities") || !(line = execute(fd, "query-cpus-fast")))
		return 1;

	p = strchr(line, '[');
	const char *array_end = p ? value_end(p) : NULL;
	if (!array_end)
		return fail(1, "query-cpus-fast: no list in %.200s", line);
	for (p++; p < array_end; p++) {
		const char *e;

		if (*p == '"')		/* a '{' in a string is no vCPU */
			p = string_end(p);
		if (*p != '{')
			continue;
		if (!(e = value_end(p)))
			break;
		if (nvcpus == MAX_VCPUS)
			return fail(1, "more than %s vCPUs", "1024");
		if (member(p, e, "cpu-index", &index[nvcpus]) ||
		    member(p, e, "thread-id", &tid[nvcpus]) || tid[nvcpus] <= 0)
			return fail(1, "query-cpus-fast: a vCPU without cpu-index or thread-id: %.200s", p);
		nvcpus++;
		p = e;
	}
	if (!nvcpus)
		return fail(1, "query-cpus-fast listed no vCPUs: %.200s", line);
	if (nvcpus > ncpus) {
		fprintf(stderr, "%s: %d vCPUs but only %d host CPUs in '%s': refusing to share host CPUs\n",
			me, nvcpus, ncpus, argv[2]);
		return 2;
	}
	/* cpu-index order (insertion sort: a handful of vCPUs). */
	for (int i = 1; i < nvcpus; i++)
		for (int j = i; j > 0 && index[j - 1] > index[j]; j--) {
			long t = index[j]; index[j] = index[j - 1]; index[j - 1] = t;
			t = tid[j]; tid[j] = tid[j - 1]; tid[j - 1] = t;
		}
	for (int i = 0; i < nvcpus; i++) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpus[i], &set);
		if (sched_setaffinity((pid_t)tid[i], sizeof(set), &set)) {
			fprintf(stderr, "%s: vcpu %ld thread %ld: sched_setaffinity to cpu %d: %s\n",
				me, index[i], tid[i], cpus[i], strerror(errno));
			return 1;
		}
		printf("vcpu %ld thread %ld host-cpu %d\n", index[i], tid[i], cpus[i]);
	}
	return 0;
}
