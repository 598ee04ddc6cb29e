/*
 * The smallest detectable change (signif.c's signif_detectable(),
 * detect.c's plans): its formula against the normal case worked by hand,
 * and its promise on synthetic data: a true change of the size it names
 * is found in 80% of comparisons, within 3 points, with repeats a side
 * and with one run a side and a host profile of 5 repeats.  Seeded, so
 * the rates are the same on every machine.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

static const struct run_group g_t = { "t", 1 };

/*
 * repeats repeats of n samples (and a warm-up) of test "t": each repeat's
 * level drifts by exp(cv_b z), each sample by exp(cv_w z) around it.
 */
static void
lognormal_run(struct run *run, struct sm_rng *rng, int repeats, int n,
    double level, double cv_w, double cv_b)
{
	for (int r = 1; r <= repeats; r++) {
		double	drift = exp(cv_b * sm_rng_normal(rng));

		for (int k = 0; k <= n; k++) {
			struct run_sample *s = run_add_sample(run);

			snprintf(s->test, sizeof s->test, "t");
			s->copies = 1;
			s->repeat = r;
			s->index = k;
			s->status = RUN_OK;
			s->value = level * drift * exp(cv_w * sm_rng_normal(rng));
		}
	}
}

static void
base_rule(struct signif_rule *r)
{
	r->dir = BENCH_HIGHER;
	r->alpha = 0.05;
	r->min_effect = 0.01;
	r->floor = 0;
	r->noise_relvar = r->noise_df = NAN;
	r->noise_within = 0;
}

/* A known variance and many df: (1.96 + 0.8416) sd, as the normal says. */
static void
test_detectable_normal(void **state)
{
	double	sd = 0.02, want = expm1((1.959964 + 0.841621) * sd);

	(void)state;
	assert_near(signif_detectable(sd * sd, 1e7, 0.05, 0), want, 1e-4);
	/* Few df: wider; a floor above it: at least the floor. */
	assert_true(signif_detectable(sd * sd, 4, 0.05, 0) > 1.3 * want);
	assert_true(signif_detectable(sd * sd, 1e7, 0.05, 0.2) > 0.2);
	assert_near(signif_detectable(0, 5, 0.05, 0.01), 0.01, 1e-12);
	assert_true(isnan(signif_detectable(NAN, 5, 0.05, 0)));
	assert_true(isnan(signif_detectable(1e-4, 0, 0.05, 0)));
}

/* The share of trials in which side b (shifted by change) is called better. */
static double
found_share(struct sm_rng *rng, int repeats, int n, double change,
    double cv_w, double cv_b, int with_profile, int trials)
{
	struct signif_rule	r;
	struct estimate		ea, eb;
	struct signif		s;
	int			found = 0;

	for (int i = 0; i < trials; i++) {
		struct run	a, b, p;

		run_init(&a);
		run_init(&b);
		run_init(&p);
		base_rule(&r);
		if (with_profile) {
			lognormal_run(&p, rng, NOISE_REPEATS, n, 1000, cv_w,
			    cv_b);
			judge_profile(&p, &g_t, &r);
		}
		lognormal_run(&a, rng, repeats, n, 1000, cv_w, cv_b);
		lognormal_run(&b, rng, repeats, n, 1000 * (1 + change), cv_w,
		    cv_b);
		estimate_run(&a, &g_t, &ea);
		estimate_run(&b, &g_t, &eb);
		signif_judge(&ea, &eb, &r, &s);
		found += s.verdict == SIGNIF_BETTER;
		run_free(&a);
		run_free(&b);
		run_free(&p);
	}
	return (double)found / trials;
}

/*
 * The change promised for repeats x n a side when the noise is known
 * (cv_w within, cv_b between), by the rule compare judges with: with
 * repeats, from their means (df repeats - 1 a side); with one run, from a
 * profile of NOISE_REPEATS repeats at the same n.
 */
static double
promised(int repeats, int n, double cv_w, double cv_b)
{
	struct signif_rule	r;
	struct estimate		e;
	struct signif		s;
	double			unit = cv_b * cv_b + cv_w * cv_w / n;

	base_rule(&r);
	memset(&e, 0, sizeof e);
	e.mean = 1;
	e.within_cv = cv_w;
	e.units = (size_t)repeats;
	e.n = (size_t)(repeats * n);
	if (repeats > 1) {
		e.relvar = unit / repeats;
		e.df = repeats - 1;
	} else {
		r.noise_relvar = unit;
		r.noise_df = NOISE_REPEATS - 1;
		r.noise_within = cv_w * cv_w / n;
		e.relvar = cv_w * cv_w / n;
		e.df = n - 1;
	}
	signif_judge(&e, &e, &r, &s);
	return s.detect;
}

/* Repeats a side: 3 x 10 and 5 x 6 at CV 3% within and 2% between. */
static void
test_power_repeats(void **state)
{
	const int	plans[][2] = { { 3, 10 }, { 5, 6 } };
	struct sm_rng	rng;
	double		d, share;

	(void)state;
	sm_rng_seed(&rng, 2408);
	for (size_t k = 0; k < sizeof plans / sizeof plans[0]; k++) {
		d = promised(plans[k][0], plans[k][1], 0.03, 0.02);
		share = found_share(&rng, plans[k][0], plans[k][1], d, 0.03,
		    0.02, 0, 4000);
		print_message("repeats %d x %d: promised %.2f%%, found in "
		    "%.1f%%\n", plans[k][0], plans[k][1], 100 * d,
		    100 * share);
		assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
	}
}

/* One run a side, a fresh 5-repeat profile for each comparison. */
static void
test_power_profile(void **state)
{
	struct sm_rng	rng;
	double		d, share;

	(void)state;
	sm_rng_seed(&rng, 2409);
	d = promised(1, 10, 0.03, 0.02);
	share = found_share(&rng, 1, 10, d, 0.03, 0.02, 1, 4000);
	print_message("one run, profile: promised %.2f%%, found in %.1f%%\n",
	    100 * d, 100 * share);
	assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
}

/*
 * The planner on a profile: more repeats find less; a profile of one
 * test plans it, and the cheapest settings reaching a target do reach it.
 */
static void
test_plan(void **state)
{
	const struct bench	*b = registry_find("syscall");
	const int		 one = 1;
	struct runner_plan	 p;
	struct detect_choice	 c;
	struct sm_rng		 rng;
	struct run		 prof;
	struct run_group	 g = { "syscall", 1 };
	double			 d1, d3, d5;

	(void)state;
	assert_non_null(b);
	sm_rng_seed(&rng, 7);
	run_init(&prof);
	lognormal_run(&prof, &rng, 5, 6, 1000, 0.03, 0.02);
	for (size_t i = 0; i < prof.nsamples; i++)
		snprintf(prof.samples[i].test, sizeof prof.samples[i].test,
		    "syscall");
	d1 = detect_settings(&prof, &g, 1, 6, 0.05, 0.01);
	d3 = detect_settings(&prof, &g, 3, 6, 0.05, 0.01);
	d5 = detect_settings(&prof, &g, 5, 6, 0.05, 0.01);
	assert_true(d1 > d3 && d3 > d5 && d5 > 0.01);
	memset(&p, 0, sizeof p);
	p.benches = &b;
	p.nbench = 1;
	p.copies = &one;
	p.ncopies = 1;
	p.duration = 1;
	assert_int_equal(detect_choose(&prof, &p, 0.05, 0.01, 0.05, &c), 1);
	assert_true(c.worst <= 0.05);
	assert_true(detect_settings(&prof, &g, c.repeats, c.samples, 0.05,
	    0.01) <= 0.05);
	assert_true(c.seconds > 0);
	/* Nothing reaches a change below -e. */
	assert_int_equal(detect_choose(&prof, &p, 0.05, 0.01, 0.005, &c), 0);
	/* A test the profile lacks is named. */
	b = registry_find("dhry2");
	assert_int_equal(detect_choose(&prof, &p, 0.05, 0.01, 0.05, &c), -1);
	assert_string_equal(c.worst_test, "dhry2");
	run_free(&prof);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detectable_normal),
		cmocka_unit_test(test_power_repeats),
		cmocka_unit_test(test_power_profile),
		cmocka_unit_test(test_plan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
