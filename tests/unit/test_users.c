/*
 * Scaling curves and simulated users: histogram percentiles against
 * exact ones, their rank and the mean, histograms in the run file, mixes
 * refused with their exact messages, users running synthetic steps of
 * known length, the scaling series and its table, a cost's speedup too.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include "testutil.h"

/* ---- Histograms ---- */

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* A reproducible spread from 1 us to about 20 s, log-uniform. */
static uint64_t
spread(unsigned *seed)
{
	double	u = (double)rand_r(seed) / RAND_MAX;

	return (uint64_t)(1000.0 * pow(2e7, u)) + (uint64_t)rand_r(seed) % 7;
}

static void
test_hist_percentiles_exact(void **state)
{
	static const double	 q[] = { 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1 };
	enum { N = 20001 };
	uint64_t		*v = malloc(N * sizeof *v);
	unsigned		 seed = 13;
	struct hist		 h;

	(void)state;
	assert_non_null(v);
	hist_init(&h);
	for (size_t i = 0; i < N; i++) {
		v[i] = spread(&seed);
		hist_record(&h, v[i]);
	}
	qsort(v, N, sizeof *v, cmp_u64);
	assert_int_equal(h.count, N);
	for (size_t j = 0; j < sizeof q / sizeof q[0]; j++) {
		/* Nearest rank: the ceil(q N)-th smallest. */
		double	exact = (double)v[(size_t)ceil(q[j] * N) - 1];
		double	got = hist_quantile(&h, q[j]);

		assert_true(fabs(got - exact) <= exact / (2.0 * HIST_SUB));
	}
	/* Small values are exact. */
	hist_free(&h);
	hist_init(&h);
	for (uint64_t x = 1; x <= 100; x++)
		hist_record(&h, x);
	assert_near(hist_quantile(&h, 0.5), 50, 0);
	assert_near(hist_quantile(&h, 0.9), 90, 0);
	assert_near(hist_quantile(&h, 1), 100, 0);
	hist_free(&h);
	free(v);
}

/* A histogram of three values: 10, 20 and 30 ns. */
static void
hist_three(struct hist *h)
{
	hist_init(h);
	hist_record(h, 10);
	hist_record(h, 20);
	hist_record(h, 30);
}

/*
 * The nearest rank is ceil(q N), never floor(q N): with three values the
 * median is the second (ceil 1.5 = 2), the 0.4-quantile too (ceil 1.2),
 * and 0.34 of them is the second as well.
 */
static void
test_quantile_rank_rounds_up(void **state)
{
	struct hist	h;

	(void)state;
	hist_three(&h);
	assert_near(hist_quantile(&h, 0.5), 20, 0);
	assert_near(hist_quantile(&h, 0.4), 20, 0);
	assert_near(hist_quantile(&h, 0.34), 20, 0);
	assert_near(hist_quantile(&h, 0.33), 10, 0);
	assert_near(hist_quantile(&h, 0.67), 30, 0);
	hist_free(&h);
}

/* The histogram's mean: the sum over the count, 60 / 3. */
static void
test_hist_mean(void **state)
{
	struct hist	h;

	(void)state;
	hist_three(&h);
	assert_near(hist_mean(&h), 20, 0);
	hist_free(&h);
}

static void
test_hist_buckets_bounded(void **state)
{
	size_t	prev = 0;

	(void)state;
	/* Monotonic, and every value within half a bucket of its mid. */
	for (uint64_t v = 1; v < HIST_MAX_NS; v = v * 3 / 2 + 1) {
		size_t	b = hist_bucket(v);

		assert_true(b >= prev);
		assert_true(b < HIST_NBUCKETS);
		assert_true(fabs(hist_value(b) - (double)v) <=
		    (double)v / (2.0 * HIST_SUB) + 0.5);
		prev = b;
	}
	assert_int_equal(hist_bucket(UINT64_MAX), HIST_NBUCKETS - 1);
}

static void
test_hist_merge_and_encode(void **state)
{
	struct hist	a, b, all, back;
	struct sm_error	err;
	unsigned	seed = 7;
	char		*enc;

	(void)state;
	hist_init(&a);
	hist_init(&b);
	hist_init(&all);
	hist_init(&back);
	for (int i = 0; i < 5000; i++) {
		uint64_t	x = spread(&seed);

		hist_record(i % 3 ? &a : &b, x);
		hist_record(&all, x);
	}
	hist_merge(&a, &b);
	assert_int_equal(a.count, all.count);
	assert_memory_equal(a.bucket, all.bucket,
	    HIST_NBUCKETS * sizeof *a.bucket);
	enc = hist_encode(&a);
	assert_int_equal(hist_decode(&back, enc, &err), 0);
	assert_int_equal(back.count, a.count);
	assert_memory_equal(back.bucket, a.bucket,
	    HIST_NBUCKETS * sizeof *a.bucket);
	free(enc);
	hist_free(&back);
	hist_init(&back);
	assert_int_equal(hist_decode(&back, "5:1;5:2", &err), -1);
	assert_string_equal(err.msg, "bad histogram bucket \"5:2\" (expected "
	    "BUCKET:COUNT, buckets increasing, below 5120)");
	hist_free(&a);
	hist_free(&b);
	hist_free(&all);
	hist_free(&back);
}

/* A users run's histograms survive the run file; a bad one is refused. */
static void
test_hist_in_run_file(void **state)
{
	struct run	 run, back;
	struct sm_error	 err;
	struct run_hist	*rh;
	char		 dir[256], path[300], *a, *b;
	FILE		*f;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/u.csv", dir);
	run_init(&run);
	rh = run_add_hist(&run, "iocall", 4, 2, 1);
	for (uint64_t x = 1000; x < 5000000; x = x * 5 / 4)
		hist_record(&rh->h, x);
	hist_record(&run_add_hist(&run, "cc", 4, 2, 2)->h, 123456789);
	assert_int_equal(csvstore_save(&run, path, 0, &err), 0);
	tu_load(&back, path);
	assert_int_equal(back.nhists, 2);
	assert_string_equal(back.hists[0].step, "iocall");
	assert_int_equal(back.hists[0].copies, 4);
	assert_int_equal(back.hists[0].index, 2);
	assert_int_equal(back.hists[0].repeat, 1);
	assert_int_equal(back.hists[1].repeat, 2);
	a = hist_encode(&run.hists[0].h);
	b = hist_encode(&back.hists[0].h);
	assert_string_equal(a, b);
	free(a);
	free(b);
	run_free(&back);
	run_free(&run);

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("record,name,value,version,copies,sample,unit,duration,elapsed,"
	    "iterations,status,reason,per_copy\nmeta,format,1,,,,,,,,,,\n"
	    "hist,iocall,3,1,2,1,ns,,,,ok,,100:2\n", f);
	fclose(f);
	run_init(&back);
	assert_int_equal(csvstore_load(&back, path, &err), -1);
	assert_true(strstr(err.msg, "u.csv:3: column \"value\": 3 response "
	    "times, but the buckets hold 2") != NULL);
	unlink(path);
	rmdir(dir);
}

/* Two runs' response times side by side, recomputed from histograms. */
static void
test_users_compare(void **state)
{
	const char *const	 names[2] = { "old", "new" };
	const struct run	*rp[2];
	struct run		 a, b;
	struct table		*t;
	char			*txt;

	(void)state;
	run_init(&a);
	run_init(&b);
	run_add_hist(&a, "cc", 4, 1, 1);
	run_add_hist(&a, "cc", 4, 2, 1);
	run_add_hist(&b, "cc", 4, 1, 1);
	for (int i = 0; i < 100; i++) {
		/* Two samples of a, merged: the median is 1 ms. */
		hist_record(&a.hists[i % 2].h, 1000000);
		hist_record(&b.hists[0].h, 2000000 + i);
	}
	rp[0] = &a;
	rp[1] = &b;
	t = users_compare(rp, names, 2);
	assert_non_null(t);
	txt = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(txt, "\n    4  cc    1.00ms  1.00ms  2.00ms  "
	    "2.00ms   2.00\n"));
	free(txt);
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/* One user count of a users run: its throughput and a step's times. */
static void
add_users_point(struct run *run, int users, double steps, uint64_t ns)
{
	struct run_sample	*s = run_add_sample(run);
	struct run_hist		*rh = run_add_hist(run, "iocall", users, 1, 1);

	snprintf(s->test, sizeof s->test, "%s", USERS_TEST);
	snprintf(s->unit, sizeof s->unit, "steps/m");
	s->copies = users;
	s->index = 1;
	s->status = RUN_OK;
	s->value = steps;
	for (int i = 0; i < 100; i++)
		hist_record(&rh->h, ns + (uint64_t)i * ns / 100);
}

/*
 * The knee: from 1 to 2 users throughput doubles at the same response
 * time; from 2 to 4 it grows 10% while response time doubles.
 */
static void
test_users_knee(void **state)
{
	struct run	 run;
	struct table	*t;
	char		*txt;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "mix", "synthetic");
	add_users_point(&run, 1, 100, 10000000);
	add_users_point(&run, 2, 200, 10000000);
	add_users_point(&run, 4, 220, 20000000);
	t = users_table(&run);
	txt = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(txt, "knee: past 2 users the mean response "
	    "time grows faster than the throughput"));
	/*
	 * Nearest rank over 10.0, 10.1, ... 19.9 ms: 14.9, 18.9, 19.8 (a
	 * bucket's midpoint, within 0.4%, prints 19.9) and 19.9.
	 */
	assert_non_null(strstr(txt, "\n2 knee      200.0  iocall  14.9ms  "
	    "18.9ms  19.9ms  19.9ms    1.00\n"));
	assert_non_null(strstr(txt, "\n     4      220.0  iocall  29.8ms  "
	    "37.9ms  39.7ms  39.7ms    2.00\n"));
	free(txt);
	table_free(t);
	/*
	 * The plot, log scale from half the smallest median (7.45 ms) to
	 * the largest 99th percentile: the slowest row's '|' ends the bar.
	 */
	t = users_plot(&run);
	txt = tu_render(t, TABLE_TEXT);
	/* 36 x log(29.8 / 7.45) / log(39.7 / 7.45) = 29.8: 30 '#'. */
	if (strstr(txt, "\n     4  29.8ms  39.7ms  "
	    "##############################=====|\n") == NULL ||
	    strstr(txt, "\n     1  14.9ms  19.9ms  "
	    "###############===== |\n") == NULL)
		fail_msg("%s", txt);
	free(txt);
	table_free(t);
	run_free(&run);
}

/* ---- Mixes ---- */

static char	mixdir[256];

static const char *
write_mix(const char *name, const char *text)
{
	static char	path[512];
	FILE		*f;

	snprintf(path, sizeof path, "%s/%s.csv", mixdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

/* Load text as a mix, expecting failure with exactly path:msg. */
static void
refused(const char *name, const char *text, const char *msg)
{
	const char	*path = write_mix(name, text);
	struct mix	 m;
	struct sm_error	 err;
	char		 want[700];

	assert_int_equal(mix_load(&m, NULL, path, &err), -1);
	snprintf(want, sizeof want, "%s:%s", path, msg);
	assert_string_equal(err.msg, want);
}

#define MIX_HEAD	"kind,what,iterations,think\n"

static void
test_mix_refused(void **state)
{
	(void)state;
	refused("unknown", MIX_HEAD "# a comment\ntest,nosuch,1,0\n",
	    "3: unknown test \"nosuch\" (sysmark list shows the tests)");
	refused("missing", MIX_HEAD "test,syscall,1,0\n"
	    "command,no-such-program-13 -x,1,0\n",
	    "3: command \"no-such-program-13\" not found on PATH");
	refused("think", MIX_HEAD "test,syscall,10,-1\n",
	    "2: think time \"-1\": must be a number of seconds from 0 to "
	    "3600");
	refused("empty", MIX_HEAD "source,nobody,,\n",
	    "2: the mix has no steps (a user needs a test or command row)");
	refused("header", "step,what\ntest,syscall\n",
	    "1: expected 4 fields (kind,what,iterations,think), got 2");
	refused("kind", MIX_HEAD "tset,syscall,1,0\n",
	    "2: unknown kind \"tset\" (expected test, command, source or "
	    "users)");
	refused("users", MIX_HEAD "users,\"1,2,300\",,\ntest,syscall,1,0\n",
	    "2: users 1,2,300: user counts must be whole numbers from 1 to "
	    "256 (or cpus, scale)");
	refused("iter", MIX_HEAD "test,syscall,0,0\n",
	    "2: iterations \"0\": must be a whole number from 1 to "
	    "1000000000");
	refused("relative", MIX_HEAD "command,bin/run.sh,1,0\n",
	    "2: command \"bin/run.sh\": a relative path would be run from "
	    "each user's own directory; give an absolute path or "
	    "$SYSMARK_MIX_DIR/");
	refused("pinned", MIX_HEAD "test,lat_ctx_2p0k_2cpu,1,0\n",
	    "2: test \"lat_ctx_2p0k_2cpu\" pins its processes to CPUs, which a "
	    "user step cannot do");
}

static void
test_mix_loads(void **state)
{
	struct mix	m;
	struct sm_error	err;
	const char	*path = write_mix("good", MIX_HEAD
	    "source,\"somebody, somewhere\",,\n"
	    "test,syscall,100,0.5\n"
	    "command,/bin/sh -c true,2,\n"
	    "test,syscall,5,\n"
	    "command,\"\"\"$SYSMARK_MIX_DIR/step.sh\"\" -x\",1,0\n");
	char		 step[600];
	FILE		*f;

	(void)state;
	/* A script beside the mix must exist and be executable. */
	snprintf(step, sizeof step, "%s/step.sh", mixdir);
	assert_int_equal(mix_load(&m, NULL, path, &err), -1);
	assert_non_null(strstr(err.msg, "good.csv:6: command "
	    "\"$SYSMARK_MIX_DIR/step.sh\": "));
	assert_non_null(f = fopen(step, "w"));
	fputs("exit 0\n", f);
	fclose(f);
	assert_int_equal(chmod(step, 0755), 0);
	assert_int_equal(mix_load(&m, NULL, path, &err), 0);
	assert_string_equal(m.kinds[2], "step.sh");
	assert_string_equal(m.name, "good");
	assert_string_equal(m.source, "somebody, somewhere");
	assert_int_equal(m.nsteps, 4);
	assert_int_equal(m.nkinds, 3);
	assert_string_equal(m.kinds[0], "syscall");
	assert_string_equal(m.kinds[1], "sh");
	assert_int_equal(m.steps[2].kind_index, 0);
	assert_int_equal(m.steps[1].iterations, 2);
	assert_near(m.steps[0].think, 0.5, 0);
	assert_string_equal(m.dir, mixdir);
	mix_free(&m);
}

/*
 * The users plan, whoever makes it: counts chosen win, else the mix's
 * own users row, else 1, 2, 4, 8; USERS_SAMPLES samples, grouped.
 */
static void
test_users_plan_counts(void **state)
{
	struct plan	p;
	struct bench	b;
	struct mix	m;
	const int	chosen[] = { 3, 5 };

	(void)state;
	memset(&b, 0, sizeof b);
	memset(&m, 0, sizeof m);
	users_plan_init(&p, &b);
	users_plan_counts(&p, &m, NULL, 0);
	assert_int_equal(p.ncopies, 4);
	assert_int_equal(p.copies[3], 8);
	assert_int_equal(p.samples, USERS_SAMPLES);
	assert_int_equal(p.order, RUNNER_ORDER_GROUPED);
	m.users[0] = 1;
	m.users[1] = 64;
	m.nusers = 2;
	users_plan_counts(&p, &m, NULL, 0);
	assert_int_equal(p.ncopies, 2);
	assert_int_equal(p.copies[1], 64);
	users_plan_counts(&p, &m, chosen, 2);
	assert_int_equal(p.ncopies, 2);
	assert_int_equal(p.copies[0], 3);
	assert_int_equal(p.copies[1], 5);
	/* -u parsed into the plan's own copies stays as it is. */
	users_plan_counts(&p, &m, p.copies, p.ncopies);
	assert_int_equal(p.copies[0], 3);
	assert_int_equal(p.copies[1], 5);
	plan_free(&p);
}

static void
test_users_limits(void **state)
{
	struct sm_error	err;
	int		u[16];
	size_t		n;

	(void)state;
	assert_int_equal(mix_parse_users("1,2,4,8,16", u, 16, &n, &err), 0);
	assert_int_equal(n, 5);
	assert_int_equal(u[4], 16);
	assert_int_equal(mix_parse_users("1,257", u, 16, &n, &err), -1);
	assert_string_equal(err.msg, "1,257: user counts must be whole "
	    "numbers from 1 to 256 (or cpus, scale)");
	assert_int_equal(mix_parse_users("0", u, 16, &n, &err), -1);
	assert_int_equal(mix_parse_users("-2", u, 16, &n, &err), -1);
}

/* Refused before anything runs: exit 2, the message, nothing saved. */
static void
test_users_cli_refuses(void **state)
{
	const char	*path = write_mix("cli", MIX_HEAD "test,nosuch,1,0\n");
	char		 out[600], want[700];
	struct tu_out	 o;

	(void)state;
	snprintf(out, sizeof out, "%s/out.csv", mixdir);
	{
		char *const	argv[] = { "sysmark", "users", (char *)path,
		    "-u", "1,2", "-d", "0.2", "-n", "1", "-o", out, NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	snprintf(want, sizeof want, "sysmark: %s:2: unknown test \"nosuch\" "
	    "(sysmark list shows the tests)\n", path);
	assert_string_equal(o.err, want);
	assert_int_equal(access(out, F_OK), -1);
	tu_out_free(&o);
	{
		char *const	argv[] = { "sysmark", "users", "seed000", "-u",
		    "1,1000", NULL };

		tu_run(argv, &o);
	}
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "-u 1,1000: user counts must be"));
	tu_out_free(&o);
}

/* ---- Users running synthetic steps ---- */

static void
sleep10_loop(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	while (n-- > 0)
		tu_sleep_ms(10);
}

static const struct bench tb_sleep10 = {
	.id = "sleep10", .title = "10 ms sleep", .group = "test",
	.unit = "lps", .scale = 1, .loop = sleep10_loop,
};

static void
collect_cb(const struct runner_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
}

static void
run_mix(const struct mix *m, int users, double d, struct run *run)
{
	const struct bench	*b[1];
	struct plan	 plan;
	struct runner_env	 env;
	struct bench		 ub;
	struct runner		*r;
	struct sm_error		 err;
	int			 copies[1] = { users };

	memset(&plan, 0, sizeof plan);
	memset(&env, 0, sizeof env);
	run_init(run);
	b[0] = &ub;
	plan.benches = b;
	plan.nbench = 1;
	memcpy(plan.copies, copies, sizeof copies);
	plan.ncopies = 1;
	plan.samples = 1;
	plan.duration = d;
	users_prepare(&plan, &env, &ub, m, run);
	env.self_exe = "/bin/false";
	r = runner_start(&plan, &env, run, collect_cb, NULL, &err);
	assert_non_null(r);
	runner_wait(r, NULL);
	runner_free(r);
}

/*
 * A 10 ms sleep's steps are timed as the sleep alone, and the 20 ms think
 * time after each is honoured.  Checked by shape, never by how fast a
 * loaded machine wakes: no step under 10 ms, the quantiles in order, no
 * user more than one step per 30 ms, and the steps' time with their
 * think times fits in the users' time (a step timed with its think time
 * would not).
 */
static void
test_users_known_steps(void **state)
{
	struct mix		 m;
	struct mix_step		 st;
	struct run		 run;
	const struct run_sample	*s;
	double			 med;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&st, 0, sizeof st);
	st.kind = MIX_TEST;
	st.bench = &tb_sleep10;
	st.iterations = 1;
	st.think = 0.020;
	m.steps = &st;
	m.nsteps = 1;
	m.name = "synthetic";
	m.path = "synthetic.csv";
	m.dir = "/";
	m.nkinds = 1;
	snprintf(m.kinds[0], sizeof m.kinds[0], "sleep10");
	run_mix(&m, 2, 0.6, &run);
	assert_int_equal(run.nsamples, 1);
	s = &run.samples[0];
	if (s->status != RUN_OK)
		fail_msg("%s", s->reason);
	assert_int_equal(run.nhists, 1);
	assert_string_equal(run.hists[0].step, "sleep10");
	/* Every step was timed. */
	assert_int_equal(run.hists[0].h.count, s->iterations);
	med = hist_quantile(&run.hists[0].h, 0.5);
	assert_true(med >= 10e6 * (1 - 1.0 / HIST_SUB));
	assert_true(hist_quantile(&run.hists[0].h, 0.1) <= med);
	assert_true(med <= hist_quantile(&run.hists[0].h, 0.9));
	/* Two users' steps and thinks, each user's last think cut short. */
	assert_true((double)s->iterations * (hist_mean(&run.hists[0].h) /
	    1e9 + st.think) <= 2 * (s->elapsed + st.think) *
	    (1 + 1.0 / HIST_SUB));
	for (int k = 0; k < 2; k++)
		assert_true(s->per_copy[k] * s->elapsed / 60 <=
		    s->elapsed / 0.030 + 1);
	run_free(&run);
}

/*
 * Command steps run in each user's private directory: a user writes its
 * number, waits, and reads it back; shared files would be overwritten.
 */
static void
test_users_private_files(void **state)
{
	const char	*path = write_mix("private", MIX_HEAD
	    "command,\"echo $SYSMARK_USER > mine; sleep 0.01; "
	    "test \"\"$(cat mine)\"\" = \"\"$SYSMARK_USER\"\"\",1,0\n");
	struct mix	 m;
	struct run	 run;
	struct sm_error	 err;

	(void)state;
	assert_int_equal(mix_load(&m, NULL, path, &err), 0);
	assert_string_equal(m.kinds[0], "echo");
	run_mix(&m, 3, 0.3, &run);
	if (run.samples[0].status != RUN_OK)
		fail_msg("%s", run.samples[0].reason);
	assert_true(hist_quantile(&run.hists[0].h, 0.5) >= 10e6 *
	    (1 - 1.0 / HIST_SUB));
	run_free(&run);
	mix_free(&m);
}

/* A step that fails fails the sample, with the reason; nothing is kept. */
static void
test_users_failing_step(void **state)
{
	const char	*path = write_mix("fails", MIX_HEAD
	    "command,false,1,0\n");
	struct mix	 m;
	struct run	 run;
	struct sm_error	 err;

	(void)state;
	assert_int_equal(mix_load(&m, NULL, path, &err), 0);
	run_mix(&m, 2, 0.2, &run);
	assert_int_equal(run.samples[0].status, RUN_FAILED);
	assert_non_null(strstr(run.samples[0].reason,
	    "false: exited with status 1"));
	assert_int_equal(run.nhists, 0);
	assert_null(users_table(&run));
	assert_null(scaling_table(&run));
	run_free(&run);
	mix_free(&m);
}

/* ---- Scaling ---- */

static void
test_scale_series(void **state)
{
	struct sm_error	err;
	int		c[16], ncpu = sysinfo_ncpu(), has_ncpu = 0;
	size_t		n;

	(void)state;
	assert_int_equal(plan_parse_copies("scale", c, 16, &n, &err), 0);
	assert_int_equal(c[0], 1);
	assert_int_equal(c[n - 1], 2 * ncpu);
	for (size_t i = 1; i < n; i++) {
		assert_true(c[i] > c[i - 1]);
		assert_true(c[i] == ncpu || c[i] == 2 * ncpu ||
		    (c[i] & (c[i] - 1)) == 0);
		has_ncpu |= c[i] == ncpu;
	}
	assert_true(has_ncpu || ncpu == 1);
	/* Hand values are added once. */
	assert_int_equal(plan_parse_copies("1,scale,1,3", c, 16, &n, &err),
	    0);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			assert_true(c[i] != c[j]);
}

static void
add_sample(struct run *run, int copies, const double *per)
{
	struct run_sample	*s = run_add_sample(run);

	snprintf(s->test, sizeof s->test, "dhry2reg");
	snprintf(s->unit, sizeof s->unit, "lps");
	s->copies = copies;
	s->index = 1;
	s->status = RUN_OK;
	s->per_copy = calloc((size_t)copies, sizeof *s->per_copy);
	for (int k = 0; k < copies; k++) {
		s->per_copy[k] = per[k];
		s->value += per[k];
	}
}

static void
test_scaling_table(void **state)
{
	const double	 one[] = { 1000 }, two[] = { 950, 950 };
	const double	 four[] = { 600, 400, 500, 500 };
	struct run	 run;
	struct table	*t;
	char		*txt;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "cpus", "2");
	add_sample(&run, 1, one);
	add_sample(&run, 2, two);
	add_sample(&run, 4, four);
	t = scaling_table(&run);
	assert_non_null(t);
	txt = tu_render(t, TABLE_TEXT);
	/*
	 * Efficiency: 1900 / (2 x 1000); fairness 400 / 600; the bar is
	 * 24 characters for a speedup of 4, the ideal marked at N.
	 */
	assert_non_null(strstr(txt, "\n     1      1000.0    1000.0    100%"
	    "     -  #####|\n"));
	assert_non_null(strstr(txt, "\n   2 *      1900.0     950.0     95%"
	    "  1.00  ###########|\n"));
	assert_non_null(strstr(txt, "\n     4      2000.0     500.0     50%"
	    "  0.67  ############           |\n"));
	assert_non_null(strstr(txt, "* the CPU count (2)"));
	free(txt);
	table_free(t);
	run_free(&run);
}

/* n samples of a cost (lower is better, in us), v each, at copies. */
static void
add_cost(struct run *run, int copies, double v, int n)
{
	for (int i = 0; i < n; i++) {
		struct run_sample	*s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "lat_cost");
		snprintf(s->unit, sizeof s->unit, "us");
		s->copies = copies;
		s->index = i + 1;
		s->value = v;
		s->status = RUN_OK;
	}
}

/*
 * A cost's speedup counts the copies: two copies each as fast as one
 * alone do twice the work: speedup 2, efficiency 100%; four copies each
 * twice as slow: speedup 2, 50%.
 */
static void
test_lower_speedup_counts_copies(void **state)
{
	struct run	 run;
	struct table	*t;
	size_t		 rows = 0;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "dir:lat_cost", "lower");
	add_cost(&run, 1, 2.0, 2);
	add_cost(&run, 2, 2.0, 2);
	add_cost(&run, 4, 4.0, 2);
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

static int
setup_dir(void **state)
{
	(void)state;
	tu_tmpdir(mixdir, sizeof mixdir);
	return 0;
}

static int
teardown_dir(void **state)
{
	(void)state;
	return sm_rmtree(mixdir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_percentiles_exact),
		cmocka_unit_test(test_quantile_rank_rounds_up),
		cmocka_unit_test(test_hist_mean),
		cmocka_unit_test(test_hist_buckets_bounded),
		cmocka_unit_test(test_hist_merge_and_encode),
		cmocka_unit_test(test_hist_in_run_file),
		cmocka_unit_test(test_users_compare),
		cmocka_unit_test(test_users_knee),
		cmocka_unit_test(test_mix_refused),
		cmocka_unit_test(test_mix_loads),
		cmocka_unit_test(test_users_plan_counts),
		cmocka_unit_test(test_users_limits),
		cmocka_unit_test(test_users_cli_refuses),
		cmocka_unit_test(test_users_known_steps),
		cmocka_unit_test(test_users_private_files),
		cmocka_unit_test(test_users_failing_step),
		cmocka_unit_test(test_scale_series),
		cmocka_unit_test(test_scaling_table),
		cmocka_unit_test(test_lower_speedup_counts_copies),
	};

	return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
