/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KABENCH_STATS_H
#define KABENCH_STATS_H

#include <stddef.h>

struct stats {
	int n;
	double median, mean, stddev, min, max;
};

/* Fills S from the N values in V (V is sorted in place). The standard
 * deviation is the sample one (n - 1); it is 0 for n < 2. */
void stats_compute(struct stats *s, double *v, int n);

/* Sorts the N values in V, lowest first. */
void stats_sort(double *v, int n);

/* The median of the N sorted values in V: the middle one, or with an even
 * N the mean of the two middle ones; 0 for n < 1. */
double stats_median(const double *v, int n);

/* The regularized incomplete beta function I_x(a, b), a, b > 0. */
double stats_ibeta(double a, double b, double x);

/* Two-sided p-value of Student's t distribution with DF degrees of
 * freedom: P(|T| >= |t|). */
double stats_t_p(double t, double df);

/* The t >= 0 at which stats_t_p(t, DF) is P (0 < P <= 1). */
double stats_t_quantile(double p, double df);

/* Welch's t-test of two cells given as mean, stddev (n - 1) and n: the
 * two-sided p-value. NAN when either cell has fewer than 2 values. When
 * both stddevs are 0 it is 0 if the means differ and 1 if they do not. */
double stats_welch_p(double mean1, double sd1, double n1,
		     double mean2, double sd2, double n2);

#endif
