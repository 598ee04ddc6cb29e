/*
 * The busy mark every chart of a report carries: when a run it draws was
 * measured on a machine that was not idle (the idle warning the run
 * recorded, as the page's headline reads it), the chart says so in its
 * top right corner, "Busy: NAME", so that a chart seen alone (an SVG
 * with -f svg, a screenshot) does not pass low and noisy figures off as
 * the machine's own.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "chart.h"

/* Is run's machine recorded as busy? */
int
chart_busy_run(const struct run *run)
{
	return run_meta_get(run, "idle_warning") != NULL;
}

/* Add name to the comma-separated list in buf, once. */
void
chart_busy_add(char *buf, size_t len, const char *name)
{
	size_t	n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n > 0 ? ", " : "", name);
}

/* The names of the busy runs among runs, into buf (len bytes); how many. */
size_t
chart_busy_names(const struct run *const *runs, const char *const *names,
    size_t nrun, char *buf, size_t len)
{
	size_t	n = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < nrun; k++)
		if (chart_busy_run(runs[k])) {
			chart_busy_add(buf, len, names[k]);
			n++;
		}
	return n;
}

/* The mark, right-aligned on the title's line; nothing for "". */
void
svg_busy(struct svg *g, const char *who)
{
	char	text[192];

	if (who[0] == '\0')
		return;
	snprintf(text, sizeof text, "Busy: %s", who);
	svg_text(g, g->w - 8, 18, "end", "busy", text);
}
