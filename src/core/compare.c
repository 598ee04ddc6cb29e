/*
 * Runs side by side: one column per run (saved run, import or baseline),
 * each figure with its ratio to the first run's and a mark saying whether
 * the difference is real (signif.c), rows grouped as the catalog groups
 * its tests.  The CLI's compare and the console's compare screen both
 * print this table, so they cannot disagree.  Two runs get the ranked
 * bm_diff report instead (bmdiff.c); compare_table() picks.
 *
 * Also here: what a comparison needs to know about a test the catalog
 * may not know (an imported or future test): its direction and version.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/*
 * A (test, copies) group's figure: the mean of its samples (of its repeat
 * means, with repeats; estimate.c), or NaN.
 */
double
compare_figure(const struct run *run, const char *test, int copies)
{
	struct run_group	g = { test, copies };
	struct estimate		e;

	estimate_run(run, &g, &e);
	return e.mean;
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
 * Every (test, copies) pair any of the runs has, in the order the runs
 * list them.  Returns the count; *out is allocated.
 */
size_t
compare_merge(const struct run *const *runs, size_t nrun,
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

/* compare_merge() in catalog order. */
size_t
compare_union(const struct run *const *runs, size_t nrun,
    struct run_group **out)
{
	size_t	n = compare_merge(runs, nrun, out);

	qsort(*out, n, sizeof **out, compare_group_cmp);
	return n;
}

/* A row's test cell: the title, its copies, and what else to say. */
void
compare_set_title(struct table *t, size_t row, const struct run *const *runs,
    size_t nrun, const struct run_group *g, const char *extra)
{
	char	copies[32] = "";

	if (g->copies > 1)
		snprintf(copies, sizeof copies, " (%d copies)", g->copies);
	table_set(t, row, 0, "%s%s%s", report_title_in(runs, nrun, g->test),
	    copies, extra != NULL ? extra : "");
	if (g->copies > 1)
		table_set_key(t, row, "%s x%d", g->test, g->copies);
	else
		table_set_key(t, row, "%s", g->test);
}

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
	o->wide = 0;
}

/* Is this unit a time per operation (so less is better)? */
static int
compare_time_unit(const char *unit)
{
	static const char *const times[] = { "s", "ms", "us", "ns", NULL };

	for (size_t i = 0; times[i] != NULL; i++)
		if (strcmp(unit, times[i]) == 0)
			return 1;
	return 0;
}

/*
 * Which way is better for a test: the catalog says, else a run's
 * "dir:<id>" fact ("lower" or "higher"), else a time unit means lower,
 * else higher, as for the rates the classic suites report.
 */
enum bench_dir
compare_dir(const struct run *const *runs, size_t nrun, const char *test)
{
	const struct bench	*b = registry_find(test);
	const char		*v;
	char			 key[64];

	if (b != NULL)
		return b->dir;
	snprintf(key, sizeof key, "dir:%s", test);
	for (size_t r = 0; r < nrun; r++)
		if ((v = run_meta_get(runs[r], key)) != NULL)
			return strcmp(v, "lower") == 0 ? BENCH_LOWER :
			    BENCH_HIGHER;
	for (size_t r = 0; r < nrun; r++)
		for (size_t i = 0; i < runs[r]->nsamples; i++)
			if (strcmp(runs[r]->samples[i].test, test) == 0 &&
			    compare_time_unit(runs[r]->samples[i].unit))
				return BENCH_LOWER;
	return BENCH_HIGHER;
}

/* The workload version a run measured a group with; 0 if unknown. */
int
compare_version(const struct run *run, const struct run_group *g)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].copies == g->copies &&
		    strcmp(run->samples[i].test, g->test) == 0)
			return run->samples[i].version;
	return 0;
}

/* Known on both sides and different: the figures are not comparable. */
int
compare_version_differs(int a, int b)
{
	return a > 0 && b > 0 && a != b;
}

/*
 * With one run a side and no host profile, the samples of one run say
 * nothing of how far the next run will land, so a change must also
 * exceed these floors: about twice the between-run spread seen for each
 * group on shared 2-vCPU VMs (process creation and file I/O drift most,
 * pure CPU work least).  Conservative by design; a profile or repeats
 * replace them with this host's own figures.
 */
static const struct {
	const char	*group;
	double		 floor;
} compare_floors[] = {
	{ "CPU", 0.10 },
	{ "System", 0.15 },
	{ "IPC", 0.15 },
	{ "Programs", 0.20 },
	{ "Process", 0.30 },
	{ "File", 0.40 },
};
#define COMPARE_FLOOR_OTHER	0.20

/* The default floor for a test's group (see compare_floors). */
double
compare_floor(const char *test)
{
	const struct bench	*b = registry_find(test);

	for (size_t i = 0; b != NULL &&
	    i < sizeof compare_floors / sizeof compare_floors[0]; i++)
		if (strcmp(b->group, compare_floors[i].group) == 0)
			return compare_floors[i].floor;
	return COMPARE_FLOOR_OTHER;
}

/* The host profile's between-run CV of group g, and its df; NaN if none. */
static void
compare_noise(const struct compare_opts *o, const struct run_group *g,
    struct signif_rule *r)
{
	struct estimate	e;

	r->noise_cv = r->noise_df = NAN;
	if (o->profile == NULL)
		return;
	estimate_run(o->profile, g, &e);
	if (e.units < 2 || !isfinite(e.between_cv))
		return;
	r->noise_cv = e.between_cv;
	r->noise_df = e.df;
}

/* Judge group g of side b against side a: a signif with its verdict. */
void
compare_judge(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, struct signif *s)
{
	struct estimate		ea, eb;
	struct signif_rule	r;

	estimate_group(a->runs, a->nrun, g, &ea);
	estimate_group(b->runs, b->nrun, g, &eb);
	r.dir = dir;
	r.alpha = o->alpha;
	r.min_effect = o->min_effect;
	r.floor = compare_floor(g->test);
	compare_noise(o, g, &r);
	signif_judge(&ea, &eb, &r, s);
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

static void
compare_cells(struct table *t, size_t row, const struct run *const *runs,
    size_t nrun, const struct run_group *g, const struct compare_opts *o)
{
	double		ref = compare_figure(runs[0], g->test, g->copies), v;
	enum bench_dir	dir = compare_dir(runs, nrun, g->test);
	int		vref = compare_version(runs[0], g);
	struct signif	s;
	char		buf[64];

	for (size_t r = 0; r < nrun; r++) {
		v = compare_figure(runs[r], g->test, g->copies);
		report_format_value(v, buf, sizeof buf);
		table_set(t, row, 1 + 2 * r, "%s", buf);
		if (r == 0 || isnan(v) || isnan(ref) || ref == 0)
			continue;
		if (compare_version_differs(vref,
		    compare_version(runs[r], g))) {
			table_set(t, row, 2 + 2 * r, "%.2f !", v / ref);
			continue;
		}
		compare_judge(&(struct compare_side){ &runs[0], 1, NULL },
		    &(struct compare_side){ &runs[r], 1, NULL }, g, dir, o,
		    &s);
		table_set(t, row, 2 + 2 * r, "%.2f%s", v / ref,
		    compare_mark(&s));
	}
}

static void
compare_side_notes(struct table *t, const struct compare_opts *o)
{
	table_add_note(t, "RATIO is each figure over the first run's.  "
	    "+ better, - worse: significant at alpha %g and a change of at "
	    "least %g%% (with one run a side and no host profile, also of "
	    "the group's default floor); ~ no such change; ? a figure is "
	    "not a number; ! the test's version differs; no mark: a side "
	    "has a single figure.", o->alpha, 100 * o->min_effect);
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
	ng = compare_union(runs, nrun, &g);
	for (size_t i = 0; i < ng; i++) {
		if (group == NULL ||
		    strcmp(group, compare_group_name(g[i].test)) != 0)
			table_add_section(t, "%s",
			    group = compare_group_name(g[i].test));
		row = table_add_row(t);
		compare_set_title(t, row, runs, nrun, &g[i], NULL);
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
	struct compare_side	a = { &runs[0], 1, names[0] };
	struct compare_side	b = { &runs[1], 1, names[1] };

	if (nrun == 2)
		return bmdiff_report(&a, &b, o);
	return compare_side_by_side_opts(runs, names, nrun, o);
}

