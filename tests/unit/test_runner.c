/*
 * runner.c and sampler.c with workloads made to misbehave: they crash,
 * hang, exit early, fail, or write garbage on the result pipe.  Each must
 * become a failed sample with its reason, within the deadline, with no
 * child left behind, while the run goes on.  Then every registered
 * benchmark runs briefly at 1 and 2 copies (the smoke test).  Last, what
 * the console adds: skipping the rest of one test, and the copies list;
 * and the figure sampler.c makes of a count and a time.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>

#include "testutil.h"
#include "../../src/core/core.h"

#define GRACE	0.3

struct rec {
	int	types[256];
	size_t	ntypes;
	int	cancel_at_sample_start;
	uint64_t cancel_ns;	/* when cancel_cb cancelled */
	struct runner *r;
	int	errors;
	char	last_error[256];
	int	cancelled;
	int	finished;
	size_t	bench_done;
	double	last_mean;
};

static void
rec_cb(const struct runner_event *ev, void *arg)
{
	struct rec	*rc = arg;

	if (rc->ntypes < 256)
		rc->types[rc->ntypes++] = ev->type;
	switch (ev->type) {
	case RUNNER_EV_ERROR:
		rc->errors++;
		snprintf(rc->last_error, sizeof rc->last_error, "%s", ev->msg);
		break;
	case RUNNER_EV_FINISHED:
		rc->finished++;
		rc->cancelled = ev->cancelled;
		break;
	case RUNNER_EV_BENCH_DONE:
		rc->bench_done++;
		rc->last_mean = ev->stats->mean;
		break;
	default:
		break;
	}
}

/* ---- Workloads made for these tests ---- */

static void
ok_loop(struct bench_ctx *ctx, uint64_t n)
{
	while (n-- > 0)
		ctx->sink += n;
}

static void
crash_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	/* Only the second copy crashes, so a 1-copy run of it is fine. */
	if (ctx->copy == ctx->copies - 1)
		raise(SIGSEGV);
	ok_loop(ctx, n);
}

static void
hang_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	for (;;)
		pause();
}

static int
hang_setup(struct bench_ctx *ctx)
{
	hang_loop(ctx, 0);
	return 0;
}

static void
exit0_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	_exit(0);
}

static void
exit3_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	_exit(3);
}

static void
fail_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	bench_fail(ctx, "the widget broke at %d", 42);
}

static void
garbage_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	if (write(ctx->report_fd, "garbage!", 8) != 8)
		_exit(9);
	_exit(0);
}

/* Send m on the result pipe, then hang until the runner kills the copy. */
static void
send_then_hang(struct bench_ctx *ctx, const struct bench_msg *m)
{
	if (write(ctx->report_fd, m, sizeof *m) != (ssize_t)sizeof *m)
		_exit(9);
	hang_loop(ctx, 0);
}

static void
badmagic_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct bench_msg	m;

	(void)n;
	memset(&m, 0x5a, sizeof m);
	send_then_hang(ctx, &m);
}

/* Runs after the result is sent: the copy then exits 3. */
static void
exit3_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	_exit(3);
}

/* Sends a well-formed result in the name of copy N of N (0-based: none). */
static void
stranger_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct bench_msg	m;

	(void)n;
	memset(&m, 0, sizeof m);
	m.magic = BENCH_MSG_MAGIC;
	m.type = BENCH_MSG_RESULT;
	m.copy = ctx->copies;
	m.iterations = 1;
	m.elapsed_ns = 1000;
	send_then_hang(ctx, &m);
}

#define TB(name, fn, su) { .id = #name, .title = #name, .group = "Test", \
	.unit = "lps", .dir = BENCH_HIGHER, .version = 1, .desc = #name, \
	.scale = 1, .setup = su, .loop = fn }

static const struct bench tb_ok = TB(ok, ok_loop, NULL);
static const struct bench tb_crash = TB(crash, crash_loop, NULL);
static const struct bench tb_hang = TB(hang, hang_loop, NULL);
static const struct bench tb_hang_setup = TB(hangsetup, ok_loop, hang_setup);
static const struct bench tb_exit0 = TB(exit0, exit0_loop, NULL);
static const struct bench tb_exit3 = TB(exit3, exit3_loop, NULL);
static const struct bench tb_fail = TB(fail, fail_loop, NULL);
static const struct bench tb_garbage = TB(garbage, garbage_loop, NULL);
static const struct bench tb_badmagic = TB(badmagic, badmagic_loop, NULL);
static const struct bench tb_stranger = TB(stranger, stranger_loop, NULL);
static const struct bench tb_late_exit = {
	.id = "late_exit", .title = "late_exit", .group = "Test",
	.unit = "lps", .dir = BENCH_HIGHER, .version = 1, .desc = "late",
	.scale = 1, .loop = ok_loop, .teardown = exit3_teardown,
};

/* ---- Helpers ---- */

static char	tmpbase[256];

static int
setup_tmp(void **state)
{
	(void)state;
	tu_tmpdir(tmpbase, sizeof tmpbase);
	setenv("TMPDIR", tmpbase, 1);
	return 0;
}

static int
teardown_tmp(void **state)
{
	(void)state;
	sm_rmtree(tmpbase);
	return 0;
}

/* Nothing the runner made may remain in TMPDIR. */
static void
assert_tmp_empty(void)
{
	DIR		*d = opendir(tmpbase);
	struct dirent	*e;
	int		 n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	assert_int_equal(n, 0);
}

/* No child of this process may be left, zombie or alive. */
static void
assert_no_children(void)
{
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

/* A plan of nb tests at cps[0] copies (the test's arrays, never freed). */
static void
plan_set(struct plan *plan, struct runner_env *env,
    const struct bench **benches, size_t nb, const int *cps, int samples,
    double duration)
{
	memset(plan, 0, sizeof *plan);
	plan->benches = benches;
	plan->nbench = nb;
	plan->copies[0] = cps[0];
	plan->ncopies = 1;
	plan->samples = samples;
	plan->duration = duration;
	memset(env, 0, sizeof *env);
	env->grace = GRACE;
	env->self_exe = "/bin/false";
}

static double
run_plan(const struct bench *b, int copies, int samples, double duration,
    struct run *run, struct rec *rc)
{
	const struct bench	*benches[2] = { b, &tb_ok };
	int			 cps[1] = { copies };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	uint64_t		 t0;

	plan_set(&plan, &env, benches, 2, cps, samples, duration);
	memset(rc, 0, sizeof *rc);
	run_init(run);
	t0 = sm_now_ns();
	rc->r = runner_start(&plan, &env, run, rec_cb, rc, &err);
	assert_non_null(rc->r);
	runner_wait(rc->r, NULL);
	runner_free(rc->r);
	return (double)(sm_now_ns() - t0) / 1e9;
}

/*
 * Whether a busy machine, not the bench, decided a sample of the run: a
 * copy that did not start within the plan's short setup grace (0.4 s),
 * where the bench was to fail otherwise (at a load of 8 on 2 CPUs the
 * garbage writer once timed out in setup, 1 run in 20).
 */
static int
load_decided(const struct run *run, const char *reason)
{
	static const char	setup[] = "timed out in setup";

	if (strncmp(reason, setup, sizeof setup - 1) == 0)
		return 0;
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].status == RUN_FAILED &&
		    strncmp(run->samples[i].reason, setup,
		    sizeof setup - 1) == 0)
			return 1;
	return 0;
}

/*
 * Run a misbehaving bench then a good one: the first's samples fail with
 * the expected reason, the second's succeed, all within the deadlines.
 * The deadlines are the runner's; a busy machine delays the forks and
 * the wake-ups around them (at a load of 15 to 40 the whole plan took
 * over 3 s now and then), a late kill is late every time: so up to three
 * runs are taken, and the first within max_secs and not decided by the
 * load (load_decided()) is checked.
 */
static void
expect_failure(const struct bench *b, int copies, const char *reason,
    double max_secs)
{
	struct run	run;
	struct rec	rc;
	double		secs[3];
	int		k;

	for (k = 0; k < 3; k++) {
		secs[k] = run_plan(b, copies, 2, 0.1, &run, &rc);
		if (secs[k] < max_secs && !load_decided(&run, reason))
			break;
		run_free(&run);
	}
	if (k == 3)
		fail_msg("%s: three runs late or timed out in setup: %.2f, "
		    "%.2f and %.2f s (bound %.2f s)", b->id, secs[0], secs[1],
		    secs[2], max_secs);
	assert_int_equal(run.nsamples, 4);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(run.samples[i].status, RUN_FAILED);
		assert_string_equal(run.samples[i].reason, reason);
		assert_true(isnan(run.samples[i].value));
		assert_null(run.samples[i].per_copy);
	}
	for (int i = 2; i < 4; i++) {
		assert_int_equal(run.samples[i].status, RUN_OK);
		assert_true(run.samples[i].value > 0);
	}
	assert_int_equal(rc.errors, 2);
	assert_int_equal(rc.finished, 1);
	assert_false(rc.cancelled);
	assert_int_equal(rc.bench_done, 2);
	assert_no_children();
	assert_tmp_empty();
	run_free(&run);
}

/*
 * Where the run's files were: TMPDIR, and on Linux the file system as
 * "TYPE on SOURCE at MOUNT", the mount being a prefix of TMPDIR.
 */
static void
run_good_fs(const struct run *run)
{
	const char	*base = getenv("TMPDIR"), *dir, *fs, *at;
	size_t		 n;

	if (base == NULL || *base == '\0')
		base = "/tmp";
	assert_non_null(dir = run_meta_get(run, "tmpdir"));
	assert_int_equal(dir[0], '/');
	/* A relative TMPDIR is made absolute: it ends the recorded one. */
	n = strlen(dir);
	assert_true(n >= strlen(base));
	assert_string_equal(dir + n - strlen(base), base);
#ifdef __linux__
	assert_non_null(fs = run_meta_get(run, "tmpdir_fs"));
	assert_non_null(strstr(fs, " on "));
	assert_non_null(at = strstr(fs, " at /"));
	at += 4;
	assert_int_equal(strncmp(dir, at, strcspn(at, " ")), 0);
#else
	(void)fs;
	(void)at;
#endif
}

/* ---- Tests ---- */

/* mountinfo's escapes decode; what is not one stays as it was. */
static void
test_fsinfo_unescape(void **state)
{
	char	a[] = "/mnt/my\\040disk", b[] = "tab\\011\\134end",
		c[] = "keep\\0 \\9999 \\400 \\04", d[] = "";

	(void)state;
	fsinfo_unescape(a);
	assert_string_equal(a, "/mnt/my disk");
	fsinfo_unescape(b);
	assert_string_equal(b, "tab\t\\end");
	fsinfo_unescape(c);
	assert_string_equal(c, "keep\\0 \\9999 \\400 \\04");
	fsinfo_unescape(d);
	assert_string_equal(d, "");
}

/*
 * A good run's events in order, and each sample's figures: the sample's
 * elapsed time is its longest copy's (each copy of a timed loop runs at
 * least the 0.1 s asked), its value the sum of the copies' rates.
 */
static void
test_good_run_events_and_figures(void **state)
{
	struct run	run;
	struct rec	rc;
	const int	expect[] = {
		RUNNER_EV_RUN_START, RUNNER_EV_BENCH_START,
		RUNNER_EV_SAMPLE_START, RUNNER_EV_SAMPLE, RUNNER_EV_PROGRESS,
		RUNNER_EV_SAMPLE_START, RUNNER_EV_SAMPLE, RUNNER_EV_PROGRESS,
		RUNNER_EV_BENCH_DONE,
	};

	(void)state;
	run_plan(&tb_ok, 2, 2, 0.1, &run, &rc);
	assert_int_equal(run.nsamples, 4);
	for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
		assert_int_equal(rc.types[i], expect[i]);
	assert_int_equal(rc.types[rc.ntypes - 1], RUNNER_EV_FINISHED);
	for (size_t i = 0; i < run.nsamples; i++) {
		struct run_sample *s = &run.samples[i];

		assert_int_equal(s->status, RUN_OK);
		assert_int_equal(s->copies, 2);
		assert_int_equal(s->index, (int)(i % 2) + 1);
		assert_non_null(s->per_copy);
		/* The figure is the copies' rates summed... */
		assert_near(s->value, s->per_copy[0] + s->per_copy[1],
		    1e-6 * s->value);
		/* ...each over its real elapsed time, never the nominal. */
		assert_true(s->elapsed >= 0.1);
		assert_true(s->iterations > 0);
		assert_true(s->per_copy[0] > 0 && s->per_copy[1] > 0);
	}
	assert_string_equal(run.samples[0].test, "ok");
	assert_int_equal(rc.errors, 0);
	assert_no_children();
	assert_tmp_empty();
	run_good_fs(&run);
	run_free(&run);
}

static void
test_crash_is_recorded(void **state)
{
	(void)state;
	expect_failure(&tb_crash, 2, "copy 2: killed by SIGSEGV", 3);
}

static void
test_hang_times_out(void **state)
{
	(void)state;
	/* Two samples, each killed at duration + grace + 0.1 s a copy. */
	expect_failure(&tb_hang, 1, "timed out after 0.5 s", 0.5 * 2 + 2);
}

static void
test_hang_in_setup_times_out(void **state)
{
	(void)state;
	/* The setup deadline: grace + 0.1 s for each of the 2 copies. */
	expect_failure(&tb_hang_setup, 2, "timed out in setup after 0.5 s",
	    0.5 * 2 + 2);
}

static void
test_early_exits(void **state)
{
	(void)state;
	expect_failure(&tb_exit0, 1, "copy 1: exited without a result", 3);
	expect_failure(&tb_exit3, 1, "copy 1: exited with status 3", 3);
}

/*
 * A copy that reported its result and then exits 3 has failed: its
 * teardown, or the figure it sent, cannot be trusted.
 */
static void
test_result_then_failing_exit(void **state)
{
	(void)state;
	expect_failure(&tb_late_exit, 1, "copy 1: exited with status 3", 3);
}

static void
test_bench_fail_message(void **state)
{
	(void)state;
	expect_failure(&tb_fail, 1, "copy 1: the widget broke at 42", 3);
}

static void
test_garbage_on_pipe(void **state)
{
	(void)state;
	expect_failure(&tb_garbage, 1,
	    "malformed record on the result pipe (truncated)", 3);
	expect_failure(&tb_badmagic, 1, "malformed record on the result pipe",
	    3);
}

/*
 * A result in the name of a copy that does not exist (the copy one past
 * the last) is a malformed record, never a write past the copies' table.
 */
static void
test_record_from_no_copy(void **state)
{
	(void)state;
	expect_failure(&tb_stranger, 1, "malformed record on the result pipe",
	    3);
}

static void
cancel_cb(const struct runner_event *ev, void *arg)
{
	struct rec	*rc = arg;

	rec_cb(ev, arg);
	if (ev->type == RUNNER_EV_SAMPLE_START &&
	    ++rc->cancel_at_sample_start == 2) {
		rc->cancel_ns = sm_now_ns();
		runner_cancel(rc->r);
	}
}

static void
test_cancel_keeps_finished_samples(void **state)
{
	const struct bench	*benches[1] = { &tb_ok };
	int			 cps[1] = { 2 };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct run		 run;
	struct rec		 rc;

	(void)state;
	/*
	 * Samples of 2 s: a runner that let the cancelled sample run out
	 * would return 2 s after the cancel, a load-proof margin over the
	 * kill and reap a prompt one needs (a bound on the whole run's
	 * time once failed at a load of 37).
	 */
	plan_set(&plan, &env, benches, 1, cps, 3, 2.0);
	memset(&rc, 0, sizeof rc);
	run_init(&run);
	rc.r = runner_start(&plan, &env, &run, cancel_cb, &rc, &err);
	assert_non_null(rc.r);
	runner_wait(rc.r, NULL);
	runner_free(rc.r);
	/* One sample done, the second cancelled as it started. */
	assert_int_equal(run.nsamples, 1);
	assert_int_equal(run.samples[0].status, RUN_OK);
	assert_int_equal(rc.finished, 1);
	assert_true(rc.cancelled);
	assert_true(rc.cancel_ns > 0);
	assert_true((sm_now_ns() - rc.cancel_ns) / 1e9 < 1.9);
	assert_no_children();
	assert_tmp_empty();
	run_free(&run);
}

static void
test_bad_plans_refused(void **state)
{
	const struct bench	*benches[1] = { &tb_ok };
	int			 cps[1] = { 1 };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct run		 run;
	struct rec		 rc;

	(void)state;
	plan_set(&plan, &env, benches, 1, cps, 1, 0.05);
	run_init(&run);
	assert_null(runner_start(&plan, &env, &run, rec_cb, &rc, &err));
	assert_string_equal(err.msg, "duration 0.05 s: must be between 0.1 "
	    "and 86400");
	plan.duration = 1;
	plan.copies[0] = 0;
	assert_null(runner_start(&plan, &env, &run, rec_cb, &rc, &err));
	assert_string_equal(err.msg, "copies 0: must be between 1 and 1024");
	plan.copies[0] = 1;
	plan.samples = 0;
	assert_null(runner_start(&plan, &env, &run, rec_cb, &rc, &err));
	assert_string_equal(err.msg, "samples 0: must be between 1 and 1000");
	assert_int_equal(run.nsamples, 0);
	assert_tmp_empty();
}

/* Every registered benchmark, briefly, at 1 and at 2 copies. */
static void
test_smoke_every_benchmark(void **state)
{
	const int		 cps[2] = { 1, 2 };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct runner		*r;
	struct run		 run;
	struct rec		 rc;
	size_t			 n = registry_count();

	(void)state;
	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	memset(&rc, 0, sizeof rc);
	plan.benches = (const struct bench **)registry_all;
	plan.nbench = n;
	memcpy(plan.copies, cps, sizeof cps);
	plan.ncopies = 2;
	plan.samples = 1;
	plan.duration = 0.2;
	/*
	 * Generous: on a machine loaded ten times over, 16 shells or a
	 * 128 MB chase set up take seconds, and at a load of 20 the 10 KB
	 * deletes' sample ran past 30 s of grace (60 s in all).  A hang is
	 * test_hang_times_out's to find, not this test's.
	 */
	env.grace = 300;
	env.self_exe = tu_bin();
	run_init(&run);
	assert_non_null(r = runner_start(&plan, &env, &run, rec_cb, &rc, &err));
	runner_wait(r, NULL);
	runner_free(r);
	assert_int_equal(run.nsamples, 2 * n);
	for (size_t i = 0; i < run.nsamples; i++) {
		struct run_sample *s = &run.samples[i];

		/* A test whose program is missing here is skipped. */
		if (s->status == RUN_SKIPPED)
			continue;
		/*
		 * On a loaded machine the overhead a ring of processes
		 * measures apart can outgrow its batch, and the runner
		 * refuses that sample rather than invent a figure: the
		 * workload ran, which is what this test is about.
		 */
		if (s->status == RUN_FAILED && strstr(s->reason,
		    "the overhead subtracted") != NULL)
			continue;
		if (s->status != RUN_OK)
			print_error("%s x%d: %s\n", s->test, s->copies,
			    s->reason);
		assert_int_equal(s->status, RUN_OK);
		assert_true(isfinite(s->value) && s->value > 0);
		assert_int_equal(s->copies, cps[i % 2]);
	}
	assert_no_children();
	assert_tmp_empty();
	run_free(&run);
}

/* The console's "skip test": the finished sample stays, the next goes on. */
static void
test_skip_keeps_finished(void **state)
{
	const struct bench	*benches[2];
	int			 cps[1] = { 1 };
	struct plan	 plan;
	struct runner_env	 env;
	struct sm_error		 err;
	struct pollfd		 pfd;
	struct run		 run;
	struct rec		 rc;
	int			 skipped = 0;

	(void)state;
	benches[0] = &tb_ok;
	benches[1] = registry_find("syscall");
	plan_set(&plan, &env, benches, 2, cps, 4, 0.1);
	memset(&rc, 0, sizeof rc);
	run_init(&run);
	rc.r = runner_start(&plan, &env, &run, rec_cb, &rc, &err);
	assert_non_null(rc.r);
	do {
		pfd.fd = runner_fd(rc.r);
		pfd.events = POLLIN;
		poll(&pfd, 1, runner_timeout_ms(rc.r));
		if (!skipped && run.nsamples == 1) {
			runner_skip_test(rc.r);
			skipped = 1;
		}
	} while (!runner_step(rc.r));
	runner_free(rc.r);
	/* The finished sample, the skipped one, then the next test's. */
	assert_int_equal(run.nsamples, 1 + 1 + 4);
	assert_string_equal(run.samples[0].test, "ok");
	assert_int_equal(run.samples[0].status, RUN_OK);
	assert_string_equal(run.samples[1].test, "ok");
	assert_int_equal(run.samples[1].status, RUN_SKIPPED);
	assert_string_equal(run.samples[1].reason, "skipped by the user");
	for (size_t i = 2; i < run.nsamples; i++)
		assert_string_equal(run.samples[i].test, "syscall");
	assert_int_equal(rc.bench_done, 2);
	assert_int_equal(rc.finished, 1);
	assert_false(rc.cancelled);
	/* The runner records the plan it ran (plan_write()). */
	assert_string_equal(run_meta_get(&run, "samples"), "4");
	assert_string_equal(run_meta_get(&run, "plan_tests"), "ok,syscall");
	assert_no_children();
	assert_tmp_empty();
	run_free(&run);
}

static void
test_parse_copies(void **state)
{
	struct sm_error	err;
	int		v[3];
	size_t		n;

	(void)state;
	assert_int_equal(plan_parse_copies("1,cpus", v, 3, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], sysinfo_ncpu());
	assert_int_equal(plan_parse_copies("2 4", v, 3, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(v[1], 4);
	assert_int_equal(plan_parse_copies("1,x", v, 3, &n, &err), -1);
	assert_string_equal(err.msg, "1,x: copies must be whole numbers from "
	    "1 to 1024, cpus or scale");
	assert_int_equal(plan_parse_copies("1,2,3,4", v, 3, &n, &err), -1);
	assert_string_equal(err.msg, "1,2,3,4: at most 3 values");
	assert_int_equal(plan_parse_copies(",", v, 3, &n, &err), -1);
	assert_int_equal(plan_parse_copies("0", v, 3, &n, &err), -1);
}

/*
 * What a plan is expected to take, shown before a run starts and used by
 * calibrate to spread its repeats: every sample (the warm-up too) at
 * each copies value in every repeat, plus the pauses between repeats.
 * Planted: the pauses dropped.  And the grace period a copy gets past
 * its duration before it is killed.  Planted: a constant changed.
 */
static void
test_plan_estimate(void **state)
{
	const struct bench	*benches[1] = { &tb_ok };
	int			 cps[2] = { 1, 2 };
	struct plan	 plan;
	struct runner_env	 env;

	(void)state;
	plan_set(&plan, &env, benches, 1, cps, 3, 1);
	plan.ncopies = 2;
	plan.warmup = 1;
	assert_near(plan_estimate(&plan), 1.01 * 2 * 4, 1e-9);
	plan.repeats = 3;
	plan.gap = 10;
	assert_near(plan_estimate(&plan), 1.01 * 2 * 4 * 3 + 10 * 2, 1e-9);
	assert_near(runner_default_grace(10), 5 + 10 / 2.0, 0);
	assert_near(runner_default_grace(0.5), 5 + 0.5 / 2, 0);
}

/*
 * A cost's figure carries its scale: 1000 operations in 2 ms are 2 us
 * each (scale 1e6: seconds to us); a rate, 1000 in 2 s, is 500 a second.
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_run_events_and_figures),
		cmocka_unit_test(test_crash_is_recorded),
		cmocka_unit_test(test_hang_times_out),
		cmocka_unit_test(test_hang_in_setup_times_out),
		cmocka_unit_test(test_early_exits),
		cmocka_unit_test(test_result_then_failing_exit),
		cmocka_unit_test(test_bench_fail_message),
		cmocka_unit_test(test_garbage_on_pipe),
		cmocka_unit_test(test_record_from_no_copy),
		cmocka_unit_test(test_cancel_keeps_finished_samples),
		cmocka_unit_test(test_bad_plans_refused),
		cmocka_unit_test(test_smoke_every_benchmark),
		cmocka_unit_test(test_skip_keeps_finished),
		cmocka_unit_test(test_parse_copies),
		cmocka_unit_test(test_fsinfo_unescape),
		cmocka_unit_test(test_plan_estimate),
		cmocka_unit_test(test_figure_scales),
	};

	return cmocka_run_group_tests_name("runner", tests, setup_tmp,
	    teardown_tmp);
}
