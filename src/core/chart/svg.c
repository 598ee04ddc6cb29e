/*
 * The SVG writer: a chart's frame (viewBox, <title>, <desc>), its two
 * scales (linear, or logarithmic for sizes and latencies), axes with
 * ticks, labels and units, and the marks drawn in data coordinates.
 * Every chart of the report goes through it, so a scale is computed in
 * one place and a test of one chart's coordinates tests them all.
 *
 * Text is <text>, never outlines, so it can be searched and selected;
 * colours come from classes (svg_style()) so that a page can follow
 * prefers-color-scheme, and each series has a shape as well as a colour,
 * so that nothing is told by colour alone.  Markers are <use> of the
 * symbols svg_style() defines, placed at x, y: one short element a point.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart.h"

#define SVG_TICKS	6	/* about this many ticks an axis */

/*
 * A linear step of 1, 2 or 5 times a power of ten, the nearest (on a log
 * scale) to range / n.
 */
static double
svg_nice_step(double range, int n)
{
	double	raw = range / n, p = pow(10, floor(log10(raw)));

	if (raw / p >= 7.07)
		return 10 * p;
	if (raw / p >= 3.16)
		return 5 * p;
	if (raw / p >= 1.41)
		return 2 * p;
	return p;
}

/* The 1, 2 or 5 times a power of ten at or below v (up: at or above). */
static double
svg_125(double v, int up)
{
	static const double	m[] = { 1, 2, 5, 10 };
	double			p = pow(10, floor(log10(v) + 1e-9));

	for (int i = up ? 0 : 3; up ? i < 4 : i >= 0; i += up ? 1 : -1)
		if (up ? m[i] * p >= v * (1 - 1e-9) : m[i] * p <= v *
		    (1 + 1e-9))
			return m[i] * p;
	return up ? 10 * p : p;
}

/*
 * Fit a scale to data from lo to hi: linear to a multiple of a nice step,
 * log10 to 1, 2 or 5 times a power of ten, log2 (log == 2) to powers of
 * two.  A range of one value is widened so that it has a middle.
 */
void
svg_scale_fit(struct svg_scale *s, double lo, double hi, int log)
{
	double	step;

	s->log = log;
	if (!isfinite(lo) || !isfinite(hi) || lo > hi)
		lo = hi = log ? 1 : 0;
	if (log) {
		lo = lo > 0 ? lo : 1;
		hi = hi > lo ? hi : lo;
		s->lo = log == 2 ? pow(2, floor(log2(lo) + 1e-9)) :
		    svg_125(lo, 0);
		s->hi = log == 2 ? pow(2, ceil(log2(hi) - 1e-9)) :
		    svg_125(hi, 1);
		if (s->hi <= s->lo)
			s->hi = log == 2 ? s->lo * 2 : svg_125(s->lo * 1.5, 1);
		return;
	}
	if (hi == lo) {
		hi = lo + (lo != 0 ? fabs(lo) * 0.1 : 1);
		lo = lo - (lo != 0 ? fabs(lo) * 0.1 : 0);
	}
	step = svg_nice_step(hi - lo, SVG_TICKS);
	s->lo = floor(lo / step + 1e-9) * step;
	s->hi = ceil(hi / step - 1e-9) * step;
}

/* Where v lands, in pixels; NaN for a value the scale cannot show. */
double
svg_scale_px(const struct svg_scale *s, double v)
{
	double	f;

	if (!isfinite(v) || (s->log && v <= 0))
		return NAN;
	if (s->log)
		f = (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo));
	else
		f = (v - s->lo) / (s->hi - s->lo);
	return s->p0 + f * (s->p1 - s->p0);
}

/* Log ticks: powers of two, thinned to about ten. */
static size_t
svg_ticks_log2(const struct svg_scale *s, double *t, size_t max)
{
	size_t	n = 0, every = 1, k = 0;
	size_t	all = (size_t)lround(log2(s->hi / s->lo)) + 1;
	double	v;

	while (all / every > 10)
		every *= 2;
	for (v = s->lo; v <= s->hi * 1.000001 && n < max; v *= 2)
		if (k++ % every == 0)
			t[n++] = v;
	return n;
}

/* Log10 ticks: each decade, and its 2 and 5 when there are few. */
static size_t
svg_ticks_log10(const struct svg_scale *s, double *t, size_t max)
{
	static const double	m[] = { 1, 2, 5 };
	int			fine = log10(s->hi / s->lo) <= 3;
	double			p = pow(10, floor(log10(s->lo) + 1e-9));
	size_t			n = 0;

	for (; p <= s->hi * 1.000001 && n < max; p *= 10)
		for (int i = 0; i < 3 && n < max; i++) {
			double	v = m[i] * p;

			if ((i == 0 || fine) && v >= s->lo * 0.999999 &&
			    v <= s->hi * 1.000001)
				t[n++] = v;
		}
	return n;
}

/* The tick values of a scale into t[max]; how many. */
size_t
svg_scale_ticks(const struct svg_scale *s, int log2, double *t, size_t max)
{
	double	step, v;
	size_t	n = 0;

	if (s->log)
		return log2 ? svg_ticks_log2(s, t, max) :
		    svg_ticks_log10(s, t, max);
	step = svg_nice_step(s->hi - s->lo, SVG_TICKS);
	for (v = s->lo; v <= s->hi + step * 1e-6 && n < max; v += step)
		t[n++] = fabs(v) < step * 1e-9 ? 0 : v;
	return n;
}

/* A tick label, short: 0.25, 800, 12k, 1.5M, 2G. */
void
svg_fmt_g(double v, char *buf, size_t len)
{
	static const struct {
		double		 div;
		const char	*suffix;
	} si[] = { { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e4, "k" } };

	for (size_t i = 0; i < sizeof si / sizeof si[0]; i++)
		if (fabs(v) >= si[i].div) {
			snprintf(buf, len, "%g%s", si[i].div == 1e4 ? v / 1e3 :
			    v / si[i].div, si[i].suffix);
			return;
		}
	snprintf(buf, len, "%g", v);
}

/*
 * Open a chart: the viewBox w x h, an id, the <title> every chart has
 * and its <desc>, said in words; the plot area gets default margins.
 */
void
svg_begin(struct svg *g, struct sbuf *b, double w, double h, const char *id,
    const char *title, const char *desc)
{
	memset(g, 0, sizeof *g);
	g->b = b;
	g->w = w;
	g->h = h;
	g->left = 78;
	g->right = w - 24;
	g->top = 30;
	g->bottom = h - 44;
	sbuf_printf(b, "<svg class=\"chart\" id=\"%s\" xmlns=\"http://www.w3."
	    "org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
	    "height=\"%.0f\" role=\"img\" aria-labelledby=\"%s-t %s-d\">\n",
	    id, w, h, w, h, id, id);
	sbuf_printf(b, "<title id=\"%s-t\">", id);
	sbuf_esc(b, title);
	sbuf_printf(b, "</title>\n<desc id=\"%s-d\">", id);
	sbuf_esc(b, desc);
	sbuf_puts(b, "</desc>\n<text class=\"ct\" x=\"8\" y=\"18\">");
	sbuf_esc(b, title);
	sbuf_puts(b, "</text>\n");
}

void
svg_end(struct svg *g)
{
	sbuf_puts(g->b, "</svg>\n");
}

void
svg_text(struct svg *g, double x, double y, const char *anchor,
    const char *cls, const char *s)
{
	sbuf_printf(g->b, "<text x=\"%.1f\" y=\"%.1f\"", x, y);
	if (anchor != NULL)
		sbuf_printf(g->b, " text-anchor=\"%s\"", anchor);
	if (cls != NULL)
		sbuf_printf(g->b, " class=\"%s\"", cls);
	sbuf_puts(g->b, ">");
	sbuf_esc(g->b, s);
	sbuf_puts(g->b, "</text>\n");
}

/* The ticks of one axis: a grid line and a label each. */
static void
svg_ticks(struct svg *g, const struct svg_axis *a, int vertical)
{
	const struct svg_scale	*sc = vertical ? &g->y : &g->x;
	double			 t[64], p;
	size_t			 n = svg_scale_ticks(sc, a->log2, t, 64);
	char			 buf[32];

	for (size_t i = 0; i < n; i++) {
		/* 1.2 copies is no count: a count's axis skips it. */
		if (a->whole && fabs(t[i] - round(t[i])) > 1e-6)
			continue;
		if (a->whole)
			t[i] = round(t[i]);	/* the sum of steps drifts */
		p = svg_scale_px(sc, t[i]);
		(a->fmt != NULL ? a->fmt : svg_fmt_g)(t[i], buf, sizeof buf);
		if (vertical) {
			sbuf_printf(g->b, "<path class=\"grid\" d=\"M%.1f "
			    "%.1fH%.1f\"/>\n", g->left, p, g->right);
			svg_text(g, g->left - 4, p + 4, "end", "tk", buf);
		} else {
			sbuf_printf(g->b, "<path class=\"grid\" d=\"M%.1f "
			    "%.1fV%.1f\"/>\n", p, g->top, g->bottom);
			svg_text(g, p, g->bottom + 14, "middle", "tk", buf);
		}
	}
}

/* The y axis's title, turned to run up beside it. */
static void
svg_label_y(struct svg *g, const char *label)
{
	sbuf_printf(g->b, "<text class=\"al\" text-anchor=\"middle\" "
	    "transform=\"translate(14 %.1f) rotate(-90)\">",
	    (g->top + g->bottom) / 2);
	sbuf_esc(g->b, label);
	sbuf_puts(g->b, "</text>\n");
}

/*
 * The axes of the plot area, after the scales are fitted: grid lines at
 * the ticks, tick labels, the axis titles with their units.  A NULL y
 * axis draws only x (the strip plot labels its own rows).
 */
void
svg_axes(struct svg *g, const struct svg_axis *ax, const struct svg_axis *ay)
{
	g->x.p0 = g->left;
	g->x.p1 = g->right;
	g->y.p0 = g->bottom;
	g->y.p1 = g->top;
	svg_ticks(g, ax, 0);
	svg_text(g, (g->left + g->right) / 2, g->bottom + 34, "middle", "al",
	    ax->label);
	if (ay != NULL) {
		svg_ticks(g, ay, 1);
		svg_label_y(g, ay->label);
	}
	sbuf_printf(g->b, "<path class=\"ax\" d=\"M%.1f %.1fV%.1fH%.1f\"/>\n",
	    g->left, g->top, g->bottom, g->right);
}

/*
 * A marker at pixel x, y: a <use> of the shape's symbol, scaled by r
 * (1: the usual size), with a <title> the browser shows on hovering.
 */
void
svg_shape(struct svg *g, enum svg_shape sh, double x, double y, double r,
    const char *cls, const char *tip)
{
	if (isnan(x) || isnan(y))
		return;
	sbuf_printf(g->b, "<use href=\"#sm-m%d\" x=\"%.1f\" y=\"%.1f\" "
	    "class=\"%s\"", (int)sh % SVG_SERIES, x, y, cls);
	if (r != 1)	/* about the marker's centre */
		sbuf_printf(g->b, " transform=\"translate(%.1f %.1f) "
		    "scale(%g) translate(%.1f %.1f)\"", x, y, r, -x, -y);
	if (tip == NULL) {
		sbuf_puts(g->b, "/>\n");
		return;
	}
	sbuf_puts(g->b, "><title>");
	sbuf_esc(g->b, tip);
	sbuf_puts(g->b, "</title></use>\n");
}

/*
 * One series as a path in data coordinates: one <path> a series, broken
 * where a value cannot be shown; its data-series attribute names it.
 */
void
svg_line_data(struct svg *g, const double *x, const double *y, size_t n,
    const char *cls, const char *name)
{
	int	pen = 0;

	sbuf_printf(g->b, "<path class=\"%s\" data-series=\"", cls);
	sbuf_esc(g->b, name);
	sbuf_puts(g->b, "\" d=\"");
	for (size_t i = 0; i < n; i++) {
		double	px = svg_scale_px(&g->x, x[i]);
		double	py = svg_scale_px(&g->y, y[i]);

		if (isnan(px) || isnan(py)) {
			pen = 0;
			continue;
		}
		sbuf_printf(g->b, "%s%.1f %.1f", pen ? "L" : "M", px, py);
		pen = 1;
	}
	sbuf_puts(g->b, "\"/>\n");
}

/*
 * A vertical mark at data x across the plot, labelled at its top: to its
 * right, or to its left where the label would run past the chart's edge
 * (a mark at the last value: "2 CPUs" with copies 1 and 2).
 */
void
svg_vmark(struct svg *g, double x, const char *cls, const char *label)
{
	double	px = svg_scale_px(&g->x, x);
	double	w = SVG_CHAR_W * (double)strlen(label);

	if (isnan(px))
		return;
	sbuf_printf(g->b, "<path class=\"%s\" d=\"M%.1f %.1fV%.1f\"/>\n", cls,
	    px, g->top, g->bottom);
	if (label[0] == '\0')
		return;
	if (px + 3 + w <= g->w - 2)
		svg_text(g, px + 3, g->top + 10, NULL, "mk", label);
	else
		svg_text(g, px - 3, g->top + 10, "end", "mk", label);
}

/*
 * A legend in a row at height y from the plot's left: for each entry its
 * shape in its class, then its words, so that it reads in black and
 * white too.
 */
void
svg_legend(struct svg *g, double y, const char *const *name,
    const char *const *cls, const enum svg_shape *sh, size_t n)
{
	double	x = g->left;

	for (size_t i = 0; i < n; i++) {
		svg_shape(g, sh[i], x + 4, y - 4, 1, cls[i], NULL);
		svg_text(g, x + 12, y, NULL, "lg", name[i]);
		x += 28 + SVG_CHAR_W * (double)strlen(name[i]);
	}
}

/*
 * The page's (or a lone SVG's) style and marker symbols: colours from
 * the Okabe-Ito palette, which stays apart for colour-blind readers,
 * dark ones under prefers-color-scheme: dark.
 */
const char *
svg_style(void)
{
	return
":root{--fg:#1a1a1a;--bg:#fff;--grid:#e2e2e2;--band:rgba(0,114,178,.16)}\n"
"@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#121212;"
"--grid:#3a3a3a;--band:rgba(86,180,233,.25)}}\n"
"svg.chart{max-width:100%;height:auto;font:12px sans-serif;"
"background:var(--bg)}\n"
"svg.chart text{fill:var(--fg)}.ct{font-weight:bold;font-size:13px}\n"
".tk{font-size:11px}.ax{stroke:var(--fg);fill:none}\n"
".grid{stroke:var(--grid);fill:none}.ln{fill:none;stroke-width:1.6}\n"
".dash{fill:none;stroke-dasharray:5 4;stroke-width:1.2}\n"
".mark{stroke:var(--fg);stroke-dasharray:2 3;fill:none}\n"
"svg.chart .mk{paint-order:stroke;stroke:var(--bg);stroke-width:3px;"
"stroke-linejoin:round}\n"
".band{fill:var(--band);stroke:none}.mean{stroke:var(--fg);"
"stroke-width:2;fill:none}\n"
"svg.chart text.busy{fill:#d55e00;font-weight:bold}\n"
".hollow{fill:var(--bg)!important}.err{stroke-width:1.5;fill:none}\n"
".s0{fill:#0072b2;stroke:#0072b2}.s1{fill:#d55e00;stroke:#d55e00}\n"
".s2{fill:#009e73;stroke:#009e73}.s3{fill:#cc79a7;stroke:#cc79a7}\n"
".s4{fill:#e69f00;stroke:#e69f00}.s5{fill:#56b4e9;stroke:#56b4e9}\n"
".s6{fill:#7f7f00;stroke:#7f7f00}.s7{fill:#888;stroke:#888}\n"
".better{fill:#009e73;stroke:#009e73}.worse{fill:#d55e00;"
"stroke:#d55e00}\n.same,.small,.single{fill:#888;stroke:#888}\n"
"path.ln.s0,path.ln.s1,path.ln.s2,path.ln.s3,path.ln.s4,path.ln.s5,"
"path.ln.s6,path.ln.s7,path.dash,path.err{fill:none}\n";
}

/*
 * The marker symbols <use> refers to, once a document: centred on 0, 0
 * and about 9 pixels across.  Lines (cross, plus) get their own stroke
 * width; the rest take fill and stroke from the class of the <use>.
 */
void
svg_defs(struct sbuf *b)
{
	static const char *const shape[SVG_SERIES] = {
		"<circle r=\"4\"/>",
		"<path d=\"M-3.5-3.5h7v7h-7z\"/>",
		"<path d=\"M0-4.5L4.2 3H-4.2z\"/>",
		"<path d=\"M0-4.8L4.8 0L0 4.8L-4.8 0z\"/>",
		"<path d=\"M0 4.5L4.2-3H-4.2z\"/>",
		"<path stroke-width=\"2\" d=\"M-4-4L4 4M4-4L-4 4\"/>",
		"<path stroke-width=\"2\" d=\"M-4.5 0H4.5M0-4.5V4.5\"/>",
		"<path d=\"M0-4.5L3.9-2.2V2.2L0 4.5L-3.9 2.2V-2.2z\"/>",
	};

	sbuf_puts(b, "<defs>");
	for (int i = 0; i < SVG_SERIES; i++)
		sbuf_printf(b, "<symbol id=\"sm-m%d\" overflow=\"visible\">%s"
		    "</symbol>", i, shape[i]);
	sbuf_puts(b, "</defs>\n");
}
