/*
 * The index: a run scored against a baseline the way the suite the
 * baseline belongs to scores it.  The baseline's meta "index" says how:
 *
 *   byte       BYTE 3.11: per test result / baseline; SUM and AVERAGE
 *              (the arithmetic mean) over the tests (seed 004)
 *   unixbench  UnixBench 5: per test result / baseline x 10; the score is
 *              the geometric mean, one per copies value; a "Partial Index"
 *              when only some of the tests ran
 *   rank       a published table of machines (IOCALL, seed 000): the run
 *              is placed among them by the table's own figure
 *
 * index_compute() gives the numbers (the console draws a bar per test
 * from them); index_table() lays them out as the INDEX VALUES table.
 * Sums and means use the unrounded indexes, as the suites did.
 *
 * Each index carries a 95% interval, propagated from its tests' (their
 * relative variances, estimate.c, with Welch-Satterthwaite degrees of
 * freedom): for the AVERAGE, Var = sum(index_i^2 relvar_i) / m^2; for the
 * geometric mean, Var(log score) = sum(relvar_i) / m^2.  A run with a
 * single figure per test (an import) has none.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

enum index_col {
	INDEX_TEST, INDEX_BASELINE, INDEX_RESULT, INDEX_INDEX, INDEX_CI,
	INDEX_BASIS
};

static void	index_totalize(struct index_score *);

static const char *const index_basis_names[] = { "", "samples", "profile",
    "repeats" };

/* How a baseline scores a run (its meta "index"; byte by default). */
enum index_method
index_method(const struct run *base)
{
	const char	*m = run_meta_get(base, "index");

	if (m != NULL && strcmp(m, "unixbench") == 0)
		return INDEX_UNIXBENCH;
	if (m != NULL && strcmp(m, "rank") == 0)
		return INDEX_RANK;
	return INDEX_BYTE;
}

/*
 * A line's result: the mean of its samples, the variance of that mean
 * and what it rests on.  With repeats, the spread of their means; with
 * one run and a host profile, the run's mean is taken to stray as far
 * as one of the profile's repeat means did, plus what its own samples
 * spread beyond the profile's (the rule compare judges one run a side
 * by, judge.c), with the profile's degrees of freedom; else the samples
 * alone, which miss how far the next run lands.
 */
static void
index_result(const struct run *run, const char *test, int copies,
    const struct run *profile, struct index_line *l)
{
	struct run_group	g = { test, copies };
	struct estimate		e;
	struct signif_rule	r;

	estimate_run(run, &g, &e);
	l->result = e.mean;
	l->relvar = e.relvar;
	l->df = e.df;
	l->n = e.n;
	l->fixed = 0;
	l->basis = e.units >= 2 ? INDEX_BASIS_REPEATS : isfinite(e.relvar) ?
	    INDEX_BASIS_SAMPLES : INDEX_BASIS_NONE;
	if (l->basis != INDEX_BASIS_SAMPLES)
		return;
	judge_profile_for(profile, run, &g, &r);
	if (!isfinite(r.noise_relvar))
		return;
	l->basis = INDEX_BASIS_PROFILE;
	l->fixed = r.noise_relvar;
	l->relvar = r.noise_relvar + fmax(e.relvar - r.noise_within, 0);
	l->df = r.noise_df;
}

/*
 * The score's 95% interval, relative, from its lines' variances (NaN if
 * any lacks one); fixed: only the parts more samples cannot shrink.
 */
static double
index_propagate(const struct index_score *sc, int fixed)
{
	double	var = 0, den = 0, v, m = (double)sc->nresults;

	if (sc->nresults == 0)
		return NAN;
	for (size_t i = 0; i < sc->nlines; i++) {
		const struct index_line *l = &sc->lines[i];

		if (isnan(l->index))
			continue;
		if (!isfinite(l->relvar) || !(l->df > 0))
			return NAN;
		v = (fixed ? l->fixed : l->relvar) / (m * m);
		if (sc->method != INDEX_UNIXBENCH)
			v *= l->index * l->index / (sc->score * sc->score);
		var += v;
		den += v * v / l->df;
	}
	if (var == 0)
		return 0;
	return tdist_critical(0.05, var * var / den) * sqrt(var);
}

static void
index_interval(struct index_score *sc)
{
	sc->ci = index_propagate(sc, 0);
	sc->ci_fixed = index_propagate(sc, 1);
}

/*
 * Score run's copies-copy results against base.  Every baseline test is a
 * line; result and index are NaN where the run has no figure.
 */
void
index_compute(const struct run *run, const struct run *base, int copies,
    struct index_score *sc)
{
	index_compute_noise(run, base, copies, NULL, sc);
}

/* index_compute() with the host noise profile (NULL: none). */
void
index_compute_noise(const struct run *run, const struct run *base,
    int copies, const struct run *profile, struct index_score *sc)
{
	struct run_group	*g;
	size_t			 ng;

	memset(sc, 0, sizeof *sc);
	sc->method = index_method(base);
	sc->copies = copies;
	ng = run_groups(base, &g);
	sc->lines = xcalloc(ng + 1, sizeof *sc->lines);
	for (size_t i = 0; i < ng; i++) {
		struct index_line *l = &sc->lines[sc->nlines];

		if (g[i].copies != 1)
			continue;
		snprintf(l->test, sizeof l->test, "%s", g[i].test);
		l->baseline = runset_figure(base, g[i].test, 1);
		index_result(run, g[i].test, copies, profile, l);
		l->index = l->result / l->baseline;
		if (sc->method == INDEX_UNIXBENCH)
			l->index *= 10;
		sc->nlines++;
	}
	free(g);
	index_totalize(sc);
}

/* The score from its lines: count, sum, AVERAGE or geometric mean, CI. */
static void
index_totalize(struct index_score *sc)
{
	double	logsum = 0;

	sc->nresults = 0;
	sc->sum = 0;
	for (size_t i = 0; i < sc->nlines; i++) {
		if (isnan(sc->lines[i].index))
			continue;
		sc->nresults++;
		sc->sum += sc->lines[i].index;
		logsum += log(sc->lines[i].index);
	}
	sc->partial = sc->nresults < sc->nlines;
	if (sc->nresults == 0)
		sc->score = NAN;
	else if (sc->method == INDEX_UNIXBENCH)
		sc->score = exp(logsum / (double)sc->nresults);
	else
		sc->score = sc->sum / (double)sc->nresults;
	index_interval(sc);
}

/*
 * How narrow the score's 95% interval (relative) can get for a run of
 * the tests b[] with `repeats` repeats on the host profile describes,
 * however many samples each takes: one run strays as far as one of the
 * profile's repeat means did (with its df), R repeats' mean as that over
 * R (with R - 1 df, or the df of estimate.c's batch means of many; the
 * index's tests take their repeats in turn, apart as the profile's).  The profile's own means weight the lines.  NaN if
 * the profile lacks one of the index's tests in b[].
 */
double
index_reach(const struct run *profile, const struct run *base,
    const struct bench *const *b, size_t nb, int repeats)
{
	struct index_score	sc;
	struct signif_rule	r;
	double			ci;
	int			missing = 0;

	index_compute(profile, base, 1, &sc);
	for (size_t i = 0; i < sc.nlines; i++) {
		struct index_line	*l = &sc.lines[i];
		struct run_group	 g = { l->test, 1 };
		size_t			 k;

		for (k = 0; k < nb && strcmp(b[k]->id, l->test) != 0; k++)
			;
		missing |= k < nb && isnan(l->index);
		if (k == nb)
			l->index = NAN;
		judge_profile(profile, &g, &r);
		l->relvar = r.noise_relvar / (double)repeats;
		l->df = repeats > 1 ? (double)(estimate_batches((size_t)repeats,
		    1) - 1) : r.noise_df;
	}
	index_totalize(&sc);
	ci = missing ? NAN : sc.ci;
	index_score_free(&sc);
	return ci;
}

void
index_score_free(struct index_score *sc)
{
	free(sc->lines);
	memset(sc, 0, sizeof *sc);
}

/* The distinct copies values of run's samples, ascending; count returned. */
static size_t
index_copies(const struct run *run, int **out)
{
	int	*v = xcalloc(run->nsamples + 1, sizeof *v);
	size_t	 n = 0, j;

	for (size_t i = 0; i < run->nsamples; i++) {
		for (j = 0; j < n && v[j] != run->samples[i].copies; j++)
			;
		if (j < n)
			continue;
		for (j = n++; j > 0 && v[j - 1] > run->samples[i].copies; j--)
			v[j] = v[j - 1];
		v[j] = run->samples[i].copies;
	}
	*out = v;
	return n;
}

static void
index_num(struct table *t, size_t r, enum index_col c, double v)
{
	if (isnan(v))
		table_set(t, r, c, "-");
	else
		table_set(t, r, c, "%.1f", v);
}

/* The "+/- x%" cell of a relative half-width; empty when not known. */
static void
index_ci(struct table *t, size_t r, double ci)
{
	if (isfinite(ci))
		table_set(t, r, INDEX_CI, "%.1f%%", 100 * ci);
}

/* The score's basis: its lines', or "mixed" when they differ. */
static void
index_score_basis(struct table *t, size_t r, const struct index_score *sc)
{
	enum index_basis	b = INDEX_BASIS_NONE;

	for (size_t i = 0; i < sc->nlines; i++) {
		if (isnan(sc->lines[i].index))
			continue;
		if (b != INDEX_BASIS_NONE && sc->lines[i].basis != b) {
			table_set(t, r, INDEX_BASIS, "mixed");
			return;
		}
		b = sc->lines[i].basis;
	}
	table_set(t, r, INDEX_BASIS, "%s", index_basis_names[b]);
}

/* The closing rows: "=========", then SUM and AVERAGE or the score. */
static void
index_totals(struct table *t, const struct index_score *sc)
{
	size_t	r;

	r = table_add_row(t);
	table_set(t, r, INDEX_INDEX, "=========");
	if (sc->method == INDEX_UNIXBENCH) {
		r = table_add_row(t);
		table_set(t, r, INDEX_TEST, "System Benchmarks Index Score%s",
		    sc->partial ? " (Partial Only)" : "");
		table_set_key(t, r, "%s", sc->partial ? "Score (Partial)" :
		    "Index Score");
		index_num(t, r, INDEX_INDEX, sc->score);
		index_ci(t, r, sc->ci);
		index_score_basis(t, r, sc);
		return;
	}
	r = table_add_row(t);
	table_set(t, r, INDEX_TEST, "SUM of %zu items", sc->nresults);
	index_num(t, r, INDEX_INDEX, sc->sum);
	index_ci(t, r, sc->ci);
	r = table_add_row(t);
	table_set(t, r, INDEX_TEST, "AVERAGE");
	index_num(t, r, INDEX_INDEX, sc->score);
	index_ci(t, r, sc->ci);
	index_score_basis(t, r, sc);
}

/* One note naming the baseline's tests this section has no result for. */
static void
index_missing(struct table *t, const struct index_score *sc)
{
	char	list[1024] = "";
	size_t	len = 0;

	for (size_t i = 0; i < sc->nlines && len < sizeof list; i++)
		if (isnan(sc->lines[i].index))
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%s", len > 0 ? ", " : "", sc->lines[i].test);
	if (len > 0)
		table_add_note(t, "Not in this run (%d %s): %s", sc->copies,
		    sc->copies == 1 ? "copy" : "copies", list);
}

static void
index_section(struct table *t, const struct index_score *sc, int sections)
{
	size_t	r;

	if (sc->method == INDEX_UNIXBENCH)
		table_add_section(t, "System Benchmarks %s (%d %s)",
		    sc->partial ? "Partial Index" : "Index Values", sc->copies,
		    sc->copies == 1 ? "copy" : "parallel copies");
	else if (sections)
		table_add_section(t, "%d %s", sc->copies,
		    sc->copies == 1 ? "copy" : "copies");
	for (size_t i = 0; i < sc->nlines; i++) {
		const struct index_line *l = &sc->lines[i];

		if (isnan(l->index))
			continue;
		r = table_add_row(t);
		table_set(t, r, INDEX_TEST, "%s", label_title(l->test));
		table_set_key(t, r, "%s", l->test);
		index_num(t, r, INDEX_BASELINE, l->baseline);
		index_num(t, r, INDEX_RESULT, l->result);
		index_num(t, r, INDEX_INDEX, l->index);
		if (isfinite(l->relvar) && l->df > 0)
			index_ci(t, r, tdist_critical(0.05, l->df) *
			    sqrt(l->relvar));
		table_set(t, r, INDEX_BASIS, "%s",
		    index_basis_names[l->basis]);
	}
	index_totals(t, sc);
	index_missing(t, sc);
}

/* The baseline's name, source and notes (every meta key "note..."). */
static void
index_notes(struct table *t, const struct run *base, const char *name)
{
	const char	*src = run_meta_get(base, "source");

	table_add_note(t, "Baseline %s%s%s", name, src != NULL ? ": " : "",
	    src != NULL ? src : "");
	for (size_t i = 0; i < base->nmeta; i++)
		if (strncmp(base->meta[i].key, "note", 4) == 0)
			table_add_note(t, "Note: %s", base->meta[i].value);
}

/* ---- rank: placing a run in a published table ---- */

static const char *
index_meta_n(const struct run *base, const char *key, int n)
{
	char		 k[64];
	const char	*v;

	snprintf(k, sizeof k, "%s.%d", key, n);
	v = run_meta_get(base, k);
	return v != NULL ? v : "";
}

static void
index_rank_row(struct table *t, const char *sys, const char *ver,
    const char *fig, const char *flag)
{
	size_t	r = table_add_row(t);

	table_set(t, r, 0, "%s", sys);
	table_set(t, r, 1, "%s", ver);
	table_set(t, r, 2, "%s", fig);
	table_set(t, r, 3, "%s", flag);
}

/*
 * The table's rows in its order (slowest first) with the run placed by
 * its own figure: seconds for "per" loops are per / lps.
 */
static struct table *
index_rank(const struct run *run, const struct run *base, const char *name)
{
	const char	*test = run_meta_get(base, "test");
	const char	*host = run_meta_get(run, "hostname");
	struct table	*t = table_new(run_meta_get(base, "title"));
	double		 per = 1, lps, secs;
	char		 mine[64] = "";
	int		 placed = 0;

	if (test == NULL)
		test = base->nsamples > 0 ? base->samples[0].test : "";
	if (run_meta_get(base, "loops") != NULL)
		sm_parse_double(run_meta_get(base, "loops"), &per);
	lps = runset_figure(run, test, 1);
	secs = per / lps;
	if (!isnan(secs))
		snprintf(mine, sizeof mine, "%.3g", secs);
	table_add_col(t, "SYSTEM", TABLE_LEFT);
	table_add_col(t, "UNIX VERSION", TABLE_LEFT);
	table_add_col(t, "SYSTEM TIME SECONDS", TABLE_RIGHT);
	table_add_col(t, "", TABLE_LEFT);
	for (size_t i = 0; i < base->nsamples; i++) {
		const struct run_sample *s = &base->samples[i];

		if (!placed && !isnan(secs) && per / s->value <= secs) {
			index_rank_row(t, host != NULL ? host : "this run",
			    "(this run)", mine, "<--");
			placed = 1;
		}
		index_rank_row(t, index_meta_n(base, "system", s->index),
		    index_meta_n(base, "unix", s->index),
		    index_meta_n(base, "seconds", s->index),
		    index_meta_n(base, "flag", s->index));
	}
	if (!placed && !isnan(secs))
		index_rank_row(t, host != NULL ? host : "this run",
		    "(this run)", mine, "<--");
	if (isnan(secs))
		table_add_note(t, "This run has no %s result to place.", test);
	else
		table_add_note(t, "This run: %s %.1f lps = %g / %.1f = %s "
		    "seconds per %g loops.", test, lps, per, lps, mine, per);
	index_notes(t, base, name);
	return t;
}

/*
 * When run -C aimed at this index (run -b NAME -C PCT), whether each
 * score's 95% interval got within the target.
 */
static void
index_target_note(struct table *t, const struct run *run, const char *name,
    size_t shown, size_t missed)
{
	const char	*aim = run_meta_get(run, "target_index");
	const char	*cap = run_meta_get(run, "time_cap");

	if (aim == NULL || strcmp(aim, name) != 0 || shown == 0 ||
	    run_target(run) <= 0)
		return;
	if (missed == 0)
		table_add_note(t, "run -C %g%%: the score's 95%% interval got "
		    "within it%s.", 100 * run_target(run),
		    shown > 1 ? ", for every copies value" : "");
	else if (shown == 1)
		table_add_note(t, "run -C %g%%: the score's 95%% interval did "
		    "not get within it before the time cap (%s s).",
		    100 * run_target(run), cap != NULL ? cap : "?");
	else
		table_add_note(t, "run -C %g%%: %zu of the %zu scores' 95%% "
		    "intervals did not get within it before the time cap (%s "
		    "s).", 100 * run_target(run), missed, shown,
		    cap != NULL ? cap : "?");
}

/* The INDEX VALUES table of run against base (named name); caller frees. */
struct table *
index_table(const struct run *run, const struct run *base, const char *name)
{
	return index_table_noise(run, base, name, NULL, NULL);
}

/* What the intervals rest on, a note per basis used. */
static void
index_basis_notes(struct table *t, const unsigned *used, const char *pname)
{
	table_add_note(t, "+/- CI: half the 95%% interval, relative, "
	    "propagated from the tests' to the score (none for a single "
	    "figure); BASIS says what each rests on:");
	if (used[INDEX_BASIS_REPEATS])
		table_add_note(t, "  repeats: the spread of the run's repeats' "
		    "means, which holds how far a run strays.");
	if (used[INDEX_BASIS_PROFILE])
		table_add_note(t, "  profile: one run, taken to stray as far as "
		    "one of the repeats' means of the host noise profile %s "
		    "did (or further where its own samples spread more); more "
		    "samples cannot shrink that part, repeats (-R) can.",
		    pname != NULL ? pname : "");
	if (used[INDEX_BASIS_SAMPLES])
		table_add_note(t, "  samples: one run's samples alone, which "
		    "miss how far the next run lands: too narrow.  Run sysmark "
		    "calibrate for a host profile, or take repeats (-R).");
}

/*
 * index_table() with the host noise profile (NULL: none), named pname
 * in the notes.
 */
struct table *
index_table_noise(const struct run *run, const struct run *base,
    const char *name, const struct run *profile, const char *pname)
{
	struct index_score	 sc;
	struct table		*t;
	int			*copies;
	size_t			 nc, shown = 0, missed = 0;
	unsigned		 used[INDEX_BASIS_REPEATS + 1] = { 0 };

	if (index_method(base) == INDEX_RANK)
		return index_rank(run, base, name);
	t = table_new("INDEX VALUES");
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "BASELINE", TABLE_RIGHT);
	table_add_col(t, "RESULT", TABLE_RIGHT);
	table_add_col(t, "INDEX", TABLE_RIGHT);
	table_add_col(t, "+/- CI", TABLE_RIGHT);
	table_add_col(t, "BASIS", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, INDEX_TEST);
	nc = index_copies(run, &copies);
	for (size_t i = 0; i < nc; i++) {
		index_compute_noise(run, base, copies[i], profile, &sc);
		for (size_t k = 0; k < sc.nlines; k++)
			if (!isnan(sc.lines[k].index))
				used[sc.lines[k].basis]++;
		if (sc.nresults > 0) {
			index_section(t, &sc, nc > 1);
			shown++;
			missed += !(sc.ci <= run_target(run));
		}
		index_score_free(&sc);
	}
	free(copies);
	index_target_note(t, run, name, shown, missed);
	if (shown == 0)
		table_add_note(t, "None of the tests of baseline %s is in "
		    "this run.", name);
	else
		index_basis_notes(t, used, pname);
	index_notes(t, base, name);
	return t;
}
