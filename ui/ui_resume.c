/*
 * The console's side of run --resume: as it starts, it looks in the
 * results directory for an interrupted run (resume_find()) and offers to
 * continue it; on yes the live run becomes that file's, with its plan,
 * and its session (core/session/session.c) takes only the missing
 * samples, saving into the same file as it goes and when it ends, exactly as
 * sysmark run --resume does.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_live.h"

/* Continue the run saved at path in the console; 0, or -1. */
static int
ui_resume_start(struct ui *ui, const char *path)
{
	struct ui_live		*l = ui->live;
	struct session_conf	 c;
	struct resume		 rs;
	struct sm_error		 err;
	int			 rc;

	if (ui_running(ui))
		return -1;
	if (resume_load(&rs, path, 0, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return -1;
	}
	if (rs.plan.baseline != NULL) {
		/* The console has no baseline to aim at: run's -b has. */
		ui_message(ui, "this run aims at an index: resume it with "
		    "sysmark run --resume");
		resume_free(&rs);
		return -1;
	}
	ui_live_reset(ui);
	plan_free(&l->plan);
	plan_copy(&l->plan, &rs.plan);
	memset(&c, 0, sizeof c);
	c.out = path;
	c.from = &rs;
	rc = ui_live_begin(ui, &c);
	resume_free(&rs);
	return rc;
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
