/*
 * Two runs, ranked: the report Carlo Prelz's bm_diff printed for one
 * kernel against the next (seed 003).  A From/To header names both
 * systems; then one line per test both runs have, old figure, new figure
 * and change, from the largest improvement to the largest regression,
 * where "improvement" follows the test's direction; then, apart, the
 * tests only one side has and those whose workload version differs (the
 * IOCALL lesson of seed 000: a changed benchmark is a different test).
 *
 * Unlike bm_diff it says whether each change is real (signif.c), and
 * ends with the geometric mean of the ratios.  Ties keep the order the
 * old run lists its tests in, as bm_diff's did.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

enum bmdiff_kind {
	BMDIFF_RANKED = 0,
	BMDIFF_VERSION,		/* workload versions differ: not ranked */
	BMDIFF_ONLY_OLD,
	BMDIFF_ONLY_NEW
};

struct bmdiff_line {
	struct run_group	 g;
	enum bmdiff_kind	 kind;
	size_t			 order;		/* in the runs' own order */
	double			 old;		/* means; NaN if none */
	double			 new;
	int			 vold;
	int			 vnew;
	enum bench_dir		 dir;
	int			 failed;	/* every sample failed there */
	double			 gain;		/* log ratio, > 0 is better */
	struct signif		 s;
};

struct bmdiff {
	const struct run	*runs[2];
	const char		*names[2];
	const struct compare_opts *o;
	struct bmdiff_line	*lines;
	size_t			 nlines;
	int			 judged;	/* some line has a test */
	size_t			 nlower;	/* ranked tests, lower better */
	struct table		*t;
	size_t			 c_change, c_ci, c_p, c_verdict;
};

/* ---- Building the lines ---- */

/* Does run hold group g with every sample failed? */
static int
bmdiff_all_failed(const struct run *run, const struct run_group *g)
{
	struct stats	st;
	size_t		failed = run_group_stats(run, g, &st);

	return st.n == 0 && failed > 0;
}

static void
bmdiff_line(struct bmdiff *d, struct bmdiff_line *l)
{
	const struct run	*a = d->runs[0], *b = d->runs[1];

	l->old = compare_figure(a, l->g.test, l->g.copies);
	l->new = compare_figure(b, l->g.test, l->g.copies);
	l->vold = compare_version(a, &l->g);
	l->vnew = compare_version(b, &l->g);
	l->dir = compare_dir(d->runs, 2, l->g.test);
	if (isnan(l->new)) {
		l->kind = BMDIFF_ONLY_OLD;
		l->failed = bmdiff_all_failed(b, &l->g);
	} else if (isnan(l->old)) {
		l->kind = BMDIFF_ONLY_NEW;
		l->failed = bmdiff_all_failed(a, &l->g);
	} else if (compare_version_differs(l->vold, l->vnew))
		l->kind = BMDIFF_VERSION;
	else
		l->kind = BMDIFF_RANKED;
	if (l->kind != BMDIFF_RANKED)
		return;
	compare_judge(a, b, &l->g, l->dir, d->o, &l->s);
	l->gain = log(l->new / l->old);
	if (l->dir == BENCH_LOWER)
		l->gain = -l->gain;
	if (l->s.verdict != SIGNIF_SINGLE)
		d->judged = 1;
	if (l->dir == BENCH_LOWER)
		d->nlower++;
}

/* Ranked lines first, best gain first; a gain that is not a number last. */
static int
bmdiff_cmp(const void *x, const void *y)
{
	const struct bmdiff_line	*a = x, *b = y;
	int				 na = isnan(a->gain);
	int				 nb = isnan(b->gain);

	if (a->kind != b->kind)
		return (int)a->kind - (int)b->kind;
	if (a->kind == BMDIFF_RANKED && na != nb)
		return na - nb;
	if (a->kind == BMDIFF_RANKED && !na && a->gain != b->gain)
		return a->gain > b->gain ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

static void
bmdiff_collect(struct bmdiff *d)
{
	struct run_group	*g;

	d->nlines = compare_merge(d->runs, 2, &g);
	d->lines = xcalloc(d->nlines, sizeof *d->lines);
	for (size_t i = 0; i < d->nlines; i++) {
		d->lines[i].g = g[i];
		d->lines[i].order = i;
		bmdiff_line(d, &d->lines[i]);
	}
	free(g);
	qsort(d->lines, d->nlines, sizeof *d->lines, bmdiff_cmp);
}

/* ---- The table ---- */

/* "* host: OS version" and "* date", as bm_diff named each system. */
static void
bmdiff_system(char *buf, size_t len, const char *label,
    const struct run *run, const char *name)
{
	const char	*host = run_meta_get(run, "hostname");
	const char	*os = run_meta_get(run, "os");
	const char	*ver = run_meta_get(run, "os_version");
	const char	*date = run_meta_get(run, "date");
	size_t		 n = strlen(buf);

	snprintf(buf + n, len - n, "%s %s\n* %s%s%s%s%s\n* %s\n", label, name,
	    host != NULL ? host : "unknown host", os != NULL ? ": " : "",
	    os != NULL ? os : "", ver != NULL ? " " : "",
	    ver != NULL ? ver : "", date != NULL ? date : "date unknown");
}

static void
bmdiff_columns(struct bmdiff *d)
{
	struct table	*t = d->t;
	char		 ci[32];
	size_t		 c = 4;

	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "OLD", TABLE_RIGHT);
	table_add_col(t, "NEW", TABLE_RIGHT);
	table_add_col(t, "CHANGE", TABLE_RIGHT);
	d->c_change = 3;
	if (d->judged) {
		snprintf(ci, sizeof ci, "%g%% CI", 100 * (1 - d->o->alpha));
		table_add_col(t, ci, TABLE_RIGHT);
		d->c_ci = c++;
	}
	table_add_col(t, "P", TABLE_RIGHT);
	d->c_p = c++;
	if (d->judged) {
		table_add_col(t, "VERDICT", TABLE_LEFT);
		d->c_verdict = c;
	}
	table_fit(t, d->o->width, 0);
}

static const char *
bmdiff_verdict(enum signif_verdict v)
{
	switch (v) {
	case SIGNIF_BETTER:
		return "better";
	case SIGNIF_WORSE:
		return "worse";
	case SIGNIF_SAME:
		return "~";
	case SIGNIF_SMALL:
		return "small";
	case SIGNIF_SINGLE:
		break;
	}
	return "";
}

/* The significance cells: interval, p (or the sample counts), verdict. */
static void
bmdiff_signif(struct bmdiff *d, size_t row, const struct signif *s)
{
	double	half = 100 * (s->hi - s->lo) / 2;

	if (s->verdict == SIGNIF_SINGLE) {
		table_set(d->t, row, d->c_p, "n=%zu+%zu", s->na, s->nb);
		return;
	}
	table_set(d->t, row, d->c_ci, half < 1 ? "+/-%.2f%%" : "+/-%.1f%%",
	    half);
	if (s->p < 0.001)
		table_set(d->t, row, d->c_p, "<0.001");
	else
		table_set(d->t, row, d->c_p, "%.3f", s->p);
	table_set(d->t, row, d->c_verdict, "%s", bmdiff_verdict(s->verdict));
}

static void
bmdiff_figures(struct bmdiff *d, size_t row, const struct bmdiff_line *l)
{
	char	buf[64];

	report_format_value(l->old, buf, sizeof buf);
	if (!isnan(l->old))
		table_set(d->t, row, 1, "%s", buf);
	report_format_value(l->new, buf, sizeof buf);
	if (!isnan(l->new))
		table_set(d->t, row, 2, "%s", buf);
	if (l->kind == BMDIFF_RANKED && !isnan(l->gain))
		table_set(d->t, row, d->c_change, "%+.2f%%",
		    100 * (l->new / l->old - 1));
}

/* A section heading when the kind of line changes. */
static void
bmdiff_section(struct bmdiff *d, enum bmdiff_kind kind)
{
	switch (kind) {
	case BMDIFF_RANKED:
		table_add_section(d->t, "Results, best change first");
		break;
	case BMDIFF_VERSION:
		table_add_section(d->t, "Not ranked: the test's version "
		    "differs, so its figures measure different work");
		break;
	case BMDIFF_ONLY_OLD:
		table_add_section(d->t, "Only in %s", d->names[0]);
		break;
	case BMDIFF_ONLY_NEW:
		table_add_section(d->t, "Only in %s", d->names[1]);
		break;
	}
}

/* The geometric mean of the ranked ratios, as a row closing the ranks. */
static void
bmdiff_geomean(struct bmdiff *d)
{
	double	sum = 0;
	size_t	n = 0, row;

	for (size_t i = 0; i < d->nlines; i++) {
		if (d->lines[i].kind != BMDIFF_RANKED ||
		    !isfinite(d->lines[i].gain))
			continue;
		sum += d->lines[i].gain;
		n++;
	}
	if (n == 0)
		return;
	row = table_add_row(d->t);
	table_set(d->t, row, 0, "geomean of %zu ratio%s", n,
	    n == 1 ? "" : "s");
	table_set(d->t, row, d->c_change, "%+.2f%%",
	    100 * (exp(sum / (double)n) - 1));
}

static void
bmdiff_rows(struct bmdiff *d)
{
	const struct bmdiff_line	*l;
	char				 extra[64];
	size_t				 row;

	for (size_t i = 0; i < d->nlines; i++) {
		l = &d->lines[i];
		if (i > 0 && l->kind != d->lines[i - 1].kind &&
		    d->lines[i - 1].kind == BMDIFF_RANKED)
			bmdiff_geomean(d);
		if (i == 0 || l->kind != d->lines[i - 1].kind)
			bmdiff_section(d, l->kind);
		extra[0] = '\0';
		if (l->kind == BMDIFF_VERSION)
			snprintf(extra, sizeof extra, " (version %d -> %d)",
			    l->vold, l->vnew);
		else if (l->failed)
			snprintf(extra, sizeof extra, " (failed in %s)",
			    d->names[l->kind == BMDIFF_ONLY_OLD]);
		row = table_add_row(d->t);
		compare_set_title(d->t, row, d->runs, 2, &l->g, extra);
		bmdiff_figures(d, row, l);
		if (l->kind == BMDIFF_RANKED && !isnan(l->gain))
			bmdiff_signif(d, row, &l->s);
	}
	if (d->nlines > 0 && d->lines[d->nlines - 1].kind == BMDIFF_RANKED)
		bmdiff_geomean(d);
}

static void
bmdiff_tally(struct bmdiff *d)
{
	size_t	n[SIGNIF_WORSE + 1] = { 0 };

	for (size_t i = 0; i < d->nlines; i++)
		if (d->lines[i].kind == BMDIFF_RANKED)
			n[d->lines[i].s.verdict]++;
	if (d->judged) {
		table_add_note(d->t, "%zu better, %zu worse, %zu ~ (no "
		    "significant change), %zu small, %zu with a single "
		    "figure.", n[SIGNIF_BETTER], n[SIGNIF_WORSE],
		    n[SIGNIF_SAME], n[SIGNIF_SMALL], n[SIGNIF_SINGLE]);
		table_add_note(d->t, "Better or worse: p under alpha = %g, an "
		    "interval (delta method) that excludes no change, and a "
		    "change of at least %g%% and of the samples' own spread "
		    "(CV); small: significant but under that.  P: "
		    "Mann-Whitney U test with %d or more samples a side, "
		    "Welch's t test with fewer.", d->o->alpha,
		    100 * d->o->min_effect, SIGNIF_U_MIN);
	}
	if (n[SIGNIF_SINGLE] > 0)
		table_add_note(d->t, "n=OLD+NEW counts the figures on each "
		    "side: a single figure (a baseline or an imported report) "
		    "admits no p-value, so that change is not judged.");
	if (d->nlower > 0)
		table_add_note(d->t, "For %zu test%s lower is better: a drop "
		    "ranks as an improvement, and the geometric mean takes "
		    "their ratios inverted.", d->nlower,
		    d->nlower == 1 ? "" : "s");
}

/*
 * The ranked comparison of run b against run a, named na and nb; the
 * caller frees the table.
 */
struct table *
bmdiff_report(const struct run *a, const struct run *b, const char *na,
    const char *nb, const struct compare_opts *o)
{
	struct bmdiff	d;
	char		title[2048] = "";

	memset(&d, 0, sizeof d);
	d.runs[0] = a;
	d.runs[1] = b;
	d.names[0] = na;
	d.names[1] = nb;
	d.o = o;
	bmdiff_collect(&d);
	bmdiff_system(title, sizeof title, "From:", a, na);
	bmdiff_system(title, sizeof title, "To:", b, nb);
	title[strlen(title) - 1] = '\0';
	d.t = table_new(title);
	bmdiff_columns(&d);
	bmdiff_rows(&d);
	bmdiff_tally(&d);
	free(d.lines);
	return d.t;
}
