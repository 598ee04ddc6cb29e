/*
 * How a test and a figure are named in every table: a test id's title
 * (the catalog's, or one an imported run or baseline carries for a test
 * sysmark does not have) and a figure printed the way the BYTE reports
 * printed theirs.  report.c, compare.c, bmdiff.c, scaling.c and the
 * console all write through these, so a test reads the same everywhere.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/*
 * A figure as the BYTE reports print it, with one decimal, unless that
 * would drop digits of a small figure (1.35 ns, 0.277 us): then four
 * significant digits; or unless the figure has eight digits before the
 * point (a machine's many copies of dhry2reg): its tenth would be a ninth
 * significant digit, far below any run's precision, and would cost the
 * title beside it a column.
 */
void
label_value(double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (fabs(v) >= 1e7)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 100 || fabs(v * 10 - round(v * 10)) < 1e-6)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.4g", v);
}

/* The title a report prints for a test id; the id itself if unknown. */
const char *
label_title(const char *id)
{
	const struct bench	*b = registry_find(id);

	return b != NULL ? b->title : id;
}

/*
 * The title for a test id as any of these runs knows it: the catalog's,
 * else a run's "title:<id>" fact (imported reports and baselines carry
 * titles for tests sysmark does not have), else the id itself.
 */
const char *
label_title_in(const struct run *const *runs, size_t nrun, const char *id)
{
	const char	*v;
	char		 key[64];

	if (registry_find(id) != NULL)
		return label_title(id);
	snprintf(key, sizeof key, "title:%s", id);
	for (size_t r = 0; r < nrun; r++)
		if ((v = run_meta_get(runs[r], key)) != NULL && *v != '\0')
			return v;
	return id;
}

/*
 * A title that names its sample's length, BYTE's "File Read (10
 * seconds)", as the samples really ran: secs > 0 seconds a sample puts
 * the real length there ("File Read (1 second)"), so a 1 s sample is
 * never shown as a 10 s one; secs 0 (not recorded, or the runs differ)
 * leaves the title as it is when it is a whole run's, and takes the
 * length off when secs < 0 (the runs ran different lengths).
 */
void
label_title_secs(const char *title, double secs, char *buf, size_t len)
{
	const char	*p = strrchr(title, '(');
	double		 n;
	int		 end = 0;

	if (p == NULL || p == title || p[-1] != ' ' ||
	    sscanf(p, "(%lf seconds)%n", &n, &end) != 1 || p[end] != '\0' ||
	    secs == 0 || secs == n) {
		snprintf(buf, len, "%s", title);
		return;
	}
	if (secs < 0)
		snprintf(buf, len, "%.*s", (int)(p - 1 - title), title);
	else
		snprintf(buf, len, "%.*s (%g second%s)", (int)(p - 1 - title),
		    title, secs, secs == 1 ? "" : "s");
}

/*
 * What a run is called in compare's headers and columns and the
 * console's pickers: its label (run -l), else its file name without
 * directory or .csv.  Allocated.
 */
char *
label_run(const struct run *run, const char *path)
{
	const char	*label = run_meta_get(run, "label");

	return label != NULL ? xstrdup(label) : paths_label(path);
}
