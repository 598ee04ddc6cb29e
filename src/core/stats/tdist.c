/*
 * Student's t distribution, the one place sysmark computes it: its
 * two-sided tail P(|T| >= t) through the regularized incomplete beta
 * function (continued fraction, modified Lentz), and the critical value
 * of a two-sided test at level p for any degrees of freedom, whole or
 * not (Welch-Satterthwaite gives fractions).  Written from the textbook
 * definitions (Abramowitz and Stegun 26.7.1 and 26.5.8); the tests hold
 * it to the published table of critical values (NIST/SEMATECH
 * e-Handbook of Statistical Methods, 1.3.6.7.2).  It replaced a table for
 * 1..30 df with a Cornish-Fisher step past it (four digits), which the
 * interval of one run's samples used while every judgement used this:
 * two answers to one question.  Pure functions: no I/O.
 */
/* SPDX-License-Identifier: MIT */

#include <float.h>
#include <math.h>

#include "stats.h"

#define TDIST_CF_ITER	300	/* continued fraction terms */
#define TDIST_CF_EPS	1e-15
#define TDIST_ITER	200	/* steps of the critical value's search */
#define TDIST_LOG_PI	1.14472988584940017	/* log(pi) */

/* One of the continued fraction's Lentz updates of d and c by num. */
static double
tdist_lentz(double num, double *d, double *c)
{
	*d = 1 + num * *d;
	*c = 1 + num / *c;
	*d = fabs(*d) < DBL_MIN ? 1 / DBL_MIN : 1 / *d;
	*c = fabs(*c) < DBL_MIN ? DBL_MIN : *c;
	return *d * *c;
}

/* The continued fraction of I_x(a, b) (A&S 26.5.8). */
static double
tdist_betacf(double a, double b, double x)
{
	double	c = 1, d, h, del;
	int	m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < DBL_MIN)
		d = DBL_MIN;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= TDIST_CF_ITER; m++) {
		m2 = 2 * m;
		h *= tdist_lentz(m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
		    &d, &c);
		del = tdist_lentz(-(a + m) * (a + b + m) * x / ((a + m2) *
		    (a + m2 + 1)), &d, &c);
		h *= del;
		if (fabs(del - 1) < TDIST_CF_EPS)
			break;
	}
	return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double
tdist_ibeta(double a, double b, double x)
{
	double	front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * tdist_betacf(a, b, x) / a;
	return 1 - front * tdist_betacf(b, a, 1 - x) / b;
}

/* P(|T| >= |t|) for Student's t with df degrees of freedom (26.7.1). */
double
tdist_twosided(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0)
		return NAN;
	if (isinf(t))
		return 0;
	return tdist_ibeta(df / 2, 0.5, df / (df + t * t));
}

/* The density of t at t, df degrees of freedom. */
static double
tdist_density(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) -
	    0.5 * (log(df) + TDIST_LOG_PI) - (df + 1) / 2 * log1p(t * t / df));
}

/*
 * The t with P(|T| >= t) = p: the critical value of a two-sided test at
 * level p, to a relative 1e-12.  Newton's steps on the tail, each kept
 * inside a bracket that halves when a step would leave it, so a heavy
 * tail (1 df) cannot throw it off.
 */
double
tdist_critical(double p, double df)
{
	double	lo = 0, hi = 1, t, next, f;

	if (!(p > 0 && p < 1) || isnan(df) || df <= 0)
		return NAN;
	while (tdist_twosided(hi, df) > p)
		hi *= 2;
	t = hi / 2;
	for (int i = 0; i < TDIST_ITER; i++) {
		f = tdist_twosided(t, df) - p;
		if (f > 0)
			lo = t;
		else
			hi = t;
		/* The tail falls by twice the density as t grows. */
		next = t + f / (2 * tdist_density(t, df));
		if (!(next > lo && next < hi))
			next = (lo + hi) / 2;
		if (fabs(next - t) <= 1e-12 * next)
			return next;
		t = next;
	}
	return t;
}
