/*
 * compare.c and bmdiff.c: seed 003's bm_diff tables reproduced from runs
 * holding the post's figures (tests/data/seed003-linux-*.csv), the
 * direction of each test, tests one side lacks or measured with another
 * version, significance marks, the 80-column text layout, and the CLI;
 * judge.c: the user's -a and -e reaching a group's verdict.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])
#define DATA		"tests/data/seed003-linux-"

struct expect {
	const char	*id;
	const char	*change;	/* as the post prints it */
};

/* 1.2.10 -> 1.3.3, in the post's order. */
static const struct expect seed_1210_133[] = {
	{ "execl", "+17.83%" }, { "shell1", "+10.60%" },
	{ "shell8", "+10.00%" }, { "shell2", "+9.76%" },
	{ "shell4", "+9.52%" }, { "fscopy", "+9.07%" },
	{ "fscopy30", "+8.16%" }, { "dhry2", "+7.53%" }, { "C", "+7.11%" },
	{ "fswrite30", "+5.73%" }, { "syscall", "+4.10%" },
	{ "fswrite", "+2.88%" }, { "fsread30", "+2.68%" },
	{ "spawn", "+2.59%" }, { "dc", "+1.52%" }, { "hanoi", "+1.44%" },
	{ "pipe", "+1.29%" }, { "fsread", "+0.36%" },
	{ "dhry2reg", "+0.31%" }, { "arithoh", "+0.07%" },
	{ "long", "+0.06%" }, { "int", "+0.06%" }, { "register", "+0.06%" },
	{ "short", "+0.05%" }, { "double", "+0.05%" }, { "float", "+0.03%" },
	{ "context1", "-10.53%" },
};

/* 1.3.3 -> 1.3.4: four exact ties keep the log's order. */
static const struct expect seed_133_134[] = {
	{ "spawn", "+10.81%" }, { "dc", "+7.84%" }, { "execl", "+5.43%" },
	{ "context1", "+3.25%" }, { "syscall", "+2.84%" },
	{ "fswrite", "+2.81%" }, { "shell2", "+2.22%" },
	{ "fswrite30", "+1.89%" }, { "shell1", "+1.50%" },
	{ "pipe", "+1.38%" }, { "fscopy", "+0.54%" },
	{ "hanoi", "+0.24%" }, { "float", "+0.03%" }, { "short", "+0.01%" },
	{ "double", "+0.01%" }, { "int", "+0.00%" }, { "long", "+0.00%" },
	{ "shell4", "+0.00%" }, { "shell8", "+0.00%" },
	{ "arithoh", "-0.00%" }, { "register", "-0.02%" },
	{ "dhry2reg", "-0.09%" }, { "fscopy30", "-0.53%" },
	{ "C", "-1.33%" }, { "dhry2", "-1.60%" }, { "fsread30", "-4.42%" },
	{ "fsread", "-6.63%" },
};

/*
 * 0.95a -> 1.3.4, the post's third table.  bm_diff computed in single
 * precision: 9600/133 - 1 is 7118.0451%, which it printed as +7118.04%;
 * in double it rounds to +7118.05%, the one digit that differs.
 */
static const struct expect seed_095_134[] = {
	{ "fswrite30", "+7118.05%" }, { "fswrite", "+4183.50%" },
	{ "fscopy30", "+2537.21%" }, { "fscopy", "+1558.97%" },
	{ "pipe", "+1171.88%" }, { "fsread", "+173.53%" },
	{ "double", "+166.59%" }, { "dhry2reg", "+156.19%" },
	{ "dhry2", "+152.44%" }, { "float", "+150.22%" },
	{ "shell8", "+124.49%" }, { "arithoh", "+109.55%" },
	{ "shell4", "+109.09%" }, { "int", "+107.25%" },
	{ "shell2", "+107.21%" }, { "long", "+105.61%" },
	{ "shell1", "+104.90%" }, { "register", "+102.17%" },
	{ "fsread30", "+99.96%" }, { "short", "+96.83%" },
	{ "hanoi", "+63.74%" }, { "syscall", "+55.35%" }, { "dc", "+3.17%" },
	{ "spawn", "-6.26%" }, { "context1", "-18.95%" },
	{ "execl", "-24.94%" }, { "C", "-99.27%" },
};


/* tu_add_samples() as repeat rep of the run. */
static void
add_rep(struct run *run, const char *test, int rep, const double *v,
    size_t n)
{
	tu_add_samples(run, test, 1, "lps", v, n);
	for (size_t i = run->nsamples - n; i < run->nsamples; i++)
		run->samples[i].repeat = rep;
}

/* The row of the first section whose heading starts with prefix. */
static size_t
section(const struct table *t, const char *prefix)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (t->rows[r].section &&
		    strncmp(t->rows[r].cells[0], prefix, strlen(prefix)) == 0)
			return r;
	fail_msg("no section \"%s\"", prefix);
	return 0;
}

/* bmdiff_report() of one run a side. */
static struct table *
bmdiff2(const struct run *a, const struct run *b, const char *na,
    const char *nb, const struct compare_opts *o)
{
	struct compare_side	sa = { &a, 1, na }, sb = { &b, 1, nb };

	return bmdiff_report(&sa, &sb, o);
}

/* The column with this heading. */
static size_t
column(const struct table *t, const char *header)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].header, header) == 0)
			return c;
	fail_msg("no column \"%s\"", header);
	return 0;
}

/* Compare two runs and check the ranked rows against the post. */
static void
check_seed_runs(struct run *old, struct run *new, const struct expect *e,
    size_t n)
{
	struct compare_opts	 o;
	struct run		 a = *old, b = *new;
	const struct run	*both[2] = { &a, &b };
	struct table		*t;
	size_t			 r, change;

	compare_opts_default(&o);
	t = bmdiff2(&a, &b, "old", "new", &o);
	change = column(t, "CHANGE");
	r = section(t, "Results") + 1;
	for (size_t i = 0; i < n; i++, r++) {
		assert_true(r < t->nrows);
		assert_string_equal(t->rows[r].cells[0],
		    label_title_in(both, 2, e[i].id));
		assert_string_equal(t->rows[r].cells[change], e[i].change);
		assert_string_equal(t->rows[r].cells[column(t, "P")],
		    "n=1+1");
	}
	assert_string_equal(t->rows[r].cells[0], "geomean of 27 ratios");
	assert_int_equal(r + 1, t->nrows);	/* nothing apart */
	table_free(t);
	run_free(&a);
	run_free(&b);
}

static void
check_seed(const char *old, const char *new, const struct expect *e,
    size_t n)
{
	struct run	a, b;

	tu_load(&a, old);
	tu_load(&b, new);
	check_seed_runs(&a, &b, e, n);
}

/*
 * The same table through `sysmark import`: the post's figures written out
 * in the BYTE 3.11 report layout of seed 004 (with the post's titles and
 * an INDEX VALUES table worked out against byte-3.11).
 */
static void
test_seed003_through_import(void **state)
{
	struct run	 a, b;
	struct sm_error	 err;
	char		**warn;
	size_t		 nwarn;

	(void)state;
	run_init(&a);
	run_init(&b);
	assert_int_equal(import_read("tests/data/byte-linux-1.3.3.txt", &a,
	    &warn, &nwarn, &err), 0);
	assert_int_equal(nwarn, 0);
	free(warn);
	assert_int_equal(import_read("tests/data/byte-linux-1.3.4.txt", &b,
	    &warn, &nwarn, &err), 0);
	assert_int_equal(nwarn, 0);
	free(warn);
	check_seed_runs(&a, &b, seed_133_134, NELEM(seed_133_134));
}

static void
test_seed003_first_table(void **state)
{
	(void)state;
	check_seed(DATA "1.2.10.csv", DATA "1.3.3.csv", seed_1210_133,
	    NELEM(seed_1210_133));
}

static void
test_seed003_second_table(void **state)
{
	(void)state;
	check_seed(DATA "1.3.3.csv", DATA "1.3.4.csv", seed_133_134,
	    NELEM(seed_133_134));
}

static void
test_seed003_third_table(void **state)
{
	(void)state;
	check_seed(DATA "0.95a.csv", DATA "1.3.4.csv", seed_095_134,
	    NELEM(seed_095_134));
}

/* The run file carries titles for tests the catalog does not know. */
static void
test_titles_from_the_run(void **state)
{
	struct run		 a;
	const struct run	*one[1] = { &a };

	(void)state;
	tu_load(&a, DATA "1.3.3.csv");
	assert_string_equal(label_title_in(one, 1, "dhry2"),
	    "Dhrystone 2 without register variables");
	assert_string_equal(label_title_in(one, 1, "no-such-test"),
	    "no-such-test");
	/* the catalog's own title wins for a test it knows */
	assert_string_equal(label_title_in(one, 1, "execl"),
	    label_title("execl"));
	run_free(&a);
}

static void
test_direction(void **state)
{
	const double		 lat_a[] = { 10 }, lat_b[] = { 8 };
	const double		 rate_a[] = { 100 }, rate_b[] = { 110 };
	const double		 told_a[] = { 50 }, told_b[] = { 60 };
	struct compare_opts	 o;
	struct run		 a, b;
	const struct run	*both[2] = { &a, &b };
	struct table		*t;
	size_t			 r, change;

	(void)state;
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "rate", 0, "lps", rate_a, 1);
	tu_add_samples(&b, "rate", 0, "lps", rate_b, 1);
	/* a time: lower is better */
	tu_add_samples(&a, "lat", 0, "us", lat_a, 1);
	tu_add_samples(&b, "lat", 0, "us", lat_b, 1);
	/* the run says lower */
	tu_add_samples(&a, "told", 0, "lps", told_a, 1);
	tu_add_samples(&b, "told", 0, "lps", told_b, 1);
	run_meta_set(&b, "dir:told", "lower");
	assert_int_equal(ident_dir(both, 2, "lat"), BENCH_LOWER);
	assert_int_equal(ident_dir(both, 2, "told"), BENCH_LOWER);
	assert_int_equal(ident_dir(both, 2, "rate"), BENCH_HIGHER);
	assert_int_equal(ident_dir(both, 2, "execl"),
	    registry_find("execl")->dir);
	compare_opts_default(&o);
	t = bmdiff2(&a, &b, "a", "b", &o);
	change = column(t, "CHANGE");
	r = section(t, "Results") + 1;
	/* 10 -> 8 us is a 25% speed-up: it ranks above +10% */
	assert_string_equal(t->rows[r].cells[0], "lat");
	assert_string_equal(t->rows[r].cells[change], "-20.00%");
	assert_string_equal(t->rows[r + 1].cells[0], "rate");
	assert_string_equal(t->rows[r + 2].cells[0], "told");
	assert_string_equal(t->rows[r + 2].cells[change], "+20.00%");
	/*
	 * The geometric mean of 1.25, 1.1 and 50/60 in the way of better:
	 * the directions mix, so no figure moved one way; a note says so.
	 */
	assert_string_equal(t->rows[r + 3].cells[change], "4.64% better");
	assert_true(t->nnotes > 0);
	table_free(t);
	run_free(&a);
	run_free(&b);
	/*
	 * Times alone: the geomean is their figures' change, as each line
	 * says it, then the word (10 -> 12 us and 50 -> 66 us: a geometric
	 * mean of 1.2 and 1.32, +25.86%, worse), never the speed's -20.55%.
	 */
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "lat", 0, "us", lat_a, 1);
	tu_add_samples(&b, "lat", 0, "us", (const double[]){ 12 }, 1);
	tu_add_samples(&a, "told", 0, "us", told_a, 1);
	tu_add_samples(&b, "told", 0, "us", (const double[]){ 66 }, 1);
	t = bmdiff2(&a, &b, "a", "b", &o);
	r = section(t, "Results") + 1;
	assert_string_equal(t->rows[r].cells[change], "+20.00%");
	assert_string_equal(t->rows[r + 1].cells[change], "+32.00%");
	assert_string_equal(t->rows[r + 2].cells[0], "geomean of 2 ratios");
	assert_string_equal(t->rows[r + 2].cells[change], "+25.86% worse");
	table_free(t);
	run_free(&a);
	run_free(&b);
}

static void
test_missing_and_versions(void **state)
{
	const double		 v1[] = { 100 }, v2[] = { 120 };
	struct compare_opts	 o;
	struct run		 a, b;
	struct table		*t;
	size_t			 r;
	char			*text;

	(void)state;
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "both", 1, "lps", v1, 1);
	tu_add_samples(&b, "both", 1, "lps", v2, 1);
	tu_add_samples(&a, "gone", 1, "lps", v1, 1);
	tu_add_samples(&b, "fresh", 1, "lps", v2, 1);
	tu_add_samples(&a, "changed", 1, "lps", v1, 1);
	tu_add_samples(&b, "changed", 2, "lps", v2, 1);
	/* version unknown */
	tu_add_samples(&a, "imported", 0, "lps", v1, 1);
	tu_add_samples(&b, "imported", 3, "lps", v2, 1);
	tu_add_samples(&a, "broke", 1, "lps", v1, 1);
	tu_add_samples(&b, "broke", 1, "lps", v2, 1);
	b.samples[b.nsamples - 1].status = RUN_FAILED;
	compare_opts_default(&o);
	t = bmdiff2(&a, &b, "A", "B", &o);
	r = section(t, "Results") + 1;
	assert_string_equal(t->rows[r].cells[0], "both");
	assert_string_equal(t->rows[r + 1].cells[0], "imported");
	assert_string_equal(t->rows[r + 2].cells[0],
	    "geomean of 2 ratios");
	r = section(t, "Not ranked") + 1;
	assert_string_equal(t->rows[r].cells[0], "changed (version 1 -> 2)");
	assert_string_equal(t->rows[r].cells[1], "100.0");
	assert_string_equal(t->rows[r].cells[2], "120.0");
	assert_string_equal(t->rows[r].cells[column(t, "CHANGE")], "");
	r = section(t, "Only in A") + 1;
	assert_string_equal(t->rows[r].cells[0], "gone");
	assert_string_equal(t->rows[r].cells[2], "");
	assert_string_equal(t->rows[r + 1].cells[0], "broke (failed in B)");
	r = section(t, "Only in B") + 1;
	assert_string_equal(t->rows[r].cells[0], "fresh");
	assert_string_equal(t->rows[r].cells[1], "");
	assert_int_equal(r + 1, t->nrows);
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "From: A\n* unknown host"));
	free(text);
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/*
 * Runs that differ in a fact deciding the figures say so at the top: the
 * CPU, and the file system the tests' files were on; one that only one
 * run recorded, or that both share, says nothing.
 */
static void
test_mismatch_warnings(void **state)
{
	const double	 v[] = { 100, 101, 99 };
	struct run	 a, b;
	struct table	*t;
	struct compare_opts o;
	char		*text;

	(void)state;
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "fstime", 1, "KBps", v, 3);
	tu_add_samples(&b, "fstime", 1, "KBps", v, 3);
	run_meta_set(&a, "cpu_model", "AMD EPYC");
	run_meta_set(&b, "cpu_model", "Intel Xeon");
	run_meta_set(&a, "tmpdir_fs", "ext4 on /dev/vda at / (no journal)");
	run_meta_set(&b, "tmpdir_fs", "tmpfs on tmpfs at /tmp");
	run_meta_set(&a, "hostname", "box");
	run_meta_set(&b, "hostname", "box");
	run_meta_set(&a, "os", "Linux 6.18");
	compare_opts_default(&o);
	t = bmdiff2(&a, &b, "A", "B", &o);
	text = t->title;	/* as written; the text table wraps it */
	assert_non_null(strstr(text, "warning: the runs come from different "
	    "CPUs (AMD EPYC, Intel Xeon)"));
	assert_non_null(strstr(text, "warning: the runs come from different "
	    "file systems (ext4 on /dev/vda at / (no journal), tmpfs on "
	    "tmpfs at /tmp)"));
	assert_null(strstr(text, "different hosts"));
	assert_null(strstr(text, "different OS"));
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/*
 * Runs that started on a busy machine: a side of one run gives that run's
 * own sentence; a side of many gives one line, how many of how many and
 * their load averages, so forty runs a side leave the header its From
 * and To (a line a run filled the 4 KiB title and cut them off).
 */
static void
test_idle_warnings_folded(void **state)
{
	const double		 v[] = { 100, 101, 99 };
	struct run		 r[41];
	const struct run	*rp[41];
	struct compare_side	 a = { rp, 1, "old" }, b = { rp + 1, 40, "new" };
	struct compare_opts	 o;
	struct table		*t;
	char			 buf[4096], load[16];

	(void)state;
	for (size_t i = 0; i < 41; i++) {
		run_init(&r[i]);
		rp[i] = &r[i];
		tu_add_samples(&r[i], "fstime", 1, "KBps", v, 3);
		snprintf(load, sizeof load, "%.2f", 1.0 + (double)i / 100);
		run_meta_set(&r[i], "load_average", load);
		if (i != 7)	/* one run of the 40 was idle */
			run_meta_set(&r[i], "idle_warning", "this machine is "
			    "not idle: load average x; figures will be low "
			    "and noisy");
	}
	compare_opts_default(&o);
	compare_warnings(&a, &b, buf, sizeof buf);
	assert_string_equal(buf, "warning: old: this machine is not idle: "
	    "load average x; figures will be low and noisy\n"
	    "warning: new: 39 of 40 runs started on a machine that was not "
	    "idle (load average 1.01 to 1.40); figures will be low and "
	    "noisy\n");
	t = bmdiff_report(&a, &b, &o);
	assert_non_null(strstr(t->title, "39 of 40 runs"));
	assert_non_null(strstr(t->title, "From: old"));
	assert_non_null(strstr(t->title, "To: new and 39 more runs"));
	table_free(t);
	for (size_t i = 0; i < 41; i++)
		run_free(&r[i]);
}

/* n figures around mean, spread evenly by +-spread. */
static void
spread(double *v, size_t n, double mean, double spread_frac)
{
	for (size_t i = 0; i < n; i++)
		v[i] = mean * (1 + spread_frac * ((double)i / (double)(n - 1) *
		    2 - 1) * (i % 2 ? 1 : -1));
}

static void
test_verdicts_in_the_table(void **state)
{
	double			 base[10], up[10], same[10], noisy[3];
	struct compare_opts	 o;
	struct run		 a, b;
	struct table		*t;
	size_t			 r, v, p;
	char			*text;

	(void)state;
	spread(base, 10, 100, 0.005);
	spread(up, 10, 105, 0.005);
	spread(same, 10, 100.1, 0.005);
	spread(noisy, 3, 100, 0.2);
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "faster", 1, "lps", base, 10);
	tu_add_samples(&b, "faster", 1, "lps", up, 10);
	tu_add_samples(&a, "steady", 1, "lps", base, 10);
	tu_add_samples(&b, "steady", 1, "lps", same, 10);
	tu_add_samples(&a, "noisy", 1, "lps", base, 3);
	tu_add_samples(&b, "noisy", 1, "lps", noisy, 3);
	tu_add_samples(&a, "baseline", 1, "lps", base, 1);
	tu_add_samples(&b, "baseline", 1, "lps", up, 10);
	compare_opts_default(&o);
	t = bmdiff2(&a, &b, "A", "B", &o);
	v = column(t, "VERDICT");
	p = column(t, "P");
	column(t, "95% CI");
	r = section(t, "Results") + 1;
	assert_string_equal(t->rows[r].cells[0], "faster");
	/* one run a side, no profile: 5% is under the 35% floor */
	assert_string_equal(t->rows[r].cells[v], "small");
	assert_string_equal(t->rows[r].cells[p], "<0.001");
	assert_string_equal(t->rows[r + 1].cells[0], "baseline");
	assert_string_equal(t->rows[r + 1].cells[p], "n=1+10");
	assert_string_equal(t->rows[r + 1].cells[v], "");
	/* "~" with the change it could have found: "~ <54%" */
	for (size_t i = r + 2; i < r + 4; i++)
		assert_int_equal(strncmp(t->rows[i].cells[v], "~ <", 3), 0);
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "0 better, 0 worse, 2 ~"));
	assert_non_null(strstr(text, "~ <x%: no change was found, and one"));
	assert_non_null(strstr(text, "One run a side: add repeats (-R) or"));
	free(text);
	/* The floors named are judge.c's own. */
	for (size_t i = 0; i < t->nnotes; i++)
		if (strstr(t->notes[i], "floor for its group (CPU 20%, System "
		    "15%, IPC 20%, Programs 40%, Process 75%, File 20%, "
		    "others 35%), or it is called small.") != NULL)
			break;
		else if (i + 1 == t->nnotes)
			fail_msg("no note names the floors");
	table_free(t);
	o.alpha = 0.01;
	t = bmdiff2(&a, &b, "A", "B", &o);
	column(t, "99% CI");
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/* A host profile, or repeats, replace the floor. */
static void
test_profile_and_repeats(void **state)
{
	double			 base[10], up[10], off[10];
	struct compare_opts	 o;
	struct run		 a, b, prof;
	const struct run	*ra[1] = { &a }, *rb[1] = { &b };
	struct compare_side	 sa = { ra, 1, "A" }, sb = { rb, 1, "B" };
	struct table		*t;
	size_t			 r, v;
	char			*text;

	(void)state;
	spread(base, 10, 100, 0.005);
	spread(up, 10, 105, 0.005);
	run_init(&a);
	run_init(&b);
	run_init(&prof);
	tu_add_samples(&a, "faster", 1, "lps", base, 10);
	tu_add_samples(&b, "faster", 1, "lps", up, 10);
	/* this host: calibrate's 5 repeats land 0.5% apart */
	for (int k = 1; k <= 5; k++) {
		spread(off, 10, 100 + 0.5 * (k - 3), 0.005);
		add_rep(&prof, "faster", k, off, 10);
	}
	compare_opts_default(&o);
	o.profile = &prof;
	o.profile_name = "noise-test.csv";
	t = bmdiff_report(&sa, &sb, &o);
	v = column(t, "VERDICT");
	r = section(t, "Results") + 1;
	assert_string_equal(t->rows[r].cells[v], "better");
	assert_string_equal(t->rows[r].cells[column(t, "W/B CV")],
	    "0.3/0.8%");
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "judged with the host noise profile "
	    "noise-test.csv"));
	free(text);
	table_free(t);
	/* repeats drifting 10% apart: 5% is not a change */
	run_free(&prof);
	o.profile = NULL;
	for (int k = 2; k <= 3; k++) {
		spread(off, 10, 100 + 10 * (k - 2), 0.005);
		add_rep(&a, "faster", k, off, 10);
		spread(off, 10, 105 - 10 * (k - 2), 0.005);
		add_rep(&b, "faster", k, off, 10);
	}
	t = bmdiff_report(&sa, &sb, &o);
	r = section(t, "Results") + 1;
	assert_string_equal(t->rows[r].cells[column(t, "VERDICT")], "~ <22%");
	text = tu_render(t, TABLE_TEXT);
	assert_non_null(strstr(text, "1 line judged on the runs' and "
	    "repeats' means"));
	free(text);
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/* Two sides of reps repeats drifting by rel, b's mean moved by change. */
static void
two_sides(struct run *a, struct run *b, int reps, double change,
    double rel)
{
	double	v[8];

	run_init(a);
	run_init(b);
	for (int k = 1; k <= reps; k++) {
		spread(v, 8, 100 * (1 + rel * (k % 2 ? 1 : -1)), 0.001);
		add_rep(a, "judged", k, v, 8);
		spread(v, 8, 100 * (1 + change) * (1 + rel * (k % 2 ? -1 : 1)),
		    0.001);
		add_rep(b, "judged", k, v, 8);
	}
}

/* judge_group() of a's and b's "judged" at -a alpha and -e effect. */
static void
judge(const struct run *a, const struct run *b, double alpha, double effect,
    struct signif *s)
{
	const struct run	*ra[1] = { a }, *rb[1] = { b };
	struct compare_side	 sa = { ra, 1, "A" }, sb = { rb, 1, "B" };
	struct run_group	 g = { "judged", 1 };
	struct compare_opts	 o;

	compare_opts_default(&o);
	o.alpha = alpha;
	o.min_effect = effect;
	judge_group(&sa, &sb, &g, BENCH_HIGHER, &o, s);
}

/*
 * The user's -a reaches the verdict: the interval widens with a smaller
 * alpha, and a change whose p lies between 0.01 and 0.05 is a change at
 * 0.05 and none at 0.01.
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
 * The user's -e reaches the verdict: a clear 3% change is better at -e 1%
 * and small at -e 5%.
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

static void
test_side_by_side_marks(void **state)
{
	double			 base[10], up[10], down[10];
	struct run		 r0, r1, r2;
	const struct run	*runs[3] = { &r0, &r1, &r2 };
	const char		*names[3] = { "r0", "r1", "r2" };
	struct table		*t;
	size_t			 row;

	(void)state;
	spread(base, 10, 100, 0.005);
	spread(up, 10, 140, 0.005);	/* over dhry2reg's 20% floor */
	spread(down, 10, 60, 0.005);
	run_init(&r0);
	run_init(&r1);
	run_init(&r2);
	tu_add_samples(&r0, "dhry2reg", 1, "lps", base, 10);
	tu_add_samples(&r1, "dhry2reg", 1, "lps", up, 10);
	tu_add_samples(&r2, "dhry2reg", 1, "lps", down, 10);
	tu_add_samples(&r0, "zz", 1, "lps", base, 10);
	tu_add_samples(&r1, "zz", 1, "lps", base, 10);
	tu_add_samples(&r2, "zz", 2, "lps", base, 1);
	t = compare_side_by_side(runs, names, 3);
	row = section(t, registry_find("dhry2reg")->group) + 1;
	assert_string_equal(t->rows[row].cells[4], "1.40 +");
	assert_string_equal(t->rows[row].cells[6], "0.60 -");
	row = section(t, "Other") + 1;
	assert_string_equal(t->rows[row].cells[4], "1.00 ~<55%");
	assert_string_equal(t->rows[row].cells[6], "1.00 !");
	assert_int_equal(t->nnotes, 1);
	table_free(t);
	run_free(&r0);
	run_free(&r1);
	run_free(&r2);
}

/*
 * A latency a hundred times better keeps two significant digits, not
 * "0.00": the console draws its bar from this cell.
 */
static void
test_side_by_side_tiny_ratio(void **state)
{
	const double		 slow[] = { 50, 52 }, fast[] = { 0.21, 0.22 };
	struct run		 r0, r1;
	const struct run	*runs[2] = { &r0, &r1 };
	const char		*names[2] = { "r0", "r1" };
	struct table		*t;
	size_t			 row;

	(void)state;
	run_init(&r0);
	run_init(&r1);
	tu_add_samples(&r0, "lat_syscall", 1, "us", slow, 2);
	tu_add_samples(&r1, "lat_syscall", 1, "us", fast, 2);
	t = compare_side_by_side(runs, names, 2);
	row = section(t, registry_find("lat_syscall")->group) + 1;
	assert_string_equal(t->rows[row].cells[4], "0.0042 +");
	table_free(t);
	run_free(&r0);
	run_free(&r1);
}

static void
test_80_columns(void **state)
{
	static const char	 title[] = "A benchmark with a title far too "
	    "long for any terminal column (type = extraordinarily verbose)";
	double			 base[5], up[5];
	struct compare_opts	 o;
	struct run		 a, b;
	const struct run	*runs[3] = { &a, &b, &a };
	const char		*names[3] = { "a", "b", "a" };
	struct table		*t;
	char			*text, *line, *save = NULL;
	size_t			 lines = 0;

	(void)state;
	spread(base, 5, 12345678.9, 0.01);
	spread(up, 5, 23456789.1, 0.01);
	run_init(&a);
	run_init(&b);
	tu_add_samples(&a, "verbose", 1, "lps", base, 5);
	tu_add_samples(&b, "verbose", 1, "lps", up, 5);
	tu_add_samples(&a, "execl", 1, "lps", base, 5);
	tu_add_samples(&b, "execl", 1, "lps", up, 5);
	run_meta_set(&a, "title:verbose", title);
	run_meta_set(&a, "os_version", "#1 SMP PREEMPT_DYNAMIC Debian "
	    "6.1.119-1 (2024-11-22) with a very long version string indeed");
	compare_opts_default(&o);
	for (int k = 0; k < 2; k++) {
		t = k == 0 ? bmdiff2(&a, &b, "a", "b", &o) :
		    compare_side_by_side(runs, names, 3);
		text = tu_render(t, TABLE_TEXT);
		for (line = strtok_r(text, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save), lines++)
			if (strlen(line) > 80)
				fail_msg("%zu columns: \"%s\"", strlen(line),
				    line);
		free(text);
		/* CSV keeps the title whole */
		text = tu_render(t, TABLE_CSV);
		assert_non_null(strstr(text, title));
		free(text);
		table_free(t);
	}
	/* and so does the report `sysmark show` prints */
	t = report_results(&a, 1);
	text = tu_render(t, TABLE_TEXT);
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save), lines++)
		assert_true(strlen(line) <= 80);
	free(text);
	table_free(t);
	assert_true(lines > 10);
	run_free(&a);
	run_free(&b);
}

static void
test_wrapped_title_reads_in_order(void **state)
{
	struct table	*t = table_new(NULL);
	size_t		 r;
	char		*text;

	(void)state;
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "VALUE", TABLE_RIGHT);
	table_fit(t, 30, 0);
	r = table_add_row(t);
	table_set(t, r, 0, "Dhrystone 2 without register variables");
	table_set(t, r, 1, "46284.2");
	text = tu_render(t, TABLE_TEXT);
	assert_string_equal(text,
	    "TEST                     VALUE\n"
	    "Dhrystone 2 without    46284.2\n"
	    "  register variables\n");
	free(text);
	table_free(t);
}

static void
test_cli(void **state)
{
	char *const	 text[] = { "sysmark", "compare", DATA "1.2.10.csv",
	    DATA "1.3.3.csv", NULL };
	char *const	 csv[] = { "sysmark", "compare", "-f", "csv",
	    DATA "1.3.3.csv", DATA "1.3.4.csv", NULL };
	char *const	 md[] = { "sysmark", "compare", "-f", "md", "-a",
	    "0.01", "-e", "5", DATA "1.3.3.csv", DATA "1.3.4.csv", NULL };
	char *const	 three[] = { "sysmark", "compare", DATA "1.2.10.csv",
	    DATA "1.3.3.csv", DATA "1.3.4.csv", NULL };
	char *const	 bad[] = { "sysmark", "compare", "-a", "0.7",
	    DATA "1.3.3.csv", DATA "1.3.4.csv", NULL };
	struct tu_out	 o;

	(void)state;
	tu_run(text, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "From: seed003-linux-1.2.10\n"
	    "* pimpinel.fluido.org: Linux 1.2.10 i486 #59 Tue Jun 13 "
	    "09:46:17 MET DST 1995\n* Tue Jun 27 10:18:13 MET DST 1995\n"
	    "To: seed003-linux-1.3.3\n"));
	assert_non_null(strstr(o.out, "\nExecl Throughput  "));
	assert_non_null(strstr(o.out, "  51.6      60.8        +17.83%  "
	    "n=1+1\n"));
	/* The geomean said as the lines are: a change, better or worse. */
	assert_non_null(strstr(o.out, "geomean of 27 ratios  "));
	assert_non_null(strstr(o.out, " +3.65% better\n"));
	assert_true(strstr(o.out, "+17.83%") < strstr(o.out, "-10.53%"));
	tu_out_free(&o);
	tu_run(csv, &o);
	assert_int_equal(o.status, 0);
	/* csv and md carry every field, one column each */
	assert_non_null(strstr(o.out, "id,title,copies,n_old,repeats_old,"
	    "n_new,repeats_new,old,new,change_pct,ci_low_pct,ci_high_pct,p,"
	    "df,basis,verdict,within_cv_old_pct,between_cv_old_pct,"
	    "within_cv_new_pct,between_cv_new_pct,flags_old,flags_new,"
	    "kind,detectable_pct\n"));
	assert_non_null(strstr(o.out, "\nspawn,Process Creation,1,1,1,1,1,"
	    "123,136.3,10.813,,,,,,single,,,,,,,ranked,\n"));
	tu_out_free(&o);
	tu_run(md, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "| id | title | copies | n_old | "));
	assert_non_null(strstr(o.out, "| dc | Dc: sqrt(2) to 99 decimal "
	    "places | 1 | 1 | 1 | 1 | 1 | 5996.2 | 6466.2 | 7.8383 |  |  |  "
	    "|  |  | single |"));
	tu_out_free(&o);
	tu_run(three, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "RATIO"));
	tu_out_free(&o);
	tu_run(bad, &o);
	assert_int_equal(o.status, 2);
	assert_non_null(strstr(o.err, "sysmark: -a 0.7: alpha must be"));
	tu_out_free(&o);
}

/*
 * Each test's group floor (judge.c): a test judged with another group's
 * floor is called changed, or not, on the wrong bar.  Planted: the
 * table searched for the first group that differs.
 */
static void
test_group_floors(void **state)
{
	(void)state;
	assert_near(judge_floor("dhry2reg"), 0.20, 0);	/* CPU */
	assert_near(judge_floor("syscall"), 0.15, 0);	/* System */
	assert_near(judge_floor("pipe"), 0.20, 0);	/* IPC */
	assert_near(judge_floor("spawn"), 0.75, 0);	/* Process */
	assert_near(judge_floor("lat_sig_catch"), 0.35, 0); /* lmbench */
	assert_near(judge_floor("no-such-test"), 0.35, 0);
}

/*
 * A run of tests[0..n) with 8 samples each about base[i] (a spread of
 * 0.5%), every figure times scale[i].
 */
static void
shift_run(struct run *r, const char *const *tests, const char *const *unit,
    const double *base, const double *scale, size_t n)
{
	static const double	wiggle[8] = { 1.000, 1.004, 0.996, 1.002,
	    0.998, 1.005, 0.995, 1.000 };
	double			v[8];

	run_init(r);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < 8; k++)
			v[k] = base[i] * scale[i] * wiggle[(k + i) % 8];
		tu_add_samples(r, tests[i], 1, unit[i], v, 8);
	}
}

/* shift_find() over old against new, and the table's notes joined. */
static void
shift_of(const double *scale, size_t n, struct host_shift *sh,
    char *notes, size_t len)
{
	static const char *const tests[] = { "dhry2reg", "syscall", "pipe",
	    "spawn", "lat_syscall", "fsread", "execl", "fswrite" };
	static const char *const unit[] = { "lps", "lps", "lps", "lps",
	    "us", "KBps", "lps", "KBps" };
	static const double	 base[] = { 3e7, 2e6, 1e6, 5e3, 0.1, 9e5, 2e3,
	    8e5 };
	static const double	 ones[] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	struct run		 a, b;
	const struct run	*pa = &a, *pb = &b;
	struct compare_side	 sa = { &pa, 1, "old" }, sb = { &pb, 1, "new" };
	struct compare_opts	 o;
	struct bmdiff_line	*l;
	struct table		*t;
	size_t			 nl;

	shift_run(&a, tests, unit, base, ones, n);
	shift_run(&b, tests, unit, base, scale, n);
	compare_opts_default(&o);
	nl = bmdiff_lines(&sa, &sb, &o, &l);
	shift_find(l, nl, sh);
	free(l);
	t = bmdiff_report(&sa, &sb, &o);
	notes[0] = '\0';
	for (size_t i = 0; i < t->nnotes; i++)
		snprintf(notes + strlen(notes), len - strlen(notes), "%s\n",
		    t->notes[i]);
	table_free(t);
	run_free(&a);
	run_free(&b);
}

/*
 * Issue 51: unrelated tests that moved together are named as a shift of
 * the host, with its size and way, whatever the verdicts; a latency (us,
 * lower is better) that grew counts as slower, as a rate that fell.
 */
static void
test_host_shift_named(void **state)
{
	/* five groups: four ran 8-14% slower, the file test held */
	static const double	 slow[] = { 0.88, 0.90, 0.92, 0.86, 1.10, 1.0 };
	struct host_shift	 sh;
	char			 notes[8192];

	(void)state;
	shift_of(slow, 6, &sh, notes, sizeof notes);
	assert_true(sh.found);
	assert_int_equal(sh.way, -1);
	assert_int_equal(sh.ranked, 6);
	assert_int_equal(sh.moved, 5);
	assert_int_equal(sh.groups, 5);
	/* the median of -12, -10, -8, -14, -9.1 (1/1.1): -10 */
	assert_near(sh.median, -0.10, 0.002);
	assert_near(sh.lo, -0.14, 0.002);
	assert_near(sh.hi, -0.08, 0.002);
	assert_non_null(strstr(notes, "Host-wide shift: 5 of 6 tests, from 5 "
	    "groups, moved together on the new side, slower by 10.0%"));
}

/* Tests that scatter both ways, or move within 2%, are no shift. */
static void
test_host_shift_not_noise(void **state)
{
	static const double	 both[] = { 0.88, 1.12, 0.90, 1.10, 0.92, 1.1 };
	static const double	 tiny[] = { 0.99, 0.985, 0.99, 0.988, 1.01, 1 };
	static const double	 few[] = { 0.88, 0.90, 1.0, 1.0, 1.0, 1.0 };
	static const double	 part[] = { 0.90, 0.90, 0.90, 0.985, 1 / 0.985,
	    0.985, 0.985, 0.985 };
	struct host_shift	 sh;
	char			 notes[8192];

	(void)state;
	shift_of(both, 6, &sh, notes, sizeof notes);
	assert_false(sh.found);
	assert_null(strstr(notes, "Host-wide shift"));
	shift_of(tiny, 6, &sh, notes, sizeof notes);
	assert_false(sh.found);
	shift_of(few, 6, &sh, notes, sizeof notes);
	assert_false(sh.found);
	assert_int_equal(sh.moved, 2);
	/* three of eight moved, the rest held within 2%: not the host */
	shift_of(part, 8, &sh, notes, sizeof notes);
	assert_int_equal(sh.moved, 3);
	assert_true(sh.p < COMPARE_ALPHA);
	assert_false(sh.found);
}

/* Tests of one group moving together are that group's, not the host's. */
static void
test_host_shift_needs_two_groups(void **state)
{
	static const char *const tests[] = { "dhry2", "dhry2reg", "int",
	    "long" };
	static const char *const unit[] = { "lps", "lps", "lps", "lps" };
	static const double	 base[] = { 3e7, 3e7, 1e8, 1e8 };
	static const double	 ones[] = { 1, 1, 1, 1 };
	static const double	 slow[] = { 0.85, 0.86, 0.87, 0.88 };
	struct run		 a, b;
	const struct run	*pa = &a, *pb = &b;
	struct compare_side	 sa = { &pa, 1, "old" }, sb = { &pb, 1, "new" };
	struct compare_opts	 o;
	struct bmdiff_line	*l;
	struct host_shift	 sh;
	size_t			 nl;

	(void)state;
	shift_run(&a, tests, unit, base, ones, 4);
	shift_run(&b, tests, unit, base, slow, 4);
	compare_opts_default(&o);
	nl = bmdiff_lines(&sa, &sb, &o, &l);
	shift_find(l, nl, &sh);
	assert_int_equal(sh.moved, 4);
	assert_int_equal(sh.groups, 1);
	assert_false(sh.found);
	free(l);
	run_free(&a);
	run_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed003_first_table),
		cmocka_unit_test(test_seed003_second_table),
		cmocka_unit_test(test_seed003_through_import),
		cmocka_unit_test(test_seed003_third_table),
		cmocka_unit_test(test_titles_from_the_run),
		cmocka_unit_test(test_direction),
		cmocka_unit_test(test_missing_and_versions),
		cmocka_unit_test(test_mismatch_warnings),
		cmocka_unit_test(test_verdicts_in_the_table),
		cmocka_unit_test(test_profile_and_repeats),
		cmocka_unit_test(test_alpha_reaches_verdict),
		cmocka_unit_test(test_min_effect_reaches_verdict),
		cmocka_unit_test(test_side_by_side_marks),
		cmocka_unit_test(test_side_by_side_tiny_ratio),
		cmocka_unit_test(test_80_columns),
		cmocka_unit_test(test_wrapped_title_reads_in_order),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_group_floors),
		cmocka_unit_test(test_idle_warnings_folded),
		cmocka_unit_test(test_host_shift_named),
		cmocka_unit_test(test_host_shift_not_noise),
		cmocka_unit_test(test_host_shift_needs_two_groups),
	};

	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
