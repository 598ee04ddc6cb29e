/*
 * A history as one self-contained HTML page (sysmark report --history):
 * the series table and the change points, as history prints them, then
 * a time-series chart per series (chart_history.c).  The page's head and
 * styles are report_html.c's, so it reads like the other reports.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>

#include "history.h"

void
report_history(struct sbuf *b, const struct history *h, const char *title)
{
	struct table	*t;
	char		 about[64], id[32];

	snprintf(about, sizeof about, "%zu saved run%s", h->nruns,
	    h->nruns == 1 ? "" : "s");
	report_html_open(b, title, about);
	sbuf_puts(b, "<h2 id=\"history\">History</h2>\n");
	t = history_table(h);
	html_table(b, t, NULL);
	table_free(t);
	t = history_changes_table(h);
	if (t->nrows > 0)
		html_table(b, t, NULL);
	table_free(t);
	sbuf_puts(b, "<h2 id=\"series\">Each series over time</h2>\n"
	    "<figure>\n");
	for (size_t j = 0; j < h->nseries; j++) {
		snprintf(id, sizeof id, "history-%zu", j + 1);
		chart_history(b, h, &h->series[j], id);
	}
	sbuf_puts(b, "</figure>\n");
	report_html_close(b);
}
