// SPDX-License-Identifier: GPL-2.0
/* Unit checks of analyze/stats.c at its exact boundaries: a change equal to
 * the minimum effect, a p-value equal to alpha, even and odd medians.
 * Prints one "ok"/"not ok" line per check (tests/analyze/test-stats.sh). */
#include "../../analyze/stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void check(const char *what, int cond)
{
	printf("%s %s\n", cond ? "ok" : "not ok", what);
}

static void verdict(const char *what, double change, double p, double min_effect,
		    double alpha, const char *want)
{
	const char *got = stats_verdict(change, p, min_effect, alpha);
	char line[256];

	snprintf(line, sizeof(line), "%s: \"%s\" (want \"%s\")", what, got, want);
	check(line, !strcmp(got, want));
}

int main(void)
{
	double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
	struct stats s;

	verdict("change equal to the minimum effect is a change", 50, 0, 50, 0.05, "improved");
	verdict("... downwards too", -50, 0, 50, 0.05, "regressed");
	verdict("change just below the minimum effect is no change",
		nextafter(50, 0), 0, 50, 0.05, "no change");
	verdict("p equal to alpha is within noise", 60, 0.25, 50, 0.25, "within noise");
	verdict("p just below alpha is improved", 60, nextafter(0.25, 0), 50, 0.25, "improved");
	verdict("no p-value (one boot) is within noise", 60, NAN, 50, 0.25, "within noise");
	verdict("no difference at all is no change, even with minimum effect 0", 0, 0, 0, 0.05, "no change");

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
	return 0;
}
