#ifndef KABENCH_STATS_H
#define KABENCH_STATS_H

struct stats {
	int n;
	double median, mean, stddev, min, max;
};

/* Fills S from the N values in V (V is sorted in place). The standard
 * deviation is the sample one (n - 1); it is 0 for n < 2. */
void stats_compute(struct stats *s, double *v, int n);

#endif
