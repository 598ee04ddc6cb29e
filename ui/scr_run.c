/*
 * The run screen: it draws the live model (ui_live.c) of the run, its
 * progress, every sample, the spread (from stats_compute() and
 * stats_outliers()) and the finished tests (report_results()), and goes
 * to the results when the run ends.  The loop in ui.c redraws it at the
 * refresh rate, so the parent stays idle.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_live.h"
#include "ui_view.h"
#include "w.h"

/* The screen's own state (struct ui's run). */
struct scr_run {
	int	top;		/* the finished tests' first line in view */
	int	follow;		/* the newest finished test kept in view */
};

static const struct ui_key scr_run_help[] = {
	{ "S", "skip the current test (asks first); finished samples stay" },
	{ "A", "abort the whole run (asks first); finished samples stay" },
	{ "j k", "scroll the finished tests" },
	{ NULL, NULL }
};

/* A run begins (ui_live_begin()): its first finished test in view. */
static void
scr_run_restart(struct ui *ui)
{
	if (ui->run == NULL)
		return;
	ui->run->top = 0;
	ui->run->follow = 1;
}

/* A test finished: the newest in view, unless scrolled away from it. */
static void
scr_run_finished(struct ui *ui)
{
	if (ui->run != NULL && ui->run->follow)
		ui->run->top = INT_MAX / 2;
}

/* What the live run tells: a start, a test done, the end. */
static void
scr_run_on_event(struct ui *ui, const struct ui_event *ev)
{
	if (ev->kind == UI_EV_RUN_BEGIN)
		scr_run_restart(ui);
	if (ev->kind != UI_EV_RUN)
		return;
	/* The table lists finished tests only, newest in view. */
	if (ev->run->type == RUNNER_EV_BENCH_DONE)
		scr_run_finished(ui);
	/* Shown when the run ends: its results. */
	if (ev->run->type == RUNNER_EV_FINISHED && ui->scr_id == UI_SCR_RUN) {
		ui_view_live(ui);
		ui_switch(ui, UI_SCR_RESULTS);
	}
}

/* ---- Keys ---- */

static void
scr_run_skip_done(struct ui *ui, const char *answer)
{
	(void)answer;
	ui_live_skip(ui);
}

static void
scr_run_abort_done(struct ui *ui, const char *answer)
{
	(void)answer;
	ui_live_cancel(ui);
}

static int
scr_run_key(struct ui *ui, int c)
{
	switch (c) {
	case 'S':
		if (ui_running(ui))
			ui_ask(ui, 1, "Skip the rest of this test? (y/n)",
			    NULL, scr_run_skip_done);
		return 1;
	case 'A':
		if (ui_running(ui))
			ui_ask(ui, 1, "Abort the whole run? Finished samples "
			    "are kept. (y/n)", NULL, scr_run_abort_done);
		return 1;
	}
	return ui_scroll_key(c, &ui->run->top, NULL);
}

/* ---- Drawing ---- */

#define SCR_RUN_LABEL_W	34	/* the labels right of the two bars */

/* Seconds into the current sample, at most its expected length. */
static double
scr_run_in_sample(const struct ui_live *l)
{
	double	in, est;

	if (l->bench == NULL)
		return 0;
	in = (double)(sm_now_ns() - l->t_sample) / 1e9;
	est = plan_sample_estimate(l->bench, l->plan.duration);
	return in < est ? in : est;
}

/*
 * The sample bar counts down -d; a calibrated sample lasts one batch,
 * whatever the sample length, so it gets no bar.  The run bar counts
 * down the estimate of what is left, test by test
 * (plan_sample_estimate()).
 */
static void
scr_run_draw_progress(struct ui *ui, int y)
{
	struct ui_live	*l = ui->live;
	double		 in = scr_run_in_sample(l), left;
	char		 a[32], label[96];
	int		 w = COLS - 8;

	ui_puts(ui, y, 0, 8, UI_NATTR, "Sample");
	if (l->bench != NULL && l->bench->timing == BENCH_CALIBRATED)
		ui_printf(ui, y, 8, w, UI_NATTR, "median of 11 calibrated "
		    "batches, about %g s, whatever the sample length",
		    PLAN_CALIBRATED_S);
	else {
		ui_format_secs(l->plan.duration - in, a, sizeof a);
		snprintf(label, sizeof label, "%s left", a);
		w_progress_draw(ui, y, 8, w, SCR_RUN_LABEL_W,
		    in / l->plan.duration, label);
	}
	left = l->est_total - l->est_done - in;
	ui_format_secs(left, a, sizeof a);
	snprintf(label, sizeof label, "%s left, %zu of %zu sample%s", a,
	    l->done, l->total, l->total == 1 ? "" : "s");
	ui_puts(ui, y + 1, 0, 8, UI_NATTR, "Run");
	w_progress_draw(ui, y + 1, 8, w, SCR_RUN_LABEL_W,
	    l->est_total > 0 ? 1 - left / l->est_total : 0, label);
}

/* Every sample of the current test, newest last, on two lines. */
static void
scr_run_draw_samples(struct ui *ui, int y, const unsigned char *flag)
{
	struct ui_live	*l = ui->live;
	char		 v[64], cell[80];
	int		 x = 9, line = 0, w;
	size_t		 from = 0;

	ui_puts(ui, y, 0, 9, UI_NATTR, "Samples");
	if (l->nvalues == 0)
		ui_puts(ui, y, x, COLS - x, UI_NATTR, "(none yet)");
	/* Show the newest that fit: about (COLS - 9) / 16 per line. */
	if (l->nvalues > (size_t)(2 * ((COLS - 9) / 16)))
		from = l->nvalues - (size_t)(2 * ((COLS - 9) / 16));
	for (size_t i = from; i < l->nvalues; i++) {
		label_value(l->values[i], v, sizeof v);
		w = snprintf(cell, sizeof cell, "#%zu %s%s", i + 1, v,
		    flag[i] ? "!" : "");
		if (x + w > COLS && ++line < 2)
			x = 9;
		if (line >= 2)
			break;
		ui_puts(ui, y + line, x, w, flag[i] ? UI_A_MARK : UI_NATTR,
		    cell);
		x += w + 2;
	}
}

/* Mean and its 95% CI, CV, min, max and the sparkline with outliers. */
static void
scr_run_draw_spread(struct ui *ui, int y)
{
	struct ui_live	*l = ui->live;
	struct stats	 st;
	unsigned char	*flag = xcalloc(l->nvalues + 1, 1);
	char		 mean[64], lo[64], hi[64];
	size_t		 nout;

	stats_compute(l->values, l->nvalues, &st);
	nout = stats_outliers(l->values, l->nvalues, flag);
	scr_run_draw_samples(ui, y, flag);
	label_value(st.mean, mean, sizeof mean);
	label_value(st.min, lo, sizeof lo);
	label_value(st.max, hi, sizeof hi);
	if (st.n >= 2)
		ui_printf(ui, y + 2, 0, COLS, UI_NATTR, "Mean     %s %s   "
		    "95%% CI +/- %.1f%%   CV %.1f%%", mean, l->bench->unit,
		    100 * st.ci / fabs(st.mean), 100 * st.cv);
	else
		ui_printf(ui, y + 2, 0, COLS, UI_NATTR, "Mean     %s %s   "
		    "(the spread needs two samples)", mean, l->bench->unit);
	ui_printf(ui, y + 3, 0, COLS, UI_NATTR, "Range    min %s   max %s",
	    lo, hi);
	ui_printf(ui, y + 3, 44, COLS - 44, nout ? UI_A_MARK : UI_NATTR,
	    "outliers (marked !): %zu", nout);
	ui_puts(ui, y + 4, 0, 9, UI_NATTR, "Spread");
	w_sparkline_draw(ui, y + 4, 9, COLS - 40, l->values, l->nvalues,
	    flag, st.mean);
	ui_printf(ui, y + 4, COLS - 30, 30, UI_NATTR, "one step: %g%% of the "
	    "mean", 100 * W_SPARKLINE_STEP);
	free(flag);
}

/*
 * Where the run is: with interleaved rounds every test takes its k-th
 * sample in round k (round 0 is the warm-up), so the round is what tells
 * how far the run has come; in grouped order it is the test's sample.
 */
static void
scr_run_where(const struct ui_live *l, char *buf, size_t len)
{
	int	n = 0;

	if (l->plan.repeats > 1)
		n = snprintf(buf, len, "repeat %d of %d, ", l->repeat,
		    l->plan.repeats);
	if (n < 0 || (size_t)n >= len)
		return;
	if (l->plan.order != RUNNER_ORDER_INTERLEAVED)
		snprintf(buf + n, len - (size_t)n, "sample %d of %d",
		    l->sample, l->plan.samples);
	else if (l->sample == RUN_WARMUP)
		snprintf(buf + n, len - (size_t)n, "warm-up round");
	else
		snprintf(buf + n, len - (size_t)n, "round %d of %d",
		    l->sample, l->plan.samples);
}

static void
scr_run_draw_current(struct ui *ui)
{
	struct ui_live	*l = ui->live;
	char		 each[48], where[64], title[256];

	if (l->bench == NULL) {
		ui_puts(ui, 2, 0, COLS, UI_NATTR, "Starting...");
		return;
	}
	/* "File Read (10 seconds)" says the length the samples run. */
	label_title_secs(l->bench->title, l->bench->timing ==
	    BENCH_CALIBRATED ? 0 : l->plan.duration, title, sizeof title);
	if (l->bench->timing == BENCH_CALIBRATED)
		snprintf(each, sizeof each, "calibrated");
	else
		snprintf(each, sizeof each, "%g s each", l->plan.duration);
	scr_run_where(l, where, sizeof where);
	if (l->plan.order == RUNNER_ORDER_INTERLEAVED)
		ui_printf(ui, 2, 0, COLS, UI_A_TITLE, "%s: %s (%s), %d %s, %s",
		    where, title, l->bench->id, l->ncopy,
		    l->ncopy == 1 ? "copy" : "copies", each);
	else
		ui_printf(ui, 2, 0, COLS, UI_A_TITLE, "%s (%s), %d %s: %s, "
		    "%s", title, l->bench->id, l->ncopy,
		    l->ncopy == 1 ? "copy" : "copies", where, each);
	scr_run_draw_progress(ui, 3);
	scr_run_draw_spread(ui, 5);
}

/* The finished tests, the newest in view unless scrolled away. */
static void
scr_run_draw_finished(struct ui *ui)
{
	struct scr_run	*s = ui->run;
	struct ui_live	*l = ui->live;
	struct ui_rect	 r = ui_body();
	int		 n, bottom;

	r.y = 12;
	r.h = LINES - 1 - r.y;
	n = l->table != NULL ? w_table_lines(l->table, r.w) : 0;
	bottom = ui_scroll(INT_MAX / 2, 0, n, r.h);
	s->top = ui_scroll(s->top, 0, n, r.h);
	s->follow = s->top == bottom;
	ui_hline(ui, 11, 0, COLS);
	/* Interleaved, the rows are estimates that each round refines. */
	ui_printf(ui, 11, 2, COLS - 4, UI_A_SECTION, " %s%s%s ",
	    l->plan.order == RUNNER_ORDER_INTERLEAVED && ui_running(ui) ?
	    "Finished so far: estimates, each round adds a sample" :
	    "Finished so far",
	    s->top > 0 ? ", more above" : "",
	    s->top < bottom ? ", more below" : "");
	if (l->table != NULL)
		w_table_draw(ui, l->table, r, s->top, 0, -1, W_TABLE_KEYS);
	else
		ui_puts(ui, r.y, 0, COLS, UI_NATTR, "(no test finished yet)");
}

static void
scr_run_draw(struct ui *ui)
{
	struct ui_live	*l = ui->live;
	char		 el[32];

	ui_format_secs((double)(sm_now_ns() - l->t_run) / 1e9, el, sizeof el);
	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- %s",
	    ui_running(ui) ? "running" : "run over");
	/* Plain, so that the clock ticking sends no color changes. */
	ui_printf(ui, 0, 20, COLS - 20, UI_NATTR, "(elapsed %s, %.1f "
	    "updates/s)", el, 1000.0 / ui->refresh_ms);
	ui_hline(ui, 1, 0, COLS);
	scr_run_draw_current(ui);
	if (l->error[0] != '\0')
		ui_printf(ui, 10, 0, COLS, UI_A_WARN, "%s", l->error);
	scr_run_draw_finished(ui);
}

static void
scr_run_init(struct ui *ui)
{
	ui->run = xcalloc(1, sizeof *ui->run);
}

static void
scr_run_free(struct ui *ui)
{
	free(ui->run);
	ui->run = NULL;
}

const struct ui_screen scr_run = {
	.name = "Run",
	.status = "S:skip test  A:abort run  j/k:scroll  +/-:updates/s  "
	    "?:help  q:quit",
	.help = scr_run_help,
	.key = scr_run_key,
	.on_event = scr_run_on_event,
	.draw = scr_run_draw,
	.init = scr_run_init,
	.free = scr_run_free,
};
