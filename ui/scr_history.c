/*
 * The History screen: the saved runs under results/ as series (the
 * core's history.c, through its index), one line per test: a sparkline
 * of its runs over time with the change points highlighted, and its last
 * step (or "~ <x%", or too short).  Enter on a series with a change
 * point shows the runs on each side of its newest one compared, side by
 * side (history_compare.c); [ and ] step to the change point before or
 * after.  Reached with H from the results and compare screens.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "w.h"

#define SCR_HISTORY_NAME	14	/* columns of the test's name */
#define SCR_HISTORY_SPARK	30	/* of its sparkline: the newest runs */

/* The screen's own state (struct ui's history). */
struct scr_history {
	struct history	 h;
	size_t		 bad;		/* files read around */
	int		 cur;		/* the series under the cursor */
	int		 top;
	struct table	*table;		/* a change point's sides, or NULL */
	size_t		 cp;		/* ...which one */
	int		 ttop;
	int		 tleft;
};

static const struct ui_key scr_history_help[] = {
	{ "Enter", "the runs on each side of the series' newest change "
	    "point, compared; again: back to the list" },
	{ "[ ]", "with the sides shown: the change point before, after" },
	{ "j k J K", "move in the list, scroll the table" },
	{ NULL, NULL }
};

/* A file read around: counted, shown in the title. */
static void
scr_history_warn(const char *msg, void *arg)
{
	(void)msg;
	(*(size_t *)arg)++;
}

/* Read the results directory's runs, once per visit. */
static void
scr_history_load(struct ui *ui)
{
	struct scr_history	*s = ui->history;
	struct histindex_stats	 st;
	struct history_query	 q = { 0 };
	struct sm_error		 err;
	char			 dir[PATH_MAX], cache[PATH_MAX], *paths[1];

	history_free(&s->h);
	history_init(&s->h);
	s->bad = 0;
	if (paths_results_dir(ui->self[0] ? ui->self : NULL, dir, sizeof dir,
	    &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	paths[0] = dir;
	histindex_load(&s->h, paths, 1, histindex_cache(NULL, cache,
	    sizeof cache), scr_history_warn, &s->bad, &st);
	changepoint_opts_default(&q.cp);
	history_build(&s->h, &q);
}

static void
scr_history_enter(struct ui *ui)
{
	struct scr_history	*s = ui->history;

	table_free(s->table);
	s->table = NULL;
	s->cur = s->top = 0;
	scr_history_load(ui);
}

/* Show the sides of change point cp of the series under the cursor. */
static void
scr_history_sides(struct ui *ui, size_t cp)
{
	struct scr_history	*s = ui->history;
	struct compare_opts	 o;
	struct sm_error		 err;
	struct table		*t;

	compare_opts_default(&o);
	o.width = (size_t)COLS;
	if ((t = history_compare(&s->h, (size_t)s->cur, cp, NULL, &o,
	    &err)) == NULL) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	table_free(s->table);
	s->table = t;
	s->cp = cp;
	s->ttop = s->tleft = 0;
}

/* Enter: the newest change point's sides, or back to the list. */
static void
scr_history_open(struct ui *ui)
{
	struct scr_history	*s = ui->history;

	if (s->table != NULL) {
		table_free(s->table);
		s->table = NULL;
		return;
	}
	if (s->h.nseries == 0)
		return;
	if (s->h.series[s->cur].cp.ncps == 0) {
		ui_message(ui, "no change point in this series");
		return;
	}
	scr_history_sides(ui, s->h.series[s->cur].cp.ncps - 1);
}

/* [ and ]: the change point before or after the one shown. */
static void
scr_history_step(struct ui *ui, int c)
{
	struct scr_history	*s = ui->history;
	size_t			 n = s->h.series[s->cur].cp.ncps;

	if (c == '[' && s->cp > 0)
		scr_history_sides(ui, s->cp - 1);
	else if (c == ']' && s->cp + 1 < n)
		scr_history_sides(ui, s->cp + 1);
}

static int
scr_history_key(struct ui *ui, int c)
{
	struct scr_history	*s = ui->history;

	switch (c) {
	case UI_KEY_ENTER:
		scr_history_open(ui);
		return 1;
	case '[':
	case ']':
		if (s->table != NULL)
			scr_history_step(ui, c);
		return 1;
	}
	if (s->table != NULL)
		return ui_scroll_key(c, &s->ttop, &s->tleft);
	if (c == 'j' || c == KEY_DOWN)
		s->cur += s->cur + 1 < (int)s->h.nseries;
	else if ((c == 'k' || c == KEY_UP) && s->cur > 0)
		s->cur--;
	else
		return ui_scroll_key(c, &s->cur, NULL);
	return 1;
}

/*
 * The stray runs a series' search left out, after its verdict: the run
 * and how far off its level for one, how many for more.
 */
static void
scr_history_strays(const struct history_series *k, char *buf, size_t len)
{
	size_t	n = strlen(buf);

	if (k->cp.nstrays == 1 && n < len)
		snprintf(buf + n, len - n, "; stray run %zu (%+.0f%%)",
		    k->cp.strays[0].at + 1, 100 * k->cp.strays[0].off);
	else if (k->cp.nstrays > 1 && n < len)
		snprintf(buf + n, len - n, "; %zu stray runs",
		    k->cp.nstrays);
}

/*
 * Why a series is apart from the older one of its test (another build,
 * direction or version: history_apart_str() says it whole below the list
 * for the series under the cursor), after its verdict.
 */
static void
scr_history_apart(const struct history_series *k, char *buf, size_t len)
{
	size_t	n = strlen(buf);

	if (history_apart_name(k) != NULL && n < len)
		snprintf(buf + n, len - n, "; apart: another %s",
		    history_apart_name(k));
}

/* One series' line: name, sparkline with its change points, last step. */
static void
scr_history_line(struct ui *ui, int y, const struct history_series *k,
    int cur)
{
	struct scr_history	*s = ui->history;
	double			 v[SCR_HISTORY_SPARK], mean = 0;
	unsigned char		 mark[SCR_HISTORY_SPARK] = { 0 };
	size_t			 from = k->n > SCR_HISTORY_SPARK ? k->n -
				     SCR_HISTORY_SPARK : 0, n = k->n - from;
	char			 name[64], verdict[256], step[64];
	int			 x = SCR_HISTORY_NAME + 1;

	for (size_t i = 0; i < n; i++) {
		v[i] = k->sums[from + i].mean;
		mean += v[i] / (double)n;
	}
	for (size_t i = 0; i < k->cp.ncps; i++)
		if (k->cp.cps[i].at >= from)
			mark[k->cp.cps[i].at - from] = 1;
	history_series_name(k, name, sizeof name);
	if (k->cp.ncps > 0) {
		history_step_str(&k->cp.cps[k->cp.ncps - 1], step,
		    sizeof step);
		snprintf(verdict, sizeof verdict, "%s from run %zu", step,
		    k->cp.cps[k->cp.ncps - 1].at + 1);
	} else
		history_verdict(&s->h, k, verdict, sizeof verdict);
	scr_history_strays(k, verdict, sizeof verdict);
	scr_history_apart(k, verdict, sizeof verdict);
	ui_printf(ui, y, 0, SCR_HISTORY_NAME, cur ? UI_A_CURSOR : UI_NATTR,
	    "%-*s", SCR_HISTORY_NAME, name);
	w_sparkline_draw(ui, y, x + SCR_HISTORY_SPARK - (int)n,
	    (int)n, v, n, mark, mean);
	x += SCR_HISTORY_SPARK + 1;
	ui_printf(ui, y, x, COLS - x, k->cp.ncps > 0 &&
	    history_worse(&k->cp.cps[k->cp.ncps - 1], k->dir) ? UI_A_WARN :
	    UI_NATTR, "%s", verdict);
}

/* The list: a line per series. */
static void
scr_history_list(struct ui *ui, struct ui_rect r)
{
	struct scr_history	*s = ui->history;

	if (s->h.nseries == 0) {
		ui_puts(ui, r.y, 0, COLS, UI_NATTR, "No saved runs under "
		    "results/ yet: each run saved there adds to the history.");
		return;
	}
	if (s->cur < s->top)
		s->top = s->cur;
	if (s->cur >= s->top + r.h)
		s->top = s->cur - r.h + 1;
	for (int i = 0; i < r.h && s->top + i < (int)s->h.nseries; i++)
		scr_history_line(ui, r.y + i, &s->h.series[s->top + i],
		    s->top + i == s->cur);
}

/* The sides of a change point, as the compare screen shows a table. */
static void
scr_history_table(struct ui *ui, struct ui_rect r)
{
	struct scr_history	*s = ui->history;
	int			 head;

	head = ui_text(NULL, r, 0, UI_NATTR, s->table->title);
	if (head > 0)
		head++;
	s->ttop = ui_scroll(s->ttop, 0, head + w_table_lines(s->table, r.w),
	    r.h);
	ui_text(ui, r, s->ttop, UI_NATTR, s->table->title);
	if (s->tleft > w_table_max_left(s->table, r.w))
		s->tleft = w_table_max_left(s->table, r.w);
	w_table_draw(ui, s->table, r, s->ttop - head, s->tleft, -1,
	    W_TABLE_FIT);
}

static void
scr_history_draw(struct ui *ui)
{
	struct scr_history	*s = ui->history;
	struct ui_rect		 r = ui_body();
	char			 name[64], began[64], apart[512];

	if (s->table != NULL) {
		const struct changepoint *cp;

		cp = &s->h.series[s->cur].cp.cps[s->cp];
		history_series_name(&s->h.series[s->cur], name, sizeof name);
		if (cp->at_lo == cp->at_hi)
			snprintf(began, sizeof began, "at run %zu",
			    cp->at + 1);
		else
			snprintf(began, sizeof began, "in runs %zu-%zu",
			    cp->at_lo + 1, cp->at_hi + 1);
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- history: %s, "
		    "change point %zu of %zu (began %s), before | from", name,
		    s->cp + 1, s->h.series[s->cur].cp.ncps, began);
	} else
		ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- history: "
		    "%zu runs, %zu series%s", s->h.nruns, s->h.nseries,
		    s->bad > 0 ? ", some files read around" : "");
	ui_hline(ui, 1, 0, COLS);
	r.y = 2;
	r.h -= 3;
	if (s->table != NULL)
		scr_history_table(ui, r);
	else
		scr_history_list(ui, r);
	if (s->table == NULL && s->cur < (int)s->h.nseries &&
	    s->h.series[s->cur].was != NULL) {
		history_apart_str(&s->h.series[s->cur], apart, sizeof apart);
		ui_puts(ui, LINES - 2, 0, COLS, UI_A_SECTION, apart);
		return;
	}
	ui_puts(ui, LINES - 2, 0, COLS, UI_A_SECTION, s->table != NULL ?
	    "[ ] change point before, after  Enter: back to the list" :
	    "highlighted: a change point starts there  (newest on the right)");
}

static void
scr_history_init(struct ui *ui)
{
	ui->history = xcalloc(1, sizeof *ui->history);
	history_init(&ui->history->h);
}

static void
scr_history_free(struct ui *ui)
{
	history_free(&ui->history->h);
	table_free(ui->history->table);
	free(ui->history);
	ui->history = NULL;
}

const struct ui_screen scr_history = {
	.name = "History",
	.status = "Enter:sides of a change  j/k:move  v:results  o:compare  "
	    "?:help  q:quit",
	.help = scr_history_help,
	.enter = scr_history_enter,
	.key = scr_history_key,
	.draw = scr_history_draw,
	.init = scr_history_init,
	.free = scr_history_free,
};
