/*
 * Keys: function keys turned into letters, the question being asked in
 * the status line, then the screen shown, then what works everywhere
 * (help, quit, repaint, the update rate, and the keys that go to a
 * screen).  A key means one thing on every screen: the keys that go
 * somewhere are handled here alone, and no screen takes their letters
 * for anything else (the help screen lists them once, under
 * "Everywhere").
 */
/* SPDX-License-Identifier: MIT */

#include "ui.h"
#include "ui_edit.h"
#include "ui_live.h"
#include "ui_term.h"
#include "ui_view.h"

/* Function keys become their letters, so every screen handles letters. */
static int
ui_key_normalize(int c)
{
	switch (c) {
	case KEY_UP:
		return 'k';
	case KEY_DOWN:
		return 'j';
	case KEY_LEFT:
		return 'h';
	case KEY_RIGHT:
		return 'l';
	case KEY_NPAGE:
		return 'J';
	case KEY_PPAGE:
		return 'K';
	case KEY_HOME:
		return '<';
	case KEY_END:
		return '>';
	case KEY_ENTER:
	case '\r':
		return UI_KEY_ENTER;
	case KEY_F(1):
		return '?';
	case KEY_F(3):
		return 'f';
	}
	return c;
}

/* Keys that move in a list while its filter is typed. */
static int
ui_prompt_move(struct ui *ui, int c)
{
	int	d;

	switch (c) {
	case KEY_UP:
	case UI_CTRL('p'):
		d = -1;
		break;
	case KEY_DOWN:
	case UI_CTRL('n'):
		d = 1;
		break;
	case KEY_PPAGE:
	case KEY_NPAGE:
		d = (c == KEY_NPAGE ? 1 : -1) * (LINES - 4);
		break;
	default:
		return 0;
	}
	ui->prompt.step(ui, d);
	return 1;
}

/* A key while a question is open; wide: c is a character typed. */
static void
ui_prompt_key(struct ui *ui, int c, int wide)
{
	struct ui_prompt	*p = &ui->prompt;

	if (!wide && p->step != NULL && ui_prompt_move(ui, c))
		return;
	if (p->yesno || (!wide && (c == '\r' || c == '\n' ||
	    c == KEY_ENTER))) {
		p->active = 0;
		if (!p->yesno)
			p->done(ui, p->text);
		else if (!wide && (c == 'y' || c == 'Y'))
			p->done(ui, "y");
		else
			ui_message(ui, "not done");
	} else if (!wide && (c == UI_KEY_ESC || c == UI_CTRL('g'))) {
		p->active = 0;
		ui_message(ui, "cancelled");
		if (p->cancel != NULL)
			p->cancel(ui);
	} else
		ui_edit_key(c, wide, p->text, sizeof p->text);
	/* done() may have asked again, or kept the question open. */
	if (!p->active)
		ui_edit_end();
}

static void
ui_quit_confirmed(struct ui *ui, const char *answer)
{
	(void)answer;
	ui->quit = 1;
}

void
ui_quit(struct ui *ui)
{
	if (ui_running(ui))
		ui_ask(ui, 1, "A run is going on: stop it and quit? (y/n)",
		    NULL, ui_quit_confirmed);
	else if (ui->live->have_run && !ui->live->saved)
		ui_ask(ui, 1, "This run is not saved: quit anyway? (y/n)",
		    NULL, ui_quit_confirmed);
	else
		ui->quit = 1;
}

/* v: the last run's results, wherever one is. */
static void
ui_key_results(struct ui *ui)
{
	if (!ui->live->have_run) {
		ui_message(ui, "no run yet: the select screen (n) starts one");
		return;
	}
	ui_view_live(ui);
	ui_switch(ui, UI_SCR_RESULTS);
}

/* The keys that go to a screen, the same on every screen; 1 if c is one. */
static int
ui_key_go(struct ui *ui, int c)
{
	switch (c) {
	case 'n':
		ui_switch(ui, UI_SCR_SELECT);
		return 1;
	case 'o':
		ui_switch(ui, UI_SCR_COMPARE);
		return 1;
	case 'v':
		ui_key_results(ui);
		return 1;
	case 'H':
		ui_switch(ui, UI_SCR_HISTORY);
		return 1;
	case 'F':
		ui_switch(ui, UI_SCR_HOSTS);
		return 1;
	case 'U':
		ui_switch(ui, UI_SCR_USERS);
		return 1;
	}
	return 0;
}

static void
ui_key(struct ui *ui, int c, int wide)
{
	ui->msg[0] = '\0';
	ui->dirty = 1;
	if (ui->prompt.active) {
		ui_prompt_key(ui, c, wide);
		return;
	}
	if (wide) {
		ui_message(ui, "that key does nothing here; ? lists the keys");
		return;
	}
	c = ui_key_normalize(c);
	if (LINES < UI_MIN_LINES || COLS < UI_MIN_COLS) {
		if (c == 'q')
			ui_quit(ui);
		return;
	}
	if (c == UI_KEY_ESC || ui->scr->key(ui, c) || ui_key_go(ui, c))
		return;
	switch (c) {
	case '?':
		ui_switch(ui, UI_SCR_HELP);
		break;
	case 'q':
		ui_quit(ui);
		break;
	case UI_CTRL('l'):
		ui_term_repaint();
		break;
	case '+':
	case '-':
		ui->refresh_ms = c == '+' ? ui->refresh_ms / 2 :
		    ui->refresh_ms * 2;
		if (ui->refresh_ms < 100)
			ui->refresh_ms = 100;
		if (ui->refresh_ms > 10000)
			ui->refresh_ms = 10000;
		ui_message(ui, "%.1f screen updates a second while tests run",
		    1000.0 / ui->refresh_ms);
		break;
	default:
		ui_message(ui, "that key does nothing here; ? lists the keys");
		break;
	}
}

/*
 * Keys as characters, so that a UTF-8 answer arrives whole: get_wch()
 * tells a character typed (beyond ASCII: only an answer takes one) from
 * a function key, whose codes overlap wide characters'.
 */
void
ui_read_keys(struct ui *ui)
{
	wint_t	c;
	int	r;

	while ((r = get_wch(&c)) != ERR && !ui->quit)
		ui_key(ui, (int)c, r == OK && c > 0x7f);
}
