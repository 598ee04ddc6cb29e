/*
 * The select screen, the first a user meets: the catalog in its groups
 * (straight from registry_all[], so a new test appears here unasked),
 * then the Commands group (the console's command tests: its command
 * line's, one typed at X's prompt, a suite file's at S's), a checkbox per
 * test, presets, the copies, duration and samples settings, the
 * estimated time, and a warning when the machine is not idle.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_choice.h"
#include "ui_live.h"
#include "ui_view.h"

#define SCR_SELECT_IDLE_NS	5000000000ULL	/* re-check every 5 s */
#define SCR_SELECT_TITLE_W	42	/* the title line's own text */
#define SCR_SELECT_WARN_MAX	3	/* lines the idle warnings may take */
#define SCR_SELECT_LONG_S	180	/* ask before a longer run */
#define SCR_SELECT_COMMANDS	"Commands"	/* the command tests' group */

/* The screen's own state (struct ui's select). */
struct scr_select {
	int	cur;		/* the highlighted row */
	int	top;		/* the first row in view */
	char	find[64];	/* the last / text */
};

/* A line of the list: a group heading, a test or a command test. */
struct scr_select_row {
	const char	*group;
	int		 test;		/* registry index, or -1 */
	int		 cmd;		/* choice.cmds index, or -1 */
};

#define SCR_SELECT_HEADING(r)	((r)->test < 0 && (r)->cmd < 0)

static const struct ui_key scr_select_help[] = {
	{ "Space", "select or clear the test (or group) under the cursor, "
	    "then move down" },
	{ "/ f F3", "find a test by id, title or description (any case); "
	    "next match" },
	{ "g", "select or clear the whole group under the cursor" },
	{ "a x", "select all tests; clear all" },
	{ "p", "next preset: UnixBench (the default), quick, BYTE, "
	    "lmbench, all; asks before replacing a selection of your own" },
	{ "c", "copies run at once, e.g. 1 or 1,4 or 1,cpus; scale is 1, 2, "
	    "4, ... up to twice the CPUs (scaling curves)" },
	{ "N", "copies shortcut: 1, one per CPU, both" },
	{ "d m", "seconds per sample; samples (measurements) per test" },
	{ "C", "adaptive: sample until each 95% interval is within N%" },
	{ "K", "calibrate: measure this host's run-to-run noise (an A/A "
	    "run of 5 repeats, saved as the host's noise profile); asks the "
	    "pause between repeats" },
	{ "Enter r", "start the run (asks first when it takes more than "
	    "3 minutes)" },
	{ "X", "time a command of your own as a test ([NAME=]CMD; without "
	    "a shell unless it has shell syntax): added to the Commands group, "
	    "selected" },
	{ "I", "include a suite file's command tests (CSV: id, title, command, "
	    "setup, cleanup, unit, direction) to the Commands group" },
	{ NULL, NULL }
};

/* Append a row to rows at *n. */
static void
scr_select_put(struct scr_select_row *rows, int *n, const char *group,
    int test, int cmd)
{
	rows[*n].group = group;
	rows[*n].test = test;
	rows[(*n)++].cmd = cmd;
}

/*
 * Fill rows (registry_count() * 2 + 1 + the command tests long): the
 * catalog, then the Commands group, shown empty too so that its key is
 * seen; returns how many.
 */
static int
scr_select_rows(const struct ui *ui, struct scr_select_row *rows)
{
	const char	*group = NULL;
	int		 n = 0;

	for (int i = 0; registry_all[i] != NULL; i++) {
		if (group == NULL || strcmp(group, registry_all[i]->group)) {
			group = registry_all[i]->group;
			scr_select_put(rows, &n, group, -1, -1);
		}
		scr_select_put(rows, &n, group, i, -1);
	}
	scr_select_put(rows, &n, SCR_SELECT_COMMANDS, -1, -1);
	for (size_t i = 0; i < ui->choice->cmds.n; i++)
		scr_select_put(rows, &n, SCR_SELECT_COMMANDS, -1, (int)i);
	return n;
}

static struct scr_select_row *
scr_select_list(const struct ui *ui, int *n)
{
	struct scr_select_row	*rows;

	rows = xcalloc(registry_count() * 2 + 1 + ui->choice->cmds.n,
	    sizeof *rows);
	*n = scr_select_rows(ui, rows);
	return rows;
}

/* Space or g on a heading: the whole group, the Commands one too. */
static void
scr_select_toggle_group(struct ui *ui, const char *group)
{
	struct ui_choice	*c = ui->choice;

	if (strcmp(group, SCR_SELECT_COMMANDS) != 0) {
		ui_choice_toggle_group(ui, group);
		return;
	}
	memset(c->csel, memchr(c->csel, 0, c->cmds.n) != NULL, c->cmds.n);
}

/* X and I: a command test, or a suite file's, added and selected. */
static void
scr_select_command_add(struct ui *ui, const char *text, int suite)
{
	struct sm_error	err;
	size_t		n0 = ui->choice->cmds.n;

	if (*text == '\0')
		return;
	if (ui_command_add(ui, text, suite, &err) != 0) {
		ui_message(ui, "%s: %s", suite ? "suite" : "command", err.msg);
		return;
	}
	ui_message(ui, "added %s%s to Commands (selected)",
	    ui->choice->cmds.cmd[n0]->name, ui->choice->cmds.n - n0 > 1 ?
	    " and the rest" : "");
}

static void
scr_select_command_done(struct ui *ui, const char *text)
{
	scr_select_command_add(ui, text, 0);
}

static void
scr_select_suite_done(struct ui *ui, const char *text)
{
	scr_select_command_add(ui, text, 1);
}

/* ---- Settings typed in the status line ---- */

static void
scr_select_copies_done(struct ui *ui, const char *text)
{
	struct sm_error	err;
	int		v[UI_MAX_COPIES];
	size_t		n;

	if (plan_parse_copies(text, v, UI_MAX_COPIES, &n, &err) != 0) {
		ui_message(ui, "copies %s", err.msg);
		return;
	}
	memcpy(ui->choice->plan.copies, v, n * sizeof *v);
	ui->choice->plan.ncopies = n;
}

static void
scr_select_duration_done(struct ui *ui, const char *text)
{
	double	d;

	if (sm_parse_double(text, &d) != 0 || d < PLAN_MIN_DURATION ||
	    d > PLAN_MAX_DURATION) {
		ui_message(ui, "duration %s: a number of seconds from %g to "
		    "%g", text, PLAN_MIN_DURATION, PLAN_MAX_DURATION);
		return;
	}
	ui->choice->plan.duration = d;
}

static void
scr_select_samples_done(struct ui *ui, const char *text)
{
	long	n;

	if (sm_parse_int(text, 1, PLAN_MAX_SAMPLES, &n) != 0) {
		ui_message(ui, "samples %s: a whole number from 1 to %d", text,
		    PLAN_MAX_SAMPLES);
		return;
	}
	ui->choice->plan.samples = (int)n;
}

static void
scr_select_target_done(struct ui *ui, const char *text)
{
	double	v;

	if (sm_parse_double(text, &v) != 0 || !(v >= 0 && v < 100)) {
		ui_message(ui, "target %s: a percentage from 0 (fixed samples) "
		    "to below 100", text);
		return;
	}
	ui->choice->plan.target = v / 100;
}

static void
scr_select_copies_text(const struct ui *ui, char *buf, size_t len)
{
	size_t	pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ui->choice->plan.ncopies && pos < len; i++)
		pos += (size_t)snprintf(buf + pos, len - pos, "%s%d",
		    i > 0 ? "," : "", ui->choice->plan.copies[i]);
}

/* The test of a row that is one, a command test's own bench too. */
static const struct bench *
scr_select_bench(const struct ui *ui, const struct scr_select_row *r)
{
	if (r->test >= 0)
		return registry_all[r->test];
	if (r->cmd >= 0)
		return &ui->choice->cmds.cmd[r->cmd]->bench;
	return NULL;
}

/* The next row after the cursor whose id, title or description has it. */
static void
scr_select_find_next(struct ui *ui)
{
	struct scr_select	*s = ui->select;
	struct scr_select_row	*rows;
	const struct bench	*b;
	const char		*text = s->find;
	int			 n, i;

	rows = scr_select_list(ui, &n);
	for (int k = 1; k <= n && *text != '\0'; k++) {
		i = (s->cur + k) % n;
		if ((b = scr_select_bench(ui, &rows[i])) == NULL)
			continue;
		if (ui_contains(b->id, text) ||
		    ui_contains(b->title, text) ||
		    ui_contains(b->desc, text)) {
			s->cur = i;
			free(rows);
			return;
		}
	}
	free(rows);
	ui_message(ui, *text == '\0' ? "nothing to find yet: / asks" :
	    "no test matches \"%s\"", text);
}

static void
scr_select_find_done(struct ui *ui, const char *text)
{
	struct scr_select	*s = ui->select;

	snprintf(s->find, sizeof s->find, "%s", text);
	scr_select_find_next(ui);
}

static void
scr_select_preset_done(struct ui *ui, const char *answer)
{
	(void)answer;
	ui_choice_preset(ui, ui_choice_next_preset(ui));
}

/* p: the next preset, asking first when it would replace a choice. */
static void
scr_select_next_preset(struct ui *ui)
{
	char	q[sizeof ui->prompt.question];

	if (!ui_choice_custom(ui)) {
		ui_choice_preset(ui, ui_choice_next_preset(ui));
		return;
	}
	snprintf(q, sizeof q, "Replace your own selection and settings with "
	    "the %s preset? (y/n)", ui_choice_next_preset(ui)->name);
	ui_ask(ui, 1, q, NULL, scr_select_preset_done);
}

static void
scr_select_run_done(struct ui *ui, const char *answer)
{
	(void)answer;
	if (ui_live_start(ui) == 0)
		ui_switch(ui, UI_SCR_RUN);
}

/*
 * K: an A/A run saved as the host's noise profile, its repeats a given
 * pause apart (calibrate -g), or spread over five minutes.
 */
static void
scr_select_calibrate_done(struct ui *ui, const char *text)
{
	double	gap = -1;

	if (*text != '\0' && (sm_parse_double(text, &gap) != 0 ||
	    !(gap >= 0 && gap <= PLAN_MAX_DURATION))) {
		ui_message(ui, "pause %s: seconds from 0 to %g, or empty to "
		    "spread the repeats over 5 minutes", text, PLAN_MAX_DURATION);
		return;
	}
	ui->choice->cal_gap = gap;
	ui->live->calibrate = 1;
	scr_select_run_done(ui, "y");
}

/* Enter: start the run, asking first when it is long. */
static void
scr_select_run(struct ui *ui)
{
	struct plan	plan;
	char		est[32], q[sizeof ui->prompt.question];
	double		t;

	ui_choice_plan(ui, &plan);
	t = plan_estimate(&plan);
	plan_free(&plan);
	if (t <= SCR_SELECT_LONG_S) {
		scr_select_run_done(ui, "y");
		return;
	}
	ui_format_secs(t, est, sizeof est);
	snprintf(q, sizeof q, "This run takes about %s. Start it? (y/n)",
	    est);
	ui_ask(ui, 1, q, NULL, scr_select_run_done);
}

/* N: 1 -> one per CPU -> both -> 1. */
static void
scr_select_per_cpu(struct ui *ui)
{
	int			 ncpu = sysinfo_ncpu();
	struct plan		*p = &ui->choice->plan;

	if (p->ncopies == 1 && p->copies[0] == 1 && ncpu > 1)
		p->copies[0] = ncpu;
	else if (p->ncopies == 1 && p->copies[0] == ncpu && ncpu > 1) {
		p->copies[0] = 1;
		p->copies[1] = ncpu;
		p->ncopies = 2;
	} else {
		p->copies[0] = 1;
		p->ncopies = 1;
	}
}

/* ---- Screen ---- */

static void
scr_select_enter(struct ui *ui)
{
	ui->idle_at = 0;
}

static int
scr_select_settings_key(struct ui *ui, int c)
{
	struct scr_select	*s = ui->select;
	char			 buf[64];

	switch (c) {
	case 'c':
		scr_select_copies_text(ui, buf, sizeof buf);
		ui_ask(ui, 0, "copies (e.g. 1,cpus):", buf,
		    scr_select_copies_done);
		return 1;
	case 'N':
		scr_select_per_cpu(ui);
		return 1;
	case 'd':
		snprintf(buf, sizeof buf, "%g", ui->choice->plan.duration);
		ui_ask(ui, 0, "seconds per sample:", buf,
		    scr_select_duration_done);
		return 1;
	case 'm':
		snprintf(buf, sizeof buf, "%d", ui->choice->plan.samples);
		ui_ask(ui, 0, "samples per test:", buf,
		    scr_select_samples_done);
		return 1;
	case 'C':
		snprintf(buf, sizeof buf, "%g", 100 * ui->choice->plan.target);
		ui_ask(ui, 0, "95% interval within % (0: fixed samples):", buf,
		    scr_select_target_done);
		return 1;
	case 'K':
		ui_ask(ui, 0, "calibrate: seconds between repeats (empty: "
		    "spread over 5 min):", NULL, scr_select_calibrate_done);
		return 1;
	case '/':
		ui_ask(ui, 0, "find (id, title or description):",
		    s->find, scr_select_find_done);
		return 1;
	case 'f':
		scr_select_find_next(ui);
		return 1;
	case 'p':
		scr_select_next_preset(ui);
		return 1;
	case 'X':
		ui_ask(ui, 0, "command to time ([NAME=]CMD):", NULL,
		    scr_select_command_done);
		return 1;
	case 'I':
		ui_ask(ui, 0, "suite file:", NULL, scr_select_suite_done);
		return 1;
	}
	return 0;
}

static int
scr_select_move_key(struct ui *ui, int c, int n)
{
	struct scr_select	*s = ui->select;

	if (!ui_scroll_key(c, &s->cur, NULL))
		return 0;
	if (s->cur >= n)
		s->cur = n - 1;
	return 1;
}

static int
scr_select_key(struct ui *ui, int c)
{
	struct scr_select	*s = ui->select;
	struct scr_select_row	*rows;
	int			 n, done = 1;

	if (scr_select_settings_key(ui, c))
		return 1;
	rows = scr_select_list(ui, &n);
	if (scr_select_move_key(ui, c, n)) {
		free(rows);
		return 1;
	}
	switch (c) {
	case ' ':
		if (SCR_SELECT_HEADING(&rows[s->cur]))
			scr_select_toggle_group(ui, rows[s->cur].group);
		else if (rows[s->cur].cmd >= 0)
			ui->choice->csel[rows[s->cur].cmd] ^= 1;
		else
			ui->choice->sel[rows[s->cur].test] ^= 1;
		if (s->cur + 1 < n)
			s->cur++;
		break;
	case 'g':
		scr_select_toggle_group(ui, rows[s->cur].group);
		break;
	case 'a':
	case 'x':
		ui_choice_set(ui, NULL, c == 'a');
		break;
	case UI_KEY_ENTER:
	case 'r':
		scr_select_run(ui);
		break;
	default:
		done = 0;
	}
	free(rows);
	return done;
}

/*
 * The idle check from line 1, each warning wrapped whole (cut, it lost
 * its consequence); returns the lines it took.
 */
static int
scr_select_draw_idle(struct ui *ui)
{
	uint64_t	now = sm_now_ns();
	struct ui_rect	r = { 1, 0, SCR_SELECT_WARN_MAX, COLS };
	int		n = 0;

	if (now >= ui->idle_at) {
		if (!sysinfo_not_idle(ui->idle, sizeof ui->idle))
			ui->idle[0] = '\0';
		if (!cpufreq_warn_now(ui->governor, sizeof ui->governor))
			ui->governor[0] = '\0';
		ui->idle_at = now + SCR_SELECT_IDLE_NS;
	}
	/*
	 * A clock that follows the load: in the idle line's place, or when
	 * that says the machine is busy, what fits beside the title.
	 */
	if (ui->governor[0] != '\0' && ui->idle[0] == '\0')
		return ui_text(ui, r, 0, UI_A_WARN, ui->governor);
	if (ui->governor[0] != '\0' && COLS > SCR_SELECT_TITLE_W)
		ui_printf(ui, 0, SCR_SELECT_TITLE_W, COLS - SCR_SELECT_TITLE_W,
		    UI_A_WARN, "%s", ui->governor);
	if (ui->idle[0] != '\0')
		n = ui_text(ui, r, 0, UI_A_WARN, ui->idle);
	else if (ui->governor[0] == '\0')
		ui_printf(ui, 1, 0, COLS, UI_NATTR, "Idle check: load average "
		    "%.2f, nothing else running: good for measuring",
		    sysinfo_loadavg());
	return n > SCR_SELECT_WARN_MAX ? SCR_SELECT_WARN_MAX : n > 0 ? n : 1;
}

static void
scr_select_draw_row(struct ui *ui, const struct scr_select_row *row, int y,
    int cur, int idw)
{
	const struct bench	*b = scr_select_bench(ui, row);
	enum ui_attr		 a = cur ? UI_A_CURSOR : UI_NATTR;
	char			 title[256];
	int			 on;

	/* The highlight covers the text only: a full bar costs the line. */
	if (b == NULL) {
		ui_printf(ui, y, 0, COLS, cur ? a : UI_A_SECTION, "%s%s",
		    row->group, row->cmd < 0 && strcmp(row->group,
		    SCR_SELECT_COMMANDS) == 0 && ui->choice->cmds.n == 0 ?
		    "  (none yet: X adds one, I a suite file's)" : "");
		return;
	}
	on = row->cmd >= 0 ? ui->choice->csel[row->cmd] :
	    ui->choice->sel[row->test];
	/* A title naming a sample's length says the one chosen. */
	label_title_secs(b->title, b->timing == BENCH_CALIBRATED ? 0 :
	    ui->choice->plan.duration, title, sizeof title);
	ui_printf(ui, y, 0, COLS, a, "  [%c] %-*s %s", on ? 'x' : ' ', idw,
	    b->id, row->cmd >= 0 ? ui->choice->cmds.cmd[row->cmd]->text :
	    title);
}

static void
scr_select_draw_settings(struct ui *ui, int y)
{
	struct plan	plan;
	char		cs[64], est[32];
	size_t		n, ncal = 0;

	n = ui_choice_plan(ui, &plan);
	for (size_t i = 0; i < n; i++)
		ncal += plan.benches[i]->timing == BENCH_CALIBRATED;
	ui_format_secs(plan_estimate(&plan), est, sizeof est);
	scr_select_copies_text(ui, cs, sizeof cs);
	ui_printf(ui, y, 0, COLS, UI_NATTR, "Copies %s   Duration %g s   "
	    "Samples %d%s   Tests %zu of %zu   Preset %s", cs, plan.duration,
	    plan.samples, plan.target > 0 ? "+" : "", n, registry_count() +
	    ui->choice->cmds.n,
	    ui_choice_preset_name(ui));
	if (n == 0)
		ui_puts(ui, y + 1, 0, COLS, UI_A_WARN, "No test selected: "
		    "Space selects one, a selects all.");
	else if (plan_command_runs(&plan) > 0)
		/* A command's own time is unknown until it runs (as run says). */
		ui_printf(ui, y + 1, 0, COLS, UI_A_TITLE, "Estimated time %s, "
		    "more if the commands are slow (%.0f executions or more)",
		    est, plan_command_runs(&plan));
	else if (ncal == 0)
		ui_printf(ui, y + 1, 0, COLS, UI_A_TITLE, "Estimated time %s "
		    "(%zu test%s x copies %s x %d sample%s of %g s)", est, n,
		    n == 1 ? "" : "s", cs, plan.samples,
		    plan.samples == 1 ? "" : "s", plan.duration);
	else
		ui_printf(ui, y + 1, 0, COLS, UI_A_TITLE, "Estimated time %s "
		    "(%zu lmbench-style test%s: calibrated, about %g s a "
		    "sample)",
		    est, ncal, ncal == 1 ? "" : "s", PLAN_CALIBRATED_S);
	plan_free(&plan);
}

/*
 * Where row cur is, counting rows of its own kind: the k-th of nk tests,
 * or of nk groups, so that the position and "Tests 12 of 150" count the
 * same things.
 */
static void
scr_select_count(const struct scr_select_row *rows, int n, int cur, int *k,
    int *nk)
{
	int	group = SCR_SELECT_HEADING(&rows[cur]);

	*k = *nk = 0;
	for (int i = 0; i < n; i++) {
		if (SCR_SELECT_HEADING(&rows[i]) != group)
			continue;
		(*nk)++;
		if (i <= cur)
			(*k)++;
	}
}

#define SCR_SELECT_DETAIL_MAX	3	/* lines the description may take */

/* What the highlighted row is: a test's id, unit and description. */
static void
scr_select_detail_text(struct ui *ui, const struct scr_select_row *row,
    char *buf, size_t len)
{
	const struct bench	*b = scr_select_bench(ui, row);

	if (b == NULL)
		snprintf(buf, len, "%s: Space or g selects the whole group",
		    row->group);
	else if (row->cmd >= 0)
		snprintf(buf, len, "%s (%s): %s", b->id, b->unit,
		    ui->choice->cmds.cmd[row->cmd]->shell ?
		    "through /bin/sh -c, its start-up subtracted" :
		    "run directly, no shell");
	else
		snprintf(buf, len, "%s (%s): %s", b->id, b->unit, b->desc);
}

/* Where the view is in the list ("more below  test 3/150"); its width. */
static int
scr_select_position(const struct scr_select *s,
    const struct scr_select_row *rows, int n, int h, char *pos, size_t len)
{
	int	k, nk;

	scr_select_count(rows, n, s->cur, &k, &nk);
	return snprintf(pos, len, "%s%s%s %d/%d", s->top > 0 ?
	    "more above  " : "", s->top + h < n ? "more below  " : "",
	    SCR_SELECT_HEADING(&rows[s->cur]) ? "group" : "test", k, nk);
}

/*
 * The highlighted row's description from line y, wrapped (never cut) on
 * up to SCR_SELECT_DETAIL_MAX lines, where the view is beside its first.
 */
static void
scr_select_draw_detail(struct ui *ui, const struct scr_select_row *rows,
    int n, int y, int h)
{
	char		text[512], pos[64];
	int		w = scr_select_position(ui->select, rows, n, h, pos,
	    sizeof pos);
	struct ui_rect	r = { y, 0, SCR_SELECT_DETAIL_MAX, COLS - w - 1 };

	scr_select_detail_text(ui, &rows[ui->select->cur], text, sizeof text);
	ui_puts(ui, y, COLS - w, w, UI_A_SECTION, pos);
	ui_text(ui, r, 0, UI_NATTR, text);
}

/* The lines the highlighted row's description takes. */
static int
scr_select_detail_lines(struct ui *ui, const struct scr_select_row *rows,
    int n, int h)
{
	char		text[512], pos[64];
	int		w = scr_select_position(ui->select, rows, n, h, pos,
	    sizeof pos), k;
	struct ui_rect	r = { 0, 0, 0, COLS - w - 1 };

	scr_select_detail_text(ui, &rows[ui->select->cur], text, sizeof text);
	k = ui_text(NULL, r, 0, UI_NATTR, text);
	return k < 1 ? 1 : k > SCR_SELECT_DETAIL_MAX ? SCR_SELECT_DETAIL_MAX : k;
}

static void
scr_select_draw(struct ui *ui)
{
	struct scr_select	*s = ui->select;
	struct scr_select_row	*rows;
	int			 n, h, top, d, idw = 0;

	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark %s -- choose the tests "
	    "to run", SYSMARK_VERSION);
	top = 1 + scr_select_draw_idle(ui);
	h = LINES - 4 - top;
	rows = scr_select_list(ui, &n);
	/* A description too long for its line takes lines of the list. */
	d = scr_select_detail_lines(ui, rows, n, h);
	h -= d - 1;
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if ((int)strlen(registry_all[i]->id) > idw)
			idw = (int)strlen(registry_all[i]->id);
	for (size_t i = 0; i < ui->choice->cmds.n; i++)
		if ((int)strlen(ui->choice->cmds.cmd[i]->name) > idw)
			idw = (int)strlen(ui->choice->cmds.cmd[i]->name);
	if (s->cur < s->top)
		s->top = s->cur;
	if (s->cur >= s->top + h)
		s->top = s->cur - h + 1;
	for (int i = s->top; i < n && i < s->top + h; i++)
		scr_select_draw_row(ui, &rows[i], top + i - s->top,
		    i == s->cur, idw);
	scr_select_draw_detail(ui, rows, n, LINES - 4 - (d - 1), h);
	free(rows);
	scr_select_draw_settings(ui, LINES - 3);
}

static void
scr_select_init(struct ui *ui)
{
	ui->select = xcalloc(1, sizeof *ui->select);
}

static void
scr_select_free(struct ui *ui)
{
	free(ui->select);
	ui->select = NULL;
}

const struct ui_screen scr_select = {
	.name = "Select",
	.status = "Spc/g/a/x:pick p:preset c/N:copies d/m:time X:cmd "
	    "Enter:run o:compare ?:help",
	.help = scr_select_help,
	.enter = scr_select_enter,
	.key = scr_select_key,
	.draw = scr_select_draw,
	.init = scr_select_init,
	.free = scr_select_free,
	.idle_check = 1,
};
