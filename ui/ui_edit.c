/*
 * The answer typed in the status line, edited by ncurses' own form
 * library: one dynamic field, so Left/Right, Home/End, Backspace/Delete,
 * Ctrl-U and wide characters in a UTF-8 locale behave as libform makes
 * them, with none of it written again here.  The form lives in a window
 * of its own that is never shown: each frame the status line copies it
 * (ui_edit_draw()), so that the loop in ui.c stays the only place that
 * draws.  The value a question opens with is selected, as a dialog's is:
 * the first character typed replaces it, a cursor or editing key first
 * keeps it to edit (before, typing 0.5 at "10" gave "100.5").
 *
 * There is one status line, so one editor: its state is this file's.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>
#include <wctype.h>

#include "ui.h"		/* first: it asks curses for the wide calls */
#include "ui_edit.h"

#include <form.h>

static struct {
	FORM	*form;
	FIELD	*field[2];
	WINDOW	*win;
	int	 w;		/* the window's width */
	int	 fresh;		/* the value is as the question opened */
} ui_edit;

void
ui_edit_end(void)
{
	if (ui_edit.form != NULL) {
		unpost_form(ui_edit.form);
		free_form(ui_edit.form);
	}
	if (ui_edit.field[0] != NULL)
		free_field(ui_edit.field[0]);
	if (ui_edit.win != NULL)
		delwin(ui_edit.win);
	memset(&ui_edit, 0, sizeof ui_edit);
}

/* The field's text, its padding cut, into buf (multibyte, as typed). */
static void
ui_edit_sync(char *buf, size_t len)
{
	const char	*s;
	size_t		 n;

	if (ui_edit.form == NULL)
		return;
	/* libform copies the window into the buffer on validation only. */
	form_driver(ui_edit.form, REQ_VALIDATION);
	s = field_buffer(ui_edit.field[0], 0);
	n = s != NULL ? strlen(s) : 0;
	while (n > 0 && s[n - 1] == ' ')
		n--;
	if (n >= len)
		n = len - 1;
	memcpy(buf, s != NULL ? s : "", n);
	buf[n] = '\0';
}

/*
 * A field w columns wide holding text, the cursor after it; fresh says
 * whether typing replaces it.  -1 when curses cannot make one.
 */
static int
ui_edit_make(const char *text, int w, int fresh)
{
	ui_edit_end();
	if (w < 2)
		w = 2;
	ui_edit.field[0] = new_field(1, w, 0, 0, 0, 0);
	if (ui_edit.field[0] == NULL)
		return -1;
	/* Grows sideways (the form scrolls it) up to what the prompt holds. */
	field_opts_off(ui_edit.field[0], O_STATIC | O_AUTOSKIP | O_BLANK);
	set_max_field(ui_edit.field[0], PATH_MAX - 1);
	set_field_back(ui_edit.field[0], A_REVERSE);
	set_field_buffer(ui_edit.field[0], 0, text);
	ui_edit.win = newwin(1, w, 0, 0);
	ui_edit.form = new_form(ui_edit.field);
	if (ui_edit.win == NULL || ui_edit.form == NULL) {
		ui_edit_end();
		return -1;
	}
	set_form_win(ui_edit.form, ui_edit.win);
	set_form_sub(ui_edit.form, ui_edit.win);
	post_form(ui_edit.form);
	form_driver(ui_edit.form, REQ_END_LINE);
	ui_edit.w = w;
	ui_edit.fresh = fresh;
	return 0;
}

/* A question opens: its answer so far is text, selected; w columns. */
void
ui_edit_open(const char *text, int w)
{
	ui_edit_make(text, w, 1);
}

/* The request an editing key stands for, or 0 for none. */
static int
ui_edit_request(int c)
{
	switch (c) {
	case KEY_LEFT:
	case UI_CTRL('b'):
		return REQ_PREV_CHAR;
	case KEY_RIGHT:
	case UI_CTRL('f'):
		return REQ_NEXT_CHAR;
	case KEY_HOME:
	case UI_CTRL('a'):
		return REQ_BEG_LINE;
	case KEY_END:
	case UI_CTRL('e'):
		return REQ_END_LINE;
	case KEY_BACKSPACE:
	case 127:
	case '\b':
		return REQ_DEL_PREV;
	case KEY_DC:
	case UI_CTRL('d'):
		return REQ_DEL_CHAR;
	case UI_CTRL('u'):
		return REQ_CLR_FIELD;
	case UI_CTRL('k'):
		return REQ_CLR_EOL;
	}
	return 0;
}

/*
 * An editing key (c, a curses key code or a control character) or a
 * character typed (wide, c a wchar_t); the answer so far goes to buf.
 * Returns 1 when the key was the editor's.
 */
int
ui_edit_key(int c, int wide, char *buf, size_t len)
{
	int	req;

	if (ui_edit.form == NULL)
		return 0;
	if (wide || (c >= ' ' && c < 127)) {
		if (!iswprint((wint_t)c))
			return 1;	/* never into the answer raw */
		if (ui_edit.fresh)
			form_driver(ui_edit.form, REQ_CLR_FIELD);
		form_driver_w(ui_edit.form, OK, (wchar_t)c);
	} else if ((req = ui_edit_request(c)) != 0)
		form_driver(ui_edit.form, req);
	else
		return 0;
	ui_edit.fresh = 0;
	ui_edit_sync(buf, len);
	return 1;
}

/*
 * The field at (y, x), w columns: copied from its window, the cursor
 * left where the typing goes.  text is the answer, for a field made anew
 * when the terminal has changed width.
 */
void
ui_edit_draw(int y, int x, int w, const char *text)
{
	int	cy, cx;

	if (ui_edit.form == NULL || w < 2)
		return;
	if (w != ui_edit.w && ui_edit_make(text, w, ui_edit.fresh) != 0)
		return;
	pos_form_cursor(ui_edit.form);
	getyx(ui_edit.win, cy, cx);
	(void)cy;
	copywin(ui_edit.win, stdscr, 0, 0, y, x, y, x + w - 1, FALSE);
	move(y, x + cx);
}
