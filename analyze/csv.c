// SPDX-License-Identifier: GPL-2.0
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Reads the next line into c->buf, without its end of line: 1, 0 at the
 * end of the file, -1 (with a message) for a line too long for buf or
 * holding a NUL byte: no line is ever read in pieces. */
static int read_line(struct csv *c)
{
	size_t n = 0;
	int ch;

	while ((ch = getc(c->f)) != EOF && ch != '\n') {
		if (!ch) {
			fprintf(stderr, "%s:%ld: a NUL byte in the line\n", c->path, c->line + 1);
			return -1;
		}
		if (n + 1 >= sizeof(c->buf)) {
			fprintf(stderr, "%s:%ld: line longer than %zu bytes\n",
				c->path, c->line + 1, sizeof(c->buf) - 2);
			return -1;
		}
		c->buf[n++] = (char)ch;
	}
	if (ch == EOF && !n)
		return 0;
	if (n && c->buf[n - 1] == '\r')
		n--;
	c->buf[n] = '\0';
	c->line++;
	return 1;
}

static int split(struct csv *c)
{
	char *p = c->buf;

	c->nfields = 0;
	for (;;) {
		if (c->nfields == CSV_MAX_FIELDS) {
			fprintf(stderr, "%s:%ld: more than %d fields\n",
				c->path, c->line, CSV_MAX_FIELDS);
			return -1;
		}
		c->field[c->nfields++] = p;
		p = strchr(p, ',');
		if (!p)
			return 0;
		*p++ = '\0';
	}
}

int csv_open(struct csv *c, const char *path)
{
	memset(c, 0, sizeof(*c));
	c->path = path;
	c->f = fopen(path, "r");
	if (!c->f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	switch (read_line(c)) {
	case 0:
		fprintf(stderr, "%s: empty file, no CSV header\n", path);
		/* fall through */
	case -1:
		return -1;
	}
	if (split(c))
		return -1;
	c->nhead = c->nfields;
	for (int i = 0; i < c->nhead; i++)
		snprintf(c->head[i], sizeof(c->head[i]), "%s", c->field[i]);
	return 0;
}

int csv_col_optional(struct csv *c, const char *name)
{
	for (int i = 0; i < c->nhead; i++)
		if (!strcmp(c->head[i], name))
			return i;
	return -1;
}

int csv_col(struct csv *c, const char *name)
{
	int i = csv_col_optional(c, name);

	if (i >= 0)
		return i;
	fprintf(stderr, "%s: no column '%s' in the header\n", c->path, name);
	return -1;
}

int csv_next(struct csv *c)
{
	int r = read_line(c);

	if (r <= 0)
		return r;
	if (split(c))
		return -1;
	if (c->nfields != c->nhead) {
		fprintf(stderr, "%s:%ld: %d fields, the header has %d\n",
			c->path, c->line, c->nfields, c->nhead);
		return -1;
	}
	return 1;
}

int csv_number(struct csv *c, int i, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(c->field[i], &end);
	if (errno || end == c->field[i] || *end || !isfinite(*out)) {
		fprintf(stderr, "%s:%ld: %s '%s' is not a number\n",
			c->path, c->line, c->head[i], c->field[i]);
		return -1;
	}
	return 0;
}

int csv_whole(struct csv *c, int i, long min, long max, long *out)
{
	const char *s = c->field[i];
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	if (errno || end == s || *end || *s == ' ' || *out < min || *out > max) {
		fprintf(stderr, "%s:%ld: %s '%s' is not a whole number from %ld to %ld\n",
			c->path, c->line, c->head[i], s, min, max);
		return -1;
	}
	return 0;
}

int csv_text(struct csv *c, int i, size_t max, const char *limit)
{
	size_t n = strlen(c->field[i]);

	if (!n) {
		fprintf(stderr, "%s:%ld: empty %s\n", c->path, c->line, c->head[i]);
		return -1;
	}
	if (n > max) {
		fprintf(stderr, "%s:%ld: %s '%.40s...' is %zu bytes: longer than the limit of %zu (%s)\n",
			c->path, c->line, c->head[i], c->field[i], n, max, limit);
		return -1;
	}
	return 0;
}

void csv_close(struct csv *c)
{
	if (c->f)
		fclose(c->f);
	c->f = NULL;
}
