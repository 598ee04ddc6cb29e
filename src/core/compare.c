/*
 * Runs side by side: one column per run (saved run, import or baseline),
 * each figure with its ratio to the first run's, rows grouped as the
 * catalog groups its tests.  The CLI's compare and the console's compare
 * screen both print this table, so they cannot disagree.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* The mean of a (test, copies) group's successful samples, or NaN. */
double
compare_figure(const struct run *run, const char *test, int copies)
{
	struct run_group	 g = { test, copies };
	struct stats		 st;
	double			*v;
	size_t			 n, failed;

	n = run_group_values(run, &g, &v, &failed);
	stats_compute(v, n, &st);
	free(v);
	return st.mean;
}

/* Catalog position of a test; unknown tests sort after all known ones. */
static size_t
compare_rank(const char *test)
{
	size_t	i;

	for (i = 0; registry_all[i] != NULL; i++)
		if (strcmp(registry_all[i]->id, test) == 0)
			return i;
	return i;
}

static int
compare_group_cmp(const void *a, const void *b)
{
	const struct run_group	*x = a, *y = b;
	size_t			 rx = compare_rank(x->test);
	size_t			 ry = compare_rank(y->test);
	int			 c;

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if ((c = strcmp(x->test, y->test)) != 0)
		return c;
	return (x->copies > y->copies) - (x->copies < y->copies);
}

/*
 * Every (test, copies) pair any of the runs has, in catalog order.
 * Returns the count; *out is allocated.
 */
size_t
compare_union(const struct run *const *runs, size_t nrun,
    struct run_group **out)
{
	struct run_group	*all = NULL, *g;
	size_t			 n = 0, ng, j;

	for (size_t r = 0; r < nrun; r++) {
		ng = run_groups(runs[r], &g);
		all = xreallocarray(all, n + ng, sizeof *all);
		for (size_t i = 0; i < ng; i++) {
			for (j = 0; j < n; j++)
				if (all[j].copies == g[i].copies &&
				    strcmp(all[j].test, g[i].test) == 0)
					break;
			if (j == n)
				all[n++] = g[i];
		}
		free(g);
	}
	qsort(all, n, sizeof *all, compare_group_cmp);
	*out = all;
	return n;
}

static const char *
compare_group_name(const char *test)
{
	const struct bench	*b = registry_find(test);

	return b != NULL ? b->group : "Other";
}

static void
compare_cells(struct table *t, size_t row, const struct run *const *runs,
    size_t nrun, const struct run_group *g)
{
	double	ref = compare_figure(runs[0], g->test, g->copies), v;
	char	buf[64];

	for (size_t r = 0; r < nrun; r++) {
		v = compare_figure(runs[r], g->test, g->copies);
		report_format_value(v, buf, sizeof buf);
		table_set(t, row, 1 + 2 * r, "%s", buf);
		if (r > 0 && !isnan(v) && !isnan(ref) && ref != 0)
			table_set(t, row, 2 + 2 * r, "%.2f", v / ref);
	}
}

/*
 * The side-by-side table of nrun runs named names[]; the first is the
 * reference every ratio is taken against.
 */
struct table *
compare_side_by_side(const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct table		*t = table_new(NULL);
	struct run_group	*g;
	const char		*group = NULL;
	size_t			 ng, row;

	table_add_col(t, "TEST", TABLE_LEFT);
	for (size_t r = 0; r < nrun; r++) {
		table_add_col(t, names[r], TABLE_RIGHT);
		table_add_col(t, r == 0 ? "" : "RATIO", TABLE_RIGHT);
	}
	ng = compare_union(runs, nrun, &g);
	for (size_t i = 0; i < ng; i++) {
		if (group == NULL ||
		    strcmp(group, compare_group_name(g[i].test)) != 0)
			table_add_section(t, "%s",
			    group = compare_group_name(g[i].test));
		row = table_add_row(t);
		if (g[i].copies > 1)
			table_set(t, row, 0, "%s (%d copies)",
			    report_title(g[i].test), g[i].copies);
		else
			table_set(t, row, 0, "%s", report_title(g[i].test));
		compare_cells(t, row, runs, nrun, &g[i]);
	}
	free(g);
	return t;
}
