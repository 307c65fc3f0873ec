/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KABENCH_VERDICT_H
#define KABENCH_VERDICT_H

/* The verdict on a pair of cells, from the confidence interval of its
 * %change (analyze/README.md, "The verdict rule"). */

#define VERDICT_NO_CHANGE "no change"
#define VERDICT_IMPROVED "improved"
#define VERDICT_REGRESSED "regressed"
#define VERDICT_CANT_TELL "can't tell"

/* Most boots a cell may have (analyze/summarize's limit too). */
#define VERDICT_MAX_BOOTS 64

/* A change of ops/s from a base cell to a new one, in percent. */
struct change {
	double pct;		/* (new mean / base mean - 1) * 100 */
	double lo, hi;		/* its interval; NAN when there is none */
	double level;		/* the interval's confidence level */
	double p;		/* two-sided p-value of no change; NAN: none */
	double halfwidth;	/* Welch's half-width at the level, in points
				 * (NAN: fewer than 2 boots a side); sizes
				 * "detectable" and "boots to settle" */
};

/* Welch's interval of the difference of the means over the base mean, at
 * LEVEL, and Welch's p. Cells given as mean, stddev (n - 1), n. Boots that
 * agree exactly (both stddevs 0) give a zero-width interval. */
void verdict_welch(struct change *c, double mean1, double sd1, double n1,
		   double mean2, double sd2, double n2, double level);

/* The rank interval where time is real: every ratio new/base of a boot of
 * each side; the interval is the k-th lowest and k-th highest of those
 * N1 * N2 ratios, k from the exact distribution of the Mann-Whitney
 * statistic (Hodges and Lehmann), so that it covers the true ratio with
 * probability at least LEVEL whatever the shape of the noise, when the
 * noise of both kernels has the same shape. p is Mann-Whitney's exact
 * two-sided p-value (ties count one half). When no k reaches LEVEL (too
 * few boots) lo and hi are NAN. A rate of 0 (a boot that got no CPU)
 * counts as 1e-9 of the highest. Returns -1 on a rate < 0 or not finite,
 * all rates 0, or N over VERDICT_MAX_BOOTS. PCT and HALFWIDTH are left as they are. */
int verdict_rank(struct change *c, const double *base, int n1,
		 const double *new, int n2, double level);

/* The paired interval of a duet run, whose boots ran two at a time (boot
 * i of each side at once, on disjoint CPUs): the ratios new[i]/base[i],
 * their Walsh averages (on the log scale) and the exact distribution of
 * Wilcoxon's signed-rank statistic give the interval (Hodges and
 * Lehmann again), at least LEVEL whatever the noise's shape when each
 * pair's log ratio is symmetric about the true one (an A/A whose sides
 * swap CPUs every boot is). Drift that hits both boots of a pair cancels.
 * p is the signed-rank test's exact two-sided p-value. N pairs, at most
 * VERDICT_MAX_BOOTS; lo, hi NAN when no interval reaches LEVEL. Returns
 * -1 as verdict_rank does. */
int verdict_paired(struct change *c, const double *base, const double *new,
		   int n, double level);

/* The smallest two-sided p-value a rank test of N1 and N2 boots can give:
 * 2 / C(n1 + n2, n1). */
double verdict_rank_min_p(int n1, int n2);

/* Benjamini-Hochberg at false discovery rate Q over the M p-values P
 * (NAN: never selected): SEL[i] is set to 1 for the selected ones, 0 for
 * the rest. Returns how many were selected. */
int verdict_bh(const double *p, int m, double q, int *sel);

/* The verdict of an interval against the minimum effect E (percent):
 *   no interval                            can't tell
 *   -E < lo and hi < E, or lo = hi = 0     no change
 *   lo >= E and lo > 0, and SELECTED       improved
 *   hi <= -E and hi < 0, and SELECTED      regressed
 *   otherwise                              can't tell
 * SELECTED: the pair passed the false discovery rate control (always 1
 * where it does not apply). */
const char *verdict_of(const struct change *c, double min_effect, int selected);

/* For a pair that can't tell: the smallest change it would have seen
 * (min_effect plus the half-width, scaled from 95% to 80% power: factor
 * (1.96 + 0.84) / 1.96), and about how many boots a side would settle it
 * (its half-width shrinks as 1 / sqrt(boots) until it clears the nearer
 * of -E and +E; at least MIN_BOOTS). NAN where there is no figure. */
double verdict_detectable(const struct change *c, double min_effect);
double verdict_boots_needed(const struct change *c, double min_effect,
			    int boots, int min_boots);

/* The fewest boots a side with which a rank test of M pairs at false
 * discovery rate Q can select even one pair (2 / C(2n, n) <= Q / M). */
int verdict_rank_min_boots(int m, double q);

#endif
