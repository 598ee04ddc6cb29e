/*
 * The status line at the bottom: the question being asked, else the last
 * message, else what the keys do on this screen.  It is the one line
 * that is always there, in reverse video on every terminal; a message or
 * a yes/no question too long for it (a busy machine's warning) takes the
 * lines above it too, wrapped, never cut.  An answer
 * being typed is the form ui_edit.c keeps, drawn after the question with
 * the terminal's cursor in it; otherwise the cursor stays hidden.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "ui.h"
#include "ui_edit.h"
#include "w.h"

#define W_STATUS_ANSWER_MIN	16	/* columns an answer always has */
#define W_STATUS_LINES_MAX	4	/* lines a long message may take */

/*
 * Where the answer starts: after the question, whole; only a question
 * that would leave the answer under W_STATUS_ANSWER_MIN columns is cut.
 */
int
w_status_field_x(const char *question)
{
	int	x = (int)strlen(question) + 1;

	return x < COLS - W_STATUS_ANSWER_MIN ? x : COLS - W_STATUS_ANSWER_MIN;
}

/* s in reverse video, wrapped upwards from the last line. */
static void
w_status_text(struct ui *ui, const char *s)
{
	struct ui_rect	r = { 0, 0, 0, COLS };
	int		n = ui_text(NULL, r, 0, UI_A_KEY, s);

	n = n < 1 ? 1 : n > W_STATUS_LINES_MAX ? W_STATUS_LINES_MAX : n;
	r.y = LINES - n;
	r.h = n;
	attrset(ui->attr[UI_A_KEY]);
	for (int y = r.y; y < LINES; y++)
		mvhline(y, 0, ' ', COLS);
	attrset(A_NORMAL);
	ui_text(ui, r, 0, UI_A_KEY, s);
}

void
w_status_draw(struct ui *ui, const char *keys)
{
	int	y = LINES - 1, x, typing;

	typing = ui->prompt.active && !ui->prompt.yesno;
	if (typing) {
		attrset(ui->attr[UI_A_KEY]);
		mvhline(y, 0, ' ', COLS);
		attrset(A_NORMAL);
		ui_puts(ui, y, 0, COLS, UI_A_KEY, ui->prompt.question);
	} else
		w_status_text(ui, ui->prompt.active ? ui->prompt.question :
		    ui->msg[0] != '\0' ? ui->msg : keys);
	/* Only while typing does the cursor show, and move to be seen. */
	curs_set(typing);
	leaveok(stdscr, !typing);
	if (!typing)
		return;
	x = w_status_field_x(ui->prompt.question);
	ui_edit_draw(y, x, COLS - x, ui->prompt.text);
}
