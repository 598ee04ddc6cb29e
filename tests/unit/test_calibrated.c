/*
 * The calibrated timing of lmbench-style tests (sampler.c, runner.c):
 * a workload of known cost is measured within tolerance of that cost,
 * a sample is the median of its 11 batches,
 * what overhead() costs is subtracted, the clock probe lands in the run,
 * and placement on two CPUs is recorded or refused with a reason.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

#define CAL_COST_NS	20000	/* one iteration of the known workload */

/* Spin until the clock has moved per_ns for each of n iterations. */
static void
cal_spin(uint64_t n, uint64_t per_ns)
{
	uint64_t	end = sm_now_ns() + n * per_ns;

	while (sm_now_ns() < end)
		;
}

static void
cal_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	cal_spin(n, CAL_COST_NS);
}

static void
cal_half(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	cal_spin(n, CAL_COST_NS / 2);
}

/*
 * Of the batches of one size, every third is ten times as slow, as if
 * preempted.  Counting restarts whenever n changes, so the sampler's
 * calibration (growing n) never meets a slow batch and sizes the batch
 * on the true cost; 4 of the 11 measured batches are slow.  Each copy
 * is a fresh child, so the counts start at 0.
 */
static uint64_t	cal_last_n;
static unsigned	cal_same_n;

static void
cal_spiky(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	cal_same_n = n == cal_last_n ? cal_same_n + 1 : 0;
	cal_last_n = n;
	cal_spin(n, cal_same_n % 3 == 2 ? 10 * CAL_COST_NS : CAL_COST_NS);
}

static const struct bench cal_known = {
	.id = "cal_known", .title = "known cost", .group = "test",
	.unit = "us", .dir = BENCH_LOWER, .version = 1, .desc = "",
	.scale = 1e6, .loop = cal_loop, .timing = BENCH_CALIBRATED,
};

static const struct bench cal_over = {
	.id = "cal_over", .title = "known cost, half overhead",
	.group = "test", .unit = "us", .dir = BENCH_LOWER, .version = 1,
	.desc = "", .scale = 1e6, .loop = cal_loop, .overhead = cal_half,
	.timing = BENCH_CALIBRATED,
};

static const struct bench cal_spikes = {
	.id = "cal_spikes", .title = "a slow batch in three",
	.group = "test", .unit = "us", .dir = BENCH_LOWER, .version = 1,
	.desc = "", .scale = 1e6, .loop = cal_spiky,
	.timing = BENCH_CALIBRATED,
};

static const struct bench cal_two = {
	.id = "cal_two", .title = "placed on two CPUs", .group = "test",
	.unit = "us", .dir = BENCH_LOWER, .version = 1, .desc = "",
	.scale = 1e6, .loop = cal_loop, .timing = BENCH_CALIBRATED,
	.place = BENCH_TWO_CPUS,
};

static void
cal_ignore(const struct runner_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
}

/* Run benches for samples samples into run; asserts the runner starts. */
static void
cal_run(const struct bench **b, size_t nb, int samples, struct run *run)
{
	struct plan	 plan;
	struct runner_env	 env;
	struct runner		*r;
	struct sm_error		 err;
	int			 one = 1;

	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	plan.benches = b;
	plan.nbench = nb;
	plan.copies[0] = one;
	plan.ncopies = 1;
	plan.samples = samples;
	plan.duration = 0.1;
	env.grace = 10;
	env.self_exe = "/bin/true";
	run_init(run);
	r = runner_start(&plan, &env, run, cal_ignore, NULL, &err);
	assert_non_null(r);
	assert_int_equal(runner_wait(r, NULL), 0);
	runner_free(r);
}

static int
cal_cmp(const void *x, const void *y)
{
	double	a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The median of n values, sorting them. */
static double
cal_median(double *v, size_t n)
{
	qsort(v, n, sizeof v[0], cal_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Each test's samples' values, in v[test][k], the tests as in b: 0, or 1
 * with why a sample is unusable in why (a failed sample, or a median
 * batch shorter than its iterations of at least 20 us spun).
 */
static int
cal_check_values(const struct run *run, const struct bench **b, size_t nb,
    double v[][5], size_t *nv, char *why, size_t len)
{
	for (size_t i = 0; i < nb; i++)
		nv[i] = 0;
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample	*s = &run->samples[i];
		size_t			 t = 0;

		while (t < nb && strcmp(s->test, b[t]->id) != 0)
			t++;
		assert_true(t < nb);
		assert_true(nv[t] < 5);
		if (s->status != RUN_OK) {
			snprintf(why, len, "%s: %s", s->test, s->reason);
			return 1;
		}
		v[t][nv[t]++] = s->value;
		if (s->iterations < 1 || s->elapsed < 0.99 *
		    (double)s->iterations * CAL_COST_NS / 1e9) {
			snprintf(why, len, "%s: %llu iterations in %g s",
			    s->test, (unsigned long long)s->iterations,
			    s->elapsed);
			return 1;
		}
	}
	return 0;
}

/*
 * Up to five runs of a check whose figures a busy machine may push out
 * of bounds in any one run (at a load of 12 to 20, 2 of 10 median checks
 * gave 2.7 and 3.5): a wrong sampler is wrong in every run.
 */
static void
cal_retry(int (*once)(char *, size_t))
{
	char	why[300];

	for (int i = 0; i < 5; i++)
		if (once(why, sizeof why) == 0)
			return;
	fail_msg("five runs out of bounds; the last: %s", why);
}

/*
 * How far the last cal_over sample's figure lies from its batch less the
 * overhead the run records (the meta holds the last sample's), in us:
 * about 0 with the overhead taken off once, the overhead itself when it
 * is not taken off, minus it when taken off twice.  Exact at any load,
 * where the figures themselves are not: at a load of 8 on 2 CPUs, five
 * runs in a row measured the overhead's spins at twice their cost.
 */
static double
cal_net_error(const struct run *run, double oh_ns)
{
	const struct run_sample	*s = NULL;

	for (size_t i = 0; i < run->nsamples; i++)
		if (strcmp(run->samples[i].test, "cal_over") == 0)
			s = &run->samples[i];
	assert_non_null(s);
	return s->value - (s->elapsed * 1e6 / (double)s->iterations -
	    oh_ns / 1e3);
}

/*
 * One run of the known cost and of a half of it that is overhead taken
 * off: 0 if its figures are in bounds, else 1 with them in why.  The
 * known cost's median of four is at least 0.9 times the cost (a spin
 * never ends early) and at most 50 times (a batch's time taken for an
 * iteration's would be 550 times it; a busy machine adds a few times);
 * the overhead recorded likewise against its half; and the figure is
 * the batch less that overhead, to 10 ns.
 */
static int
cal_known_once(char *why, size_t len)
{
	const struct bench	*b[] = { &cal_known, &cal_over };
	double			 v[2][5], known, err, oh;
	size_t			 nv[2];
	struct run		 run;
	int			 bad;

	cal_run(b, 2, 4, &run);
	assert_int_equal(run.nsamples, 8);
	assert_string_equal(run_meta_get(&run, "calibrated_batch_ms"), "10.0");
	assert_non_null(run_meta_get(&run, "clock_resolution_ns"));
	assert_true(atof(run_meta_get(&run, "clock_cost_ns")) > 0);
	assert_true(atof(run_meta_get(&run, "empty_loop_ns")) > 0);
	assert_non_null(run_meta_get(&run, "overhead_ns.cal_over"));
	oh = atof(run_meta_get(&run, "overhead_ns.cal_over"));
	bad = cal_check_values(&run, b, 2, v, nv, why, len);
	err = bad ? 0 : cal_net_error(&run, oh);
	run_free(&run);
	if (bad)
		return 1;
	known = cal_median(v[0], nv[0]);
	if (known >= 20 * 0.9 && known <= 20 * 50 && fabs(err) <= 0.01 &&
	    oh >= CAL_COST_NS / 2 * 0.9 && oh <= CAL_COST_NS / 2 * 50)
		return 0;
	snprintf(why, len, "known %g us, overhead %g ns, the figure %g us "
	    "from the batch less it", known, oh, err);
	return 1;
}

/*
 * The known cost, measured.  A spin never ends early, but a busy machine
 * may end any batch late by a time slice or more, the overhead's batches
 * as well as the test's: the bounds allow it, and a run whose overhead
 * outgrew its batch (which the runner refuses) is taken again: see
 * cal_retry().
 */
static void
test_known_cost(void **state)
{
	(void)state;
	cal_retry(cal_known_once);
}

/*
 * A sample is the median of 11 batches: with 4 of them ten times as slow,
 * the median is a fast one, as fast as the plain test measured in the
 * same run.  The mean of the 11 would be about 4.3 times that, a slow
 * batch 10 times.  A busy machine slows both, the spiky one's median
 * batch more (the 6th fastest of 7 fast ones against the 6th of 11): 1.8
 * seen at a load of 18 on 2 CPUs, so the bound is 2.5.  0 if one run is
 * in bounds, else 1 with its figures in why.
 */
static int
cal_median_once(char *why, size_t len)
{
	const struct bench	*b[] = { &cal_known, &cal_spikes };
	double			 v[2][5], ratio;
	size_t			 nv[2];
	struct run		 run;
	int			 bad;

	cal_run(b, 2, 5, &run);
	assert_int_equal(run.nsamples, 10);
	assert_string_equal(run_meta_get(&run, "calibrated_tries"), "11");
	bad = cal_check_values(&run, b, 2, v, nv, why, len);
	run_free(&run);
	if (bad)
		return 1;
	for (size_t i = 0; i < nv[1]; i++)
		assert_true(v[1][i] >= CAL_COST_NS / 1000.0 * 0.9);
	ratio = cal_median(v[1], nv[1]) / cal_median(v[0], nv[0]);
	if (ratio >= 0.7 && ratio <= 2.5)
		return 0;
	snprintf(why, len, "spikes over plain %g", ratio);
	return 1;
}

static void
test_median_batch(void **state)
{
	(void)state;
	cal_retry(cal_median_once);
}

static void
test_two_cpus(void **state)
{
	const struct bench	*b[] = { &cal_two };
	struct run		 run;
	const char		*where;

	(void)state;
	cal_run(b, 1, 1, &run);
	assert_int_equal(run.nsamples, 1);
	if (sysinfo_ncpu() < 2) {
		assert_int_equal(run.samples[0].status, RUN_FAILED);
		assert_non_null(strstr(run.samples[0].reason, "skipped"));
	} else {
		assert_int_equal(run.samples[0].status, RUN_OK);
		where = run_meta_get(&run, "placement.cal_two");
		assert_non_null(where);
		assert_non_null(strstr(where, "two CPUs"));
	}
	run_free(&run);
}

/* A calibrated test is estimated at a batch, not at -d. */
static void
test_estimate(void **state)
{
	const struct bench	*b[] = { &cal_two, registry_find("syscall") };
	const int		 copies[] = { 1 };
	struct plan		 p;

	(void)state;
	memset(&p, 0, sizeof p);
	p.benches = b;
	p.nbench = 1;
	memcpy(p.copies, copies, sizeof copies);
	p.ncopies = 1;
	p.samples = 3;
	p.duration = 10;
	assert_true(plan_estimate(&p) < 3 * 1.0);
	assert_true(plan_estimate(&p) >= 3 * PLAN_CALIBRATED_S);
	p.nbench = 2;
	assert_true(plan_estimate(&p) >= 3 * (10 + PLAN_CALIBRATED_S));
	assert_true(plan_estimate(&p) < 3 * (11 + PLAN_CALIBRATED_S));
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_known_cost),
		cmocka_unit_test(test_median_batch),
		cmocka_unit_test(test_two_cpus),
		cmocka_unit_test(test_estimate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
