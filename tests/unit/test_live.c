/*
 * ui_live.c, the console's model of the run in flight, fed the runner's
 * events by hand (no terminal, no live measurement): in an interleaved
 * run the run screen's table holds every test's running estimate (n,
 * mean, interval) from the first round on, not only after the last; run
 * grouped, it lists finished tests only.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"
#include "../../ui/ui.h"
#include "../../ui/ui_live.h"
#include "../../ui/w.h"

static const char *const live_tests[2] = { "syscall", "pipe" };

/* Round k of an interleaved run: one sample of each test, as run.c
 * would hold it, and the event the runner sends for it. */
static void
live_round(struct ui *ui, int k, const double *v)
{
	for (size_t i = 0; i < 2; i++) {
		struct run_sample	*s = run_add_sample(&ui->live->run);
		struct runner_event	 ev;

		snprintf(s->test, sizeof s->test, "%s", live_tests[i]);
		snprintf(s->unit, sizeof s->unit, "lps");
		s->version = registry_find(live_tests[i])->version;
		s->copies = 1;
		s->index = k;
		s->duration = 1;
		s->value = v[i];
		s->status = RUN_OK;
		memset(&ev, 0, sizeof ev);
		ev.type = RUNNER_EV_SAMPLE;
		ev.bench = registry_find(live_tests[i]);
		ev.copies = 1;
		ev.sample = k;
		ev.rs = s;
		ui_live_on_event(ui, &ev);
	}
}

/* The table's row for test, or fail. */
static const struct table_row *
live_row(const struct table *t, const char *test)
{
	const char	*title = registry_find(test)->title;

	assert_non_null(t);
	for (size_t r = 0; r < t->nrows; r++)
		if (!t->rows[r].section &&
		    strcmp(t->rows[r].cells[0], title) == 0)
			return &t->rows[r];
	fail_msg("no row for %s", title);
	return NULL;
}

static size_t
live_col(const struct table *t, const char *header)
{
	assert_non_null(t);
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].header, header) == 0)
			return c;
	fail_msg("no column %s", header);
	return 0;
}

static void
live_init(struct ui *ui, enum runner_order order)
{
	memset(ui, 0, sizeof *ui);
	ui_live_init(ui);
	run_meta_set(&ui->live->run, "order", order == RUNNER_ORDER_GROUPED ?
	    "grouped" : "interleaved");
	ui->live->plan.order = order;
}

static void
live_free(struct ui *ui)
{
	ui_live_free(ui);
}

static void
test_interleaved_estimates_each_round(void **state)
{
	static const double	r1[2] = { 1000, 50 }, r2[2] = { 3000, 70 };
	static const double	r3[2] = { 2000, 60 };
	struct ui		ui;
	const struct table_row	*row;
	size_t			 res, smp, ci;

	(void)state;
	live_init(&ui, RUNNER_ORDER_INTERLEAVED);
	live_round(&ui, 1, r1);
	/* After the first round: both tests, n = 1, no interval yet. */
	res = live_col(ui.live->table, "RESULT");
	smp = live_col(ui.live->table, "SAMPLES");
	ci = live_col(ui.live->table, "+/- CI");
	row = live_row(ui.live->table, "syscall");
	assert_string_equal(row->cells[res], "1000.0");
	assert_string_equal(row->cells[smp], "(1 sec, 1 sample)");
	assert_string_equal(row->cells[ci], "");
	row = live_row(ui.live->table, "pipe");
	assert_string_equal(row->cells[res], "50.0");
	/* Two rounds: the mean of two and its interval. */
	live_round(&ui, 2, r2);
	row = live_row(ui.live->table, "syscall");
	assert_string_equal(row->cells[res], "2000.0");
	assert_string_equal(row->cells[smp], "(1 sec, 2 samples)");
	assert_string_not_equal(row->cells[ci], "");
	/* Three: mean 2000, sd 1000, t(2) 4.3027 / sqrt(3) of it: 124.2%. */
	live_round(&ui, 3, r3);
	row = live_row(ui.live->table, "syscall");
	assert_string_equal(row->cells[smp], "(1 sec, 3 samples)");
	assert_string_equal(row->cells[ci], "124.2%");
	row = live_row(ui.live->table, "pipe");
	assert_string_equal(row->cells[res], "60.0");
	assert_true(ui.dirty);
	live_free(&ui);
}

/* Grouped, a test's row waits for its BENCH_DONE, as before. */
static void
test_grouped_lists_finished_only(void **state)
{
	static const double	r1[2] = { 1000, 50 };
	struct ui		ui;

	(void)state;
	live_init(&ui, RUNNER_ORDER_GROUPED);
	live_round(&ui, 1, r1);
	assert_null(ui.live->table);
	live_free(&ui);
}

/* A warm-up sample is shown but counts in no estimate. */
static void
test_warmup_counts_in_no_estimate(void **state)
{
	static const double	w[2] = { 9999, 9999 };
	struct ui		ui;

	(void)state;
	live_init(&ui, RUNNER_ORDER_INTERLEAVED);
	live_round(&ui, RUN_WARMUP, w);
	assert_null(ui.live->table);
	live_free(&ui);
}

/*
 * A table whose columns after the first are alone wider than the screen
 * (a compare of several runs, wide ratio cells): the test column keeps
 * its narrowest width, and the table scrolls by what it overflows.  The
 * width was once taken as (size_t) of a negative int, so the first
 * column became huge and drawing a line overran its buffer.
 */
static void
test_table_wider_than_screen(void **state)
{
	struct table	*t = table_new(NULL);
	size_t		 row;

	(void)state;
	table_add_col(t, "TEST", TABLE_LEFT);
	for (int c = 0; c < 6; c++)
		table_add_col(t, "RATIO", TABLE_RIGHT);
	row = table_add_row(t);
	table_set(t, row, 0, "a test with a long title");
	for (size_t c = 1; c < 7; c++)
		table_set(t, row, c, "1.00 ~<2366660%%");
	/* 6 columns of 15 and their gaps: 102, past 80 without the first. */
	assert_int_equal(w_table_max_left(t, 80), 102 + 16 - 80);
	table_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_wider_than_screen),
		cmocka_unit_test(test_interleaved_estimates_each_round),
		cmocka_unit_test(test_grouped_lists_finished_only),
		cmocka_unit_test(test_warmup_counts_in_no_estimate),
	};

	return cmocka_run_group_tests_name("live", tests, NULL, NULL);
}
