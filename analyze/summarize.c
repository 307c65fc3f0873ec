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
#include "csv.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 512
#define MAX_BOOTS 64

/* The columns that name a cell, in output order; qemu_cpu, added last,
 * is printed as the last column so that the others keep their places. */
static const char *const key_cols[] = {
	"variant", "kernel", "profile", "accel", "cpu_model",
	"testcase", "mode", "tasks", "qemu_cpu",
};
#define NKEYS (sizeof(key_cols) / sizeof(key_cols[0]))

struct cell {
	char key[512];		/* the key fields joined by commas */
	double tasks;
	int nboots, nsamples;
	long boot[MAX_BOOTS];
	double ops[MAX_BOOTS], secs[MAX_BOOTS];
};

static struct cell cells[MAX_CELLS];
static int ncells;

static struct cell *find_cell(const char *key, double tasks)
{
	for (int i = 0; i < ncells; i++)
		if (!strcmp(cells[i].key, key))
			return &cells[i];
	if (ncells == MAX_CELLS)
		return NULL;
	struct cell *c = &cells[ncells++];
	snprintf(c->key, sizeof(c->key), "%s", key);
	c->tasks = tasks;
	return c;
}

static int add_sample(struct cell *c, long boot, double ops, double secs)
{
	int b;

	for (b = 0; b < c->nboots && c->boot[b] != boot; b++)
		;
	if (b == c->nboots) {
		if (b == MAX_BOOTS)
			return -1;
		c->boot[b] = boot;
		c->nboots++;
	}
	c->ops[b] += ops;
	c->secs[b] += secs;
	c->nsamples++;
	return 0;
}

int main(int argc, char **argv)
{
	struct csv in;
	int key[NKEYS], c_boot, c_elapsed, c_ops, c_tasks, r;

	if (argc != 2) {
		fprintf(stderr, "usage: summarize SAMPLES.CSV > SUMMARY.CSV\n");
		return 2;
	}
	if (csv_open(&in, argv[1]))
		return 2;
	for (size_t k = 0; k < NKEYS; k++)
		if ((key[k] = csv_col(&in, key_cols[k])) < 0)
			return 2;
	if ((c_boot = csv_col(&in, "boot")) < 0 ||
	    (c_elapsed = csv_col(&in, "elapsed_s")) < 0 ||
	    (c_ops = csv_col(&in, "ops")) < 0 ||
	    (c_tasks = csv_col(&in, "tasks")) < 0)
		return 2;

	while ((r = csv_next(&in)) == 1) {
		char k[512] = "";
		double boot, secs, ops, tasks;

		for (size_t i = 0; i < NKEYS; i++) {
			if (!in.field[key[i]][0]) {
				fprintf(stderr, "%s:%ld: empty %s\n", argv[1],
					in.line, key_cols[i]);
				return 2;
			}
			strncat(k, in.field[key[i]], sizeof(k) - strlen(k) - 2);
			if (i + 1 < NKEYS)
				strcat(k, ",");
		}
		if (csv_number(&in, c_boot, &boot) ||
		    csv_number(&in, c_elapsed, &secs) ||
		    csv_number(&in, c_ops, &ops) ||
		    csv_number(&in, c_tasks, &tasks))
			return 2;
		if (secs <= 0 || ops < 0 || tasks < 1) {
			fprintf(stderr, "%s:%ld: impossible sample (elapsed %s, ops %s, tasks %s)\n",
				argv[1], in.line, in.field[c_elapsed],
				in.field[c_ops], in.field[c_tasks]);
			return 2;
		}
		struct cell *c = find_cell(k, tasks);
		if (!c || add_sample(c, (long)boot, ops, secs)) {
			fprintf(stderr, "%s:%ld: more than %d cells or %d boots per cell\n",
				argv[1], in.line, MAX_CELLS, MAX_BOOTS);
			return 2;
		}
	}
	if (r < 0)
		return 2;
	if (!ncells) {
		fprintf(stderr, "%s: no samples\n", argv[1]);
		return 2;
	}

	for (size_t k = 0; k + 1 < NKEYS; k++)
		printf("%s,", key_cols[k]);
	printf("boots,samples,median,mean,stddev,min,max,per_task,%s\n",
	       key_cols[NKEYS - 1]);
	for (int i = 0; i < ncells; i++) {
		struct cell *c = &cells[i];
		double rate[MAX_BOOTS];
		struct stats s;
		char *last = strrchr(c->key, ',');

		*last = '\0';	/* the key without its last field */
		for (int b = 0; b < c->nboots; b++)
			rate[b] = c->ops[b] / c->secs[b];
		stats_compute(&s, rate, c->nboots);
		printf("%s,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%s\n", c->key,
		       s.n, c->nsamples, s.median, s.mean, s.stddev, s.min,
		       s.max, s.mean / c->tasks, last + 1);
	}
	csv_close(&in);
	return 0;
}
