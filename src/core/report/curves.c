/*
 * The curves that follow a run's results table, wherever it is shown:
 * the scaling curves of tests run at several copies values, the
 * parameter scans of command tests (scan.c), the response
 * times of simulated users and their plot, and the memory hierarchy of a
 * latency sweep.  One list, so that `run`, `show` and the console's
 * results screen print the same tables in the same order; and, after a
 * comparison, the curves of several runs side by side.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>

#include "report.h"

/* The run's curves as tables, in *out (allocated); returns how many. */
size_t
curves_tables(const struct run *run, struct table ***out)
{
	struct table	*(*const make[])(const struct run *) = {
		scaling_table, scan_table, users_table, users_plot,
		memhier_plot,
	};
	const size_t	 nmake = sizeof make / sizeof make[0];
	size_t		 n = 0;

	*out = xcalloc(nmake, sizeof **out);
	for (size_t i = 0; i < nmake; i++)
		if (((*out)[n] = make[i](run)) != NULL)
			n++;
	return n;
}

/* The curves of several runs side by side, as curves_tables(). */
size_t
curves_compare(const struct run *const *runs, const char *const *names,
    size_t nrun, struct table ***out)
{
	size_t	n = 0;

	*out = xcalloc(2, sizeof **out);
	if (((*out)[n] = scaling_compare(runs, names, nrun)) != NULL)
		n++;
	if (((*out)[n] = users_compare(runs, names, nrun)) != NULL)
		n++;
	return n;
}
