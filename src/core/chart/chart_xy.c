/*
 * Curves against a common x axis: the memory hierarchy (latency against
 * size, log-log), scaling (throughput against copies) and users
 * (response time against users) are all this chart with different data
 * and marks.  Each series is one <path> plus a marker a point, its own
 * colour and shape; a dashed series is a reference (the ideal line), not
 * a measurement, and gets no markers.  The legend sits under the plot,
 * one row per three series, shape and words, so it reads in grey.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_XY_LEGEND_ROW	18
#define CHART_XY_PER_ROW	3

/* A new series of n points (x, y allocated, NaN-filled); the caller fills. */
struct chart_series *
chart_xy_add(struct chart_xy *c, const char *name, size_t n, int dashed)
{
	struct chart_series	*s;

	c->s = xreallocarray(c->s, c->ns + 1, sizeof *c->s);
	s = &c->s[c->ns++];
	s->name = name;
	s->n = n;
	s->dashed = dashed;
	s->x = xcalloc(n + 1, sizeof *s->x);
	s->y = xcalloc(n + 1, sizeof *s->y);
	s->lo = s->hi = NULL;
	for (size_t i = 0; i < n; i++)
		s->x[i] = s->y[i] = NAN;
	return s;
}

/* Give s an interval a point (lo, hi, NaN-filled); the caller fills. */
void
chart_xy_intervals(struct chart_series *s)
{
	s->lo = xcalloc(s->n + 1, sizeof *s->lo);
	s->hi = xcalloc(s->n + 1, sizeof *s->hi);
	for (size_t i = 0; i < s->n; i++)
		s->lo[i] = s->hi[i] = NAN;
}

void
chart_xy_free(struct chart_xy *c)
{
	for (size_t i = 0; i < c->ns; i++) {
		free(c->s[i].x);
		free(c->s[i].y);
		free(c->s[i].lo);
		free(c->s[i].hi);
	}
	free(c->s);
	c->s = NULL;
	c->ns = 0;
}

/* The range of the values a scale can show, over every series. */
static void
chart_xy_range(const struct chart_xy *c, int axis, int log, double *lo,
    double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < c->ns; i++)
		for (size_t k = 0; k < c->s[i].n; k++) {
			double	v = axis ? c->s[i].y[k] : c->s[i].x[k];
			double	a = axis && c->s[i].lo != NULL &&
				    isfinite(c->s[i].lo[k]) ? c->s[i].lo[k] : v;
			double	z = axis && c->s[i].hi != NULL &&
				    isfinite(c->s[i].hi[k]) ? c->s[i].hi[k] : v;

			if (!isfinite(v) || (log && a <= 0))
				continue;
			*lo = fmin(*lo, a);
			*hi = fmax(*hi, z);
		}
	for (size_t i = 0; axis && i < c->nlevel; i++)
		if (isfinite(c->level[i].y) && (!log || c->level[i].y > 0)) {
			*lo = fmin(*lo, c->level[i].y);
			*hi = fmax(*hi, c->level[i].y);
		}
}

static void
chart_xy_scales(struct svg *g, const struct chart_xy *c)
{
	double	lo, hi;

	chart_xy_range(c, 0, c->xlog, &lo, &hi);
	svg_scale_fit(&g->x, lo, hi, c->xlog);
	chart_xy_range(c, 1, c->ylog, &lo, &hi);
	/* Throughput and response times are read from zero. */
	if (!c->ylog && !c->yfit && lo > 0)
		lo = 0;
	svg_scale_fit(&g->y, lo, hi, c->ylog);
}

static void
chart_xy_series(struct svg *g, const struct chart_series *s, size_t i,
    const struct chart_xy *c)
{
	char	cls[32], tip[160], xs[32], ys[32];

	snprintf(cls, sizeof cls, "%s s%zu", s->dashed ? "dash" : "ln",
	    i % SVG_SERIES);
	svg_line_data(g, s->x, s->y, s->n, cls, s->name);
	if (s->dashed)
		return;
	snprintf(cls, sizeof cls, "s%zu", i % SVG_SERIES);
	for (size_t k = 0; s->lo != NULL && k < s->n; k++)
		if (isfinite(s->lo[k]) && isfinite(s->hi[k]))
			sbuf_printf(g->b, "<path class=\"err %s\" d=\"M%.1f "
			    "%.1fV%.1f\"/>\n", cls, svg_scale_px(&g->x,
			    s->x[k]), svg_scale_px(&g->y, s->lo[k]),
			    svg_scale_px(&g->y, s->hi[k]));
	for (size_t k = 0; k < s->n; k++) {
		(c->ax.fmt != NULL ? c->ax.fmt : svg_fmt_g)(s->x[k], xs,
		    sizeof xs);
		(c->ay.fmt != NULL ? c->ay.fmt : svg_fmt_g)(s->y[k], ys,
		    sizeof ys);
		snprintf(tip, sizeof tip, "%s: %s, %s", s->name, xs, ys);
		svg_shape(g, (enum svg_shape)(i % SVG_SERIES),
		    svg_scale_px(&g->x, s->x[k]), svg_scale_px(&g->y, s->y[k]),
		    1, cls, tip);
	}
}

/*
 * The plateaus: a dashed segment each (labels 0), or its name and figure
 * above it (labels 1), drawn after the curves so that none crosses them.
 */
static void
chart_xy_levels(struct svg *g, const struct chart_xy *c, int labels)
{
	for (size_t i = 0; i < c->nlevel; i++) {
		const struct chart_level *l = &c->level[i];
		double	x0 = svg_scale_px(&g->x, l->from);
		double	x1 = svg_scale_px(&g->x, l->to);
		double	y = svg_scale_px(&g->y, l->y);

		if (isnan(x0) || isnan(x1) || isnan(y))
			continue;
		if (!labels) {
			sbuf_printf(g->b, "<path class=\"mark\" d=\"M%.1f "
			    "%.1fH%.1f\"/>\n", x0, y, x1);
			continue;
		}
		sbuf_printf(g->b, "<text class=\"mk\" x=\"%.1f\" "
		    "y=\"%.1f\">", x0, y - 5);
		sbuf_esc(g->b, l->label);
		sbuf_puts(g->b, "</text>\n");
	}
}

static void
chart_xy_legend(struct svg *g, const struct chart_xy *c, double y0)
{
	for (size_t i = 0; i < c->ns; i++) {
		double	x = g->left + (double)(i % CHART_XY_PER_ROW) * 180;
		double	y = y0 + (double)(i / CHART_XY_PER_ROW) *
			    CHART_XY_LEGEND_ROW;
		char	cls[8];

		snprintf(cls, sizeof cls, "s%zu", i % SVG_SERIES);
		sbuf_printf(g->b, "<path class=\"%s %s\" d=\"M%.1f %.1fh22\"/>"
		    "\n", c->s[i].dashed ? "dash" : "ln", cls, x, y - 4);
		if (!c->s[i].dashed)
			svg_shape(g, (enum svg_shape)(i % SVG_SERIES), x + 11,
			    y - 4, 1, cls, NULL);
		sbuf_printf(g->b, "<text class=\"lg\" x=\"%.1f\" y=\"%.1f\">",
		    x + 28, y);
		sbuf_esc(g->b, c->s[i].name);
		sbuf_puts(g->b, "</text>\n");
	}
}

/* Draw the chart: axes fitted to every series, marks, curves, legend. */
void
chart_xy_draw(struct sbuf *b, const struct chart_xy *c)
{
	struct svg	g;
	size_t		rows = (c->ns + CHART_XY_PER_ROW - 1) /
			    CHART_XY_PER_ROW;
	double		h = 30 + CHART_PLOT_H + 44 + 8 +
			    (double)rows * CHART_XY_LEGEND_ROW;

	svg_begin(&g, b, CHART_W, h, c->id, c->title, c->desc);
	svg_busy(&g, c->busy);
	g.bottom = 30 + CHART_PLOT_H;
	chart_xy_scales(&g, c);
	svg_axes(&g, &c->ax, &c->ay);
	for (size_t i = 0; i < c->nmark; i++)
		svg_vmark(&g, c->mark[i].x, "mark", c->mark[i].label);
	chart_xy_levels(&g, c, 0);
	for (size_t i = 0; i < c->ns; i++)
		chart_xy_series(&g, &c->s[i], i, c);
	chart_xy_levels(&g, c, 1);
	chart_xy_legend(&g, c, g.bottom + 44 + 18);
	svg_end(&g);
}
