/*
 * A run's parameter scans as tables (command_curve.c finds them): for
 * each, the value, its test, the mean and its 95% interval, and the mean
 * as a text bar against the largest, so `show`, the console and the
 * report's text give the curve the report's chart draws.  Plain ASCII,
 * as the scaling table's bar is, so that it reads on a VT100.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SCAN_BAR	24	/* characters for the largest mean */

static void
scan_bar(double v, double full, char *buf)
{
	size_t	w;

	buf[0] = '\0';
	if (isnan(v) || !(full > 0) || v < 0)
		return;
	w = (size_t)(SCAN_BAR * v / full + 0.5);
	memset(buf, '#', w);
	buf[w] = '\0';
}

static void
scan_rows(struct table *t, const struct run *run,
    const struct command_curve *cc)
{
	struct stats	st;
	double		full = 0, *y = xcalloc(cc->n + 1, sizeof *y);
	char		v[32], bar[SCAN_BAR + 1];

	for (size_t k = 0; k < cc->n; k++) {
		y[k] = command_curve_figure(run, cc->test[k], &st);
		if (!isnan(y[k]))
			full = fmax(full, y[k]);
	}
	for (size_t k = 0; k < cc->n; k++) {
		size_t	r = table_add_row(t);

		command_curve_figure(run, cc->test[k], &st);
		table_set(t, r, 0, "%g", cc->x[k]);
		table_set(t, r, 1, "%s", cc->test[k]);
		label_value(y[k], v, sizeof v);
		table_set(t, r, 2, "%s", isnan(y[k]) ? "-" : v);
		if (st.n > 1 && isfinite(st.ci) && st.mean != 0)
			table_set(t, r, 3, "%.1f%%", 100 * st.ci /
			    fabs(st.mean));
		else
			table_set(t, r, 3, "-");
		scan_bar(y[k], full, bar);
		table_set(t, r, 4, "%s", bar);
	}
	free(y);
}

/*
 * Each one-parameter scan of the run, figure against value; NULL when
 * it has none.
 */
struct table *
scan_table(const struct run *run)
{
	const struct run *const	 one[1] = { run };
	struct command_curve	*cc;
	struct table		*t;
	const char		*unit;
	size_t			 n = command_curves(one, 1, &cc);

	if (n == 0) {
		free(cc);
		return NULL;
	}
	t = table_new("Scans: each command's figure against its parameter");
	table_add_col(t, "VALUE", TABLE_RIGHT);
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "MEAN", TABLE_RIGHT);
	table_add_col(t, "+/- CI", TABLE_RIGHT);
	table_add_col(t, "MEAN (# to the largest)", TABLE_LEFT);
	for (size_t i = 0; i < n; i++) {
		unit = run_test_unit(run, cc[i].test[0]);
		table_add_section(t, "%s against {%s} (%s, %s is better)",
		    cc[i].base, cc[i].name, unit != NULL ? unit : "?",
		    ident_dir(one, 1, cc[i].test[0]) == BENCH_LOWER ?
		    "lower" : "higher");
		scan_rows(t, run, &cc[i]);
	}
	table_add_note(t, "+/- CI: the 95%% interval of the mean, as a share "
	    "of it");
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	command_curves_free(cc, n);
	free(cc);
	return t;
}
