/*
 * The search that a stray run does not blind.  One run of 40 at half
 * speed (a noisy neighbour's minute) dominates a least-squares search:
 * every shuffle of the permutation test that puts it beside an end
 * makes a cut as strong as a real step, and a later -10% step went
 * unfound.  So stray runs are found first and left out of the search,
 * and reported as what they are.
 *
 * The idea is the bounded loss of Fearnhead and Rigaill ("Changepoint
 * detection in the presence of outliers", JASA 2019): a run more than
 * K noise deviations off its level costs a constant, so it pulls no
 * level and makes no step.  Their search is a penalised partition; ours
 * stays the weighted E-divisive search with its permutation tests,
 * intervals, correlated runs and host pooling (changepoint.c), so the
 * bound is applied before it, by medians, which one stray does not
 * move: a run is a stray when it lies beyond K robust deviations from
 * both the median of the CHANGEPOINT_STRAY_WIN runs before it and that
 * of the runs after it, on the same side of both, those two medians
 * agreeing with each other.  A step is not: the runs after it agree
 * with it, and at its edge the two sides' medians differ by the step.
 * Two strays side by side are found (each side's median of three holds
 * at most one other); three or more in a row make a level.
 * The newest run is never a stray: nothing after it can say, and the
 * gate must judge it as a step.  The deviation is how far the runs lie
 * from the middle of their two sides' medians (1.4826 MAD, which a few
 * strays and steps do not move; correlated runs, nearer their
 * neighbours, narrow it as they narrow what it measures), widened for a
 * run whose own interval is wider than the runs' typical one.  K is 4,
 * past the biweight's usual 3 (Fearnhead and Rigaill's), as a stray
 * left out costs the search a run while one called wrongly is reported:
 * of 2,000 flat series of 20-80 normal runs, 104 named a stray at 3.5,
 * 37 at 4, 14 at 4.5.  Measured against Otava with
 * tests/perf/changepoint_vs_otava.py --strays.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint_ctx.h"

/* The median of y[from, to), to - from <= CHANGEPOINT_STRAY_WIN. */
static double
changepoint_stray_median(const double *y, size_t from, size_t to)
{
	double	w[CHANGEPOINT_STRAY_WIN];

	memcpy(w, y + from, (to - from) * sizeof *w);
	return stats_median_select(w, to - from);
}

/* Whether y[j] lies past bar from ref on the side d (+1 or -1). */
static int
changepoint_stray_off(double y, double ref, double bar, double d)
{
	return d * (y - ref) > bar;
}

/*
 * How many neighbours of run i in a row, on either side, lie past bar
 * from ref on its side too: a stretch of three or more is a level.
 */
static size_t
changepoint_stray_stretch(const double *y, size_t n, size_t i, double ref,
    double bar)
{
	double	d = y[i] > ref ? 1 : -1;
	size_t	k = 1;

	for (size_t j = i; j > 0 && k < 3 &&
	    changepoint_stray_off(y[j - 1], ref, bar, d); j--)
		k++;
	for (size_t j = i + 1; j < n && k < 3 &&
	    changepoint_stray_off(y[j], ref, bar, d); j++)
		k++;
	return k;
}

/*
 * The medians of the runs before and after each run i (l[i], r[i]); the
 * first run's before is its after.  The newest has no after: NaN.
 */
static void
changepoint_stray_sides(const double *y, size_t n, double *l, double *r)
{
	size_t	lo, hi;

	for (size_t i = 0; i < n; i++) {
		lo = i > CHANGEPOINT_STRAY_WIN ? i - CHANGEPOINT_STRAY_WIN : 0;
		hi = i + 1 + CHANGEPOINT_STRAY_WIN < n ? i + 1 +
		    CHANGEPOINT_STRAY_WIN : n;
		r[i] = hi > i + 1 ? changepoint_stray_median(y, i + 1, hi) :
		    NAN;
		l[i] = i > 0 ? changepoint_stray_median(y, lo, i) : r[i];
	}
}

/*
 * How far runs lie from their sides' medians, as a variance: 1.4826
 * MAD of each run's distance from the middle of its two medians, which
 * strays and steps (a few runs) do not move, and which the runs'
 * correlation narrows as it narrows the distances themselves.
 */
static double
changepoint_stray_var(const double *y, size_t n, const double *l,
    const double *r)
{
	double	*d = xcalloc(n, sizeof *d), med, sd;
	size_t	 k = 0;

	for (size_t i = 0; i + 1 < n; i++)
		d[k++] = y[i] - (l[i] + r[i]) / 2;
	med = stats_median_select(d, k);
	for (size_t i = 0; i < k; i++)
		d[i] = fabs(d[i] - med);
	sd = 1.4826 * stats_median_select(d, k);
	free(d);
	return sd * sd;
}

/*
 * Whether run i of y[0..n) is a stray, var the runs' spread from their
 * sides, own its own variance: past the bar from the medians on both
 * sides, which agree with each other (at a step's edge they do not:
 * the run belongs to one of the two levels), and not one of three or
 * more in a row.  The first run, with no run before it, is judged by
 * the runs after it alone, a full window of them.
 */
static int
changepoint_stray_is(const double *y, size_t n, size_t i, double l,
    double r, double bar)
{
	if (i + 1 >= n || (i == 0 && n < CHANGEPOINT_STRAY_WIN + 1))
		return 0;
	if ((y[i] - l > 0) != (y[i] - r > 0) || fabs(y[i] - l) <= bar ||
	    fabs(y[i] - r) <= bar)
		return 0;
	if (2 * fabs(l - r) >= fmin(fabs(y[i] - l), fabs(y[i] - r)))
		return 0;
	return changepoint_stray_stretch(y, n, i, (l + r) / 2, bar) < 3;
}

/*
 * Mark the stray runs of v[0..n) (figures > 0, each with the relative
 * variance of its mean, or NaN) in stray[0..n); how many.
 */
size_t
changepoint_strays(const double *v, const double *relvar, size_t n,
    unsigned char *stray)
{
	double	*y, *l, *r, *own, var, typical;
	size_t	 k = 0;

	memset(stray, 0, n);
	if (n < CHANGEPOINT_MIN_RUNS)
		return 0;
	y = xcalloc(n, sizeof *y);
	l = xcalloc(n, sizeof *l);
	r = xcalloc(n, sizeof *r);
	own = xcalloc(n, sizeof *own);
	for (size_t i = 0; i < n; i++) {
		y[i] = log(v[i]);
		own[i] = relvar != NULL && isfinite(relvar[i]) &&
		    relvar[i] > 0 ? relvar[i] : 0;
	}
	changepoint_stray_sides(y, n, l, r);
	var = changepoint_stray_var(y, n, l, r);
	typical = changepoint_typical(own, n);
	for (size_t i = 0; i < n; i++) {
		stray[i] = (unsigned char)changepoint_stray_is(y, n, i, l[i],
		    r[i], CHANGEPOINT_STRAY_K * sqrt(var + fmax(own[i] -
		    typical, 0) + CHANGEPOINT_VAR_FLOOR));
		k += stray[i];
	}
	free(y);
	free(l);
	free(r);
	free(own);
	return k;
}

/* The change points' runs, found among the kept runs keep[0..nk), as runs
 * of the whole series of n. */
static void
changepoint_unmap(struct changepoint_result *r, const size_t *keep,
    size_t nk, size_t n)
{
	for (size_t i = 0; i < r->ncps; i++) {
		struct changepoint *cp = &r->cps[i];

		cp->at = keep[cp->at];
		cp->at_lo = keep[cp->at_lo];
		cp->at_hi = keep[cp->at_hi];
		cp->from = keep[cp->from];
		cp->to = cp->to >= nk ? n : keep[cp->to];
	}
}

/* The level run i of the series lies in: its step's after, or before. */
static double
changepoint_level_at(const struct changepoint_result *r, size_t i,
    double whole)
{
	double	level = r->ncps > 0 ? r->cps[0].before : whole;

	for (size_t j = 0; j < r->ncps && r->cps[j].at <= i; j++)
		level = r->cps[j].after;
	return level;
}

/* The strays of v[0..n), marked in stray[], into r, each off its level. */
static void
changepoint_strays_put(struct changepoint_result *r, const double *v,
    size_t n, const unsigned char *stray, size_t ns, double whole)
{
	r->strays = xcalloc(ns, sizeof *r->strays);
	for (size_t i = 0; i < n; i++) {
		if (!stray[i])
			continue;
		r->strays[r->nstrays].at = i;
		r->strays[r->nstrays++].off = v[i] /
		    changepoint_level_at(r, i, whole) - 1;
	}
}

/*
 * The change points of figures v[0..n) (each > 0, oldest first, each
 * with the relative variance of its mean, or NaN), the stray runs left
 * out of the search and listed in r->strays.  Free r with
 * changepoint_result_free.
 */
void
changepoint_find(const double *v, const double *relvar, size_t n,
    const struct changepoint_opts *o, struct changepoint_result *r)
{
	unsigned char	*stray = xcalloc(n + 1, 1);
	size_t		 ns = changepoint_strays(v, relvar, n, stray), nk = 0;
	size_t		*keep;
	double		*kv, *krv, logsum = 0;

	if (ns == 0) {
		free(stray);
		changepoint_search_all(v, relvar, n, o, r);
		return;
	}
	keep = xcalloc(n, sizeof *keep);
	kv = xcalloc(n, sizeof *kv);
	krv = xcalloc(n, sizeof *krv);
	for (size_t i = 0; i < n; i++) {
		if (stray[i])
			continue;
		keep[nk] = i;
		kv[nk] = v[i];
		krv[nk++] = relvar != NULL ? relvar[i] : NAN;
		logsum += log(v[i]);
	}
	changepoint_search_all(kv, krv, nk, o, r);
	changepoint_unmap(r, keep, nk, n);
	changepoint_strays_put(r, v, n, stray, ns, exp(logsum / (double)nk));
	free(stray);
	free(keep);
	free(kv);
	free(krv);
}
