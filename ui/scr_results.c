/*
 * The results screen: the run's table in BYTE layout with its spread
 * (report_results(), the table `sysmark show` prints) and the curves
 * that follow it there (scaling, users, memory), then its ratio to
 * a reference the user picks among baselines and saved runs
 * (compare_side_by_side()), each ratio also drawn as a bar.  Saving asks
 * for a name, offers the default under results/, never overwrites
 * without asking.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define SCR_RESULTS_BAR_W	18	/* columns kept right of the ratios */

static const struct ui_key scr_results_help[] = {
	{ "s", "save the run (asks for a name; asks before replacing)" },
	{ "b", "next reference: a baseline or saved run, or none" },
	{ "o", "compare screen: any runs and baselines side by side" },
	{ "n", "back to the select screen for a new run" },
	{ "j k h l", "scroll" },
	{ NULL, NULL }
};

/*
 * Rebuild the tables against the chosen reference: the ratios, and the
 * INDEX VALUES when the reference is an index baseline (it says so in
 * its "index" fact).
 */
static void
scr_results_reference(struct ui *ui)
{
	const struct ui_source	*src;
	const struct run	*rp[2];
	const char		*names[2];
	struct run		 ref;
	struct sm_error		 err;
	char			*mine;

	table_free(ui->res_cmp);
	table_free(ui->res_index);
	ui->res_cmp = ui->res_index = NULL;
	if (ui->res_ref == 0 || ui->res_ref > ui->nsrc)
		return;
	src = &ui->src[ui->res_ref - 1];
	run_init(&ref);
	if (ui_source_load(ui, src, &ref, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		run_free(&ref);
		return;
	}
	mine = ui->live.saved ? paths_label(ui->live.path) :
	    xstrdup("this run");
	rp[0] = &ref;
	rp[1] = &ui->live.run;
	names[0] = src->name;
	names[1] = mine;
	ui->res_cmp = compare_side_by_side(rp, names, 2);
	if (run_meta_get(&ref, "index") != NULL)
		ui->res_index = index_table(&ui->live.run, &ref, src->name);
	free(mine);
	run_free(&ref);
}

/* b: the next source that is not this run itself, then none. */
static void
scr_results_next_reference(struct ui *ui)
{
	do
		ui->res_ref = (ui->res_ref + 1) % (ui->nsrc + 1);
	while (ui->res_ref != 0 &&
	    (ui->src[ui->res_ref - 1].kind == UI_SRC_CURRENT ||
	    (ui->live.saved &&
	    strcmp(ui->src[ui->res_ref - 1].path, ui->live.path) == 0)));
	scr_results_reference(ui);
	if (ui->res_ref == 0)
		ui_message(ui, "no reference%s", ui->nsrc == 0 ? ": no "
		    "baselines or saved runs found" : "");
}

/* The run's curves (scaling, users, memory), as `sysmark show` prints. */
static void
scr_results_curves(struct ui *ui)
{
	for (size_t i = 0; i < ui->nres_curves; i++)
		table_free(ui->res_curves[i]);
	free(ui->res_curves);
	ui->res_curves = NULL;
	ui->nres_curves = 0;
	if (ui->live.have_run)
		ui->nres_curves = curves_tables(&ui->live.run,
		    &ui->res_curves);
}

static void
scr_results_enter(struct ui *ui)
{
	scr_results_curves(ui);
	ui->res_top = ui->res_left = 0;
	ui_source_scan(ui);
	if (ui->res_ref > ui->nsrc)
		ui->res_ref = 0;
	scr_results_reference(ui);
}

/* ---- Saving ---- */

static void
scr_results_saved(struct ui *ui, const char *path)
{
	snprintf(ui->live.path, sizeof ui->live.path, "%s", path);
	ui->live.saved = 1;
	ui_message(ui, "saved %s", path);
	ui_source_scan(ui);
	ui->res_ref = 0;
	scr_results_reference(ui);
}

static void
scr_results_replace(struct ui *ui, const char *answer)
{
	struct sm_error	err;

	(void)answer;
	if (csvstore_save(&ui->live.run, ui->res_pending, 1, &err) != 0)
		ui_message(ui, "%s", err.msg);
	else
		scr_results_saved(ui, ui->res_pending);
}

static void
scr_results_save_as(struct ui *ui, const char *path)
{
	struct sm_error	err;
	struct stat	sb;
	char		q[sizeof ui->prompt.question], *label;

	if (*path == '\0') {
		ui_message(ui, "not saved");
		return;
	}
	if (csvstore_save(&ui->live.run, path, 0, &err) == 0) {
		scr_results_saved(ui, path);
		return;
	}
	if (stat(path, &sb) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	snprintf(ui->res_pending, sizeof ui->res_pending, "%s", path);
	label = paths_label(path);
	snprintf(q, sizeof q, "%s.csv exists: replace it? (y/n)", label);
	free(label);
	ui_ask(ui, 1, q, NULL, scr_results_replace);
}

static void
scr_results_save(struct ui *ui)
{
	struct sm_error	err;
	char		path[PATH_MAX];

	if (paths_default_run(ui->self[0] ? ui->self : NULL, &ui->live.run,
	    path, sizeof path, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	ui_ask(ui, 0, "save as:", ui->live.saved ? ui->live.path : path,
	    scr_results_save_as);
}

static int
scr_results_key(struct ui *ui, int c)
{
	if (!ui->live.have_run && c != 'n' && c != 'o')
		return 0;
	if (ui_scroll_key(c, &ui->res_top, &ui->res_left))
		return 1;
	switch (c) {
	case 's':
		scr_results_save(ui);
		return 1;
	case 'b':
		scr_results_next_reference(ui);
		return 1;
	case 'o':
		ui_switch(ui, &scr_compare);
		return 1;
	case 'n':
		ui_switch(ui, &scr_select);
		return 1;
	}
	return 0;
}

/* ---- Drawing ---- */

/* The ratio a RATIO cell starts with ("1.47 +"); 1 if there is one. */
static int
scr_results_ratio(const char *cell, double *v)
{
	char	*end;

	*v = strtod(cell, &end);
	return end != cell;
}

/*
 * A table, and if it has a column headed bar_col (RATIO, INDEX) a bar
 * beside each of its rows, scaled to the largest figure there; the table
 * then gives up SCR_RESULTS_BAR_W columns for them.  Line first of the
 * table at the top of r; with r.h 0 it only counts.  Returns its lines.
 */
static int
scr_results_block(struct ui *ui, const struct table *t, struct ui_rect r,
    int first, const char *bar_col)
{
	int	col = bar_col != NULL ? w_table_col(t, bar_col) : -1, x, y;
	double	v, max = 2;

	if (col >= 0)
		r.w = COLS - SCR_RESULTS_BAR_W;
	if (r.h <= 0)
		return w_table_lines(t, r.w);
	x = r.x + w_table_draw(ui, t, r, first, ui->res_left) + 2;
	for (size_t i = 0; col >= 0 && i < t->nrows; i++)
		if (scr_results_ratio(t->rows[i].cells[col], &v) && v > max)
			max = v;
	for (size_t i = 0; col >= 0 && i < t->nrows; i++) {
		y = r.y + 1 + (int)i - first;
		if (y < r.y || y >= r.y + r.h || t->rows[i].section ||
		    !scr_results_ratio(t->rows[i].cells[col], &v))
			continue;
		w_bar_draw(ui, y, x, COLS - x - 1, v, max);
	}
	return w_table_lines(t, r.w);
}

/*
 * The body, a column of blocks scrolled together: the report's title,
 * its table, then the ratio heading and table.  With r.h 0 it only
 * counts; returns its lines.
 */
static int
scr_results_body(struct ui *ui, struct ui_rect r)
{
	const struct table	*t = ui->live.table;
	char			 head[128];
	int			 vy = 0;

	vy += ui_text(ui, r, ui->res_top - vy, UI_NATTR, t->title) + 1;
	vy += scr_results_block(ui, t, r, ui->res_top - vy, NULL) + 1;
	for (size_t i = 0; i < ui->nres_curves; i++) {
		const struct table	*c = ui->res_curves[i];

		if (c->title[0] != '\0')
			vy += ui_text(ui, r, ui->res_top - vy, UI_A_SECTION,
			    c->title);
		vy += scr_results_block(ui, c, r, ui->res_top - vy, NULL) + 1;
	}
	if (ui->res_cmp == NULL)
		return vy + ui_text(ui, r, ui->res_top - vy, UI_NATTR, "No "
		    "reference chosen: b picks a baseline or a saved run to "
		    "show ratios against.");
	snprintf(head, sizeof head, "Ratio to %s (b: another reference)",
	    ui->src[ui->res_ref - 1].name);
	vy += ui_text(ui, r, ui->res_top - vy, UI_A_SECTION, head);
	vy += scr_results_block(ui, ui->res_cmp, r, ui->res_top - vy,
	    "RATIO");
	if (ui->res_index == NULL)
		return vy;
	vy++;
	vy += ui_text(ui, r, ui->res_top - vy, UI_A_SECTION,
	    ui->res_index->title);
	return vy + scr_results_block(ui, ui->res_index, r, ui->res_top - vy,
	    "INDEX");
}

static void
scr_results_draw(struct ui *ui)
{
	struct ui_live	*l = &ui->live;
	struct ui_rect	 r = ui_body();
	int		 n;

	if (!l->have_run || l->table == NULL) {
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- results");
		ui_puts(ui, 2, 0, COLS, UI_NATTR, "No run yet: n goes to the "
		    "select screen, o compares saved runs.");
		return;
	}
	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- results%s: %s",
	    l->cancelled ? " (aborted)" : "",
	    l->saved ? l->path : "not saved yet (s saves)");
	ui_hline(ui, 1, 0, COLS);
	r.y = 2;
	r.h = 0;
	n = scr_results_body(ui, r);
	r.h = LINES - 1 - r.y;
	ui->res_top = ui_scroll(ui->res_top, 0, n, r.h);
	scr_results_body(ui, r);
}

const struct ui_screen scr_results = {
	.name = "Results",
	.status = "s:save  b:reference  o:compare  n:new run  j/k/h/l:scroll "
	    " ?:help  q:quit",
	.help = scr_results_help,
	.enter = scr_results_enter,
	.key = scr_results_key,
	.draw = scr_results_draw,
};
