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

#include "report.h"

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
	report_cat(title, sizeof title, "\nLabel: %s",
	    run_meta_get(run, "label"));
	report_cat(title, sizeof title, "\nCommit: %s",
	    run_meta_get(run, "commit"));
	report_cat(title, sizeof title, "\nNote: %s",
	    run_meta_get(run, "note"));
	if (!full) {
		table_set_title(t, title);
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
	table_set_title(t, title);
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
 * The fewest and most counted samples in one repeat of group g (equal
 * unless the run was interrupted mid-repeat).
 */
static void
report_rep_range(const struct run *run, const struct run_group *g,
    size_t *lo, size_t *hi)
{
	size_t	count[PLAN_MAX_REPEATS + 1] = { 0 };

	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample	*s = &run->samples[i];
		int			 k = s->repeat > 0 ? s->repeat : 1;

		if (s->copies == g->copies && strcmp(s->test, g->test) == 0 &&
		    s->status == RUN_OK && s->index != RUN_WARMUP &&
		    k <= PLAN_MAX_REPEATS)
			count[k]++;
	}
	*lo = *hi = 0;
	for (size_t k = 1; k <= PLAN_MAX_REPEATS; k++) {
		if (count[k] == 0)
			continue;
		if (*lo == 0 || count[k] < *lo)
			*lo = count[k];
		if (count[k] > *hi)
			*hi = count[k];
	}
}

/*
 * The SAMPLES cell: (1 sec, 10 samples), or with repeats (1 sec, 3 x 10),
 * repeats x samples in each, short enough to leave the titles room; a
 * repeat cut short by an interruption shows as a range (3 x 1-2).
 */
static void
report_samples(const struct run *run, const struct run_group *g,
    const struct estimate *e, double duration, char *buf, size_t len)
{
	char	secs[40] = "", reps[64] = "", fail[32] = "";
	size_t	lo, hi;

	report_rep_range(run, g, &lo, &hi);
	if (duration > 0)
		snprintf(secs, sizeof secs, "%g sec%s, ", duration,
		    duration == 1 ? "" : "s");
	if (e->units > 1 && lo == hi)
		snprintf(reps, sizeof reps, "%zu x %zu", e->units, lo);
	else if (e->units > 1)
		snprintf(reps, sizeof reps, "%zu x %zu-%zu", e->units, lo, hi);
	else
		snprintf(reps, sizeof reps, "%zu sample%s", e->n,
		    e->n == 1 ? "" : "s");
	if (e->failed > 0)
		snprintf(fail, sizeof fail, ", %zu failed", e->failed);
	snprintf(buf, len, "(%s%s%s)", secs, reps, fail);
}

/*
 * Whether the runner said it skipped g (a sample with that status): only
 * then is a test without figures SKIPPED, never for having had nothing
 * but its warm-up so far.
 */
static int
report_skipped(const struct run *run, const struct run_group *g)
{
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->status == RUN_SKIPPED && s->copies == g->copies &&
		    strcmp(s->test, g->test) == 0)
			return 1;
	}
	return 0;
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
	if (n == 0 && report_skipped(run, g))
		table_set(t, r, REPORT_RESULT, "SKIPPED");
	else if (n == 0 && failed > 0)
		table_set(t, r, REPORT_RESULT, "FAILED");
	else if (n == 0)	/* a run going on, or stopped, after it */
		table_set(t, r, REPORT_RESULT, "warm-up only");
	else {
		label_value(e.mean, buf, sizeof buf);
		table_set(t, r, REPORT_RESULT, "%s", buf);
		table_set(t, r, REPORT_UNIT, "%s", unit);
	}
	report_samples(run, g, &e, duration, samples, sizeof samples);
	table_set(t, r, REPORT_SAMPLES, "%s", samples);
	if (n >= 2 && isfinite(estimate_ci(&e, 0.05))) {
		table_set(t, r, REPORT_CI, "%.1f%%", 100 * estimate_ci(&e,
		    0.05));
		/* One sample a repeat has no spread within a repeat. */
		if (isfinite(e.within_cv))
			table_set(t, r, REPORT_CV, "%.1f%%", 100 *
			    e.within_cv);
		else
			table_set(t, r, REPORT_CV, "-");
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

/* An interrupted run says so, and how far its repeats got. */
static void
report_interrupted(const struct run *run, struct table *t)
{
	const char	*st = run_meta_get(run, "status");
	const char	*want = run_meta_get(run, "repeats");
	int		 last = 0;

	if (st == NULL || strcmp(st, "interrupted") != 0)
		return;
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].repeat > last)
			last = run->samples[i].repeat;
	if (want != NULL && strcmp(want, "1") != 0 && last > 0)
		table_add_note(t, "Interrupted: the run was stopped in repeat "
		    "%d of %s; what it had not reached is missing, and the "
		    "last repeat may be short.", last, want);
	else
		table_add_note(t, "Interrupted: the run was stopped before "
		    "its end; what it had not reached is missing.");
}

/*
 * Which command tests ran without a shell and which through /bin/sh -c
 * (its start-up subtracted), as the run recorded (command_shell.ID).
 */
static void
report_commands_note(const struct run *run, struct table *t)
{
	static const char	 key[] = "command_shell.";
	struct sbuf		 how[2];
	const char		*id;
	int			 sh;

	sbuf_init(&how[0]);
	sbuf_init(&how[1]);
	for (size_t i = 0; i < run->nmeta; i++) {
		if (strncmp(run->meta[i].key, key, sizeof key - 1) != 0)
			continue;
		id = run->meta[i].key + sizeof key - 1;
		sh = strcmp(run->meta[i].value, "no shell") != 0;
		sbuf_puts(&how[sh], how[sh].len > 0 ? ", " : "");
		sbuf_puts(&how[sh], id);
	}
	if (how[0].len > 0)
		table_add_note(t, "Run directly, no shell: %s.", how[0].s);
	if (how[1].len > 0)
		table_add_note(t, "Run through /bin/sh -c, its start-up "
		    "measured and subtracted: %s.", how[1].s);
	sbuf_free(&how[0]);
	sbuf_free(&how[1]);
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
	if (flagged && full) {
		table_add_col(t, "FLAGS", TABLE_LEFT);
		table_yield(t, REPORT_FLAGS);
	}
	table_fit(t, TABLE_TEXT_WIDTH, REPORT_TEST);
	for (size_t i = 0; i < ng; i++)
		report_row(run, &g[i], t);
	report_interrupted(run, t);
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
	if (full) {
		report_commands_note(run, t);
		report_execs(run, g, ng, t);
	}
	report_relative(run, t);
	if (run_meta_get(run, "processes_ended") != NULL)
		table_add_note(t, "Left running: sysmark ended %s processes "
		    "the tests started and left behind after their samples "
		    "(a command's background jobs, or ones that left its "
		    "process group).", run_meta_get(run, "processes_ended"));
	if (ng > 0 && run_meta_get(run, "repeats") != NULL &&
	    strcmp(run_meta_get(run, "repeats"), "1") != 0)
		table_add_note(t, "With repeats, RESULT is the mean of the "
		    "repeats' means and +/- CI comes from their spread; CV is "
		    "the spread within a repeat (-: one sample a repeat has "
		    "none); SAMPLES: (seconds, repeats x samples, a range where "
		    "an interruption cut the last repeat short).");
	free(g);
	return t;
}

/*
 * The copies every row was measured at, when all share one value over 1
 * (its key ends " xN"), with the title suffix that says so; else 0.
 */
static int
report_same_copies(const struct table *t, char *suffix, size_t len)
{
	int		 copies = 0, n;
	const char	*x;

	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section)
			continue;
		x = t->rows[r].key != NULL ? strrchr(t->rows[r].key, 'x') :
		    NULL;
		n = x != NULL && x > t->rows[r].key && x[-1] == ' ' ?
		    atoi(x + 1) : 1;
		if (n < 2 || (copies != 0 && n != copies))
			return 0;
		copies = n;
	}
	snprintf(suffix, len, " (%d copies)", copies);
	return copies;
}

/* Take the shared " (N copies)" off every title; say it in said. */
static void
report_fold_copies(struct table *t, char *said, size_t len)
{
	char	suffix[32];
	size_t	n, k;
	int	copies;

	if ((copies = report_same_copies(t, suffix, sizeof suffix)) == 0)
		return;
	k = strlen(suffix);
	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section)
			continue;
		n = strlen(t->rows[r].cells[0]);
		if (n <= k || strcmp(t->rows[r].cells[0] + n - k, suffix) != 0)
			return;
	}
	for (size_t r = 0; r < t->nrows; r++)
		if (!t->rows[r].section)
			t->rows[r].cells[0][strlen(t->rows[r].cells[0]) - k] =
			    '\0';
	snprintf(said, len, "%d copies at once", copies);
}

/*
 * Drop the SAMPLES column when every row holds the same cell, or one of
 * two that differ only in that the tests timed in calibrated batches
 * (lmbench's, whose sample -d does not set) say no seconds: say it in
 * said.  Any other difference (a failure, repeats cut short) keeps it.
 */
static void
report_fold_col(struct table *t, const char *header, char *said, size_t len)
{
	const char	*timed = NULL, *cal = NULL, **slot, *cell;
	size_t		 c, n = strlen(said);

	for (c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].header, header) == 0)
			break;
	if (c == t->ncols)
		return;
	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section)
			continue;
		cell = t->rows[r].cells[c];
		slot = strstr(cell, " sec") != NULL ? &timed : &cal;
		if (*slot != NULL && strcmp(*slot, cell) != 0)
			return;
		*slot = cell;
	}
	if ((timed == NULL || *timed == '\0') && (cal == NULL || *cal == '\0'))
		return;
	if (timed != NULL && cal != NULL)
		snprintf(said + n, len - n, "%s%s; calibrated: %s",
		    n > 0 ? ", " : "", timed, cal);
	else
		snprintf(said + n, len - n, "%s%s", n > 0 ? ", " : "",
		    timed != NULL ? timed : cal);
	table_drop_col(t, c);
}

/*
 * When every test was measured alike (the same copies, seconds and
 * samples, none failed), say so once above the table, taking the copies
 * off the titles and dropping the SAMPLES column, so the titles keep one
 * line at 80 columns, as BYTE's reports kept them.  For text and the
 * console; csv keeps every column for scripts.
 */
void
report_fold_samples(struct table *t)
{
	char	said[256] = "", *title;
	size_t	len;

	report_fold_copies(t, said, sizeof said);
	report_fold_col(t, "SAMPLES", said, sizeof said);
	if (said[0] == '\0')
		return;
	len = strlen(t->title) + strlen(said) + 16;
	title = xmalloc(len);
	snprintf(title, len, "%s%sEvery test: %s", t->title,
	    t->title[0] != '\0' ? "\n" : "", said);
	table_set_title(t, title);
	free(title);
}

/*
 * The group's counted samples' mean user and system CPU seconds and
 * their largest peak RSS (wait4's, the copies and what they ran), in
 * columns col.. of row r; blank where no sample holds them (an older or
 * imported run).
 */
static void
report_stats_rusage(const struct run *run, const struct run_group *g,
    struct table *t, size_t r, size_t col)
{
	double	user = 0, sys = 0, rss = 0;
	size_t	n = 0;

	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->status != RUN_OK || s->index == RUN_WARMUP ||
		    s->copies != g->copies || strcmp(s->test, g->test) != 0 ||
		    !isfinite(s->user_s) || !isfinite(s->sys_s))
			continue;
		user += s->user_s;
		sys += s->sys_s;
		if (isfinite(s->maxrss_kb) && s->maxrss_kb > rss)
			rss = s->maxrss_kb;
		n++;
	}
	if (n == 0)
		return;
	table_set(t, r, col, "%.3f", user / (double)n);
	table_set(t, r, col + 1, "%.3f", sys / (double)n);
	table_set(t, r, col + 2, "%.1f", rss / 1024);
}

static void
report_stats_row(const struct run *run, const struct run_group *g,
    struct table *t, int rusage)
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
	if (rusage)
		report_stats_rusage(run, g, t, r, 8);
}

/* Whether any sample holds its CPU time (runs before format 4 do not). */
static int
report_has_rusage(const struct run *run)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (isfinite(run->samples[i].user_s))
			return 1;
	return 0;
}

/*
 * Every statistic of every (test, copies) group: what the results table
 * summarises as a mean, a CI and a CV, and what a sample cost the
 * machine (CPU seconds, peak memory; only for runs that hold them).
 * Failed samples are left out.
 */
struct table *
report_stats(const struct run *run)
{
	static const char *const cols[] = {
		"TEST", "N", "MEAN", "MEDIAN", "MIN", "MAX", "SD", "CV",
		"USER S", "SYS S", "RSS MB",
	};
	struct table		*t = table_new(NULL);
	struct run_group	*g;
	size_t			 ng, ncol = sizeof cols / sizeof cols[0];
	int			 rusage = report_has_rusage(run);

	for (size_t c = 0; c < (rusage ? ncol : ncol - 3); c++)
		table_add_col(t, cols[c], c == 0 ? TABLE_LEFT : TABLE_RIGHT);
	ng = run_groups(run, &g);
	for (size_t i = 0; i < ng; i++)
		report_stats_row(run, &g[i], t, rusage);
	free(g);
	return t;
}
