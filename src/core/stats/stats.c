/*
 * Descriptive statistics over one test's samples: the figures sysmark puts
 * beside every result so that a reader can tell a real difference from
 * noise (seed 000's complaint about results that varied by 10% between
 * machines of one model).
 *
 * Pure functions: no I/O, no allocation beyond a scratch copy for the
 * median.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
static const double stats_t_table[30] = {
	12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060,
	2.2622, 2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199,
	2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
	2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
};

/* qsort()'s order of doubles, ascending. */
int
stats_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * The 0.975 quantile of Student's t with df degrees of freedom.  Past the
 * table, the Cornish-Fisher expansion around the normal quantile is good
 * to four digits.
 */
double
stats_t975(size_t df)
{
	const double	z = 1.959964;
	double		d;

	if (df == 0)
		return NAN;
	if (df <= 30)
		return stats_t_table[df - 1];
	d = (double)df;
	return z + (z * z * z + z) / (4 * d) +
	    (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

/* Fill *st from n values; with n == 0 everything but n is NaN. */
void
stats_compute(const double *v, size_t n, struct stats *st)
{
	double	*sorted, sum = 0, ss = 0;

	memset(st, 0, sizeof *st);
	st->n = n;
	st->mean = st->median = st->min = st->max = NAN;
	st->sd = st->cv = st->ci = NAN;
	if (n == 0)
		return;
	sorted = xreallocarray(NULL, n, sizeof *sorted);
	memcpy(sorted, v, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, stats_cmp);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	st->mean = sum / (double)n;
	st->min = sorted[0];
	st->max = sorted[n - 1];
	st->median = n % 2 ? sorted[n / 2] :
	    (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->sd = sqrt(ss / (double)(n - 1));
	st->cv = st->mean != 0 ? st->sd / fabs(st->mean) : NAN;
	st->ci = stats_t975(n - 1) * st->sd / sqrt((double)n);
}

/*
 * Mark the outliers among n values in flag[] (1 = outlier) and return how
 * many there are.  A value is an outlier when its modified z-score,
 * 0.6745 * |x - median| / MAD, exceeds 3.5 (Iglewicz and Hoaglin, "How to
 * Detect and Handle Outliers", 1993): the median and MAD are not dragged
 * by the outlier itself, as the mean and standard deviation would be with
 * the handful of samples a benchmark takes.  With MAD 0 (most values
 * equal) any value off the median is an outlier.
 */
size_t
stats_outliers(const double *v, size_t n, unsigned char *flag)
{
	struct stats	 st;
	double		*dev, mad;
	size_t		 count = 0;

	memset(flag, 0, n);
	if (n < 3)
		return 0;
	stats_compute(v, n, &st);
	dev = xreallocarray(NULL, n, sizeof *dev);
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(v[i] - st.median);
	qsort(dev, n, sizeof *dev, stats_cmp);
	mad = n % 2 ? dev[n / 2] : (dev[n / 2 - 1] + dev[n / 2]) / 2;
	free(dev);
	for (size_t i = 0; i < n; i++) {
		double	d = fabs(v[i] - st.median);

		if (mad > 0 ? 0.6745 * d / mad > 3.5 : d > 0) {
			flag[i] = 1;
			count++;
		}
	}
	return count;
}
