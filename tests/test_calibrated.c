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
#include "../src/core/core.h"

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
 * Every third batch is four times as slow, as if preempted: the copy's
 * own count (each copy is a fresh child, so it starts at 0).
 */
static unsigned	cal_calls;

static void
cal_spiky(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	cal_spin(n, ++cal_calls % 3 == 0 ? 4 * CAL_COST_NS : CAL_COST_NS);
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
	struct runner_plan	 plan;
	struct runner		*r;
	struct sm_error		 err;
	int			 one = 1;

	memset(&plan, 0, sizeof plan);
	plan.benches = b;
	plan.nbench = nb;
	plan.copies = &one;
	plan.ncopies = 1;
	plan.samples = samples;
	plan.duration = 0.1;
	plan.grace = 10;
	plan.self_exe = "/bin/true";
	run_init(run);
	r = runner_start(&plan, run, cal_ignore, NULL, &err);
	assert_non_null(r);
	assert_int_equal(runner_wait(r, NULL), 0);
	runner_free(r);
}

static void
test_known_cost(void **state)
{
	const struct bench	*b[] = { &cal_known, &cal_over };
	struct run		 run;

	(void)state;
	cal_run(b, 2, 2, &run);
	assert_int_equal(run.nsamples, 4);
	for (size_t i = 0; i < run.nsamples; i++) {
		const struct run_sample	*s = &run.samples[i];
		double			 want;

		want = strcmp(s->test, "cal_known") == 0 ? 20.0 : 10.0;

		assert_int_equal(s->status, RUN_OK);
		/* A busy machine stretches a spin little: 15% is generous. */
		assert_near(s->value, want, want * 0.15);
		/* The median batch, which lasted at least 10 ms. */
		assert_true(s->elapsed >= 0.01);
		assert_true(s->iterations >= 0.01 * 1e9 / CAL_COST_NS);
	}
	assert_non_null(run_meta_get(&run, "clock_resolution_ns"));
	assert_true(atof(run_meta_get(&run, "clock_cost_ns")) > 0);
	assert_true(atof(run_meta_get(&run, "empty_loop_ns")) > 0);
	assert_non_null(run_meta_get(&run, "overhead_ns.cal_over"));
	/* Half of each iteration was overhead, and it was recorded. */
	assert_near(atof(run_meta_get(&run, "overhead_ns.cal_over")),
	    CAL_COST_NS / 2, CAL_COST_NS * 0.1);
	run_free(&run);
}

/*
 * A sample is the median of 11 batches: with about a third of them four
 * times as slow, the median is a fast one.  One batch, or the mean of
 * the 11 (twice the cost), would land far from it.
 */
static void
test_median_batch(void **state)
{
	const struct bench	*b[] = { &cal_spikes };
	struct run		 run;

	(void)state;
	cal_run(b, 1, 3, &run);
	assert_int_equal(run.nsamples, 3);
	for (size_t i = 0; i < run.nsamples; i++) {
		assert_int_equal(run.samples[i].status, RUN_OK);
		assert_near(run.samples[i].value, CAL_COST_NS / 1000.0,
		    CAL_COST_NS / 1000.0 * 0.3);
	}
	assert_string_equal(run_meta_get(&run, "calibrated_tries"), "11");
	run_free(&run);
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
	struct runner_plan	 p;

	(void)state;
	memset(&p, 0, sizeof p);
	p.benches = b;
	p.nbench = 1;
	p.copies = copies;
	p.ncopies = 1;
	p.samples = 3;
	p.duration = 10;
	assert_true(runner_estimate(&p) < 3 * 1.0);
	assert_true(runner_estimate(&p) >= 3 * RUNNER_CALIBRATED_S);
	p.nbench = 2;
	assert_true(runner_estimate(&p) >= 3 * (10 + RUNNER_CALIBRATED_S));
	assert_true(runner_estimate(&p) < 3 * (11 + RUNNER_CALIBRATED_S));
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
