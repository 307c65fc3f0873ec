#include "stats.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_compute(struct stats *s, double *v, int n)
{
	double sum = 0, sq = 0;

	s->n = n;
	s->median = s->mean = s->stddev = s->min = s->max = 0;
	if (n < 1)
		return;
	qsort(v, n, sizeof(*v), cmp_double);
	for (int i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	for (int i = 0; i < n; i++)
		sq += (v[i] - s->mean) * (v[i] - s->mean);
	s->stddev = n > 1 ? sqrt(sq / (n - 1)) : 0;
	s->min = v[0];
	s->max = v[n - 1];
	s->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
