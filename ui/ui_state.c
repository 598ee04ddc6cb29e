/*
 * The console's state changes that screens and jobs ask for: which
 * screen is shown, a table handed to a screen, a message or a question in
 * the status line, whether a run goes on, and the events jobs tell every
 * screen.  No screen is named here (only reached through ui->screens), so
 * any screen or job may call these without a circular dependency.
 */
/* SPDX-License-Identifier: MIT */

#include <stdarg.h>
#include <string.h>

#include "ui.h"
#include "ui_edit.h"
#include "w.h"
#include "ui_live.h"

int
ui_running(const struct ui *ui)
{
	return ui->live->session != NULL;
}

void
ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->dirty = 1;
}

/* Ask in the status line; done() gets the text, or "y" for a yes. */
void
ui_ask(struct ui *ui, int yesno, const char *question, const char *text,
    void (*done)(struct ui *, const char *))
{
	ui->prompt.active = 1;
	ui->prompt.yesno = yesno;
	snprintf(ui->prompt.question, sizeof ui->prompt.question, "%s",
	    question);
	snprintf(ui->prompt.text, sizeof ui->prompt.text, "%s",
	    text != NULL ? text : "");
	ui->prompt.done = done;
	ui->prompt.step = NULL;
	ui->prompt.cancel = NULL;
	if (!yesno)
		ui_edit_open(ui->prompt.text, COLS -
		    w_status_field_x(question));
	ui->dirty = 1;
}

void
ui_switch(struct ui *ui, enum ui_scr id)
{
	const struct ui_screen	*scr = ui->screens[id];

	if (ui->scr != NULL && ui->scr->leave != NULL)
		ui->scr->leave(ui);
	/* Where help (and the picker) go back to: the screen before. */
	if (ui->scr != NULL && ui->scr_id != id)
		ui->back = ui->scr_id;
	ui->scr = scr;
	ui->scr_id = id;
	if (scr->enter != NULL)
		scr->enter(ui);
	ui->dirty = 1;
}

/* Switch to screen id and hand it t to show (it takes t). */
void
ui_show_table(struct ui *ui, enum ui_scr id, struct table *t)
{
	ui_switch(ui, id);
	if (ui->screens[id]->show_table != NULL)
		ui->screens[id]->show_table(ui, t);
	else
		table_free(t);
}

/*
 * A job's event to every screen, shown or not, in the order of enum
 * ui_scr (none without screens: tests/unit/test_live.c feeds ui_live.c
 * events alone).
 */
void
ui_tell(struct ui *ui, const struct ui_event *ev)
{
	if (ui->screens == NULL)
		return;
	for (int i = 0; i < UI_SCR_N; i++)
		if (ui->screens[i]->on_event != NULL)
			ui->screens[i]->on_event(ui, ev);
}
