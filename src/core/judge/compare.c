/*
 * Runs side by side: one column per run (saved run, import or baseline),
 * each figure with its ratio to the first run's and a mark saying whether
 * the difference is real (signif.c), rows grouped as the catalog groups
 * its tests.  The CLI's compare and the console's compare screen both
 * print this table, so they cannot disagree.  Two runs get the ranked
 * bm_diff report instead (bmdiff.c); compare_table() picks.
 *
 * The groups, titles, directions and versions come from runset.c and
 * each verdict from judge.c, which bmdiff.c shares.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

static const char *
compare_group_name(const char *test)
{
	const struct bench	*b = registry_find(test);

	return b != NULL ? b->group : "Other";
}

/* The defaults: alpha 0.05, a 1% minimum effect, 80 columns of text. */
void
compare_opts_default(struct compare_opts *o)
{
	o->alpha = COMPARE_ALPHA;
	o->min_effect = COMPARE_MIN_EFFECT;
	o->width = TABLE_TEXT_WIDTH;
	o->profile = NULL;
	o->profile_name = NULL;
	o->profiles = NULL;
	o->wide = 0;
	o->over = NULL;
	o->gap = 0;
	o->drift = NULL;
	o->ndrift = 0;
}

/* The side-by-side mark after a ratio; see compare_side_notes(). */
static const char *
compare_mark(const struct signif *s)
{
	switch (s->verdict) {
	case SIGNIF_BETTER:
		return " +";
	case SIGNIF_WORSE:
		return " -";
	case SIGNIF_SAME:
	case SIGNIF_SMALL:
		return " ~";
	case SIGNIF_INVALID:
		return " ?";
	case SIGNIF_SINGLE:
		break;
	}
	return "";
}

/*
 * A ratio in two decimals, or two significant digits below 0.1: a
 * latency a hundred times better must not read as "0.00" (nor lose its
 * bar in the console, which reads the cell).
 */
static void
compare_ratio_set(struct table *t, size_t row, size_t col, double ratio,
    const char *mark)
{
	table_set(t, row, col, fabs(ratio) >= 0.1 || ratio == 0 ? "%.2f%s" :
	    "%.2g%s", ratio, mark);
}

static void
compare_cells(struct table *t, size_t row, const struct run *const *runs,
    size_t nrun, const struct run_group *g, const struct compare_opts *o)
{
	double		ref = runset_figure(runs[0], g->test, g->copies), v;
	enum bench_dir	dir = ident_dir(runs, nrun, g->test);
	int		vref = runset_version(runs[0], g);
	struct signif	s;
	char		buf[64], mark[32], why[192];

	for (size_t r = 0; r < nrun; r++) {
		v = runset_figure(runs[r], g->test, g->copies);
		label_value(v, buf, sizeof buf);
		table_set(t, row, 1 + 2 * r, "%s", buf);
		if (r == 0 || isnan(v) || isnan(ref) || ref == 0)
			continue;
		if (runset_version_differs(vref,
		    runset_version(runs[r], g)) || ident_differs(runs[0],
		    runs[r], g->test, why, sizeof why)) {
			compare_ratio_set(t, row, 2 + 2 * r, v / ref, " !");
			continue;
		}
		if (o->profiles != NULL)
			judge_hosts(&(struct compare_side){ &runs[0], 1, NULL },
			    &(struct compare_side){ &runs[r], 1, NULL }, g,
			    dir, o, o->profiles[0], o->profiles[r], &s);
		else
			judge_group(&(struct compare_side){ &runs[0], 1, NULL },
			    &(struct compare_side){ &runs[r], 1, NULL }, g,
			    dir, o, &s);
		/* Past 100% it says no more than a bare "~" (see the note). */
		if (s.verdict == SIGNIF_SAME && isfinite(s.detect) &&
		    s.detect < 1)
			snprintf(mark, sizeof mark, " ~<%.0f%%",
			    ceil(100 * s.detect));
		else
			snprintf(mark, sizeof mark, "%s", compare_mark(&s));
		compare_ratio_set(t, row, 2 + 2 * r, v / ref, mark);
	}
}

static void
compare_side_notes(struct table *t, const struct compare_opts *o)
{
	table_add_note(t, "RATIO is each figure over the first run's.  "
	    "+ better, - worse: significant at alpha %g and a change of at "
	    "least %g%% (with one run a side and no host profile, also of "
	    "the group's default floor); ~ no such change, ~<x%% where one of "
	    "x%% or more would have been found with 80%% power (a bare ~: "
	    "not even one of 100%%); ? a figure is "
	    "not a number; ! the test's version, build (sysmark, compiler, "
	    "bench_cflags) or direction differs: not comparable; no mark: a "
	    "side has a single figure.", o->alpha, 100 * o->min_effect);
	if (o->over != NULL && o->over[0] != '\0')
		table_add_note(t, "Only these tests were compared: %s.",
		    o->over);
}

/*
 * The side-by-side table of nrun runs named names[]; the first is the
 * reference every ratio is taken against.
 */
struct table *
compare_side_by_side(const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct compare_opts	o;

	compare_opts_default(&o);
	return compare_side_by_side_opts(runs, names, nrun, &o);
}

/* compare_side_by_side() at a chosen alpha, minimum effect and width. */
struct table *
compare_side_by_side_opts(const struct run *const *runs,
    const char *const *names, size_t nrun, const struct compare_opts *o)
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
	table_fit(t, o->width, 0);
	ng = runset_union(runs, nrun, &g);
	for (size_t i = 0; i < ng; i++) {
		if (group == NULL ||
		    strcmp(group, compare_group_name(g[i].test)) != 0)
			table_add_section(t, "%s",
			    group = compare_group_name(g[i].test));
		row = table_add_row(t);
		runset_set_title(t, row, runs, nrun, &g[i], NULL);
		compare_cells(t, row, runs, nrun, &g[i], o);
	}
	free(g);
	if (nrun > 1)
		compare_side_notes(t, o);
	return t;
}

/*
 * What `sysmark compare` prints: the ranked report for two runs, the
 * side-by-side table for more.
 */
struct table *
compare_table(const struct run *const *runs, const char *const *names,
    size_t nrun, const struct compare_opts *o)
{
	struct compare_side	a, b;

	if (nrun != 2)	/* one run alone has no runs[1] to rank against */
		return compare_side_by_side_opts(runs, names, nrun, o);
	a = (struct compare_side){ &runs[0], 1, names[0] };
	b = (struct compare_side){ &runs[1], 1, names[1] };
	return bmdiff_report(&a, &b, o);
}

