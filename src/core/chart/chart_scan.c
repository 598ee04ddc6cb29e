/*
 * Parameter scans: a command test's figure against the value of the
 * parameter it was run at (run -P, -L), one curve a run, drawn as the
 * scaling curves are; the points are command_curve.c's, each the mean of
 * that value's samples.  Values spread over a factor of 16 or more are
 * laid out on a log axis, so 1, 2, 4, ... 1024 do not crowd at the left.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_SCAN_LOG	16	/* highest over lowest value for a log x */

struct chart_scan {
	char	id[64];
	char	title[160];
	char	xlabel[64];
	char	ylabel[80];
};

/* The unit of the curve's tests, from the first run that has one. */
static const char *
chart_scan_unit(const struct run *const *runs, size_t nrun,
    const struct command_curve *cc)
{
	const char	*u = NULL;

	for (size_t r = 0; r < nrun && u == NULL; r++)
		for (size_t k = 0; k < cc->n && u == NULL; k++)
			u = run_test_unit(runs[r], cc->test[k]);
	return u != NULL ? u : "";
}

static void
chart_scan_labels(struct chart_scan *cs, const struct run *const *runs,
    size_t nrun, const struct command_curve *cc)
{
	size_t	j = 0;

	for (const char *p = cc->base; *p != '\0' && j + 1 < 40; p++)
		cs->id[5 + j++] = isalnum((unsigned char)*p) ? *p : '_';
	memcpy(cs->id, "scan-", 5);
	cs->id[5 + j] = '\0';
	snprintf(cs->title, sizeof cs->title, "Scan: %s against {%s}",
	    cc->base, cc->name);
	snprintf(cs->xlabel, sizeof cs->xlabel, "%s", cc->name);
	snprintf(cs->ylabel, sizeof cs->ylabel, "mean per execution (%s)",
	    chart_scan_unit(runs, nrun, cc));
}

static void
chart_scan_one(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun, const struct command_curve *cc)
{
	const enum bench_dir	dir = ident_dir(runs, nrun, cc->test[0]);
	struct chart_scan	cs;
	struct chart_xy		c;
	struct stats		st;

	memset(&c, 0, sizeof c);
	chart_busy_names(runs, names, nrun, c.busy, sizeof c.busy);
	chart_scan_labels(&cs, runs, nrun, cc);
	c.id = cs.id;
	c.title = cs.title;
	c.ax = (struct svg_axis){ cs.xlabel, NULL, 0, 0 };
	c.ay = (struct svg_axis){ cs.ylabel, NULL, 0, 0 };
	c.xlog = cc->x[0] > 0 && cc->x[cc->n - 1] >= CHART_SCAN_LOG * cc->x[0];
	snprintf(c.desc, sizeof c.desc, "%s (%s) against {%s}, %zu values "
	    "from %g to %g%s; one curve a run, each point the mean of its "
	    "samples with its 95%% interval.", cc->base,
	    dir == BENCH_LOWER ? "lower is better" :
	    "higher is better", cc->name, cc->n, cc->x[0], cc->x[cc->n - 1],
	    c.xlog ? " (log scale)" : "");
	for (size_t r = 0; r < nrun; r++) {
		struct chart_series *s = chart_xy_add(&c, names[r], cc->n, 0);

		chart_xy_intervals(s);
		for (size_t k = 0; k < cc->n; k++) {
			s->x[k] = cc->x[k];
			s->y[k] = command_curve_figure(runs[r], cc->test[k],
			    &st);
			if (st.n > 1 && isfinite(st.ci)) {
				s->lo[k] = st.mean - st.ci;
				s->hi[k] = st.mean + st.ci;
			}
		}
	}
	chart_xy_draw(b, &c);
	chart_xy_free(&c);
}

/* A chart for each one-parameter scan of the runs; how many were drawn. */
size_t
chart_scan(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct command_curve	*cc;
	size_t			 n = command_curves(runs, nrun, &cc);

	for (size_t i = 0; i < n; i++)
		chart_scan_one(b, runs, names, nrun, &cc[i]);
	command_curves_free(cc, n);
	free(cc);
	return n;
}
