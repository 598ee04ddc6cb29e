/*
 * Is a change real?  One estimand, one test, one interval: the ratio of
 * two means, mean(b) / mean(a), judged on its logarithm.  Each side's
 * mean comes with a relative variance and degrees of freedom
 * (estimate.c); by the delta method Var(log mean) = Var(mean) / mean^2,
 * so log(ratio) has the variance ua + ub, and
 *
 *   t = log(ratio) / sqrt(ua + ub),  df by Welch-Satterthwaite,
 *   interval = exp(log(ratio) -/+ t_crit(alpha, df) sqrt(ua + ub)).
 *
 * The p-value is under alpha exactly when the interval excludes 1, so the
 * test and the interval can never disagree, and the threshold (-e) is a
 * size of the same ratio.  The mean rather than the median because run
 * repeats are few (3 a side is typical) and the mean of repeat means is
 * what Kalibera and Jones's variance decomposition works with; a rank
 * test on three repeat means cannot reach p < 0.1.
 *
 * Where the variance comes from (struct signif_level): with two or more
 * runs or repeats a side, from the spread of their means; with one, from
 * the samples within it, which miss the between-run part: the host's
 * noise profile (sysmark calibrate) says how far one run's mean strays,
 * or without one a conservative floor per group must be exceeded as well.
 *
 * Beside each verdict, the smallest change that test would have found
 * with 80% power (signif_detectable()): what a "~" could not rule out.
 *
 * Student's t is the stats layer's (tdist.c).  Pure functions: no I/O.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"

#define SIGNIF_DF_MAX		1e6	/* as good as the normal */
#define SIGNIF_POWER_NORMAL	1e4	/* df past which S is taken as 1 */
#define SIGNIF_POWER_STEPS	200	/* midpoint rule over S */
#define SIGNIF_WELCH_STEPS	24	/* ...and over Welch's split */

/* ---- The smallest detectable change ---- */

/*
 * The power of the test against a true log change of lambda standard
 * deviations: the chance that the ratio comes out significant (its t
 * beyond c) and at least the floor f (in standard deviations), the same
 * way round as the change.  The estimated standard deviation is sd x S,
 * S^2 a chi-square over df: integrated over S's density (the midpoint
 * rule, normalised by the same sum), so that a variance estimated from 3
 * repeats is not taken for a known one.
 */
static double
signif_power(double lambda, double df, double c, double f)
{
	double	sd, lo, hi, h, s, k, g, sum = 0, gsum = 0;

	if (df >= SIGNIF_POWER_NORMAL)
		return 0.5 * erfc((fmax(c, f) - lambda) / sqrt(2.0));
	sd = 1 / sqrt(2 * df);
	lo = fmax(0, 1 - 12 * sd);
	hi = 1 + 12 * sd;
	h = (hi - lo) / SIGNIF_POWER_STEPS;
	k = (df / 2) * log(df / 2) - lgamma(df / 2);
	for (int i = 0; i < SIGNIF_POWER_STEPS; i++) {
		s = lo + (i + 0.5) * h;
		g = exp(k + (df - 1) * log(s) - df * s * s / 2);
		gsum += g;
		sum += g * 0.5 * erfc((fmax(c * s, f) - lambda) / sqrt(2.0));
	}
	return gsum > 0 ? sum / gsum : NAN;
}

/*
 * Welch's test has a random df: with two parts of variance va and vb
 * estimated on da and db df, how the estimate splits between them, U,
 * varies as Beta(da/2, db/2) (exactly so for equal parts), and the df
 * and so the critical value with it.  The split is integrated over on
 * SIGNIF_WELCH_STEPS points (weights w[], critical values c[]); the
 * total is taken as a chi-square over da + db.  With 3 repeats a side
 * the df runs from 2 to 4, and the power at df 4 alone promised 80%
 * where 69% was found.
 */
static void
signif_welch_split(const struct signif_detect_parts *d, double alpha,
    double *c, double *w)
{
	double	nu = d->da + d->db, u, va, vb, sum = 0;

	for (int i = 0; i < SIGNIF_WELCH_STEPS; i++) {
		u = (i + 0.5) / SIGNIF_WELCH_STEPS;
		w[i] = exp((d->da / 2 - 1) * log(u) + (d->db / 2 - 1) *
		    log1p(-u));
		sum += w[i];
		va = d->va * u * nu / d->da;
		vb = d->vb * (1 - u) * nu / d->db;
		c[i] = tdist_critical(alpha, (va + vb) * (va + vb) /
		    (va * va / d->da + vb * vb / d->db));
	}
	for (int i = 0; i < SIGNIF_WELCH_STEPS; i++)
		w[i] /= sum;
}

/* The power at lambda: one critical value, or Welch's over its split. */
static double
signif_power_at(double lambda, double df, int nc, const double *c,
    const double *w, double f)
{
	double	p = 0;

	if (nc == 1)
		return signif_power(lambda, df, c[0], f);
	for (int i = 0; i < nc; i++)
		p += w[i] * signif_power(lambda, df, c[i], f);
	return p;
}

/*
 * The smallest change a comparison whose log ratio has the variance and
 * df of d finds with SIGNIF_POWER (80%) at alpha, when a change must also
 * be at least floor to count: a fraction (0.079 for 7.9%), NaN when the
 * variance is unknown.  Solved for on the power above by bisection; with
 * a floor the change is taken downward, the larger of the two ways round
 * in logarithms.
 */
double
signif_detect_of(const struct signif_detect_parts *d, double alpha,
    double floor)
{
	double	var = d->va + d->vb, sd = sqrt(var), f, lo = 0, hi, df;
	double	c[SIGNIF_WELCH_STEPS], w[SIGNIF_WELCH_STEPS];
	int	nc = 1;

	if (!isfinite(var) || var < 0 || !(d->df > 0) || !(floor < 1))
		return NAN;
	f = floor > 0 ? -log1p(-floor) : 0;
	if (var == 0)
		return floor;
	df = d->df;
	c[0] = tdist_critical(alpha, df);
	if (d->welch && d->va > 0 && d->vb > 0) {
		signif_welch_split(d, alpha, c, w);
		nc = SIGNIF_WELCH_STEPS;
		df = d->da + d->db;
	}
	f /= sd;
	hi = fmax(c[0], f) + 1;
	while (signif_power_at(hi, df, nc, c, w, f) < SIGNIF_POWER &&
	    hi < 1e6)
		hi *= 2;
	while (hi - lo > 1e-3 * hi) {
		double	mid = (lo + hi) / 2;

		if (signif_power_at(mid, df, nc, c, w, f) < SIGNIF_POWER)
			lo = mid;
		else
			hi = mid;
	}
	return expm1(hi * sd);
}

/* signif_detect_of() of a variance with a fixed df. */
double
signif_detectable(double var, double df, double alpha, double floor)
{
	struct signif_detect_parts d = { var, df, 0, 1, df, 0 };

	return signif_detect_of(&d, alpha, floor);
}

/* ---- The verdict ---- */

/* One part of a variance with its degrees of freedom. */
struct signif_part {
	double	v;
	double	df;
};

/* Welch-Satterthwaite: the degrees of freedom of a sum of variances. */
static double
signif_satterthwaite(const struct signif_part *p, size_t n)
{
	double	sum = 0, den = 0;

	for (size_t i = 0; i < n; i++) {
		sum += p[i].v;
		if (p[i].v > 0)
			den += p[i].v * p[i].v / p[i].df;
	}
	return den > 0 ? fmin(sum * sum / den, SIGNIF_DF_MAX) : SIGNIF_DF_MAX;
}

/*
 * A side with one unit, when the other has several: one run's mean
 * varies as much as one of the other side's unit means does, which the
 * other side's spread of unit means estimates.
 */
static struct signif_part
signif_single_unit(const struct estimate *one, const struct estimate *many)
{
	struct signif_part	p = { many->unit_relvar, many->df };

	if (isfinite(one->relvar) && one->relvar > p.v)
		p = (struct signif_part){ one->relvar, one->df };
	return p;
}

/* One run a side, no profile: the samples alone (and the floor). */
static size_t
signif_samples(const struct estimate *a, const struct estimate *b,
    struct signif *s, struct signif_part *p)
{
	s->level = SIGNIF_LEVEL_SAMPLES;
	p[0] = (struct signif_part){ a->relvar, a->df };
	p[1] = (struct signif_part){ b->relvar, b->df };
	return 2;
}

/*
 * One run a side with the host profile: each run's mean is taken to vary
 * as much as one repeat mean of the calibration did (the spread of its
 * repeat means, between- and within-run parts together, with repeats - 1
 * df), plus whatever more its own samples spread than the calibration's
 * did (a noisier run, or fewer samples).  The profile's variance is used
 * whole rather than as the "between" part left after taking its within
 * part away: that difference is often cut to 0 with 3 to 5 repeats, and
 * so called 8-13% of synthetic A/A comparisons at alpha 0.05.  Both
 * sides lean on the same estimate, so together they are one part of
 * twice its size with its df, not two independent parts.
 */
static size_t
signif_profile(const struct estimate *a, const struct estimate *b,
    const struct signif_rule *r, struct signif *s, struct signif_part *p)
{
	double	xa = a->relvar - r->noise_within;
	double	xb = b->relvar - r->noise_within;
	size_t	n = 0;

	s->level = SIGNIF_LEVEL_PROFILE;
	p[n++] = (struct signif_part){ 2 * r->noise_relvar, r->noise_df };
	if (xa > 0)
		p[n++] = (struct signif_part){ xa, a->df };
	if (xb > 0)
		p[n++] = (struct signif_part){ xb, b->df };
	return n;
}

/* The variance of log(ratio), as parts; returns how many, 0: untestable. */
static size_t
signif_parts(const struct estimate *a, const struct estimate *b,
    const struct signif_rule *r, struct signif *s, struct signif_part *p)
{
	if (a->units >= 2 && b->units >= 2) {
		s->level = SIGNIF_LEVEL_RUNS;
		p[0] = (struct signif_part){ a->relvar, a->df };
		p[1] = (struct signif_part){ b->relvar, b->df };
		return 2;
	}
	if (a->units >= 2 && b->units == 1) {
		s->level = SIGNIF_LEVEL_RUNS;
		p[0] = (struct signif_part){ a->relvar, a->df };
		p[1] = signif_single_unit(b, a);
		return 2;
	}
	if (b->units >= 2 && a->units == 1) {
		s->level = SIGNIF_LEVEL_RUNS;
		p[0] = signif_single_unit(a, b);
		p[1] = (struct signif_part){ b->relvar, b->df };
		return 2;
	}
	if (a->units != 1 || b->units != 1 || !isfinite(a->relvar) ||
	    !isfinite(b->relvar))
		return 0;
	if (!isfinite(r->noise_relvar))
		return signif_samples(a, b, s, p);
	return signif_profile(a, b, r, s, p);
}

static enum signif_verdict
signif_verdict(const struct signif *s, enum bench_dir dir, double alpha)
{
	double	change = s->ratio - 1;

	/*
	 * Written so that NaN (figures so large that a mean or a variance
	 * overflows) can only ever mean "not shown to differ".  An infinite
	 * change is a figure rising from 0 (signif_judge_zero()).
	 */
	if (!(s->p < alpha) || isnan(change))
		return SIGNIF_SAME;
	if (fabs(change) < s->floor)
		return SIGNIF_SMALL;
	if ((change > 0) == (dir == BENCH_HIGHER))
		return SIGNIF_BETTER;
	return SIGNIF_WORSE;
}

static int
signif_finite(const struct estimate *e)
{
	return isfinite(e->mean) && e->mean != 0;
}

/*
 * The variance of the test from its parts: their sum, with the df on *s
 * (Satterthwaite's, at most the profile's) and the floor the level asks.
 */
static double
signif_var(const struct signif_part *p, size_t np,
    const struct signif_rule *r, struct signif *s)
{
	double	var = 0;

	for (size_t i = 0; i < np; i++)
		var += p[i].v;
	s->df = signif_satterthwaite(p, np);
	/*
	 * Satterthwaite would raise the profile's few df whenever a run's
	 * own excess is large beside it, which is just when the profile
	 * happened to come out small: keep the profile's.
	 */
	if (s->level == SIGNIF_LEVEL_PROFILE)
		s->df = fmin(s->df, r->noise_df);
	if (s->level == SIGNIF_LEVEL_SAMPLES && r->floor > s->floor)
		s->floor = r->floor;
	return var;
}

/* Every figure of e is 0 (one figure, or a spread of 0: estimate.c). */
static int
signif_all_zero(const struct estimate *e)
{
	return e->n > 0 && e->mean == 0 && (e->n == 1 || e->relvar == 0);
}

/* One side's figures are all 0 and the other's mean finite, positive. */
static int
signif_zero(const struct estimate *a, const struct estimate *b)
{
	if (signif_all_zero(a))
		return b->n > 0 && isfinite(b->mean) && b->mean > 0;
	return signif_all_zero(b) && a->n > 0 && isfinite(a->mean) &&
	    a->mean > 0;
}

/*
 * Exactly one side's figure is 0, the other's a positive number.  Zero
 * has no logarithm, yet a figure dropping to 0 is the largest change
 * there is (-100%), and one rising from 0 is a change too: neither is
 * "not a number".  The zero side's figures are all 0 (signif_zero()),
 * so it has no spread.  The change is then tested on the linear scale,
 * (b - a) over the nonzero side's mean, which is exactly -1 or +1,
 * against the other side's relative variance alone (the parts
 * signif_parts() takes, the zero side's being 0); the ratio, 0 or
 * infinite, is its own interval.
 */
static void
signif_judge_zero(const struct estimate *a, const struct estimate *b,
    const struct signif_rule *r, struct signif *s)
{
	struct estimate		 za = *a, zb = *b;
	struct estimate		*z = signif_all_zero(a) ? &za : &zb;
	struct signif_part	 p[4];
	size_t			 np;
	double			 var;

	z->relvar = z->unit_relvar = 0;
	z->df = SIGNIF_DF_MAX;
	if ((np = signif_parts(&za, &zb, r, s, p)) == 0) {
		s->level = SIGNIF_LEVEL_NONE;
		return;
	}
	var = signif_var(p, np, r, s);
	if (!isfinite(var) || !(s->df > 0)) {
		s->verdict = SIGNIF_INVALID;
		return;
	}
	s->test = SIGNIF_WELCH;
	s->p = var == 0 ? 0 : tdist_twosided(1 / sqrt(var), s->df);
	s->lo = s->hi = s->ratio;
	s->verdict = signif_verdict(s, r->dir, r->alpha);
}

/*
 * The p, interval and verdict of s from the log ratio lr and its
 * variance var, on s->df: one place for Welch's, the pairs' and a
 * widened line.  No spread at all: equal or not.
 */
static void
signif_interval(struct signif *s, double lr, double var,
    const struct signif_rule *r)
{
	double	half;

	if (var == 0) {
		s->p = lr == 0 ? 1 : 0;
		s->lo = s->hi = s->ratio;
	} else {
		s->p = tdist_twosided(lr / sqrt(var), s->df);
		half = tdist_critical(r->alpha, s->df) * sqrt(var);
		s->lo = exp(lr - half);
		s->hi = exp(lr + half);
	}
	s->verdict = signif_verdict(s, r->dir, r->alpha);
}

/*
 * Judge side b against side a under rule r.  A change counts as better
 * or worse when p < alpha (equivalently the interval excludes 1) and the
 * change is at least -e, and with one run a side and no host profile also
 * at least the rule's floor for the group.
 */
void
signif_judge(const struct estimate *a, const struct estimate *b,
    const struct signif_rule *r, struct signif *s)
{
	struct signif_part	p[4];
	size_t			np;
	double			var, lr;

	memset(s, 0, sizeof *s);
	s->na = a->n;
	s->nb = b->n;
	s->ua = a->units;
	s->ub = b->units;
	s->ratio = b->mean / a->mean;
	s->p = s->lo = s->hi = s->df = s->detect = NAN;
	s->floor = r->min_effect;
	s->verdict = SIGNIF_SINGLE;
	if (signif_zero(a, b)) {
		signif_judge_zero(a, b, r, s);
		return;
	}
	if ((a->n > 0 && !signif_finite(a)) || (b->n > 0 &&
	    !signif_finite(b)) || (a->n > 0 && b->n > 0 &&
	    !(isfinite(s->ratio) && s->ratio > 0))) {
		s->verdict = SIGNIF_INVALID;
		return;
	}
	if ((np = signif_parts(a, b, r, s, p)) == 0) {
		s->level = SIGNIF_LEVEL_NONE;
		return;
	}
	var = signif_var(p, np, r, s);
	s->test = SIGNIF_WELCH;
	s->detect = signif_detect_of(&(struct signif_detect_parts){ p[0].v,
	    p[0].df, np == 2 ? p[1].v : var - p[0].v, np == 2 ? p[1].df : 1,
	    s->df, s->level == SIGNIF_LEVEL_RUNS }, r->alpha, s->floor);
	lr = log(s->ratio);
	if (!isfinite(var) || !(s->df > 0)) {
		s->verdict = SIGNIF_INVALID;
		return;
	}
	signif_interval(s, lr, var, r);
}

/*
 * Judge a duet's pairs under rule r: lr[] are the pairs' log ratios
 * (log b/a, each pair taken at once), whose mean is tested with
 * Student's t on n - 1 df: what the host did to both at once cancels in
 * each ratio, and only its unequal part is left to spread them.  The
 * ratio is their geometric mean; the detectable change is the one the
 * pairs' own spread would find with 80% power.
 */
void
signif_paired(const double *lr, size_t n, const struct signif_rule *r,
    struct signif *s)
{
	double	mean = 0, ss = 0, var;

	memset(s, 0, sizeof *s);
	s->na = s->nb = s->ua = s->ub = n;
	s->p = s->lo = s->hi = s->df = s->detect = s->ratio = NAN;
	s->floor = r->min_effect;
	s->level = SIGNIF_LEVEL_PAIRS;
	s->verdict = SIGNIF_SINGLE;
	for (size_t i = 0; i < n; i++)
		mean += lr[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (lr[i] - mean) * (lr[i] - mean);
	if (n > 0)
		s->ratio = exp(mean);
	if (n < 2)
		return;
	if (!isfinite(mean) || !isfinite(ss)) {
		s->verdict = SIGNIF_INVALID;
		return;
	}
	var = ss / (double)(n - 1) / (double)n;
	s->test = SIGNIF_PAIRED;
	s->df = (double)(n - 1);
	s->detect = signif_detectable(var, s->df, r->alpha, s->floor);
	signif_interval(s, mean, var, r);
}

/*
 * Add a variance part (var of the log ratio, with df) to a judged s: a
 * host's drift between sides taken apart, which neither side's spread
 * holds.  The interval, p, detectable change and verdict are judged
 * again on the sum (Satterthwaite's df); a line with no interval is
 * left as it was.
 */
void
signif_widen(struct signif *s, double var, double df,
    const struct signif_rule *r)
{
	struct signif_part	p[2];
	double			v0, half;

	if (!(var > 0) || !isfinite(s->lo) || !isfinite(s->hi) ||
	    !(s->df > 0) || !(s->ratio > 0))
		return;
	half = tdist_critical(r->alpha, s->df);
	v0 = s->lo == s->hi ? 0 : pow(log(s->hi / s->lo) / (2 * half), 2);
	p[0] = (struct signif_part){ v0, s->df };
	p[1] = (struct signif_part){ var, df > 0 ? df : 1 };
	s->df = v0 > 0 ? signif_satterthwaite(p, 2) : p[1].df;
	v0 += var;
	s->detect = signif_detectable(v0, s->df, r->alpha, s->floor);
	signif_interval(s, log(s->ratio), v0, r);
}
