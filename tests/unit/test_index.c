/*
 * index.c: the BYTE 3.11 index against the figures seed 004 printed for
 * its three machines, the UnixBench geometric mean against values worked
 * out by hand and against the UnixBench 6 sample's Partial Index, and
 * the IOCALL table placement with its 1001 / lps conversion.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"
#include "../../src/core/core.h"

/* Add one ok sample of test to run. */
static void
add(struct run *run, const char *test, int copies, double v)
{
	struct run_sample	*s = run_add_sample(run);

	snprintf(s->test, sizeof s->test, "%s", test);
	snprintf(s->unit, sizeof s->unit, "lps");
	s->copies = copies;
	s->index = 1;
	s->value = v;
	s->status = RUN_OK;
}

static void
fmt1(double v, char *buf, size_t len)
{
	snprintf(buf, len, "%.1f", v);
}

/* Seed 004's six index results for one machine and its printed totals. */
static void
check_byte(const double r[6], const char *sum, const char *avg)
{
	static const char *const ids[6] = {
		"double", "dhry2", "execl", "fscopy30", "context1", "shell8"
	};
	struct run		run, base;
	struct index_score	sc;
	char			buf[32];

	run_init(&run);
	for (int i = 0; i < 6; i++)
		add(&run, ids[i], 1, r[i]);
	tu_load(&base, "baselines/byte-3.11.csv");
	assert_int_equal(index_method(&base), INDEX_BYTE);
	index_compute(&run, &base, 1, &sc);
	assert_int_equal(sc.nlines, 6);
	assert_int_equal(sc.nresults, 6);
	assert_false(sc.partial);
	fmt1(sc.sum, buf, sizeof buf);
	assert_string_equal(buf, sum);
	fmt1(sc.score, buf, sizeof buf);
	assert_string_equal(buf, avg);
	index_score_free(&sc);
	run_free(&run);
	run_free(&base);
}

static void
test_seed004_becoming(void **state)
{
	const double r[6] = { 23062.1, 158708.1, 68.5, 4027.0, 7661.4, 28.0 };

	(void)state;
	check_byte(r, "55.6", "9.3");
}

static void
test_seed004_public(void **state)
{
	const double r[6] = {
		82397.9, 545551.6, 208.2, 8508.0, 22224.7, 38.3
	};

	(void)state;
	check_byte(r, "143.4", "23.9");
}

static void
test_seed004_proven(void **state)
{
	const double r[6] = {
		82692.4, 532987.4, 224.9, 4149.0, 26330.1, 43.0
	};

	(void)state;
	check_byte(r, "123.9", "20.6");
}

/* The per-test indexes as printed: 9.1 7.1 4.2 22.5 5.8 7.0. */
static void
test_seed004_table(void **state)
{
	struct run	 run, base;
	struct table	*t;
	char		*out;
	size_t		 len;
	FILE		*f;
	struct sm_error	 err;

	(void)state;
	run_init(&run);
	add(&run, "double", 1, 23062.1);
	add(&run, "dhry2", 1, 158708.1);
	add(&run, "execl", 1, 68.5);
	add(&run, "fscopy30", 1, 4027.0);
	add(&run, "context1", 1, 7661.4);
	add(&run, "shell8", 1, 28.0);
	tu_load(&base, "baselines/byte-3.11.csv");
	t = index_table(&run, &base, "byte-3.11");
	assert_string_equal(t->title, "INDEX VALUES");
	assert_string_equal(t->cols[1].header, "BASELINE");
	f = open_memstream(&out, &len);
	assert_int_equal(table_render(t, TABLE_CSV, f, &err), 0);
	fclose(f);
	/* an imported report has one figure a test: no interval */
	assert_non_null(strstr(out, "Arithmetic Test (type = double),2541.7,"
	    "23062.1,9.1,,\n"));
	assert_non_null(strstr(out, "File Copy (30 seconds),179.0,4027.0,"
	    "22.5,,\n"));
	assert_non_null(strstr(out, "Shell scripts (8 concurrent),4.0,28.0,"
	    "7.0,,\n"));
	assert_non_null(strstr(out, "SUM of 6 items,,,55.6,,\n"));
	assert_non_null(strstr(out, "AVERAGE,,,9.3,,\n"));
	free(out);
	table_free(t);
	run_free(&run);
	run_free(&base);
}

/*
 * Baseline 1, 1, 1, 1; results 1, 2, 4 (x 10: 10, 20, 40) and nothing
 * for the fourth: geometric mean (10 * 20 * 40)^(1/3) = 20, partial.
 */
static void
test_geometric_mean(void **state)
{
	struct run		run, base;
	struct index_score	sc;

	(void)state;
	run_init(&run);
	run_init(&base);
	run_meta_set(&base, "index", "unixbench");
	add(&base, "pipe", 1, 1);
	add(&base, "syscall", 1, 1);
	add(&base, "spawn", 1, 1);
	add(&base, "execl", 1, 1);
	add(&run, "pipe", 1, 1);
	add(&run, "syscall", 1, 2);
	add(&run, "spawn", 1, 4);
	add(&run, "pipe", 2, 3);	/* another copies value: apart */
	index_compute(&run, &base, 1, &sc);
	assert_int_equal(sc.method, INDEX_UNIXBENCH);
	assert_int_equal(sc.nresults, 3);
	assert_true(sc.partial);
	assert_near(sc.lines[0].index, 10, 1e-12);
	assert_near(sc.lines[2].index, 40, 1e-12);
	assert_near(sc.score, 20, 1e-9);
	assert_true(isnan(sc.lines[3].index));
	index_score_free(&sc);
	index_compute(&run, &base, 2, &sc);
	assert_int_equal(sc.nresults, 1);
	assert_near(sc.score, 30, 1e-9);
	index_score_free(&sc);
	run_free(&run);
	run_free(&base);
}

/* The UnixBench 6 sample: 290.3 163.7 34.3 118.0, Partial Index 117.8. */
static void
test_unixbench_sample(void **state)
{
	struct run		run, base;
	struct index_score	sc;
	char			buf[32];

	(void)state;
	run_init(&run);
	add(&run, "pipe", 1, 361126.1);
	add(&run, "context1", 1, 65494.9);
	add(&run, "spawn", 1, 432.4);
	add(&run, "syscall", 1, 177009.8);
	tu_load(&base, "baselines/unixbench.csv");
	index_compute(&run, &base, 1, &sc);
	assert_int_equal(sc.nlines, 12);
	assert_int_equal(sc.nresults, 4);
	assert_true(sc.partial);
	fmt1(sc.score, buf, sizeof buf);
	assert_string_equal(buf, "117.8");
	index_score_free(&sc);
	run_free(&run);
	run_free(&base);
}

/* 1001 loops in 5.0 s = 200.2 lps: placed between 5.1 and 4.6 s. */
static void
test_iocall_rank(void **state)
{
	struct run	 run, base;
	struct table	*t;
	size_t		 mine = 0, hp = 0, convex = 0;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "hostname", "mybox");
	add(&run, "iocall", 1, 1001 / 5.0);
	tu_load(&base, "baselines/iocall-1985.csv");
	assert_int_equal(index_method(&base), INDEX_RANK);
	assert_int_equal(base.nsamples, 38);
	assert_near(base.samples[0].value, 1001 / 18.4, 1e-3);
	t = index_table(&run, &base, "iocall-1985");
	for (size_t r = 0; r < t->nrows; r++) {
		if (strcmp(t->rows[r].cells[0], "mybox") == 0)
			mine = r;
		if (strcmp(t->rows[r].cells[0], "PC/AT 7.5 Mhz") == 0)
			hp = r;
		if (strcmp(t->rows[r].cells[0], "Convex C-1") == 0)
			convex = r;
	}
	assert_int_equal(t->nrows, 39);
	assert_true(hp > 0 && mine == hp + 1 && convex == mine + 1);
	assert_string_equal(t->rows[mine].cells[2], "5");
	assert_string_equal(t->rows[convex].cells[2], "4.6");
	table_free(t);
	run_free(&run);
	run_free(&base);
}

/* The CLI: show --baseline and -b print the same table. */
static void
test_cli_show_baseline(void **state)
{
	char		*a[] = { "sysmark", "show",
	    "tests/data/run-becoming.csv",
	    "--baseline", "byte-3.11", NULL };
	char		*b[] = { "sysmark", "show", "-b", "byte-3.11",
	    "tests/data/run-becoming.csv", NULL };
	struct tu_out	 oa, ob;

	(void)state;
	setenv("SYSMARK_BASELINES", "baselines", 1);
	tu_run(a, &oa);
	tu_run(b, &ob);
	assert_int_equal(oa.status, 0);
	assert_string_equal(oa.out, ob.out);
	assert_non_null(strstr(oa.out, "SUM of 6 items"));
	assert_non_null(strstr(oa.out, "55.6\n"));
	assert_non_null(strstr(oa.out, "AVERAGE"));
	assert_non_null(strstr(oa.out, "9.3\n"));
	assert_non_null(strstr(oa.out, "Note: Measured with the BYTE"));
	tu_out_free(&oa);
	tu_out_free(&ob);
}

static void
test_cli_unknown_baseline(void **state)
{
	char		*a[] = { "sysmark", "show",
	    "tests/data/run-becoming.csv",
	    "-b", "no-such-machine", NULL };
	struct tu_out	 o;

	(void)state;
	setenv("SYSMARK_BASELINES", "baselines", 1);
	tu_run(a, &o);
	assert_int_equal(o.status, 2);
	assert_non_null(strstr(o.err, "sysmark: no-such-machine: no such "
	    "file, and no baseline of that name in baselines"));
	tu_out_free(&o);
}

static void
idx_add(struct run *run, const char *test, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct run_sample *s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "%s", test);
		s->copies = 1;
		s->index = (int)i + 1;
		s->value = v[i];
	}
}

/* t1 at 100 +/- 10 and t2 at 50 without spread, both against 10. */
static void
idx_two(struct run *run, struct run *base)
{
	const double	t1[] = { 100, 110, 90 }, t2[] = { 50, 50, 50 };
	const double	b[] = { 10 };

	run_init(run);
	run_init(base);
	idx_add(run, "t1", t1, 3);
	idx_add(run, "t2", t2, 3);
	idx_add(base, "t1", b, 1);
	idx_add(base, "t2", b, 1);
}

/*
 * The index's interval, propagated from the tests': t1 at 100 +/- 10
 * (relvar 1/300, 2 df), t2 without spread, both against 10.
 */
static void
test_index_interval(void **state)
{
	struct run		run, base;
	struct index_score	sc;
	double			t = tdist_critical(0.05, 2);

	(void)state;
	idx_two(&run, &base);
	index_compute(&run, &base, 1, &sc);
	assert_near(sc.score, 7.5, 1e-12);
	/* AVERAGE: Var = sum(index^2 relvar) / m^2, relative to 7.5 */
	assert_near(sc.ci, t * sqrt(100.0 / 300 / 4) / 7.5, 1e-9);
	index_score_free(&sc);
	run_meta_set(&base, "index", "unixbench");
	index_compute(&run, &base, 1, &sc);
	assert_near(sc.score, sqrt(100.0 * 50), 1e-9);
	/* geometric mean: Var(log score) = sum(relvar) / m^2 */
	assert_near(sc.ci, t * sqrt(1.0 / 300 / 4), 1e-9);
	index_score_free(&sc);
	run_free(&run);
	run_free(&base);
}

/*
 * The interval as the index table prints it, in percent ("+/-" column):
 * t1 at 100 +/- 10 (relvar 1/300, 2 df): t(0.975, 2) * sqrt(1/300) =
 * 24.8%; t2 without spread 0.0%; the SUM and AVERAGE rows the score's
 * 16.6% (test_index_interval's).
 */
static void
test_index_table_interval(void **state)
{
	static const struct {
		const char	*row, *ci;
	} want[] = {
		{ "t1", "24.8%" }, { "t2", "0.0%" }, { "SUM of 2 items", "16.6%" },
		{ "AVERAGE", "16.6%" },
	};
	struct run	 run, base;
	struct table	*t;
	size_t		 found = 0;

	(void)state;
	idx_two(&run, &base);
	t = index_table(&run, &base, "b");
	for (size_t r = 0; r < t->nrows; r++) {
		char *const	*c = t->rows[r].cells;

		if (t->rows[r].section || c == NULL || c[0] == NULL)
			continue;
		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
			if (strcmp(c[0], want[i].row) != 0)
				continue;
			found++;
			if (c[4] == NULL || strcmp(c[4], want[i].ci) != 0)
				fail_msg("%s: +/- \"%s\", not %s", c[0],
				    c[4] != NULL ? c[4] : "", want[i].ci);
		}
	}
	assert_int_equal(found, 4);
	table_free(t);
	run_free(&run);
	run_free(&base);
}

/* The note of t that contains s, or NULL. */
static const char *
note(const struct table *t, const char *s)
{
	for (size_t i = 0; i < t->nnotes; i++)
		if (strstr(t->notes[i], s) != NULL)
			return t->notes[i];
	return NULL;
}

/*
 * A run without two of the baseline's tests: INDEX VALUES names both,
 * with the copies, in one note, and no note when none is missing.
 */
static void
test_seed004_missing(void **state)
{
	struct run	 run, base;
	struct table	*t;
	const char	*n;

	(void)state;
	run_init(&run);
	add(&run, "double", 1, 23062.1);
	add(&run, "dhry2", 1, 158708.1);
	add(&run, "execl", 1, 68.5);
	add(&run, "fscopy30", 1, 4027.0);
	tu_load(&base, "baselines/byte-3.11.csv");
	t = index_table(&run, &base, "byte-3.11");
	n = note(t, "Not in this run");
	assert_non_null(n);
	assert_string_equal(n, "Not in this run (1 copy): context1, shell8");
	table_free(t);
	add(&run, "context1", 1, 7661.4);
	add(&run, "shell8", 1, 28.0);
	t = index_table(&run, &base, "byte-3.11");
	assert_null(note(t, "Not in this run"));
	table_free(t);
	run_free(&run);
	run_free(&base);
}

/*
 * run -b NAME -C PCT aims at the index: INDEX VALUES says whether the
 * score's interval (12.4% here, as in test_index_interval) got within
 * the target, only for that baseline; the results table then marks no
 * test C, since no test was aimed at.
 */
/* A repeat of two equal samples at each of levels[] (a profile's). */
static void
idx_repeats(struct run *run, const char *test, const double *levels,
    size_t n)
{
	for (size_t r = 0; r < n; r++)
		for (int k = 1; k <= 2; k++) {
			struct run_sample *s = run_add_sample(run);

			snprintf(s->test, sizeof s->test, "%s", test);
			s->copies = 1;
			s->repeat = (int)r + 1;
			s->index = k;
			s->value = levels[r];
		}
}

/*
 * With a host profile, one run's lines stray as the profile's repeat
 * means did: t1's repeats at 100, 110, 90 (relvar 0.01, 2 df, nothing
 * within) plus its own samples' 1/300; t2 steady.  The score's interval
 * widens to it, the part more samples cannot shrink is kept apart, and
 * repeats bring it down as the profile says.
 */
static void
test_index_profile(void **state)
{
	const double		l1[] = { 100, 110, 90 }, l2[] = { 50, 50, 50 };
	const struct bench	b1 = { .id = "t1" }, b2 = { .id = "t2" };
	const struct bench	*b[] = { &b1, &b2 };
	struct run		run, base, prof;
	struct index_score	sc;
	struct table		*t;
	char			*text;
	double			t2 = tdist_critical(0.05, 2);

	(void)state;
	idx_two(&run, &base);
	run_meta_set(&base, "index", "unixbench");
	run_init(&prof);
	idx_repeats(&prof, "t1", l1, 3);
	idx_repeats(&prof, "t2", l2, 3);
	index_compute_noise(&run, &base, 1, &prof, &sc);
	assert_int_equal(sc.lines[0].basis, INDEX_BASIS_PROFILE);
	assert_near(sc.lines[0].relvar, 0.01 + 1.0 / 300, 1e-12);
	assert_near(sc.lines[0].fixed, 0.01, 1e-12);
	assert_near(sc.ci, t2 * sqrt((0.01 + 1.0 / 300) / 4), 1e-9);
	assert_near(sc.ci_fixed, t2 * sqrt(0.01 / 4), 1e-9);
	index_score_free(&sc);
	index_compute(&run, &base, 1, &sc);
	assert_int_equal(sc.lines[0].basis, INDEX_BASIS_SAMPLES);
	assert_near(sc.ci_fixed, 0, 1e-12);
	index_score_free(&sc);
	assert_near(index_reach(&prof, &base, b, 2, 1), t2 * sqrt(0.01 / 4),
	    1e-9);
	assert_near(index_reach(&prof, &base, b, 2, 4),
	    tdist_critical(0.05, 3) * sqrt(0.01 / 4 / 4), 1e-9);
	/* A profile of another version of the test is another test's. */
	for (size_t i = 0; i < prof.nsamples; i++)
		prof.samples[i].version = 1;
	for (size_t i = 0; i < run.nsamples; i++)
		run.samples[i].version = 2;
	index_compute_noise(&run, &base, 1, &prof, &sc);
	assert_int_equal(sc.lines[0].basis, INDEX_BASIS_SAMPLES);
	index_score_free(&sc);
	for (size_t i = 0; i < run.nsamples; i++)
		run.samples[i].version = 1;
	t = index_table_noise(&run, &base, "ub", &prof, "noise-x.csv");
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "BASIS"));
	assert_non_null(strstr(text, "profile"));
	assert_non_null(strstr(text, "host noise profile noise-x.csv"));
	free(text);
	table_free(t);
	run_free(&prof);
	run_free(&run);
	run_free(&base);
}

static void
test_index_target(void **state)
{
	struct run	 run, base;
	struct table	*t;

	(void)state;
	idx_two(&run, &base);
	run_meta_set(&base, "index", "unixbench");
	run_meta_set(&run, "target_index", "ub");
	run_meta_set(&run, "time_cap", "4");
	run_meta_set(&run, "target_ci", "0.13");
	t = index_table(&run, &base, "ub");
	assert_non_null(note(t, "run -C 13%: the score's 95% interval got "
	    "within it."));
	table_free(t);
	run_meta_set(&run, "target_ci", "0.12");
	t = index_table(&run, &base, "ub");
	assert_non_null(note(t, "run -C 12%: the score's 95% interval did "
	    "not get within it before the time cap (4 s)."));
	table_free(t);
	t = index_table(&run, &base, "other");
	assert_null(note(t, "run -C"));
	table_free(t);
	t = report_results(&run, 1);
	assert_non_null(note(t, "run -C 12% aimed at the ub index"));
	assert_null(note(t, "C marks a test"));
	table_free(t);
	run_free(&run);
	run_free(&base);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_interval),
		cmocka_unit_test(test_index_table_interval),
		cmocka_unit_test(test_index_profile),
		cmocka_unit_test(test_index_target),
		cmocka_unit_test(test_seed004_becoming),
		cmocka_unit_test(test_seed004_public),
		cmocka_unit_test(test_seed004_proven),
		cmocka_unit_test(test_seed004_table),
		cmocka_unit_test(test_seed004_missing),
		cmocka_unit_test(test_geometric_mean),
		cmocka_unit_test(test_unixbench_sample),
		cmocka_unit_test(test_iocall_rank),
		cmocka_unit_test(test_cli_show_baseline),
		cmocka_unit_test(test_cli_unknown_baseline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
