/*
 * The smallest detectable change, planned: from the host noise profile,
 * how large a change a comparison of two runs taken with given settings
 * (repeats, samples) would find with 80% power, and the cheapest
 * settings that bring it under a target.  calibrate ends with that as a
 * table (detect_table()), run --detect picks its settings with it
 * (detect_choose()).
 *
 * The promise is compare's own report: the planned sides are built as
 * runs spreading as this host's profile predicts (each repeat mean's
 * variance the profile's between-run part plus its within-run part over
 * the samples) and judged by judge_group(), compare's verdict
 * (detect_sim.c), so the plan and compare's "~ <x%" share the rule
 * (with one run a side the profile itself, with its few df; with runs
 * or many repeats the sides' own spread), the df and the batching.  The
 * profile's estimates are taken as true: a profile of few repeats is
 * itself uncertain, which run --detect says (noise_promise_range()).
 */
/* SPDX-License-Identifier: MIT */

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

/* The sample counts searched, ascending. */
static const int detect_samples[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25,
    30, 40, 50, 60, 80, 100 };
#define DETECT_NSAMPLES	(sizeof detect_samples / sizeof detect_samples[0])
#define DETECT_MAX_RUNS	50	/* a side's runs, the most planned */

/*
 * The relative variance of the mean of `samples` samples taken in one
 * stretch of the machine's time (one repeat, or a batch of back-to-back
 * repeats), from the profile's run-level variance v (at np samples a run)
 * and within CV w: the between-run part v - w^2/np, which the stretch
 * shares, plus the within part w^2/samples.  When the profile's means
 * strayed less than its samples' spread alone predicts (a negative
 * between part: samples that are not independent), the whole of v is
 * scaled as a within part, so that at the profile's own settings the plan
 * uses v itself, as compare's one-run rule does, and more repeats never
 * look worse than one.
 */
static double
detect_run_var(double v, double w, double np, double samples)
{
	double	w2 = isfinite(w) ? w * w : 0;
	double	b2 = v - w2 / np;

	if (b2 >= 0)
		return b2 + w2 / samples;
	return v * np / samples;
}

/*
 * The spread of one side of runs x repeats x samples, from the
 * profile's within CV w and run-level variance v at np samples a run:
 * a unit's mean, and a stretch's, the mean of the units / k repeats of
 * one run that compare batches together (estimate.c), which share the
 * machine's state of their stretch (the profile's between part, measured
 * on repeats spread over minutes, is not divided among them).
 */
static void
detect_spread_of(struct detect_spread *sp, const struct detect_shape *sh,
    double w, double v, double np)
{
	size_t	units = (size_t)sh->runs * (size_t)sh->repeats;
	size_t	k = estimate_batches(units, (size_t)sh->runs);

	sp->within_cv = isfinite(w) ? w : 0;
	sp->unit_var = detect_run_var(v, w, np, sh->samples);
	sp->stretch_var = detect_run_var(v, w, np, (double)units /
	    (double)k * sh->samples);
}

/*
 * The change a comparison of `runs` runs a side of `repeats` x `samples`
 * each of group g finds with 80% power at alpha, with -e min_effect: a
 * fraction; NaN when the profile has no spread for g.  What compare
 * itself reports of two such sides, each spreading as the profile
 * predicts (detect_sim.c).
 */
double
detect_settings(const struct run *profile, const struct run_group *g,
    int runs, int repeats, int samples, double alpha, double min_effect)
{
	struct signif	s;

	detect_judge(profile, g, &(struct detect_shape){ runs, repeats,
	    samples }, alpha, min_effect, &s);
	return s.detect;
}

/*
 * The whole of compare's verdict on the planned sides of shape sh: its
 * detect is detect_settings()'s, its level the basis compare will judge
 * them on (the profile, or the sides' own runs).  Level none and detect
 * NaN when the profile has no spread for g.
 */
void
detect_judge(const struct run *profile, const struct run_group *g,
    const struct detect_shape *sh, double alpha, double min_effect,
    struct signif *s)
{
	struct detect_spread	sp;
	struct estimate		pe;

	memset(s, 0, sizeof *s);
	s->detect = NAN;
	estimate_run(profile, g, &pe);
	if (pe.units < 2 || !isfinite(pe.unit_relvar) || sh->samples < 2)
		return;
	detect_spread_of(&sp, sh, pe.within_cv, pe.unit_relvar,
	    (double)pe.n / (double)pe.units);
	detect_sim_judge(profile, g, &sp, sh, alpha, min_effect, s);
}

/* Seconds one run of the plan's tests takes at repeats x samples. */
static double
detect_cost(const struct plan *plan, int repeats, int samples)
{
	struct plan	p = *plan;

	p.repeats = repeats;
	p.samples = samples;
	p.warmup = 1;
	p.gap = 0;
	return plan_estimate(&p);
}

/* What a search is for: the profile, the plan and the rule's figures. */
struct detect_ask {
	const struct run	*profile;
	const struct plan *plan;
	double			 alpha;
	double			 min_effect;
	double			 target;
};

/*
 * The largest detectable change over the plan's tests and copies at
 * shape sh, its test in *worst; NaN if one lacks a figure.
 */
static double
detect_worst(const struct detect_ask *q, const struct detect_shape *sh,
    const char **worst)
{
	const struct plan *plan = q->plan;
	double	d, max = 0;

	for (size_t b = 0; b < plan->nbench; b++)
		for (size_t c = 0; c < plan->ncopies; c++) {
			struct run_group g = { plan->benches[b]->id,
			    plan->copies[c] };

			d = detect_settings(q->profile, &g, sh->runs,
			    sh->repeats, sh->samples, q->alpha,
			    q->min_effect);
			if (!isfinite(d)) {
				*worst = g.test;
				return NAN;
			}
			if (d > max) {
				max = d;
				*worst = g.test;
			}
		}
	return max;
}

/* How many of detect_samples[] a run may take. */
static size_t
detect_nmax(void)
{
	size_t	n = DETECT_NSAMPLES;

	while (n > 0 && detect_samples[n - 1] > PLAN_MAX_SAMPLES)
		n--;
	return n;
}

/*
 * The fewest of detect_samples[] at which every test reaches the target
 * with sh's runs and repeats (the change only shrinks as samples grow),
 * into sh->samples: 1, 0 if none does, -1 if the profile lacks a test.
 */
static int
detect_fewest(const struct detect_ask *q, struct detect_shape *sh,
    const char **t)
{
	size_t	lo = 0, hi = detect_nmax(), mid;
	double	w;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		sh->samples = detect_samples[mid];
		w = detect_worst(q, sh, t);
		if (isnan(w))
			return -1;
		if (w <= q->target)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (lo == detect_nmax())
		return 0;
	sh->samples = detect_samples[lo];
	return 1;
}

/* Seconds a side of shape sh takes: its runs, one after another. */
static double
detect_side_cost(const struct plan *plan, const struct detect_shape *sh)
{
	return sh->runs * detect_cost(plan, sh->repeats, sh->samples);
}

/*
 * Whether runs x repeats at the most samples searched reach the target
 * (a missing test counts as reaching, for detect_try() to name): where
 * the most sensitive shape of a kind cannot, none of it is searched,
 * which keeps run --detect's own planning to a fraction of a second.
 */
static int
detect_reaches(const struct detect_ask *q, int runs, int repeats)
{
	struct detect_shape	sh = { runs, repeats,
				    detect_samples[detect_nmax() - 1] };
	const char		*t;
	double			 w = detect_worst(q, &sh, &t);

	return isnan(w) || w <= q->target;
}

/*
 * Try runs x repeats: when its fewest samples reach the target more
 * cheaply than *c, take it.  Returns what a side would cost at the fewest
 * samples searched (more runs or repeats only cost more: the caller stops
 * there), or -1 if the profile lacks a test.
 */
static double
detect_try(const struct detect_ask *q, int runs, int repeats,
    struct detect_choice *c)
{
	struct detect_shape	sh = { runs, repeats, detect_samples[0] };
	double			floor = detect_side_cost(q->plan, &sh);
	int			rc;

	if (floor >= c->seconds)
		return floor;
	rc = detect_fewest(q, &sh, &c->worst_test);
	if (rc < 0)
		return -1;
	if (rc == 0 || detect_side_cost(q->plan, &sh) >= c->seconds)
		return floor;
	c->runs = runs;
	c->repeats = repeats;
	c->samples = sh.samples;
	c->run_seconds = detect_cost(q->plan, repeats, sh.samples);
	c->seconds = detect_side_cost(q->plan, &sh);
	c->reached = 1;
	return floor;
}

/*
 * Try one kind of side, growing until it only costs more: one run of
 * ESTIMATE_BATCH_MIN repeats and up, or (by_runs) 2 runs a side and up,
 * of one repeat.  0, or -1 if the profile lacks a test.
 */
static int
detect_sweep(const struct detect_ask *q, int by_runs, struct detect_choice *c)
{
	int	to = by_runs ? DETECT_MAX_RUNS : PLAN_MAX_REPEATS;
	double	cost;

	if (!detect_reaches(q, by_runs ? to : 1, by_runs ? 1 : to))
		return 0;
	for (int i = by_runs ? 2 : ESTIMATE_BATCH_MIN; i <= to; i++) {
		cost = by_runs ? detect_try(q, i, 1, c) : detect_try(q, 1, i, c);
		if (cost < 0)
			return -1;
		if (cost >= c->seconds)
			break;
	}
	return 0;
}

/*
 * The cheapest side (runs x repeats x samples at the plan's duration) at
 * which every test of the plan has a detectable change of at most target:
 * 1 with *c filled, 0 if none of the settings searched reaches it (*c then
 * holds DETECT_MAX_RUNS runs a side at the most samples, what a refusal
 * names), -1 if the profile lacks a test
 * (named in c->worst_test).  The shapes searched are those whose
 * variance compare's estimate does not understate on a host that drifts:
 * one run, one run of ESTIMATE_BATCH_MIN or more back-to-back repeats
 * (judged by their batch means), and two or more runs a side of one
 * repeat each, taken in turn with the other side's.  A few back-to-back
 * repeats, which compare takes as independent, are not planned.
 */
int
detect_choose(const struct run *profile, const struct plan *plan,
    double alpha, double min_effect, double target, struct detect_choice *c)
{
	struct detect_ask	q = { profile, plan, alpha, min_effect, target };
	struct detect_shape	sh;
	struct signif		s;

	memset(c, 0, sizeof *c);
	c->seconds = INFINITY;
	if (detect_try(&q, 1, 1, c) < 0)
		return -1;
	/*
	 * Many short repeats are cheap where runs stray more than their
	 * samples do (dhry2reg on a 2-CPU VM), and many short runs where
	 * back-to-back repeats drift together.
	 */
	if (detect_sweep(&q, 0, c) < 0 || detect_sweep(&q, 1, c) < 0)
		return -1;
	if (!c->reached) {
		c->runs = DETECT_MAX_RUNS;
		c->repeats = 1;
		c->samples = detect_samples[detect_nmax() - 1];
		c->run_seconds = detect_cost(plan, 1, c->samples);
		c->seconds = c->runs * c->run_seconds;
	}
	sh = (struct detect_shape){ c->runs, c->repeats, c->samples };
	c->worst = detect_worst(&q, &sh, &c->worst_test);
	detect_judge(profile, &(struct run_group){ c->worst_test,
	    plan->copies[0] }, &sh, alpha, min_effect, &s);
	c->level = s.level;
	return c->reached;
}

/*
 * A choice for a message: "-R 26 -n 2, about 79 s a run", or "25 runs a
 * side of -n 2, each taken in turn with the other side's, about 100 s a
 * side".
 */
void
detect_describe(const struct detect_choice *c, char *buf, size_t len)
{
	char	secs[32], opts[64];

	if (c->repeats > 1)
		snprintf(opts, sizeof opts, "-R %d -n %d", c->repeats,
		    c->samples);
	else
		snprintf(opts, sizeof opts, "-n %d", c->samples);
	detect_secs(c->seconds, secs, sizeof secs);
	if (c->runs > 1)
		snprintf(buf, len, "%d runs a side of %s, each taken in turn "
		    "with the other side's, about %s a side", c->runs, opts,
		    secs);
	else
		snprintf(buf, len, "%s, about %s a run", opts, secs);
}

/* "45 s", "12 min", "3.5 h": a duration for a message. */
void
detect_secs(double s, char *buf, size_t len)
{
	if (s < 100)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 6000)
		snprintf(buf, len, "%.0f min", s / 60);
	else
		snprintf(buf, len, "%.1f h", s / 3600);
}

/* "45s", "12m", "3.5h": the same for a narrow cell, the unit one letter. */
static void
detect_secs_cell(double s, char *buf, size_t len)
{
	char	wide[DBL_MAX_10_EXP + 16], *sp;	/* room for any double */

	detect_secs(s, wide, sizeof wide);
	sp = strchr(wide, ' ');		/* so there is always one */
	snprintf(buf, len, "%.*s%c", (int)(sp - wide), wide, sp[1]);
}

/* A plan of one test at the profile's duration and samples. */
static void
detect_plan_one(const struct run *profile, const struct bench **b,
    const int *copies, struct plan *p)
{
	const char	*d = run_meta_get(profile, "duration");

	plan_init(p);
	p->benches = b;		/* the caller's: never plan_free()d */
	p->nbench = 1;
	p->copies[0] = *copies;
	if (d != NULL)
		sm_parse_double(d, &p->duration);
}

/* The cell of the settings reaching target for one test, or "-". */
static void
detect_cell(struct table *t, size_t row, size_t col, const struct run *profile,
    const struct plan *p, double target)
{
	struct detect_choice	c;
	char			secs[32];

	if (detect_choose(profile, p, COMPARE_ALPHA, COMPARE_MIN_EFFECT,
	    target, &c) != 1) {
		table_set(t, row, col, "-");
		return;
	}
	detect_secs_cell(c.seconds, secs, sizeof secs);
	if (c.runs > 1)
		table_set(t, row, col, "%dx(%dx%d) %s", c.runs, c.repeats,
		    c.samples, secs);
	else
		table_set(t, row, col, "%dx%d %s", c.repeats, c.samples, secs);
}

/*
 * One test's row: -R 1, 3, 5 at the profile's samples, then 5% and 2%.
 * A change past meaning is "blind" (blind.c), and the test gets a note
 * saying so in words and what can see one.
 */
static void
detect_row(struct table *t, const struct run *profile,
    const struct run_group *g, int samples)
{
	int			 blind = 0;
	char			 note[400];
	static const int	 reps[] = { 1, 3, 5 };
	const struct bench	*b = registry_find(g->test);
	struct plan	 p;
	size_t			 row;
	double			 d;
	char			 secs[32];

	if (b == NULL)
		return;
	detect_plan_one(profile, &b, &g->copies, &p);
	row = table_add_row(t);
	runset_set_title(t, row, &profile, 1, g, NULL);
	for (size_t i = 0; i < sizeof reps / sizeof reps[0]; i++) {
		d = detect_settings(profile, g, 1, reps[i], samples,
		    COMPARE_ALPHA, COMPARE_MIN_EFFECT);
		detect_secs_cell(detect_cost(&p, reps[i], samples), secs,
		    sizeof secs);
		if (blind_is(d))
			table_set(t, row, 1 + i, "blind %s", secs);
		else if (isfinite(d))
			table_set(t, row, 1 + i, "%.*f%% %s", d < 1 ? 1 : 0,
			    100 * d, secs);
		blind |= blind_is(d);
	}
	detect_cell(t, row, 4, profile, &p, 0.05);
	detect_cell(t, row, 5, profile, &p, 0.02);
	if (!blind)
		return;
	blind_advice(g->test, note, sizeof note);
	table_add_note(t, "blind: %s", note);
}

/* A note: the settings at which every test of the profile reaches target. */
static void
detect_whole(struct table *t, const struct run *profile,
    const struct run_group *g, size_t ng, double target)
{
	const struct bench	**b = xcalloc(ng + 1, sizeof *b);
	static const int	  one = 1;
	struct plan	  p;
	struct detect_choice	  c;
	size_t			  nb = 0;
	char			  how[160];
	int			  rc;

	for (size_t i = 0; i < ng; i++)
		if (g[i].copies == 1 && registry_find(g[i].test) != NULL)
			b[nb++] = registry_find(g[i].test);
	detect_plan_one(profile, b, &one, &p);
	p.nbench = nb;
	rc = nb > 0 ? detect_choose(profile, &p, COMPARE_ALPHA,
	    COMPARE_MIN_EFFECT, target, &c) : -1;
	free(b);
	if (rc < 0)
		return;
	detect_describe(&c, how, sizeof how);
	if (rc == 1)
		table_add_note(t, "Every test to %g%% at once: %s (worst: %s, "
		    "%.1f%%).", 100 * target, how, c.worst_test, 100 * c.worst);
	else
		table_add_note(t, "Every test to %g%% at once: not within %s: "
		    "%s stays at %.1f%%.", 100 * target, how, c.worst_test,
		    100 * c.worst);
}

/*
 * calibrate's closing table: for each test of the profile, the smallest
 * change a comparison of two runs finds with 80% power at -R 1, 3 and 5
 * (the profile's samples a repeat) and what one run of it costs, then the
 * cheapest repeats x samples reaching 5% and 2%.
 */
struct table *
detect_table(const struct run *profile)
{
	struct table		*t = table_new("SMALLEST DETECTABLE CHANGE");
	struct run_group	*g;
	const char		*ns = run_meta_get(profile, "samples");
	double			 n = 6;
	size_t			 ng;

	if (ns != NULL)
		sm_parse_double(ns, &n);
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "-R 1", TABLE_RIGHT);
	table_add_col(t, "-R 3", TABLE_RIGHT);
	table_add_col(t, "-R 5", TABLE_RIGHT);
	table_add_col(t, "TO 5%", TABLE_RIGHT);
	table_add_col(t, "TO 2%", TABLE_RIGHT);
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	ng = runset_union(&profile, 1, &g);
	for (size_t i = 0; i < ng; i++)
		detect_row(t, profile, &g[i], (int)n);
	detect_whole(t, profile, g, ng, 0.05);
	detect_whole(t, profile, g, ng, 0.02);
	free(g);
	table_add_note(t, "-R k: the smallest change a comparison of two "
	    "runs of k repeats of %g samples each finds with 80%% power at "
	    "alpha %g (compare's rule and -e %g%%), and how long one such run "
	    "of the test takes; compare takes a few repeats as independent, "
	    "which back-to-back repeats on a host that drifts are not.  TO "
	    "5%%, TO 2%%: the cheapest settings that reach it and a side's "
	    "time: RxN, one run of R repeats of N samples (from %d repeats "
	    "judged by %d batch means of them), or Kx(1xN), K runs a side "
	    "taken in turn with the other side's (- : none up to %d x 100 or "
	    "%d runs).  run --detect PERCENT picks them for a run.", n,
	    COMPARE_ALPHA, 100 * COMPARE_MIN_EFFECT, ESTIMATE_BATCH_MIN,
	    ESTIMATE_BATCHES, PLAN_MAX_REPEATS, DETECT_MAX_RUNS);
	table_add_note(t, "From this profile's estimates: with one run a "
	    "side the profile's own few repeats set the degrees of freedom, "
	    "so -R 1 stays wide however many samples are taken.");
	return t;
}
