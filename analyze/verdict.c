// SPDX-License-Identifier: GPL-2.0
/* The confidence interval of a change and the verdict from it (verdict.h).
 * Welch's interval where boots repeat (icount), the rank interval of
 * Hodges and Lehmann where time is real, Benjamini-Hochberg over the
 * pairs of a run. */
#include "verdict.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>

void verdict_welch(struct change *c, double mean1, double sd1, double n1,
		   double mean2, double sd2, double n2, double level)
{
	double v1, v2, se, df, t;

	c->lo = c->hi = c->p = c->halfwidth = NAN;
	c->level = level;
	if (n1 < 2 || n2 < 2 || mean1 <= 0)
		return;
	c->p = stats_welch_p(mean1, sd1, n1, mean2, sd2, n2);
	v1 = sd1 * sd1 / n1;
	v2 = sd2 * sd2 / n2;
	se = sqrt(v1 + v2);
	if (se == 0) {
		c->halfwidth = 0;
	} else {
		df = (v1 + v2) * (v1 + v2) / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
		t = stats_t_quantile(1 - level, df);
		c->halfwidth = t * se / mean1 * 100;
	}
	c->lo = (mean2 - mean1) / mean1 * 100 - c->halfwidth;
	c->hi = (mean2 - mean1) / mean1 * 100 + c->halfwidth;
}

/* F[u] = P(U <= u) for u = 0 .. n1 n2 / 2, U the Mann-Whitney statistic of
 * N1 and N2 values under no change: the counts are the coefficients of
 * the Gaussian binomial [n1 + n2 choose n1](q), built as the product over
 * i of (1 - q^(n2 + i)) / (1 - q^i). Coefficient u only ever depends on
 * coefficients below it, which keeps the low tail exact in doubles. */
static double *rank_cdf(int n1, int n2)
{
	int top = n1 * n2;
	double *a = calloc(top + 1, sizeof(*a)), total, sum = 0;

	if (!a)
		return NULL;
	a[0] = 1;
	for (int i = 1; i <= n1; i++) {
		for (int u = top; u >= n2 + i; u--)
			a[u] -= a[u - n2 - i];
		for (int u = i; u <= top; u++)
			a[u] += a[u - i];
	}
	total = exp(lgamma(n1 + n2 + 1.0) - lgamma(n1 + 1.0) - lgamma(n2 + 1.0));
	for (int u = 0; u <= top; u++) {
		sum += a[u];
		a[u] = sum / total;
	}
	return a;
}

double verdict_rank_min_p(int n1, int n2)
{
	return fmin(1, 2 * exp(lgamma(n1 + 1.0) + lgamma(n2 + 1.0) - lgamma(n1 + n2 + 1.0)));
}

int verdict_rank_min_boots(int m, double q)
{
	int n = 2;

	while (n < VERDICT_MAX_BOOTS && verdict_rank_min_p(n, n) > q / (m > 0 ? m : 1))
		n++;
	return n;
}

/* F[w] = P(W <= w) for w = 0 .. n(n+1)/2, W Wilcoxon's signed-rank
 * statistic of N pairs under no change: the coefficients of the product
 * over i of (1 + q^i), over 2^n. */
static double *signed_rank_cdf(int n)
{
	int top = n * (n + 1) / 2;
	double *a = calloc(top + 1, sizeof(*a)), sum = 0;

	if (!a)
		return NULL;
	a[0] = 1;
	for (int i = 1; i <= n; i++)
		for (int w = top; w >= i; w--)
			a[w] += a[w - i];
	for (int w = 0; w <= top; w++) {
		sum += a[w];
		a[w] = sum / ldexp(1, n);
	}
	return a;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The least positive rate counted for the N rates of X (0 ops/s, a boot
 * that got no CPU on a loaded host, counts as a billionth of the
 * fastest: its ratios huge, its interval wide), or -1 when a rate is
 * below 0, not finite, or all are 0. */
static double least_rate(const double *x, int n)
{
	double most = 0;

	for (int i = 0; i < n; i++) {
		if (!(x[i] >= 0) || !isfinite(x[i]))
			return -1;
		most = fmax(most, x[i]);
	}
	return most > 0 ? most * 1e-9 : -1;
}

/* From the N values V (log ratios), the statistic S (how many are above
 * 0) and CDF, the null distribution of S over 0 .. TOP (symmetric about
 * TOP / 2; freed here): the two-sided p, and the interval at LEVEL, the
 * k-th lowest and highest of V for the largest k whose tail P(S <= k - 1)
 * is within (1 - level) / 2 (none when no k is). */
static int interval_from(struct change *c, double *v, int n, double s,
			 double *cdf, int top, double level)
{
	double tail = (1 - level) / 2;
	int k;

	if (!cdf)
		return -1;
	c->p = fmin(1, 2 * cdf[(int)floor(fmin(s, top - s))]);
	for (k = 0; k < top / 2 + 1 && cdf[k] <= tail * (1 + 1e-12); k++)
		;
	free(cdf);
	if (k >= 1) {
		qsort(v, n, sizeof(*v), cmp_double);
		c->lo = (exp(v[k - 1]) - 1) * 100;
		c->hi = (exp(v[n - k]) - 1) * 100;
	}
	return 0;
}

int verdict_rank(struct change *c, const double *base, int n1,
		 const double *new, int n2, double level)
{
	static double all[2 * VERDICT_MAX_BOOTS], d[VERDICT_MAX_BOOTS * VERDICT_MAX_BOOTS];
	double u = 0, least;

	c->lo = c->hi = c->p = NAN;
	c->level = level;
	if (n1 < 1 || n2 < 1 || n1 > VERDICT_MAX_BOOTS || n2 > VERDICT_MAX_BOOTS)
		return -1;
	for (int i = 0; i < n1 + n2; i++)
		all[i] = i < n1 ? base[i] : new[i - n1];
	if ((least = least_rate(all, n1 + n2)) < 0)
		return -1;
	/* Every ratio of a boot of each side; U counts those above 1. */
	for (int i = 0; i < n1; i++)
		for (int j = 0; j < n2; j++) {
			d[i * n2 + j] = log(fmax(new[j], least) / fmax(base[i], least));
			u += new[j] > base[i] ? 1 : new[j] == base[i] ? 0.5 : 0;
		}
	return interval_from(c, d, n1 * n2, u, rank_cdf(n1, n2), n1 * n2, level);
}

/* qsort has no argument for the p-values it orders by. */
static const double *bh_p;

int verdict_paired(struct change *c, const double *base, const double *new,
		   int n, double level)
{
	static double d[VERDICT_MAX_BOOTS], w[VERDICT_MAX_BOOTS * (VERDICT_MAX_BOOTS + 1) / 2];
	int nw = 0, top = n * (n + 1) / 2;
	double wplus = 0, least, la, lb;

	c->lo = c->hi = c->p = NAN;
	c->level = level;
	if (n < 1 || n > VERDICT_MAX_BOOTS)
		return -1;
	if ((la = least_rate(base, n)) < 0 || (lb = least_rate(new, n)) < 0)
		return -1;
	least = fmax(la, lb);
	for (int i = 0; i < n; i++)
		d[i] = log(fmax(new[i], least) / fmax(base[i], least));
	/* Walsh averages (d[i] + d[j]) / 2, i <= j; W+ counts those above 0
	 * (ties one half): it is Wilcoxon's statistic. */
	for (int i = 0; i < n; i++)
		for (int j = i; j < n; j++) {
			w[nw] = (d[i] + d[j]) / 2;
			wplus += w[nw] > 0 ? 1 : w[nw] == 0 ? 0.5 : 0;
			nw++;
		}
	return interval_from(c, w, nw, wplus, signed_rank_cdf(n), top, level);
}

static int cmp_by_p(const void *a, const void *b)
{
	double x = bh_p[*(const int *)a], y = bh_p[*(const int *)b];

	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x > y) - (x < y);
}

int verdict_bh(const double *p, int m, double q, int *sel)
{
	int *order = malloc((m > 0 ? m : 1) * sizeof(*order)), last = 0;

	for (int i = 0; i < m; i++)
		sel[i] = 0;
	if (!order)
		return -1;
	for (int i = 0; i < m; i++)
		order[i] = i;
	bh_p = p;
	qsort(order, m, sizeof(*order), cmp_by_p);
	/* The largest rank k whose p is at most k q / m; every p up to it. */
	for (int k = 1; k <= m; k++)
		if (!isnan(p[order[k - 1]]) && p[order[k - 1]] <= k * q / m)
			last = k;
	for (int k = 0; k < last; k++)
		sel[order[k]] = 1;
	free(order);
	return last;
}

const char *verdict_of(const struct change *c, double min_effect, int selected)
{
	if (isnan(c->lo) || isnan(c->hi))
		return VERDICT_CANT_TELL;
	if ((c->lo > -min_effect && c->hi < min_effect) || (c->lo == 0 && c->hi == 0))
		return VERDICT_NO_CHANGE;
	if (selected && c->lo >= min_effect && c->lo > 0)
		return VERDICT_IMPROVED;
	if (selected && c->hi <= -min_effect && c->hi < 0)
		return VERDICT_REGRESSED;
	return VERDICT_CANT_TELL;
}

double verdict_detectable(const struct change *c, double min_effect)
{
	if (isnan(c->halfwidth))
		return NAN;
	return min_effect + c->halfwidth * (1.96 + 0.84) / 1.96;
}

double verdict_boots_needed(const struct change *c, double min_effect,
			    int boots, int min_boots)
{
	double gap = fabs(fabs(c->pct) - min_effect), n;

	if (isnan(c->halfwidth) || boots < 1)
		return NAN;
	if (c->halfwidth == 0)
		return fmax(boots, min_boots);
	if (gap == 0)
		return NAN;	/* on the boundary: no number of boots settles it */
	n = ceil(boots * (c->halfwidth / gap) * (c->halfwidth / gap));
	return fmax(fmax(n, boots + 1), min_boots);
}
