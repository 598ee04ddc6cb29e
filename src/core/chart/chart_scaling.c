/*
 * Scaling curves: a test's figure against the copies run at once, one
 * curve a run, with the ideal (N times the one copy's throughput; for a
 * cost, the one copy's cost kept) dashed and the CPU count marked.  The
 * points are scaling.c's: each copies value's sample mean.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_SCALING_MAX	64	/* copies values on one chart */

struct chart_scaling {
	const struct run *const	*runs;
	const char *const	*names;
	size_t			 nrun;
	const char		*test;
	int			 copies[CHART_SCALING_MAX];
	size_t			 n;
	char			 id[64];
	char			 title[160];
	char			 ylabel[80];
	char			 ideal[80];
};

/* The sample mean of test at copies in run, as scaling.c takes it. */
static double
chart_scaling_figure(const struct run *run, const char *test, int copies)
{
	struct run_group	g = { test, copies };
	struct stats		st;

	run_group_stats(run, &g, &st);
	return st.n > 0 ? st.mean : NAN;
}

static int
chart_scaling_int_cmp(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The copies values test has a figure at in any run, sorted. */
static void
chart_scaling_copies(struct chart_scaling *cs, const struct run_group *g,
    size_t ng)
{
	cs->n = 0;
	for (size_t i = 0; i < ng && cs->n < CHART_SCALING_MAX; i++) {
		int	have = 0;

		if (strcmp(g[i].test, cs->test) != 0)
			continue;
		for (size_t r = 0; r < cs->nrun; r++)
			have |= !isnan(chart_scaling_figure(cs->runs[r],
			    cs->test, g[i].copies));
		for (size_t k = 0; have && k < cs->n; k++)
			have = cs->copies[k] != g[i].copies;
		if (have)
			cs->copies[cs->n++] = g[i].copies;
	}
	qsort(cs->copies, cs->n, sizeof cs->copies[0], chart_scaling_int_cmp);
}

static const char *
chart_scaling_unit(const struct chart_scaling *cs)
{
	for (size_t r = 0; r < cs->nrun; r++)
		for (size_t i = 0; i < cs->runs[r]->nsamples; i++)
			if (strcmp(cs->runs[r]->samples[i].test, cs->test) == 0)
				return cs->runs[r]->samples[i].unit;
	return "";
}

/* The ideal from the first run with a one-copy figure. */
static void
chart_scaling_ideal(struct chart_xy *c, struct chart_scaling *cs,
    enum bench_dir dir)
{
	struct chart_series	*s;
	double			 one = NAN;

	for (size_t r = 0; r < cs->nrun && isnan(one); r++)
		one = chart_scaling_figure(cs->runs[r], cs->test, 1);
	if (isnan(one))
		return;
	snprintf(cs->ideal, sizeof cs->ideal, "ideal: %s",
	    dir == BENCH_LOWER ? "one copy's cost" : "N x one copy");
	s = chart_xy_add(c, cs->ideal, cs->n, 1);
	for (size_t k = 0; k < cs->n; k++) {
		s->x[k] = cs->copies[k];
		s->y[k] = dir == BENCH_LOWER ? one : one * cs->copies[k];
	}
}

static void
chart_scaling_cpus(struct chart_xy *c, const struct run *run)
{
	const char	*v = run_meta_get(run, "cpus");
	long		 n;

	if (v == NULL || sm_parse_int(v, 1, INT_MAX, &n) != 0)
		return;
	c->mark[0].x = (double)n;
	snprintf(c->mark[0].label, sizeof c->mark[0].label, "%ld CPU%s", n,
	    n == 1 ? "" : "s");
	c->nmark = 1;
}

static void
chart_scaling_draw(struct sbuf *b, struct chart_scaling *cs)
{
	const enum bench_dir	 dir = ident_dir(cs->runs, cs->nrun,
				     cs->test);
	struct chart_xy		 c;
	size_t			 j = 0;

	memset(&c, 0, sizeof c);
	chart_busy_names(cs->runs, cs->names, cs->nrun, c.busy, sizeof c.busy);
	for (const char *p = cs->test; *p != '\0' && j + 1 < 40; p++)
		cs->id[8 + j++] = isalnum((unsigned char)*p) ? *p : '_';
	memcpy(cs->id, "scaling-", 8);
	cs->id[8 + j] = '\0';
	snprintf(cs->title, sizeof cs->title, "Scaling: %s",
	    label_title_in(cs->runs, cs->nrun, cs->test));
	snprintf(cs->ylabel, sizeof cs->ylabel, dir == BENCH_LOWER ?
	    "one copy's figure (%s)" : "throughput, all copies (%s)",
	    chart_scaling_unit(cs));
	c.id = cs->id;
	c.title = cs->title;
	c.ax = (struct svg_axis){ "copies run at once", NULL, 0, 1 };
	c.ay = (struct svg_axis){ cs->ylabel, NULL, 0, 0 };
	snprintf(c.desc, sizeof c.desc, "%s (%s) against the copies run at "
	    "once, %zu values from %d to %d; one curve a run, the ideal "
	    "dashed, the CPU count marked.", cs->test, dir == BENCH_LOWER ?
	    "lower is better" : "higher is better", cs->n, cs->copies[0],
	    cs->copies[cs->n - 1]);
	for (size_t r = 0; r < cs->nrun; r++) {
		struct chart_series *s = chart_xy_add(&c, cs->names[r], cs->n,
		    0);

		for (size_t k = 0; k < cs->n; k++) {
			s->x[k] = cs->copies[k];
			s->y[k] = chart_scaling_figure(cs->runs[r], cs->test,
			    cs->copies[k]);
		}
	}
	chart_scaling_ideal(&c, cs, dir);
	chart_scaling_cpus(&c, cs->runs[0]);
	chart_xy_draw(b, &c);
	chart_xy_free(&c);
}

/* The scaling chart of one test; 1 if it has two copies values or more. */
static int
chart_scaling_one(struct sbuf *b, struct chart_scaling *cs,
    const struct run_group *g, size_t ng)
{
	chart_scaling_copies(cs, g, ng);
	if (cs->n < 2)
		return 0;
	chart_scaling_draw(b, cs);
	return 1;
}

/* The runs' groups in catalog order, and cs set up for them. */
static size_t
chart_scaling_start(struct chart_scaling *cs, const struct run *const *runs,
    const char *const *names, size_t nrun, struct run_group **g)
{
	memset(cs, 0, sizeof *cs);
	cs->runs = runs;
	cs->names = names;
	cs->nrun = nrun;
	return runset_union(runs, nrun, g);
}

/*
 * A scaling chart for each test the runs have at two copies values or
 * more, in catalog order; how many were drawn.
 */
size_t
chart_scaling(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct chart_scaling	 cs;
	struct run_group	*g;
	size_t			 ng, drawn = 0;

	ng = chart_scaling_start(&cs, runs, names, nrun, &g);
	for (size_t i = 0; i < ng; i++) {
		if (i > 0 && strcmp(g[i - 1].test, g[i].test) == 0)
			continue;
		cs.test = g[i].test;
		drawn += (size_t)chart_scaling_one(b, &cs, g, ng);
	}
	free(g);
	return drawn;
}

/* The scaling chart of test alone; 0 (nothing) if it has none. */
int
chart_scaling_test(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun, const char *test)
{
	struct chart_scaling	 cs;
	struct run_group	*g;
	size_t			 ng;
	int			 drawn;

	ng = chart_scaling_start(&cs, runs, names, nrun, &g);
	cs.test = test;
	drawn = chart_scaling_one(b, &cs, g, ng);
	free(g);
	return drawn;
}
