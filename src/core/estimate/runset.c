/*
 * What several runs have in common, for every table that puts runs side
 * by side (compare.c, bmdiff.c, report.c, noise.c, best.c): the union of
 * their (test, copies) groups in catalog order, a row's title, a group's
 * figure, and the workload version each run measured, so that
 * incomparable figures are flagged rather than compared (which way is
 * better, and the rest of a test's identity: ident.c).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"

/*
 * A (test, copies) group's figure: the mean of its samples (of its repeat
 * means, with repeats; estimate.c), or NaN.
 */
double
runset_figure(const struct run *run, const char *test, int copies)
{
	struct run_group	g = { test, copies };
	struct estimate		e;

	estimate_run(run, &g, &e);
	return e.mean;
}

/* Catalog position of a test; unknown tests sort after all known ones. */
static size_t
runset_rank(const char *test)
{
	size_t	i;

	for (i = 0; registry_all[i] != NULL; i++)
		if (strcmp(registry_all[i]->id, test) == 0)
			return i;
	return i;
}

static int
runset_group_cmp(const void *a, const void *b)
{
	const struct run_group	*x = a, *y = b;
	size_t			 rx = runset_rank(x->test);
	size_t			 ry = runset_rank(y->test);
	int			 c;

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if ((c = strcmp(x->test, y->test)) != 0)
		return c;
	return (x->copies > y->copies) - (x->copies < y->copies);
}

/*
 * Every (test, copies) pair any of the runs has, in the order the runs
 * list them.  Returns the count; *out is allocated.
 */
size_t
runset_merge(const struct run *const *runs, size_t nrun,
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
	*out = all;
	return n;
}

/* runset_merge() in catalog order. */
size_t
runset_union(const struct run *const *runs, size_t nrun,
    struct run_group **out)
{
	size_t	n = runset_merge(runs, nrun, out);

	qsort(*out, n, sizeof **out, runset_group_cmp);
	return n;
}

/*
 * The seconds a sample of group g ran in sysmark's own runs among these:
 * one length they all recorded, 0 if none did, -1 if they differ.  An
 * imported run keeps its source's title (BYTE's own logs print "File
 * Write (30 seconds)" over 10 s samples).
 */
static double
runset_secs(const struct run *const *runs, size_t nrun,
    const struct run_group *g)
{
	double	secs = 0;

	for (size_t r = 0; r < nrun; r++)
		for (size_t i = 0; run_meta_get(runs[r], "imported_from") ==
		    NULL && i < runs[r]->nsamples; i++) {
			const struct run_sample	*s = &runs[r]->samples[i];

			if (s->copies != g->copies || s->duration <= 0 ||
			    strcmp(s->test, g->test) != 0)
				continue;
			if (secs > 0 && s->duration != secs)
				return -1;
			secs = s->duration;
		}
	return secs;
}

/* A row's test cell: the title, its copies, and what else to say. */
void
runset_set_title(struct table *t, size_t row, const struct run *const *runs,
    size_t nrun, const struct run_group *g, const char *extra)
{
	char	copies[32] = "", title[256];

	if (g->copies > 1)
		snprintf(copies, sizeof copies, " (%d copies)", g->copies);
	label_title_secs(label_title_in(runs, nrun, g->test),
	    runset_secs(runs, nrun, g), title, sizeof title);
	table_set(t, row, 0, "%s%s%s", title, copies,
	    extra != NULL ? extra : "");
	if (g->copies > 1)
		table_set_key(t, row, "%s x%d", g->test, g->copies);
	else
		table_set_key(t, row, "%s", g->test);
}

/* The workload version a run measured a group with; 0 if unknown. */
int
runset_version(const struct run *run, const struct run_group *g)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].copies == g->copies &&
		    strcmp(run->samples[i].test, g->test) == 0)
			return run->samples[i].version;
	return 0;
}

/* Known on both sides and different: the figures are not comparable. */
int
runset_version_differs(int a, int b)
{
	return a > 0 && b > 0 && a != b;
}
