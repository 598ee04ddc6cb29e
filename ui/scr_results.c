/*
 * The results screen: a run whole, as `sysmark show` prints it (the
 * table in BYTE layout with its spread from report_results(), every
 * statistic from report_stats(), the curves that follow it there from
 * curves_tables(): scaling, users, a memory-latency sweep), then its ratio to a reference the user picks among
 * baselines and saved runs (compare_side_by_side()), each ratio also
 * drawn as a bar that is longer for better whatever the test's
 * direction.  The run is the one just measured, or a saved run or
 * baseline opened from the compare screen.  Saving asks for a name,
 * offers the default under results/, never overwrites without asking;
 * a run saved under a new name is moved there, not copied.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui.h"
#include "ui_live.h"
#include "ui_report.h"
#include "ui_source.h"
#include "ui_view.h"
#include "w.h"

#define SCR_RESULTS_BAR_W	18	/* columns kept right of the ratios */
#define SCR_RESULTS_LABEL_MAX	64	/* bytes, as run -l allows */

static const struct ui_key scr_results_help[] = {
	{ "s", "save the run: a path, or a name (any language) that labels "
	    "it and is saved in the results directory (moved, not copied); "
	    "asks before replacing" },
	{ "b", "choose the reference: saved runs and baselines in a list; "
	    "type to filter, arrows move, Enter chooses" },
	{ "e", "write the HTML report of what is shown (the run, and the "
	    "reference against it) under results/; says where" },
	{ "j k h l", "move the highlight (its full title shows below); "
	    "scroll sideways, the test column stays" },
	{ "bars", "longer is better for every test (a latency's bar is "
	    "inverted); | is the reference; + better, ~ no clear change, "
	    "- worse, ! the test's version differs" },
	{ NULL, NULL }
};

/*
 * The screen's own state (struct ui's results): where the view is, and
 * the tables built for the run shown (ui_view.c) against its reference.
 */
struct scr_results {
	int			 top;		/* the first line in view */
	int			 left;		/* scrolled sideways */
	int			 cur;		/* the highlighted line */
	const struct table_row	*row;		/* its row, as drawn */
	char			 pending[PATH_MAX];	/* to replace? */
	struct table		*stats;		/* report_stats() */
	struct table		*cmp;		/* reference, this run */
	struct table		*index;		/* against an index baseline */
	struct table		**curves;	/* curves_tables() */
	size_t			 ncurves;
};

static const char scr_results_legend[] = "bars: longer is better, | = "
    "reference;  + better  ~ no clear change  - worse";


/* The index against ref, its intervals widened by the host profile. */
static void
scr_results_index(struct ui *ui, const struct run *run, const struct run *ref,
    const char *name)
{
	struct run	profile;
	struct sm_error	err;
	char		path[PATH_MAX];
	int		have;

	have = noise_find_noted(ui->self[0] != '\0' ? ui->self : NULL, &run,
	    1, &profile, path, sizeof path, &err) > 0;
	ui->results->index = index_table_noise(run, ref, name, have ? &profile :
	    NULL, path);
	run_free(&profile);
}

/*
 * The index's headline from its table: each section's score ("System
 * Benchmarks Index Score" or BYTE's AVERAGE) with its interval and the
 * section's copies, as one line the results screen shows first, so the
 * figure a UnixBench user looks for is in view, not pages down.  ""
 * when the table has none.
 */
static void
scr_results_index_line(const struct table *t, char *buf, size_t len)
{
	const char	*sect = NULL, *name;
	int		 ci = w_table_col(t, "+/- CI"), ix = w_table_col(t,
	    "INDEX");
	size_t		 n = 0;

	buf[0] = '\0';
	for (size_t r = 0; ix >= 0 && r < t->nrows && n + 1 < len; r++) {
		name = t->rows[r].cells[0];
		if (t->rows[r].section) {
			sect = name;
			continue;
		}
		if (strncmp(name, "System Benchmarks Index Score", 29) != 0 &&
		    strcmp(name, "AVERAGE") != 0)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s %s%s%s%s%s%s",
		    n > 0 ? "; " : "", name[0] == 'A' ? "average" :
		    name + 18, t->rows[r].cells[ix], ci >= 0 &&
		    t->rows[r].cells[ci][0] != '\0' ? " +/- " : "",
		    ci >= 0 ? t->rows[r].cells[ci] : "", sect != NULL ? " (" :
		    "", sect != NULL ? sect : "", sect != NULL ? ")" : "");
	}
	if (n >= len)
		buf[len - 1] = '\0';
}

/*
 * Rebuild the tables against the chosen reference: the ratios, and the
 * INDEX VALUES when the reference is an index baseline (it says so in
 * its "index" fact).
 */
static void
scr_results_reference(struct ui *ui)
{
	struct scr_results	*rs = ui->results;
	const char		*path = ui_view_ref(ui);
	const struct ui_source	*src;
	const struct run	*rp[2];
	const char		*names[2];
	struct run		 ref;
	struct sm_error		 err;
	char			*mine;

	table_free(rs->cmp);
	table_free(rs->index);
	rs->cmp = rs->index = NULL;
	if (path[0] == '\0')
		return;
	if ((src = ui_source_find(ui, path)) == NULL) {
		ui_message(ui, "reference %s is gone", path);
		ui_view_set_ref(ui, "");
		return;
	}
	run_init(&ref);
	if (ui_source_load(ui, src, &ref, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		run_free(&ref);
		return;
	}
	mine = ui_view_label(ui);
	rp[0] = &ref;
	rp[1] = ui_view_run(ui);
	names[0] = src->name;
	names[1] = mine;
	rs->cmp = compare_side_by_side(rp, names, 2);
	if (run_meta_get(&ref, "index") != NULL)
		scr_results_index(ui, rp[1], &ref, src->name);
	free(mine);
	run_free(&ref);
}

static void
scr_results_enter(struct ui *ui)
{
	struct scr_results	*rs = ui->results;
	const struct run	*run = ui_view_run(ui);

	rs->top = rs->left = rs->cur = 0;
	ui_source_scan(ui);
	table_free(rs->stats);
	rs->stats = report_stats(run);
	for (size_t i = 0; i < rs->ncurves; i++)
		table_free(rs->curves[i]);
	free(rs->curves);
	rs->curves = NULL;
	/* The curves `sysmark show` prints: scaling, users, memory. */
	rs->ncurves = curves_tables(run, &rs->curves);
	scr_results_reference(ui);
}

/* ---- Saving ---- */

/*
 * The run now in path.  The file it was in before (saved as it ended,
 * or under another name since) is removed: a run saved under a name is
 * moved there, never left twice for History and the pick lists to count.
 */
static void
scr_results_saved(struct ui *ui, const char *path)
{
	struct ui_live	*l = ui->live;

	if (l->saved && strcmp(l->path, path) != 0 && unlink(l->path) != 0)
		ui_message(ui, "saved %s; %s is left too (%s)", path, l->path,
		    strerror(errno));
	else
		ui_message(ui, "saved %s", path);
	snprintf(l->path, sizeof l->path, "%s", path);
	l->saved = 1;
	ui_source_scan(ui);
	scr_results_reference(ui);
}

static void
scr_results_replace(struct ui *ui, const char *answer)
{
	const char	*path = ui->results->pending;
	struct sm_error	 err;

	(void)answer;
	if (csvstore_save(&ui->live->run, path, 1, &err) != 0)
		ui_message(ui, "%s", err.msg);
	else
		scr_results_saved(ui, path);
}

static void scr_results_save_as(struct ui *, const char *);

/*
 * A name, not a path: the run's label (as run -l gives one, in UTF-8 as
 * typed), saved as NAME.csv beside where it would have gone.
 */
static void
scr_results_save_named(struct ui *ui, const char *name)
{
	struct sm_error	 err;
	char		 path[PATH_MAX], *label, *slash;
	size_t		 at;

	if (strlen(name) > SCR_RESULTS_LABEL_MAX) {
		ui_message(ui, "not saved: a name is at most %d bytes, this "
		    "one %zu", SCR_RESULTS_LABEL_MAX, strlen(name));
		return;
	}
	if (paths_default_run(ui->self[0] ? ui->self : NULL, &ui->live->run,
	    path, sizeof path, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	slash = strrchr(path, '/');
	at = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	label = paths_label(name);
	snprintf(path + at, sizeof path - at, "%s.csv", label);
	run_meta_set(&ui->live->run, "label", label);
	free(label);
	scr_results_save_as(ui, path);
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
	if (strchr(path, '/') == NULL) {
		scr_results_save_named(ui, path);
		return;
	}
	/* The file the run was saved in as it ended: saved again. */
	if (csvstore_save(&ui->live->run, path, ui->live->saved &&
	    strcmp(path, ui->live->path) == 0, &err) == 0) {
		scr_results_saved(ui, path);
		return;
	}
	if (stat(path, &sb) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	snprintf(ui->results->pending, sizeof ui->results->pending, "%s",
	    path);
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

	if (paths_default_run(ui->self[0] ? ui->self : NULL, &ui->live->run,
	    path, sizeof path, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	ui_ask(ui, 0, "save as:", ui->live->saved ? ui->live->path : path,
	    scr_results_save_as);
}

/* r: back to the run just measured. */
static void
scr_results_live(struct ui *ui)
{
	if (!ui->live->have_run) {
		ui_message(ui, "no run yet: n goes to the select screen");
		return;
	}
	ui_view_live(ui);
	scr_results_enter(ui);
}

static int
scr_results_key(struct ui *ui, int c)
{
	if (ui_scroll_key(c, &ui->results->cur, &ui->results->left))
		return 1;
	switch (c) {
	case 's':
		if (ui_view_saved(ui))
			ui_message(ui, "this is %s as saved; v goes to the "
			    "run just measured", ui_view_name(ui));
		else
			scr_results_save(ui);
		return 1;
	case 'b':
		ui_switch(ui, UI_SCR_PICK);
		return 1;
	case 'e':
		ui_report_results(ui);
		return 1;
	case 'v':
		scr_results_live(ui);
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
	return end != cell && *v > 0 && !isinf(*v);
}

/*
 * How much better than the reference a row's ratio is: the ratio, or
 * for a test where less is better (a latency) its inverse, so that a
 * longer bar always means better.  The row's key starts with its id.
 */
static double
scr_results_better(const struct table_row *row, double ratio)
{
	const struct bench	*b;
	char			 id[64];

	if (row->key == NULL)
		return ratio;
	snprintf(id, sizeof id, "%.*s", (int)strcspn(row->key, " "),
	    row->key);
	b = registry_find(id);
	return b != NULL && b->dir == BENCH_LOWER ? 1 / ratio : ratio;
}

/* A bar beside each row of t that has a figure in column col. */
static void
scr_results_bars(struct ui *ui, const struct table *t, struct ui_rect r,
    int first, int col, int x)
{
	double	v, max = 2;

	for (size_t i = 0; i < t->nrows; i++)
		if (!t->rows[i].section &&
		    scr_results_ratio(t->rows[i].cells[col], &v) &&
		    (v = scr_results_better(&t->rows[i], v)) > max)
			max = v;
	for (size_t i = 0; i < t->nrows; i++) {
		int	y = r.y + 1 + (int)i - first;

		if (y < r.y || y >= r.y + r.h || t->rows[i].section ||
		    !scr_results_ratio(t->rows[i].cells[col], &v))
			continue;
		w_bar_draw(ui, y, x, COLS - x - 1,
		    scr_results_better(&t->rows[i], v), max);
	}
}

/*
 * A table, and if it has a column headed bar_col (RATIO, INDEX) a bar
 * beside each of its rows; the table then gives up SCR_RESULTS_BAR_W
 * columns for them.  Line first of the table at the top of r; with r.h
 * 0 it only counts.  The row on the highlighted line is highlighted and
 * remembered.  Returns its lines.
 */
static int
scr_results_block(struct ui *ui, const struct table *t, struct ui_rect r,
    int first, const char *bar_col)
{
	struct scr_results	*rs = ui->results;
	int			 col, x, cur;

	col = bar_col != NULL ? w_table_col(t, bar_col) : -1;
	if (col >= 0)
		r.w = COLS - SCR_RESULTS_BAR_W;
	if (r.h <= 0)
		return w_table_lines(t, r.w);
	cur = rs->cur - (rs->top - first) - 1;
	if (cur < 0 || cur >= (int)t->nrows)
		cur = -1;
	else
		rs->row = &t->rows[cur];
	x = r.x + w_table_draw(ui, t, r, first, rs->left, cur,
	    W_TABLE_FIT) + 2;
	if (col >= 0)
		scr_results_bars(ui, t, r, first, col, x);
	return w_table_lines(t, r.w);
}

/* A heading and a table under it; with r.h 0 it only counts. */
static int
scr_results_section(struct ui *ui, struct ui_rect r, int vy,
    const char *head, const struct table *t, const char *bar_col)
{
	int	top = ui->results->top, n = 1;

	n += ui_text(ui, r, top - vy - n, UI_A_SECTION, head);
	if (bar_col != NULL && strcmp(bar_col, "RATIO") == 0)
		n += ui_text(ui, r, top - vy - n, UI_NATTR,
		    scr_results_legend);
	return n + scr_results_block(ui, t, r, top - vy - n,
	    bar_col);
}

/*
 * The body, a column of blocks scrolled together: the report's title,
 * its table, the ratios, the index, every statistic, a memory curve.
 * With r.h 0 it only counts; returns its lines.
 */
static int
scr_results_body(struct ui *ui, struct ui_rect r)
{
	const struct scr_results *rs = ui->results;
	const struct table	*t = ui_view_table(ui);
	const struct ui_source	*ref = ui_source_find(ui, ui_view_ref(ui));
	char			 head[128], line[512];
	int			 vy = 0, n;

	vy += ui_text(ui, r, rs->top - vy, UI_NATTR, t->title) + 1;
	/* The index's score first: its table is further down. */
	if (rs->index != NULL && ref != NULL) {
		n = snprintf(line, sizeof line, "Index against %s: ",
		    ref->name);
		scr_results_index_line(rs->index, line + n, sizeof line - n);
		if (line[n] != '\0')
			vy += ui_text(ui, r, rs->top - vy, UI_A_SECTION,
			    line) + 1;
	}
	vy += scr_results_block(ui, t, r, rs->top - vy, NULL);
	if (rs->cmp == NULL || ref == NULL)
		vy += 1 + ui_text(ui, r, rs->top - vy - 1, UI_NATTR,
		    "No reference chosen: b picks a baseline or a saved run "
		    "to show ratios against.");
	else {
		snprintf(head, sizeof head, "Ratio to %s (b: another "
		    "reference)", ref->name);
		vy += scr_results_section(ui, r, vy, head, rs->cmp,
		    "RATIO");
	}
	if (rs->index != NULL)
		vy += scr_results_section(ui, r, vy, rs->index->title,
		    rs->index, "INDEX");
	if (rs->stats != NULL)
		vy += scr_results_section(ui, r, vy, "Every statistic",
		    rs->stats, NULL);
	for (size_t i = 0; i < rs->ncurves; i++)
		vy += scr_results_section(ui, r, vy,
		    rs->curves[i]->title != NULL &&
		    rs->curves[i]->title[0] != '\0' ?
		    rs->curves[i]->title : "Curve", rs->curves[i],
		    NULL);
	return vy;
}

/* Clamp the highlight and keep it in view; the view ends at the body's. */
static void
scr_results_view(struct ui *ui, int n, int h)
{
	struct scr_results	*rs = ui->results;
	int			 maxl = 0, w = COLS - SCR_RESULTS_BAR_W;
	const struct table *const v[] = { ui_view_table(ui), rs->cmp,
	    rs->index, rs->stats };

	rs->cur = ui_scroll(rs->cur, 0, n, 1);
	if (rs->cur < rs->top)
		rs->top = rs->cur;
	if (rs->cur >= rs->top + h)
		rs->top = rs->cur - h + 1;
	rs->top = ui_scroll(rs->top, 0, n, h);
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (v[i] != NULL && w_table_max_left(v[i], w) > maxl)
			maxl = w_table_max_left(v[i], w);
	for (size_t i = 0; i < rs->ncurves; i++)
		if (w_table_max_left(rs->curves[i], w) > maxl)
			maxl = w_table_max_left(rs->curves[i], w);
	if (rs->left > maxl)
		rs->left = maxl;
}

/* Under the body: the highlighted row's full title and where we are. */
static void
scr_results_detail(struct ui *ui, int y, int n, int h)
{
	const struct scr_results *rs = ui->results;
	const struct table_row	*row = rs->row;
	char			 pos[48];
	int			 w;

	w = snprintf(pos, sizeof pos, "%s%s%d/%d", rs->top > 0 ?
	    "more above  " : "", rs->top + h < n ? "more below  " : "",
	    rs->cur + 1, n);
	ui_puts(ui, y, COLS - w, w, UI_A_SECTION, pos);
	if (row != NULL && !row->section)
		ui_printf(ui, y, 0, COLS - w - 1, UI_NATTR, "%s%s%s",
		    row->key != NULL ? row->key : "",
		    row->key != NULL ? ": " : "", row->cells[0]);
}

static void
scr_results_draw(struct ui *ui)
{
	struct ui_live	*l = ui->live;
	struct ui_rect	 r = ui_body();
	int		 n;

	if (ui_view_table(ui) == NULL) {
		ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- results");
		ui_puts(ui, 2, 0, COLS, UI_NATTR, "No run yet: n goes to the "
		    "select screen, o opens saved runs and baselines.");
		return;
	}
	if (ui_view_saved(ui))
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- %s, as "
		    "saved (v: the run just measured)", ui_view_name(ui));
	else
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- results%s: "
		    "%s", l->cancelled ? " (aborted)" : "",
		    l->saved ? l->path : "not saved yet (s saves)");
	ui_hline(ui, 1, 0, COLS);
	r.y = 2;
	r.h = 0;
	n = scr_results_body(ui, r);
	r.h = LINES - 2 - r.y;
	scr_results_view(ui, n, r.h);
	ui->results->row = NULL;
	scr_results_body(ui, r);
	scr_results_detail(ui, LINES - 2, n, r.h);
}

static void
scr_results_init(struct ui *ui)
{
	ui->results = xcalloc(1, sizeof *ui->results);
}

static void
scr_results_free(struct ui *ui)
{
	struct scr_results	*rs = ui->results;

	table_free(rs->cmp);
	table_free(rs->index);
	table_free(rs->stats);
	for (size_t i = 0; i < rs->ncurves; i++)
		table_free(rs->curves[i]);
	free(rs->curves);
	free(rs);
	ui->results = NULL;
}

const struct ui_screen scr_results = {
	.name = "Results",
	.status = "s:save  b:reference  o:compare  e:report  n:new  "
	    "j/k/h/l:move  ?:help  q:quit",
	.help = scr_results_help,
	.enter = scr_results_enter,
	.key = scr_results_key,
	.draw = scr_results_draw,
	.init = scr_results_init,
	.free = scr_results_free,
};
