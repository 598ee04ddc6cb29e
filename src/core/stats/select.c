/*
 * The k-th smallest of a set and its median, by selection rather than a
 * sort: linear time on average, for the change-point search's many
 * medians over series of up to ten thousand runs (changepoint.c).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>

#include "stats.h"

/*
 * The k-th smallest of v[0..n), n > k, which it reorders: Hoare's
 * selection as Wirth gives it ("Algorithms + Data Structures =
 * Programs", 1976), in linear time on average.
 */
double
stats_select(double *v, size_t n, size_t k)
{
	ptrdiff_t	l = 0, m = (ptrdiff_t)n - 1, i, j, kk = (ptrdiff_t)k;
	double		x, t;

	while (l < m) {
		x = v[kk];
		i = l;
		j = m;
		do {
			while (v[i] < x)
				i++;
			while (x < v[j])
				j--;
			if (i <= j) {
				t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		} while (i <= j);
		if (j < kk)
			l = i;
		if (kk < i)
			m = j;
	}
	return v[kk];
}

/*
 * The median of v[0..n), n > 0, which it reorders: found by selection,
 * not a sort, as a history's series may hold ten thousand runs.
 */
double
stats_median_select(double *v, size_t n)
{
	double	hi = stats_select(v, n, n / 2), lo = hi;

	if (n % 2 == 0) {
		/* The lower middle is the largest of the lower half. */
		lo = v[0];
		for (size_t i = 1; i < n / 2; i++)
			lo = fmax(lo, v[i]);
	}
	return (lo + hi) / 2;
}
