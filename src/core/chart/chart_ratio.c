/*
 * The ratio chart of a comparison: one row per test both sides ran, in
 * the order bm_diff's report ranks them (bmdiff_ranked(), best change
 * first), the ratio drawn so that right is better whatever the test's
 * direction (a latency's ratio is inverted), its 95% interval as a bar,
 * and the verdict three ways: colour, a shape (up: better, down: worse,
 * circle: no change, diamond: under the minimum effect) and the words at
 * the row's end, so that nothing depends on telling colours apart.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_RATIO_ROW		18
#define CHART_RATIO_LEFT	170
#define CHART_RATIO_CHARS	26	/* of a name, in that margin */
#define CHART_RATIO_WORDS	120	/* room for "+12.3% better" */

struct chart_ratio_row {
	double		r, lo, hi;	/* better is above 1 */
	const char	*cls;
	const char	*word;
	enum svg_shape	 sh;
};

static void
chart_ratio_verdict(struct chart_ratio_row *w, enum signif_verdict v)
{
	switch (v) {
	case SIGNIF_BETTER:
		*w = (struct chart_ratio_row){ .cls = "better",
		    .word = "better", .sh = SVG_TRIANGLE };
		break;
	case SIGNIF_WORSE:
		*w = (struct chart_ratio_row){ .cls = "worse", .word = "worse",
		    .sh = SVG_DOWN };
		break;
	case SIGNIF_SAME:
		*w = (struct chart_ratio_row){ .cls = "same", .word = "~ same",
		    .sh = SVG_CIRCLE };
		break;
	case SIGNIF_SMALL:
		*w = (struct chart_ratio_row){ .cls = "small", .word = "small",
		    .sh = SVG_DIAMOND };
		break;
	default:
		*w = (struct chart_ratio_row){ .cls = "single", .word =
		    "not judged", .sh = SVG_SQUARE };
		break;
	}
}

/* The ratio with better above 1, and its interval the same way. */
static void
chart_ratio_row(const struct bmdiff_rank *k, struct chart_ratio_row *w)
{
	chart_ratio_verdict(w, k->s.verdict);
	if (k->dir == BENCH_LOWER) {
		w->r = 1 / k->s.ratio;
		w->lo = 1 / k->s.hi;
		w->hi = 1 / k->s.lo;
	} else {
		w->r = k->s.ratio;
		w->lo = k->s.lo;
		w->hi = k->s.hi;
	}
}

/*
 * A row's name: the test's title when it fits the margin, else its id
 * (as the console's narrow rows do), "x4" after it for copies.
 */
static void
chart_ratio_name(const struct run_group *g, const struct run *const *all,
    size_t nall, char *buf, size_t len)
{
	const char	*title = label_title_in(all, nall, g->test);
	char		 copies[16] = "";

	if (g->copies > 1)
		snprintf(copies, sizeof copies, " x%d", g->copies);
	if (strlen(title) + strlen(copies) > CHART_RATIO_CHARS)
		title = g->test;
	snprintf(buf, len, "%s%s", title, copies);
}

static void
chart_ratio_rows(struct svg *g, const struct bmdiff_rank *k,
    const struct chart_ratio_row *w, size_t n, const struct run *const *all,
    size_t nall)
{
	char	buf[160];

	for (size_t i = 0; i < n; i++) {
		double	y = g->top + ((double)i + 0.5) * CHART_RATIO_ROW;
		double	x0 = svg_scale_px(&g->x, w[i].lo);
		double	x1 = svg_scale_px(&g->x, w[i].hi);

		chart_ratio_name(&k[i].g, all, nall, buf, sizeof buf);
		svg_text(g, g->left - 6, y + 4, "end", "tk", buf);
		if (!isnan(x0) && !isnan(x1))
			sbuf_printf(g->b, "<path class=\"err %s\" d=\"M%.1f "
			    "%.1fH%.1f\"/>\n", w[i].cls, x0, y, x1);
		snprintf(buf, sizeof buf, "%s: %.4g (95%%: %.4g to %.4g), %s",
		    k[i].g.test, w[i].r, w[i].lo, w[i].hi, w[i].word);
		svg_shape(g, w[i].sh, svg_scale_px(&g->x, w[i].r), y, 1,
		    w[i].cls, buf);
		/* The figure's change, as compare's CHANGE says it. */
		snprintf(buf, sizeof buf, "%+.1f%% %s", 100 *
		    (k[i].s.ratio - 1), w[i].word);
		svg_text(g, g->right + 8, y + 4, NULL, "tk", buf);
	}
}

/* The busy mark: each side any of whose runs had a busy machine. */
static void
chart_ratio_busy(struct svg *g, const struct compare_side *a,
    const struct compare_side *bs)
{
	const struct compare_side	*side[2] = { a, bs };
	char				 busy[CHART_BUSY_LEN] = "";

	for (int i = 0; i < 2; i++)
		for (size_t k = 0; k < side[i]->nrun; k++)
			if (chart_busy_run(side[i]->runs[k])) {
				chart_busy_add(busy, sizeof busy,
				    side[i]->name);
				break;
			}
	svg_busy(g, busy);
}

static void
chart_ratio_draw(struct sbuf *b, const char *id, const struct bmdiff_rank *k,
    const struct chart_ratio_row *w, size_t n, const struct compare_side *a,
    const struct compare_side *bs)
{
	static const char *const lname[] = { "better", "worse", "~ same",
	    "small: under -e", "not judged" };
	static const char *const lcls[] = { "better", "worse", "same",
	    "small", "single" };
	static const enum svg_shape lsh[] = { SVG_TRIANGLE, SVG_DOWN,
	    SVG_CIRCLE, SVG_DIAMOND, SVG_SQUARE };
	const struct run **all = xcalloc(a->nrun + bs->nrun, sizeof *all);
	struct svg_axis	 ax = { "ratio to the old side, log scale, better to "
			     "the right (1: no change; latencies inverted)",
			     NULL, 0, 0 };
	struct svg	 g;
	char		 title[256], desc[512];
	double		 lo = 1, hi = 1;

	memcpy(all, a->runs, a->nrun * sizeof *all);
	memcpy(all + a->nrun, bs->runs, bs->nrun * sizeof *all);
	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, isfinite(w[i].lo) ? w[i].lo : w[i].r);
		hi = fmax(hi, isfinite(w[i].hi) ? w[i].hi : w[i].r);
	}
	snprintf(title, sizeof title, "Ratios: %s against %s", bs->name,
	    a->name);
	snprintf(desc, sizeof desc, "For each of %zu tests, %s's figure over "
	    "%s's, inverted for tests where lower is better so that right is "
	    "always better, with its 95%% interval; ordered from the best "
	    "change to the worst as the compare table ranks them; the "
	    "verdict is written at the end of each row.", n, bs->name,
	    a->name);
	svg_begin(&g, b, CHART_W, 30 + (double)n * CHART_RATIO_ROW + 76,
	    id, title, desc);
	chart_ratio_busy(&g, a, bs);
	g.left = CHART_RATIO_LEFT;
	g.right = CHART_W - CHART_RATIO_WORDS;
	g.bottom = 30 + (double)n * CHART_RATIO_ROW;
	/* Ratios multiply: a log scale puts x2 and /2 equally far from 1. */
	svg_scale_fit(&g.x, lo, hi, 1);
	svg_axes(&g, &ax, NULL);
	svg_vmark(&g, 1, "mean", "");
	chart_ratio_rows(&g, k, w, n, all, a->nrun + bs->nrun);
	svg_legend(&g, g.bottom + 62, lname, lcls, lsh, 5);
	svg_end(&g);
	free(all);
}

/* The ratio chart of side b against side a, SVG id id; 0 if no test. */
int
chart_ratio(struct sbuf *b, const char *id, const struct compare_side *a,
    const struct compare_side *bs, const struct compare_opts *o)
{
	struct bmdiff_rank	*k;
	struct chart_ratio_row	*w;
	size_t			 n = bmdiff_ranked(a, bs, o, &k);

	w = xcalloc(n + 1, sizeof *w);
	for (size_t i = 0; i < n; i++)
		chart_ratio_row(&k[i], &w[i]);
	if (n > 0)
		chart_ratio_draw(b, id, k, w, n, a, bs);
	free(w);
	free(k);
	return n > 0;
}
