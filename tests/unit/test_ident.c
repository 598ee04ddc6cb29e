/*
 * A test's identity and direction as its run file says (ident.c), and
 * every judging path that takes them from there: compare's lines
 * (bmdiff.c), history's series and their steps (history.c), the index
 * that keeps them (histindex.c, its entries checked by their hash), and
 * the gate that names a busy side (gate.c).  A command in seconds that
 * got slower is worse everywhere; a build or a direction that differs
 * is two tests, never a verdict.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <fcntl.h>

#include "testutil.h"

/* A run of test with 6 samples around v (+-0.2%), unit, its dir fact. */
static void
ti_run(struct run *run, const char *test, const char *unit, double v,
    const char *dir)
{
	double	x[6];
	char	key[64];

	for (int i = 0; i < 6; i++)
		x[i] = v * (1 + 0.002 * (i % 2 ? 1 : -1) * (i % 3 + 1));
	run_init(run);
	run_meta_set(run, "hostname", "box");
	run_meta_set(run, "compiler", "cc 12");
	run_meta_set(run, "bench_cflags", "-O2 -g");
	run_meta_set(run, "sysmark_version", "0.1.0");
	tu_add_samples(run, test, 7, unit, x, 6);
	if (dir != NULL) {
		snprintf(key, sizeof key, "dir:%s", test);
		run_meta_set(run, key, dir);
	}
}

/* What the run records wins over the catalog and the unit. */
static void
test_dir_recorded(void **state)
{
	struct run		 a;
	const struct run	*pa = &a;

	(void)state;
	ti_run(&a, "syscall", "lps", 100, "lower");
	assert_int_equal(ident_dir(&pa, 1, "syscall"), BENCH_LOWER);
	run_free(&a);
	ti_run(&a, "mycmd", "s", 1, "higher");
	assert_int_equal(ident_dir(&pa, 1, "mycmd"), BENCH_HIGHER);
	run_free(&a);
	/* An old file: its command's plan says, else the catalog or unit. */
	ti_run(&a, "mycmd", "lps", 1, NULL);
	run_meta_set(&a, "plan_command.mycmd", "{\"text\":\"true\","
	    "\"unit\":\"s\",\"higher\":0}");
	assert_int_equal(ident_dir(&pa, 1, "mycmd"), BENCH_LOWER);
	run_free(&a);
	ti_run(&a, "lat_syscall", "lps", 1, NULL);
	assert_int_equal(ident_dir(&pa, 1, "lat_syscall"), BENCH_LOWER);
	run_free(&a);
	ti_run(&a, "other", "ms", 1, NULL);
	assert_int_equal(ident_dir(&pa, 1, "other"), BENCH_LOWER);
	ident_record(&a);
	assert_string_equal(run_meta_get(&a, "dir:other"), "lower");
	run_free(&a);
	ti_run(&a, "other", "KBps", 1, NULL);
	assert_int_equal(ident_dir(&pa, 1, "other"), BENCH_HIGHER);
	run_free(&a);
}

/* Another build or direction: not the same test, both sides named. */
static void
test_differs(void **state)
{
	struct run	a, b;
	char		why[192];

	(void)state;
	ti_run(&a, "mycmd", "s", 1, "lower");
	ti_run(&b, "mycmd", "s", 1, "lower");
	assert_false(ident_differs(&a, &b, "mycmd", why, sizeof why));
	run_meta_set(&b, "bench_cflags", "-O3");
	assert_true(ident_differs(&a, &b, "mycmd", why, sizeof why));
	assert_non_null(strstr(why, "\"-O2 -g\" (old), \"-O3\" (new)"));
	run_meta_set(&b, "bench_cflags", "-O2 -g");
	run_meta_set(&b, "dir:mycmd", "higher");
	assert_true(ident_differs(&a, &b, "mycmd", why, sizeof why));
	run_free(&a);
	run_free(&b);
}

/* The runs of a command in seconds, 31% slower from run 12 of 24. */
static void
ti_slower(struct history *h, const char *dir, double step)
{
	struct run	run;
	char		path[64], date[64];
	uint64_t	seed = 1;

	for (int i = 0; i < 24; i++) {
		ti_run(&run, "mycmd", "s", i >= 12 ? step : 1.0, dir);
		/* each sample off by its own +-0.4%, as samples are */
		for (size_t k = 0; k < run.nsamples; k++) {
			seed = seed * 6364136223846793005ULL +
			    1442695040888963407ULL;
			run.samples[k].value *= 1 + 0.008 *
			    ((double)(seed >> 11) / 9007199254740992.0 - 0.5);
		}
		snprintf(date, sizeof date, "2026-11-%02dT10:00:00+0000",
		    i + 1);
		run_meta_set(&run, "date", date);
		snprintf(path, sizeof path, "/r/%02d.csv", i);
		assert_true(history_add_loaded(h, path, &run));
		run_free(&run);
	}
}

/* History takes a command's direction from its files: slower is worse. */
static void
test_history_direction(void **state)
{
	static const char *const dirs[] = { "lower", "higher" };
	struct history		 h;
	struct history_query	 q = { 0 };
	const struct changepoint *cp;

	(void)state;
	for (int k = 0; k < 2; k++) {
		changepoint_opts_default(&q.cp);
		history_init(&h);
		ti_slower(&h, dirs[k], 1.31);
		history_build(&h, &q);
		assert_int_equal(h.nseries, 1);
		assert_int_equal(h.series[0].dir, k == 0 ? BENCH_LOWER :
		    BENCH_HIGHER);
		assert_int_equal(h.series[0].cp.ncps, 1);
		cp = &h.series[0].cp.cps[0];
		assert_int_equal(cp->at, 12);
		assert_int_equal(history_worse(cp, h.series[0].dir), k == 0);
		history_free(&h);
	}
}

/* Two builds of one test: two series, the newer marked apart. */
static void
test_history_builds(void **state)
{
	struct history		h;
	struct history_query	q = { 0 };
	struct run		run;
	char			path[64], date[64], why[512];

	(void)state;
	changepoint_opts_default(&q.cp);
	history_init(&h);
	for (int i = 0; i < 8; i++) {
		ti_run(&run, "mycmd", "s", 1, "lower");
		if (i >= 4)
			run_meta_set(&run, "compiler", "cc 14");
		snprintf(date, sizeof date, "2026-11-%02dT10:00:00+0000",
		    i + 1);
		run_meta_set(&run, "date", date);
		snprintf(path, sizeof path, "/r/%02d.csv", i);
		history_add_loaded(&h, path, &run);
		run_free(&run);
	}
	history_build(&h, &q);
	assert_int_equal(h.nseries, 2);
	assert_int_equal(h.series[0].other, HISTORY_OTHER_NONE);
	assert_int_equal(h.series[1].other, HISTORY_OTHER_BUILD);
	assert_ptr_equal(h.series[1].was, &h.series[0]);
	history_apart_str(&h.series[1], why, sizeof why);
	assert_non_null(strstr(why, "another build"));
	assert_non_null(strstr(why, "cc 14"));
	history_free(&h);
}

static void
ti_warn(const char *msg, void *arg)
{
	(void)msg;
	(*(int *)arg)++;
}

/*
 * A directory of the slower command's runs, through the index; its dir,
 * run 20's mean and how busy its machine was.
 */
static enum bench_dir
ti_index_dir(const char *dir, const char *cache, double *mean20,
    double *busy20)
{
	struct history		 h;
	struct history_query	 q = { 0 };
	struct histindex_stats	 st;
	char			*paths[1] = { (char *)dir };
	int			 bad = 0;
	enum bench_dir		 d;

	changepoint_opts_default(&q.cp);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, ti_warn, &bad, &st);
	history_build(&h, &q);
	assert_int_equal(bad, 0);
	assert_int_equal(h.nseries, 1);
	d = h.series[0].dir;
	*mean20 = h.series[0].sums[20].mean;
	*busy20 = h.series[0].sums[20].busy;
	assert_false(h.series[0].sums[19].busy >= ESTIMATE_BUSY);
	history_free(&h);
	return d;
}

/*
 * The index keeps each summary's direction and busy mark (history's gate
 * names a busy side from it), and an entry whose mean was changed in
 * place (size and time kept) is read from its file again.
 */
static void
test_index_content(void **state)
{
	struct run	 run;
	struct sm_error	 err;
	struct stat	 sb;
	struct timespec	 t[2];
	char		 dir[512], cache[512], path[600], idx[600];
	unsigned char	*b;
	double		 m, m2, bad, busy;
	size_t		 len, hits = 0;
	FILE		*f;

	(void)state;
	snprintf(dir, sizeof dir, "%s/runs", tu_dir());
	snprintf(cache, sizeof cache, "%s/cache", tu_dir());
	assert_int_equal(mkdir(dir, 0700), 0);
	assert_int_equal(mkdir(cache, 0700), 0);
	for (int i = 0; i < 24; i++) {
		ti_run(&run, "mycmd", "s", (i >= 12 ? 1.31 : 1.0) *
		    (1 + 1e-4 * i), "lower");
		snprintf(path, sizeof path, "2026-11-%02dT10:00:00+0000",
		    i + 1);
		run_meta_set(&run, "date", path);
		for (size_t j = 0; i == 20 && j < run.nsamples; j++)
			run.samples[j].busy = 1.5;
		snprintf(path, sizeof path, "%s/r%02d.csv", dir, i);
		assert_int_equal(csvstore_save(&run, path, 0, &err), 0);
		run_free(&run);
	}
	assert_int_equal(ti_index_dir(dir, cache, &m, &busy), BENCH_LOWER);
	assert_true(busy == 1.5);
	assert_int_equal(ti_index_dir(dir, cache, &m2, &busy), BENCH_LOWER);
	assert_true(m == m2);
	assert_true(busy == 1.5);		/* from the index */
	assert_int_equal(histindex_dir_path(dir, cache, idx, sizeof idx,
	    &err), 0);
	assert_int_equal(stat(idx, &sb), 0);
	b = (unsigned char *)tu_slurp(idx);
	len = (size_t)sb.st_size;
	bad = m * 2;
	for (size_t i = 0; i + sizeof m <= len; i++)
		if (memcmp(b + i, &m, sizeof m) == 0) {
			memcpy(b + i, &bad, sizeof bad);
			hits++;
		}
	assert_int_equal(hits, 1);	/* the runs' means differ */
	assert_non_null(f = fopen(idx, "r+b"));
	assert_int_equal(fwrite(b, 1, len, f), len);
	fclose(f);
	free(b);
	t[0] = sb.st_atim;
	t[1] = sb.st_mtim;
	assert_int_equal(utimensat(AT_FDCWD, idx, t, 0), 0);
	assert_int_equal(ti_index_dir(dir, cache, &m2, &busy), BENCH_LOWER);
	assert_true(m == m2);
}

/* The gate names a busy side, and busy trips before any verdict. */
static void
test_gate_busy(void **state)
{
	struct run		 a, b;
	const struct run	*pa = &a, *pb = &b;
	struct compare_side	 sa = { &pa, 1, "a" }, sb = { &pb, 1, "b" };
	struct compare_opts	 o;
	struct bmdiff_line	*l;
	struct gate		 g = { GATE_WORSE, NAN };

	(void)state;
	ti_run(&a, "syscall", "lps", 1000, "higher");
	ti_run(&b, "syscall", "lps", 500, "higher");
	for (size_t i = 0; i < b.nsamples; i++) {
		a.samples[i].busy = 0;
		b.samples[i].busy = 1.5;
	}
	compare_opts_default(&o);
	o.min_effect = 0;
	assert_int_equal(bmdiff_lines(&sa, &sb, &o, &l), 1);
	assert_int_equal(gate_busy_sides(l), GATE_SIDE_NEW);
	assert_string_equal(gate_busy_str(gate_busy_sides(l)),
	    "the new side");
	assert_string_equal(gate_trip(&g, l), "worse");
	g.mask |= GATE_BUSY;
	assert_string_equal(gate_trip(&g, l), "busy");
	free(l);
	run_free(&a);
	run_free(&b);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_dir_recorded),
		cmocka_unit_test(test_differs),
		cmocka_unit_test(test_history_direction),
		cmocka_unit_test(test_history_builds),
		cmocka_unit_test_setup_teardown(test_index_content,
		    tu_dir_make, tu_dir_free),
		cmocka_unit_test(test_gate_busy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
