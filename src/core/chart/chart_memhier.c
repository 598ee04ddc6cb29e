/*
 * The memory-hierarchy chart: load latency against the size read, both
 * logarithmic, as lmbench's graphs drew lat_mem_rd; one curve a run, and
 * for a single run the plateaus memhier.c found (L1, L2, ..., main), each
 * drawn where it spans and named with its latency, the same levels the
 * text plot and the index use.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

static void
chart_memhier_levels(struct chart_xy *c, const struct run *run,
    const struct memhier_point *p, size_t np)
{
	struct memhier_level	lv[8];
	size_t			n = memhier_run_levels(run, p, np, lv, 8);
	char			from[16], to[16];
	size_t			len;

	for (size_t i = 0; i < n && c->nlevel < 8; i++) {
		struct chart_level *l = &c->level[c->nlevel++];

		l->from = lv[i].from;
		l->to = lv[i].to;
		l->y = lv[i].ns;
		snprintf(l->label, sizeof l->label, "%.15s %.3g ns", lv[i].name,
		    lv[i].ns);
		memhier_format_size(lv[i].from, from, sizeof from);
		memhier_format_size(lv[i].to, to, sizeof to);
		len = strlen(c->desc);
		snprintf(c->desc + len, sizeof c->desc - len, " %s: %.3g ns "
		    "from %s to %s.", lv[i].name, lv[i].ns, from, to);
	}
}

/*
 * The chart of the runs' lat_mem_rd sweeps, into b; 1 if any run has
 * one, 0 (nothing written) if none does.
 */
int
chart_memhier(struct sbuf *b, const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct chart_xy		 c;
	struct memhier_point	*p;
	size_t			 np;

	memset(&c, 0, sizeof c);
	chart_busy_names(runs, names, nrun, c.busy, sizeof c.busy);
	c.id = "memhier";
	c.title = "Memory hierarchy: load latency against size";
	c.ax = (struct svg_axis){ "size read (bytes)", memhier_format_size,
	    1, 0 };
	c.ay = (struct svg_axis){ "latency of one load (ns)", NULL, 0, 0 };
	c.xlog = 2;
	c.ylog = 1;
	snprintf(c.desc, sizeof c.desc, "lat_mem_rd: nanoseconds per "
	    "dependent load against the size of the buffer, both axes "
	    "logarithmic; one curve a run.");
	for (size_t r = 0; r < nrun; r++) {
		struct chart_series	*s;

		if ((np = memhier_curve(runs[r], &p)) == 0) {
			free(p);
			continue;
		}
		s = chart_xy_add(&c, names[r], np, 0);
		for (size_t i = 0; i < np; i++) {
			s->x[i] = p[i].size;
			s->y[i] = p[i].ns;
		}
		if (nrun == 1)
			chart_memhier_levels(&c, runs[r], p, np);
		free(p);
	}
	if (c.ns > 0)
		chart_xy_draw(b, &c);
	np = c.ns;
	chart_xy_free(&c);
	return np > 0;
}
