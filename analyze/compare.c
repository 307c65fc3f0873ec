// SPDX-License-Identifier: GPL-2.0
/* compare: pairs of cells from summary.csv -> %change, p-value, verdict.
 *
 * usage: compare [--min-effect PCT] [--alpha A] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV
 *        compare [--min-effect PCT] [--alpha A] --rule   (the rule in words)
 *
 * Each pair of PAIRS.CSV is matched for every way of measuring (the WAY
 * columns of analyze/columns: mode, task count, accelerator, CPU model,
 * QEMU CPU spec, profile) that both its cells have. The verdict is
 * stats_verdict's (stats.h; defaults: minimum effect 1%, alpha 0.05). p is
 * the two-sided p-value of Welch's t-test on the per-boot rates (mean,
 * stddev, n of each cell); empty when a cell has fewer than 2 boots, 0 when
 * both stddevs are 0 and the means differ.
 */
#include "columns.h"
#include "csv.h"
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 1024

/* A cell is named by these columns of summary.csv (analyze/columns);
 * WAY is the part that says how it was measured. */
static const char *const cell_cols[] = { COLUMNS_CELL };
enum { NCELL = sizeof(cell_cols) / sizeof(cell_cols[0]) };
static const char *const way_cols[] = { COLUMNS_WAY };
enum { NWAY = sizeof(way_cols) / sizeof(way_cols[0]) };
static const char *const out_cols[] = { COLUMNS_COMPARE };
enum { NOUT = sizeof(out_cols) / sizeof(out_cols[0]) };

struct cell {
	char field[NCELL][128];
	double n, mean, stddev, min, max;
};

static struct cell cells[MAX_ROWS];
static int ncells;

/* Index of NAME in the cell key; exits on a name it lacks (a mistake in
 * analyze/columns). */
static int cell_index(const char *name)
{
	for (int i = 0; i < NCELL; i++)
		if (!strcmp(cell_cols[i], name))
			return i;
	fprintf(stderr, "compare: '%s' is not a cell column (analyze/columns)\n", name);
	exit(2);
}

static const char *cf(const struct cell *c, const char *name)
{
	return c->field[cell_index(name)];
}

static int load_summary(const char *path)
{
	static const char *const figures[] = { "boots", "mean", "stddev", "min", "max" };
	enum { NFIG = sizeof(figures) / sizeof(figures[0]) };
	int col[NCELL], fcol[NFIG], r;
	struct csv in;

	if (csv_open(&in, path))
		return -1;
	for (int i = 0; i < NCELL; i++)
		if ((col[i] = csv_col(&in, cell_cols[i])) < 0)
			return -1;
	for (int i = 0; i < NFIG; i++)
		if ((fcol[i] = csv_col(&in, figures[i])) < 0)
			return -1;
	while ((r = csv_next(&in)) == 1) {
		struct cell *c = &cells[ncells];

		if (ncells == MAX_ROWS) {
			fprintf(stderr, "%s: more than %d cells\n", path, MAX_ROWS);
			return -1;
		}
		for (int i = 0; i < NCELL; i++)
			snprintf(c->field[i], sizeof(c->field[i]), "%s", in.field[col[i]]);
		if (csv_number(&in, fcol[0], &c->n) ||
		    csv_number(&in, fcol[1], &c->mean) ||
		    csv_number(&in, fcol[2], &c->stddev) ||
		    csv_number(&in, fcol[3], &c->min) ||
		    csv_number(&in, fcol[4], &c->max))
			return -1;
		ncells++;
	}
	csv_close(&in);
	if (r < 0)
		return -1;
	if (!ncells) {
		fprintf(stderr, "%s: no cells\n", path);
		return -1;
	}
	return 0;
}

/* The cell of VARIANT/TEST measured the way LIKE was (every WAY column). */
static struct cell *match(const char *variant, const char *test,
			  const struct cell *like)
{
	for (int i = 0; i < ncells; i++) {
		struct cell *c = &cells[i];
		int same = !strcmp(cf(c, "variant"), variant) &&
			   !strcmp(cf(c, "testcase"), test);

		for (int w = 0; same && w < NWAY; w++)
			same = !strcmp(cf(c, way_cols[w]), cf(like, way_cols[w]));
		if (same)
			return c;
	}
	return NULL;
}

/* One row of compare.csv: what each of its columns holds. */
struct row {
	const char *group, *label, *pub, *verdict, *agrees, *p_text;
	const struct cell *base, *new;
	double change, min_effect, alpha;
};

/* Column NAME of ROW: a pair's field, a way column, base_X / new_X of a
 * cell, or a figure of the comparison. */
static void print_col(const char *name, const struct row *r)
{
	const struct cell *c = NULL;
	const char *x = name;

	if (!strncmp(name, "base_", 5))
		c = r->base, x = name + 5;
	else if (!strncmp(name, "new_", 4))
		c = r->new, x = name + 4;
	if (c) {
		if (!strcmp(x, "test"))
			fputs(cf(c, "testcase"), stdout);
		else if (!strcmp(x, "n"))
			printf("%.0f", c->n);
		else if (!strcmp(x, "mean"))
			printf("%.1f", c->mean);
		else if (!strcmp(x, "stddev"))
			printf("%.1f", c->stddev);
		else if (!strcmp(x, "min"))
			printf("%.1f", c->min);
		else if (!strcmp(x, "max"))
			printf("%.1f", c->max);
		else
			fputs(cf(c, x), stdout);	/* variant, kernel */
	} else if (!strcmp(name, "group"))
		fputs(r->group, stdout);
	else if (!strcmp(name, "label"))
		fputs(r->label, stdout);
	else if (!strcmp(name, "change_pct"))
		printf("%+.2f", r->change);
	else if (!strcmp(name, "verdict"))
		fputs(r->verdict, stdout);
	else if (!strcmp(name, "published_pct"))
		fputs(r->pub, stdout);
	else if (!strcmp(name, "sign_agrees"))
		fputs(r->agrees, stdout);
	else if (!strcmp(name, "p_value"))
		fputs(r->p_text, stdout);
	else if (!strcmp(name, "min_effect_pct"))
		printf("%g", r->min_effect);
	else if (!strcmp(name, "alpha"))
		printf("%g", r->alpha);
	else
		fputs(cf(r->base, name), stdout);	/* a way column */
}

/* A finite number in [LO, HI) from an option's value, or exit 2. */
static double option(const char *name, const char *s, double lo, double hi)
{
	char *end;
	double x;

	errno = 0;
	x = s ? strtod(s, &end) : NAN;
	if (!s || errno || end == s || *end || !(x >= lo && x < hi)) {
		fprintf(stderr, "compare: bad %s '%s' (a number from %g to below %g)\n",
			name, s ? s : "", lo, hi);
		exit(2);
	}
	return x;
}

int main(int argc, char **argv)
{
	enum { GROUP, LABEL, BVAR, BTEST, NVAR, NTEST, PUB, NCOLS };
	static const char *const names[NCOLS] = { COLUMNS_PAIRS };
	int col[NCOLS], r, rows = 0;
	double min_effect = 1, alpha = 0.05;
	struct csv pairs;

	while (argc > 2 && argv[1][0] == '-' && strcmp(argv[1], "--rule")) {
		if (!strcmp(argv[1], "--min-effect"))
			min_effect = option("minimum effect (%)", argv[2], 0, 1e6);
		else if (!strcmp(argv[1], "--alpha"))
			alpha = option("alpha", argv[2], 1e-12, 1);
		else
			break;
		argc -= 2;
		argv += 2;
	}
	if (argc == 2 && !strcmp(argv[1], "--rule")) {
		char rule[512];

		stats_rule(rule, sizeof(rule), min_effect, alpha);
		puts(rule);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: compare [--min-effect PCT] [--alpha A] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV | --rule\n");
		return 2;
	}
	if (load_summary(argv[1]) || csv_open(&pairs, argv[2]))
		return 2;
	for (int i = 0; i < NCOLS; i++)
		if ((col[i] = csv_col(&pairs, names[i])) < 0)
			return 2;

	for (int i = 0; i < NOUT; i++)
		printf("%s%s", out_cols[i], i + 1 < NOUT ? "," : "\n");
	while ((r = csv_next(&pairs)) == 1) {
		const char *pub = pairs.field[col[PUB]];
		double published = 0;

		if (*pub && csv_number(&pairs, col[PUB], &published))
			return 2;
		for (int i = 0; i < ncells; i++) {
			struct cell *b = &cells[i], *n;
			const char *verdict, *agrees = "";
			char p_text[32] = "";
			double change, p;

			if (strcmp(cf(b, "variant"), pairs.field[col[BVAR]]) ||
			    strcmp(cf(b, "testcase"), pairs.field[col[BTEST]]))
				continue;
			n = match(pairs.field[col[NVAR]], pairs.field[col[NTEST]], b);
			if (!n || b->mean <= 0)
				continue;
			change = (n->mean / b->mean - 1) * 100;
			p = stats_welch_p(b->mean, b->stddev, b->n,
					  n->mean, n->stddev, n->n);
			verdict = stats_verdict(change, p, min_effect, alpha);
			if (!isnan(p))
				snprintf(p_text, sizeof(p_text), "%.4g", p);
			/* A sign is only compared when the change is one. */
			if (*pub && (!strcmp(verdict, VERDICT_IMPROVED) ||
				     !strcmp(verdict, VERDICT_REGRESSED)))
				agrees = (change > 0) == (published > 0) ? "yes" : "no";
			struct row row = {
				.group = pairs.field[col[GROUP]], .label = pairs.field[col[LABEL]],
				.pub = pub, .verdict = verdict, .agrees = agrees, .p_text = p_text,
				.base = b, .new = n, .change = change,
				.min_effect = min_effect, .alpha = alpha,
			};
			for (int k = 0; k < NOUT; k++) {
				print_col(out_cols[k], &row);
				putchar(k + 1 < NOUT ? ',' : '\n');
			}
			rows++;
		}
	}
	csv_close(&pairs);
	if (r < 0)
		return 2;
	if (!rows) {
		fprintf(stderr, "%s: no pair found both its cells in %s\n",
			argv[2], argv[1]);
		return 2;
	}
	return 0;
}
