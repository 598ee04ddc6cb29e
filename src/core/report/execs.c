/*
 * The spread of single executions, beside the results table of a run
 * with command tests: for each, the mean, sd, fastest and slowest of one
 * execution (run_group_execs()), as hyperfine prints "Time (mean +/-
 * sigma)" and "Range (min ... max)".  The table's +/- CI is the 95%
 * interval of the mean of the samples' means, a different and narrower
 * thing; the legend says so, since hyperfine's users read "+/-" as the
 * sd of one execution.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Seconds in the unit that gives 1 to 999 of it: "3.02 ms". */
static void
execs_time(double s, char *buf, size_t len)
{
	static const struct { double f; const char *u; } u[] = {
		{ 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" },
	};
	size_t	i = 0;

	while (i + 1 < sizeof u / sizeof u[0] && fabs(s) < u[i].f)
		i++;
	snprintf(buf, len, "%.3g %s", s / u[i].f, u[i].u);
}

/* The row's name: the test, and its copies when more than one. */
static void
execs_name(const struct run_group *g, char *buf, size_t len)
{
	if (g->copies > 1)
		snprintf(buf, len, "%s x%d", g->test, g->copies);
	else
		snprintf(buf, len, "%s", g->test);
}

void
report_execs(const struct run *run, const struct run_group *g, size_t ng,
    struct table *t)
{
	struct run_execs	 e;
	char			 name[48], v[4][24];
	int			 w = 4, any = 0;

	for (size_t i = 0; i < ng; i++) {
		if (run_group_execs(run, &g[i], &e) == 0)
			continue;
		execs_name(&g[i], name, sizeof name);
		if ((int)strlen(name) > w)
			w = (int)strlen(name);
		any = 1;
	}
	if (!any)
		return;
	table_add_note(t, "Single executions, each timed alone: SD is the "
	    "standard deviation of one execution (hyperfine's +/- sigma), MIN "
	    "and MAX the fastest and slowest; +/- CI above is the 95%% "
	    "interval of the mean, not this spread.");
	table_add_note(t, "  %-*s %9s %9s %9s %9s  %s", w, "TEST", "MEAN", "SD",
	    "MIN", "MAX", "EXECUTIONS");
	for (size_t i = 0; i < ng; i++) {
		if (run_group_execs(run, &g[i], &e) == 0)
			continue;
		execs_name(&g[i], name, sizeof name);
		execs_time(e.mean, v[0], sizeof v[0]);
		execs_time(e.sd, v[1], sizeof v[1]);
		execs_time(e.min, v[2], sizeof v[2]);
		execs_time(e.max, v[3], sizeof v[3]);
		table_add_note(t, "  %-*s %9s %9s %9s %9s  %llu", w, name, v[0],
		    v[1], v[2], v[3], (unsigned long long)e.n);
	}
}
