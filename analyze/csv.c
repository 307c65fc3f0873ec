// SPDX-License-Identifier: GPL-2.0
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int split(struct csv *c)
{
	char *p = c->buf;
	size_t n = strlen(p);

	if (n && p[n - 1] == '\n')
		p[--n] = '\0';
	if (n && p[n - 1] == '\r')
		p[--n] = '\0';
	if (n + 1 >= sizeof(c->buf)) {
		fprintf(stderr, "%s:%ld: line too long\n", c->path, c->line);
		return -1;
	}
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
	if (!fgets(c->buf, sizeof(c->buf), c->f)) {
		fprintf(stderr, "%s: empty file, no CSV header\n", path);
		return -1;
	}
	c->line = 1;
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
	if (!fgets(c->buf, sizeof(c->buf), c->f))
		return 0;
	c->line++;
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

void csv_close(struct csv *c)
{
	if (c->f)
		fclose(c->f);
	c->f = NULL;
}
