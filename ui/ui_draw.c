/*
 * Drawing helpers the screens and widgets share: text cut to a width or
 * wrapped into a rectangle, rules, the body rectangle, scrolling arithmetic
 * and the scrolling keys, times as people read them.  They draw into
 * curses' buffer only; the loop in ui.c decides when the terminal sees it.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"


/*
 * Text at (y, x), cut at w columns.  Every text the console draws passes
 * here, so what a run file or a host sent is made visible here once
 * (visible.c): a control character is drawn as \xNN, never sent raw.
 */
void
ui_puts(struct ui *ui, int y, int x, int w, enum ui_attr a, const char *s)
{
	char	*v;

	if (w <= 0 || y < 0 || y >= LINES || x >= COLS)
		return;
	if (x + w > COLS)
		w = COLS - x;
	v = xvisible(s, 0);
	attrset(a == UI_NATTR ? A_NORMAL : ui->attr[a]);
	mvaddnstr(y, x, v, w);
	attrset(A_NORMAL);
	free(v);
}

/*
 * ui_puts() for a line of a list, whose end may not fit: cut one column
 * short with a '~' in the last, so that a cut is never silent (the list's
 * footer shows the cursor's whole entry).  Columns are counted as
 * ui_puts() counts them, and a UTF-8 character is never split.
 */
void
ui_puts_mark(struct ui *ui, int y, int x, int w, enum ui_attr a,
    const char *s)
{
	char	*v;
	size_t	 k;

	if (w <= 1 || x >= COLS)
		return;
	if (x + w > COLS)
		w = COLS - x;
	v = xvisible(s, 0);
	if ((k = strlen(v)) > (size_t)w) {
		for (k = (size_t)w - 1; k > 0 && (v[k] & 0xC0) == 0x80; k--)
			;
		v[k] = '\0';
		ui_puts(ui, y, x, w, a, v);
		ui_puts(ui, y, x + w - 1, 1, a, "~");
	} else
		ui_puts(ui, y, x, w, a, v);
	free(v);
}

void
ui_printf(struct ui *ui, int y, int x, int w, enum ui_attr a,
    const char *fmt, ...)
{
	char	buf[1024];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ui_puts(ui, y, x, w, a, buf);
}

/*
 * Text in r, broken at newlines and between words to r.w columns, its
 * line first at the top of r (first < 0 starts lower down).  Returns how
 * many lines the whole text takes; with ui NULL it only counts (and
 * draws nothing: the legend counted its notes by drawing them all at the
 * top, and a shorter line drawn there next left the counted one's end).
 */
int
ui_text(struct ui *ui, struct ui_rect r, int first, enum ui_attr a,
    const char *s)
{
	int	n = 0, len, cut, y;

	while (s != NULL && *s != '\0' && r.w > 0) {
		len = (int)strcspn(s, "\n");
		cut = len;
		if (len > r.w) {
			for (cut = r.w; cut > 0 && s[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = r.w;
		}
		y = r.y + n++ - first;
		if (ui != NULL && y >= r.y && y < r.y + r.h)
			ui_printf(ui, y, r.x, r.w, a, "%.*s", cut, s);
		s += cut;
		while (*s == ' ')
			s++;
		if (cut == len && *s == '\n')
			s++;
	}
	return n;
}

/*
 * A rule.  A UTF-8 locale means a terminal that shows UTF-8, so the box
 * character is written as text: emulators such as tmux ignore the VT100
 * charset switch there.  Elsewhere (a real VT220 on a serial line) the
 * terminal's own line drawing, which ncurses turns into '-' where the
 * terminal has none.
 */
void
ui_hline(struct ui *ui, int y, int x, int w)
{
	if (!ui->utf8) {
		mvhline(y, x, ACS_HLINE, w);
		return;
	}
	move(y, x);
	for (int i = 0; i < w && x + i < COLS; i++)
		addstr("\xe2\x94\x80");
}

/* The area screens draw in: everything above the status line. */
struct ui_rect
ui_body(void)
{
	struct ui_rect	r = { 0, 0, LINES - 1, COLS };

	return r;
}

/* Clamp a scroll offset so that n lines fill a view of h lines. */
int
ui_scroll(int top, int delta, int n, int h)
{
	top += delta;
	if (top > n - h)
		top = n - h;
	return top < 0 ? 0 : top;
}

/*
 * The scrolling keys of a view: j k J K < > move *top, h l move *left
 * (when given).  Returns 1 if c was one; draw() clamps with ui_scroll().
 */
int
ui_scroll_key(int c, int *top, int *left)
{
	switch (c) {
	case 'j':
	case 'k':
		*top += c == 'j' ? 1 : -1;
		break;
	case 'J':
	case 'K':
		*top += (c == 'J' ? 1 : -1) * (LINES - 4);
		break;
	case '<':
	case '>':
		*top = c == '<' ? 0 : INT_MAX / 2;
		break;
	case 'h':
	case 'l':
		if (left == NULL)
			return 0;
		*left += c == 'l' ? 8 : -8;
		if (*left < 0)
			*left = 0;
		return 1;
	default:
		return 0;
	}
	if (*top < 0)
		*top = 0;
	return 1;
}

/*
 * "0.4 s", "42 s", "12:05" or "2:03:10": whole seconds from 1 s up, so a
 * countdown redrawn twice a second changes once a second on the line.
 */
void
ui_format_secs(double s, char *buf, size_t len)
{
	long	t;

	if (s < 0)
		s = 0;
	t = (long)(s + 0.5);
	if (s < 0.95)
		snprintf(buf, len, "%.1f s", s);
	else if (t < 60)
		snprintf(buf, len, "%ld s", t);
	else if (t < 3600)
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
}

/* 1 if s has text in it, in any case (find and filter). */
int
ui_contains(const char *s, const char *text)
{
	size_t	n = strlen(text), k;

	for (; *s != '\0'; s++) {
		for (k = 0; k < n && s[k] != '\0' &&
		    tolower((unsigned char)s[k]) ==
		    tolower((unsigned char)text[k]); k++)
			;
		if (k == n)
			return 1;
	}
	return n == 0;
}
