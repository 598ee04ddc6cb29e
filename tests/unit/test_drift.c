/*
 * The drift term of a comparison between sides taken apart: the
 * variogram of a host's saved runs (drift_estimate()) finds the spread
 * a host that wanders adds at a gap, and none where it holds still; the
 * compared runs are left out; too few pairs is "not measured"; and the
 * term, added to a verdict (judge_drift(), signif_widen()), widens its
 * interval and detectable change, so that a shift the host made alone
 * is no longer called.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

#define NRUN	80		/* one a minute */

/*
 * A history of NRUN runs of test t on host h, a minute apart: each of
 * 3 samples of 1% spread around a level that wanders by walk (the sd of
 * a random walk's relative step) each minute, each run's own level
 * straying from it by stray (sd, relative, white: run to run).
 */
static void
drift_history_step(struct history *h, double walk, double stray,
    unsigned seed, int step_at, double step, double alpha)
{
	struct history_query	q;
	struct sm_rng		rng;
	double			level = 100, run_level, v[3];
	char			date[64], path[32];

	sm_rng_seed(&rng, seed);
	history_init(h);
	for (int i = 0; i < NRUN; i++) {
		struct run	run;
		time_t		t = 1796650000 + 60 * (time_t)i;
		struct tm	tm;

		level *= 1 + walk * sm_rng_normal(&rng);
		run_level = stray > 0 ? level * (1 + stray *
		    sm_rng_normal(&rng)) : level;
		for (int k = 0; k < 3; k++)
			v[k] = run_level * (i >= step_at ? step : 1) *
			    (1 + 0.01 * sm_rng_normal(&rng));
		run_init(&run);
		run_meta_set(&run, "hostname", "h");
		gmtime_r(&t, &tm);
		strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S+0000", &tm);
		run_meta_set(&run, "date", date);
		tu_add_samples(&run, "t", 1, "lps", v, 3);
		snprintf(path, sizeof path, "r%03d.csv", i);
		history_add_loaded(h, path, &run);
		run_free(&run);
	}
	memset(&q, 0, sizeof q);
	changepoint_opts_default(&q.cp);
	q.cp.alpha = alpha;
	history_build(h, &q);
}

static void
drift_history(struct history *h, double walk, unsigned seed)
{
	/* a walk is no step: keep one level */
	drift_history_step(h, walk, 0, seed, NRUN, 1, 1e-9);
}

/* A wandering host: spread at an hour's gap, more than at ten minutes. */
static void
test_variogram_grows(void **state)
{
	struct history		h;
	struct compare_drift	d10, d60;

	(void)state;
	drift_history(&h, 0.02, 7);
	drift_estimate(&h, "h", "t", 1, 1, 600, NULL, &d10);
	drift_estimate(&h, "h", "t", 1, 1, 3600, NULL, &d60);
	assert_true(isfinite(d10.var) && isfinite(d60.var));
	assert_true(d10.pairs >= DRIFT_MIN_PAIRS);
	assert_true(d60.var > d10.var);
	/*
	 * A walk of 2% a minute: V(h) = h x 0.0004.  Pairs 5-20 min apart
	 * (about 11 on average) and 30-79 (about 50): about 0.0044 and
	 * 0.020, each within a factor of 2.
	 */
	assert_true(d10.var > 0.0022 && d10.var < 0.009);
	assert_true(d60.var > 0.010 && d60.var < 0.040);
	assert_true(d60.df >= 1);
	history_free(&h);
}

/* A host that holds still: nothing beyond the back-to-back spread. */
static void
test_variogram_still(void **state)
{
	struct history		h;
	struct compare_drift	d;

	(void)state;
	drift_history(&h, 0, 7);
	drift_estimate(&h, "h", "t", 1, 1, 1800, NULL, &d);
	assert_true(isfinite(d.var));
	assert_true(d.var < 1e-4);
	history_free(&h);
}

/* Too few runs that far apart, another host, the compared runs left out. */
static void
test_not_measured(void **state)
{
	struct history		h;
	struct compare_drift	d;
	unsigned char		skip[NRUN] = { 0 };

	(void)state;
	drift_history(&h, 0.02, 3);
	drift_estimate(&h, "h", "t", 1, 1, 86400, NULL, &d);
	assert_true(isnan(d.var));
	drift_estimate(&h, "other", "t", 1, 1, 600, NULL, &d);
	assert_true(isnan(d.var));
	assert_int_equal(d.pairs, 0);
	/* Every run but three left out: too few pairs. */
	memset(skip, 1, sizeof skip);
	skip[0] = skip[10] = skip[20] = 0;
	drift_estimate(&h, "h", "t", 1, 1, 600, skip, &d);
	assert_true(isnan(d.var));
	assert_true(d.pairs < DRIFT_MIN_PAIRS);
	history_free(&h);
}

/*
 * The compared runs are saved runs of a still host, and the newer one
 * stands after a step history finds (runs 70 on, 20% down): the drift is measured in
 * the level the compared runs start in, before the step, not in the
 * nine runs after it, which hold no pair 10 minutes apart.
 */
static void
test_level_of_the_sides(void **state)
{
	struct history		h;
	struct compare_drift	d;
	unsigned char		skip[NRUN] = { 0 };

	(void)state;
	drift_history_step(&h, 0, 0, 11, 70, 0.8, 0.05);
	assert_int_equal(h.nseries, 1);
	assert_int_equal(h.series[0].cp.ncps, 1);
	assert_int_equal(h.series[0].cp.cps[0].at, 70);
	skip[65] = skip[75] = 1;
	drift_estimate(&h, "h", "t", 1, 1, 1200, skip, &d);
	assert_true(isfinite(d.var));
	assert_true(d.pairs >= DRIFT_MIN_PAIRS);
	/* Neither side saved: the newest level, as before, too short. */
	drift_estimate(&h, "h", "t", 1, 1, 1200, NULL, &d);
	assert_true(isnan(d.var));
	history_free(&h);
}

/*
 * Judge b against a on samples alone (*s0: called worse, as the tests
 * below make them), then an hour apart with the drift term d in (*s1:
 * no longer called, and a change of 20% could go unseen).
 */
static void
drift_judge_hour(const struct compare_side *sa, const struct compare_side *sb,
    const struct run_group *g, const struct compare_drift *d,
    struct compare_opts *o, struct signif *s0, struct signif *s1)
{
	compare_opts_default(o);
	judge_group(sa, sb, g, BENCH_HIGHER, o, s0);
	assert_int_equal(s0->verdict, SIGNIF_WORSE);
	o->gap = 3600;
	o->drift = d;
	o->ndrift = 1;
	judge_group(sa, sb, g, BENCH_HIGHER, o, s1);
	assert_int_equal(s1->verdict, SIGNIF_SAME);
	assert_true(s1->detect > 0.2);
}

/*
 * Two runs an hour apart on a host that wandered 8%: called worse on
 * their samples alone, not once the drift measured at that gap is in.
 */
static void
test_drift_in_verdict(void **state)
{
	struct run		 a[3], b[3];
	const struct run	*pa[3] = { &a[0], &a[1], &a[2] };
	const struct run	*pb[3] = { &b[0], &b[1], &b[2] };
	struct compare_side	 sa = { pa, 3, "a" }, sb = { pb, 3, "b" };
	struct compare_opts	 o;
	struct compare_drift	 d = { "t", 0.01, 20, 30, 0.01 };
	struct run_group	 g = { "t", 1 };
	struct signif		 s0, s1;
	char			 buf[512];

	(void)state;
	for (int i = 0; i < 3; i++) {
		double	va[] = { 100 + i, 101 + i, 99 + i };
		double	vb[] = { 92 + i, 93 + i, 91 + i };

		run_init(&a[i]);
		run_init(&b[i]);
		tu_add_samples(&a[i], "t", 1, "lps", va, 3);
		tu_add_samples(&b[i], "t", 1, "lps", vb, 3);
	}
	drift_judge_hour(&sa, &sb, &g, &d, &o, &s0, &s1);
	assert_true(s1.lo < s0.lo && s1.hi > s0.hi);
	assert_near(s1.ratio, s0.ratio, 1e-12);
	judge_drift_str(&o, SIGNIF_LEVEL_RUNS, buf, sizeof buf);
	assert_non_null(strstr(buf, "60 min apart"));
	/* Not measured: the verdict as it was, and the note says so. */
	d.var = NAN;
	judge_group(&sa, &sb, &g, BENCH_HIGHER, &o, &s1);
	assert_int_equal(s1.verdict, SIGNIF_WORSE);
	judge_drift_str(&o, SIGNIF_LEVEL_RUNS, buf, sizeof buf);
	assert_non_null(strstr(buf, "not measured for 1 test"));
	for (int i = 0; i < 3; i++) {
		run_free(&a[i]);
		run_free(&b[i]);
	}
}

/*
 * A host whose runs stray 5% from one another, back to back as an hour
 * apart, and never wander: nothing beyond back-to-back runs (what
 * repeats or a profile hold), but the whole run-to-run spread beyond
 * the runs' own samples, about 2 x 0.05^2, which one run a side judged
 * on its samples does not hold.
 */
static void
test_strays_one_a_side(void **state)
{
	struct history		h;
	struct compare_drift	d;

	(void)state;
	drift_history_step(&h, 0, 0.05, 5, NRUN, 1, 1e-9);
	drift_estimate(&h, "h", "t", 1, 1, 3600, NULL, &d);
	assert_true(isfinite(d.var) && isfinite(d.var_one));
	assert_true(d.var < 0.0015);
	assert_true(d.var_one > 0.0025 && d.var_one < 0.01);
	history_free(&h);
}

/*
 * One run a side of a CPU test (a floor of 20%) an hour apart, no
 * profile, 25% apart in samples of 1% spread, on a host whose runs stray
 * about 12% from one another: called worse on the samples, and it still
 * would be with the back-to-back part of the drift term (none: the
 * strays are as wide back to back); not with the run-to-run spread at
 * that gap, which one run a side lacks.
 */
static void
test_one_a_side_verdict(void **state)
{
	struct run		 a, b;
	const struct run	*pa[1] = { &a }, *pb[1] = { &b };
	struct compare_side	 sa = { pa, 1, "a" }, sb = { pb, 1, "b" };
	struct compare_opts	 o;
	struct compare_drift	 d = { "dhry2reg", 0, 20, 30, 0.03 };
	struct run_group	 g = { "dhry2reg", 1 };
	double			 va[] = { 100, 101, 99, 100.5, 99.5 };
	double			 vb[] = { 75, 76, 74, 75.5, 74.5 };
	struct signif		 s0, s1;
	char			 buf[512];

	(void)state;
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "dhry2reg", 1, "lps", va, 5);
	tu_add_samples(&b, "dhry2reg", 1, "lps", vb, 5);
	drift_judge_hour(&sa, &sb, &g, &d, &o, &s0, &s1);
	assert_int_equal(s0.level, SIGNIF_LEVEL_SAMPLES);
	judge_drift_str(&o, SIGNIF_LEVEL_SAMPLES, buf, sizeof buf);
	assert_non_null(strstr(buf, "up to 17.3% added spread"));
	judge_drift_str(&o, SIGNIF_LEVEL_RUNS, buf, sizeof buf);
	assert_non_null(strstr(buf, "up to 0.0% added spread"));
	run_free(&a);
	run_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_variogram_grows),
		cmocka_unit_test(test_variogram_still),
		cmocka_unit_test(test_not_measured),
		cmocka_unit_test(test_drift_in_verdict),
		cmocka_unit_test(test_strays_one_a_side),
		cmocka_unit_test(test_one_a_side_verdict),
		cmocka_unit_test(test_level_of_the_sides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
