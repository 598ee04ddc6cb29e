/*
 * hyperfine's summary for a run of two commands or more (or a scan):
 * "gz1 ran 3.97 +/- 0.21 times faster than gz9", each command against
 * the fastest.  The ratio is of the means the results table prints, and
 * its +/- is the 95% interval of that ratio (not hyperfine's, which
 * propagates the standard deviations of single executions): the
 * relative variances of the two means add on the log scale, with
 * Welch-Satterthwaite's degrees of freedom, as the table's +/- CI does
 * for one mean.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* One command test's figure, as the results table gives it. */
struct relative_one {
	const char	*test;
	const char	*unit;
	struct estimate	 e;
	double		 ratio, half;	/* against the fastest */
};

/* By ratio, the nearest to the fastest first, as one reads a podium. */
static int
relative_cmp(const void *a, const void *b)
{
	double	x = ((const struct relative_one *)a)->ratio;
	double	y = ((const struct relative_one *)b)->ratio;

	return (x > y) - (x < y);
}

/* Is test a command test of run (run -x, --suite, a scan)? */
static int
relative_is_command(const struct run *run, const char *test)
{
	char	key[64];

	snprintf(key, sizeof key, "command_shell.%s", test);
	return run_meta_get(run, key) != NULL;
}

/* The fewest copies any command test ran at; 0 for none. */
static int
relative_copies(const struct run *run, const struct run_group *g, size_t ng)
{
	int	c = 0;

	for (size_t i = 0; i < ng; i++)
		if (relative_is_command(run, g[i].test) &&
		    (c == 0 || g[i].copies < c))
			c = g[i].copies;
	return c;
}

/*
 * The command tests at those copies with a mean and an interval, in the
 * unit and direction of the first: *v (free it), their count.
 */
static size_t
relative_gather(const struct run *run, struct relative_one **v)
{
	struct run_group	*g;
	size_t			 ng = run_groups(run, &g), n = 0;
	int			 copies = relative_copies(run, g, ng);

	*v = xreallocarray(NULL, ng + 1, sizeof **v);
	for (size_t i = 0; i < ng; i++) {
		struct relative_one *o = &(*v)[n];

		if (g[i].copies != copies ||
		    !relative_is_command(run, g[i].test))
			continue;
		estimate_run(run, &g[i], &o->e);
		o->test = g[i].test;
		o->unit = run_test_unit(run, g[i].test);
		if (o->e.n < 2 || !(o->e.mean > 0) || o->unit == NULL ||
		    !isfinite(estimate_ci(&o->e, 0.05)))
			continue;
		if (n > 0 && (strcmp(o->unit, (*v)[0].unit) != 0 ||
		    ident_dir(&run, 1, o->test) !=
		    ident_dir(&run, 1, (*v)[0].test)))
			continue;
		n++;
	}
	free(g);
	return n;
}

/*
 * slow against fast: the ratio (>= 1) and the half-width of its 95%
 * interval, the two means' relative variances added (a ratio's log is
 * a difference of logs).
 */
void
relative_ratio(const struct estimate *fast, const struct estimate *slow,
    int lower_better, double *ratio, double *half)
{
	double	ra = fast->relvar, rb = slow->relvar, df;

	*ratio = lower_better ? slow->mean / fast->mean :
	    fast->mean / slow->mean;
	df = (ra + rb) * (ra + rb) / (ra * ra / fast->df + rb * rb / slow->df);
	if (!(df > 0) || !isfinite(df))
		df = fast->df < slow->df ? fast->df : slow->df;
	*half = *ratio * tdist_critical(0.05, df) * sqrt(ra + rb);
}

/*
 * The summary's lines as notes of t: the fastest, then each other
 * command against it, the nearest first.  Nothing for fewer than two.
 */
void
report_relative(const struct run *run, struct table *t)
{
	struct relative_one	*v;
	size_t			 n = relative_gather(run, &v), best = 0;
	int			 lower;

	if (n < 2) {
		free(v);
		return;
	}
	lower = ident_dir(&run, 1, v[0].test) == BENCH_LOWER;
	for (size_t i = 1; i < n; i++)
		if (lower ? v[i].e.mean < v[best].e.mean :
		    v[i].e.mean > v[best].e.mean)
			best = i;
	for (size_t i = 0; i < n; i++)
		relative_ratio(&v[best].e, &v[i].e, lower, &v[i].ratio,
		    &v[i].half);
	v[best].ratio = 0;
	qsort(v, n, sizeof *v, relative_cmp);
	table_add_note(t, "Summary (the ratio of the means, +/- its 95%% "
	    "interval): %s ran", v[0].test);
	for (size_t i = 1; i < n; i++)
		table_add_note(t, "  %.2f +/- %.2f times faster than %s",
		    v[i].ratio, v[i].half, v[i].test);
	free(v);
}
