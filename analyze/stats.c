// SPDX-License-Identifier: GPL-2.0
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_sort(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

double stats_median(const double *v, int n)
{
	if (n < 1)
		return 0;
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void stats_compute(struct stats *s, double *v, int n)
{
	double sum = 0, sq = 0;

	s->n = n;
	s->median = s->mean = s->stddev = s->min = s->max = 0;
	if (n < 1)
		return;
	stats_sort(v, n);
	for (int i = 0; i < n; i++)
		sum += v[i];
	s->mean = sum / n;
	for (int i = 0; i < n; i++)
		sq += (v[i] - s->mean) * (v[i] - s->mean);
	s->stddev = n > 1 ? sqrt(sq / (n - 1)) : 0;
	s->min = v[0];
	s->max = v[n - 1];
	s->median = stats_median(v, n);
}

/* The continued fraction of I_x(a, b), evaluated by the modified Lentz
 * method. Its terms are d(2m) = m (b - m) x / ((a + 2m - 1)(a + 2m)) and
 * d(2m + 1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)); it converges
 * fast for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), f;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	f = d;
	for (int m = 1; m <= 1000; m++) {
		for (int odd = 0; odd < 2; odd++) {
			double term = odd ?
				-(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)) :
				m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));

			d = 1 + term * d;
			c = 1 + term / c;
			if (fabs(d) < tiny)
				d = tiny;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1 / d;
			f *= c * d;
			if (odd && fabs(c * d - 1) < eps)
				return f;
		}
	}
	return f;
}

double stats_ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	/* x^a (1 - x)^b / B(a, b) */
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_fraction(a, b, x) / a;
	/* I_x(a, b) = 1 - I_(1-x)(b, a), where the fraction converges. */
	return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double stats_t_p(double t, double df)
{
	if (isinf(t))
		return 0;
	return stats_ibeta(df / 2, 0.5, df / (df + t * t));
}

double stats_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	while (stats_t_p(hi, df) > p && hi < 1e300)
		hi *= 2;
	/* stats_t_p falls as t grows: bisect to the last bit. */
	for (int i = 0; i < 200 && lo < hi; i++) {
		double mid = (lo + hi) / 2;

		if (mid == lo || mid == hi)
			break;
		if (stats_t_p(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

double stats_welch_p(double mean1, double sd1, double n1,
		     double mean2, double sd2, double n2)
{
	double v1, v2, se2, df;

	if (n1 < 2 || n2 < 2)
		return NAN;
	v1 = sd1 * sd1 / n1;
	v2 = sd2 * sd2 / n2;
	se2 = v1 + v2;
	if (se2 == 0)
		return mean1 == mean2 ? 1 : 0;
	/* Welch-Satterthwaite degrees of freedom. */
	df = se2 * se2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
	return stats_t_p((mean2 - mean1) / sqrt(se2), df);
}
