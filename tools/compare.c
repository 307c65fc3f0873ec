/* compare: pairs of cells from summary.csv -> %change table.
 *
 * usage: compare SUMMARY.CSV PAIRS.CSV > COMPARE.CSV
 *
 * PAIRS.CSV columns: group,label,base_variant,base_test,new_variant,
 * new_test,published_pct. Each pair is matched for every mode and task
 * count that both cells have. A change is marked "*" (beyond noise) when
 * the per-boot ranges of the two cells do not overlap and each has at
 * least 2 boots, "?" when a cell has fewer than 2 boots, and left blank
 * when the ranges overlap.
 */
#include "csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 512

struct cell {
	char variant[64], kernel[128], profile[32], accel[32], cpu[128];
	char test[64], mode[32], tasks[16];
	double n, mean, stddev, min, max;
};

static struct cell cells[MAX_ROWS];
static int ncells;

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src);
}

static int load_summary(const char *path)
{
	static const char *const names[] = {
		"variant", "kernel", "profile", "accel", "cpu_model",
		"testcase", "mode", "tasks", "boots", "mean", "stddev",
		"min", "max",
	};
	int col[13], r;
	struct csv in;

	if (csv_open(&in, path))
		return -1;
	for (int i = 0; i < 13; i++)
		if ((col[i] = csv_col(&in, names[i])) < 0)
			return -1;
	while ((r = csv_next(&in)) == 1) {
		struct cell *c = &cells[ncells];

		if (ncells == MAX_ROWS) {
			fprintf(stderr, "%s: more than %d cells\n", path, MAX_ROWS);
			return -1;
		}
		copy(c->variant, sizeof(c->variant), in.field[col[0]]);
		copy(c->kernel, sizeof(c->kernel), in.field[col[1]]);
		copy(c->profile, sizeof(c->profile), in.field[col[2]]);
		copy(c->accel, sizeof(c->accel), in.field[col[3]]);
		copy(c->cpu, sizeof(c->cpu), in.field[col[4]]);
		copy(c->test, sizeof(c->test), in.field[col[5]]);
		copy(c->mode, sizeof(c->mode), in.field[col[6]]);
		copy(c->tasks, sizeof(c->tasks), in.field[col[7]]);
		if (csv_number(&in, col[8], &c->n) ||
		    csv_number(&in, col[9], &c->mean) ||
		    csv_number(&in, col[10], &c->stddev) ||
		    csv_number(&in, col[11], &c->min) ||
		    csv_number(&in, col[12], &c->max))
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

/* The cell of VARIANT/TEST measured like LIKE (same mode, tasks, accel...). */
static struct cell *match(const char *variant, const char *test,
			  const struct cell *like)
{
	for (int i = 0; i < ncells; i++) {
		struct cell *c = &cells[i];

		if (!strcmp(c->variant, variant) && !strcmp(c->test, test) &&
		    !strcmp(c->mode, like->mode) &&
		    !strcmp(c->tasks, like->tasks) &&
		    !strcmp(c->profile, like->profile) &&
		    !strcmp(c->accel, like->accel) &&
		    !strcmp(c->cpu, like->cpu))
			return c;
	}
	return NULL;
}

static const char *noise_mark(const struct cell *a, const struct cell *b)
{
	if (a->n < 2 || b->n < 2)
		return "?";
	return a->max < b->min || b->max < a->min ? "*" : "";
}

static void print_cell(const struct cell *c)
{
	printf("%s,%s,%s,%.0f,%.1f,%.1f,%.1f,%.1f", c->variant, c->kernel,
	       c->test, c->n, c->mean, c->stddev, c->min, c->max);
}

int main(int argc, char **argv)
{
	enum { GROUP, LABEL, BVAR, BTEST, NVAR, NTEST, PUB, NCOLS };
	static const char *const names[NCOLS] = {
		"group", "label", "base_variant", "base_test", "new_variant",
		"new_test", "published_pct",
	};
	int col[NCOLS], r, rows = 0;
	struct csv pairs;

	if (argc != 3) {
		fprintf(stderr, "usage: compare SUMMARY.CSV PAIRS.CSV > COMPARE.CSV\n");
		return 2;
	}
	if (load_summary(argv[1]) || csv_open(&pairs, argv[2]))
		return 2;
	for (int i = 0; i < NCOLS; i++)
		if ((col[i] = csv_col(&pairs, names[i])) < 0)
			return 2;

	printf("group,label,accel,cpu_model,profile,mode,tasks,"
	       "base_variant,base_kernel,base_test,base_n,base_mean,base_stddev,base_min,base_max,"
	       "new_variant,new_kernel,new_test,new_n,new_mean,new_stddev,new_min,new_max,"
	       "change_pct,beyond_noise,published_pct,sign_agrees\n");
	while ((r = csv_next(&pairs)) == 1) {
		const char *pub = pairs.field[col[PUB]];
		double published = 0;

		if (*pub && csv_number(&pairs, col[PUB], &published))
			return 2;
		for (int i = 0; i < ncells; i++) {
			struct cell *b = &cells[i], *n;

			if (strcmp(b->variant, pairs.field[col[BVAR]]) ||
			    strcmp(b->test, pairs.field[col[BTEST]]))
				continue;
			n = match(pairs.field[col[NVAR]], pairs.field[col[NTEST]], b);
			if (!n || b->mean <= 0)
				continue;
			double change = (n->mean / b->mean - 1) * 100;
			printf("%s,%s,%s,%s,%s,%s,%s,", pairs.field[col[GROUP]],
			       pairs.field[col[LABEL]], b->accel, b->cpu,
			       b->profile, b->mode, b->tasks);
			print_cell(b);
			putchar(',');
			print_cell(n);
			printf(",%+.2f,%s,%s,%s\n", change,
			       noise_mark(b, n), pub,
			       !*pub ? "" : (change > 0) == (published > 0) ? "yes" : "no");
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
