/*
 * report.c and table.c: a saved run's results and statistics tables, in
 * text, CSV and Markdown, against golden files checked by hand (fixture
 * tests/data/run_small.csv: syscall 2,4,4,4,5,5,7,9 thousand lps gives
 * mean 5000, median 4500, sd 1000*sqrt(32/7) = 2138.1, CV 42.8%, CI
 * 2.3646 * 2138.1 / sqrt(8) = 35.7%), then the renderers' own rules:
 * alignment, sections, quoting and escaping.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"
#include "../../src/core/core.h"

/* What `sysmark show -s` prints: results, a blank line, statistics. */
static char *
render_report(const struct run *run, enum table_format fmt)
{
	struct table	*a = report_results(run, 1), *b = report_stats(run);
	char		*x = tu_render(a, fmt), *y = tu_render(b, fmt), *out;

	out = malloc(strlen(x) + strlen(y) + 2);
	assert_non_null(out);
	sprintf(out, "%s\n%s", x, y);
	free(x);
	free(y);
	table_free(a);
	table_free(b);
	return out;
}

static void
test_golden_files(void **state)
{
	static const struct {
		enum table_format	 fmt;
		const char		*golden;
	} g[] = {
		{ TABLE_TEXT, "tests/data/report_small.txt" },
		{ TABLE_CSV, "tests/data/report_small.csv" },
		{ TABLE_MD, "tests/data/report_small.md" },
	};
	struct run	 run;
	struct sm_error	 err;
	char		*got, *want;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load(&run, "tests/data/run_small.csv",
	    &err), 0);
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
		got = render_report(&run, g[i].fmt);
		want = tu_slurp(g[i].golden);
		assert_string_equal(got, want);
		free(got);
		free(want);
	}
	run_free(&run);
}

static void
test_groups_and_values(void **state)
{
	struct run		 run;
	struct sm_error		 err;
	struct run_group	*g;
	double			*v;
	size_t			 n, failed;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load(&run, "tests/data/run_small.csv",
	    &err), 0);
	assert_int_equal(run_groups(&run, &g), 3);
	assert_string_equal(g[1].test, "pipe");
	assert_int_equal(g[1].copies, 2);
	n = run_group_values(&run, &g[1], &v, &failed);
	assert_int_equal(n, 2);
	assert_int_equal(failed, 1);
	assert_near(v[0] + v[1], 182.5, 1e-9);
	assert_true(run_failed(&run));
	free(v);
	free(g);
	run_free(&run);
}

static struct table *
small_table(void)
{
	struct table	*t = table_new("Title");
	size_t		 r;

	table_add_col(t, "NAME", TABLE_LEFT);
	table_add_col(t, "N", TABLE_RIGHT);
	table_add_section(t, "Group A");
	r = table_add_row(t);
	table_set(t, r, 0, "a|b, \"c\"");
	table_set(t, r, 1, "%d", 7);
	r = table_add_row(t);
	table_set(t, r, 0, "long name here");
	table_set(t, r, 1, "%d", 12345);
	table_add_note(t, "note %d", 1);
	return t;
}

static void
test_text_alignment_and_sections(void **state)
{
	struct table	*t = small_table();
	char		*s = tu_render(t, TABLE_TEXT);

	(void)state;
	assert_string_equal(s,
	    "Title\n\n"
	    "NAME                N\n"
	    "Group A\n"
	    "a|b, \"c\"            7\n"
	    "long name here  12345\n"
	    "\nnote 1\n");
	assert_int_equal(table_col_width(t, 0), 14);
	free(s);
	table_free(t);
}

static void
test_csv_quotes_and_md_escapes(void **state)
{
	struct table	*t = small_table();
	char		*c = tu_render(t, TABLE_CSV), *m = tu_render(t, TABLE_MD);

	(void)state;
	assert_string_equal(c, "NAME,N\nGroup A,\n\"a|b, \"\"c\"\"\",7\n"
	    "long name here,12345\n");
	assert_non_null(strstr(m, "| a\\|b, \"c\" | 7 |\n"));
	assert_non_null(strstr(m, "| **Group A** |  |\n"));
	assert_non_null(strstr(m, "| :--- | ---: |\n"));
	free(c);
	free(m);
	table_free(t);
}

/* Too wide even with its names wrapped: panels, each repeating NAME. */
static void
test_wide_table_in_panels(void **state)
{
	struct table	*t = table_new(NULL);
	size_t		 r;
	char		*s;

	(void)state;
	table_add_col(t, "NAME", TABLE_LEFT);
	for (int c = 0; c < 4; c++) {
		char	h[32];

		snprintf(h, sizeof h, "COLUMN-%d", c);
		table_add_col(t, h, TABLE_RIGHT);
	}
	r = table_add_row(t);
	table_set(t, r, 0, "a-long-host-name");
	for (int c = 0; c < 4; c++)
		table_set(t, r, 1 + (size_t)c, "%d", c * 1000);
	table_fit(t, 40, 0);
	s = tu_render(t, TABLE_TEXT);
	assert_string_equal(s,
	    "NAME              COLUMN-0  COLUMN-1\n"
	    "a-long-host-name         0      1000\n"
	    "\n"
	    "NAME              COLUMN-2  COLUMN-3\n"
	    "a-long-host-name      2000      3000\n");
	free(s);
	table_free(t);
}

static void
test_format_names_and_values(void **state)
{
	enum table_format	f;
	char			buf[32];

	(void)state;
	assert_int_equal(table_format_parse("md", &f), 0);
	assert_int_equal(f, TABLE_MD);
	assert_int_equal(table_format_parse("csv", &f), 0);
	assert_int_equal(f, TABLE_CSV);
	assert_int_equal(table_format_parse("html", &f), -1);
	label_value(2345678.94, buf, sizeof buf);
	assert_string_equal(buf, "2345678.9");
	label_value(12345678.94, buf, sizeof buf);	/* no ninth digit */
	assert_string_equal(buf, "12345679");
	label_value(-123456789.4, buf, sizeof buf);
	assert_string_equal(buf, "-123456789");
	label_value(0.0123456, buf, sizeof buf);
	assert_string_equal(buf, "0.01235");
	label_value(1.35, buf, sizeof buf);
	assert_string_equal(buf, "1.35");
	label_value(51.6, buf, sizeof buf);
	assert_string_equal(buf, "51.6");
	label_value(4, buf, sizeof buf);
	assert_string_equal(buf, "4.0");
	label_value(NAN, buf, sizeof buf);
	assert_string_equal(buf, "-");
	assert_string_equal(label_title("syscall"), "System Call Overhead");
	assert_string_equal(label_title("not_a_test"), "not_a_test");
}

/* The row whose key is key, or fail. */
static size_t
key_row(const struct table *t, const char *key)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (t->rows[r].key != NULL && strcmp(t->rows[r].key, key) == 0)
			return r;
	fail_msg("no row %s", key);
	return 0;
}

/*
 * A title naming its sample's length (BYTE's "File Read (10 seconds)")
 * says the length the samples ran, or none where runs differ; other
 * titles and an unrecorded length leave it as it is.
 */
static void
test_title_says_sample_length(void **state)
{
	static const double	 v[2] = { 1000, 1100 };
	struct run		 run, other;
	const struct run	*both[2] = { &run, &other };
	const char		*names[2] = { "a", "b" };
	struct table		*t;
	char			 buf[128];

	(void)state;
	label_title_secs("File Read (10 seconds)", 1, buf, sizeof buf);
	assert_string_equal(buf, "File Read (1 second)");
	label_title_secs("File Read (10 seconds)", 0.5, buf, sizeof buf);
	assert_string_equal(buf, "File Read (0.5 seconds)");
	label_title_secs("File Read (10 seconds)", 10, buf, sizeof buf);
	assert_string_equal(buf, "File Read (10 seconds)");
	label_title_secs("File Read (10 seconds)", 0, buf, sizeof buf);
	assert_string_equal(buf, "File Read (10 seconds)");
	label_title_secs("File Read (10 seconds)", -1, buf, sizeof buf);
	assert_string_equal(buf, "File Read");
	label_title_secs("Shell scripts (8 concurrent)", 1, buf, sizeof buf);
	assert_string_equal(buf, "Shell scripts (8 concurrent)");
	label_title_secs("(10 seconds)", 1, buf, sizeof buf);
	assert_string_equal(buf, "(10 seconds)");

	run_init(&run);
	tu_add_samples(&run, "fsread", registry_find("fsread")->version,
	    "KBps", v, 2);
	for (size_t i = 0; i < run.nsamples; i++)
		run.samples[i].duration = 1;
	t = report_results(&run, 1);
	assert_string_equal(t->rows[key_row(t, "fsread")].cells[0],
	    "File Read (1 second)");
	table_free(t);
	/* Compared with a run of 10 s samples: the lengths differ. */
	run_init(&other);
	tu_add_samples(&other, "fsread", registry_find("fsread")->version,
	    "KBps", v, 2);
	for (size_t i = 0; i < other.nsamples; i++)
		other.samples[i].duration = 10;
	t = compare_side_by_side(both, names, 2);
	assert_string_equal(t->rows[key_row(t, "fsread")].cells[0],
	    "File Read");
	table_free(t);
	run_free(&run);
	run_free(&other);
}

static size_t
catalog_size(void)
{
	size_t	n = 0;

	while (registry_all[n] != NULL)
		n++;
	return n;
}

/*
 * Every test in the catalog at copies, five samples of half a second, at
 * the widest figures a real run gives: nine digits (4 copies of dhry2reg
 * on a 2-CPU VM make 1e8 lps), an interval and a CV over 100%, and the
 * first test flagged "O1 U B G" (an outlier, copies' rates apart, a busy
 * machine, a resumed run's gap): wider than its column's header.
 */
static void
catalog_run(struct run *run, int copies)
{
	static const double	v[5] = { 1, 1.01, 0.99, 1, 1.01 };

	for (size_t k = 0; registry_all[k] != NULL; k++)
		for (size_t i = 0; i < 5; i++) {
			struct run_sample	*s = run_add_sample(run);

			snprintf(s->test, sizeof s->test, "%s",
			    registry_all[k]->id);
			snprintf(s->unit, sizeof s->unit, "%s",
			    registry_all[k]->unit);
			s->version = registry_all[k]->version;
			s->copies = copies;
			s->index = (int)i + 1;
			/* As the runner records it: -d is no calibrated
			 * test's sample length. */
			s->duration = registry_all[k]->timing ==
			    BENCH_CALIBRATED ? 0 : 0.5;
			s->value = 123456789 * (i == 4 ? 10 : v[i]);
			s->status = RUN_OK;
			if (k != 0)
				continue;
			s->busy = 1;
			s->session = i < 2 ? 1 : 2;
			s->per_copy = xcalloc((size_t)copies,
			    sizeof *s->per_copy);
			for (int c = 0; c < copies; c++)
				s->per_copy[c] = s->value / copies *
				    (c == 0 ? 1.5 : 1);
		}
}

/* The first test's flags, as the model holds them. */
static const char *
catalog_flags(const struct table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!t->rows[r].section)
			return t->rows[r].cells[t->ncols - 1];
	return "";
}

/*
 * The table `sysmark run` prints, for the whole catalog at 1 and at 4
 * copies, with the FLAGS column: the SAMPLES and copies every row shares
 * are said once above the table, and every title (checked from the model, not
 * from the wrapped text) sits whole on one line of at most 80 columns.
 */
static void
test_catalog_titles_keep_one_line(void **state)
{
	static const int	 copies[] = { 1, 4 };
	struct run		 run;
	struct table		*t;
	char			*text, *line, *save;
	size_t			 rows;

	(void)state;
	for (size_t c = 0; c < 2; c++) {
		run_init(&run);
		catalog_run(&run, copies[c]);
		t = report_results(&run, 1);
		assert_non_null(strstr(t->cols[t->ncols - 1].header, "FLAGS"));
		report_fold_samples(t);
		for (size_t i = 0; i < t->ncols; i++)
			assert_string_not_equal(t->cols[i].header, "SAMPLES");
		assert_non_null(strstr(t->title, copies[c] == 1 ?
		    "Every test: (0.5 secs, 5 samples); calibrated: "
		    "(5 samples)" :
		    "Every test: 4 copies at once, (0.5 secs, 5 samples); "
		    "calibrated: (5 samples)"));
		assert_string_equal(catalog_flags(t), copies[c] == 1 ?
		    "O1 B G" : "O1 U B G");
		text = tu_render(t, TABLE_TEXT);
		if (copies[c] == 4)	/* shown once, not on each title */
			assert_null(strstr(text, "copies)"));
		rows = 0;
		for (size_t r = 0; r < t->nrows; r++) {
			if (t->rows[r].section)
				continue;
			/* Whole on one line: a wrap would split it. */
			if (strstr(text, t->rows[r].cells[0]) == NULL)
				fail_msg("%d copies: \"%s\" is not on one "
				    "line:\n%s", copies[c],
				    t->rows[r].cells[0], text);
			rows++;
		}
		assert_int_equal(rows, catalog_size());
		for (line = strtok_r(text, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save))
			if (strlen(line) > 80)
				fail_msg("wider than 80: \"%s\"", line);
		free(text);
		table_free(t);
		run_free(&run);
	}
}

/* A run whose tests differ in SAMPLES keeps the column. */
static void
test_differing_samples_keep_column(void **state)
{
	struct run	 run;
	struct table	*t;
	size_t		 ncols;

	(void)state;
	run_init(&run);
	catalog_run(&run, 1);
	run.samples[0].status = RUN_FAILED;
	run_sample_reason(&run.samples[0], "broke");
	t = report_results(&run, 1);
	ncols = t->ncols;
	report_fold_samples(t);
	assert_int_equal(t->ncols, ncols);
	assert_null(strstr(t->title, "Every test"));
	table_free(t);
	run_free(&run);
}

/* The RESULT cell of test's row in t, or NULL. */
static const char *
result_of(const struct table *t, const char *id)
{
	for (size_t r = 0; r < t->nrows; r++)
		if (!t->rows[r].section && t->rows[r].key != NULL &&
		    strcmp(t->rows[r].key, id) == 0)
			return t->rows[r].cells[1];
	for (size_t r = 0; r < t->nrows; r++)
		if (!t->rows[r].section && strstr(t->rows[r].cells[0],
		    label_title(id)) != NULL)
			return t->rows[r].cells[1];
	return NULL;
}

/*
 * SKIPPED only when the runner said so (a sample with that status); a
 * test with nothing but its warm-up so far, as a run's first round
 * leaves it, is "warm-up only", never SKIPPED mid-run.
 */
static void
test_warmup_only_not_skipped(void **state)
{
	struct run		 run;
	struct run_sample	*s;
	struct table		*t;
	const char		*ids[3] = { "syscall", "context1", "pipe" };
	const char		*got;

	(void)state;
	run_init(&run);
	for (int i = 0; i < 3; i++) {
		s = run_add_sample(&run);
		snprintf(s->test, sizeof s->test, "%s", ids[i]);
		snprintf(s->unit, sizeof s->unit, "lps");
		s->copies = 1;
		s->index = i == 1 ? 1 : RUN_WARMUP;
		s->duration = 1;
		s->value = 1000;
		s->status = i == 1 ? RUN_SKIPPED : RUN_OK;
		if (i == 1)
			run_sample_reason(s, "needs a compiler");
	}
	t = report_results(&run, 0);
	got = result_of(t, "syscall");
	assert_non_null(got);
	assert_string_equal(got, "warm-up only");
	got = result_of(t, "context1");
	assert_non_null(got);
	assert_string_equal(got, "SKIPPED");
	table_free(t);
	run_free(&run);
}

/* The note of t that begins with text, or NULL. */
static const char *
note_of(const struct table *t, const char *text)
{
	for (size_t i = 0; i < t->nnotes; i++)
		if (strncmp(t->notes[i], text, strlen(text)) == 0)
			return t->notes[i];
	return NULL;
}

/*
 * Commands end with hyperfine's summary: the fastest named, each other
 * against it, nearest first, the ratio of the means +/- the 95% interval
 * of the ratio.  The samples' spread is 8.2% of each mean, so each mean's
 * relative variance is 0.0816^2 / 4 and the ratio's half-width is
 * ratio x t(0.975, 6) x sqrt(2 x that): 0.28 at 2, 0.57 at 4 (by hand).
 * A catalog test beside them, and one command alone, give no summary.
 */
static void
test_relative_summary(void **state)
{
	static const double	 base[] = { 1.0, 1.1, 0.9, 1.0 };
	static const char *const ids[] = { "slow", "fast", "mid" };
	static const double	 scale[] = { 4, 1, 2 };
	double			 v[4];
	struct run		 run;
	struct table		*t;
	char			 key[64];

	(void)state;
	run_init(&run);
	tu_add_samples(&run, "syscall", 1, "lps", base, 4);
	for (size_t k = 0; k < 3; k++) {
		for (size_t i = 0; i < 4; i++)
			v[i] = base[i] * scale[k];
		tu_add_samples(&run, ids[k], 1, "s", v, 4);
		snprintf(key, sizeof key, "command_shell.%s", ids[k]);
		run_meta_set(&run, key, "no shell");
	}
	t = report_results(&run, 1);
	assert_non_null(note_of(t, "Summary (the ratio of the means, +/- its "
	    "95% interval): fast ran"));
	assert_non_null(note_of(t, "  2.00 +/- 0.28 times faster than mid"));
	assert_non_null(note_of(t, "  4.00 +/- 0.57 times faster than slow"));
	assert_null(note_of(t, "  1.00"));
	table_free(t);
	run_free(&run);
	run_init(&run);
	tu_add_samples(&run, "fast", 1, "s", base, 4);
	run_meta_set(&run, "command_shell.fast", "no shell");
	t = report_results(&run, 1);
	assert_null(note_of(t, "Summary"));
	table_free(t);
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_files),
		cmocka_unit_test(test_groups_and_values),
		cmocka_unit_test(test_text_alignment_and_sections),
		cmocka_unit_test(test_csv_quotes_and_md_escapes),
		cmocka_unit_test(test_wide_table_in_panels),
		cmocka_unit_test(test_format_names_and_values),
		cmocka_unit_test(test_catalog_titles_keep_one_line),
		cmocka_unit_test(test_differing_samples_keep_column),
		cmocka_unit_test(test_warmup_only_not_skipped),
		cmocka_unit_test(test_relative_summary),
		cmocka_unit_test(test_title_says_sample_length),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
