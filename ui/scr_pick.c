/*
 * The reference picker of the results screen: every saved run (its date
 * and host) and every baseline (its source) in one list, filtered as the
 * user types, moved in with the arrows, chosen with Enter.  The choice is
 * kept by its path or baseline name, never by its place in the list, so
 * saving a run (which adds a line) does not change it.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"

/* The sources the filter keeps, as indexes (-1: "no reference"). */
static int
scr_pick_list(const struct ui *ui, int *v)
{
	const char	*f = ui->prompt.text;
	int		 n = 0;

	if (ui_contains("none", f))
		v[n++] = -1;
	for (size_t i = 0; i < ui->nsrc; i++) {
		const struct ui_source	*s = &ui->src[i];

		if (s->kind == UI_SRC_CURRENT || (ui->live.saved &&
		    !ui->viewing && strcmp(s->path, ui->live.path) == 0))
			continue;
		if (ui_contains(s->name, f) ||
		    (s->about != NULL && ui_contains(s->about, f)))
			v[n++] = (int)i;
	}
	return n;
}

static int *
scr_pick_filtered(const struct ui *ui, int *n)
{
	int	*v = xcalloc(ui->nsrc + 1, sizeof *v);

	*n = scr_pick_list(ui, v);
	return v;
}

static void
scr_pick_back(struct ui *ui)
{
	ui_switch(ui, UI_SCR_RESULTS);
}

static void
scr_pick_done(struct ui *ui, const char *text)
{
	int	n, *v = scr_pick_filtered(ui, &n);

	(void)text;
	if (n == 0) {
		ui_message(ui, "nothing matches \"%s\": Esc goes back",
		    ui->prompt.text);
		ui->prompt.active = 1;
		free(v);
		return;
	}
	if (ui->pick_cur >= n)
		ui->pick_cur = n - 1;
	if (v[ui->pick_cur] < 0)
		ui->res_ref[0] = '\0';
	else
		snprintf(ui->res_ref, sizeof ui->res_ref, "%s",
		    ui->src[v[ui->pick_cur]].path);
	free(v);
	scr_pick_back(ui);
}

static void
scr_pick_move(struct ui *ui, int d)
{
	int	n, *v = scr_pick_filtered(ui, &n);

	free(v);
	ui->pick_cur += d;
	if (ui->pick_cur >= n)
		ui->pick_cur = n - 1;
	if (ui->pick_cur < 0)
		ui->pick_cur = 0;
}

static void
scr_pick_enter(struct ui *ui)
{
	ui_source_scan(ui);
	ui_source_describe(ui);
	ui->pick_cur = ui->pick_top = 0;
	ui_ask(ui, 0, "reference (type to filter, arrows move, Enter "
	    "chooses, Esc goes back):", "", scr_pick_done);
	ui->prompt.step = scr_pick_move;
	ui->prompt.cancel = scr_pick_back;
}

/* Keys reach here only when no question is open: reopen it. */
static int
scr_pick_key(struct ui *ui, int c)
{
	(void)c;
	scr_pick_enter(ui);
	return 1;
}

static void
scr_pick_draw_row(struct ui *ui, int y, int i, int cur)
{
	const struct ui_source	*s = i >= 0 ? &ui->src[i] : NULL;
	enum ui_attr		 a = cur ? UI_A_CURSOR : UI_NATTR;

	if (s == NULL)
		ui_puts(ui, y, 0, COLS, a, "  (none: no ratios)");
	else
		ui_printf(ui, y, 0, COLS, a, "  %-9s %-24s %s",
		    s->kind == UI_SRC_SAVED ? "saved run" : "baseline",
		    s->name, s->about != NULL ? s->about : "");
}

static void
scr_pick_draw(struct ui *ui)
{
	int	n, *v = scr_pick_filtered(ui, &n), h = LINES - 4;

	ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- choose the reference "
	    "the results are compared with");
	if (ui->pick_cur >= n)
		ui->pick_cur = n > 0 ? n - 1 : 0;
	if (ui->pick_cur < ui->pick_top)
		ui->pick_top = ui->pick_cur;
	if (ui->pick_cur >= ui->pick_top + h)
		ui->pick_top = ui->pick_cur - h + 1;
	ui_printf(ui, 1, 0, COLS, UI_A_SECTION, "%d of %zu match%s%s", n,
	    ui->nsrc + 1, ui->pick_top > 0 ? ", more above" : "",
	    ui->pick_top + h < n ? ", more below" : "");
	for (int i = ui->pick_top; i < n && i < ui->pick_top + h; i++)
		scr_pick_draw_row(ui, 2 + i - ui->pick_top, v[i],
		    i == ui->pick_cur);
	free(v);
}

const struct ui_screen scr_pick = {
	.name = "Reference",
	.status = "type to filter  arrows:move  Enter:choose  Esc:back",
	.help = NULL,
	.enter = scr_pick_enter,
	.key = scr_pick_key,
	.draw = scr_pick_draw,
};
