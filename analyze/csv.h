/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal CSV reading for kabench's own files: no quoting, no embedded
 * commas (the writers replace commas in free text). */
#ifndef KABENCH_CSV_H
#define KABENCH_CSV_H

#include <stdio.h>

#define CSV_MAX_FIELDS 32

struct csv {
	FILE *f;
	const char *path;
	long line;			/* number of the line last read */
	char buf[4096];
	int nfields;
	char *field[CSV_MAX_FIELDS];
	int nhead;
	char head[CSV_MAX_FIELDS][64];
};

/* Opens PATH and reads its header. Returns -1 with a message on stderr. */
int csv_open(struct csv *c, const char *path);
/* Column number of NAME in the header, or -1 with a message on stderr. */
int csv_col(struct csv *c, const char *name);
/* The same for a column that older files lack: -1, and nothing said. */
int csv_col_optional(struct csv *c, const char *name);
/* Reads the next row: 1 on a row, 0 at end of file, -1 on a malformed row. */
int csv_next(struct csv *c);
/* Parses field I as a finite number; -1 with a message naming it if not. */
int csv_number(struct csv *c, int i, double *out);
/* Parses field I as a whole decimal number in [MIN, MAX]; -1 with a
 * message naming it if not. */
int csv_whole(struct csv *c, int i, long min, long max, long *out);
/* Is field I non-empty and at most MAX bytes long (MAX: the reader's own
 * limit, named LIMIT in the message)? 0 if so, else -1 with a message
 * naming the file, the line, the column and the value. */
int csv_text(struct csv *c, int i, size_t max, const char *limit);
void csv_close(struct csv *c);

#endif
