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
 * Student's t through the regularized incomplete beta function, written
 * from the textbook definitions.  Pure functions: no I/O.
 */
/* SPDX-License-Identifier: MIT */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define SIGNIF_CF_ITER		300	/* continued fraction terms */
#define SIGNIF_CF_EPS		1e-15
#define SIGNIF_DF_MAX		1e6	/* as good as the normal */

/* ---- Student's t distribution ---- */

/*
 * The continued fraction of the regularized incomplete beta function,
 * evaluated with the modified Lentz method.
 */
static double
signif_betacf(double a, double b, double x)
{
	double	c = 1, d, h, num, del;
	int	m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < DBL_MIN)
		d = DBL_MIN;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= SIGNIF_CF_ITER; m++) {
		m2 = 2 * m;
		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < DBL_MIN ? 1 / DBL_MIN : 1 / d;
		c = fabs(c) < DBL_MIN ? DBL_MIN : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < DBL_MIN ? 1 / DBL_MIN : 1 / d;
		c = fabs(c) < DBL_MIN ? DBL_MIN : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < SIGNIF_CF_EPS)
			break;
	}
	return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double
signif_ibeta(double a, double b, double x)
{
	double	front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * signif_betacf(a, b, x) / a;
	return 1 - front * signif_betacf(b, a, 1 - x) / b;
}

/* P(|T| >= |t|) for Student's t with df degrees of freedom. */
double
signif_t_twosided(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0)
		return NAN;
	if (isinf(t))
		return 0;
	return signif_ibeta(df / 2, 0.5, df / (df + t * t));
}

/*
 * The t with P(|T| >= t) = p: the critical value of a two-sided test at
 * level p.  Bisection on the distribution, to a relative 1e-10.
 */
double
signif_t_critical(double p, double df)
{
	double	lo = 0, hi = 1, mid;

	if (!(p > 0 && p < 1) || isnan(df) || df <= 0)
		return NAN;
	while (signif_t_twosided(hi, df) > p)
		hi *= 2;
	while (hi - lo > 1e-10 * hi) {
		mid = (lo + hi) / 2;
		if (signif_t_twosided(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
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
 * other side's spread estimates (var(mean) x units).
 */
static struct signif_part
signif_single_unit(const struct estimate *one, const struct estimate *many)
{
	struct signif_part	p = { many->relvar * (double)many->units,
				    many->df };

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
	 * overflows) can only ever mean "not shown to differ".
	 */
	if (!(s->p < alpha) || !isfinite(change))
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
	double			var, lr, t, half;

	memset(s, 0, sizeof *s);
	s->na = a->n;
	s->nb = b->n;
	s->ua = a->units;
	s->ub = b->units;
	s->ratio = b->mean / a->mean;
	s->p = s->lo = s->hi = s->df = NAN;
	s->floor = r->min_effect;
	s->verdict = SIGNIF_SINGLE;
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
	var = 0;
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
	s->test = SIGNIF_WELCH;
	lr = log(s->ratio);
	if (!isfinite(var) || !(s->df > 0)) {
		s->verdict = SIGNIF_INVALID;
		return;
	}
	if (var == 0) {		/* no spread at all: equal or not */
		s->p = lr == 0 ? 1 : 0;
		s->lo = s->hi = s->ratio;
	} else {
		t = lr / sqrt(var);
		s->p = signif_t_twosided(t, s->df);
		half = signif_t_critical(r->alpha, s->df) * sqrt(var);
		s->lo = exp(lr - half);
		s->hi = exp(lr + half);
	}
	s->verdict = signif_verdict(s, r->dir, r->alpha);
}
