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

/* qsort()'s order of doubles, ascending. */
int
stats_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Only n, the mean, sd and cv of *st, the rest NaN: what a spread needs,
 * without the sort of a median or the t of an interval.
 */
void
stats_moments(const double *v, size_t n, struct stats *st)
{
	double	sum = 0, ss = 0;

	memset(st, 0, sizeof *st);
	st->n = n;
	st->mean = st->median = st->min = st->max = NAN;
	st->sd = st->cv = st->ci = NAN;
	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	st->mean = sum / (double)n;
	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->sd = sqrt(ss / (double)(n - 1));
	st->cv = st->mean != 0 ? st->sd / fabs(st->mean) : NAN;
}

/* Fill *st from n values; with n == 0 everything but n is NaN. */
void
stats_compute(const double *v, size_t n, struct stats *st)
{
	double	*sorted;

	stats_moments(v, n, st);
	if (n == 0)
		return;
	sorted = xreallocarray(NULL, n, sizeof *sorted);
	memcpy(sorted, v, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, stats_cmp);
	st->min = sorted[0];
	st->max = sorted[n - 1];
	st->median = n % 2 ? sorted[n / 2] :
	    (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
	if (n >= 2)
		st->ci = tdist_critical(0.05, (double)(n - 1)) * st->sd /
		    sqrt((double)n);
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
