/*
 * compare's drift term (doc/statistics.md, "Drift"), for every front end
 * that compares (sysmark compare, the console's Compare screen): when the
 * two sides were taken further apart than their basis covers (the sides'
 * own span, or the window a profile's repeats covered, noise_window()),
 * each test's drift at that gap is measured from this host's saved runs
 * in the results directory (drift_estimate(), the compared files left
 * out) and handed to the judge in compare_opts; a test with too few
 * saved runs that far apart is marked not measured, which compare's
 * notes say.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* realpath() */

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/* A saved run that cannot be read is only left out of the estimate. */
static void
drift_sides_warn(const char *msg, void *arg)
{
	(void)msg;
	(void)arg;
}

/* The start of run r (seconds since the epoch), or -1. */
static long long
drift_sides_start(const struct run *r)
{
	const char	*d = run_meta_get(r, "date");

	return d != NULL ? rundate_parse(d) : -1;
}

/*
 * The gap between the sides' mean starts past what the basis covers
 * (the wider side's span, or the window the profile's repeats covered);
 * 0 when none or unknown.
 */
static double
drift_sides_gap(const struct run *const *runs, int n, int split,
    const struct run *profile)
{
	double	mean[2] = { 0, 0 }, lo[2], hi[2], covered;
	int	k;

	for (int s = 0; s < 2; s++) {
		lo[s] = INFINITY;
		hi[s] = -INFINITY;
	}
	for (int i = 0; i < n; i++) {
		long long t = drift_sides_start(runs[i]);

		if (t < 0)
			return 0;
		k = i >= split;
		mean[k] += (double)t / (k ? n - split : split);
		lo[k] = fmin(lo[k], (double)t);
		hi[k] = fmax(hi[k], (double)t);
	}
	covered = fmax(hi[0] - lo[0], hi[1] - lo[1]);
	if (profile != NULL)
		covered = fmax(covered, noise_window(profile));
	return fabs(mean[1] - mean[0]) > covered ? fabs(mean[1] - mean[0]) :
	    0;
}

/* Which of h's runs are among the compared files (by real path). */
static unsigned char *
drift_sides_skip(const struct history *h, const char *const *paths, int n)
{
	unsigned char	*skip = xcalloc(h->nruns + 1, 1);
	char		 a[PATH_MAX], b[PATH_MAX];

	for (int i = 0; i < n; i++) {
		if (paths[i] == NULL || realpath(paths[i], a) == NULL)
			continue;
		for (size_t k = 0; k < h->nruns; k++)
			if (realpath(h->runs[k].path, b) != NULL &&
			    strcmp(a, b) == 0)
				skip[k] = 1;
	}
	return skip;
}

/* Each test of the first side's groups: its drift at o->gap. */
static size_t
drift_sides_tests(const struct history *h, const struct run *const *runs,
    const char *const *paths, int n, double gap, struct compare_drift **out)
{
	struct run_group	*g;
	size_t			 ng = run_groups(runs[0], &g);
	unsigned char		*skip = drift_sides_skip(h, paths, n);
	const char		*host = run_meta_get(runs[0], "hostname");

	*out = xcalloc(ng + 1, sizeof **out);
	for (size_t i = 0; i < ng; i++) {
		snprintf((*out)[i].test, sizeof (*out)[i].test, "%s",
		    g[i].test);
		drift_estimate(h, host, g[i].test, runset_version(runs[0],
		    &g[i]), g[i].copies, gap, skip, &(*out)[i]);
	}
	free(skip);
	free(g);
	return ng;
}

/*
 * Set o's gap and drift terms for the sides runs[0..split) and
 * runs[split..n), read from paths[] (each NULL for a baseline: not in
 * the results), with the results directory of the binary at self (or
 * NULL); *out holds the terms (the caller frees it).  Nothing when the
 * sides are no further apart than their basis covers.
 */
void
drift_sides(const struct run *const *runs, const char *const *paths, int n,
    int split, const char *self, struct compare_opts *o,
    struct compare_drift **out)
{
	struct history		h;
	struct history_query	q;
	struct histindex_stats	st;
	struct sm_error		err;
	char			dir[PATH_MAX], *dirv[1] = { dir };
	char			cache[PATH_MAX];

	*out = NULL;
	if (split <= 0 || split >= n || duet_is(runs[0]) ||
	    (o->gap = drift_sides_gap(runs, n, split, o->profile)) == 0)
		return;
	if (paths_results_dir(self, dir, sizeof dir, &err) != 0)
		return;
	memset(&q, 0, sizeof q);
	changepoint_opts_default(&q.cp);
	history_init(&h);
	histindex_load(&h, dirv, 1, histindex_cache(NULL, cache,
	    sizeof cache), drift_sides_warn, NULL, &st);
	history_build(&h, &q);
	o->ndrift = drift_sides_tests(&h, runs, paths, n, o->gap, out);
	o->drift = *out;
	history_free(&h);
}
