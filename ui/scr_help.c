/*
 * The help screen: every key, those that work everywhere and then each
 * screen's own, taken from the screens' help tables so that it can never
 * forget one.  q, ? or Enter goes back where it came from.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>

#include "ui.h"

static const struct ui_key scr_help_global[] = {
	{ "? F1", "this help (q, ? or Enter goes back)" },
	{ "q", "quit (asks first while a run goes on or is unsaved)" },
	{ "j k arrows", "move; J K PgDn PgUp page; < > Home End ends" },
	{ "h l arrows", "scroll tables sideways" },
	{ "+ -", "screen updates per second while a test runs" },
	{ "Ctrl-L", "repaint the whole screen" },
	{ "Ctrl-C", "quit, asking first if a run would be lost; pressed "
	    "again, quit keeping the run" },
	{ "Esc", "not needed anywhere; cancels a question" },
	{ NULL, NULL }
};

static const enum ui_scr scr_help_screens[] = {
	UI_SCR_SELECT, UI_SCR_RUN, UI_SCR_RESULTS, UI_SCR_COMPARE,
	UI_SCR_HISTORY
};
/* The screen's own state (struct ui's help). */
struct scr_help {
	int	top;		/* the first line in view */
};

#define SCR_HELP_NSCREENS \
	(sizeof scr_help_screens / sizeof scr_help_screens[0])

/*
 * Draw (or only count, when draw is 0) the help text; returns its lines.
 * A key's text is wrapped under itself, so nothing is cut at 80 columns.
 */
static int
scr_help_text(struct ui *ui, struct ui_rect r, int draw)
{
	const struct scr_help	*h = ui->help;
	const struct ui_key	*k;
	const struct ui_screen	*scr;
	struct ui_rect		 t = { r.y, 15, draw ? r.h : 0, COLS - 15 };
	int			 n = 0, y;

	for (size_t s = 0; s <= SCR_HELP_NSCREENS; s++) {
		scr = s == 0 ? NULL : ui->screens[scr_help_screens[s - 1]];
		k = scr == NULL ? scr_help_global : scr->help;
		y = r.y + n++ - h->top;
		if (draw && y >= r.y && y < r.y + r.h)
			ui_printf(ui, y, 0, COLS, UI_A_SECTION, "%s",
			    scr == NULL ? "Everywhere" : scr->name);
		for (; k->keys != NULL; k++) {
			y = r.y + n - h->top;
			if (draw && y >= r.y && y < r.y + r.h)
				ui_printf(ui, y, 0, 15, UI_NATTR, "  %s",
				    k->keys);
			n += ui_text(ui, t, h->top - n, UI_NATTR,
			    k->what);
		}
		n++;
	}
	return n;
}

static void
scr_help_enter(struct ui *ui)
{
	ui->help->top = 0;
}

static int
scr_help_key(struct ui *ui, int c)
{
	switch (c) {
	case 'q':
	case '?':
	case UI_KEY_ENTER:
		ui_switch(ui, ui->back);
		return 1;
	}
	/* Nothing is wider than the screen: h and l page instead. */
	if (c == 'h' || c == 'l')
		c = c == 'h' ? 'K' : 'J';
	return ui_scroll_key(c, &ui->help->top, NULL);
}

static void
scr_help_draw(struct ui *ui)
{
	struct ui_rect	r = ui_body();

	ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- keys (function keys "
	    "all have letters; Esc is never needed)");
	ui_hline(ui, 1, 0, COLS);
	r.y = 2;
	r.h -= 2;
	ui->help->top = ui_scroll(ui->help->top, 0, scr_help_text(ui, r, 0),
	    r.h);
	scr_help_text(ui, r, 1);
}

static void
scr_help_init(struct ui *ui)
{
	ui->help = xcalloc(1, sizeof *ui->help);
}

static void
scr_help_free(struct ui *ui)
{
	free(ui->help);
	ui->help = NULL;
}

const struct ui_screen scr_help = {
	.name = "Help",
	.status = "j/k:scroll  h/l:page  q, ? or Enter:back",
	.help = NULL,
	.enter = scr_help_enter,
	.key = scr_help_key,
	.draw = scr_help_draw,
	.init = scr_help_init,
	.free = scr_help_free,
};
