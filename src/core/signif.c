/*
 * Is a change real?  The tests behind every compare verdict: Welch's t
 * test, the Mann-Whitney U test (exact without ties, else the normal
 * approximation with tie and continuity corrections), and a confidence
 * interval for the ratio of two means by the delta method (first-order
 * Taylor expansion of mean_b / mean_a; its relative variance is the sum
 * of the two relative variances of the means), with a t quantile at the
 * Welch-Satterthwaite degrees of freedom.  Seed 000 argued for weeks
 * whether a 10% gap between two machines meant anything; this file is
 * sysmark's answer, written from the textbook definitions.
 *
 * Pure functions: no I/O; scratch allocations only.
 */
/* SPDX-License-Identifier: MIT */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define SIGNIF_CF_ITER		300	/* continued fraction terms */
#define SIGNIF_CF_EPS		1e-15
#define SIGNIF_EXACT_MAX	50	/* largest side for the exact U */

struct signif_ranked {
	double	v;
	int	side;		/* 0: a, 1: b */
};

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

/* ---- Welch's t test ---- */

/*
 * Two-sided p of Welch's t test for a difference in means; NaN when a
 * side has fewer than two values.  *df gets the Welch-Satterthwaite
 * degrees of freedom.  Two spread-free samples give 1 or 0: equal or not.
 */
double
signif_welch(const double *a, size_t na, const double *b, size_t nb,
    double *df)
{
	struct stats	sa, sb;
	double		va, vb, t;

	*df = NAN;
	if (na < 2 || nb < 2)
		return NAN;
	stats_compute(a, na, &sa);
	stats_compute(b, nb, &sb);
	va = sa.sd * sa.sd / (double)na;
	vb = sb.sd * sb.sd / (double)nb;
	if (va + vb == 0)
		return sa.mean == sb.mean ? 1 : 0;
	*df = (va + vb) * (va + vb) /
	    (va * va / (double)(na - 1) + vb * vb / (double)(nb - 1));
	t = (sb.mean - sa.mean) / sqrt(va + vb);
	return signif_t_twosided(t, *df);
}

/* ---- Mann-Whitney U test ---- */

static int
signif_ranked_cmp(const void *x, const void *y)
{
	const struct signif_ranked	*a = x, *b = y;

	return (a->v > b->v) - (a->v < b->v);
}

/*
 * Rank the pooled samples (midranks for ties).  Returns the rank sum of
 * side a; *tie gets sum(t^3 - t) over the groups of tied values.
 */
static double
signif_rank_sum(const double *a, size_t na, const double *b, size_t nb,
    double *tie)
{
	size_t			 n = na + nb, i, j;
	struct signif_ranked	*r = xreallocarray(NULL, n, sizeof *r);
	double			 ra = 0, mid, t;

	for (i = 0; i < na; i++)
		r[i] = (struct signif_ranked){ a[i], 0 };
	for (i = 0; i < nb; i++)
		r[na + i] = (struct signif_ranked){ b[i], 1 };
	qsort(r, n, sizeof *r, signif_ranked_cmp);
	*tie = 0;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		mid = (double)(i + 1 + j) / 2;	/* ranks i+1 .. j */
		t = (double)(j - i);
		*tie += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (r[k].side == 0)
				ra += mid;
	}
	free(r);
	return ra;
}

/*
 * P(U <= u) under the null hypothesis, exactly: the number of ways to
 * reach each U is a coefficient of the Gaussian binomial
 * [m+n choose m](q) = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i).
 */
static double
signif_u_cdf(size_t m, size_t n, size_t u)
{
	size_t	 deg = m * n, k;
	double	*c = xcalloc(deg + 1, sizeof *c), below = 0, total = 0;

	c[0] = 1;
	for (size_t i = 1; i <= m; i++) {
		for (k = deg; k >= n + i; k--)	/* times (1 - q^(n+i)) */
			c[k] -= c[k - n - i];
		for (k = i; k <= deg; k++)	/* divided by (1 - q^i) */
			c[k] += c[k - i];
	}
	for (k = 0; k <= deg; k++) {
		total += c[k];
		if (k <= u)
			below += c[k];
	}
	free(c);
	return below / total;
}

/*
 * Two-sided p of the Mann-Whitney U test; NaN when a side is empty.
 * Exact when there are no ties and both sides are small, otherwise the
 * normal approximation with the tie-corrected variance and a continuity
 * correction.
 */
double
signif_mwu(const double *a, size_t na, const double *b, size_t nb)
{
	double	m = (double)na, n = (double)nb, N = m + n;
	double	tie, ua, u, mu, var, z, p;

	if (na == 0 || nb == 0)
		return NAN;
	ua = signif_rank_sum(a, na, b, nb, &tie) - m * (m + 1) / 2;
	u = fmin(ua, m * n - ua);		/* the smaller tail */
	if (tie == 0 && na <= SIGNIF_EXACT_MAX && nb <= SIGNIF_EXACT_MAX) {
		p = 2 * signif_u_cdf(na, nb, (size_t)u);
		return p > 1 ? 1 : p;
	}
	mu = m * n / 2;
	var = m * n / 12 * ((N + 1) - tie / (N * (N - 1)));
	if (var <= 0)
		return 1;			/* every value tied */
	z = fmax(0, mu - u - 0.5) / sqrt(var);
	return erfc(z / sqrt(2.0));
}

/* ---- The ratio of means ---- */

/*
 * The 1 - alpha confidence interval of mean(b) / mean(a) by the delta
 * method; 0, or -1 when a side has fewer than two values or a mean is 0.
 */
int
signif_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
    double alpha, double *lo, double *hi)
{
	struct stats	sa, sb;
	double		ua, ub, r, df, half;

	if (na < 2 || nb < 2)
		return -1;
	stats_compute(a, na, &sa);
	stats_compute(b, nb, &sb);
	if (sa.mean == 0 || sb.mean == 0)
		return -1;
	r = sb.mean / sa.mean;
	ua = sa.cv * sa.cv / (double)na;	/* relative variances */
	ub = sb.cv * sb.cv / (double)nb;
	if (ua + ub == 0) {
		*lo = *hi = r;
		return 0;
	}
	df = (ua + ub) * (ua + ub) /
	    (ua * ua / (double)(na - 1) + ub * ub / (double)(nb - 1));
	half = signif_t_critical(alpha, df) * fabs(r) * sqrt(ua + ub);
	*lo = r - half;
	*hi = r + half;
	return 0;
}

/* ---- The verdict ---- */

static enum signif_verdict
signif_verdict(const struct signif *s, enum bench_dir dir, double alpha)
{
	double	change = s->ratio - 1;

	/*
	 * Written so that NaN (figures so large that a mean or a variance
	 * overflows) can only ever mean "not shown to differ".
	 */
	if (!(s->p < alpha) || !(s->lo > 1 || s->hi < 1) || !isfinite(change))
		return SIGNIF_SAME;
	if (fabs(change) < s->floor)
		return SIGNIF_SMALL;
	if ((change > 0) == (dir == BENCH_HIGHER))
		return SIGNIF_BETTER;
	return SIGNIF_WORSE;
}

/*
 * Compare b against a.  Below SIGNIF_U_MIN values a side, the U test
 * cannot reach a small p (3 against 3 never goes below 0.1), so Welch's
 * t test judges instead.  A change counts as better or worse only if the
 * test rejects at alpha, the interval of the ratio excludes 1, and the
 * change is at least min_effect and at least the spread (CV) of the
 * noisier side's samples: a change smaller than one sample's own noise
 * would not show on the next run.
 */
void
signif_compare(const double *a, size_t na, const double *b, size_t nb,
    enum bench_dir dir, double alpha, double min_effect, struct signif *s)
{
	struct stats	sa, sb;
	double		df;

	memset(s, 0, sizeof *s);
	stats_compute(a, na, &sa);
	stats_compute(b, nb, &sb);
	s->na = na;
	s->nb = nb;
	s->ratio = sa.mean != 0 ? sb.mean / sa.mean : NAN;
	s->p = s->lo = s->hi = NAN;
	s->floor = min_effect;
	s->verdict = SIGNIF_SINGLE;
	if (na < 2 || nb < 2 || isnan(s->ratio) ||
	    signif_ratio_ci(a, na, b, nb, alpha, &s->lo, &s->hi) != 0)
		return;
	if (!isnan(sa.cv) && sa.cv > s->floor)
		s->floor = sa.cv;
	if (!isnan(sb.cv) && sb.cv > s->floor)
		s->floor = sb.cv;
	if (na >= SIGNIF_U_MIN && nb >= SIGNIF_U_MIN) {
		s->test = SIGNIF_MWU;
		s->p = signif_mwu(a, na, b, nb);
	} else {
		s->test = SIGNIF_WELCH;
		s->p = signif_welch(a, na, b, nb, &df);
	}
	s->verdict = signif_verdict(s, dir, alpha);
}
