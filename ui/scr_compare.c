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

static const struct ui_key scr_compare_help[] = {
	{ "Space", "pick or unpick the run under the cursor; the first "
	    "picked is the reference" },
	{ "Enter", "compare the picked runs (two: ranked by change; more: "
	    "side by side); again: back to the list" },
	{ "j k J K", "move in the list, scroll the table" },
	{ "h l", "scroll the table sideways" },
	{ "v", "open the run or baseline under the cursor whole: its "
	    "table, every statistic, a memory curve" },
	{ "e", "with the table shown: write the HTML report of the picked "
	    "runs under results/; says where" },
	{ "r n", "results of the last run; select screen" },
	{ NULL, NULL }
};

static void
scr_compare_enter(struct ui *ui)
{
	ui_source_scan(ui);
	/* Reads each run, so that a labelled one is listed by its label. */
	ui_source_describe(ui);
	ui->cmp_cur = ui->cmp_top = ui->cmp_left = 0;
	ui->cmp_view = 0;
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
	s = &ui->src[ui->cmp_cur];
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
	const struct ui_source	**v;
	struct sm_error		  err;
	int			  n = scr_compare_npicked(ui);

	if (n == 0) {
		ui_message(ui, "pick at least one run with Space first");
		return;
	}
	v = scr_compare_picked(ui, n);
	table_free(ui->cmp_table);
	ui->cmp_table = ui_source_compare(ui, v, (size_t)n, &err);
	free(v);
	if (ui->cmp_table == NULL) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	ui->cmp_view = 1;
	ui->cmp_top = ui->cmp_left = 0;
}

/* e: the report of the picked runs, once their table is shown. */
static void
scr_compare_report(struct ui *ui)
{
	const struct ui_source	**v;
	int			  n = scr_compare_npicked(ui);

	if (!ui->cmp_view || n == 0) {
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
	ui->viewing = 0;
	ui_switch(ui, UI_SCR_RESULTS);
}

/* In the list the cursor moves; in the table the view scrolls. */
static int
scr_compare_move(struct ui *ui, int c)
{
	if (ui->cmp_view)
		return ui_scroll_key(c, &ui->cmp_top, &ui->cmp_left);
	if (!ui_scroll_key(c, &ui->cmp_cur, NULL))
		return 0;
	if (ui->cmp_cur >= (int)ui->nsrc)
		ui->cmp_cur = (int)ui->nsrc - 1;
	if (ui->cmp_cur < 0)
		ui->cmp_cur = 0;
	return 1;
}

static int
scr_compare_key(struct ui *ui, int c)
{
	if (scr_compare_move(ui, c))
		return 1;
	switch (c) {
	case ' ':
		if (!ui->cmp_view)
			scr_compare_pick(ui);
		return 1;
	case UI_KEY_ENTER:
		if (ui->cmp_view)
			ui->cmp_view = 0;
		else
			scr_compare_show(ui);
		return 1;
	case 'e':
		scr_compare_report(ui);
		return 1;
	case 'v':
		if (!ui->cmp_view && ui->nsrc > 0)
			scr_compare_open(ui, &ui->src[ui->cmp_cur]);
		return 1;
	case 'r':
		if (ui->live.have_run) {
			ui->viewing = 0;
			ui_switch(ui, UI_SCR_RESULTS);
		} else
			ui_message(ui, "no run yet: n goes to the select "
			    "screen, v opens the one under the cursor");
		return 1;
	case 'n':
		ui_switch(ui, UI_SCR_SELECT);
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

static void
scr_compare_draw_list(struct ui *ui, struct ui_rect r)
{
	const struct ui_source	*s;
	char			 mark[16];
	int			 y;

	if (ui->nsrc == 0) {
		ui_puts(ui, r.y, 0, COLS, UI_NATTR, "Nothing to compare yet: "
		    "no saved runs and no baselines were found.");
		return;
	}
	if (ui->cmp_cur < ui->cmp_top)
		ui->cmp_top = ui->cmp_cur;
	if (ui->cmp_cur >= ui->cmp_top + r.h)
		ui->cmp_top = ui->cmp_cur - r.h + 1;
	for (int i = ui->cmp_top; i < (int)ui->nsrc && i < ui->cmp_top + r.h;
	    i++) {
		s = &ui->src[i];
		y = r.y + i - ui->cmp_top;
		if (s->pick > 0)
			snprintf(mark, sizeof mark, "%d", s->pick);
		else
			snprintf(mark, sizeof mark, " ");
		if (i == ui->cmp_cur)
			mvchgat(y, 0, COLS, ui->attr[UI_A_CURSOR], 0, NULL);
		ui_printf(ui, y, 0, COLS, i == ui->cmp_cur ? UI_A_CURSOR :
		    UI_NATTR, "  [%s] %-10s %-16s %s", mark,
		    scr_compare_kind(s), s->name, s->about != NULL ?
		    s->about : "");
	}
	ui_printf(ui, r.y + r.h, 0, COLS, UI_A_SECTION, "%s%s%d/%zu",
	    ui->cmp_top > 0 ? "more above  " : "",
	    ui->cmp_top + r.h < (int)ui->nsrc ? "more below  " : "",
	    ui->cmp_cur + 1, ui->nsrc);
}

static void
scr_compare_draw(struct ui *ui)
{
	struct ui_rect	r = ui_body();
	int		head;

	r.y = 2;
	r.h = LINES - 2 - r.y;
	if (!ui->cmp_view) {
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: pick "
		    "runs and baselines (the first picked is the reference)");
		ui_hline(ui, 1, 0, COLS);
		scr_compare_draw_list(ui, r);
		return;
	}
	if (scr_compare_npicked(ui) == 2)
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: the "
		    "second against the first, ranked by change");
	else	/* none picked: the Hosts screen's table, a column pair each */
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- compare: %d "
		    "side by side, ratios to the first",
		    scr_compare_npicked(ui) ? scr_compare_npicked(ui) :
		    (int)(ui->cmp_table->ncols - 1) / 2);
	ui_hline(ui, 1, 0, COLS);
	/* The table's own title (bm_diff's From/To) scrolls with it. */
	head = ui_text(NULL, r, 0, UI_NATTR, ui->cmp_table->title);
	if (head > 0)
		head++;
	ui->cmp_top = ui_scroll(ui->cmp_top, 0,
	    head + w_table_lines(ui->cmp_table, r.w), r.h);
	ui_text(ui, r, ui->cmp_top, UI_NATTR, ui->cmp_table->title);
	if (ui->cmp_left > w_table_max_left(ui->cmp_table, r.w))
		ui->cmp_left = w_table_max_left(ui->cmp_table, r.w);
	w_table_draw(ui, ui->cmp_table, r, ui->cmp_top - head,
	    ui->cmp_left, -1);
	ui_puts(ui, LINES - 2, 0, COLS, UI_A_SECTION, "+ better  - worse  "
	    "~ no clear change  ! version differs  (the notes say when)");
}

const struct ui_screen scr_compare = {
	.name = "Compare",
	.status = "Spc:pick  Enter:compare  v:open  e:report  jk/hl:move  "
	    "r:results  ?:help  q:quit",
	.help = scr_compare_help,
	.enter = scr_compare_enter,
	.key = scr_compare_key,
	.draw = scr_compare_draw,
};
