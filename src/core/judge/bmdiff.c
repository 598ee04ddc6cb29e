/*
 * Two runs, ranked: the report Carlo Prelz's bm_diff printed for one
 * kernel against the next (seed 003).  A From/To header names both
 * systems; then one line per test both runs have, old figure, new figure
 * and change, from the largest improvement to the largest regression,
 * where "improvement" follows the test's direction; then, apart, the
 * tests only one side has and those whose workload version differs (the
 * IOCALL lesson of seed 000: a changed benchmark is a different test).
 *
 * Unlike bm_diff it says whether each change is real (signif.c), shows
 * the within- and between-run parts of the spread and each side's flags
 * (estimate.c), and ends with the geometric mean of the ratios.  Ties
 * keep the order the old run lists its tests in, as bm_diff's did.
 *
 * A side may be several runs (compare A1 A2 -- B1 B2); their repeats all
 * count as replicates of that side.  For csv and md (opts->wide) every
 * field gets a column of its own, for scripts.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

struct bmdiff {
	const struct compare_side *side[2];
	const struct run	**all;		/* both sides' runs */
	size_t			 nall;
	const char		*names[2];
	const struct compare_opts *o;
	struct bmdiff_line	*lines;
	size_t			 nlines;
	int			 judged;	/* some line has a test */
	size_t			 nlower;	/* ranked tests, lower better */
	size_t			 nlevel[SIGNIF_LEVEL_PAIRS + 1];
	int			 flagged;	/* some line has a flag */
	int			 gap;		/* ...G, a resumed run's */
	size_t			 ndetect;	/* "~" lines with "<x%" */
	size_t			 nblind;	/* "~ blind" lines */
	struct table		*t;
	size_t			 c_change, c_ci, c_p, c_verdict, c_spread;
	size_t			 c_flags;
};

/* ---- Building the lines ---- */

/* The workload version a side measured a group with; 0 if unknown. */
static int
bmdiff_version(const struct compare_side *side, const struct run_group *g)
{
	int	v;

	for (size_t r = 0; r < side->nrun; r++)
		if ((v = runset_version(side->runs[r], g)) != 0)
			return v;
	return 0;
}

/* The first of a side's runs that has test, or NULL. */
static const struct run *
bmdiff_run_with(const struct compare_side *side, const char *test)
{
	for (size_t r = 0; r < side->nrun; r++)
		if (run_test_unit(side->runs[r], test) != NULL)
			return side->runs[r];
	return NULL;
}

/*
 * BMDIFF_BUILD or BMDIFF_DIR when the sides measured test as two tests
 * (another build, or the other way better: ident_differs(), why in
 * l->why), else BMDIFF_RANKED.
 */
static enum bmdiff_kind
bmdiff_ident(const struct bmdiff *d, struct bmdiff_line *l)
{
	const struct run	*a = bmdiff_run_with(d->side[0], l->g.test);
	const struct run	*b = bmdiff_run_with(d->side[1], l->g.test);
	struct ident		 x, y;

	if (a == NULL || b == NULL ||
	    !ident_differs(a, b, l->g.test, l->why, sizeof l->why))
		return BMDIFF_RANKED;
	ident_test(a, l->g.test, &x);
	ident_test(b, l->g.test, &y);
	return x.recorded && y.recorded && x.dir != y.dir ? BMDIFF_DIR :
	    BMDIFF_BUILD;
}

static void
bmdiff_line(struct bmdiff *d, struct bmdiff_line *l)
{
	const struct compare_side *a = d->side[0], *b = d->side[1];
	char			   flags[64];

	estimate_group(a->runs, a->nrun, &l->g, &l->e[0]);
	estimate_group(b->runs, b->nrun, &l->g, &l->e[1]);
	l->old = l->e[0].mean;
	l->new = l->e[1].mean;
	l->vold = bmdiff_version(a, &l->g);
	l->vnew = bmdiff_version(b, &l->g);
	l->dir = ident_dir(d->all, d->nall, l->g.test);
	for (int i = 0; i < 2; i++)
		if (estimate_flags_str(&l->e[i], 0, flags, sizeof flags) > 0)
			d->flagged = 1;
	d->gap |= l->e[0].flags.gap || l->e[1].flags.gap;
	if (l->e[1].n == 0) {
		l->kind = BMDIFF_ONLY_OLD;
		l->failed = l->e[1].failed > 0;
	} else if (l->e[0].n == 0) {
		l->kind = BMDIFF_ONLY_NEW;
		l->failed = l->e[0].failed > 0;
	} else if (runset_version_differs(l->vold, l->vnew))
		l->kind = BMDIFF_VERSION;
	else
		l->kind = bmdiff_ident(d, l);
	if (l->kind != BMDIFF_RANKED)
		return;
	judge_group(a, b, &l->g, l->dir, d->o, &l->s);
	d->nlevel[l->s.level]++;
	l->gain = log(l->new / l->old);
	if (l->dir == BENCH_LOWER)
		l->gain = -l->gain;
	if (l->s.verdict != SIGNIF_SINGLE)
		d->judged = 1;
	if (l->dir == BENCH_LOWER)
		d->nlower++;
}

/* Ranked lines first, best gain first; a gain that is not a number last. */
static int
bmdiff_cmp(const void *x, const void *y)
{
	const struct bmdiff_line	*a = x, *b = y;
	int				 na = isnan(a->gain);
	int				 nb = isnan(b->gain);

	if (a->kind != b->kind)
		return (int)a->kind - (int)b->kind;
	if (a->kind == BMDIFF_RANKED && na != nb)
		return na - nb;
	if (a->kind == BMDIFF_RANKED && !na && a->gain != b->gain)
		return a->gain > b->gain ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

static void
bmdiff_collect(struct bmdiff *d)
{
	struct run_group	*g;

	d->nlines = runset_merge(d->all, d->nall, &g);
	d->lines = xcalloc(d->nlines, sizeof *d->lines);
	for (size_t i = 0; i < d->nlines; i++) {
		d->lines[i].g = g[i];
		d->lines[i].order = i;
		bmdiff_line(d, &d->lines[i]);
	}
	free(g);
	qsort(d->lines, d->nlines, sizeof *d->lines, bmdiff_cmp);
}

/* ---- The table ---- */

/* "* host: OS version" and "* date", as bm_diff named each system. */
static void
bmdiff_system(char *buf, size_t len, const char *label,
    const struct compare_side *side)
{
	const struct run *run = side->runs[0];
	const char	*host = run_meta_get(run, "hostname");
	const char	*os = run_meta_get(run, "os");
	const char	*ver = run_meta_get(run, "os_version");
	const char	*date = run_meta_get(run, "date");
	const char	*commit = run_meta_get(run, "commit");
	size_t		 n = strlen(buf);
	char		 more[64] = "";

	if (side->nrun > 1)
		snprintf(more, sizeof more, " and %zu more run%s",
		    side->nrun - 1, side->nrun == 2 ? "" : "s");
	snprintf(buf + n, len - n, "%s %s%s\n* %s%s%s%s%s\n* %s%s%s\n", label,
	    side->name, more, host != NULL ? host : "unknown host",
	    os != NULL ? ": " : "", os != NULL ? os : "", ver != NULL ?
	    " " : "", ver != NULL ? ver : "", date != NULL ? date :
	    "date unknown", commit != NULL ? ", commit " : "",
	    commit != NULL ? commit : "");
}

static void
bmdiff_columns(struct bmdiff *d)
{
	struct table	*t = d->t;
	char		 ci[32];
	size_t		 c = 4;

	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "OLD", TABLE_RIGHT);
	table_add_col(t, "NEW", TABLE_RIGHT);
	table_add_col(t, "CHANGE", TABLE_RIGHT);
	d->c_change = 3;
	if (d->judged) {
		snprintf(ci, sizeof ci, "%g%% CI", 100 * (1 - d->o->alpha));
		table_add_col(t, ci, TABLE_RIGHT);
		d->c_ci = c++;
	}
	table_add_col(t, "P", TABLE_RIGHT);
	d->c_p = c++;
	if (d->judged) {
		table_add_col(t, "VERDICT", TABLE_LEFT);
		d->c_verdict = c++;
		table_add_col(t, "W/B CV", TABLE_RIGHT);
		d->c_spread = c++;
	}
	if (d->flagged) {
		table_add_col(t, "FLAGS", TABLE_LEFT);
		d->c_flags = c;
	}
	table_fit(t, d->o->width, 0);
}

static const char *
bmdiff_verdict(enum signif_verdict v)
{
	switch (v) {
	case SIGNIF_BETTER:
		return "better";
	case SIGNIF_WORSE:
		return "worse";
	case SIGNIF_SAME:
		return "~";
	case SIGNIF_SMALL:
		return "small";
	case SIGNIF_INVALID:
		return "n/a";
	case SIGNIF_SINGLE:
		break;
	}
	return "";
}

/*
 * The within- and between-run parts of the spread, as CVs in percent,
 * both sides pooled (root mean square); "-" for a part not known.  The
 * between part comes from the runs' repeats, else from the profile.
 */
static void
bmdiff_spread(const struct bmdiff *d, const struct bmdiff_line *l, char *buf,
    size_t len)
{
	double	w = sqrt((l->e[0].within_cv * l->e[0].within_cv +
		    l->e[1].within_cv * l->e[1].within_cv) / 2);
	double	b = NAN;
	char	bs[16] = "-", ws[16] = "-";

	if (l->e[0].units >= 2 && l->e[1].units >= 2)
		b = sqrt((l->e[0].between_cv * l->e[0].between_cv +
		    l->e[1].between_cv * l->e[1].between_cv) / 2);
	else if (l->e[0].units >= 2)
		b = l->e[0].between_cv;
	else if (l->e[1].units >= 2)
		b = l->e[1].between_cv;
	else if (l->s.level == SIGNIF_LEVEL_PROFILE && d->o->profile != NULL) {
		struct estimate	pe;

		estimate_run(d->o->profile, &l->g, &pe);
		b = pe.between_cv;
	}
	if (isfinite(b))
		snprintf(bs, sizeof bs, "%.1f", 100 * b);
	/* One sample a repeat: no spread within a run to speak of. */
	if (isfinite(w))
		snprintf(ws, sizeof ws, "%.1f", 100 * w);
	snprintf(buf, len, "%s/%s%s", ws, bs, isfinite(w) || isfinite(b) ?
	    "%" : "");
}

/* Both sides' flags as OLD|NEW ("T+|B"); empty when neither has one. */
static void
bmdiff_flags(const struct bmdiff_line *l, char *buf, size_t len)
{
	char	f0[32], f1[32];

	estimate_flags_str(&l->e[0], 0, f0, sizeof f0);
	estimate_flags_str(&l->e[1], 0, f1, sizeof f1);
	if (f0[0] == '\0' && f1[0] == '\0')
		buf[0] = '\0';
	else
		snprintf(buf, len, "%s|%s", f0, f1);
}

/* One end of the ratio's interval as a change: "-44.2%", "+0.35%". */
static void
bmdiff_end(double ratio, char *buf, size_t len)
{
	double	pct = 100 * (ratio - 1);

	snprintf(buf, len, fabs(pct) < 1 ? "%+.2f%%" : "%+.1f%%", pct);
}

/*
 * The significance cells: interval, p (or the sample counts), verdict.
 * The interval of a ratio is lopsided (exponentiated from the log
 * scale), so its two ends are printed, never a half-width.
 */
static void
bmdiff_signif(struct bmdiff *d, size_t row, const struct signif *s)
{
	char	lo[32], hi[32];

	if (s->verdict == SIGNIF_INVALID) {
		table_set(d->t, row, d->c_verdict, "n/a");
		return;
	}
	if (s->verdict == SIGNIF_SINGLE) {
		table_set(d->t, row, d->c_p, "n=%zu+%zu", s->na, s->nb);
		return;
	}
	bmdiff_end(s->lo, lo, sizeof lo);
	bmdiff_end(s->hi, hi, sizeof hi);
	table_set(d->t, row, d->c_ci, "%s..%s", lo, hi);
	if (s->p < 0.001)
		table_set(d->t, row, d->c_p, "<0.001");
	else
		table_set(d->t, row, d->c_p, "%.3f", s->p);
	if (s->verdict == SIGNIF_SAME && blind_is(s->detect)) {
		/* A percentage past meaning: said in words, in a note. */
		table_set(d->t, row, d->c_verdict, "~ blind");
		d->nblind++;
		return;
	}
	if (s->verdict == SIGNIF_SAME && isfinite(s->detect)) {
		table_set(d->t, row, d->c_verdict, "~ <%.*f%%",
		    s->detect < 0.1 ? 1 : 0, 100 * s->detect);
		d->ndetect++;
		return;
	}
	table_set(d->t, row, d->c_verdict, "%s", bmdiff_verdict(s->verdict));
}

static void
bmdiff_figures(struct bmdiff *d, size_t row, const struct bmdiff_line *l)
{
	char	buf[64];

	label_value(l->old, buf, sizeof buf);
	if (!isnan(l->old))
		table_set(d->t, row, 1, "%s", buf);
	label_value(l->new, buf, sizeof buf);
	if (!isnan(l->new))
		table_set(d->t, row, 2, "%s", buf);
	if (l->kind == BMDIFF_RANKED && !isnan(l->gain))
		table_set(d->t, row, d->c_change, "%+.2f%%",
		    100 * (l->new / l->old - 1));
}

/* A section heading when the kind of line changes. */
static void
bmdiff_section(struct bmdiff *d, enum bmdiff_kind kind)
{
	switch (kind) {
	case BMDIFF_RANKED:
		table_add_section(d->t, "Results, best change first");
		break;
	case BMDIFF_VERSION:
		table_add_section(d->t, "Not ranked: the test's version "
		    "differs, so its figures measure different work");
		break;
	case BMDIFF_ONLY_OLD:
		table_add_section(d->t, "Only in %s", d->names[0]);
		break;
	case BMDIFF_ONLY_NEW:
		table_add_section(d->t, "Only in %s", d->names[1]);
		break;
	case BMDIFF_BUILD:
		table_add_section(d->t, "Not ranked: another build measured "
		    "them, so their figures are not comparable");
		break;
	case BMDIFF_DIR:
		table_add_section(d->t, "Not ranked: the sides disagree which "
		    "way is better");
		break;
	}
}

/*
 * The geometric mean of the ranked lines' ratios (lower-is-better ones
 * inverted), as a change: 0.05 is 5% better; *n says over how many.
 */
double
bmdiff_geomean_change(const struct bmdiff_line *lines, size_t nlines,
    size_t *n)
{
	double	sum = 0;

	*n = 0;
	for (size_t i = 0; i < nlines; i++) {
		if (lines[i].kind != BMDIFF_RANKED || !isfinite(lines[i].gain))
			continue;
		sum += lines[i].gain;
		(*n)++;
	}
	return *n > 0 ? exp(sum / (double)*n) - 1 : NAN;
}

/* The one direction of the ranked lines; 0 when they hold both. */
static int
bmdiff_one_dir(const struct bmdiff_line *lines, size_t nlines,
    enum bench_dir *dir)
{
	int	seen = 0;

	for (size_t i = 0; i < nlines; i++) {
		if (lines[i].kind != BMDIFF_RANKED || !isfinite(lines[i].gain))
			continue;
		if (seen && lines[i].dir != *dir)
			return 0;
		*dir = lines[i].dir;
		seen = 1;
	}
	return seen;
}

/*
 * The geomean's CHANGE as each line's is said: the figures' change and
 * then better or worse.  Where the lines share a direction that is the
 * geometric mean of new/old ("+32.30% worse" for a time that grew by a
 * third, as its line reads "+32.30%"); where they mix, no figure moved
 * one way, so it is how much better or worse, unsigned, with a note.
 */
static void
bmdiff_geomean_cell(struct bmdiff *d, size_t row, double change)
{
	double		 m = log1p(change);
	const char	*word = m > 0 ? "better" : m < 0 ? "worse" :
			    "unchanged";
	enum bench_dir	 dir;

	if (!bmdiff_one_dir(d->lines, d->nlines, &dir)) {
		table_set(d->t, row, d->c_change, "%.2f%% %s",
		    100 * fabs(change), word);
		table_add_note(d->t, "geomean: tests of both directions, "
		    "each ratio taken the way of better (a latency's "
		    "inverted), so its %% is how much better or worse, not "
		    "which way a figure moved.");
		return;
	}
	table_set(d->t, row, d->c_change, "%+.2f%% %s", 100 *
	    (dir == BENCH_LOWER ? exp(-m) - 1 : change), word);
}

/* The geometric mean of the ranked ratios, as a row closing the ranks. */
static void
bmdiff_geomean(struct bmdiff *d)
{
	double	change;
	size_t	n, row;

	change = bmdiff_geomean_change(d->lines, d->nlines, &n);
	if (n == 0)
		return;
	row = table_add_row(d->t);
	if (d->o->over != NULL && d->o->over[0] != '\0')
		table_set(d->t, row, 0, "geomean of %zu ratio%s (%s)", n,
		    n == 1 ? "" : "s", d->o->over);
	else
		table_set(d->t, row, 0, "geomean of %zu ratio%s", n,
		    n == 1 ? "" : "s");
	bmdiff_geomean_cell(d, row, change);
}

/*
 * A line of two tests (another build, the other direction): a word in
 * its title, and why in a note, once for the lines that say the same.
 */
static void
bmdiff_apart(struct bmdiff *d, const struct bmdiff_line *l,
    const char **noted, char *extra, size_t len)
{
	snprintf(extra, len, " (%s)", l->kind == BMDIFF_BUILD ?
	    "another build" : "the other way better");
	if (*noted != NULL && strcmp(*noted, l->why) == 0)
		return;
	table_add_note(d->t, "%s: %s.", l->g.test, l->why);
	*noted = l->why;
}

static void
bmdiff_rows(struct bmdiff *d)
{
	const struct bmdiff_line	*l;
	const char			*noted = NULL;
	char				 extra[64];
	size_t				 row;

	for (size_t i = 0; i < d->nlines; i++) {
		l = &d->lines[i];
		if (i > 0 && l->kind != d->lines[i - 1].kind &&
		    d->lines[i - 1].kind == BMDIFF_RANKED)
			bmdiff_geomean(d);
		if (i == 0 || l->kind != d->lines[i - 1].kind)
			bmdiff_section(d, l->kind);
		extra[0] = '\0';
		if (l->kind == BMDIFF_VERSION)
			snprintf(extra, sizeof extra, " (version %d -> %d)",
			    l->vold, l->vnew);
		else if (l->kind == BMDIFF_BUILD || l->kind == BMDIFF_DIR)
			bmdiff_apart(d, l, &noted, extra, sizeof extra);
		else if (l->failed)
			snprintf(extra, sizeof extra, " (failed in %s)",
			    d->names[l->kind == BMDIFF_ONLY_OLD]);
		row = table_add_row(d->t);
		runset_set_title(d->t, row, d->all, d->nall, &l->g, extra);
		bmdiff_figures(d, row, l);
		if (l->kind == BMDIFF_RANKED && !isnan(l->gain))
			bmdiff_signif(d, row, &l->s);
		if (l->kind == BMDIFF_RANKED && d->judged) {
			bmdiff_spread(d, l, extra, sizeof extra);
			table_set(d->t, row, d->c_spread, "%s", extra);
		}
		bmdiff_flags(l, extra, sizeof extra);
		if (d->flagged)
			table_set(d->t, row, d->c_flags, "%s", extra);
	}
	if (d->nlines > 0 && d->lines[d->nlines - 1].kind == BMDIFF_RANKED)
		bmdiff_geomean(d);
}

/* What the variances rest on, and what would make a verdict trustworthy. */
static void
bmdiff_level_notes(struct bmdiff *d)
{
	char	floors[160];

	if (d->nlevel[SIGNIF_LEVEL_RUNS] > 0)
		table_add_note(d->t, "%zu line%s judged on the runs' and "
		    "repeats' means (the between-run variance estimated from "
		    "them; %d or more repeats of one run, which follow one "
		    "another, through the means of %d stretches of them).",
		    d->nlevel[SIGNIF_LEVEL_RUNS],
		    d->nlevel[SIGNIF_LEVEL_RUNS] == 1 ? "" : "s",
		    ESTIMATE_BATCH_MIN, ESTIMATE_BATCHES);
	if (d->nlevel[SIGNIF_LEVEL_PROFILE] > 0)
		table_add_note(d->t, "One run a side: %zu line%s judged with "
		    "the host noise profile %s (each run's mean taken to stray "
		    "as far as one of its repeats' means did, or further where "
		    "the run's own samples spread more).",
		    d->nlevel[SIGNIF_LEVEL_PROFILE],
		    d->nlevel[SIGNIF_LEVEL_PROFILE] == 1 ? "" : "s",
		    d->o->profile_name != NULL ? d->o->profile_name : "");
	if (d->nlevel[SIGNIF_LEVEL_SAMPLES] > 0) {
		judge_floors_str(floors, sizeof floors);
		table_add_note(d->t, "One run a side: add repeats (-R) or run "
		    "sysmark calibrate.  With no host profile, %zu verdict%s "
		    "rest on one run's samples, which miss the between-run "
		    "spread; such a change must also exceed a conservative "
		    "floor for its group (%s), or it is called small.",
		    d->nlevel[SIGNIF_LEVEL_SAMPLES],
		    d->nlevel[SIGNIF_LEVEL_SAMPLES] == 1 ? "" : "s", floors);
	}
	/* one run a side on its samples: the larger term it took */
	judge_drift_note(d->o, d->nlevel[SIGNIF_LEVEL_SAMPLES] > 0 ?
	    SIGNIF_LEVEL_SAMPLES : SIGNIF_LEVEL_RUNS, d->t);
	if (d->nlevel[SIGNIF_LEVEL_PAIRS] > 0)
		table_add_note(d->t, "A duet (run --duet): judged on the ratios "
		    "of the pairs of samples the two commands took at once, "
		    "each on a CPU of its own (Student's t on their mean log "
		    "ratio); what the host did to both alike cancels.");
}

/* "~ blind": each such test, in words (blind.c), once. */
static void
bmdiff_blind_notes(struct bmdiff *d)
{
	const struct bmdiff_line	*l;
	char				 buf[400];

	if (d->nblind == 0)
		return;
	table_add_note(d->t, "~ blind: no change was found, but this "
	    "comparison could not have found one: its smallest detectable "
	    "change is over %.0f%%.", 100 * BLIND_LIMIT);
	for (size_t i = 0; i < d->nlines; i++) {
		l = &d->lines[i];
		if (l->kind != BMDIFF_RANKED || l->s.verdict != SIGNIF_SAME ||
		    !blind_is(l->s.detect))
			continue;
		blind_advice(l->g.test, buf, sizeof buf);
		table_add_note(d->t, "%s", buf);
	}
}

/* A host-wide shift (shift.c), named whatever the verdicts say. */
static void
bmdiff_shift_note(struct bmdiff *d)
{
	struct host_shift	sh;
	char			buf[600];

	shift_find(d->lines, d->nlines, &sh);
	shift_str(&sh, buf, sizeof buf);
	if (buf[0] != '\0')
		table_add_note(d->t, "%s", buf);
}

static void
bmdiff_tally(struct bmdiff *d)
{
	size_t	n[SIGNIF_INVALID + 1] = { 0 };

	for (size_t i = 0; i < d->nlines; i++)
		if (d->lines[i].kind == BMDIFF_RANKED)
			n[d->lines[i].s.verdict]++;
	if (d->judged) {
		table_add_note(d->t, "%zu better, %zu worse, %zu ~ (no "
		    "significant change), %zu small, %zu with a single "
		    "figure.", n[SIGNIF_BETTER], n[SIGNIF_WORSE],
		    n[SIGNIF_SAME], n[SIGNIF_SMALL], n[SIGNIF_SINGLE]);
		bmdiff_shift_note(d);
		table_add_note(d->t, "Better or worse: the ratio of the "
		    "means differs from 1 at alpha = %g (Welch's t on its "
		    "logarithm; the interval is that test's, so they always "
		    "agree) by at least %g%% (-e); small: significant but "
		    "under that.  P: that test's p-value, the chance of a "
		    "ratio this far from 1 were nothing changed.  W/B CV: the within-run and between-run "
		    "parts of the spread (-: not known; with one sample a "
		    "repeat there is no within part).", d->o->alpha,
		    100 * d->o->min_effect);
		bmdiff_level_notes(d);
	}
	if (d->ndetect > 0)
		table_add_note(d->t, "~ <x%%: no change was found, and one of "
		    "x%% or more would have been, 4 times in 5 (the smallest "
		    "detectable change: 80%% power at alpha %g, from the same "
		    "variance as the interval, with -e and any floor); a "
		    "smaller change may have gone unseen.  More repeats (-R) "
		    "lower it; sysmark run --detect picks them.", d->o->alpha);
	bmdiff_blind_notes(d);
	if (n[SIGNIF_INVALID] > 0)
		table_add_note(d->t, "n/a: a figure is not a finite number, "
		    "so no verdict.");
	if (d->flagged)
		table_add_note(d->t, "%s  Shown as OLD|NEW.",
		    estimate_flags_legend());
	if (d->gap)
		table_add_note(d->t, "%s", estimate_gap_legend());
	if (n[SIGNIF_SINGLE] > 0)
		table_add_note(d->t, "n=OLD+NEW counts the figures on each "
		    "side: a single figure (a baseline or an imported report) "
		    "admits no p-value, so that change is not judged.");
	if (d->nlower > 0)
		table_add_note(d->t, "For %zu test%s lower is better: a drop "
		    "ranks as an improvement, and the geometric mean takes "
		    "their ratios inverted.", d->nlower,
		    d->nlower == 1 ? "" : "s");
}

/* ---- Every field, for csv and md ---- */

static const char *const bmdiff_wide_cols[] = {
	"id", "title", "copies", "n_old", "repeats_old", "n_new",
	"repeats_new", "old", "new", "change_pct", "ci_low_pct",
	"ci_high_pct", "p", "df", "basis", "verdict", "within_cv_old_pct",
	"between_cv_old_pct", "within_cv_new_pct", "between_cv_new_pct",
	"flags_old", "flags_new", "kind", "detectable_pct",
};

/* What line l's verdict rests on: runs, profile, samples+floor, "". */
const char *
bmdiff_basis_name(const struct bmdiff_line *l)
{
	static const char *const names[] = { "", "runs", "profile",
	    "samples+floor", "pairs" };

	return l->kind == BMDIFF_RANKED ? names[l->s.level] : "";
}

/* Line l's verdict as the csv form spells it; "" where it is not ranked. */
const char *
bmdiff_verdict_name(const struct bmdiff_line *l)
{
	if (l->kind != BMDIFF_RANKED)
		return "";
	return l->s.verdict == SIGNIF_SINGLE ? "single" :
	    bmdiff_verdict(l->s.verdict);
}

/* The kind of a line: ranked, version differs, only old, only new. */
const char *
bmdiff_kind_name(enum bmdiff_kind k)
{
	static const char *const kinds[] = { "ranked", "version differs",
	    "only old", "only new", "build differs", "direction differs" };

	return kinds[k];
}

/* A number cell: %.6g, or empty when it is not a number. */
static void
bmdiff_num(struct table *t, size_t row, size_t col, double v, double scale)
{
	if (isfinite(v))
		table_set(t, row, col, "%.6g", v * scale);
}

static void
bmdiff_wide_row(struct bmdiff *d, const struct bmdiff_line *l)
{
	struct table	*t = d->t;
	size_t		 row = table_add_row(t), c = 0;
	char		 f[64];
	int		 judged = l->kind == BMDIFF_RANKED;

	table_set(t, row, c++, "%s", l->g.test);
	table_set(t, row, c++, "%s", label_title_in(d->all, d->nall,
	    l->g.test));
	table_set(t, row, c++, "%d", l->g.copies);
	for (int i = 0; i < 2; i++) {
		table_set(t, row, c++, "%zu", l->e[i].n);
		table_set(t, row, c++, "%zu", l->e[i].units);
	}
	bmdiff_num(t, row, c++, l->old, 1);
	bmdiff_num(t, row, c++, l->new, 1);
	bmdiff_num(t, row, c++, judged ? l->new / l->old - 1 : NAN, 100);
	bmdiff_num(t, row, c++, judged ? l->s.lo - 1 : NAN, 100);
	bmdiff_num(t, row, c++, judged ? l->s.hi - 1 : NAN, 100);
	bmdiff_num(t, row, c++, judged ? l->s.p : NAN, 1);
	bmdiff_num(t, row, c++, judged ? l->s.df : NAN, 1);
	table_set(t, row, c++, "%s", bmdiff_basis_name(l));
	table_set(t, row, c++, "%s", bmdiff_verdict_name(l));
	for (int i = 0; i < 2; i++) {
		bmdiff_num(t, row, c++, l->e[i].within_cv, 100);
		bmdiff_num(t, row, c++, l->e[i].between_cv, 100);
	}
	for (int i = 0; i < 2; i++) {
		estimate_flags_str(&l->e[i], 0, f, sizeof f);
		table_set(t, row, c++, "%s", f);
	}
	table_set(t, row, c++, "%s", bmdiff_kind_name(l->kind));
	bmdiff_num(t, row, c++, judged ? l->s.detect : NAN, 100);
}

static void
bmdiff_wide(struct bmdiff *d)
{
	for (size_t i = 0; i < sizeof bmdiff_wide_cols /
	    sizeof bmdiff_wide_cols[0]; i++)
		table_add_col(d->t, bmdiff_wide_cols[i], i < 2 ? TABLE_LEFT :
		    TABLE_RIGHT);
	for (size_t i = 0; i < d->nlines; i++)
		bmdiff_wide_row(d, &d->lines[i]);
}

/* d's sides and options; bmdiff_collect() then makes its lines. */
static void
bmdiff_setup(struct bmdiff *d, const struct compare_side *a,
    const struct compare_side *b, const struct compare_opts *o)
{
	memset(d, 0, sizeof *d);
	d->side[0] = a;
	d->side[1] = b;
	d->nall = a->nrun + b->nrun;
	d->all = xcalloc(d->nall, sizeof *d->all);
	memcpy(d->all, a->runs, a->nrun * sizeof *d->all);
	memcpy(d->all + a->nrun, b->runs, b->nrun * sizeof *d->all);
	d->names[0] = a->name;
	d->names[1] = b->name;
	d->o = o;
}

/*
 * The lines of side b against side a, ranked as the report lists them,
 * for those that read the verdicts rather than the table (compare's JSON
 * and its gate); *lines is the caller's to free.
 */
size_t
bmdiff_lines(const struct compare_side *a, const struct compare_side *b,
    const struct compare_opts *o, struct bmdiff_line **lines)
{
	struct bmdiff	d;

	bmdiff_setup(&d, a, b, o);
	bmdiff_collect(&d);
	free(d.all);
	*lines = d.lines;
	return d.nlines;
}

/*
 * The ranked tests of b against a, in the order the report lists them
 * (best change first), each with its judgement, into *out (allocated);
 * for the report's ratio chart, which must not rank them another way.
 */
size_t
bmdiff_ranked(const struct compare_side *a, const struct compare_side *b,
    const struct compare_opts *o, struct bmdiff_rank **out)
{
	struct bmdiff_line	*l;
	size_t			 nl = bmdiff_lines(a, b, o, &l), n = 0;

	*out = xcalloc(nl + 1, sizeof **out);
	for (size_t i = 0; i < nl; i++) {
		if (l[i].kind != BMDIFF_RANKED)
			continue;
		(*out)[n].g = l[i].g;
		(*out)[n].dir = l[i].dir;
		(*out)[n++].s = l[i].s;
	}
	free(l);
	return n;
}

/*
 * The ranked comparison of side b against side a; the caller frees the
 * table.
 */
struct table *
bmdiff_report(const struct compare_side *a, const struct compare_side *b,
    const struct compare_opts *o)
{
	struct bmdiff	d;
	char		title[4096] = "";

	bmdiff_setup(&d, a, b, o);
	bmdiff_collect(&d);
	compare_warnings(a, b, title, sizeof title);
	bmdiff_system(title, sizeof title, "From:", a);
	bmdiff_system(title, sizeof title, "To:", b);
	title[strlen(title) - 1] = '\0';
	d.t = table_new(title);
	if (o->wide)
		bmdiff_wide(&d);
	else {
		bmdiff_columns(&d);
		bmdiff_rows(&d);
	}
	bmdiff_tally(&d);
	free(d.lines);
	free(d.all);
	return d.t;
}
