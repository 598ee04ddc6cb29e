/*
 * Tests that pin what no other test held: each one fails when a small bug
 * planted in the core survives every other test (issue 22 found six by
 * hand; tests/mutate.sh plants more and names any that survive).  Each
 * test says which planted bug it catches, so a reader knows why such a
 * narrow check exists.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>

#include "testutil.h"
#include "../src/core/core.h"

/* ---- Helpers ---- */

/* n samples of test at copies, value v[i] each (per copy: v[i] / copies). */
static void
add_samples(struct run *run, const char *test, int copies, int repeat,
    const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct run_sample	*s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "%s", test);
		snprintf(s->unit, sizeof s->unit, "lps");
		s->version = 1;
		s->copies = copies;
		s->repeat = repeat;
		s->index = (int)i + 1;
		s->value = v[i];
		s->status = RUN_OK;
	}
}

/* n values around mean, rel apart (+rel, -rel, +rel/2, ...). */
static void
around(double *v, size_t n, double mean, double rel)
{
	for (size_t i = 0; i < n; i++)
		v[i] = mean * (1 + rel * (i % 2 ? -1 : 1) / (double)(i / 2 + 1));
}

/* Two sides of reps repeats each, b's mean moved by change. */
static void
two_sides(struct run *a, struct run *b, int reps, double change,
    double rel)
{
	double	v[8];

	run_init(a);
	run_init(b);
	for (int k = 1; k <= reps; k++) {
		around(v, 8, 100 * (1 + rel * (k % 2 ? 1 : -1)), 0.001);
		add_samples(a, "pinned", 1, k, v, 8);
		around(v, 8, 100 * (1 + change) * (1 + rel * (k % 2 ? -1 : 1)),
		    0.001);
		add_samples(b, "pinned", 1, k, v, 8);
	}
}

static void
judge(const struct run *a, const struct run *b, double alpha, double effect,
    struct signif *s)
{
	const struct run	*ra[1] = { a }, *rb[1] = { b };
	struct compare_side	 sa = { ra, 1, "A" }, sb = { rb, 1, "B" };
	struct run_group	 g = { "pinned", 1 };
	struct compare_opts	 o;

	compare_opts_default(&o);
	o.alpha = alpha;
	o.min_effect = effect;
	judge_group(&sa, &sb, &g, BENCH_HIGHER, &o, s);
}

/* ---- stats.c: the outlier rule's cut ---- */

/*
 * Planted: the modified z-score's cut moved from 3.5.  Seven values
 * within 1 of 100 have a MAD of 1, so a value 7 away scores 0.6745 x 7 =
 * 4.72 (an outlier) and one 5 away 3.37 (not).
 */
static void
test_outlier_cut(void **state)
{
	double		v[8] = { 100, 101, 99, 100, 101, 99, 100, 107 };
	unsigned char	flag[8];

	(void)state;
	assert_int_equal(stats_outliers(v, 8, flag), 1);
	assert_int_equal(flag[7], 1);
	assert_int_equal(flag[0], 0);
	v[7] = 105;
	assert_int_equal(stats_outliers(v, 8, flag), 0);
	assert_int_equal(flag[7], 0);
}

/* ---- estimate.c: the trend flag ---- */

static struct estimate
pin_trend(int reps, size_t n, double step)
{
	struct run		run;
	struct run_group	g = { "pinned", 1 };
	struct estimate		e;
	double			v[16];

	run_init(&run);
	for (int k = 1; k <= reps; k++) {
		for (size_t i = 0; i < n; i++)
			v[i] = 100 + step * (double)i;
		add_samples(&run, "pinned", 1, k, v, n);
	}
	estimate_run(&run, &g, &e);
	run_free(&run);
	return e;
}

/*
 * Planted: the trend's sign flipped, and units of two samples counted
 * (Mann-Kendall needs three in order to say anything).  Ten rising
 * samples: S = 45 of a variance of 125, p < 0.001, rising; falling, the
 * other way; twelve repeats of two rising samples: no trend at all.
 */
static void
test_trend_flag(void **state)
{
	(void)state;
	assert_int_equal(pin_trend(1, 10, 1).flags.trend, 1);
	assert_int_equal(pin_trend(1, 10, -1).flags.trend, -1);
	assert_int_equal(pin_trend(1, 10, 0).flags.trend, 0);
	assert_int_equal(pin_trend(12, 2, 1).flags.trend, 0);
	assert_true(isnan(pin_trend(12, 2, 1).flags.trend_p));
}

/* ---- import_unixbench.c: the copies a report names ---- */

static int
pin_ub(int copies, char *msg, size_t len)
{
	char		  text[512];
	struct run	  run;
	char		**warn = NULL;
	size_t		  nwarn = 0;
	struct sm_error	  err;
	int		  rc;

	snprintf(text, sizeof text, "   BYTE UNIX Benchmarks (Version 5.1.3)\n"
	    "\nBenchmark Run: Mon Jan 5 2026 10:00:00 - 10:28:00\n"
	    "2 CPUs in system; running %d parallel copies of tests\n\n"
	    "System Call Overhead                          300000.0 lps   "
	    "(10.0 s, 7 samples)\n", copies);
	run_init(&run);
	rc = import_read_buf(text, strlen(text), "pin.txt", &run, &warn,
	    &nwarn, &err);
	snprintf(msg, len, "%s", rc != 0 ? err.msg : "");
	for (size_t i = 0; i < nwarn; i++)
		free(warn[i]);
	free(warn);
	run_free(&run);
	return rc;
}

/* Planted: a report of 0 parallel copies imported. */
static void
test_unixbench_copies(void **state)
{
	char	msg[256];

	(void)state;
	assert_int_equal(pin_ub(2, msg, sizeof msg), 0);
	assert_int_not_equal(pin_ub(0, msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "pin.txt:4: 0 copies: expected 1 to"));
}

/* ---- csvstore.c: what a run file may hold ---- */

#define PIN_HEAD	"record,name,value,version,copies,sample,unit," \
	"duration,elapsed,iterations,status,reason,per_copy\n"

static int
pin_load(const char *text, char *msg, size_t len)
{
	struct run	run;
	struct sm_error	err;
	int		rc;

	run_init(&run);
	rc = csvstore_load_buf(&run, text, strlen(text), "pin.csv", &err);
	snprintf(msg, len, "%s", rc != 0 ? err.msg : "");
	run_free(&run);
	return rc;
}

/*
 * Planted: the newest format read taken as one past this sysmark's, and
 * a sample numbered below the warm-up's 0.  Format 4 reads, 5 does not;
 * 1 copy reads, 0 does not; sample -1 does not, each refused with where
 * and why.
 */
static void
test_run_file_bounds(void **state)
{
	char	msg[256];

	(void)state;
	assert_int_equal(pin_load(PIN_HEAD "meta,format,4,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_int_not_equal(pin_load(PIN_HEAD "meta,format,5,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "pin.csv:2: format 5 is newer"));
	assert_int_not_equal(pin_load(PIN_HEAD "meta,format,1,,,,,,,,,,\n"
	    "sample,syscall,5,1,0,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "pin.csv:3: column \"copies\""));
	assert_int_not_equal(pin_load(PIN_HEAD "meta,format,1,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,-1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "pin.csv:3: column \"sample\""));
}

/* ---- judge.c: the user's -a and -e reach the verdict ---- */

/*
 * Planted: judge_group() judging at 0.05 whatever -a says.  The interval
 * widens with a smaller alpha, and a change whose p lies between 0.01
 * and 0.05 is a change at 0.05 and none at 0.01.
 */
static void
test_alpha_reaches_verdict(void **state)
{
	struct run	a, b;
	struct signif	s05, s01;

	(void)state;
	/* Five repeats a side drifting 2%: a 4.5% move has p near 0.03. */
	two_sides(&a, &b, 5, 0.045, 0.02);
	judge(&a, &b, 0.05, 0.01, &s05);
	judge(&a, &b, 0.01, 0.01, &s01);
	assert_true(s05.p > 0.01 && s05.p < 0.05);
	assert_near(s01.p, s05.p, 1e-12);
	assert_int_equal(s05.verdict, SIGNIF_BETTER);
	assert_int_equal(s01.verdict, SIGNIF_SAME);
	assert_true(s01.hi - s01.lo > s05.hi - s05.lo);
	assert_true(s01.lo < 1 && s05.lo > 1);
	run_free(&a);
	run_free(&b);
}

/*
 * Planted: judge_group() taking 0 for -e.  A clear 3% change is better
 * at -e 1% and small at -e 5%.
 */
static void
test_min_effect_reaches_verdict(void **state)
{
	struct run	a, b;
	struct signif	s;

	(void)state;
	two_sides(&a, &b, 5, 0.03, 0.001);
	judge(&a, &b, 0.05, 0.01, &s);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
	assert_near(s.floor, 0.01, 1e-12);
	judge(&a, &b, 0.05, 0.05, &s);
	assert_int_equal(s.verdict, SIGNIF_SMALL);
	assert_near(s.floor, 0.05, 1e-12);
	run_free(&a);
	run_free(&b);
}

/* ---- hist.c: the nearest rank is rounded up ---- */

/* A histogram of three values: 10, 20 and 30 ns. */
static void
pin_hist(struct hist *h)
{
	hist_init(h);
	hist_record(h, 10);
	hist_record(h, 20);
	hist_record(h, 30);
}

/*
 * Planted: the rank floor(q N) instead of ceil(q N).  With three values
 * the median is the second (ceil 1.5 = 2), the 0.4-quantile too (ceil
 * 1.2), and 0.34 of them is the second as well.
 */
static void
test_quantile_rank_rounds_up(void **state)
{
	struct hist	h;

	(void)state;
	pin_hist(&h);
	assert_near(hist_quantile(&h, 0.5), 20, 0);
	assert_near(hist_quantile(&h, 0.4), 20, 0);
	assert_near(hist_quantile(&h, 0.34), 20, 0);
	assert_near(hist_quantile(&h, 0.33), 10, 0);
	assert_near(hist_quantile(&h, 0.67), 30, 0);
	hist_free(&h);
}

/* ---- scaling.c: a lower-is-better test's speedup counts the copies ---- */

/*
 * Planted: the speedup of a cost (lower is better) without the copies.
 * Two copies each as fast as one alone do twice the work: speedup 2,
 * efficiency 100%; four copies each twice as slow: speedup 2, 50%.
 */
static void
test_lower_speedup_counts_copies(void **state)
{
	const double	 one[] = { 2.0, 2.0 }, four[] = { 4.0, 4.0 };
	struct run	 run;
	struct table	*t;
	size_t		 rows = 0;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "dir:lat_pin", "lower");
	add_samples(&run, "lat_pin", 1, 0, one, 2);
	add_samples(&run, "lat_pin", 2, 0, one, 2);
	add_samples(&run, "lat_pin", 4, 0, four, 2);
	for (size_t i = 0; i < run.nsamples; i++)
		snprintf(run.samples[i].unit, sizeof run.samples[i].unit,
		    "us");
	t = scaling_table(&run);
	assert_non_null(t);
	for (size_t r = 0; r < t->nrows; r++) {
		if (t->rows[r].section || t->rows[r].cells[0] == NULL)
			continue;
		if (strcmp(t->rows[r].cells[0], "2") == 0) {
			assert_string_equal(t->rows[r].cells[3], "100%");
			rows++;
		} else if (strcmp(t->rows[r].cells[0], "4") == 0) {
			assert_string_equal(t->rows[r].cells[3], "50%");
			rows++;
		}
	}
	assert_int_equal(rows, 2);
	table_free(t);
	run_free(&run);
}

/* ---- noise.c: only this host's profile judges its runs ---- */

static void
pin_profile(const char *host, const char *file_host)
{
	char		 path[PATH_MAX];
	struct run	 prof;
	struct sm_error	 err;
	const double	 v[] = { 100, 101, 99 };

	run_init(&prof);
	run_meta_set(&prof, "kind", "noise-profile");
	run_meta_set(&prof, "hostname", host);
	add_samples(&prof, "pinned", 1, 1, v, 3);
	add_samples(&prof, "pinned", 1, 2, v, 3);
	assert_int_equal(noise_path(NULL, file_host, path, sizeof path, &err),
	    0);
	if (csvstore_save(&prof, path, 1, &err) != 0)
		fail_msg("%s", err.msg);
	run_free(&prof);
}

static int
pin_find(const char *h1, const char *h2)
{
	struct run		 r1, r2, prof;
	const struct run	*runs[2] = { &r1, &r2 };
	char			 path[PATH_MAX], note[128];
	struct sm_error		 err;
	int			 found;

	run_init(&r1);
	run_init(&r2);
	run_meta_set(&r1, "hostname", h1);
	run_meta_set(&r2, "hostname", h2);
	found = noise_find(NULL, runs, 2, &prof, path, sizeof path, note,
	    sizeof note, &err);
	if (found > 0)
		run_free(&prof);
	run_free(&r1);
	run_free(&r2);
	return found > 0;	/* -1: found but refused, as it must be */
}

/*
 * Planted: the host checks dropped.  A profile judges runs of its own
 * host only: not runs from two hosts, not a file named for one host that
 * holds another's profile.
 */
static void
test_profile_of_other_host_excluded(void **state)
{
	(void)state;
	pin_profile("alpha", "alpha");
	pin_profile("beta", "gamma");	/* gamma's file, beta's profile */
	assert_int_equal(pin_find("alpha", "alpha"), 1);
	assert_int_equal(pin_find("alpha", "beta"), 0);
	assert_int_equal(pin_find("beta", "alpha"), 0);
	assert_int_equal(pin_find("gamma", "gamma"), 0);
	assert_int_equal(pin_find("delta", "delta"), 0);
}

/* ---- runner.c: a result then a failing exit is a failed sample ---- */

static void
pin_loop(struct bench_ctx *ctx, uint64_t n)
{
	while (n-- > 0)
		ctx->sink += n;
}

/* Runs after the result is sent: the copy then exits 3. */
static void
pin_exit3_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	_exit(3);
}

static void
pin_quiet(const struct runner_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
}

/* A plan of one test, benches[0] at cps[0] copies: samples of 0.1 s. */
static void
pin_plan(struct plan *plan, struct runner_env *env,
    const struct bench **benches, int *cps, int samples, double grace)
{
	memset(plan, 0, sizeof *plan);
	memset(env, 0, sizeof *env);
	plan->benches = benches;
	plan->nbench = 1;
	plan->copies[0] = cps[0];
	plan->ncopies = 1;
	plan->samples = samples;
	plan->duration = 0.1;
	env->grace = grace;
	env->self_exe = "/bin/false";
}

/* Run samples samples of b at copies into run, to the end. */
static void
pin_run(const struct bench *b, int copies, int samples, double grace,
    struct run *run)
{
	const struct bench	*benches[1] = { b };
	int			 cps[1] = { copies };
	struct plan	 plan;
	struct runner_env	 env;
	struct runner		*r;
	struct sm_error		 err;

	pin_plan(&plan, &env, benches, cps, samples, grace);
	run_init(run);
	if ((r = runner_start(&plan, &env, run, pin_quiet, NULL, &err)) == NULL)
		fail_msg("%s", err.msg);
	runner_wait(r, NULL);
	runner_free(r);
}

static const struct bench pin_late_exit = {
	.id = "late_exit", .title = "late_exit", .group = "Test",
	.unit = "lps", .dir = BENCH_HIGHER, .version = 1, .desc = "late",
	.scale = 1, .loop = pin_loop, .teardown = pin_exit3_teardown,
};

/*
 * Planted: a copy that reported its result counted as ok whatever its
 * exit.  A workload that reports and then exits 3 has failed (its
 * teardown, or the figure it sent, cannot be trusted).
 */
static void
test_result_then_failing_exit(void **state)
{
	struct run	run;

	(void)state;
	pin_run(&pin_late_exit, 1, 2, 0.3, &run);
	assert_int_equal(run.nsamples, 2);
	for (size_t i = 0; i < run.nsamples; i++) {
		assert_int_equal(run.samples[i].status, RUN_FAILED);
		assert_string_equal(run.samples[i].reason,
		    "copy 1: exited with status 3");
	}
	run_free(&run);
}

/* ---- runner.c: a record from a copy that does not exist ---- */

/* Sends a well-formed result in the name of copy N of N (0-based: none). */
static void
pin_stranger_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct sampler_msg	m;

	(void)n;
	memset(&m, 0, sizeof m);
	m.magic = SAMPLER_MAGIC;
	m.type = SAMPLER_RESULT;
	m.copy = ctx->copies;
	m.iterations = 1;
	m.elapsed_ns = 1000;
	if (write(ctx->report_fd, &m, sizeof m) != (ssize_t)sizeof m)
		_exit(9);
	for (;;)
		pause();
}

static const struct bench pin_stranger = {
	.id = "stranger", .title = "stranger", .group = "Test",
	.unit = "lps", .dir = BENCH_HIGHER, .version = 1, .desc = "stranger",
	.scale = 1, .loop = pin_stranger_loop,
};

/*
 * Planted: a record's copy checked against one past the last.  A result
 * in the name of a copy that does not exist is a malformed record, never
 * a write past the copies' table.
 */
static void
test_record_from_no_copy(void **state)
{
	struct run	run;

	(void)state;
	pin_run(&pin_stranger, 1, 1, 0.3, &run);
	assert_int_equal(run.nsamples, 1);
	assert_int_equal(run.samples[0].status, RUN_FAILED);
	assert_string_equal(run.samples[0].reason,
	    "malformed record on the result pipe");
	run_free(&run);
}

/* ---- runner.c: a good sample's figures ---- */

static const struct bench pin_ok = {
	.id = "ok", .title = "ok", .group = "Test", .unit = "lps",
	.dir = BENCH_HIGHER, .version = 1, .desc = "ok", .scale = 1,
	.loop = pin_loop,
};

/*
 * Planted: the sample's elapsed time taken as the shortest copy's (it
 * starts at 0, so none).  Two copies of a timed loop each run at least
 * the 0.1 s asked; the sample's value is the sum of the copies' rates.
 */
static void
test_good_sample_figures(void **state)
{
	struct run		 run;
	const struct run_sample	*s;

	(void)state;
	pin_run(&pin_ok, 2, 1, 5, &run);
	assert_int_equal(run.nsamples, 1);
	s = &run.samples[0];
	assert_int_equal(s->status, RUN_OK);
	assert_true(s->elapsed >= 0.1);
	assert_non_null(s->per_copy);
	assert_true(s->per_copy[0] > 0 && s->per_copy[1] > 0);
	assert_near(s->value, s->per_copy[0] + s->per_copy[1],
	    1e-9 * s->value);
	run_free(&run);
}

/* ---- runner.c: the plan's bounds ---- */

/* Planted: a plan of 0 samples let through (the CLI refuses -n 0 first). */
static void
test_plan_sample_bounds(void **state)
{
	const struct bench	*benches[1] = { &pin_late_exit };
	int			 cps[1] = { 1 };
	struct plan	 plan;
	struct runner_env	 env;
	struct run		 run;
	struct sm_error		 err;

	(void)state;
	pin_plan(&plan, &env, benches, cps, 0, 0);
	run_init(&run);
	assert_null(runner_start(&plan, &env, &run, pin_quiet, NULL, &err));
	assert_string_equal(err.msg, "samples 0: must be between 1 and 1000");
	plan.samples = PLAN_MAX_SAMPLES + 1;
	assert_null(runner_start(&plan, &env, &run, pin_quiet, NULL, &err));
	assert_string_equal(err.msg,
	    "samples 1001: must be between 1 and 1000");
	assert_int_equal(run.nsamples, 0);
	run_free(&run);
}

/* ---- sampler.c and hist.c: figures from counts ---- */

/*
 * Planted: a lower-is-better figure without its scale.  1000 operations
 * in 2 ms are 2 us each (scale 1e6: seconds to us); a rate, 1000 in 2 s,
 * is 500 a second.
 */
static void
test_figure_scales(void **state)
{
	struct bench	lower = { .dir = BENCH_LOWER, .scale = 1e6 };
	struct bench	higher = { .dir = BENCH_HIGHER, .scale = 1 };

	(void)state;
	assert_near(sampler_figure(&lower, 1000, 2000000), 2, 1e-12);
	assert_near(sampler_figure(&higher, 1000, 2000000000), 500, 1e-9);
	assert_near(sampler_figure(&higher, 0, 5), 0, 0);
}

/* Planted: the histogram's mean divided by one too many. */
static void
test_hist_mean(void **state)
{
	struct hist	h;

	(void)state;
	pin_hist(&h);
	assert_near(hist_mean(&h), 20, 0);
	hist_free(&h);
}

/* ---- import_lmbench3.c: what its header and sizes may be ---- */

static struct run
pin_lm3(const char *text, size_t *nwarn)
{
	struct run	  run;
	char		**warn = NULL;
	struct sm_error	  err;

	run_init(&run);
	*nwarn = 0;
	if (import_read_buf(text, strlen(text), "pin.lm3", &run, &warn, nwarn,
	    &err) != 0)
		fail_msg("%s", err.msg);
	for (size_t i = 0; i < *nwarn; i++)
		free(warn[i]);
	free(warn);
	return run;
}

/*
 * Planted: a uname of four words split as if it had five.  Short, it is
 * kept whole as the OS, the host its second word.
 */
static void
test_lm3_short_uname(void **state)
{
	struct run	run;
	size_t		nwarn;

	(void)state;
	run = pin_lm3("[lmbench3.0 results for Linux box 6.1.0 x86_64]\n"
	    "Simple syscall: 1.5 microseconds\n", &nwarn);
	assert_string_equal(run_meta_get(&run, "os"),
	    "Linux box 6.1.0 x86_64");
	assert_string_equal(run_meta_get(&run, "hostname"), "box");
	assert_null(run_meta_get(&run, "os_version"));
	run_free(&run);
	run = pin_lm3("[lmbench3.0 results for Linux box 6.1.0 #1 SMP x86_64 "
	    "GNU/Linux]\nSimple syscall: 1.5 microseconds\n", &nwarn);
	assert_string_equal(run_meta_get(&run, "os"), "Linux 6.1.0 x86_64");
	assert_string_equal(run_meta_get(&run, "os_version"), "#1 SMP");
	run_free(&run);
}

/*
 * Planted: a memory size 5% off a power of two taken for it.  lmbench3
 * prints sizes in MB to 5 digits, within 1% of the size; 0.0041 MB is
 * 4299 bytes, no size of the sweep, so it is not filed as 4K.
 */
static void
test_lm3_size_tolerance(void **state)
{
	struct run	run;
	size_t		nwarn, n = 0;

	(void)state;
	run = pin_lm3("[lmbench3.0 results for Linux box 6.1.0 x86_64]\n"
	    "Memory load latency\n\"stride=128\n0.00410 1.5\n0.00781 1.6\n"
	    "\n", &nwarn);
	for (size_t i = 0; i < run.nsamples; i++)
		if (strncmp(run.samples[i].test, "lat_mem_rd@", 11) == 0) {
			assert_string_equal(run.samples[i].test,
			    "lat_mem_rd@8K");
			n++;
		}
	assert_int_equal(n, 1);
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outlier_cut),
		cmocka_unit_test(test_run_file_bounds),
		cmocka_unit_test(test_unixbench_copies),
		cmocka_unit_test(test_trend_flag),
		cmocka_unit_test(test_alpha_reaches_verdict),
		cmocka_unit_test(test_min_effect_reaches_verdict),
		cmocka_unit_test(test_quantile_rank_rounds_up),
		cmocka_unit_test(test_lower_speedup_counts_copies),
		cmocka_unit_test(test_profile_of_other_host_excluded),
		cmocka_unit_test(test_result_then_failing_exit),
		cmocka_unit_test(test_plan_sample_bounds),
		cmocka_unit_test(test_record_from_no_copy),
		cmocka_unit_test(test_good_sample_figures),
		cmocka_unit_test(test_figure_scales),
		cmocka_unit_test(test_hist_mean),
		cmocka_unit_test(test_lm3_short_uname),
		cmocka_unit_test(test_lm3_size_tolerance),
	};

	return cmocka_run_group_tests_name("pins", tests, tu_results_env,
	    tu_results_env_free);
}
