/*
 * What the results screen shows and its report writes: the run just
 * measured, or a saved run or baseline opened whole, and the reference
 * the ratios are taken against.  It is kept here, not in scr_results.c,
 * because several files decide it: the run, select and compare screens
 * go back to the run just measured, ui_source.c opens a saved one, the
 * picker (scr_pick.c) chooses the reference, ui_report.c writes what is
 * shown.  struct ui_view is private to this file.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "ui.h"
#include "ui_live.h"
#include "ui_view.h"

struct ui_view {
	int		 saved;		/* a saved run, not the live one */
	struct run	 run;		/* that saved run */
	char		*name;
	struct table	*table;		/* report_results(run) */
	char		 ref[PATH_MAX];	/* the reference's path; "": none */
};

void
ui_view_init(struct ui *ui)
{
	ui->view = xcalloc(1, sizeof *ui->view);
	run_init(&ui->view->run);
}

void
ui_view_free(struct ui *ui)
{
	run_free(&ui->view->run);
	free(ui->view->name);
	table_free(ui->view->table);
	free(ui->view);
	ui->view = NULL;
}

/* Show the run just measured again; the saved one is kept for later. */
void
ui_view_live(struct ui *ui)
{
	ui->view->saved = 0;
}

/* Show run, a saved run or baseline called name; takes run. */
void
ui_view_open(struct ui *ui, struct run *run, const char *name)
{
	struct ui_view	*v = ui->view;

	run_free(&v->run);
	v->run = *run;
	free(v->name);
	v->name = xstrdup(name);
	table_free(v->table);
	v->table = report_results(&v->run, 1);
	report_fold_samples(v->table);
	v->saved = 1;
}

/* 1 when a saved run is shown, 0 for the run just measured. */
int
ui_view_saved(const struct ui *ui)
{
	return ui->view->saved;
}

/* The saved run's name; meaningful while ui_view_saved(). */
const char *
ui_view_name(const struct ui *ui)
{
	return ui->view->name;
}

const struct run *
ui_view_run(const struct ui *ui)
{
	return ui->view->saved ? &ui->view->run : &ui->live->run;
}

/* Its table as `sysmark show` prints it; NULL before any run. */
const struct table *
ui_view_table(const struct ui *ui)
{
	return ui->view->saved ? ui->view->table : ui->live->table;
}

/* The run's column heading beside its reference (allocated). */
char *
ui_view_label(const struct ui *ui)
{
	if (ui->view->saved)
		return xstrdup(ui->view->name);
	return ui->live->saved ? paths_label(ui->live->path) :
	    xstrdup("this run");
}

/* The reference's path or baseline name; "" when none is chosen. */
const char *
ui_view_ref(const struct ui *ui)
{
	return ui->view->ref;
}

void
ui_view_set_ref(struct ui *ui, const char *path)
{
	snprintf(ui->view->ref, sizeof ui->view->ref, "%s", path);
}
