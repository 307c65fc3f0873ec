// SPDX-License-Identifier: GPL-2.0
/* summarize: samples.csv (one row per measured sample) -> summary.csv
 * (one row per cell: kernel x testcase x mode x tasks x accelerator x CPU
 * model x QEMU CPU spec: boots run on different -cpu specs never mix).
 *
 * The unit of replication is the boot: samples of one boot share a kernel
 * instance, so each boot contributes one rate (its ops over its measured
 * time) and n, median, mean, stddev, min and max are taken over boots.
 *
 * usage: summarize SAMPLES.CSV > SUMMARY.CSV
 */
#include "columns.h"
#include "csv.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 512
#define MAX_BOOTS 64
/* The longest value of a key field (a variant, a CPU model, a QEMU CPU
 * spec...): not a limit of the CSV format but of summary.csv's readers,
 * which keep 127 bytes of each (compare.c). A longer one is refused where
 * it is read, not cut. */
#define CELL_FIELD_MAX 127
/* Boots and samples are numbered from 1 (0: a warm-up), in a long. */
#define MAX_BOOT_NUMBER 1000000000L

static const char *const key_cols[] = { COLUMNS_CELL };
#define NKEYS (sizeof(key_cols) / sizeof(key_cols[0]))
static const char *const out_cols[] = { COLUMNS_SUMMARY };
#define NOUT (sizeof(out_cols) / sizeof(out_cols[0]))

struct cell {
	char key[NKEYS * (CELL_FIELD_MAX + 1)];		/* the key fields joined by commas */
	char field[NKEYS][CELL_FIELD_MAX + 1];		/* and each of them */
	double tasks;
	int nboots, nsamples;
	long boot[MAX_BOOTS];
	double ops[MAX_BOOTS], secs[MAX_BOOTS];
	double idle_sum;	/* over the samples that measured it */
	int nidle;
	/* Each boot's first and last sample (by number) and their rates:
	 * the drift of a boot that is not yet in its steady state. */
	long first[MAX_BOOTS], last[MAX_BOOTS];
	double first_rate[MAX_BOOTS], last_rate[MAX_BOOTS];
};

static struct cell cells[MAX_CELLS];
static int ncells;

static struct cell *find_cell(const char *key, struct csv *in, const int *col,
			      double tasks)
{
	for (int i = 0; i < ncells; i++)
		if (!strcmp(cells[i].key, key))
			return &cells[i];
	if (ncells == MAX_CELLS)
		return NULL;
	struct cell *c = &cells[ncells++];
	snprintf(c->key, sizeof(c->key), "%s", key);
	for (size_t k = 0; k < NKEYS; k++)
		snprintf(c->field[k], sizeof(c->field[k]), "%s", in->field[col[k]]);
	c->tasks = tasks;
	return c;
}

static double total(const double *v, int n)
{
	double sum = 0;

	for (int i = 0; i < n; i++)
		sum += v[i];
	return sum;
}

/* A cell whose boots' samples drift: the mean over its boots of the
 * change from the first sample's rate to the last one's, in percent (NAN
 * when no boot has two samples), and whether that drift is a trend beyond
 * the noise. A cell is not steady when the drift is at least DRIFT_MIN_PCT
 * and the boots agree on it: their drifts' one-sample t-test gives
 * p < DRIFT_ALPHA (or they are all equal, as icount's exact boots are).
 * With one boot there is no test: such a cell counts as steady. */
#define DRIFT_MIN_PCT 1.0
#define DRIFT_ALPHA 0.01

struct drift {
	double pct;
	int steady;
};

static struct drift cell_drift(const struct cell *c)
{
	double d[MAX_BOOTS];
	struct drift r = { NAN, 1 };
	struct stats s;
	int n = 0;

	for (int b = 0; b < c->nboots; b++)
		if (c->last[b] > c->first[b] && c->first_rate[b] > 0)
			d[n++] = (c->last_rate[b] / c->first_rate[b] - 1) * 100;
	if (!n)
		return r;
	stats_compute(&s, d, n);
	r.pct = s.mean;
	if (n >= 2 && fabs(s.mean) >= DRIFT_MIN_PCT)
		r.steady = s.stddev > 0 &&
			   stats_t_p(s.mean / (s.stddev / sqrt(n)), n - 1) >= DRIFT_ALPHA;
	return r;
}

/* Column NAME of cell C's row: a key field or a figure over its boots
 * (S) or its samples' drift (D). */
static void print_col(const char *name, const struct cell *c, const struct stats *s,
		      const struct drift *d)
{
	for (size_t k = 0; k < NKEYS; k++)
		if (!strcmp(name, key_cols[k])) {
			fputs(c->field[k], stdout);
			return;
		}
	if (!strcmp(name, "boots"))
		printf("%d", s->n);
	else if (!strcmp(name, "samples"))
		printf("%d", c->nsamples);
	else if (!strcmp(name, "median"))
		printf("%.1f", s->median);
	else if (!strcmp(name, "mean"))
		printf("%.1f", s->mean);
	else if (!strcmp(name, "stddev"))
		printf("%.1f", s->stddev);
	else if (!strcmp(name, "min"))
		printf("%.1f", s->min);
	else if (!strcmp(name, "max"))
		printf("%.1f", s->max);
	else if (!strcmp(name, "per_task"))
		printf("%.1f", s->mean / c->tasks);
	else if (!strcmp(name, "idle_pct")) {
		if (c->nidle)
			printf("%.1f", c->idle_sum / c->nidle);
	} else if (!strcmp(name, "rates")) {
		/* Each boot's rate, for the rank interval (analyze/compare). */
		for (int b = 0; b < c->nboots; b++)
			printf("%s%.1f", b ? ";" : "", c->ops[b] / c->secs[b]);
	} else if (!strcmp(name, "drift_pct")) {
		if (!isnan(d->pct))
			printf("%.3f", d->pct);
	} else if (!strcmp(name, "steady"))
		fputs(d->steady ? "yes" : "no", stdout);
	else if (!strcmp(name, "boot_ids"))
		for (int b = 0; b < c->nboots; b++)
			printf("%s%ld", b ? ";" : "", c->boot[b]);
	else if (!strcmp(name, "boot_s"))
		printf("%.3f", c->nboots ? total(c->secs, c->nboots) / c->nboots : 0);
	else {
		fprintf(stderr, "summarize: no value for column '%s' (analyze/columns)\n", name);
		exit(2);
	}
}

static int add_sample(struct cell *c, long boot, long sample, double ops, double secs)
{
	int b;

	for (b = 0; b < c->nboots && c->boot[b] != boot; b++)
		;
	if (b == c->nboots) {
		if (b == MAX_BOOTS)
			return -1;
		c->boot[b] = boot;
		c->nboots++;
		c->first[b] = c->last[b] = sample;
		c->first_rate[b] = c->last_rate[b] = ops / secs;
	}
	if (sample < c->first[b]) {
		c->first[b] = sample;
		c->first_rate[b] = ops / secs;
	}
	if (sample > c->last[b]) {
		c->last[b] = sample;
		c->last_rate[b] = ops / secs;
	}
	c->ops[b] += ops;
	c->secs[b] += secs;
	c->nsamples++;
	return 0;
}

/* Reads PATH, prints summary.csv on stdout; 2 on bad input (one line on
 * stderr, nothing on stdout). */
static int summarize(const char *path)
{
	struct csv in;
	int key[NKEYS], c_boot, c_sample, c_elapsed, c_ops, c_tasks, c_idle, r, rc = 2;

	if (csv_open(&in, path))
		goto out;
	for (size_t k = 0; k < NKEYS; k++)
		if ((key[k] = csv_col(&in, key_cols[k])) < 0)
			goto out;
	if ((c_boot = csv_col(&in, "boot")) < 0 ||
	    (c_elapsed = csv_col(&in, "elapsed_s")) < 0 ||
	    (c_ops = csv_col(&in, "ops")) < 0 ||
	    (c_tasks = csv_col(&in, "tasks")) < 0)
		goto out;
	c_idle = csv_col_optional(&in, "idle_pct");	/* older runs lack it */
	c_sample = csv_col_optional(&in, "sample");

	while ((r = csv_next(&in)) == 1) {
		char k[sizeof(cells[0].key)];
		size_t len = 0;
		long boot, sample = 0;
		double secs, ops, tasks, idle = -1;

		/* Each field fits: k has room for NKEYS of them and their commas. */
		for (size_t i = 0; i < NKEYS; i++) {
			if (csv_text(&in, key[i], CELL_FIELD_MAX,
				     "CELL_FIELD_MAX in analyze/summarize.c"))
				goto out;
			len += (size_t)snprintf(k + len, sizeof(k) - len, "%s%s",
						i ? "," : "", in.field[key[i]]);
		}
		if (csv_whole(&in, c_boot, 1, MAX_BOOT_NUMBER, &boot) ||
		    csv_number(&in, c_elapsed, &secs) ||
		    csv_number(&in, c_ops, &ops) ||
		    csv_number(&in, c_tasks, &tasks) ||
		    (c_idle >= 0 && in.field[c_idle][0] && csv_number(&in, c_idle, &idle)) ||
		    (c_sample >= 0 && csv_whole(&in, c_sample, 0, MAX_BOOT_NUMBER, &sample)))
			goto out;
		if (secs <= 0 || ops < 0 || tasks < 1) {
			fprintf(stderr, "%s:%ld: impossible sample (elapsed %s, ops %s, tasks %s)\n",
				path, in.line, in.field[c_elapsed],
				in.field[c_ops], in.field[c_tasks]);
			goto out;
		}
		struct cell *c = find_cell(k, &in, key, tasks);
		if (!c || add_sample(c, boot, sample, ops, secs)) {
			fprintf(stderr, "%s:%ld: more than %d cells or %d boots per cell\n",
				path, in.line, MAX_CELLS, MAX_BOOTS);
			goto out;
		}
		if (idle >= 0) {
			c->idle_sum += idle;
			c->nidle++;
		}
	}
	if (r < 0)
		goto out;
	if (!ncells) {
		fprintf(stderr, "%s: no samples\n", path);
		goto out;
	}

	for (size_t k = 0; k < NOUT; k++)
		printf("%s%s", out_cols[k], k + 1 < NOUT ? "," : "\n");
	for (int i = 0; i < ncells; i++) {
		struct cell *c = &cells[i];
		double rate[MAX_BOOTS];
		struct stats s;
		struct drift d = cell_drift(c);

		for (int b = 0; b < c->nboots; b++)
			rate[b] = c->ops[b] / c->secs[b];
		stats_compute(&s, rate, c->nboots);
		for (size_t k = 0; k < NOUT; k++) {
			print_col(out_cols[k], c, &s, &d);
			putchar(k + 1 < NOUT ? ',' : '\n');
		}
	}
	rc = 0;
out:
	csv_close(&in);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: summarize SAMPLES.CSV > SUMMARY.CSV\n");
		return 2;
	}
	return summarize(argv[1]);
}
