/*
 * signif.c and estimate.c: the t distribution against reference values
 * worked out independently (mpmath at 30 digits), the estimate's parts
 * by hand, the verdict's formula, and then its error rates on synthetic
 * runs from a seeded generator: false calls when repeats drift as much
 * as samples spread, and the power to find a true 5% shift.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

static void
test_t_distribution(void **state)
{
	(void)state;
	assert_near(tdist_twosided(2.0, 3), 0.139325968558843, 1e-10);
	assert_near(tdist_twosided(0, 7), 1, 1e-12);
	assert_near(tdist_critical(0.05, 10), 2.22813885198627, 1e-7);
	assert_near(tdist_critical(0.01, 4.5), 4.27282399301129, 1e-7);
	/* far out, the normal */
	assert_near(tdist_critical(0.05, 1e6), 1.959964, 1e-5);
	assert_true(isnan(tdist_critical(0, 5)));
}

/* ---- Synthetic runs ---- */

/*
 * Append to run: repeats repeats of one test ("t"), each a warm-up plus n
 * samples of mean * (1 + offset) * (1 + cv_w * z), where each repeat's
 * offset is cv_b * z: the model of a run whose repeats drift.
 */
static void
synth(struct run *run, struct sm_rng *rng, int repeats, int n, double mean,
    double cv_w, double cv_b)
{
	for (int r = 1; r <= repeats; r++) {
		double	off = cv_b * sm_rng_normal(rng);

		for (int k = 0; k <= n; k++) {
			struct run_sample *s = run_add_sample(run);

			snprintf(s->test, sizeof s->test, "t");
			s->copies = 1;
			s->index = k;
			s->repeat = r;
			s->value = mean * (1 + off) *
			    (1 + cv_w * sm_rng_normal(rng));
		}
	}
}


static const struct run_group synth_g = { "t", 1 };

/* One comparison of two synthetic sides; the verdict. */
static enum signif_verdict
synth_judge(struct sm_rng *rng, int repeats, int n, double shift,
    double cv_w, double cv_b, const struct signif_rule *rule,
    struct signif *out)
{
	struct run	a, b;
	struct estimate	ea, eb;
	struct signif	s;

	run_init(&a);
	run_init(&b);
	synth(&a, rng, repeats, n, 1000, cv_w, cv_b);
	synth(&b, rng, repeats, n, 1000 * (1 + shift), cv_w, cv_b);
	estimate_run(&a, &synth_g, &ea);
	estimate_run(&b, &synth_g, &eb);
	signif_judge(&ea, &eb, rule, &s);
	run_free(&a);
	run_free(&b);
	if (out != NULL)
		*out = s;
	return s.verdict;
}

/* ---- The estimate ---- */

static void
add(struct run *run, int repeat, int index, double v)
{
	struct run_sample *s = run_add_sample(run);

	snprintf(s->test, sizeof s->test, "t");
	s->copies = 1;
	s->repeat = repeat;
	s->index = index;
	s->value = v;
}

/* Two repeats of 1,2,3 and 4,5,6, each after a wild warm-up. */
static void
test_estimate_parts(void **state)
{
	struct run	run;
	struct estimate	e;

	(void)state;
	run_init(&run);
	add(&run, 1, 0, 1000);
	add(&run, 1, 1, 1);
	add(&run, 1, 2, 2);
	add(&run, 1, 3, 3);
	add(&run, 2, 0, -1000);
	add(&run, 2, 1, 4);
	add(&run, 2, 2, 5);
	add(&run, 2, 3, 6);
	estimate_run(&run, &synth_g, &e);
	assert_int_equal(e.units, 2);
	assert_int_equal(e.n, 6);
	assert_int_equal(e.warmups, 2);
	assert_near(e.mean, 3.5, 1e-12);
	/* pooled within variance 1; the means' variance 4.5 */
	assert_near(e.within_cv, 1 / 3.5, 1e-12);
	assert_near(e.between_cv, sqrt(4.5 - 1.0 / 3) / 3.5, 1e-12);
	assert_near(e.relvar, 4.5 / 2 / (3.5 * 3.5), 1e-12);
	assert_near(e.df, 1, 0);
	/* one repeat: the samples' own variance of the mean */
	run.nsamples = 4;
	estimate_run(&run, &synth_g, &e);
	assert_int_equal(e.units, 1);
	assert_near(e.relvar, 1.0 / 3 / 4, 1e-12);
	assert_near(e.df, 2, 0);
	assert_true(isnan(e.between_cv));
	run_free(&run);
}

/*
 * Eight repeats of one run, their means 1..8 (two samples each, 0.5 either
 * side, after a wild warm-up): the mean's variance
 * from 3 batch means of consecutive repeats (1-2, 3-5, 6-8: means 1.5, 4
 * and 7), df 2; the same repeats as two runs of four count alone.
 */
static void
test_estimate_batches(void **state)
{
	struct run	 run, half[2];
	const struct run *h[2] = { &half[0], &half[1] };
	struct estimate	 e;
	double		 bm = (1.5 + 4 + 7) / 3, bv;

	(void)state;
	run_init(&run);
	run_init(&half[0]);
	run_init(&half[1]);
	for (int r = 1; r <= 8; r++)
		for (int k = 0; k <= 2; k++) {
			double	v = k == 0 ? 1000 : r + (k == 1 ? -0.5 : 0.5);

			add(&run, r, k, v);
			add(&half[(r - 1) / 4], r, k, v);
		}
	estimate_run(&run, &synth_g, &e);
	bv = ((1.5 - bm) * (1.5 - bm) + (4 - bm) * (4 - bm) +
	    (7 - bm) * (7 - bm)) / 2 / 3;
	assert_int_equal(e.units, 8);
	assert_int_equal(e.batches, ESTIMATE_BATCHES);
	assert_near(e.mean, 4.5, 1e-12);
	assert_near(e.relvar, bv / (4.5 * 4.5), 1e-12);
	assert_near(e.df, 2, 0);
	/* the means 1..8 spread with variance 6: one unit's, apart */
	assert_near(e.unit_relvar, 6 / (4.5 * 4.5), 1e-12);
	estimate_group(h, 2, &synth_g, &e);
	assert_int_equal(e.batches, 8);
	assert_near(e.relvar, 6.0 / 8 / (4.5 * 4.5), 1e-12);
	assert_near(e.df, 7, 0);
	/* seven repeats of one run count alone */
	run.nsamples = 7 * 3;
	estimate_run(&run, &synth_g, &e);
	assert_int_equal(e.batches, 7);
	assert_near(e.df, 6, 0);
	run_free(&run);
	run_free(&half[0]);
	run_free(&half[1]);
}

/* A rising series is flagged; a shuffled one is not. */
static void
test_estimate_flags(void **state)
{
	const double	rising[] = { 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 };
	const double	flat[] = { 14, 11, 17, 13, 19, 10, 16, 12, 18, 15 };
	struct run	run;
	struct estimate	e;
	char		f[32];

	(void)state;
	run_init(&run);
	for (int i = 0; i < 10; i++)
		add(&run, 1, i + 1, rising[i]);
	estimate_run(&run, &synth_g, &e);
	assert_int_equal(e.flags.trend, 1);
	estimate_flags_str(&e, 0, f, sizeof f);
	assert_string_equal(f, "T+");
	run.nsamples = 0;
	for (int i = 0; i < 10; i++)
		add(&run, 1, i + 1, flat[i]);
	add(&run, 1, 11, 1000);		/* an outlier */
	run.samples[run.nsamples - 1].busy = 2;
	estimate_run(&run, &synth_g, &e);
	assert_int_equal(e.flags.trend, 0);
	assert_int_equal(e.flags.outliers, 1);
	/* one sample of 11 started beside 2 others: 0.18 on average */
	assert_near(e.flags.busy, 2, 1e-12);
	estimate_flags_str(&e, 0.01, f, sizeof f);
	assert_string_equal(f, "O1 B C");
	run_free(&run);
}

/*
 * A step of tied figures, six 1s then six 2s: with the ties taken out
 * of Mann-Kendall's variance p is 0.005, a trend; without, 0.016.
 */
static void
test_estimate_trend_ties(void **state)
{
	struct run	run;
	struct estimate	e;

	(void)state;
	run_init(&run);
	for (int i = 0; i < 12; i++)
		add(&run, 1, i + 1, i < 6 ? 1 : 2);
	estimate_run(&run, &synth_g, &e);
	assert_near(e.flags.trend_p, erfc(35 / sqrt(156.0) / sqrt(2.0)),
	    1e-12);
	assert_int_equal(e.flags.trend, 1);
	run_free(&run);
}

/* reps repeats of n samples rising by step each: the estimate. */
static struct estimate
trend_of(int reps, int n, double step)
{
	struct run	run;
	struct estimate	e;

	run_init(&run);
	for (int k = 1; k <= reps; k++)
		for (int i = 0; i < n; i++)
			add(&run, k, i + 1, 100 + step * i);
	estimate_run(&run, &synth_g, &e);
	run_free(&run);
	return e;
}

/*
 * The trend's sign is the series', and only units of three samples or
 * more count (Mann-Kendall needs three in order to say anything).  Ten
 * rising samples: S = 45 of a variance of 125, p < 0.001, rising;
 * falling, the other way; twelve repeats of two rising samples: no
 * trend at all.
 */
static void
test_trend_flag(void **state)
{
	(void)state;
	assert_int_equal(trend_of(1, 10, 1).flags.trend, 1);
	assert_int_equal(trend_of(1, 10, -1).flags.trend, -1);
	assert_int_equal(trend_of(1, 10, 0).flags.trend, 0);
	assert_int_equal(trend_of(12, 2, 1).flags.trend, 0);
	assert_true(isnan(trend_of(12, 2, 1).flags.trend_p));
}

/* ---- The verdict ---- */

/* p, the interval and the ratio are the log-ratio t test's. */
static void
test_judge_formula(void **state)
{
	struct estimate		a, b;
	struct signif_rule	r;
	struct signif		s;
	double			ua, ub, lr, t, df, half;

	(void)state;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	a.units = b.units = 1;
	a.n = b.n = 3;
	a.mean = 10;
	b.mean = 11;
	a.relvar = ua = 0.04 / 3 / 100;
	b.relvar = ub = 0.04 / 3 / 121;
	a.df = b.df = 2;
	tu_rule_default(&r);
	signif_judge(&a, &b, &r, &s);
	lr = log(1.1);
	t = lr / sqrt(ua + ub);
	df = (ua + ub) * (ua + ub) / (ua * ua / 2 + ub * ub / 2);
	half = tdist_critical(0.05, df) * sqrt(ua + ub);
	assert_near(s.ratio, 1.1, 1e-12);
	assert_near(s.df, df, 1e-9);
	assert_near(s.p, tdist_twosided(t, df), 1e-12);
	assert_near(s.lo, exp(lr - half), 1e-12);
	assert_near(s.hi, exp(lr + half), 1e-12);
	assert_int_equal(s.level, SIGNIF_LEVEL_SAMPLES);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
	/* a lower-is-better test: the same change is worse */
	r.dir = BENCH_LOWER;
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_WORSE);
	/* -a honoured: p is about 0.004, so not at alpha 0.001 */
	assert_true(s.p > 0.001 && s.p < 0.05);
	r.alpha = 0.001;
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	/* the floor, with one run a side and no profile */
	r.alpha = 0.05;
	r.floor = 0.15;
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SMALL);
	assert_near(s.floor, 0.15, 0);
	/*
	 * A profile replaces the floor: both sides' means vary as much as
	 * the profile's repeat means (one part, twice that, with its df),
	 * plus what each side's samples spread beyond the profile's own.
	 */
	r.noise_relvar = ua;
	r.noise_df = 2;
	r.noise_within = 0;
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.level, SIGNIF_LEVEL_PROFILE);
	assert_near(s.df, 2, 1e-12);
	assert_near(s.p, tdist_twosided(lr / sqrt(2 * ua + ua + ub), 2),
	    1e-12);
	r.noise_within = ua;	/* a's samples add nothing, b's nothing */
	signif_judge(&a, &b, &r, &s);
	assert_near(s.p, tdist_twosided(lr / sqrt(2 * ua), 2), 1e-12);
	assert_true(s.p < 0.05);
	assert_int_equal(s.verdict, SIGNIF_WORSE);
	r.noise_relvar = 0.05 * 0.05;	/* runs land 5% apart: no verdict */
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SAME);
}

/* Across many cases the test and the interval never disagree. */
static void
test_judge_interval_agrees(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	struct signif		s;

	(void)state;
	sm_rng_seed(&rng, 7);
	tu_rule_default(&r);
	for (int i = 0; i < 300; i++) {
		synth_judge(&rng, 1 + i % 3, 3 + i % 5, 0.02 *
		    sm_rng_normal(&rng), 0.02, 0.01, &r, &s);
		assert_int_equal(s.p < r.alpha, s.lo > 1 || s.hi < 1);
	}
}

static void
test_nan_is_no_verdict(void **state)
{
	struct run		run;
	struct estimate		a, b;
	struct signif_rule	r;
	struct signif		s;

	(void)state;
	tu_rule_default(&r);
	run_init(&run);
	add(&run, 1, 1, 10);
	add(&run, 1, 2, 11);
	estimate_run(&run, &synth_g, &a);
	add(&run, 1, 3, NAN);
	estimate_run(&run, &synth_g, &b);
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_INVALID);
	run.samples[2].value = INFINITY;
	estimate_run(&run, &synth_g, &b);
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_INVALID);
	/* a mean of 0 makes the ratio meaningless */
	run.nsamples = 0;
	add(&run, 1, 1, -1);
	add(&run, 1, 2, 1);
	estimate_run(&run, &synth_g, &b);
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_INVALID);
	run_free(&run);
}

/* A side of figures v[0..n-1] over `repeats` repeats, estimated. */
static void
zero_side(const double *v, size_t n, int repeats, struct estimate *e)
{
	struct run	run;

	run_init(&run);
	for (size_t i = 0; i < n; i++)
		add(&run, 1 + (int)(i % (size_t)repeats), (int)(i + 1), v[i]);
	estimate_run(&run, &synth_g, e);
	run_free(&run);
}

/*
 * A figure that drops to 0 is -100%: worse for a higher-is-better test,
 * better for a lower-is-better one, with one repeat a side or several;
 * one rising from 0 is a change the other way.  0 is no "n/a".
 */
static void
test_drop_to_zero_is_a_change(void **state)
{
	const double		some[] = { 100, 101, 99, 100, 102, 98 };
	const double		none[] = { 0, 0, 0, 0, 0, 0 };
	struct estimate		ea, eb;
	struct signif_rule	r;
	struct signif		s;

	(void)state;
	tu_rule_default(&r);
	for (int repeats = 1; repeats <= 3; repeats += 2) {
		zero_side(some, 6, repeats, &ea);
		zero_side(none, 6, repeats, &eb);
		r.dir = BENCH_HIGHER;
		signif_judge(&ea, &eb, &r, &s);
		assert_int_equal(s.verdict, SIGNIF_WORSE);
		assert_true(s.p < r.alpha);
		assert_true(s.ratio == 0 && s.lo == 0 && s.hi == 0);
		r.dir = BENCH_LOWER;
		signif_judge(&ea, &eb, &r, &s);
		assert_int_equal(s.verdict, SIGNIF_BETTER);
		r.dir = BENCH_HIGHER;
		signif_judge(&eb, &ea, &r, &s);
		assert_int_equal(s.verdict, SIGNIF_BETTER);
		assert_true(isinf(s.ratio));
	}
	/* Under the floor of one run a side: still far past it. */
	r.floor = 0.75;
	zero_side(some, 6, 1, &ea);
	zero_side(none, 3, 1, &eb);
	signif_judge(&ea, &eb, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_WORSE);
	/* A single figure a side admits no p-value, 0 or not. */
	zero_side(some, 1, 1, &ea);
	zero_side(none, 1, 1, &eb);
	signif_judge(&ea, &eb, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SINGLE);
	/* A side that spreads as much as its mean: not shown to differ. */
	{
		const double	wide[] = { 1, 200, 1, 200 };

		zero_side(wide, 4, 1, &ea);
		zero_side(none, 4, 1, &eb);
		r.floor = 0;
		signif_judge(&ea, &eb, &r, &s);
		assert_int_equal(s.verdict, SIGNIF_SAME);
	}
}

static void
test_single_figure_is_not_tested(void **state)
{
	struct run		run;
	struct estimate		a, b;
	struct signif_rule	r;
	struct signif		s;

	(void)state;
	tu_rule_default(&r);
	run_init(&run);
	add(&run, 1, 1, 10);
	estimate_run(&run, &synth_g, &a);
	add(&run, 1, 2, 20);
	estimate_run(&run, &synth_g, &b);
	signif_judge(&a, &b, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SINGLE);
	assert_int_equal(s.na, 1);
	assert_int_equal(s.nb, 2);
	assert_true(isnan(s.p));
	run_free(&run);
}

/*
 * The model of a noisy host: each repeat drifts by as much as
 * the samples spread (CV 2% both).  With 3 repeats a side, judged on
 * the repeat means, at most 5% of A/A comparisons may be called.
 */
static void
test_false_calls_with_drift(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	enum signif_verdict	v;
	int			calls = 0, trials = 2000;

	(void)state;
	sm_rng_seed(&rng, 20130620);
	tu_rule_default(&r);
	for (int i = 0; i < trials; i++) {
		v = synth_judge(&rng, 3, 10, 0, 0.02, 0.02, &r, NULL);
		calls += v == SIGNIF_BETTER || v == SIGNIF_WORSE;
	}
	print_message("false calls: %d of %d\n", calls, trials);
	assert_true(calls <= trials * 5 / 100);
}

/* The same drift with one run a side and samples alone, before: 45%. */
static void
test_false_calls_one_run_floor(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	enum signif_verdict	v;
	int			calls = 0, trials = 2000;

	(void)state;
	sm_rng_seed(&rng, 45);
	tu_rule_default(&r);
	r.floor = judge_floor("syscall");	/* System: the lowest */
	for (int i = 0; i < trials; i++) {
		v = synth_judge(&rng, 1, 10, 0, 0.02, 0.02, &r, NULL);
		calls += v == SIGNIF_BETTER || v == SIGNIF_WORSE;
	}
	print_message("false calls, one run a side: %d of %d\n", calls,
	    trials);
	assert_true(calls <= trials * 5 / 100);
}

/*
 * The rule with one run a side and a host profile of `repeats` repeats
 * drawn from the same host (CV 2% within, cv_b between).
 */
static void
synth_profile(struct sm_rng *rng, int repeats, double cv_b,
    struct signif_rule *r)
{
	struct run	p;

	tu_rule_default(r);
	run_init(&p);
	synth(&p, rng, repeats, 10, 1000, 0.02, cv_b);
	judge_profile(&p, &synth_g, r);
	run_free(&p);
}

/*
 * One run a side with a profile of 3 repeats, each run drifting by as
 * much as its samples spread (and by half and twice that): at most 5%
 * of A/A comparisons called.  The rule before (the profile's between
 * part, after subtracting its within part, added to each side as if
 * independent) called 8-13% in a simulation of this model.
 */
static void
test_false_calls_profile(void **state)
{
	const double		cv_b[] = { 0.01, 0.02, 0.04 };
	struct sm_rng		rng;
	struct signif_rule	r;
	enum signif_verdict	v;
	int			calls, trials = 20000;	/* rates near 5% */

	(void)state;
	sm_rng_seed(&rng, 2013);
	for (size_t k = 0; k < sizeof cv_b / sizeof cv_b[0]; k++) {
		calls = 0;
		for (int i = 0; i < trials; i++) {
			synth_profile(&rng, 3, cv_b[k], &r);
			v = synth_judge(&rng, 1, 10, 0, 0.02, cv_b[k], &r,
			    NULL);
			calls += v == SIGNIF_BETTER || v == SIGNIF_WORSE;
		}
		print_message("false calls, profile, between CV %g: %d of "
		    "%d\n", cv_b[k], calls, trials);
		assert_true(calls <= trials * 5 / 100);
	}
}

/*
 * And a real change is still found with one run a side: 20% at CV 2%
 * within and between, with calibrate's 5 repeats, in >= 90% of trials.
 */
static void
test_power_profile(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	int			found = 0, trials = 2000;

	(void)state;
	sm_rng_seed(&rng, 20);
	for (int i = 0; i < trials; i++) {
		synth_profile(&rng, NOISE_REPEATS, 0.02, &r);
		found += synth_judge(&rng, 1, 10, 0.20, 0.02, 0.02, &r,
		    NULL) == SIGNIF_BETTER;
	}
	print_message("found, profile: %d of %d\n", found, trials);
	assert_true(found >= trials * 90 / 100);
}

/* A true 5% shift at CV 2%, 10 samples and 3 repeats a side: >= 90%. */
static void
test_power_five_percent(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	int			found = 0, trials = 2000;

	(void)state;
	sm_rng_seed(&rng, 5);
	tu_rule_default(&r);
	for (int i = 0; i < trials; i++)
		found += synth_judge(&rng, 3, 10, 0.05, 0.02, 0, &r, NULL) ==
		    SIGNIF_BETTER;
	print_message("found: %d of %d\n", found, trials);
	assert_true(found >= trials * 90 / 100);
}

/* One side with repeats, the other a single run: still judged on runs. */
static void
test_mixed_sides(void **state)
{
	struct sm_rng		rng;
	struct signif_rule	r;
	struct run		a, b;
	struct estimate		ea, eb;
	struct signif		s;

	(void)state;
	sm_rng_seed(&rng, 3);
	tu_rule_default(&r);
	run_init(&a);
	run_init(&b);
	synth(&a, &rng, 3, 10, 1000, 0.01, 0.03);
	synth(&b, &rng, 1, 10, 1000, 0.01, 0.03);
	estimate_run(&a, &synth_g, &ea);
	estimate_run(&b, &synth_g, &eb);
	signif_judge(&ea, &eb, &r, &s);
	assert_int_equal(s.level, SIGNIF_LEVEL_RUNS);
	/* both parts come from a's 3 repeats: at most 2 + 2 df */
	assert_true(s.df >= ea.df && s.df <= 2 * ea.df);
	run_free(&a);
	run_free(&b);
}

/*
 * Figures whose squares overflow (near 1e308, or 1e200 squared) give a NaN
 * p and interval: that must never read as better or worse.
 */
/*
 * Welch's df is random: the share of the variance one side holds varies
 * as Beta(da/2, db/2), the other's as Beta(db/2, da/2).  So the smallest
 * change found with 80% power is the same whichever side is called a:
 * weights that favour one end of the split tell the sides apart.
 */
static void
test_welch_sides_swapped(void **state)
{
	struct signif_detect_parts ab = { 0.01 * 0.01, 2, 0.03 * 0.03, 4, 6,
	    1 };
	struct signif_detect_parts ba = { 0.03 * 0.03, 4, 0.01 * 0.01, 2, 6,
	    1 };
	double	x, y;

	(void)state;
	x = signif_detect_of(&ab, 0.05, 0);
	y = signif_detect_of(&ba, 0.05, 0);
	assert_true(isfinite(x) && x > 0);
	if (fabs(x / y - 1) > 2e-3)
		fail_msg("a 1%% side on 2 df and a 3%% on 4: %.5f one way "
		    "round, %.5f the other", x, y);
}

static void
test_huge_figures_are_not_judged(void **state)
{
	const double		a[][3] = { { 1e200, 1.01e200, 0.99e200 },
				    { 4e307, 4.1e307, 3.9e307 } };
	const double		b[][3] = { { 2e200, 2.02e200, 1.98e200 },
				    { 8e307, 8.2e307, 7.8e307 } };
	struct signif_rule	r;
	struct estimate		ea, eb;
	struct signif		s;
	struct run		ra, rb;

	(void)state;
	tu_rule_default(&r);
	for (size_t i = 0; i < 2; i++) {
		run_init(&ra);
		run_init(&rb);
		for (int k = 0; k < 3; k++) {
			add(&ra, 1, k + 1, a[i][k]);
			add(&rb, 1, k + 1, b[i][k]);
		}
		estimate_run(&ra, &synth_g, &ea);
		estimate_run(&rb, &synth_g, &eb);
		signif_judge(&ea, &eb, &r, &s);
		if (s.verdict == SIGNIF_BETTER || s.verdict == SIGNIF_WORSE) {
			assert_true(isfinite(s.p) && s.p < r.alpha);
			assert_true(isfinite(s.lo) && isfinite(s.hi));
		}
		run_free(&ra);
		run_free(&rb);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_distribution),
		cmocka_unit_test(test_welch_sides_swapped),
		cmocka_unit_test(test_estimate_parts),
		cmocka_unit_test(test_estimate_batches),
		cmocka_unit_test(test_estimate_flags),
		cmocka_unit_test(test_estimate_trend_ties),
		cmocka_unit_test(test_trend_flag),
		cmocka_unit_test(test_judge_formula),
		cmocka_unit_test(test_judge_interval_agrees),
		cmocka_unit_test(test_nan_is_no_verdict),
		cmocka_unit_test(test_single_figure_is_not_tested),
		cmocka_unit_test(test_drop_to_zero_is_a_change),
		cmocka_unit_test(test_huge_figures_are_not_judged),
		cmocka_unit_test(test_false_calls_with_drift),
		cmocka_unit_test(test_false_calls_one_run_floor),
		cmocka_unit_test(test_power_five_percent),
		cmocka_unit_test(test_false_calls_profile),
		cmocka_unit_test(test_power_profile),
		cmocka_unit_test(test_mixed_sides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
