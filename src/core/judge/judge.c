/*
 * The verdict on one (test, copies) group of two sides of runs: both
 * estimates (estimate.c), the rule they are judged by (alpha, the
 * practical size -e, how far the host noise profile's repeats strayed, and
 * with neither repeats nor a profile the conservative per-group floor)
 * and signif.c's test.  compare.c's side-by-side table and bmdiff.c's
 * ranked report both judge through judge_group(), so they cannot
 * disagree on a figure.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"

/*
 * With one run a side and no host profile, the samples of one run say
 * nothing of how far the next run will land, so a change must also
 * exceed these floors: 2.8 times (1.96 x sqrt 2: the 95% bound on the
 * difference of two runs) the between-run CV measured for each group on
 * a shared 2-vCPU VM (nine repeats of 10 one-second samples, load 1-2.4,
 * November 2026): CPU 5-7%, System 5%, IPC 6-7%, Process 24-26%, File
 * 6%, lmbench's system calls 9-12%, rounded up.  Programs (shells, dc,
 * cc: process creation plus work) was not measured and sits between CPU
 * and Process.  Conservative by design; a profile or repeats replace
 * them with this host's own figures.
 */
static const struct {
	const char	*group;
	double		 floor;
} judge_floors[] = {
	{ "CPU", 0.20 },
	{ "System", 0.15 },
	{ "IPC", 0.20 },
	{ "Programs", 0.40 },
	{ "Process", 0.75 },
	{ "File", 0.20 },
};
#define JUDGE_FLOOR_OTHER	0.35

/* The default floor for a test's group (see judge_floors). */
double
judge_floor(const char *test)
{
	const struct bench	*b = registry_find(test);

	for (size_t i = 0; b != NULL &&
	    i < sizeof judge_floors / sizeof judge_floors[0]; i++)
		if (strcmp(b->group, judge_floors[i].group) == 0)
			return judge_floors[i].floor;
	return JUDGE_FLOOR_OTHER;
}

/* The floors as the notes print them: "CPU 20%, ..., others 35%". */
void
judge_floors_str(char *buf, size_t len)
{
	size_t	n = sizeof judge_floors / sizeof judge_floors[0], at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s %.0f%%, ",
		    judge_floors[i].group, 100 * judge_floors[i].floor);
	if (at < len)
		snprintf(buf + at, len - at, "others %.0f%%",
		    100 * JUDGE_FLOOR_OTHER);
}

/*
 * How far one repeat's mean of group g strayed in the host profile: its
 * relative variance (var(mean) x repeats), df, and the part of it its
 * samples' own spread explains; NaN if none.
 */
void
judge_profile(const struct run *profile, const struct run_group *g,
    struct signif_rule *r)
{
	struct estimate	e;

	r->noise_relvar = r->noise_df = NAN;
	r->noise_within = 0;
	if (profile == NULL)
		return;
	estimate_run(profile, g, &e);
	if (e.units < 2 || !isfinite(e.unit_relvar))
		return;
	/* calibrate spreads its repeats apart: each counts alone. */
	r->noise_relvar = e.unit_relvar;
	r->noise_df = (double)(e.units - 1);
	r->noise_within = isfinite(e.within_cv) ? e.within_cv * e.within_cv *
	    (double)e.units / (double)e.n : 0;
}

/* Both sides' estimates of group g and the rule, but its profile. */
static void
judge_start(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, struct estimate *ea, struct estimate *eb,
    struct signif_rule *r)
{
	estimate_group(a->runs, a->nrun, g, ea);
	estimate_group(b->runs, b->nrun, g, eb);
	r->dir = dir;
	r->alpha = o->alpha;
	r->min_effect = o->min_effect;
	r->floor = judge_floor(g->test);
}

/*
 * judge_profile() for judging run's group g: none when the profile
 * measured another version of the test, whose spread is another test's.
 */
void
judge_profile_for(const struct run *profile, const struct run *run,
    const struct run_group *g, struct signif_rule *r)
{
	judge_profile(profile, g, r);
	if (profile != NULL && runset_version_differs(runset_version(profile,
	    g), runset_version(run, g)))
		r->noise_relvar = r->noise_df = NAN;
}

/* Judge group g of side b against side a: a signif with its verdict. */
void
judge_group(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, struct signif *s)
{
	struct estimate		ea, eb;
	struct signif_rule	r;

	if (duet_sides(a, b)) {
		judge_duet(a, b, g, dir, o, s);
		return;
	}
	judge_start(a, b, g, dir, o, &ea, &eb, &r);
	judge_profile_for(o->profile, a->runs[0], g, &r);
	signif_judge(&ea, &eb, &r, s);
	judge_drift(o, g->test, &r, s);
}

/*
 * The part of d a line judged at level adds: one run a side on its
 * samples holds no run-to-run spread, so all of it at the gap beyond
 * the samples; runs, repeats or a profile hold the back-to-back part.
 */
static double
judge_drift_var(const struct compare_drift *d, enum signif_level level)
{
	return level == SIGNIF_LEVEL_SAMPLES ? d->var_one : d->var;
}

/*
 * Sides taken o->gap seconds apart: the host's drift at that gap, where
 * it was measured for test, widens s (signif_widen()).
 */
void
judge_drift(const struct compare_opts *o, const char *test,
    const struct signif_rule *r, struct signif *s)
{
	for (size_t i = 0; o->gap > 0 && i < o->ndrift; i++)
		if (strcmp(o->drift[i].test, test) == 0 &&
		    isfinite(o->drift[i].var))
			signif_widen(s, judge_drift_var(&o->drift[i],
			    s->level), o->drift[i].df, r);
}

/*
 * What the drift term was, in words: the gap, and for how many tests it
 * was measured (with the largest spread it added to a line judged at
 * level) and not; "" when the sides were no further apart than their
 * basis covers.
 */
void
judge_drift_str(const struct compare_opts *o, enum signif_level level,
    char *buf, size_t len)
{
	size_t	meas = 0, not = 0;
	double	most = 0;

	buf[0] = '\0';
	if (!(o->gap > 0))
		return;
	for (size_t i = 0; i < o->ndrift; i++)
		if (isfinite(o->drift[i].var)) {
			meas++;
			most = fmax(most, sqrt(judge_drift_var(&o->drift[i],
			    level)));
		} else
			not++;
	if (meas > 0)
		snprintf(buf, len, "Sides %.0f min apart: the host's drift at "
		    "that gap, measured from its saved runs (the variogram of "
		    "their differences, doc/statistics.md), is in the basis of "
		    "%zu test%s (up to %.1f%% added spread)%s", o->gap / 60,
		    meas, meas == 1 ? "" : "s", 100 * most, not > 0 ? "; " :
		    ".");
	else
		snprintf(buf, len, "Sides %.0f min apart: ", o->gap / 60);
	if (not > 0 || meas == 0)
		snprintf(buf + strlen(buf), len - strlen(buf), "drift was not "
		    "measured for %zu test%s (under %d pairs of this host's "
		    "saved runs that far apart): their verdicts assume the "
		    "host held still.", not, not == 1 ? "" : "s",
		    DRIFT_MIN_PAIRS);
}

/* judge_drift_str() as a note of t. */
void
judge_drift_note(const struct compare_opts *o, enum signif_level level,
    struct table *t)
{
	char	buf[512];

	judge_drift_str(o, level, buf, sizeof buf);
	if (buf[0] != '\0')
		table_add_note(t, "%s", buf);
}

/*
 * judge_group() for two hosts with a noise profile each (a fleet): each
 * side's mean strays as its own host's repeats did, so the variance of
 * the ratio is the sum of the two, which the profile rule (twice one
 * relative variance) gets from their mean; the fewer df of the two.
 * Without both profiles the hosts are judged as judge_group() would.
 */
void
judge_hosts(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, const struct run *pa,
    const struct run *pb, struct signif *s)
{
	struct estimate		ea, eb;
	struct signif_rule	r, rb;

	judge_start(a, b, g, dir, o, &ea, &eb, &r);
	judge_profile(pa, g, &r);
	judge_profile(pb, g, &rb);
	if (isfinite(r.noise_relvar) && isfinite(rb.noise_relvar)) {
		r.noise_relvar = (r.noise_relvar + rb.noise_relvar) / 2;
		r.noise_df = fmin(r.noise_df, rb.noise_df);
		r.noise_within = (r.noise_within + rb.noise_within) / 2;
	} else
		r.noise_relvar = r.noise_df = NAN;
	signif_judge(&ea, &eb, &r, s);
}
