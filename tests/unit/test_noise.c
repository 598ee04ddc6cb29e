/*
 * Honest verdicts end to end, through the binary: interleaved rounds with
 * a warm-up and their seed, run -R, compare OLD... -- NEW..., sysmark
 * calibrate and the profile compare then uses, run -C (per test and
 * aimed at an index), and the idle warning kept in the file under -q.
 * Short samples (0.1 s) of cheap tests keep it to seconds; nothing here
 * asserts a speed.  Last, noise.c itself: which profile judges which runs.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

/* Run argv, expecting exit status want; the caller frees o. */
static void
run_ok(char *const argv[], struct tu_out *o, int want)
{
	tu_run(argv, o);
	if (o->status != want)
		print_error("%s%s", o->out, o->err);
	assert_int_equal(o->status, want);
}

/*
 * Interleaved rounds: within a repeat every test has its k-th sample
 * before any has its (k+1)-th, sample 0 is the warm-up, the repeat column
 * counts the repeats; the seed and order are in the meta.
 */
static void
test_rounds_and_repeats(void **state)
{
	char		 path[300];
	char		*argv[] = { "sysmark", "run", "-t", "syscall,pipe",
			    "-d", "0.1", "-n", "2", "-R", "2", "-q", "-o", path,
			    NULL };
	struct tu_out	 o;
	struct run	 run;

	(void)state;
	snprintf(path, sizeof path, "%s/rr.csv", tu_results_dir());
	run_ok(argv, &o, 0);
	assert_non_null(strstr(o.out, "(0.1 secs, 2 x 2)"));
	assert_non_null(strstr(o.out, "SAMPLES: (seconds, repeats x"));
	assert_non_null(strstr(o.out, "Warm-up: each test's first sample"));
	assert_non_null(strstr(o.out, "the mean of the repeats' means"));
	tu_out_free(&o);
	tu_load(&run, path);
	assert_string_equal(run_meta_get(&run, "order"), "interleaved");
	assert_non_null(run_meta_get(&run, "order_seed"));
	assert_string_equal(run_meta_get(&run, "repeats"), "2");
	assert_int_equal(run.nsamples, 2 * 2 * 3);
	for (size_t i = 0; i < run.nsamples; i++) {
		const struct run_sample *s = &run.samples[i];

		/* rounds 0 (warm-up), 1, 2; each holds both tests */
		assert_int_equal(s->repeat, i < 6 ? 1 : 2);
		assert_int_equal(s->index, (int)(i % 6) / 2);
		if (i % 2 == 1)
			assert_string_not_equal(s->test, s[-1].test);
		assert_true(isnan(s->busy) || s->busy >= 0);
	}
	run_free(&run);
}

/* --order grouped keeps each test's samples together. */
static void
test_grouped_order(void **state)
{
	char		 path[300];
	char		*argv[] = { "sysmark", "run", "-t", "syscall,pipe",
			    "-d", "0.1", "-n", "2", "--order", "grouped", "-q",
			    "-o", path, NULL };
	char		*bad[] = { "sysmark", "run", "--order", "random", NULL };
	struct tu_out	 o;
	struct run	 run;

	(void)state;
	snprintf(path, sizeof path, "%s/grouped.csv", tu_results_dir());
	run_ok(argv, &o, 0);
	tu_out_free(&o);
	tu_load(&run, path);
	assert_string_equal(run_meta_get(&run, "order"), "grouped");
	assert_int_equal(run.nsamples, 6);
	for (size_t i = 0; i < 6; i++) {
		assert_string_equal(run.samples[i].test, i < 3 ? "syscall" :
		    "pipe");
		assert_int_equal(run.samples[i].index, (int)i % 3);
	}
	run_free(&run);
	run_ok(bad, &o, 2);
	assert_non_null(strstr(o.err, "--order random: the order is grouped "
	    "or interleaved"));
	tu_out_free(&o);
}

/*
 * calibrate writes noise-HOST.csv beside the results; compare with one
 * run a side then widens by it, and without it says what would help.
 */
static void
test_calibrate_then_compare(void **state)
{
	char		 a[300], b[300], a2[300], b2[300];
	char		*cal[] = { "sysmark", "calibrate", "-t", "syscall",
			    "-d", "0.1", "-n", "3", "-g", "0", NULL };
	char		*ra[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.1", "-n", "3", "-q", "-o", a, NULL };
	char		*rb[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.1", "-n", "3", "-q", "-o", b, NULL };
	char		*cmp[] = { "sysmark", "compare", a, b, NULL };
	char		*none[] = { "sysmark", "compare", "-p", "none", a, b,
			    NULL };
	char		*sides[] = { "sysmark", "compare", a, a2, "--", b, b2,
			    NULL };
	char		*onesided[] = { "sysmark", "compare", a, "--", NULL };
	struct tu_out	 o;
	char		 host[256], prof[600];
	struct run	 run;

	(void)state;
	snprintf(a, sizeof a, "%s/a.csv", tu_results_dir());
	snprintf(b, sizeof b, "%s/b.csv", tu_results_dir());
	snprintf(a2, sizeof a2, "%s/a2.csv", tu_results_dir());
	snprintf(b2, sizeof b2, "%s/b2.csv", tu_results_dir());
	run_ok(cal, &o, 0);
	assert_non_null(strstr(o.out, "HOST NOISE PROFILE"));
	assert_non_null(strstr(o.out, "BETWEEN CV"));
	assert_non_null(strstr(o.out, "Window: the repeats covered "));
	tu_out_free(&o);
	gethostname(host, sizeof host);
	host[sizeof host - 1] = '\0';
	snprintf(prof, sizeof prof, "%s/results/noise-%s.csv",
	    tu_results_dir(), host);
	tu_load(&run, prof);
	assert_string_equal(run_meta_get(&run, "kind"), "noise-profile");
	assert_string_equal(run_meta_get(&run, "repeats"), "5");
	assert_non_null(run_meta_get(&run, "sysmark_version"));
	assert_non_null(run_meta_get(&run, "date"));
	assert_true(rundate_span(&run) >= 0);
	assert_true(rundate_span(&run) < 600);
	run_free(&run);
	run_ok(ra, &o, 0);
	tu_out_free(&o);
	run_ok(rb, &o, 0);
	tu_out_free(&o);
	run_ok(cmp, &o, 0);
	assert_non_null(strstr(o.out, "judged with the host noise profile"));
	tu_out_free(&o);
	run_ok(none, &o, 0);
	assert_non_null(strstr(o.out, "One run a side: add repeats (-R) or "
	    "run sysmark"));
	tu_out_free(&o);
	/* two runs a side: judged on their means */
	ra[10] = a2;
	rb[10] = b2;
	run_ok(ra, &o, 0);
	tu_out_free(&o);
	run_ok(rb, &o, 0);
	tu_out_free(&o);
	run_ok(sides, &o, 0);
	assert_non_null(strstr(o.out, "From: a and 1 more run\n"));
	assert_non_null(strstr(o.out, "1 line judged on the runs' and "
	    "repeats' means"));
	tu_out_free(&o);
	run_ok(onesided, &o, 2);
	assert_non_null(strstr(o.err, "at least one run on each side of --"));
	tu_out_free(&o);
}

/* A sample of syscall, one copy, in a profile built by hand. */
static void
add_syscall(struct run *prof, int repeat, int index, double v)
{
	struct run_sample	*s = run_add_sample(prof);

	snprintf(s->test, sizeof s->test, "syscall");
	snprintf(s->unit, sizeof s->unit, "lps");
	s->copies = 1;
	s->repeat = repeat;
	s->index = index;
	s->value = v;
}

/*
 * The profile's table: three repeats whose samples agree within each
 * (means 99, 100, 101): within 0, between and run CV both 1.0%.
 */
static void
test_noise_table(void **state)
{
	const double	 m[] = { 99, 100, 101 };
	struct run	 prof;
	struct table	*t;
	char		*text;

	(void)state;
	run_init(&prof);
	for (int r = 0; r < 3; r++)
		for (int k = 0; k <= 2; k++)	/* 0: the warm-up */
			add_syscall(&prof, r + 1, k, k == 0 ? 1 : m[r]);
	t = noise_table(&prof);
	assert_int_equal(t->nrows, 1);
	assert_string_equal(t->rows[0].cells[1], "3");
	assert_string_equal(t->rows[0].cells[2], "6");
	assert_string_equal(t->rows[0].cells[3], "0.0%");
	assert_string_equal(t->rows[0].cells[4], "1.0%");
	assert_string_equal(t->rows[0].cells[5], "1.0%");
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "RUN CV: the spread of the repeats' "));
	/* no end recorded: the window is said unknown, taken as 5 min */
	assert_non_null(strstr(text, "The window the repeats covered was not "
	    "recorded"));
	assert_near(noise_window(&prof), NOISE_SPAN, 0);
	free(text);
	table_free(t);
	/* repeats spread over 2.5 hours (calibrate -g): said, and used */
	run_meta_set(&prof, "date", "2026-12-01T10:00:00+0000");
	run_meta_set(&prof, "date_end", "2026-12-01T12:30:00+0000");
	assert_near(noise_window(&prof), 9000, 0);
	t = noise_table(&prof);
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "Window: the repeats covered 150.0 "
	    "minutes, 2026-12-01T10:00:00+0000 to"));
	free(text);
	table_free(t);
	run_free(&prof);
}

/* run -C: rounds go on to the time cap, and a missed target is marked. */
static void
test_adaptive(void **state)
{
	char		 path[300];
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.1", "-n", "2", "-C", "0.0001", "-T", "4", "-o",
			    path, NULL };
	char		*idx[] = { "sysmark", "run", "-t", "syscall,pipe",
			    "-d", "0.1", "-n", "2", "-C", "0.0001", "-T", "4",
			    "-b", "baselines/unixbench.csv", "-q", "-o", path, "-F", NULL };
	char		*bad[] = { "sysmark", "run", "-C", "0", NULL };
	struct tu_out	 o;
	struct run	 run;
	struct stats	 st;
	struct run_group g = { "syscall", 1 };

	(void)state;
	snprintf(path, sizeof path, "%s/c.csv", tu_results_dir());
	run_ok(argv, &o, 0);
	assert_non_null(strstr(o.err, "(-C)"));
	assert_non_null(strstr(o.out, "C marks a test whose 95% interval"));
	tu_out_free(&o);
	tu_load(&run, path);
	run_group_stats(&run, &g, &st);
	assert_true(st.n > 2);
	assert_string_equal(run_meta_get(&run, "target_ci"), "1e-06");
	run_free(&run);
	/*
	 * aimed at an index: the index is printed with its interval and
	 * says it missed; no test is marked for a target it was not given
	 */
	run_ok(idx, &o, 0);
	assert_non_null(strstr(o.out, "INDEX VALUES"));
	assert_non_null(strstr(o.out, "+/- CI"));
	assert_non_null(strstr(o.out, "run -C 0.0001% aimed at the unixbench "
	    "index"));
	/* the INDEX VALUES notes wrap at 80 columns */
	assert_non_null(strstr(o.out, "run -C 0.0001%: the score's 95% "
	    "interval did not get within it"));
	assert_non_null(strstr(o.out, "cap (4 s)."));
	assert_null(strstr(o.out, "C marks a test"));
	tu_out_free(&o);
	/*
	 * The profile calibrated above says how far syscall's run mean
	 * strays: more samples of one run cannot bring the index within
	 * 0.0001%, so -C takes none (2 tests, a warm-up and 2 samples).
	 */
	tu_load(&run, path);
	assert_int_equal(run.nsamples, 6);
	assert_string_equal(run_meta_get(&run, "target_index"), "unixbench");
	run_free(&run);
	run_ok(bad, &o, 2);
	assert_non_null(strstr(o.err, "-C 0: the target must be a percentage"));
	tu_out_free(&o);
}

/* -q hides the warning from stderr, never from the file. */
static void
test_idle_warning_kept(void **state)
{
	char		 path[300], msg[256];
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.1", "-n", "1", "-q", "-o", path, NULL };
	struct tu_out	 o;
	struct run	 run;
	int		 busy;

	(void)state;
	snprintf(path, sizeof path, "%s/q.csv", tu_results_dir());
	busy = sysinfo_not_idle(msg, sizeof msg);
	run_ok(argv, &o, 0);
	assert_string_equal(o.err, "");
	tu_out_free(&o);
	tu_load(&run, path);
	/* the machine may have changed in between: only check when sure */
	if (busy && sysinfo_not_idle(msg, sizeof msg))
		assert_non_null(run_meta_get(&run, "idle_warning"));
	assert_non_null(run_meta_get(&run, "load_average_end"));
	run_free(&run);
}

/* Save a profile of host's as the file noise_path() names for file_host. */
static void
save_profile(const char *host, const char *file_host)
{
	char		 path[PATH_MAX];
	struct run	 prof;
	struct sm_error	 err;

	run_init(&prof);
	run_meta_set(&prof, "kind", "noise-profile");
	run_meta_set(&prof, "hostname", host);
	for (int k = 1; k <= 2; k++)
		for (int i = 1; i <= 3; i++)	/* 100, 101, 99 */
			add_syscall(&prof, k, i, 100 + (i % 3) - 1);
	assert_int_equal(noise_path(NULL, file_host, path, sizeof path, &err),
	    0);
	if (csvstore_save(&prof, path, 1, &err) != 0)
		fail_msg("%s", err.msg);
	run_free(&prof);
}

/* Whether noise_find() gives a profile to judge runs of h1 and h2. */
static int
profile_found(const char *h1, const char *h2)
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
 * Only this host's profile judges its runs: not runs from two hosts, not
 * a file named for one host that holds another's profile.
 */
static void
test_profile_of_other_host_excluded(void **state)
{
	(void)state;
	save_profile("alpha", "alpha");
	save_profile("beta", "gamma");	/* gamma's file, beta's profile */
	assert_int_equal(profile_found("alpha", "alpha"), 1);
	assert_int_equal(profile_found("alpha", "beta"), 0);
	assert_int_equal(profile_found("beta", "alpha"), 0);
	assert_int_equal(profile_found("gamma", "gamma"), 0);
	assert_int_equal(profile_found("delta", "delta"), 0);
}

/*
 * Calibrate's plan, for the console and the command line alike: this
 * host's profile in the results directory, the default repeats, and the
 * repeats spread over five minutes or the pause given.
 */
static void
test_calibration_plan(void **state)
{
	struct plan	 p;
	struct sm_error	 err;
	char		 path[PATH_MAX], host[256], want[PATH_MAX + 300];

	(void)state;
	plan_init(&p);
	assert_int_equal(registry_parse("syscall", &p.benches, &p.nbench,
	    &err), 0);
	p.duration = 1;
	p.samples = 2;
	assert_int_equal(noise_calibration(&p, NULL, 0, -1, path,
	    sizeof path, &err), 0);
	sysinfo_hostname(host, sizeof host);
	snprintf(want, sizeof want, "%s/results/noise-%s.csv",
	    tu_results_dir(), host);
	assert_string_equal(path, want);
	assert_int_equal(p.repeats, NOISE_REPEATS);
	/* Five repeats of about 3 s each spread over 300 s. */
	assert_true(p.gap > 60 && p.gap < NOISE_SPAN / (NOISE_REPEATS - 1));
	assert_int_equal(noise_calibration(&p, NULL, 3, 0, path, sizeof path,
	    &err), 0);
	assert_int_equal(p.repeats, 3);
	assert_true(p.gap == 0);
	plan_free(&p);
}

/*
 * calibrate's progress counts the whole run, its repeats to come and the
 * pauses between them: no line says 100% (or much time left) before the
 * last sample.
 */
static void
test_calibrate_progress(void **state)
{
	char		*cal[] = { "sysmark", "calibrate", "-t", "syscall",
			    "-d", "0.1", "-n", "2", "-R", "3", "-g", "0.5",
			    NULL };
	char		*p, *last = NULL;
	struct tu_out	 o;
	int		 lines = 0;
	double		 pct, prev = -1;

	(void)state;
	run_ok(cal, &o, 0);
	for (p = o.err; (p = strstr(p, "%, about ")) != NULL; p++) {
		char *q = p;

		while (q > o.err && q[-1] != ' ')
			q--;
		pct = strtod(q, NULL);
		if (last != NULL && prev >= 100)
			fail_msg("100%% before the last sample: %s", o.err);
		assert_true(pct >= prev);
		prev = pct;
		last = p;
		lines++;
	}
	/* 3 repeats of a warm-up and 2 samples. */
	assert_int_equal(lines, 9);
	assert_true(prev == 100);
	assert_non_null(strstr(last, "%, about 0 s left\n"));
	tu_out_free(&o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rounds_and_repeats),
		cmocka_unit_test(test_grouped_order),
		cmocka_unit_test(test_calibrate_then_compare),
		cmocka_unit_test(test_noise_table),
		cmocka_unit_test(test_adaptive),
		cmocka_unit_test(test_idle_warning_kept),
		cmocka_unit_test(test_profile_of_other_host_excluded),
		cmocka_unit_test(test_calibration_plan),
		cmocka_unit_test(test_calibrate_progress),
	};

	return cmocka_run_group_tests_name("noise", tests, tu_results_env,
	    tu_results_env_free);
}
