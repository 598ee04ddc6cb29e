/*
 * The host noise profile: how far two runs of the same build land apart
 * on this machine, test by test.  `sysmark calibrate` takes an A/A run,
 * five repeats (by default) of the chosen tests spread over minutes
 * (drift over minutes is what separates two runs), and saves it beside
 * the results as noise-HOST.csv.  The file is an ordinary run file (meta
 * kind=noise-profile), so it keeps the date, the sysmark and test
 * versions and the settings, and every figure derived from it can be
 * recomputed from its repeats (estimate.c).  When compare has one run a
 * side, each run's mean is taken to stray as much as one of the
 * profile's repeat means did (judge.c, signif.c); the table here shows
 * that spread split into its within- and between-run parts.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

/* results/noise-HOST.csv; 0 or -1 with a message. */
int
noise_path(const char *self, const char *host, char *buf, size_t len,
    struct sm_error *err)
{
	char	dir[PATH_MAX];

	if (paths_results_dir(self, dir, sizeof dir, err) != 0)
		return -1;
	if (snprintf(buf, len, "%s/noise-%s.csv", dir, host != NULL ? host :
	    "unknown") >= (int)len) {
		sm_error_set(err, "%s: path too long", dir);
		return -1;
	}
	return 0;
}

/* The host all nrun runs come from, or NULL (none said, or several). */
const char *
noise_host(const struct run *const *runs, size_t nrun)
{
	const char	*host = nrun > 0 ? run_meta_get(runs[0], "hostname") :
			    NULL, *h;

	for (size_t r = 1; host != NULL && r < nrun; r++)
		if ((h = run_meta_get(runs[r], "hostname")) == NULL ||
		    strcmp(h, host) != 0)
			return NULL;
	return host;
}

/* How many repeats of profile hold a counted sample. */
static int
noise_repeats(const struct run *profile)
{
	unsigned char	seen[PLAN_MAX_REPEATS + 1] = { 0 };
	int		n = 0, k;

	for (size_t i = 0; i < profile->nsamples; i++) {
		const struct run_sample	*s = &profile->samples[i];

		k = s->repeat > 0 ? s->repeat : 1;
		if (s->status != RUN_OK || s->index == RUN_WARMUP ||
		    k > PLAN_MAX_REPEATS || seen[k])
			continue;
		seen[k] = 1;
		n++;
	}
	return n;
}

/*
 * Whether profile may judge runs from host (NULL: unknown, not checked;
 * force: another host's profile is taken anyway).  0 if it may, with
 * note set to what the verdicts must say of it ("" if nothing); -1 with
 * the reason if not: it is not a profile, another host's, or holds fewer
 * than 2 repeats (an interrupted calibrate), which show no spread.
 */
int
noise_check(const struct run *profile, const char *host, int force,
    char *note, size_t len, struct sm_error *err)
{
	const char	*kind = run_meta_get(profile, "kind");
	const char	*h = run_meta_get(profile, "hostname");
	const char	*st = run_meta_get(profile, "status");
	const char	*want = run_meta_get(profile, "repeats");
	int		 n = noise_repeats(profile);

	note[0] = '\0';
	if (kind == NULL || strcmp(kind, NOISE_KIND) != 0) {
		sm_error_set(err, "not a noise profile (sysmark calibrate "
		    "makes one) but %s", kind != NULL ? kind : "a plain run");
		return -1;
	}
	if (host != NULL && !force && (h == NULL || strcmp(h, host) != 0)) {
		sm_error_set(err, "the noise profile of host %s, and the runs "
		    "come from %s (-F uses it anyway)", h != NULL ? h :
		    "unknown", host);
		return -1;
	}
	if (n < 2) {
		sm_error_set(err, "a noise profile of %d repeat%s%s; at least "
		    "2 are needed to see how far runs stray", n, n == 1 ? "" :
		    "s", st != NULL && strcmp(st, "interrupted") == 0 ?
		    " (calibrate was interrupted)" : "");
		return -1;
	}
	if (st != NULL && strcmp(st, "interrupted") == 0)
		snprintf(note, len, "interrupted: %d of %s repeats", n,
		    want != NULL ? want : "?");
	return 0;
}

/*
 * Load the profile of the host all nrun runs come from into *profile
 * (initialised here), path set to its file and note to what must be said
 * of it (noise_check).  1 if there is one to use; 0 if none (different
 * hosts, no file); -1 if the host's file is there but cannot be used,
 * err saying why (corrupt, not a profile, too few repeats).
 */
int
noise_find(const char *self, const struct run *const *runs, size_t nrun,
    struct run *profile, char *path, size_t len, char *note, size_t nlen,
    struct sm_error *err)
{
	const char	*host = noise_host(runs, nrun);
	struct stat	 sb;

	run_init(profile);
	note[0] = '\0';
	if (host == NULL || noise_path(self, host, path, len, err) != 0 ||
	    stat(path, &sb) != 0)
		return 0;
	if (csvstore_load(profile, path, err) != 0 ||
	    noise_check(profile, host, 0, note, nlen, err) != 0) {
		run_free(profile);
		run_init(profile);
		return -1;
	}
	return 1;
}

/*
 * noise_find(), what must be said of the profile added to path in
 * parentheses, as every report names it.
 */
int
noise_find_noted(const char *self, const struct run *const *runs,
    size_t nrun, struct run *profile, char *path, size_t len,
    struct sm_error *err)
{
	char	note[128];
	int	found;

	found = noise_find(self, runs, nrun, profile, path, len, note,
	    sizeof note, err);
	if (found > 0 && note[0] != '\0')
		snprintf(path + strlen(path), len - strlen(path), " (%s)",
		    note);
	return found;
}

/*
 * Make plan a calibration: repeats repeats, gap seconds apart, or with a
 * negative gap spread over NOISE_SPAN seconds (no pause if they take
 * longer than that anyway).
 */
void
noise_plan(struct plan *plan, int repeats, double gap)
{
	double	once;

	plan->repeats = 1;
	plan->gap = 0;
	once = plan_estimate(plan);
	plan->repeats = repeats;
	plan->gap = gap >= 0 ? gap : fmax(0, (NOISE_SPAN - once * repeats) /
	    (repeats - 1));
}

/*
 * Make plan calibrate's, for the console and the command line alike: an
 * A/A run of repeats (0: NOISE_REPEATS) gap seconds apart (below 0:
 * spread over NOISE_SPAN), saved as this host's profile, whose path goes
 * into path.  0, or -1 with err.
 */
int
noise_calibration(struct plan *plan, const char *self, int repeats,
    double gap, char *path, size_t len, struct sm_error *err)
{
	char	host[256];

	sysinfo_hostname(host, sizeof host);
	if (noise_path(self, host, path, len, err) != 0)
		return -1;
	noise_plan(plan, repeats > 0 ? repeats : NOISE_REPEATS, gap);
	return 0;
}

/*
 * The window the profile's repeats covered (calibrate spreads them over
 * NOISE_SPAN, or -g apart): its spread speaks for sides taken up to that
 * far apart, and compare adds drift measured from saved runs past it
 * (doc/statistics.md, "Drift").
 */
double
noise_window(const struct run *profile)
{
	double	span = rundate_span(profile);

	return span >= 0 ? span : NOISE_SPAN;
}

static void
noise_window_note(const struct run *profile, struct table *t)
{
	double		 span = rundate_span(profile);
	const char	*from = run_meta_get(profile, "date"),
			*to = run_meta_get(profile, "date_end");

	if (span < 0) {
		table_add_note(t, "The window the repeats covered was not "
		    "recorded (a profile from before sysmark kept its end): "
		    "compare takes it as %.0f minutes.", NOISE_SPAN / 60);
		return;
	}
	table_add_note(t, "Window: the repeats covered %.*f %s, %s to %s.  "
	    "Their spread speaks for runs taken up to that far apart; for "
	    "sides further apart compare adds the drift it measures from "
	    "this host's saved runs at that gap, or says it could not "
	    "(calibrate -g spreads the repeats wider).", span < 120 ? 0 : 1,
	    span < 120 ? span : span / 60, span < 120 ? "seconds" : "minutes",
	    from, to);
}

/* The profile as a table: each test's within-, between-run and run CV. */
struct table *
noise_table(const struct run *profile)
{
	struct table		*t = table_new("HOST NOISE PROFILE");
	struct run_group	*g;
	struct estimate		 e;
	size_t			 ng, r;
	char			 f[32];

	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "REPEATS", TABLE_RIGHT);
	table_add_col(t, "SAMPLES", TABLE_RIGHT);
	table_add_col(t, "WITHIN CV", TABLE_RIGHT);
	table_add_col(t, "BETWEEN CV", TABLE_RIGHT);
	table_add_col(t, "RUN CV", TABLE_RIGHT);
	table_add_col(t, "FLAGS", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	ng = runset_union(&profile, 1, &g);
	for (size_t i = 0; i < ng; i++) {
		estimate_run(profile, &g[i], &e);
		if (e.n == 0)
			continue;
		r = table_add_row(t);
		runset_set_title(t, r, &profile, 1, &g[i], NULL);
		table_set(t, r, 1, "%zu", e.units);
		table_set(t, r, 2, "%zu", e.n);
		if (isfinite(e.within_cv))
			table_set(t, r, 3, "%.1f%%", 100 * e.within_cv);
		if (isfinite(e.between_cv))
			table_set(t, r, 4, "%.1f%%", 100 * e.between_cv);
		if (isfinite(e.unit_relvar))
			table_set(t, r, 5, "%.1f%%", 100 *
			    sqrt(e.unit_relvar));
		estimate_flags_str(&e, 0, f, sizeof f);
		table_set(t, r, 6, "%s", f);
	}
	free(g);
	table_add_note(t, "BETWEEN CV: the spread of the repeats' means "
	    "beyond what their samples' own spread explains.  RUN CV: the "
	    "spread of the repeats' means, both parts together; with one run "
	    "a side, compare takes each run's mean to stray as much.");
	table_add_note(t, "%s", estimate_flags_legend());
	noise_window_note(profile, t);
	return t;
}

/*
 * How old a profile may be, and how like today's host it must be, to
 * plan by (run --detect): a profile speaks for the host as it was when
 * calibrate ran, and its spread is the spread of runs then.  Past
 * NOISE_MAX_AGE a plan refuses it (kernels, firmware, neighbours on a
 * shared host change in that time), past NOISE_FRESH_AGE it warns; and
 * it warns when the load average now is far from the load then (over
 * 1.5 times it and one more, or under 1/1.5 of it and one less; at load
 * 13 then and 23-34 later, dhry2's runs spread 1.3 times the profile's
 * repeats, and compare reported 1.39 times the promise): other work's
 * share of the CPUs is the largest part of the spread of runs on a
 * shared host, so runs taken now would spread unlike the profile's
 * repeats (more: the plan promises a smaller change than compare will
 * report; less: a larger).  now in seconds since the epoch, load_now
 * negative if unknown.  0 if fresh, 1 with a warning in msg, 2 with the
 * reason to refuse.
 */
int
noise_stale(const struct run *profile, long long now, double load_now,
    char *msg, size_t len)
{
	long long	 made = rundate_parse(run_meta_get(profile, "date"));
	const char	*ls = run_meta_get(profile, "load_average");
	double		 then = -1, age = (double)(now - made);

	msg[0] = '\0';
	if (made < 0) {
		snprintf(msg, len, "the noise profile does not say when it "
		    "was made, so nothing says it still holds");
		return 1;
	}
	if (age > NOISE_MAX_AGE) {
		snprintf(msg, len, "the noise profile is %.0f days old, older "
		    "than the %.0f days a plan takes one: run sysmark "
		    "calibrate again", age / 86400, NOISE_MAX_AGE / 86400);
		return 2;
	}
	if (age > NOISE_FRESH_AGE) {
		snprintf(msg, len, "the noise profile is %.0f hours old; "
		    "past %.0f hours the host may have changed (calibrate "
		    "again for a promise that holds)", age / 3600,
		    NOISE_FRESH_AGE / 3600);
		return 1;
	}
	if (ls == NULL || sm_parse_double(ls, &then) != 0 || load_now < 0)
		return 0;
	if (load_now > 1.5 * then + 1 || load_now < then / 1.5 - 1) {
		snprintf(msg, len, "the load average is %.1f now and was %.1f "
		    "when the noise profile was made: runs taken now may "
		    "spread %s than its repeats did, and the comparisons "
		    "report a %s change than promised (calibrate again under "
		    "the load the runs will see)", load_now, then,
		    load_now > then ? "more" : "less", load_now > then ?
		    "larger" : "smaller");
		return 1;
	}
	return 0;
}

/*
 * The chi-square quantile at the normal quantile z with df degrees of
 * freedom, by Wilson and Hilferty's cube-root approximation (good to a
 * few percent from df 3).
 */
static double
noise_chisq(double df, double z)
{
	double	c = 2 / (9 * df), q = 1 - c + z * sqrt(c);

	return df * q * q * q;
}

/*
 * How far the change compare reports may lie from the one a plan
 * promised, by the profile's own uncertainty alone: its spread is
 * estimated on df degrees of freedom (repeats - 1), so the spread of
 * later runs is that times sqrt(df / chi-square(df)), and in 80% of
 * profiles the report lies between *lo and *hi times the promise.
 */
void
noise_promise_range(double df, double *lo, double *hi)
{
	const double	z = 1.2816;	/* the normal's 90% point */

	*lo = sqrt(df / noise_chisq(df, z));
	*hi = sqrt(df / noise_chisq(df, -z));
}

/*
 * The fewest repeats whose profile keeps that range within 1 -/+ within
 * (0.25: the report within 25% of the promise), at most PLAN_MAX_REPEATS.
 */
int
noise_repeats_for(double within)
{
	double	lo, hi;
	int	r;

	for (r = 3; r < PLAN_MAX_REPEATS; r++) {
		noise_promise_range(r - 1, &lo, &hi);
		if (lo >= 1 - within && hi <= 1 + within)
			break;
	}
	return r;
}
