/*
 * The strip plot of one test: every sample it took, one row per repeat of
 * each run (so repeats are told apart, and runs), each sample a marker at
 * its value, the warm-ups a cross of their own (taken, not counted), and
 * per run the figure the table shows: estimate.c's mean as a line and its
 * 95% interval as a band, over that run's rows.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_STRIP_ROW		16	/* pixels a row */
#define CHART_STRIP_LEFT	150	/* room for the rows' names */

/* One run's part: its samples of the group, its figure and interval. */
struct chart_strip_run {
	const struct run_sample	**s;
	size_t			  n;
	int			  reps;		/* repeats; 0: no sample */
	struct estimate		  e;
	double			  ci;		/* relative; NaN: none */
};

struct chart_strip {
	const struct run *const	*runs;
	const char *const	*names;
	size_t			 nrun;
	const struct run_group	*g;
	struct chart_strip_run	*r;
	size_t			 nrows;
	char			 unit[8];
};

/* The run's counted and warm-up samples of the group, and its estimate. */
static void
chart_strip_collect(struct chart_strip *cs, size_t k)
{
	const struct run	*run = cs->runs[k];
	struct chart_strip_run	*r = &cs->r[k];

	r->s = xcalloc(run->nsamples + 1, sizeof *r->s);
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->status != RUN_OK || s->copies != cs->g->copies ||
		    !isfinite(s->value) || strcmp(s->test, cs->g->test) != 0)
			continue;
		r->s[r->n++] = s;
		if (s->repeat > r->reps)
			r->reps = s->repeat;
		snprintf(cs->unit, sizeof cs->unit, "%s", s->unit);
	}
	cs->nrows += (size_t)r->reps;
	estimate_run(run, cs->g, &r->e);
	r->ci = r->e.n >= 2 ? estimate_ci(&r->e, 0.05) : NAN;
}

/*
 * Rows, repeats a run, the unit and the range to show: every value and
 * every interval, but not below zero when no sample is.
 */
static void
chart_strip_scan(struct chart_strip *cs, double *lo, double *hi)
{
	double	vlo = INFINITY;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t k = 0; k < cs->nrun; k++) {
		struct chart_strip_run	*r = &cs->r[k];

		chart_strip_collect(cs, k);
		for (size_t i = 0; i < r->n; i++) {
			*lo = fmin(*lo, r->s[i]->value);
			*hi = fmax(*hi, r->s[i]->value);
			vlo = fmin(vlo, r->s[i]->value);
		}
		if (isfinite(r->ci)) {
			*lo = fmin(*lo, r->e.mean * (1 - r->ci));
			*hi = fmax(*hi, r->e.mean * (1 + r->ci));
		}
	}
	if (vlo >= 0 && *lo < 0)
		*lo = 0;
}

/* The run's mean and 95% interval over its rows, from estimate.c. */
static void
chart_strip_estimate(struct svg *g, const struct chart_strip_run *r,
    double y0, double y1)
{
	double	x0, x1, xm;

	if (r->e.n == 0 || isnan(xm = svg_scale_px(&g->x, r->e.mean)))
		return;
	if (isfinite(r->ci)) {
		/* An interval wider than the plot is cut at its edges. */
		x0 = fmax(svg_scale_px(&g->x, r->e.mean * (1 - r->ci)),
		    g->left);
		x1 = fmin(svg_scale_px(&g->x, r->e.mean * (1 + r->ci)),
		    g->right);
		sbuf_printf(g->b, "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>95%% interval: "
		    "+/- %.1f%%</title></rect>\n", x0, y0, x1 - x0, y1 - y0,
		    100 * r->ci);
	}
	sbuf_printf(g->b, "<path class=\"mean\" d=\"M%.1f %.1fV%.1f\"><title>"
	    "mean %.6g</title></path>\n", xm, y0, y1, r->e.mean);
}

/*
 * A sample's tip: its figure, and what it cost when the run holds that
 * (CPU seconds and peak RSS of its copies and all they ran).
 */
static void
chart_strip_tip(const struct run_sample *s, char *tip, size_t len)
{
	int	n;

	if (s->index == RUN_WARMUP)
		n = snprintf(tip, len, "warm-up %.6g", s->value);
	else
		n = snprintf(tip, len, "#%d %.6g", s->index, s->value);
	if (n < 0 || (size_t)n >= len || !isfinite(s->user_s) ||
	    !isfinite(s->sys_s))
		return;
	snprintf(tip + n, len - (size_t)n, "; user %.3f s, sys %.3f s",
	    s->user_s, s->sys_s);
	n += (int)strlen(tip + n);
	if (isfinite(s->maxrss_kb) && (size_t)n < len)
		snprintf(tip + n, len - (size_t)n, ", peak RSS %.1f MB",
		    s->maxrss_kb / 1024);
}

/* The samples of repeat k at height y. */
static void
chart_strip_points(struct svg *g, const struct chart_strip_run *r, int k,
    double y, const char *cls)
{
	char	tip[128];

	for (size_t i = 0; i < r->n; i++) {
		const struct run_sample	*s = r->s[i];
		int			 warm = s->index == RUN_WARMUP;

		if (s->repeat != k)
			continue;
		chart_strip_tip(s, tip, sizeof tip);
		svg_shape(g, warm ? SVG_CROSS : SVG_CIRCLE,
		    svg_scale_px(&g->x, s->value),
		    y + (double)(s->index % 5 - 2) * 1.5, 1, cls, tip);
	}
}

/* One run's samples, a row per repeat; returns the next row. */
static size_t
chart_strip_run(struct svg *g, const struct chart_strip *cs, size_t k,
    size_t row)
{
	const struct chart_strip_run	*r = &cs->r[k];
	char				 label[64], cls[8];
	double				 y;

	chart_strip_estimate(g, r, g->top + (double)row * CHART_STRIP_ROW,
	    g->top + (double)(row + (size_t)r->reps) * CHART_STRIP_ROW);
	snprintf(cls, sizeof cls, "s%zu", k % SVG_SERIES);
	for (int rep = 1; rep <= r->reps; rep++) {
		y = g->top + ((double)(row + (size_t)rep) - 0.5) *
		    CHART_STRIP_ROW;
		if (cs->nrun == 1)
			snprintf(label, sizeof label, "repeat %d", rep);
		else if (r->reps > 1)
			snprintf(label, sizeof label, "%.16s r%d", cs->names[k],
			    rep);
		else
			snprintf(label, sizeof label, "%.22s", cs->names[k]);
		svg_text(g, g->left - 6, y + 4, "end", "tk", label);
		chart_strip_points(g, r, rep, y, cls);
	}
	return row + (size_t)r->reps;
}

/*
 * The legend as the chart draws: a dot, a cross, then the mean as the
 * line it is and the interval as a band, not as markers.
 */
static void
chart_strip_legend(struct svg *g, double y)
{
	static const char *const lname[] = { "sample",
	    "warm-up, not counted" };
	static const char *const lcls[] = { "s0", "s0" };
	static const enum svg_shape lsh[] = { SVG_CIRCLE, SVG_CROSS };
	double	x = g->left;

	svg_legend(g, y, lname, lcls, lsh, 2);
	for (size_t i = 0; i < 2; i++)
		x += 28 + 6.2 * (double)strlen(lname[i]);
	sbuf_printf(g->b, "<path class=\"mean\" d=\"M%.1f %.1fV%.1f\"/>\n",
	    x + 4, y - 11, y + 3);
	svg_text(g, x + 12, y, NULL, "lg", "mean");
	x += 28 + 6.2 * 4;
	sbuf_printf(g->b, "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" "
	    "width=\"10\" height=\"14\"/>\n", x - 1, y - 11);
	svg_text(g, x + 12, y, NULL, "lg", "95% interval");
}

static void
chart_strip_draw(struct sbuf *b, struct chart_strip *cs, double lo,
    double hi)
{
	struct svg	 g;
	struct svg_axis	 ax = { NULL, NULL, 0, 0 };
	char		 id[80], title[200], desc[400], axl[64];
	char		 busy[CHART_BUSY_LEN];
	size_t		 j = 0, row = 0;
	double		 h = 30 + (double)cs->nrows * CHART_STRIP_ROW + 70;

	memcpy(id, "strip-", 6);
	for (const char *p = cs->g->test; *p != '\0' && j < 48; p++)
		id[6 + j++] = isalnum((unsigned char)*p) ? *p : '_';
	snprintf(id + 6 + j, sizeof id - 6 - j, "-%d", cs->g->copies);
	snprintf(title, sizeof title, "%s, %d cop%s: every sample",
	    label_title_in(cs->runs, cs->nrun, cs->g->test), cs->g->copies,
	    cs->g->copies == 1 ? "y" : "ies");
	snprintf(desc, sizeof desc, "Each sample of %s at %d cop%s, one row "
	    "per repeat%s; warm-ups drawn as crosses are not counted; the "
	    "line is the mean and the band its 95%% interval, as in the "
	    "table.", cs->g->test, cs->g->copies, cs->g->copies == 1 ? "y" :
	    "ies", cs->nrun > 1 ? " of each run" : "");
	snprintf(axl, sizeof axl, "figure (%s)", cs->unit);
	ax.label = axl;
	svg_begin(&g, b, CHART_W, h, id, title, desc);
	chart_busy_names(cs->runs, cs->names, cs->nrun, busy, sizeof busy);
	svg_busy(&g, busy);
	g.left = CHART_STRIP_LEFT;
	g.bottom = 30 + (double)cs->nrows * CHART_STRIP_ROW;
	svg_scale_fit(&g.x, lo, hi, 0);
	svg_axes(&g, &ax, NULL);
	for (size_t r = 0; r < cs->nrun; r++)
		row = chart_strip_run(&g, cs, r, row);
	chart_strip_legend(&g, g.bottom + 60);
	svg_end(&g);
}

/* The strip plot of group g over the runs; nothing if no sample. */
void
chart_strip(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun, const struct run_group *g)
{
	struct chart_strip	cs;
	double			lo, hi;

	memset(&cs, 0, sizeof cs);
	cs.runs = runs;
	cs.names = names;
	cs.nrun = nrun;
	cs.g = g;
	cs.r = xcalloc(nrun + 1, sizeof *cs.r);
	chart_strip_scan(&cs, &lo, &hi);
	if (cs.nrows > 0)
		chart_strip_draw(b, &cs, lo, hi);
	for (size_t k = 0; k < nrun; k++)
		free(cs.r[k].s);
	free(cs.r);
}
