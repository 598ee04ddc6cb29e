/*
 * The console's side of run --resume: as it starts, it looks in the
 * results directory for an interrupted run (resume_find()) and offers to
 * continue it; on yes the live run becomes that file's, with its plan,
 * and the runner takes only the missing samples (resume.c).  The resumed
 * run is saved into its own file as it goes (journal.c) and when it
 * ends, as sysmark run --resume does.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

/* The plan of rs for the live model; 0, or -1 with a message. */
static int
ui_resume_plan(struct ui *ui, struct resume *rs)
{
	struct ui_live		*l = &ui->live;
	struct runner_plan	*p = &l->plan;

	if (rs->ncopies > UI_MAX_COPIES || rs->baseline != NULL) {
		ui_message(ui, "this run %s: resume it with sysmark run "
		    "--resume", rs->baseline != NULL ? "aims at an index" :
		    "has more copies values than the console takes");
		return -1;
	}
	free(l->benches);
	l->benches = rs->benches;
	rs->benches = NULL;
	memcpy(l->copies, rs->copies, rs->ncopies * sizeof *l->copies);
	memset(p, 0, sizeof *p);
	p->benches = l->benches;
	p->nbench = rs->nbench;
	p->copies = l->copies;
	p->ncopies = rs->ncopies;
	p->samples = rs->samples;
	p->duration = rs->duration;
	p->grace = runner_default_grace(rs->duration);
	p->self_exe = ui->self[0] != '\0' ? ui->self : NULL;
	p->order = rs->order;
	p->warmup = rs->warmup;
	p->repeats = rs->repeats;
	p->seed = rs->seed;
	p->target = rs->target;
	p->time_cap = rs->time_cap;
	p->resume = 1;
	p->session = rs->session;
	return 0;
}

/* The hooks outlive rs: the runner reads them until the run ends. */
static void
ui_resume_hooks(struct ui_live *l, struct resume *rs)
{
	l->hook[0] = rs->prepare;
	l->hook[1] = rs->setup;
	l->hook[2] = rs->cleanup;
	rs->prepare = rs->setup = rs->cleanup = NULL;
	l->plan.prepare = l->hook[0];
	l->plan.setup = l->hook[1];
	l->plan.cleanup = l->hook[2];
}

/* Continue the run saved at path in the console; 0, or -1. */
static int
ui_resume_start(struct ui *ui, const char *path)
{
	struct ui_live	*l = &ui->live;
	struct resume	 rs;
	struct sm_error	 err;

	if (ui_running(ui))
		return -1;
	if (resume_load(&rs, path, 0, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return -1;
	}
	ui_live_reset(ui);
	if (ui_resume_plan(ui, &rs) != 0) {
		resume_free(&rs);
		return -1;
	}
	if (journal_begin(&l->journal, NULL, path, &rs.run, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		resume_free(&rs);
		return -1;
	}
	resume_note_gap(&rs);
	run_free(&l->run);
	l->run = rs.run;
	run_init(&rs.run);
	ui_resume_hooks(l, &rs);
	resume_free(&rs);
	l->journaling = 1;
	return ui_live_begin(ui);
}

static void
ui_resume_done(struct ui *ui, const char *answer)
{
	(void)answer;
	if (ui_resume_start(ui, ui->resume_path) == 0)
		ui_switch(ui, UI_SCR_RUN);
}

/* As the console starts: offer to continue an interrupted run. */
void
ui_resume_offer(struct ui *ui)
{
	char	q[sizeof ui->prompt.question], *label;

	if (resume_find(ui->self[0] != '\0' ? ui->self : NULL,
	    ui->resume_path, sizeof ui->resume_path) != 0)
		return;
	label = paths_label(ui->resume_path);
	snprintf(q, sizeof q, "Run %s was interrupted: resume it? (y/n)",
	    label);
	free(label);
	ui_ask(ui, 1, q, NULL, ui_resume_done);
}
