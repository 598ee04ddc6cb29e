/*
 * The live run, one of the loop's jobs: the session's events land here
 * whichever screen is shown (ui_live_dispatch), updating the counters,
 * the current test's samples and the table of the tests finished so far,
 * then every screen hears of the event (ui_tell(): UI_EV_RUN).  Beginning
 * the run's session (src/core/session/session.c, as sysmark run does:
 * saved as it goes, saved when it ends) lives here; the loop (ui.c)
 * polls, steps and ends it through ui_live_job, never knowing a screen.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <poll.h>

#include "ui.h"
#include "ui_choice.h"
#include "ui_live.h"

/*
 * The table of the tests so far; once the run is over, with what every
 * test shared said once in its title (the results screen shows it).
 */
static void
ui_live_table(struct ui_live *l, int over)
{
	table_free(l->table);
	l->table = report_results(&l->run, 0);
	if (over)
		report_fold_samples(l->table);
}

/* Interleaved: the test's samples so far, from the run. */
static void
ui_live_bench_start(struct ui_live *l, const struct runner_event *ev)
{
	size_t	failed;

	l->bench = ev->bench;
	l->ncopy = ev->copies;
	free(l->values);
	l->nvalues = run_group_values(&l->run, &(struct run_group){
	    ev->bench->id, ev->copies }, &l->values, &failed);
}

static void
ui_live_sample(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = ui->live;

	/* A warm-up is saved, never counted. */
	if (ev->sample != RUN_WARMUP) {
		l->values = xreallocarray(l->values, l->nvalues + 1,
		    sizeof *l->values);
		l->values[l->nvalues++] = ev->rs->value;
	}
	/*
	 * Interleaved, a test is done only in the last round: show
	 * every test's running estimate (n, mean, interval) as each
	 * round adds to it, not ten minutes of nothing.
	 */
	if (l->plan.order == RUNNER_ORDER_INTERLEAVED &&
	    ev->sample != RUN_WARMUP)
		ui_live_table(l, 0);
	ui->dirty = 1;	/* a finished sample shows at once */
}

static void
ui_live_error(struct ui *ui, const struct runner_event *ev)
{
	snprintf(ui->live->error, sizeof ui->live->error,
	    "%s, sample %d %s: %s", ev->bench->id, ev->sample,
	    ev->type == RUNNER_EV_ERROR ? "failed" : "skipped", ev->msg);
	ui->dirty = 1;
}

static void
ui_live_progress(struct ui_live *l, const struct runner_event *ev)
{
	if (l->bench != NULL && ev->done > l->done)
		l->est_done += (double)(ev->done - l->done) *
		    plan_sample_estimate(l->bench, l->plan.duration);
	l->done = ev->done;
	l->total = ev->total;
}

static void
ui_live_finished(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = ui->live;

	l->cancelled = ev->cancelled;
	l->bench = NULL;
	l->have_run = 1;
}

/* Where the session saved the run, or why it could not. */
static void
ui_live_saved(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = ui->live;

	if (ev->type == SESSION_EV_SAVED) {
		snprintf(l->path, sizeof l->path, "%s", ev->msg);
		l->saved = 1;
		ui_message(ui, "%s %s", l->calibrate ?
		    "noise profile saved:" : "saved", ev->msg);
		return;
	}
	ui_message(ui, "%s", ev->msg);
}

void
ui_live_on_event(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = ui->live;

	switch (ev->type) {
	case RUNNER_EV_RUN_START:
		l->t_run = sm_now_ns();
		break;
	case RUNNER_EV_BENCH_START:
		ui_live_bench_start(l, ev);
		break;
	case RUNNER_EV_SAMPLE_START:
		l->sample = ev->sample;
		l->repeat = ev->repeat;
		l->t_sample = sm_now_ns();
		break;
	case RUNNER_EV_SAMPLE:
		ui_live_sample(ui, ev);
		break;
	case RUNNER_EV_BENCH_DONE:
		/* The table lists finished tests only, newest in view. */
		ui_live_table(l, 0);
		ui->dirty = 1;
		break;
	case RUNNER_EV_ERROR:
	case RUNNER_EV_SKIPPED:
		ui_live_error(ui, ev);
		break;
	case RUNNER_EV_PROGRESS:
		ui_live_progress(l, ev);
		break;
	case RUNNER_EV_FINISHED:
		ui_live_finished(ui, ev);
		break;
	case SESSION_EV_WARNING:
		ui_message(ui, "warning: %s", ev->msg);
		break;
	case SESSION_EV_SAVED:
	case SESSION_EV_NOT_SAVED:
		ui_live_saved(ui, ev);
		break;
	default:
		break;
	}
}

/* The runner's callback: the model first, then every screen. */
static void
ui_live_dispatch(const struct runner_event *ev, void *arg)
{
	struct ui	*ui = arg;

	ui_live_on_event(ui, ev);
	ui_tell(ui, &(struct ui_event){ .kind = UI_EV_RUN, .run = ev });
}

/* The live model emptied for a new run. */
void
ui_live_reset(struct ui *ui)
{
	struct ui_live	*l = ui->live;

	run_free(&l->run);
	table_free(l->table);
	l->table = NULL;
	l->have_run = l->saved = l->cancelled = 0;
	l->path[0] = l->error[0] = '\0';
	l->nvalues = l->done = 0;
	l->total = 1;
	l->bench = NULL;
}

/*
 * Begin the live plan in a session as c says (the console's own path
 * filled in); 0, or -1 with a message.
 */
int
ui_live_begin(struct ui *ui, const struct session_conf *c)
{
	struct ui_live		*l = ui->live;
	struct session_conf	 conf = *c;
	struct sm_error		 err;

	conf.self = ui->self[0] != '\0' ? ui->self : NULL;
	l->est_done = 0;
	l->est_total = plan_estimate(&l->plan);
	ui_tell(ui, &(struct ui_event){ .kind = UI_EV_RUN_BEGIN });
	l->session = session_begin(&l->plan, &conf, &l->run,
	    ui_live_dispatch, ui, &err);
	if (l->session == NULL) {
		ui_message(ui, "%s", err.msg);
		return -1;
	}
	return 0;
}

/*
 * A calibration's session: saved whole as the host's noise profile,
 * replacing the last one; 0, or -1 with a message.
 */
static int
ui_live_calibrate(struct ui *ui, struct session_conf *c, char *path,
    size_t len)
{
	struct sm_error	 err;

	if (noise_calibration(&ui->live->plan, ui->self[0] != '\0' ?
	    ui->self : NULL, 0, ui->choice->cal_gap, path, len, &err) != 0) {
		ui_message(ui, "noise profile: %s", err.msg);
		return -1;
	}
	c->kind = NOISE_KIND;
	c->out = path;
	c->force = 1;
	return 0;
}

/* Start what the select screen chose; 0, or -1 with a message. */
int
ui_live_start(struct ui *ui)
{
	struct ui_live		*l = ui->live;
	struct session_conf	 c;
	char			 path[PATH_MAX];

	if (ui_running(ui))
		return -1;
	plan_free(&l->plan);
	if (ui_choice_plan(ui, &l->plan) == 0) {
		ui_message(ui, "no test selected: Space selects one");
		return -1;
	}
	memset(&c, 0, sizeof c);
	if (l->calibrate && ui_live_calibrate(ui, &c, path, sizeof path) != 0)
		return -1;
	ui_live_reset(ui);
	return ui_live_begin(ui, &c);
}

/* ---- The job the loop drives ---- */

static int
ui_live_running(const struct ui *ui)
{
	return ui->live->session != NULL;
}

/* The runner's pipe. */
static size_t
ui_live_fds(struct ui *ui, struct pollfd *pfd, size_t max)
{
	if (!ui_live_running(ui) || max < 1)
		return 0;
	pfd->fd = session_fd(ui->live->session);
	pfd->events = POLLIN;
	pfd->revents = 0;
	return 1;
}

/* The session's next deadline (a sample's bound), or -1. */
static int
ui_live_timeout(const struct ui *ui)
{
	return ui_live_running(ui) ?
	    session_timeout_ms(ui->live->session) : -1;
}

/*
 * End the run's session (stopping the run if it goes on): its status
 * noted, saved, and the table of the run as it ended.
 */
static void
ui_live_end(struct ui *ui)
{
	struct ui_live	*l = ui->live;

	if (l->session == NULL)
		return;
	session_end(l->session);
	session_free(l->session);
	l->session = NULL;
	l->have_run = 1;
	l->bench = NULL;
	ui_live_table(l, 1);
	l->calibrate = 0;
	ui->dirty = 1;
}

/* Let the session handle what happened; end it once the run is over. */
static void
ui_live_step(struct ui *ui)
{
	if (ui_live_running(ui) && session_step(ui->live->session))
		ui_live_end(ui);
}

/* The screens' asks of the run going on: skip its current test. */
void
ui_live_skip(struct ui *ui)
{
	if (ui_live_running(ui))
		session_skip_test(ui->live->session);
}

/* Or stop it, its finished samples kept. */
void
ui_live_cancel(struct ui *ui)
{
	if (ui_live_running(ui))
		session_cancel(ui->live->session);
}

const struct ui_job ui_live_job = {
	.name = "run",
	.running = ui_live_running,
	.fds = ui_live_fds,
	.timeout_ms = ui_live_timeout,
	.step = ui_live_step,
	.end = ui_live_end,
};

/* The model, empty, when the console starts. */
void
ui_live_init(struct ui *ui)
{
	ui->live = xcalloc(1, sizeof *ui->live);
	run_init(&ui->live->run);
}

/* End a run that goes on (its samples kept) and free the model. */
void
ui_live_free(struct ui *ui)
{
	struct ui_live	*l = ui->live;

	if (l == NULL)
		return;
	ui_live_end(ui);
	table_free(l->table);
	l->table = NULL;
	free(l->values);
	l->values = NULL;
	plan_free(&l->plan);
	run_free(&l->run);
	free(l);
	ui->live = NULL;
}
