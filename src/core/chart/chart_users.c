/*
 * Response time against users: for each users run the median, 90th and
 * 99th percentile of every step's response time at each user count
 * (users.c's histograms, merged as its table merges them), and the knee
 * users_report.c finds, where the mean response time starts to grow
 * faster than the throughput, marked.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define CHART_USERS_MAX	32	/* runs on one chart: 3 curves each */

/* Milliseconds from nanoseconds on the axis: "2.5". */
static void
chart_users_ms(double ns, char *buf, size_t len)
{
	snprintf(buf, len, "%g", ns / 1e6);
}

static void
chart_users_run(struct chart_xy *c, const struct users_pct *p, size_t n,
    char (*name)[96], const char *run)
{
	static const char *const q[] = { "median", "p90", "p99" };

	for (size_t j = 0; j < 3; j++) {
		struct chart_series	*s;

		snprintf(name[j], 96, "%s %s", run, q[j]);
		s = chart_xy_add(c, name[j], n, 0);
		for (size_t i = 0; i < n; i++) {
			s->x[i] = p[i].users;
			s->y[i] = j == 0 ? p[i].p50 : j == 1 ? p[i].p90 :
			    p[i].p99;
		}
	}
}

static void
chart_users_knee(struct chart_xy *c, int knee, const char *run, size_t nrun)
{
	if (knee <= 0 || c->nmark >= 8)
		return;
	c->mark[c->nmark].x = knee;
	snprintf(c->mark[c->nmark].label, sizeof c->mark[0].label,
	    nrun > 1 ? "knee (%s)" : "knee", run);
	c->nmark++;
}

/* The chart of the users runs among runs; 0 (nothing written) if none. */
int
chart_users(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	char			(*name)[3][96];
	struct chart_xy		 c;
	struct users_pct	*p;
	size_t			 n, used = 0;
	int			 knee;

	memset(&c, 0, sizeof c);
	chart_busy_names(runs, names, nrun, c.busy, sizeof c.busy);
	name = xcalloc(CHART_USERS_MAX, sizeof *name);
	c.id = "users";
	c.title = "Simulated users: response time against users";
	c.ax = (struct svg_axis){ "users at once", NULL, 0, 1 };
	c.ay = (struct svg_axis){ "response time of a step (ms)",
	    chart_users_ms, 0, 0 };
	snprintf(c.desc, sizeof c.desc, "Median, 90th and 99th percentile "
	    "of every step's response time against the simulated users; "
	    "the knee marks where the mean response time grows faster than "
	    "the throughput.");
	for (size_t r = 0; r < nrun && used < CHART_USERS_MAX; r++) {
		if ((n = users_curve(runs[r], &p, &knee)) > 0) {
			chart_users_run(&c, p, n, name[used++], names[r]);
			chart_users_knee(&c, knee, names[r], nrun);
		}
		free(p);
	}
	if (c.ns > 0)
		chart_xy_draw(b, &c);
	n = c.ns;
	chart_xy_free(&c);
	free(name);
	return n > 0;
}
