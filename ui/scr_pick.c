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
#include "ui_live.h"
#include "ui_source.h"
#include "ui_view.h"

/* The screen's own state (struct ui's pick). */
struct scr_pick {
	int	cur;		/* the highlighted line of those kept */
	int	top;		/* the first in view */
};

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

		if (s->kind == UI_SRC_CURRENT || (ui->live->saved &&
		    !ui_view_saved(ui) && strcmp(s->path, ui->live->path) == 0))
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
	struct scr_pick	*p = ui->pick;
	int		 n, *v = scr_pick_filtered(ui, &n);

	(void)text;
	if (n == 0) {
		ui_message(ui, "nothing matches \"%s\": Esc goes back",
		    ui->prompt.text);
		ui->prompt.active = 1;
		free(v);
		return;
	}
	if (p->cur >= n)
		p->cur = n - 1;
	ui_view_set_ref(ui, v[p->cur] < 0 ? "" : ui->src[v[p->cur]].path);
	free(v);
	scr_pick_back(ui);
}

static void
scr_pick_move(struct ui *ui, int d)
{
	struct scr_pick	*p = ui->pick;
	int		 n, *v = scr_pick_filtered(ui, &n);

	free(v);
	p->cur += d;
	if (p->cur >= n)
		p->cur = n - 1;
	if (p->cur < 0)
		p->cur = 0;
}

static void
scr_pick_enter(struct ui *ui)
{
	ui_source_scan(ui);
	ui_source_describe(ui);
	ui->pick->cur = ui->pick->top = 0;
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
	char			 cover[32], *tests, line[1024];

	if (s == NULL) {
		ui_puts(ui, y, 0, COLS, a, "  (none: no ratios)");
		return;
	}
	/* Which of the shown run's tests it has: "tests 0/2", no ratio. */
	tests = ui_source_tests(ui_view_run(ui));
	ui_source_cover(s, tests, cover, sizeof cover);
	free(tests);
	snprintf(line, sizeof line, "  %-9s %-20s %-*s%s",
	    s->kind == UI_SRC_SAVED ? "saved run" : "baseline", s->name,
	    cover[0] != '\0' ? 11 : 0, cover, s->about != NULL ? s->about :
	    "");
	ui_puts_mark(ui, y, 0, COLS, a, line);
}

static void
scr_pick_draw(struct ui *ui)
{
	struct scr_pick	*p = ui->pick;
	int		 n, *v = scr_pick_filtered(ui, &n), h = LINES - 4;
	const char	*about = NULL;
	char		 line[1024];

	ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- choose the reference "
	    "the results are compared with");
	if (p->cur >= n)
		p->cur = n > 0 ? n - 1 : 0;
	if (p->cur < p->top)
		p->top = p->cur;
	if (p->cur >= p->top + h)
		p->top = p->cur - h + 1;
	if (p->cur < n && v[p->cur] >= 0)
		about = ui->src[v[p->cur]].about;
	/* The count, and the cursor's entry whole (its line may be cut). */
	snprintf(line, sizeof line, "%d of %zu match%s%s%s%s", n,
	    ui->nsrc + 1, p->top > 0 ? ", more above" : "",
	    p->top + h < n ? ", more below" : "", about != NULL ? "  " : "",
	    about != NULL ? about : "");
	ui_puts_mark(ui, 1, 0, COLS, UI_A_SECTION, line);
	for (int i = p->top; i < n && i < p->top + h; i++)
		scr_pick_draw_row(ui, 2 + i - p->top, v[i],
		    i == p->cur);
	free(v);
}

static void
scr_pick_init(struct ui *ui)
{
	ui->pick = xcalloc(1, sizeof *ui->pick);
}

static void
scr_pick_free(struct ui *ui)
{
	free(ui->pick);
	ui->pick = NULL;
}

const struct ui_screen scr_pick = {
	.name = "Reference",
	.status = "type to filter  arrows:move  Enter:choose  Esc:back",
	.help = NULL,
	.enter = scr_pick_enter,
	.key = scr_pick_key,
	.draw = scr_pick_draw,
	.init = scr_pick_init,
	.free = scr_pick_free,
};
