// SPDX-License-Identifier: GPL-2.0
/* Unit checks of analyze/stats.c at its exact boundaries: even and odd
 * medians, Welch's p at its edges, the t quantile against t tables.
 * Prints one "ok"/"not ok" line per check (tests/analyze/test-stats.sh). */
#include "../../analyze/stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void check(const char *what, int cond)
{
	printf("%s %s\n", cond ? "ok" : "not ok", what);
}

int main(void)
{
	double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
	struct stats s;

	stats_compute(&s, odd, 3);
	check("median of 3 values is the middle one (3)", s.median == 3);
	stats_compute(&s, even, 4);
	check("median of 4 values is the mean of the middle two (2.5)", s.median == 2.5);
	check("mean 2.5, min 1, max 4", s.mean == 2.5 && s.min == 1 && s.max == 4);
	check("sample stddev of 1..4 is sqrt(5/3)", fabs(s.stddev - sqrt(5.0 / 3)) < 1e-12);
	stats_compute(&s, one, 1);
	check("one value: stddev 0, median = mean = the value", s.stddev == 0 && s.median == 7 && s.mean == 7);

	check("Welch p of identical cells with stddev 0 is 1", stats_welch_p(5, 0, 3, 5, 0, 3) == 1);
	check("Welch p with stddev 0 and different means is 0", stats_welch_p(5, 0, 3, 6, 0, 3) == 0);
	check("Welch p with a one-boot cell is NAN", isnan(stats_welch_p(5, 1, 1, 6, 1, 3)));
	check("Welch p of equal means with spread is 1", fabs(stats_welch_p(5, 1, 3, 5, 2, 4) - 1) < 1e-12);
	/* 10 +- 1 over 3 boots against 12 +- 2 over 5: v1 = 1/3, v2 = 4/5,
	 * t = 2 / sqrt(17/15) = 1.8787, and Welch-Satterthwaite's degrees of
	 * freedom (17/15)^2 / ((1/3)^2 / 2 + (4/5)^2 / 4) = 5.9588. */
	check("Welch p of 10+-1 (3 boots) against 12+-2 (5 boots): t 1.8787 at 5.9588 degrees of freedom",
	      fabs(stats_welch_p(10, 1, 3, 12, 2, 5) - stats_t_p(2 / sqrt(17.0 / 15), 5.958762886597938)) < 1e-9);
	check("t quantile: 12.706 at p 0.05 with 1 degree of freedom (t table)",
	      fabs(stats_t_quantile(0.05, 1) - 12.7062) < 1e-3);
	check("t quantile: 2.776 at p 0.05 with 4 degrees of freedom (t table)",
	      fabs(stats_t_quantile(0.05, 4) - 2.7764) < 1e-3);
	check("t quantile: 1.960 at p 0.05 with 1e6 degrees of freedom (normal)",
	      fabs(stats_t_quantile(0.05, 1e6) - 1.9600) < 1e-3);
	check("t quantile inverts stats_t_p (t = 2.5, df 7)",
	      fabs(stats_t_quantile(stats_t_p(2.5, 7), 7) - 2.5) < 1e-9);
	return 0;
}
