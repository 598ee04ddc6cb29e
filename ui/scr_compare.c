/*
 * The compare screen: pick any saved runs and baselines (and the run in
 * memory) in a list, then see the table the core's compare_table()
 * builds, the one `sysmark compare` prints: two runs ranked by change with
 * their significance (bm_diff's order), three or more side by side, each
 * figure with its ratio to the first picked.  As that table gains
 * columns, this screen shows them without a change here.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_live.h"
#include "ui_report.h"
#include "ui_source.h"
#include "ui_view.h"
#include "w.h"

/* The screen's own state (struct ui's compare). */
struct scr_compare {
	int		 cur;		/* the highlighted source */
	int		 top;		/* first line in view */
	int		 left;		/* the table, sideways */
	int		 view;		/* the table, not the list */
	int		 legend;	/* ...its legend, not the table */
	int		 ltop;		/* the legend's first line in view */
	struct table	*table;
};

static const struct ui_key scr_compare_help[] = {
	{ "Space", "pick or unpick the run under the cursor; the first "
	    "picked is the reference" },
	{ "Enter", "compare the picked runs (two: ranked by change; more: "
	    "side by side); again: back to the list" },
	{ "j k J K", "move in the list, scroll the table" },
	{ "h l", "scroll the table sideways" },
	{ "L", "with the table shown: its legend (what P, W/B CV, the "
	    "flags and \"~ <x%\" mean), the notes `sysmark compare` prints "
	    "under it; L again: back to the table" },
	{ "e", "with the table shown: write the HTML report of the picked "
	    "runs under results/; says where" },
	{ NULL, NULL }
};

static void
scr_compare_enter(struct ui *ui)
{
	struct scr_compare	*cmp = ui->compare;

	ui_source_scan(ui);
	/* Reads each run, so that a labelled one is listed by its label. */
	ui_source_describe(ui);
	cmp->cur = cmp->top = cmp->left = 0;
	cmp->view = cmp->legend = 0;
}

static int
scr_compare_npicked(const struct ui *ui)
{
	int	n = 0;

	for (size_t i = 0; i < ui->nsrc; i++)
		n += ui->src[i].pick > 0;
	return n;
}

static void
scr_compare_pick(struct ui *ui)
{
	struct ui_source	*s;
	int			 was;

	if (ui->nsrc == 0)
		return;
	s = &ui->src[ui->compare->cur];
	if ((was = s->pick) == 0) {
		s->pick = scr_compare_npicked(ui) + 1;
		return;
	}
	for (size_t i = 0; i < ui->nsrc; i++)
		if (ui->src[i].pick > was)
			ui->src[i].pick--;
	s->pick = 0;
}

/* The picked sources in the order picked (allocated); n of them. */
static const struct ui_source **
scr_compare_picked(const struct ui *ui, int n)
{
	const struct ui_source	**v = xcalloc((size_t)n + 1, sizeof *v);

	for (size_t i = 0; i < ui->nsrc; i++)
		if (ui->src[i].pick > 0)
			v[ui->src[i].pick - 1] = &ui->src[i];
	return v;
}

/* Build the table of the picked sources, in the order picked. */
static void
scr_compare_show(struct ui *ui)
{
	struct scr_compare	 *cmp = ui->compare;
	const struct ui_source	**v;
	struct sm_error		  err;
	int			  n = scr_compare_npicked(ui);

	if (n == 0) {
		ui_message(ui, "pick at least one run with Space first");
		return;
	}
	v = scr_compare_picked(ui, n);
	table_free(cmp->table);
	cmp->table = ui_source_compare(ui, v, (size_t)n, &err);
	free(v);
	if (cmp->table == NULL) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	cmp->view = 1;
	cmp->legend = 0;
	cmp->top = cmp->left = 0;
}

/* e: the report of the picked runs, once their table is shown. */
static void
scr_compare_report(struct ui *ui)
{
	const struct ui_source	**v;
	int			  n = scr_compare_npicked(ui);

	if (!ui->compare->view || n == 0) {
		ui_message(ui, "pick runs with Space and compare them with "
		    "Enter first; e then writes their report");
		return;
	}
	v = scr_compare_picked(ui, n);
	ui_report_sources(ui, v, (size_t)n);
	free(v);
}

/* v: the run in memory is on the results screen already. */
static void
scr_compare_open(struct ui *ui, const struct ui_source *s)
{
	if (s->kind != UI_SRC_CURRENT) {
		ui_source_open(ui, s);
		return;
	}
	ui_view_live(ui);
	ui_switch(ui, UI_SCR_RESULTS);
}

/* In the list the cursor moves; in the table the view scrolls. */
static int
scr_compare_move(struct ui *ui, int c)
{
	struct scr_compare	*cmp = ui->compare;

	if (cmp->view && cmp->legend)
		return ui_scroll_key(c, &cmp->ltop, NULL);
	if (cmp->view)
		return ui_scroll_key(c, &cmp->top, &cmp->left);
	if (!ui_scroll_key(c, &cmp->cur, NULL))
		return 0;
	if (cmp->cur >= (int)ui->nsrc)
		cmp->cur = (int)ui->nsrc - 1;
	if (cmp->cur < 0)
		cmp->cur = 0;
	return 1;
}

static int
scr_compare_key(struct ui *ui, int c)
{
	struct scr_compare	*cmp = ui->compare;

	if (scr_compare_move(ui, c))
		return 1;
	switch (c) {
	case ' ':
		if (!cmp->view)
			scr_compare_pick(ui);
		return 1;
	case 'L':
		if (cmp->view) {
			cmp->legend = !cmp->legend;
			cmp->ltop = 0;
		} else
			ui_message(ui, "L shows the legend of a comparison: "
			    "pick runs with Space, compare them with Enter");
		return 1;
	case UI_KEY_ENTER:
		if (cmp->view && cmp->legend)
			cmp->legend = 0;
		else if (cmp->view)
			cmp->view = 0;
		else
			scr_compare_show(ui);
		return 1;
	case 'e':
		scr_compare_report(ui);
		return 1;
	case 'v':
		/* The run under the cursor; else v as everywhere. */
		if (cmp->view || ui->nsrc == 0)
			return 0;
		scr_compare_open(ui, &ui->src[cmp->cur]);
		return 1;
	}
	return 0;
}

static const char *
scr_compare_kind(const struct ui_source *s)
{
	switch (s->kind) {
	case UI_SRC_CURRENT:
		return "unsaved";
	case UI_SRC_SAVED:
		return "saved run";
	case UI_SRC_BASELINE:
		break;
	}
	return "baseline";
}

/*
 * The tests the others are held against: the reference's (the first
 * picked), else the run last measured or opened; NULL when none has any.
 * Allocated.
 */
static char *
scr_compare_ref_tests(struct ui *ui)
{
	for (size_t i = 0; i < ui->nsrc; i++)
		if (ui->src[i].pick == 1)
			return ui->src[i].tests != NULL ?
			    xstrdup(ui->src[i].tests) : NULL;
	return ui_view_run(ui)->nsamples > 0 ?
	    ui_source_tests(ui_view_run(ui)) : NULL;
}

static void
scr_compare_draw_list(struct ui *ui, struct ui_rect r)
{
	struct scr_compare	*cmp = ui->compare;
	const struct ui_source	*s;
	char			 mark[16], cover[32], *ref, line[1024];
	int			 y;

	if (ui->nsrc == 0) {
		ui_puts(ui, r.y, 0, COLS, UI_NATTR, "Nothing to compare yet: "
		    "no saved runs and no baselines were found.");
		return;
	}
	if (cmp->cur < cmp->top)
		cmp->top = cmp->cur;
	if (cmp->cur >= cmp->top + r.h)
		cmp->top = cmp->cur - r.h + 1;
	ref = scr_compare_ref_tests(ui);
	for (int i = cmp->top; i < (int)ui->nsrc && i < cmp->top + r.h;
	    i++) {
		s = &ui->src[i];
		/* Which tests of the reference it has: "tests 0/2", none. */
		ui_source_cover(s, s->pick == 1 ? NULL : ref, cover,
		    sizeof cover);
		y = r.y + i - cmp->top;
		if (s->pick > 0)
			snprintf(mark, sizeof mark, "%d", s->pick);
		else
			snprintf(mark, sizeof mark, " ");
		if (i == cmp->cur)
			mvchgat(y, 0, COLS, ui->attr[UI_A_CURSOR], 0, NULL);
		snprintf(line, sizeof line, "  [%s] %-10s %-16s %-*s%s", mark,
		    scr_compare_kind(s), s->name, cover[0] != '\0' ? 11 : 0,
		    cover, s->about != NULL ? s->about : "");
		ui_puts_mark(ui, y, 0, COLS, i == cmp->cur ? UI_A_CURSOR :
		    UI_NATTR, line);
	}
	free(ref);
	/* The footer: where the list is, and the cursor's entry whole. */
	s = &ui->src[cmp->cur];
	snprintf(line, sizeof line, "%s%s%d/%zu  %s",
	    cmp->top > 0 ? "more above  " : "",
	    cmp->top + r.h < (int)ui->nsrc ? "more below  " : "",
	    cmp->cur + 1, ui->nsrc, s->about != NULL ? s->about : "");
	ui_puts_mark(ui, r.y + r.h, 0, COLS, UI_A_SECTION, line);
}

/*
 * The legend: the table's notes, which the core writes for `sysmark
 * compare` too, so screen and command line explain the marks in one text.
 */
static void
scr_compare_draw_legend(struct ui *ui, struct ui_rect r)
{
	struct scr_compare	*cmp = ui->compare;
	const struct table	*t = cmp->table;
	int			 n = 0;

	ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: the legend "
	    "of the table (L or Enter: back to it)");
	ui_hline(ui, 1, 0, COLS);
	for (size_t i = 0; i < t->nnotes; i++)
		n += ui_text(NULL, r, 0, UI_NATTR, t->notes[i]) + 1;
	cmp->ltop = ui_scroll(cmp->ltop, 0, n, r.h);
	n = 0;
	for (size_t i = 0; i < t->nnotes; i++)
		n += ui_text(ui, r, cmp->ltop - n, UI_NATTR, t->notes[i]) + 1;
	if (t->nnotes == 0)
		ui_puts(ui, r.y, 0, COLS, UI_NATTR, "This table has no notes: "
		    "its columns need none.");
}

static void
scr_compare_draw(struct ui *ui)
{
	struct scr_compare	*cmp = ui->compare;
	struct ui_rect		 r = ui_body();
	int			 head;

	r.y = 2;
	r.h = LINES - 2 - r.y;
	if (!cmp->view) {
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: pick "
		    "runs and baselines (the first picked is the reference)");
		ui_hline(ui, 1, 0, COLS);
		scr_compare_draw_list(ui, r);
		return;
	}
	if (cmp->legend) {
		scr_compare_draw_legend(ui, r);
		return;
	}
	if (scr_compare_npicked(ui) == 2)
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: the "
		    "second against the first, ranked by change");
	else	/* none picked: the Hosts screen's table, a column pair each */
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: %d "
		    "side by side, ratios to the first",
		    scr_compare_npicked(ui) ? scr_compare_npicked(ui) :
		    (int)(cmp->table->ncols - 1) / 2);
	ui_hline(ui, 1, 0, COLS);
	/* The table's own title (bm_diff's From/To) scrolls with it. */
	head = ui_text(NULL, r, 0, UI_NATTR, cmp->table->title);
	if (head > 0)
		head++;
	cmp->top = ui_scroll(cmp->top, 0,
	    head + w_table_lines(cmp->table, r.w), r.h);
	ui_text(ui, r, cmp->top, UI_NATTR, cmp->table->title);
	if (cmp->left > w_table_max_left(cmp->table, r.w))
		cmp->left = w_table_max_left(cmp->table, r.w);
	w_table_draw(ui, cmp->table, r, cmp->top - head, cmp->left, -1,
	    W_TABLE_FIT);
	ui_puts(ui, LINES - 2, 0, COLS, UI_A_SECTION, "+ better  - worse  "
	    "~ no clear change  ! version differs  L: legend of the marks");
}

/*
 * Show t, built elsewhere (the Hosts screen's fleet, side by side), as
 * the table; the screen takes it.  ui_show_table() calls it once the
 * screen is entered.
 */
static void
scr_compare_show_table(struct ui *ui, struct table *t)
{
	table_free(ui->compare->table);
	ui->compare->table = t;
	ui->compare->view = 1;
}

static void
scr_compare_init(struct ui *ui)
{
	ui->compare = xcalloc(1, sizeof *ui->compare);
}

static void
scr_compare_free(struct ui *ui)
{
	table_free(ui->compare->table);
	free(ui->compare);
	ui->compare = NULL;
}

const struct ui_screen scr_compare = {
	.name = "Compare",
	.status = "Spc:pick  Enter:compare  L:legend  v:open  e:report  "
	    "jk/hl:move  ?:help  q:quit",
	.help = scr_compare_help,
	.enter = scr_compare_enter,
	.key = scr_compare_key,
	.show_table = scr_compare_show_table,
	.draw = scr_compare_draw,
	.init = scr_compare_init,
	.free = scr_compare_free,
};
