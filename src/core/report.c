/*
 * A run as a report: the results table in the layout the BYTE reports
 * used ("System Call Overhead  2345678.9 lps (10 secs, 6 samples)"), with
 * the spread beside each figure: the half-width of the 95% confidence
 * interval of the mean ("+/- CI") and the coefficient of variation, both
 * relative to the mean.  `sysmark run` prints it as the run
 * ends and `sysmark show` prints it from the saved file; both call this,
 * so the two are identical by construction.
 *
 * Figures are estimate.c's: with run -R repeats, the mean of the repeat
 * means and an interval from their spread; warm-up samples are counted
 * apart, and the flags (trend, outliers, unfair copies, a busy machine,
 * a -C target missed) get a column when any figure has one.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

enum report_col {
	REPORT_TEST, REPORT_RESULT, REPORT_UNIT, REPORT_SAMPLES, REPORT_CI,
	REPORT_CV, REPORT_FLAGS
};

/* Append a formatted piece to a fixed buffer, truncating quietly. */
static void
report_cat(char *buf, size_t len, const char *fmt, const char *v)
{
	size_t	n = strlen(buf);

	if (v != NULL && n < len)
		snprintf(buf + n, len - n, fmt, v);
}

/*
 * What the run recorded of the CPU's clock (cpufreq.c) and its warning,
 * and of the user's hooks (hooks.c).
 */
static void
report_clock(const struct run *run, char *title, size_t len)
{
	char	line[600];

	cpufreq_head(run, line, sizeof line);
	if (line[0] != '\0')
		report_cat(title, len, "\n%s", line);
	report_cat(title, len, "\nWarning: %s",
	    run_meta_get(run, "cpu_warning"));
	hooks_head(run, line, sizeof line);
	if (line[0] != '\0')
		report_cat(title, len, "\n%s", line);
}

/*
 * The lines above the table, as the BYTE reports opened theirs; full
 * adds what the run recorded of the machine during it.
 */
static void
report_head(const struct run *run, struct table *t, int full)
{
	char	title[2048] = "";

	report_cat(title, sizeof title, "System -- %s",
	    run_meta_get(run, "hostname"));
	report_cat(title, sizeof title, ": %s", run_meta_get(run, "os"));
	report_cat(title, sizeof title, "\n%s",
	    run_meta_get(run, "cpu_model"));
	report_cat(title, sizeof title, ", %s CPUs", run_meta_get(run, "cpus"));
	report_cat(title, sizeof title, "\nStart Benchmark Run: %s",
	    run_meta_get(run, "date"));
	report_cat(title, sizeof title, "\nLoad average %s",
	    run_meta_get(run, "load_average"));
	report_cat(title, sizeof title, " (%s at the end)",
	    run_meta_get(run, "load_average_end"));
	report_cat(title, sizeof title, ", %s interactive users.",
	    run_meta_get(run, "users"));
	if (!full) {
		free(t->title);
		t->title = xstrdup(title);
		return;
	}
	report_cat(title, sizeof title, "\nCPU time stolen by the hypervisor: "
	    "%s%%", run_meta_get(run, "steal_percent"));
	report_cat(title, sizeof title, "\nFiles in %s",
	    run_meta_get(run, "tmpdir"));
	report_cat(title, sizeof title, ": %s",
	    run_meta_get(run, "tmpdir_fs"));
	report_cat(title, sizeof title, "\nWarning: %s",
	    run_meta_get(run, "idle_warning"));
	report_clock(run, title, sizeof title);
	free(t->title);
	t->title = xstrdup(title);
}

/* run -C's target for each test, a fraction; 0: none, or the index's. */
static double
report_target(const struct run *run)
{
	return run_meta_get(run, "target_index") != NULL ? 0 :
	    run_target(run);
}

/* What run -C aimed at, and what C marks. */
static void
report_target_note(const struct run *run, struct table *t)
{
	const char	*cap = run_meta_get(run, "time_cap");
	const char	*index = run_meta_get(run, "target_index");

	if (run_target(run) <= 0)
		return;
	if (index != NULL)
		table_add_note(t, "run -C %g%% aimed at the %s index: each "
		    "sample past -n went to the test that shrinks the index's "
		    "95%% interval most, until it was within %g%% or the time "
		    "cap (%s s); INDEX VALUES (-b %s) says which.",
		    100 * run_target(run), index, 100 * run_target(run),
		    cap != NULL ? cap : "?", index);
	else
		table_add_note(t, "run -C %g%%: C marks a test whose 95%% "
		    "interval did not get within it before the time cap (%s "
		    "s).", 100 * run_target(run), cap != NULL ? cap : "?");
}

/*
 * "(10 secs, 6 samples)", BYTE's words; with repeats "(10 secs, 3 x 6)",
 * repeats x samples in each, short enough to leave the titles room.
 */
static void
report_samples(const struct estimate *e, double duration, char *buf,
    size_t len)
{
	char	secs[40] = "", reps[48] = "", fail[32] = "";

	if (duration > 0)
		snprintf(secs, sizeof secs, "%g sec%s, ", duration,
		    duration == 1 ? "" : "s");
	if (e->units > 1 && e->n % e->units == 0)
		snprintf(reps, sizeof reps, "%zu x %zu", e->units,
		    e->n / e->units);
	else
		snprintf(reps, sizeof reps, "%zu sample%s", e->n,
		    e->n == 1 ? "" : "s");
	if (e->failed > 0)
		snprintf(fail, sizeof fail, ", %zu failed", e->failed);
	snprintf(buf, len, "(%s%s%s)", secs, reps, fail);
}

static void
report_row(const struct run *run, const struct run_group *g,
    struct table *t)
{
	struct estimate	 e;
	double		 duration = 0;
	size_t		 n, failed, r;
	const char	*unit = "";
	char		 buf[64], samples[160];

	estimate_run(run, g, &e);
	n = e.n;
	failed = e.failed;
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->copies == g->copies && strcmp(s->test, g->test) == 0) {
			unit = s->unit;
			duration = s->duration;
		}
	}
	r = table_add_row(t);
	runset_set_title(t, r, &run, 1, g, NULL);
	if (n == 0 && failed == 0)
		table_set(t, r, REPORT_RESULT, "SKIPPED");
	else if (n == 0)
		table_set(t, r, REPORT_RESULT, "FAILED");
	else {
		label_value(e.mean, buf, sizeof buf);
		table_set(t, r, REPORT_RESULT, "%s", buf);
		table_set(t, r, REPORT_UNIT, "%s", unit);
	}
	report_samples(&e, duration, samples, sizeof samples);
	table_set(t, r, REPORT_SAMPLES, "%s", samples);
	if (n >= 2 && isfinite(estimate_ci(&e, 0.05))) {
		table_set(t, r, REPORT_CI, "%.1f%%", 100 * estimate_ci(&e,
		    0.05));
		table_set(t, r, REPORT_CV, "%.1f%%", 100 * e.within_cv);
	}
	if (estimate_flags_str(&e, report_target(run), buf, sizeof buf) == 0)
		return;
	if (t->ncols > REPORT_FLAGS)
		table_set(t, r, REPORT_FLAGS, "%s", buf);
}

/*
 * The groups in the order the run took them, or for interleaved rounds,
 * whose order is shuffled, in the catalog's.
 */
static size_t
report_groups(const struct run *run, struct run_group **g)
{
	const char	*order = run_meta_get(run, "order");

	if (order != NULL && strcmp(order, "interleaved") == 0)
		return runset_union(&run, 1, g);
	return run_groups(run, g);
}

/* Does the run hold warm-up samples? */
static int
report_warmups(const struct run *run)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].index == RUN_WARMUP)
			return 1;
	return 0;
}

/* Does any figure of the run carry a flag? */
static int
report_flagged(const struct run *run, const struct run_group *g, size_t ng)
{
	struct estimate	e;
	char		f[32];

	for (size_t i = 0; i < ng; i++) {
		estimate_run(run, &g[i], &e);
		if (estimate_flags_str(&e, report_target(run), f, sizeof f))
			return 1;
	}
	return 0;
}

/* A resumed run: each gap (resume.c), and what G marks. */
static void
report_resumed(const struct run *run, struct table *t)
{
	const char	*v;
	char		 key[32];
	long		 n;

	if ((v = run_meta_get(run, "resumed")) == NULL ||
	    sm_parse_int(v, 1, INT32_MAX, &n) != 0)
		return;
	for (long i = 1; i <= n; i++) {
		snprintf(key, sizeof key, "gap.%ld", i);
		if ((v = run_meta_get(run, key)) != NULL)
			table_add_note(t, "Resumed (%ld): %s.", i, v);
	}
	table_add_note(t, "%s", estimate_gap_legend());
}

static void
report_failures(const struct run *run, struct table *t)
{
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->status == RUN_OK)
			continue;
		if (s->status == RUN_SKIPPED) {
			table_add_note(t, "%s skipped: %s", s->test, s->reason);
			continue;
		}
		table_add_note(t, "%s, %d %s, sample %d failed: %s", s->test,
		    s->copies, s->copies == 1 ? "copy" : "copies", s->index,
		    s->reason[0] != '\0' ? s->reason : "no reason recorded");
	}
}

/*
 * The results table of a run; the caller frees it.  full (the CLI, which
 * wraps long titles) adds the flags column and what the run recorded of
 * the machine; the console, with its narrow columns and its own idle
 * warning, shows the table without them.
 */
struct table *
report_results(const struct run *run, int full)
{
	struct table		*t = table_new(NULL);
	struct run_group	*g;
	size_t			 ng;
	int			 flagged;

	report_head(run, t, full);
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "RESULT", TABLE_RIGHT);
	table_add_col(t, "UNIT", TABLE_LEFT);
	table_add_col(t, "SAMPLES", TABLE_LEFT);
	table_add_col(t, "+/- CI", TABLE_RIGHT);
	table_add_col(t, "CV", TABLE_RIGHT);
	ng = report_groups(run, &g);
	flagged = report_flagged(run, g, ng);
	if (flagged && full)
		table_add_col(t, "FLAGS", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, REPORT_TEST);
	for (size_t i = 0; i < ng; i++)
		report_row(run, &g[i], t);
	report_failures(run, t);
	if (flagged && full)
		table_add_note(t, "%s", estimate_flags_legend());
	if (full)
		report_resumed(run, t);
	if (report_warmups(run) && full)
		table_add_note(t, "Warm-up: each test's first sample (in each "
		    "repeat) was taken and saved, and is left out of these "
		    "figures.");
	report_target_note(run, t);
	if (ng > 0 && run_meta_get(run, "repeats") != NULL &&
	    strcmp(run_meta_get(run, "repeats"), "1") != 0)
		table_add_note(t, "With repeats, RESULT is the mean of the "
		    "repeats' means and +/- CI comes from their spread; CV is "
		    "the spread within a repeat; SAMPLES: (seconds, repeats x "
		    "samples).");
	free(g);
	return t;
}

static void
report_stats_row(const struct run *run, const struct run_group *g,
    struct table *t)
{
	const double	*fig[6];
	struct stats	 st;
	size_t		 r;
	char		 buf[64];

	run_group_stats(run, g, &st);
	r = table_add_row(t);
	if (g->copies > 1)
		table_set(t, r, 0, "%s x%d", g->test, g->copies);
	else
		table_set(t, r, 0, "%s", g->test);
	table_set(t, r, 1, "%zu", st.n);
	fig[0] = &st.mean;
	fig[1] = &st.median;
	fig[2] = &st.min;
	fig[3] = &st.max;
	fig[4] = &st.sd;
	for (size_t i = 0; i < 5; i++) {
		label_value(*fig[i], buf, sizeof buf);
		table_set(t, r, 2 + i, "%s", buf);
	}
	if (!isnan(st.cv))
		table_set(t, r, 7, "%.1f%%", 100 * st.cv);
}

/*
 * Every statistic of every (test, copies) group: what the results table
 * summarises as a mean, a CI and a CV.  Failed samples are left out.
 */
struct table *
report_stats(const struct run *run)
{
	static const char *const cols[] = {
		"TEST", "N", "MEAN", "MEDIAN", "MIN", "MAX", "SD", "CV",
	};
	struct table		*t = table_new(NULL);
	struct run_group	*g;
	size_t			 ng;

	for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
		table_add_col(t, cols[c], c == 0 ? TABLE_LEFT : TABLE_RIGHT);
	ng = run_groups(run, &g);
	for (size_t i = 0; i < ng; i++)
		report_stats_row(run, &g[i], t);
	free(g);
	return t;
}
