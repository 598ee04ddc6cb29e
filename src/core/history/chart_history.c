/*
 * A series of runs over time (history.c): each run's figure with its 95%
 * interval, oldest on the left; the level of each stretch between change
 * points as a dashed segment; a mark where each change starts, with its
 * size.  Drawn by chart_xy.c, the y axis fitted to the figures (a step of
 * a few percent would vanish on an axis from zero).  At most CHART_STEPS
 * steps are drawn, the newest.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "history.h"

#define CHART_STEPS	7	/* marks; levels are one more */

/* The runs as a series with intervals, x the run's place from 1. */
static void
chart_history_runs(struct chart_xy *c, const struct history_series *k)
{
	struct chart_series	*s = chart_xy_add(c, "each run's mean and "
				    "95% interval", k->n, 0);
	double			 ci;

	chart_xy_intervals(s);
	for (size_t i = 0; i < k->n; i++) {
		s->x[i] = (double)i + 1;
		s->y[i] = k->sums[i].mean;
		if (!isfinite(k->sums[i].relvar) || !(k->sums[i].df > 0))
			continue;
		ci = tdist_critical(0.05, k->sums[i].df) *
		    sqrt(k->sums[i].relvar);
		s->lo[i] = s->y[i] * (1 - ci);
		s->hi[i] = s->y[i] * (1 + ci);
	}
}

/* A level's figure as the axis writes it, to 4 digits: 57.92M. */
static void
chart_history_level(double v, char *buf, size_t len)
{
	double	m = v != 0 && isfinite(v) ? pow(10, floor(log10(fabs(v))) -
		    3) : 0;

	svg_fmt_g(m > 0 ? round(v / m) * m : v, buf, len);
}

/* The newest steps: a mark where each starts, the levels around them. */
static void
chart_history_steps(struct chart_xy *c, const struct history_series *k)
{
	size_t			 first = k->cp.ncps > CHART_STEPS ?
				     k->cp.ncps - CHART_STEPS : 0;
	const struct changepoint *cp;

	for (size_t i = first; i < k->cp.ncps; i++) {
		cp = &k->cp.cps[i];
		c->mark[c->nmark].x = (double)cp->at + 0.5;
		snprintf(c->mark[c->nmark++].label, sizeof c->mark[0].label,
		    "%+.1f%%", 100 * cp->size);
		c->level[c->nlevel] = (struct chart_level){
		    (double)cp->from + 1, (double)cp->at, cp->before, "" };
		chart_history_level(cp->before, c->level[c->nlevel++].label,
		    sizeof c->level[0].label);
	}
	if (k->cp.ncps == 0)
		return;
	cp = &k->cp.cps[k->cp.ncps - 1];
	c->level[c->nlevel] = (struct chart_level){ (double)cp->at + 1,
	    (double)cp->to, cp->after, "" };
	chart_history_level(cp->after, c->level[c->nlevel++].label,
	    sizeof c->level[0].label);
}

/* Series k of history h as a chart with this id. */
void
chart_history(struct sbuf *b, const struct history *h,
    const struct history_series *k, const char *id)
{
	struct chart_xy	 c = { 0 };
	char		 name[64], title[160], ylabel[48], verdict[256];

	history_series_name(k, name, sizeof name);
	history_verdict(h, k, verdict, sizeof verdict);
	snprintf(title, sizeof title, "%s on %s: %zu runs", name, k->host,
	    k->n);
	snprintf(ylabel, sizeof ylabel, "%s (%s is better)", k->unit,
	    k->dir == BENCH_LOWER ? "lower" : "higher");
	snprintf(c.desc, sizeof c.desc, "Each run's mean %s and its 95%% "
	    "interval, oldest first, with the level between change points "
	    "dashed. Last step: %s.", k->unit, verdict);
	c.id = id;
	c.title = title;
	c.ax.label = "run, oldest first";
	c.ay.label = ylabel;
	c.yfit = 1;
	chart_history_runs(&c, k);
	chart_history_steps(&c, k);
	chart_xy_draw(b, &c);
	chart_xy_free(&c);
}
