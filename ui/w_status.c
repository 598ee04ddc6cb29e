/*
 * The status line at the bottom: the question being asked, else the last
 * message, else what the keys do on this screen.  It is the one line
 * that is always there, in reverse video on every terminal.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "ui.h"

void
w_status_draw(struct ui *ui, const char *keys)
{
	char	buf[PATH_MAX + 128];
	size_t	len, skip = 0;
	int	y = LINES - 1;

	if (ui->prompt.active && ui->prompt.yesno)
		snprintf(buf, sizeof buf, "%s", ui->prompt.question);
	else if (ui->prompt.active)
		snprintf(buf, sizeof buf, "%s %s_", ui->prompt.question,
		    ui->prompt.text);
	else
		snprintf(buf, sizeof buf, "%s", ui->msg[0] != '\0' ?
		    ui->msg : keys);
	len = strlen(buf);
	/* While typing, the end of a long answer is what matters. */
	if (ui->prompt.active && len >= (size_t)COLS)
		skip = len - (size_t)COLS + 1;
	attrset(ui->attr[UI_A_KEY]);
	mvhline(y, 0, ' ', COLS);
	attrset(A_NORMAL);
	ui_puts(ui, y, 0, COLS, UI_A_KEY, buf + skip);
}
