/*
 * Where a step could have started: the runs its start lies among, 95%.
 * A search places a step at the run that best divides the levels, but
 * the runs next to a step are noisy too, and on a host whose minutes
 * drift the best division may fall a run or two early or late.  A user
 * asking "which commit?" needs the runs to bisect, not one guess.
 *
 * For a step of delta between levels of runs of variance var each, the
 * error of the least-squares start, in units of var / delta^2, tends to
 * the argmax of a two-sided Brownian motion with drift -|u| / 2 (Yao,
 * "Approximating the distribution of the maximum likelihood estimate of
 * the change-point in a sequence of independent random variables",
 * Annals of Statistics 1987), whose 95% two-sided quantile is 11.0
 * (checked by simulation: tests/unit/test_changepoint.c's
 * test_where_covers).  Runs correlated rho with their neighbours add up
 * as if their variance were var (1 + rho) / (1 - rho).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>

#include "history.h"

#define CHANGEPOINT_WHERE_Q95	11.0	/* |argmax|'s 95% quantile */

/*
 * Set cp->at_lo and cp->at_hi, the first and last run the step from
 * cp->from, through cp->at, to cp->to may have started at (95%): var is
 * a run's variance (logs), delta the step (logs), rho the neighbours'
 * correlation.  A level keeps at least one run on each side.
 */
void
changepoint_where(struct changepoint *cp, double var, double delta,
    double rho)
{
	double	lr = var * (1 + rho) / (1 - rho);
	double	h = CHANGEPOINT_WHERE_Q95 * lr / (delta * delta);
	size_t	back, ahead;

	if (!isfinite(h) || h > (double)(cp->to - cp->from))
		h = (double)(cp->to - cp->from);
	back = (size_t)floor(h);
	ahead = back;
	if (back > cp->at - cp->from - 1)
		back = cp->at - cp->from - 1;
	if (ahead > cp->to - cp->at - 1)
		ahead = cp->to - cp->at - 1;
	cp->at_lo = cp->at - back;
	cp->at_hi = cp->at + ahead;
}
