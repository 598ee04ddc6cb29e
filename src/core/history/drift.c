/*
 * A host's drift at a gap, measured from its own saved runs: the
 * variogram of a series' run-to-run differences against their time gap
 * (doc/statistics.md, "Drift").  For one test, version and copies of a
 * host, within its newest level (after the last change point history
 * found: a step is the build's or the host's for good, not drift), every
 * pair of runs about gap apart (gap/2 to 2 gap) gives (y_j - y_i)^2 of
 * their log means; their mean, V(gap), is the variance of the difference
 * of two runs that far apart.  What the verdict's basis already holds is
 * taken off, at least 0 left: back-to-back runs' V(short) (pairs under
 * DRIFT_SHORT apart) where repeats or a profile are the basis (var;
 * without enough short pairs each pair's own sampling variance stands
 * for it), and only the runs' own sampling variance where one run a side
 * is judged on its samples (var_one), whose basis holds no run-to-run
 * spread at all; judge_drift() adds the one that fits the line's basis to
 * the log ratio's variance.  Too few pairs at the gap:
 * not measured (var NaN), and compare says so.  The runs compared are
 * left out of the pairs, so a verdict is never judged on its own runs.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "history.h"

/* The series of host, test, version and copies; NULL if none. */
static const struct history_series *
drift_series(const struct history *h, const char *host, const char *test,
    int version, int copies)
{
	for (size_t i = 0; i < h->nseries; i++) {
		const struct history_series *s = &h->series[i];

		if (strcmp(s->test, test) == 0 && s->copies == copies &&
		    s->version == version && host != NULL && s->host != NULL &&
		    strcmp(s->host, host) == 0)
			return s;
	}
	return NULL;
}

/* Sums of the pairs' squared differences: at the gap and back to back. */
struct drift_sums {
	double	v, own, vs;
	size_t	n, ns;
	size_t	runs;		/* distinct runs in the gap's pairs */
};

static void
drift_pair(const struct history_sum *a, const struct history_sum *b,
    double dt, double gap, struct drift_sums *d)
{
	double	dy = log(b->mean) - log(a->mean);

	if (!isfinite(dy))
		return;
	if (dt < DRIFT_SHORT) {
		d->vs += dy * dy;
		d->ns++;
	}
	if (dt < gap / 2 || dt > 2 * gap)
		return;
	d->v += dy * dy;
	d->own += (isfinite(a->relvar) ? a->relvar : 0) +
	    (isfinite(b->relvar) ? b->relvar : 0);
	d->n++;
}

/*
 * The runs [from, to) of s the drift is measured on: the level the
 * compared runs (skip[]) start in, from the change point before the
 * first of them to the one after it; with none of them in s, the newest
 * level.  A step the compared runs themselves make (history finds it
 * when they are saved runs) is what the verdict judges, not drift.
 */
static void
drift_level(const struct history_series *s, const unsigned char *skip,
    size_t *from, size_t *to)
{
	size_t	first = s->n;

	for (size_t i = 0; skip != NULL && i < s->n && first == s->n; i++)
		if (skip[s->sums[i].run])
			first = i;
	*from = 0;
	*to = s->n;
	for (size_t k = 0; k < s->cp.ncps; k++) {
		if (s->cp.cps[k].at <= first)
			*from = s->cp.cps[k].at;
		else if (first < s->n) {
			*to = s->cp.cps[k].at;
			break;
		}
	}
}

/*
 * Test's drift at gap seconds on host, from h's runs but those skip[]
 * marks (or NULL), into d (its test set by the caller).
 */
void
drift_estimate(const struct history *h, const char *host, const char *test,
    int version, int copies, double gap, const unsigned char *skip,
    struct compare_drift *d)
{
	const struct history_series *s = drift_series(h, host, test, version,
	    copies);
	struct drift_sums	 sum = { 0 };
	size_t			 from, to, used = 0;

	d->var = d->var_one = NAN;
	d->df = 0;
	d->pairs = 0;
	if (s == NULL)
		return;
	drift_level(s, skip, &from, &to);
	for (size_t i = from; i < to; i++) {
		const struct history_sum *a = &s->sums[i];
		size_t	before = sum.n;
		long long ta = h->runs[a->run].start;

		if (ta < 0 || (skip != NULL && skip[a->run]))
			continue;
		for (size_t j = i + 1; j < to; j++) {
			long long tb = h->runs[s->sums[j].run].start;

			if (tb >= 0 && (skip == NULL ||
			    !skip[s->sums[j].run]))
				drift_pair(a, &s->sums[j], fabs((double)(tb -
				    ta)), gap, &sum);
		}
		used += sum.n > before;
	}
	d->pairs = sum.n;
	if (sum.n < DRIFT_MIN_PAIRS)
		return;
	sum.v /= (double)sum.n;
	d->var_one = fmax(0, sum.v - sum.own / (double)sum.n);
	d->var = fmax(0, sum.v - (sum.ns >= DRIFT_MIN_PAIRS ?
	    sum.vs / (double)sum.ns : sum.own / (double)sum.n));
	/* Overlapping pairs are not independent: df from the runs. */
	d->df = fmax(1, (double)(used < sum.n ? used : sum.n) - 1);
}
