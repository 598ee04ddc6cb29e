/*
 * The live model of the run: the runner's events land here whichever
 * screen is shown (ui_live_dispatch), updating the counters, the current
 * test's samples and the table of the tests finished so far, then the
 * shown screen sees the event too.  Starting, stepping and stopping the
 * runner live here, so the loop (ui.c) and the screens share this file
 * instead of depending on one another.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

/*
 * A resumed run is saved into its file as it goes, and for good as it
 * ends (final), as sysmark run --resume does.
 */
static void
ui_live_keep(struct ui *ui, int final)
{
	struct ui_live	*l = &ui->live;
	struct sm_error	 err;

	if (!l->journaling)
		return;
	if (!final) {
		if (journal_write(&l->journal, &l->run, 0) != 0)
			ui_message(ui, "not saved as it goes: %s",
			    l->journal.err.msg);
		return;
	}
	l->journaling = 0;
	if (csvstore_save(&l->run, l->journal.path, 1, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	snprintf(l->path, sizeof l->path, "%s", l->journal.path);
	l->saved = 1;
	ui_message(ui, "saved %s", l->path);
}

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

/* A calibration run replaces the host's noise profile as it ends. */
static void
ui_live_save_profile(struct ui *ui)
{
	struct sm_error	 err;
	char		 path[PATH_MAX];
	const char	*host = run_meta_get(&ui->live.run, "hostname");

	if (noise_path(ui->self[0] != '\0' ? ui->self : NULL, host, path,
	    sizeof path, &err) != 0 ||
	    csvstore_save(&ui->live.run, path, 1, &err) != 0) {
		ui_message(ui, "noise profile not saved: %s", err.msg);
		return;
	}
	snprintf(ui->live.path, sizeof ui->live.path, "%s", path);
	ui->live.saved = 1;
	ui_message(ui, "noise profile saved: %s", path);
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
	struct ui_live	*l = &ui->live;

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
	ui_live_keep(ui, 0);
	ui->dirty = 1;	/* a finished sample shows at once */
}

static void
ui_live_error(struct ui *ui, const struct runner_event *ev)
{
	snprintf(ui->live.error, sizeof ui->live.error,
	    "%s, sample %d %s: %s", ev->bench->id, ev->sample,
	    ev->type == RUNNER_EV_ERROR ? "failed" : "skipped", ev->msg);
	ui_live_keep(ui, 0);
	ui->dirty = 1;
}

static void
ui_live_progress(struct ui_live *l, const struct runner_event *ev)
{
	if (l->bench != NULL && ev->done > l->done)
		l->est_done += (double)(ev->done - l->done) *
		    runner_sample_estimate(l->bench, l->plan.duration);
	l->done = ev->done;
	l->total = ev->total;
}

static void
ui_live_finished(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = &ui->live;
	char		 msg[400];

	l->cancelled = ev->cancelled;
	l->bench = NULL;
	l->have_run = 1;
	runner_note_plan(&l->plan, &l->run, ev->cancelled);
	if (cpufreq_warn_moved(&l->run, msg, sizeof msg))
		ui_message(ui, "%s", msg);
	ui_live_table(l, 1);
	if (l->calibrate && !ev->cancelled)
		ui_live_save_profile(ui);
	ui_live_keep(ui, 1);
	l->calibrate = 0;
}

void
ui_live_on_event(struct ui *ui, const struct runner_event *ev)
{
	struct ui_live	*l = &ui->live;

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
		scr_run_finished(ui);
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
	default:
		break;
	}
}

/* The runner's callback: the model first, then the screen shown. */
static void
ui_live_dispatch(const struct runner_event *ev, void *arg)
{
	struct ui	*ui = arg;

	ui_live_on_event(ui, ev);
	if (ui->scr->on_event != NULL)
		ui->scr->on_event(ui, ev);
}

/* A fresh run in the live model, with the system's facts. */
void
ui_live_reset(struct ui *ui)
{
	struct ui_live	*l = &ui->live;

	run_free(&l->run);
	sysinfo_collect(&l->run);
	if (l->calibrate) {
		noise_plan(&l->plan, NOISE_REPEATS, ui->choice.cal_gap);
		run_meta_set(&l->run, "kind", "noise-profile");
	}
	table_free(l->table);
	l->table = NULL;
	l->have_run = l->saved = l->cancelled = l->journaling = 0;
	for (size_t i = 0; i < 3; i++) {
		free(l->hook[i]);
		l->hook[i] = NULL;
	}
	l->path[0] = l->error[0] = '\0';
	l->nvalues = l->done = 0;
	l->total = 1;
	l->bench = NULL;
}

/* Start the live plan; 0, or -1 with a message. */
int
ui_live_begin(struct ui *ui)
{
	struct ui_live	*l = &ui->live;
	struct sm_error	 err;

	l->est_done = 0;
	l->est_total = runner_estimate(&l->plan);
	/* So that, saved interrupted, it can be resumed (resume.c). */
	if (!l->plan.resume) {
		runner_note_plan(&l->plan, &l->run, 1);
		resume_note_plan(&l->plan, &l->run, NULL);
	}
	scr_run_restart(ui);
	l->runner = runner_start(&l->plan, &l->run, ui_live_dispatch, ui,
	    &err);
	if (l->runner == NULL) {
		ui_message(ui, "%s", err.msg);
		return -1;
	}
	return 0;
}

/* Start what the select screen chose; 0, or -1 with a message. */
int
ui_live_start(struct ui *ui)
{
	struct ui_live	*l = &ui->live;

	if (ui_running(ui))
		return -1;
	free(l->benches);
	l->benches = xcalloc(registry_count(), sizeof *l->benches);
	if (ui_choice_plan(ui, &l->plan, l->benches, l->copies) == 0) {
		ui_message(ui, "no test selected: Space selects one");
		return -1;
	}
	ui_live_reset(ui);
	return ui_live_begin(ui);
}

/* Let the runner handle what happened; free it once the run is over. */
void
ui_live_step(struct ui *ui)
{
	if (runner_step(ui->live.runner)) {
		runner_free(ui->live.runner);
		ui->live.runner = NULL;
		ui->dirty = 1;
	}
}

/* Stop the run if one goes on (killing and reaping every child). */
void
ui_live_free(struct ui *ui)
{
	struct ui_live	*l = &ui->live;

	if (l->runner != NULL) {
		runner_cancel(l->runner);
		runner_free(l->runner);
		l->runner = NULL;
	}
	table_free(l->table);
	l->table = NULL;
	free(l->values);
	l->values = NULL;
	free(l->benches);
	l->benches = NULL;
	for (size_t i = 0; i < 3; i++) {
		free(l->hook[i]);
		l->hook[i] = NULL;
	}
	run_free(&l->run);
}

