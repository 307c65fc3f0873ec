// SPDX-License-Identifier: GPL-2.0
/* analyze/verdict.c on synthetic samples whose truth is known: the
 * intervals' coverage over many draws (normal, heavy-tailed and two-mode
 * noise; 3, 5 and 10 boots a side), false verdicts on A/A at alpha, the
 * false discovery rate over 60 pairs. Each rate is a true rate times
 * exp(noise), the same noise law for both kernels: the shift model under
 * which the rank interval is exact. Each check is shown able to fail: the
 * same check on a wrong formula (a narrower level, no correction, Welch
 * on two modes) must fail it. Seeded: the figures repeat exactly.
 * Prints one "ok"/"not ok" line per check (tests/analyze/test-verdict.sh). */
#include "../../analyze/verdict.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng = 0x6b6162656e6368ULL;

static double uniform(void)
{
	/* splitmix64 */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return ((z >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

enum noise { NORMAL, CAUCHY, TWO_MODES };
static const char *const noise_name[] = { "normal", "heavy-tailed (Cauchy)", "two speed modes" };

/* log of a boot's rate over the true rate */
static double noise(enum noise k)
{
	switch (k) {
	case NORMAL:
		return 0.03 * normal();
	case CAUCHY:	/* cut at a factor e^5 either way: a rate stays finite */
		return fmax(-5, fmin(5, 0.02 * tan(M_PI * (uniform() - 0.5))));
	default:	/* about 11.5 M and 19.5 M ops/s, as posix_semaphore1 under tcg */
		return (uniform() < 0.5 ? -0.26 : 0.26) + 0.02 * normal();
	}
}

static void draw(double *v, int n, double rate, enum noise k)
{
	for (int i = 0; i < n; i++)
		v[i] = rate * exp(noise(k));
}

static void mean_sd(const double *v, int n, double *mean, double *sd)
{
	double s = 0, q = 0;

	for (int i = 0; i < n; i++)
		s += v[i];
	*mean = s / n;
	for (int i = 0; i < n; i++)
		q += (v[i] - *mean) * (v[i] - *mean);
	*sd = n > 1 ? sqrt(q / (n - 1)) : 0;
}

static int failures;

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void check(int cond, const char *fmt, double a, double b)
{
	char what[256];

	snprintf(what, sizeof(what), fmt, a, b);
	printf("%s %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* How often the interval at LEVEL covers a true change of TRUE_PCT, over
 * DRAWS draws of N boots a side; *none: how often there was no interval. */
static double coverage(int welch, int n, enum noise k, double true_pct, double level,
		       int draws, double *none)
{
	double b[VERDICT_MAX_BOOTS], x[VERDICT_MAX_BOOTS];
	int covered = 0, missing = 0;

	for (int d = 0; d < draws; d++) {
		struct change c;

		draw(b, n, 1e6, k);
		draw(x, n, 1e6 * (1 + true_pct / 100), k);
		if (welch) {
			double m1, s1, m2, s2;

			mean_sd(b, n, &m1, &s1);
			mean_sd(x, n, &m2, &s2);
			verdict_welch(&c, m1, s1, n, m2, s2, n, level);
			/* Welch's interval is on the difference of the means;
			 * under the shift model the means' ratio is the truth. */
		} else {
			verdict_rank(&c, b, n, x, n, level);
		}
		if (isnan(c.lo)) {
			missing++;
			continue;
		}
		covered += c.lo <= true_pct && true_pct <= c.hi;
	}
	if (none)
		*none = (double)missing / draws;
	return (double)covered / (draws - missing ? draws - missing : 1);
}

/* The share of draws in which a pair of identical kernels (A/A) gets
 * "improved" or "regressed" at minimum effect 0. */
static double aa_false(int welch, int n, enum noise k, int draws)
{
	double b[VERDICT_MAX_BOOTS], x[VERDICT_MAX_BOOTS];
	int wrong = 0;

	for (int d = 0; d < draws; d++) {
		struct change c;

		draw(b, n, 1e6, k);
		draw(x, n, 1e6, k);
		if (welch) {
			double m1, s1, m2, s2;

			mean_sd(b, n, &m1, &s1);
			mean_sd(x, n, &m2, &s2);
			verdict_welch(&c, m1, s1, n, m2, s2, n, 0.95);
		} else {
			verdict_rank(&c, b, n, x, n, 0.95);
		}
		wrong += strcmp(verdict_of(&c, 0, 1), VERDICT_CANT_TELL) &&
			 strcmp(verdict_of(&c, 0, 1), VERDICT_NO_CHANGE);
	}
	return (double)wrong / draws;
}

/* An adaptive A/A run (plan/next-wave): rank verdicts at the boots of
 * LOOKS (n a side), each at level 1 - ALPHA_LOOK, stopping at the first
 * that is not can't tell: the share of runs that end on a false verdict. */
static double adaptive_false(const int *looks, int nlooks, double alpha_look, enum noise k, int draws)
{
	double b[VERDICT_MAX_BOOTS], x[VERDICT_MAX_BOOTS];
	int wrong = 0;

	for (int d = 0; d < draws; d++) {
		int have = 0;

		for (int l = 0; l < nlooks; l++) {
			struct change c;
			const char *v;

			draw(b + have, looks[l] - have, 1e6, k);
			draw(x + have, looks[l] - have, 1e6, k);
			have = looks[l];
			verdict_rank(&c, b, have, x, have, 1 - alpha_look);
			v = verdict_of(&c, 0, 1);
			if (!strcmp(v, VERDICT_IMPROVED) || !strcmp(v, VERDICT_REGRESSED)) {
				wrong++;
				break;
			}
		}
	}
	return (double)wrong / draws;
}

/* A duet: boot i of each side at once, a drift they share (the host's two
 * speed modes, and 3% more) and 1% each of their own; a true change of
 * TRUE_PCT. The paired interval's coverage, and the median width of the
 * paired and of the unpaired rank interval over the same draws. */
static double duet(int n, double true_pct, int draws, double *width_paired, double *width_rank)
{
	double b[VERDICT_MAX_BOOTS], x[VERDICT_MAX_BOOTS], wp[4000], wr[4000];
	int covered = 0;

	for (int d = 0; d < draws; d++) {
		struct change p, r;

		for (int i = 0; i < n; i++) {
			double shared = (uniform() < 0.5 ? -0.26 : 0.26) + 0.03 * normal();

			b[i] = 1e6 * exp(shared + 0.01 * normal());
			x[i] = 1e6 * (1 + true_pct / 100) * exp(shared + 0.01 * normal());
		}
		verdict_paired(&p, b, x, n, 0.95);
		verdict_rank(&r, b, n, x, n, 0.95);
		covered += p.lo <= true_pct && true_pct <= p.hi;
		wp[d] = p.hi - p.lo;
		wr[d] = r.hi - r.lo;
	}
	qsort(wp, draws, sizeof(double), cmp);
	qsort(wr, draws, sizeof(double), cmp);
	*width_paired = wp[draws / 2];
	*width_rank = wr[draws / 2];
	return (double)covered / draws;
}

/* 60 pairs a run, EFFECTS of them with a true +10%, 8 boots a side, normal
 * noise: the mean share of false ones among the pairs called a change
 * (the false discovery proportion; 0 in a run that calls none), with
 * Benjamini-Hochberg (bh 1) or with each p against alpha alone (bh 0). */
static double fdr(int effects, int bh, int runs, double *any_false)
{
	enum { M = 60, N = 8 };
	double b[N], x[N], p[M], fdp = 0;
	int sel[M], runs_false = 0;

	for (int r = 0; r < runs; r++) {
		int called = 0, wrong = 0;

		for (int i = 0; i < M; i++) {
			struct change c;

			draw(b, N, 1e6, NORMAL);
			draw(x, N, 1e6 * (i < effects ? 1.10 : 1), NORMAL);
			verdict_rank(&c, b, N, x, N, 0.95);
			p[i] = c.p;
		}
		if (bh)
			verdict_bh(p, M, 0.05, sel);
		else
			for (int i = 0; i < M; i++)
				sel[i] = p[i] < 0.05;
		for (int i = 0; i < M; i++) {
			called += sel[i];
			wrong += sel[i] && i >= effects;
		}
		if (called)
			fdp += (double)wrong / called;
		runs_false += wrong > 0;
	}
	*any_false = (double)runs_false / runs;
	return fdp / runs;
}

int main(void)
{
	enum { DRAWS = 2000 };
	/* 3 standard errors under 95% at 2000 draws */
	const double floor95 = 0.95 - 3 * sqrt(0.95 * 0.05 / DRAWS);
	double cov, none, any;
	char fmt[200];

	/* The rank interval covers the truth at least 95% of the time
	 * whatever the noise's shape. */
	for (enum noise k = NORMAL; k <= TWO_MODES; k++)
		for (int n = 5; n <= 10; n += 5) {
			cov = coverage(0, n, k, 5, 0.95, DRAWS, &none);
			snprintf(fmt, sizeof(fmt), "rank interval, %s noise, %d boots a side, true +5%%: covers %%.3f (>= %%.3f)",
				 noise_name[k], n);
			check(cov >= floor95 && none == 0, fmt, cov, floor95);
		}
	/* ... and the check can fail: a 90% interval does not reach it. */
	cov = coverage(0, 10, NORMAL, 5, 0.90, DRAWS, NULL);
	check(cov < floor95, "a 90%% rank interval fails the same check: covers %.3f (< %.3f)", cov, floor95);
	/* Three boots a side cannot give a 95% rank interval: none at all. */
	coverage(0, 3, TWO_MODES, 0, 0.95, 200, &none);
	check(none == 1, "3 boots a side: no 95%% rank interval in %.0f%% of draws (the least p is %.2f)",
	      none * 100, verdict_rank_min_p(3, 3));

	/* Welch's interval covers at 95% where the noise is normal. */
	for (int n = 3; n <= 10; n += 7) {
		cov = coverage(1, n, NORMAL, 5, 0.95, DRAWS, NULL);
		snprintf(fmt, sizeof(fmt), "Welch interval, normal noise, %d boots a side: covers %%.3f (>= %%.3f)", n);
		check(cov >= floor95 - 0.01, fmt, cov, floor95 - 0.01);
	}

	/* A/A: the rank rule's false verdicts at most alpha, on two modes
	 * too; Welch's on two modes with 3 boots a side: far more. */
	for (enum noise k = NORMAL; k <= TWO_MODES; k++) {
		double f = aa_false(0, 8, k, DRAWS);

		snprintf(fmt, sizeof(fmt), "A/A, rank rule, %s noise, 8 boots a side: %%.3f false verdicts (<= %%.3f)",
			 noise_name[k]);
		check(f <= 0.05 + 3 * sqrt(0.05 * 0.95 / DRAWS), fmt, f, 0.05 + 3 * sqrt(0.05 * 0.95 / DRAWS));
	}
	{
		double f = aa_false(0, 3, TWO_MODES, DRAWS);

		check(f == 0, "A/A, rank rule, two modes, 3 boots a side: %.3f false verdicts (no p under %.2f)",
		      f, verdict_rank_min_p(3, 3));
	}
	/* The chance split of posix_semaphore1's A/A under tcg: the three
	 * boots of one kernel in the slow mode, the other's in the fast one.
	 * Welch calls it a change; the rank rule can't tell. */
	{
		double slow[] = { 11.2e6, 11.6e6, 12.0e6 }, fast[] = { 19.1e6, 19.5e6, 19.9e6 };
		double m1, s1, m2, s2;
		struct change w, r;

		mean_sd(slow, 3, &m1, &s1);
		mean_sd(fast, 3, &m2, &s2);
		verdict_welch(&w, m1, s1, 3, m2, s2, 3, 0.95);
		verdict_rank(&r, slow, 3, fast, 3, 0.95);
		check(!strcmp(verdict_of(&w, 1, 1), VERDICT_IMPROVED) && w.p < 0.001,
		      "two modes split 3:3 by chance: Welch says improved, p %.5f (lo %+.1f%%)", w.p, w.lo);
		check(!strcmp(verdict_of(&r, 1, 1), VERDICT_CANT_TELL) && isnan(r.lo) && r.p > 0.0999,
		      "... the rank rule can't tell: p %.2f, the least 3 boots a side can give%.0s", r.p, 0);
	}

	/* The adaptive rule: looks at 5, 8 and 12 boots a side, each at
	 * alpha / 3; looking after every boot at alpha inflates it. */
	{
		static const int looks[] = { 5, 8, 12 }, every[] = { 4, 5, 6, 7, 8, 9, 10, 11, 12 };
		const double top = 0.05 + 3 * sqrt(0.05 * 0.95 / DRAWS);
		double f;

		for (enum noise k = NORMAL; k <= TWO_MODES; k += 2) {
			f = adaptive_false(looks, 3, 0.05 / 3, k, DRAWS);
			snprintf(fmt, sizeof(fmt), "adaptive A/A, looks at 5, 8, 12 boots at alpha/3, %s noise: %%.3f false verdicts (<= %%.3f)",
				 noise_name[k]);
			check(f <= top, fmt, f, top);
		}
		f = adaptive_false(every, 9, 0.05, NORMAL, DRAWS);
		check(f > top, "... a look after every boot from 4 to 12 at alpha: %.3f (over %.3f: the check can fail)", f, top);
	}

	/* Duet: the paired interval covers at 95% and is far narrower than
	 * the unpaired one when the host's drift hits both sides at once. */
	{
		double wp, wr, cov = duet(10, -5, DRAWS, &wp, &wr);

		check(cov >= floor95, "duet, 10 pairs, shared two-mode drift, true -5%%: the paired interval covers %.3f (>= %.3f)", cov, floor95);
		check(wp < wr / 5, "... its median width %.2f points against the unpaired rank interval's %.2f", wp, wr);
		cov = duet(10, 0, DRAWS, &wp, &wr);
		check(cov >= floor95, "duet A/A: covers 0 in %.3f of draws (>= %.3f)", cov, floor95);
		check(verdict_paired(&(struct change){0}, (double[]){ 1, 2 }, (double[]){ 1, -1 }, 2, 0.95) == -1,
		      "a negative rate in a pair is refused%.0s%.0s", 0, 0);
	}

	/* The false discovery rate over 60 pairs, 10 of them real. */
	{
		double f = fdr(10, 1, 400, &any), g;

		check(f <= 0.05 + 0.015, "60 pairs, 10 true +10%%: Benjamini-Hochberg's false discovery rate %.3f (<= %.3f)", f, 0.065);
		g = fdr(0, 1, 400, &any);
		check(any <= 0.05 + 3 * sqrt(0.05 * 0.95 / 400),
		      "60 A/A pairs: a run with any false verdict %.3f of the time with Benjamini-Hochberg (<= %.3f)",
		      any, 0.05 + 3 * sqrt(0.05 * 0.95 / 400));
		(void)g;
		fdr(0, 0, 400, &any);
		check(any > 0.5, "... and %.3f of the time without it (over %.1f: the check can fail)", any, 0.5);
	}

	/* The verdict's edges. */
	{
		struct change c = { .pct = 1, .lo = 1, .hi = 1, .level = 0.95, .p = 0, .halfwidth = 0 };

		check(!strcmp(verdict_of(&c, 1, 1), VERDICT_IMPROVED), "an interval at exactly +1%% (minimum effect %.0f%%) is improved%.0s", 1, 0);
		check(!strcmp(verdict_of(&c, 1, 0), VERDICT_CANT_TELL), "... but not when the FDR control did not select it%.0s%.0s", 0, 0);
		c.lo = -0.99, c.hi = 0.99;
		check(!strcmp(verdict_of(&c, 1, 1), VERDICT_NO_CHANGE), "[%.2f, +%.2f] inside ±1%% is no change", -0.99, 0.99);
		c.hi = 1;
		check(!strcmp(verdict_of(&c, 1, 1), VERDICT_CANT_TELL), "[%.2f, +%.2f] is can't tell", -0.99, 1);
		c.lo = c.hi = 0;
		check(!strcmp(verdict_of(&c, 0, 1), VERDICT_NO_CHANGE), "a zero-width interval at 0 is no change even with minimum effect %.0f%.0s", 0, 0);
		c.lo = c.hi = NAN;
		check(!strcmp(verdict_of(&c, 0, 1), VERDICT_CANT_TELL), "no interval is can't tell%.0s%.0s", 0, 0);
	}
	/* Boots to settle: half-width 4 at 3 boots, 5% change, 1% minimum:
	 * the half-width must fall to 4 points, so 3 boots (at least 4 more
	 * for any growth): 3 * (4/4)^2 = 3, at least boots + 1 = 4. */
	{
		struct change c = { .pct = 5, .halfwidth = 8 };

		check(verdict_boots_needed(&c, 1, 3, 2) == 12, "half-width 8 at 3 boots, +5%% against 1%%: %.0f boots a side (3 x (8/4)^2 = %.0f)",
		      verdict_boots_needed(&c, 1, 3, 2), 12);
		c.halfwidth = 6;
		check(verdict_boots_needed(&c, 1, 3, 2) == 7, "half-width 6 at 3 boots: %.0f boots a side (3 x (6/4)^2 = 6.75, rounded up: %.0f)",
		      verdict_boots_needed(&c, 1, 3, 2), 7);
		c.halfwidth = 8;
		check(fabs(verdict_detectable(&c, 1) - (1 + 8 * 2.8 / 1.96)) < 1e-9,
		      "... and it could have seen %.2f%% (1 + 8 x 2.8/1.96 = %.2f)", verdict_detectable(&c, 1), 1 + 8 * 2.8 / 1.96);
	}
	check(verdict_rank_min_boots(60, 0.05) == 7 && verdict_rank_min_boots(1, 0.05) == 4,
	      "the fewest boots a side for a rank verdict: %.0f over 60 pairs, %.0f for one",
	      verdict_rank_min_boots(60, 0.05), verdict_rank_min_boots(1, 0.05));

	/* Exact small cases, worked by hand. Five boots a side: the 95%
	 * rank interval is the 3rd lowest and 3rd highest of the 25 ratios
	 * (P(U <= 2) = 4/252 is within 0.025, P(U <= 3) = 7/252 is not). */
	{
		double b[] = { 100, 103, 101, 104, 102 }, x[] = { 109, 112, 105, 111, 115 }, q[25];
		struct change r;

		for (int i = 0; i < 5; i++)
			for (int j = 0; j < 5; j++)
				q[i * 5 + j] = x[j] / b[i];
		qsort(q, 25, sizeof(*q), cmp);
		verdict_rank(&r, b, 5, x, 5, 0.95);
		check(fabs(r.lo - (q[2] - 1) * 100) < 1e-9 && fabs(r.hi - (q[22] - 1) * 100) < 1e-9,
		      "5 boots a side: the rank interval is the 3rd lowest and highest ratio, [%+.4f, %+.4f]", r.lo, r.hi);
	}
	/* Ties count one half: the same three boots on both sides give
	 * U = 4.5, the middle of 0 .. 9, so p = 1. */
	{
		double b[] = { 100, 101, 102 };
		struct change r;

		verdict_rank(&r, b, 3, b, 3, 0.95);
		check(fabs(r.p - 1) < 1e-9, "the same 3 boots on both sides: the rank test's p is %.2f (1: ties count one half)%.0s", r.p, 0);
	}
	/* Benjamini-Hochberg selects a p equal to its bound k q / m:
	 * q 0.75 over 3 pairs, bounds 0.25, 0.5, 0.75 (exact in binary). */
	{
		double p[] = { 0.5, 0.9, 0.25 };
		int sel[3], n = verdict_bh(p, 3, 0.75, sel);

		check(n == 2 && sel[0] && !sel[1] && sel[2],
		      "Benjamini-Hochberg, p 0.25, 0.5, 0.9 at q 0.75: selects %.0f (2: a p at its bound k q / m is in)%.0s", n, 0);
	}
	return 0;
}
