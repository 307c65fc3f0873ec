/* compare: pairs of cells from summary.csv -> %change, p-value, verdict.
 *
 * usage: compare [--min-effect PCT] [--alpha A] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV
 *
 * PAIRS.CSV columns: group,label,base_variant,base_test,new_variant,
 * new_test,published_pct. Each pair is matched for every mode, task count,
 * accelerator, CPU model and QEMU CPU spec that both cells have.
 *
 * The significance rule (defaults: minimum effect 1%, alpha 0.05):
 *   |change| < min effect, or no difference at all   "no change"
 *   else Welch's t-test p < alpha                    "improved" / "regressed"
 *   else (p >= alpha, or a cell has < 2 boots)       "within noise"
 * p is the two-sided p-value of Welch's t-test on the per-boot rates
 * (mean, stddev, n of each cell); empty when a cell has fewer than 2 boots,
 * 0 when both stddevs are 0 and the means differ.
 */
#include "csv.h"
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 1024

struct cell {
	char variant[64], kernel[128], profile[32], accel[32], cpu[128];
	char qemu_cpu[128], test[64], mode[32], tasks[16];
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
		"qemu_cpu", "testcase", "mode", "tasks", "boots", "mean",
		"stddev", "min", "max",
	};
	enum { NNAMES = sizeof(names) / sizeof(names[0]) };
	int col[NNAMES], r;
	struct csv in;

	if (csv_open(&in, path))
		return -1;
	for (int i = 0; i < NNAMES; i++)
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
		copy(c->qemu_cpu, sizeof(c->qemu_cpu), in.field[col[5]]);
		copy(c->test, sizeof(c->test), in.field[col[6]]);
		copy(c->mode, sizeof(c->mode), in.field[col[7]]);
		copy(c->tasks, sizeof(c->tasks), in.field[col[8]]);
		if (csv_number(&in, col[9], &c->n) ||
		    csv_number(&in, col[10], &c->mean) ||
		    csv_number(&in, col[11], &c->stddev) ||
		    csv_number(&in, col[12], &c->min) ||
		    csv_number(&in, col[13], &c->max))
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
		    !strcmp(c->cpu, like->cpu) &&
		    !strcmp(c->qemu_cpu, like->qemu_cpu))
			return c;
	}
	return NULL;
}

static void print_cell(const struct cell *c)
{
	printf("%s,%s,%s,%.0f,%.1f,%.1f,%.1f,%.1f", c->variant, c->kernel,
	       c->test, c->n, c->mean, c->stddev, c->min, c->max);
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
	static const char *const names[NCOLS] = {
		"group", "label", "base_variant", "base_test", "new_variant",
		"new_test", "published_pct",
	};
	int col[NCOLS], r, rows = 0;
	double min_effect = 1, alpha = 0.05;
	struct csv pairs;

	while (argc > 3 && argv[1][0] == '-') {
		if (!strcmp(argv[1], "--min-effect"))
			min_effect = option("minimum effect (%)", argv[2], 0, 1e6);
		else if (!strcmp(argv[1], "--alpha"))
			alpha = option("alpha", argv[2], 1e-12, 1);
		else
			break;
		argc -= 2;
		argv += 2;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: compare [--min-effect PCT] [--alpha A] SUMMARY.CSV PAIRS.CSV > COMPARE.CSV\n");
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
	       "change_pct,verdict,published_pct,sign_agrees,p_value,min_effect_pct,alpha,qemu_cpu\n");
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

			if (strcmp(b->variant, pairs.field[col[BVAR]]) ||
			    strcmp(b->test, pairs.field[col[BTEST]]))
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
			if (*pub && (!strcmp(verdict, "improved") ||
				     !strcmp(verdict, "regressed")))
				agrees = (change > 0) == (published > 0) ? "yes" : "no";
			printf("%s,%s,%s,%s,%s,%s,%s,", pairs.field[col[GROUP]],
			       pairs.field[col[LABEL]], b->accel, b->cpu,
			       b->profile, b->mode, b->tasks);
			print_cell(b);
			putchar(',');
			print_cell(n);
			printf(",%+.2f,%s,%s,%s,%s,%g,%g,%s\n", change, verdict,
			       pub, agrees, p_text, min_effect, alpha, b->qemu_cpu);
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
