/*
 * The help screen: every key, those that work everywhere, those that
 * edit an answer, then each screen's own, taken from the screens' help
 * tables so that it can never forget one; then what the units mean.  q, ? or Enter goes back where it came from.
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
	{ "n o v", "the select screen (a new run); compare saved runs and "
	    "baselines; results: the last run's or, in the compare screen's "
	    "list, the run or baseline under the cursor, whole (its table, "
	    "every statistic, a memory curve)" },
	{ "H F U", "history: the saved runs as series, their change points; "
	    "fleet: run the chosen tests on many hosts at once over ssh; "
	    "simulated users: a mix of steps run by 1, 2, 4, ... users" },
	{ NULL, NULL }
};

/* Typing an answer: ncurses' form library edits it (ui_edit.c). */
static const struct ui_key scr_help_typing[] = {
	{ "typing", "replaces the answer shown; press a key below first to "
	    "edit it instead (any language: UTF-8 works)" },
	{ "Left Right", "move in the answer (also Ctrl-B, Ctrl-F)" },
	{ "Home End", "to its start or end (also Ctrl-A, Ctrl-E)" },
	{ "Backspace", "delete the character before the cursor" },
	{ "Delete", "delete the character under the cursor (also Ctrl-D)" },
	{ "Ctrl-U", "clear the whole answer; Ctrl-K: from the cursor on" },
	{ "Enter", "answer; Esc or Ctrl-G cancels" },
	{ NULL, NULL }
};

static const enum ui_scr scr_help_screens[] = {
	UI_SCR_SELECT, UI_SCR_RUN, UI_SCR_RESULTS, UI_SCR_COMPARE,
	UI_SCR_HISTORY, UI_SCR_HOSTS, UI_SCR_USERS
};
/* The screen's own state (struct ui's help). */
struct scr_help {
	int		 top;		/* the first line in view */
	struct ui_key	*units;		/* unit_at()'s, as keys */
};

#define SCR_HELP_NSCREENS \
	(sizeof scr_help_screens / sizeof scr_help_screens[0])

/*
 * One section, its name then each key with its text wrapped under itself
 * (nothing is cut at 80 columns), from line *n of the text on; draw 0
 * only counts.
 */
static void
scr_help_section(struct ui *ui, struct ui_rect r, int draw, int *n,
    const char *name, const struct ui_key *k)
{
	const struct scr_help	*h = ui->help;
	struct ui_rect		 t = { r.y, 15, draw ? r.h : 0, COLS - 15 };
	int			 y = r.y + (*n)++ - h->top;

	if (draw && y >= r.y && y < r.y + r.h)
		ui_printf(ui, y, 0, COLS, UI_A_SECTION, "%s", name);
	for (; k->keys != NULL; k++) {
		y = r.y + *n - h->top;
		if (draw && y >= r.y && y < r.y + r.h)
			ui_printf(ui, y, 0, 15, UI_NATTR, "  %s", k->keys);
		*n += ui_text(ui, t, h->top - *n, UI_NATTR, k->what);
	}
	(*n)++;
}

/*
 * Draw (or only count, when draw is 0) the help text; returns its lines:
 * the keys everywhere, an answer's editing keys, each screen's keys, and
 * the units figures are in (units.c, as `sysmark list` defines them).
 */
static int
scr_help_text(struct ui *ui, struct ui_rect r, int draw)
{
	const struct ui_screen	*scr;
	int			 n = 0;

	scr_help_section(ui, r, draw, &n, "Everywhere", scr_help_global);
	scr_help_section(ui, r, draw, &n, "Typing an answer",
	    scr_help_typing);
	for (size_t s = 0; s < SCR_HELP_NSCREENS; s++) {
		scr = ui->screens[scr_help_screens[s]];
		scr_help_section(ui, r, draw, &n, scr->name, scr->help);
	}
	scr_help_section(ui, r, draw, &n, "Units", ui->help->units);
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
	size_t	n = 0;

	ui->help = xcalloc(1, sizeof *ui->help);
	while (unit_at(n) != NULL)
		n++;
	ui->help->units = xcalloc(n + 1, sizeof *ui->help->units);
	for (size_t i = 0; i < n; i++) {
		ui->help->units[i].keys = unit_at(i);
		ui->help->units[i].what = unit_describe(unit_at(i));
	}
}

static void
scr_help_free(struct ui *ui)
{
	free(ui->help->units);
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
