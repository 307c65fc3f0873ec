// SPDX-License-Identifier: GPL-2.0
/* compare: pairs of cells from summary.csv -> %change, its interval, the
 * verdict.
 *
 * usage: compare [--min-effect PCT] [--alpha A] [--paired] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV
 *        compare [--min-effect PCT] [--alpha A] [--paired] --rule   (the rule in words)
 *
 * --paired (a duet run: boot i of each kernel ran at once): where time is
 * real the interval is the paired one over boots of the same number
 * (summary.csv's boot_ids; verdict_paired), which cancels the drift both
 * boots of a pair saw.
 *
 * Each pair of PAIRS.CSV is matched for every way of measuring (the WAY
 * columns of analyze/columns: mode, task count, accelerator, CPU model,
 * QEMU CPU spec, profile) that both its cells have. Its %change has a
 * 1 - A interval (verdict.h): Welch's under icount, where boots repeat
 * and only the kernel's own randomisation differs between them; where
 * time is real, the rank interval over the boots' rates (summary.csv's
 * rates; a summary without them falls back to Welch's), and a change is
 * only called where Benjamini-Hochberg at rate A over all such pairs of
 * the file selects the pair, its interval then at 1 - R A / M (Benjamini
 * and Yekutieli's false coverage rate). verdict_of names the verdict; a
 * cell whose samples still drift (summary.csv's steady) gets "can't tell".
 * p is the two-sided p-value of the interval's test (Welch's t, or the
 * exact Mann-Whitney); empty when a cell has fewer than 2 boots.
 */
#include "columns.h"
#include "csv.h"
#include "stats.h"
#include "verdict.h"

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
	double rate[VERDICT_MAX_BOOTS];	/* each boot's; nrates 0: not given */
	long boot_id[VERDICT_MAX_BOOTS];	/* their boot numbers; nids 0: not given */
	int nrates, nids;
	int steady;			/* 0: its samples drift */
	double drift, boot_s;		/* NAN: not given */
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

/* Each boot's rate from summary.csv's rates ("r1;r2;..."): as many as
 * the cell's boots, each above 0; an empty field gives none. */
static int load_rates(struct cell *c, const char *text, const char *path, long line)
{
	const char *s = text;

	c->nrates = 0;
	while (*s) {
		char *end;
		double x;

		errno = 0;
		x = strtod(s, &end);
		if (end == s || errno || !(x >= 0) || !isfinite(x) ||
		    (*end && *end != ';') || c->nrates == VERDICT_MAX_BOOTS)
			goto bad;
		c->rate[c->nrates++] = x;
		s = *end ? end + 1 : end;
	}
	if (c->nrates && c->nrates != (int)c->n)
		goto bad;
	return 0;
bad:
	fprintf(stderr, "%s:%ld: bad rates '%.60s' (a rate >= 0 for each of its %.0f boots, ';' between them, at most %d)\n",
		path, line, text, c->n, VERDICT_MAX_BOOTS);
	return -1;
}

/* Each rate's boot number from summary.csv's boot_ids ("1;2;..."): as
 * many as its rates. */
static int load_ids(struct cell *c, const char *text, const char *path, long line)
{
	const char *s = text;

	c->nids = 0;
	while (*s) {
		char *end;
		long x;

		errno = 0;
		x = strtol(s, &end, 10);
		if (end == s || errno || x < 1 || (*end && *end != ';') || c->nids == VERDICT_MAX_BOOTS)
			goto bad;
		c->boot_id[c->nids++] = x;
		s = *end ? end + 1 : end;
	}
	if (c->nids && c->nids != c->nrates)
		goto bad;
	return 0;
bad:
	fprintf(stderr, "%s:%ld: bad boot_ids '%.60s' (a boot number >= 1 for each of its %d rates, ';' between them)\n",
		path, line, text, c->nrates);
	return -1;
}

static int load_summary(const char *path)
{
	static const char *const figures[] = { "boots", "mean", "stddev", "min", "max" };
	enum { NFIG = sizeof(figures) / sizeof(figures[0]) };
	int col[NCELL], fcol[NFIG], c_rates, c_steady, c_drift, c_boot_s, c_ids, r;
	struct csv in;

	if (csv_open(&in, path))
		return -1;
	for (int i = 0; i < NCELL; i++)
		if ((col[i] = csv_col(&in, cell_cols[i])) < 0)
			return -1;
	for (int i = 0; i < NFIG; i++)
		if ((fcol[i] = csv_col(&in, figures[i])) < 0)
			return -1;
	/* Older runs lack these. */
	c_rates = csv_col_optional(&in, "rates");
	c_steady = csv_col_optional(&in, "steady");
	c_drift = csv_col_optional(&in, "drift_pct");
	c_boot_s = csv_col_optional(&in, "boot_s");
	c_ids = csv_col_optional(&in, "boot_ids");
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
		c->steady = c_steady < 0 || strcmp(in.field[c_steady], "no");
		c->drift = c->boot_s = NAN;
		if ((c_drift >= 0 && in.field[c_drift][0] && csv_number(&in, c_drift, &c->drift)) ||
		    (c_boot_s >= 0 && in.field[c_boot_s][0] && csv_number(&in, c_boot_s, &c->boot_s)) ||
		    (c_rates >= 0 && load_rates(c, in.field[c_rates], path, in.line)) ||
		    (c_ids >= 0 && load_ids(c, in.field[c_ids], path, in.line)))
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
	char group[128], label[128], pub[32];
	const char *verdict, *agrees, *method;
	const struct cell *base, *new;
	struct change ch;
	int real;		/* time is real: the rank rule and the FDR */
	int selected;		/* by Benjamini-Hochberg (1 where it does not apply) */
	double detectable, boots_needed;
};

static struct row rows[MAX_ROWS];
static int nrows;
static int paired;	/* --paired: a duet run */

static void print_number(const char *fmt, double x)
{
	if (!isnan(x))
		printf(fmt, x);
}

/* Column NAME of ROW: a pair's field, a way column, base_X / new_X of a
 * cell, or a figure of the comparison. */
static void print_col(const char *name, const struct row *r, int m,
		      double min_effect, double alpha)
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
		printf("%+.2f", r->ch.pct);
	else if (!strcmp(name, "verdict"))
		fputs(r->verdict, stdout);
	else if (!strcmp(name, "published_pct"))
		fputs(r->pub, stdout);
	else if (!strcmp(name, "sign_agrees"))
		fputs(r->agrees, stdout);
	else if (!strcmp(name, "p_value"))
		print_number("%.4g", r->ch.p);
	else if (!strcmp(name, "min_effect_pct"))
		printf("%g", min_effect);
	else if (!strcmp(name, "alpha"))
		printf("%g", alpha);
	else if (!strcmp(name, "ci_lo_pct"))
		print_number("%+.2f", r->ch.lo);
	else if (!strcmp(name, "ci_hi_pct"))
		print_number("%+.2f", r->ch.hi);
	else if (!strcmp(name, "ci_level"))
		printf("%.6g", r->ch.level);
	else if (!strcmp(name, "ci_method"))
		fputs(r->method, stdout);
	else if (!strcmp(name, "fdr_pairs")) {
		if (r->real)
			printf("%d", m);
	} else if (!strcmp(name, "detectable_pct"))
		print_number("%.2f", r->detectable);
	else if (!strcmp(name, "boots_needed"))
		print_number("%.0f", r->boots_needed);
	else if (!strcmp(name, "steady"))
		fputs(r->base->steady && r->new->steady ? "yes" : "no", stdout);
	else
		fputs(cf(r->base, name), stdout);	/* a way column */
}

/* The interval of ROW's change at LEVEL, by its method. */
static void interval(struct row *r, double level)
{
	const struct cell *b = r->base, *n = r->new;
	double pct = r->ch.pct, halfwidth;

	verdict_welch(&r->ch, b->mean, b->stddev, b->n, n->mean, n->stddev, n->n, level);
	halfwidth = r->ch.halfwidth;
	r->method = "welch";
	if (r->real && paired && b->nids && n->nids) {
		/* boot i of one kernel against boot i of the other */
		double x[VERDICT_MAX_BOOTS], y[VERDICT_MAX_BOOTS];
		int m = 0;

		for (int i = 0; i < b->nids; i++)
			for (int j = 0; j < n->nids; j++)
				if (b->boot_id[i] == n->boot_id[j]) {
					x[m] = b->rate[i];
					y[m++] = n->rate[j];
				}
		verdict_paired(&r->ch, x, y, m, level);
		r->method = "paired";
	} else if (r->real && b->nrates && n->nrates) {
		verdict_rank(&r->ch, b->rate, b->nrates, n->rate, n->nrates, level);
		r->method = "rank";
	}
	r->ch.pct = pct;
	r->ch.halfwidth = halfwidth;
}

/* The rule in words, for table.txt and report.md. */
static void print_rule(double min_effect, double alpha)
{
	printf("%%change [%g%% interval]: inside ±%g%% (a change under %g%%) is \"%s\"; "
	       "at or above +%g%% \"%s\", at or below -%g%% \"%s\" (ops/s up or down); "
	       "else \"%s\", with the smallest change the run could see and the boots a side "
	       "that would settle it. The interval is Welch's under icount (boots repeat); "
	       "where time is real it is the rank interval over every pair of boots (Hodges-Lehmann), "
	       "%s"
	       "and a change needs Benjamini-Hochberg over the run's pairs at false discovery rate %g "
	       "(its interval then at 1 - R x %g / M for R of M pairs selected); "
	       "a cell whose samples still drift is \"%s\" (not steady)\n",
	       (1 - alpha) * 100, min_effect, min_effect, VERDICT_NO_CHANGE,
	       min_effect, VERDICT_IMPROVED, min_effect, VERDICT_REGRESSED,
	       VERDICT_CANT_TELL,
	       paired ? "(a duet: the paired interval over boots that ran at once, Wilcoxon's signed ranks), " : "",
	       alpha, alpha, VERDICT_CANT_TELL);
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
	int col[NCOLS], r, m = 0, nsel, min_boots, min_pairs = 2;
	double min_effect = 1, alpha = 0.05, p[MAX_ROWS];
	int sel[MAX_ROWS];
	struct csv pairs;

	while (argc > 2 && argv[1][0] == '-' && strcmp(argv[1], "--rule")) {
		if (!strcmp(argv[1], "--min-effect"))
			min_effect = option("minimum effect (%)", argv[2], 0, 1e6);
		else if (!strcmp(argv[1], "--alpha"))
			alpha = option("alpha", argv[2], 1e-12, 1);
		else if (!strcmp(argv[1], "--paired")) {
			paired = 1;
			argc--;
			argv++;
			continue;
		} else
			break;
		argc -= 2;
		argv += 2;
	}
	if (argc == 2 && !strcmp(argv[1], "--rule")) {
		print_rule(min_effect, alpha);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: compare [--min-effect PCT] [--alpha A] [--paired] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV | --rule\n");
		return 2;
	}
	if (load_summary(argv[1]) || csv_open(&pairs, argv[2]))
		return 2;
	for (int i = 0; i < NCOLS; i++)
		if ((col[i] = csv_col(&pairs, names[i])) < 0)
			return 2;

	while ((r = csv_next(&pairs)) == 1) {
		const char *pub = pairs.field[col[PUB]];
		double published = 0;

		if (*pub && csv_number(&pairs, col[PUB], &published))
			return 2;
		for (int i = 0; i < ncells; i++) {
			struct cell *b = &cells[i], *n;
			struct row *w = &rows[nrows];

			if (strcmp(cf(b, "variant"), pairs.field[col[BVAR]]) ||
			    strcmp(cf(b, "testcase"), pairs.field[col[BTEST]]))
				continue;
			n = match(pairs.field[col[NVAR]], pairs.field[col[NTEST]], b);
			if (!n || b->mean <= 0)
				continue;
			if (nrows == MAX_ROWS) {
				fprintf(stderr, "%s: more than %d compared pairs\n", argv[2], MAX_ROWS);
				return 2;
			}
			snprintf(w->group, sizeof(w->group), "%s", pairs.field[col[GROUP]]);
			snprintf(w->label, sizeof(w->label), "%s", pairs.field[col[LABEL]]);
			snprintf(w->pub, sizeof(w->pub), "%s", pub);
			w->base = b;
			w->new = n;
			w->ch.pct = (n->mean / b->mean - 1) * 100;
			w->real = strcmp(cf(b, "accel"), "icount") != 0;
			w->agrees = "";
			interval(w, 1 - alpha);
			if (w->real)
				p[m++] = w->ch.p;
			nrows++;
		}
	}
	csv_close(&pairs);
	if (r < 0)
		return 2;
	if (!nrows) {
		fprintf(stderr, "%s: no pair found both its cells in %s\n",
			argv[2], argv[1]);
		return 2;
	}

	/* The false discovery rate over the pairs where time is real; a
	 * selected pair's interval at Benjamini and Yekutieli's level. */
	nsel = verdict_bh(p, m, alpha, sel);
	min_boots = verdict_rank_min_boots(m, alpha);
	/* a signed-rank test of n pairs gives p no lower than 2^(1-n) */
	while (min_pairs < VERDICT_MAX_BOOTS && ldexp(1, 1 - min_pairs) > alpha / (m > 0 ? m : 1))
		min_pairs++;
	for (int i = 0, k = 0; i < nrows; i++) {
		struct row *w = &rows[i];
		double published = atof(w->pub);
		int boots = (int)fmin(w->base->n, w->new->n);

		w->selected = 1;
		if (w->real) {
			w->selected = sel[k++];
			if (w->selected && nsel > 1)
				interval(w, 1 - nsel * alpha / m);
		}
		w->verdict = verdict_of(&w->ch, min_effect, w->selected);
		if (!w->base->steady || !w->new->steady)
			w->verdict = VERDICT_CANT_TELL;
		w->detectable = w->boots_needed = NAN;
		if (!strcmp(w->verdict, VERDICT_CANT_TELL)) {
			w->detectable = verdict_detectable(&w->ch, min_effect);
			w->boots_needed = verdict_boots_needed(&w->ch, min_effect, boots,
							       !w->real ? 2 : !strcmp(w->method, "rank") ? min_boots :
							       !strcmp(w->method, "paired") ? min_pairs : 2);
		}
		/* A sign is only compared when the change is one. */
		if (*w->pub && (!strcmp(w->verdict, VERDICT_IMPROVED) ||
				!strcmp(w->verdict, VERDICT_REGRESSED)))
			w->agrees = (w->ch.pct > 0) == (published > 0) ? "yes" : "no";
	}

	for (int i = 0; i < NOUT; i++)
		printf("%s%s", out_cols[i], i + 1 < NOUT ? "," : "\n");
	for (int i = 0; i < nrows; i++)
		for (int k = 0; k < NOUT; k++) {
			print_col(out_cols[k], &rows[i], m, min_effect, alpha);
			putchar(k + 1 < NOUT ? ',' : '\n');
		}
	return 0;
}
