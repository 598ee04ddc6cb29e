/*
 * The select screen, the first a user meets: the catalog in its groups
 * (straight from registry_all[], so a new test appears here unasked), a
 * checkbox per test, presets, the copies, duration and samples settings,
 * the estimated time, and a warning when the machine is not idle.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

#define SCR_SELECT_IDLE_NS	5000000000ULL	/* re-check every 5 s */

/* A line of the list: a group heading or a test. */
struct scr_select_row {
	const char	*group;
	int		 test;		/* registry index, -1 for a heading */
};

/*
 * Presets.  quick: the first test of each group (a representative
 * subset) in short samples; standard: everything, 5 s x 6; BYTE: the
 * tests of the BYTE index baseline, as the BYTE reports ran them, 10 s x
 * 6 (seed 004: "(10 secs, 6 samples)"); everything if that baseline is
 * missing.
 */
struct scr_select_preset {
	const char	*name;
	int		 subset;
	const char	*baseline;	/* select the tests it has */
	double		 duration;
	int		 samples;
};
static const struct scr_select_preset scr_select_presets[] = {
	{ "quick", 1, NULL, 1, 3 },
	{ "standard", 0, NULL, 5, 6 },
	{ "BYTE", 0, "byte-3.11", 10, 6 },
};
#define SCR_SELECT_NPRESET \
	(sizeof scr_select_presets / sizeof scr_select_presets[0])

static const struct ui_key scr_select_help[] = {
	{ "Space", "select or clear the test (or group) under the cursor" },
	{ "/", "find a test by id or title and move to it" },
	{ "g", "select or clear the whole group under the cursor" },
	{ "a x", "select all tests; clear all" },
	{ "p", "next preset: quick, standard, BYTE (10 s x 6 samples)" },
	{ "c", "copies run at once, e.g. 1 or 1,4 or 1,cpus" },
	{ "N", "copies shortcut: 1, one per CPU, both" },
	{ "d n", "seconds per sample; samples per test" },
	{ "C", "adaptive: sample until each 95% interval is within N%" },
	{ "K", "calibrate: measure this host's run-to-run noise (A/A)" },
	{ "Enter r", "start the run" },
	{ "o v", "compare saved runs and baselines; last results" },
	{ NULL, NULL }
};

/* Fill rows (registry_count() * 2 long); returns how many. */
static int
scr_select_rows(struct scr_select_row *rows)
{
	const char	*group = NULL;
	int		 n = 0;

	for (int i = 0; registry_all[i] != NULL; i++) {
		if (group == NULL || strcmp(group, registry_all[i]->group)) {
			group = registry_all[i]->group;
			rows[n].group = group;
			rows[n++].test = -1;
		}
		rows[n].group = group;
		rows[n++].test = i;
	}
	return n;
}

static struct scr_select_row *
scr_select_list(int *n)
{
	struct scr_select_row	*rows;

	rows = xcalloc(registry_count() * 2, sizeof *rows);
	*n = scr_select_rows(rows);
	return rows;
}

/* Set every test of group (all when NULL) to on. */
static void
scr_select_set(struct ui *ui, const char *group, int on)
{
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (group == NULL ||
		    strcmp(group, registry_all[i]->group) == 0)
			ui->choice.sel[i] = (unsigned char)on;
}

/* Select the group unless all of it is selected already, then clear it. */
static void
scr_select_toggle_group(struct ui *ui, const char *group)
{
	int	all = 1;

	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (strcmp(group, registry_all[i]->group) == 0 &&
		    !ui->choice.sel[i])
			all = 0;
	scr_select_set(ui, group, !all);
}

/* Select exactly the tests the baseline name has; 0, or -1 if missing. */
static int
scr_select_baseline(struct ui *ui, const char *name)
{
	struct sm_error	err;
	struct run	run;

	run_init(&run);
	if (baseline_resolve(ui->self[0] ? ui->self : NULL, name, &run,
	    &err) != 0) {
		run_free(&run);
		return -1;
	}
	scr_select_set(ui, NULL, 0);
	for (size_t i = 0; registry_all[i] != NULL; i++)
		for (size_t k = 0; k < run.nsamples && !ui->choice.sel[i]; k++)
			ui->choice.sel[i] = strcmp(run.samples[k].test,
			    registry_all[i]->id) == 0;
	run_free(&run);
	return 0;
}

static void
scr_select_preset(struct ui *ui, const struct scr_select_preset *p)
{
	const char	*group = NULL;

	ui->choice.preset = p->name;
	ui->choice.duration = p->duration;
	ui->choice.samples = p->samples;
	ui->choice.copies[0] = 1;
	ui->choice.ncopies = 1;
	scr_select_set(ui, NULL, !p->subset);
	if (p->baseline != NULL && scr_select_baseline(ui, p->baseline) != 0)
		ui_message(ui, "no %s baseline here: every test is selected",
		    p->baseline);
	for (size_t i = 0; p->subset && registry_all[i] != NULL; i++) {
		if (group != NULL &&
		    strcmp(group, registry_all[i]->group) == 0)
			continue;
		group = registry_all[i]->group;
		ui->choice.sel[i] = 1;
	}
}

/* The choice a console starts with: the standard preset. */
void
scr_select_defaults(struct ui *ui)
{
	scr_select_preset(ui, &scr_select_presets[1]);
}

/*
 * The runner plan for what is selected; benches and copies are the
 * caller's arrays (registry_count() and UI_MAX_COPIES long).  Returns the
 * number of tests selected.
 */
size_t
scr_select_plan(const struct ui *ui, struct runner_plan *plan,
    const struct bench **benches, int *copies)
{
	size_t	n = 0;

	memset(plan, 0, sizeof *plan);
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if (ui->choice.sel[i])
			benches[n++] = registry_all[i];
	memcpy(copies, ui->choice.copies,
	    ui->choice.ncopies * sizeof *copies);
	plan->benches = benches;
	plan->nbench = n;
	plan->copies = copies;
	plan->ncopies = ui->choice.ncopies;
	plan->samples = ui->choice.samples;
	plan->duration = ui->choice.duration;
	plan->grace = runner_default_grace(plan->duration);
	plan->self_exe = ui->self[0] != '\0' ? ui->self : NULL;
	plan->order = RUNNER_ORDER_INTERLEAVED;
	plan->warmup = 1;
	plan->target = ui->choice.target;
	plan->time_cap = ui->choice.target > 0 ? UI_TIME_CAP : 0;
	return n;
}

/* ---- Settings typed in the status line ---- */

static void
scr_select_copies_done(struct ui *ui, const char *text)
{
	struct sm_error	err;
	int		v[UI_MAX_COPIES];
	size_t		n;

	if (runner_parse_copies(text, v, UI_MAX_COPIES, &n, &err) != 0) {
		ui_message(ui, "copies %s", err.msg);
		return;
	}
	memcpy(ui->choice.copies, v, n * sizeof *v);
	ui->choice.ncopies = n;
}

static void
scr_select_duration_done(struct ui *ui, const char *text)
{
	double	d;

	if (sm_parse_double(text, &d) != 0 || d < RUNNER_MIN_DURATION ||
	    d > RUNNER_MAX_DURATION) {
		ui_message(ui, "duration %s: a number of seconds from %g to "
		    "%g", text, RUNNER_MIN_DURATION, RUNNER_MAX_DURATION);
		return;
	}
	ui->choice.duration = d;
}

static void
scr_select_samples_done(struct ui *ui, const char *text)
{
	long	n;

	if (sm_parse_int(text, 1, RUNNER_MAX_SAMPLES, &n) != 0) {
		ui_message(ui, "samples %s: a whole number from 1 to %d", text,
		    RUNNER_MAX_SAMPLES);
		return;
	}
	ui->choice.samples = (int)n;
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
	ui->choice.target = v / 100;
}

static void
scr_select_copies_text(const struct ui *ui, char *buf, size_t len)
{
	size_t	pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ui->choice.ncopies && pos < len; i++)
		pos += (size_t)snprintf(buf + pos, len - pos, "%s%d",
		    i > 0 ? "," : "", ui->choice.copies[i]);
}

/* /: the first row from the cursor on whose test id or title has text. */
static void
scr_select_find_done(struct ui *ui, const char *text)
{
	struct scr_select_row	*rows;
	const struct bench	*b;
	int			 n, i;

	rows = scr_select_list(&n);
	for (int k = 1; k <= n && *text != '\0'; k++) {
		i = (ui->sel_cur + k) % n;
		if (rows[i].test < 0)
			continue;
		b = registry_all[rows[i].test];
		if (strstr(b->id, text) != NULL ||
		    strstr(b->title, text) != NULL) {
			ui->sel_cur = i;
			free(rows);
			return;
		}
	}
	free(rows);
	ui_message(ui, "no test matches \"%s\"", text);
}

/* N: 1 -> one per CPU -> both -> 1. */
static void
scr_select_per_cpu(struct ui *ui)
{
	struct ui_choice	*c = &ui->choice;
	int			 ncpu = sysinfo_ncpu();

	if (c->ncopies == 1 && c->copies[0] == 1 && ncpu > 1)
		c->copies[0] = ncpu;
	else if (c->ncopies == 1 && c->copies[0] == ncpu && ncpu > 1) {
		c->copies[0] = 1;
		c->copies[1] = ncpu;
		c->ncopies = 2;
	} else {
		c->copies[0] = 1;
		c->ncopies = 1;
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
	char	buf[64];

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
		snprintf(buf, sizeof buf, "%g", ui->choice.duration);
		ui_ask(ui, 0, "seconds per sample:", buf,
		    scr_select_duration_done);
		return 1;
	case 'n':
		snprintf(buf, sizeof buf, "%d", ui->choice.samples);
		ui_ask(ui, 0, "samples per test:", buf,
		    scr_select_samples_done);
		return 1;
	case 'C':
		snprintf(buf, sizeof buf, "%g", 100 * ui->choice.target);
		ui_ask(ui, 0, "95% interval within % (0: fixed samples):", buf,
		    scr_select_target_done);
		return 1;
	case 'K':
		ui->live.calibrate = 1;
		scr_run_start(ui);
		return 1;
	case '/':
		ui_ask(ui, 0, "find test:", "", scr_select_find_done);
		return 1;
	case 'p':
		for (size_t i = 0; i < SCR_SELECT_NPRESET; i++)
			if (strcmp(scr_select_presets[i].name,
			    ui->choice.preset) == 0) {
				scr_select_preset(ui, &scr_select_presets[
				    (i + 1) % SCR_SELECT_NPRESET]);
				return 1;
			}
		scr_select_preset(ui, &scr_select_presets[0]);
		return 1;
	}
	return 0;
}

static int
scr_select_move_key(struct ui *ui, int c, int n)
{
	if (!ui_scroll_key(c, &ui->sel_cur, NULL))
		return 0;
	if (ui->sel_cur >= n)
		ui->sel_cur = n - 1;
	return 1;
}

static int
scr_select_key(struct ui *ui, int c)
{
	struct scr_select_row	*rows;
	int			 n, done = 1;

	if (scr_select_settings_key(ui, c))
		return 1;
	rows = scr_select_list(&n);
	if (scr_select_move_key(ui, c, n)) {
		free(rows);
		return 1;
	}
	switch (c) {
	case ' ':
		if (rows[ui->sel_cur].test < 0)
			scr_select_toggle_group(ui, rows[ui->sel_cur].group);
		else
			ui->choice.sel[rows[ui->sel_cur].test] ^= 1;
		break;
	case 'g':
		scr_select_toggle_group(ui, rows[ui->sel_cur].group);
		break;
	case 'a':
	case 'x':
		scr_select_set(ui, NULL, c == 'a');
		break;
	case UI_KEY_ENTER:
	case 'r':
		scr_run_start(ui);
		break;
	case 'o':
		ui_switch(ui, &scr_compare);
		break;
	case 'v':
		if (ui->live.have_run)
			ui_switch(ui, &scr_results);
		else
			ui_message(ui, "no run yet: Enter starts one");
		break;
	default:
		done = 0;
	}
	free(rows);
	return done;
}

static void
scr_select_draw_idle(struct ui *ui)
{
	uint64_t	now = sm_now_ns();

	if (now >= ui->idle_at) {
		if (!sysinfo_not_idle(ui->idle, sizeof ui->idle))
			ui->idle[0] = '\0';
		ui->idle_at = now + SCR_SELECT_IDLE_NS;
	}
	if (ui->idle[0] != '\0')
		ui_text(ui, (struct ui_rect){ 1, 0, 2, COLS }, 0, UI_A_WARN,
		    ui->idle);
	else
		ui_printf(ui, 1, 0, COLS, UI_NATTR, "Idle check: load average "
		    "%.2f, nothing else running: good for measuring",
		    sysinfo_loadavg());
}

static void
scr_select_draw_row(struct ui *ui, const struct scr_select_row *row, int y,
    int cur, int idw)
{
	const struct bench	*b;
	enum ui_attr		 a = cur ? UI_A_CURSOR : UI_NATTR;

	if (cur)
		mvchgat(y, 0, COLS, ui->attr[UI_A_CURSOR], 0, NULL);
	if (row->test < 0) {
		ui_printf(ui, y, 0, COLS, cur ? a : UI_A_SECTION, "%s",
		    row->group);
		return;
	}
	b = registry_all[row->test];
	ui_printf(ui, y, 0, COLS, a, "  [%c] %-*s %-5s %s: %s",
	    ui->choice.sel[row->test] ? 'x' : ' ', idw, b->id, b->unit,
	    b->title, b->desc);
}

static void
scr_select_draw_settings(struct ui *ui, int y)
{
	struct runner_plan	  plan;
	const struct bench	**benches;
	int			  copies[UI_MAX_COPIES];
	char			  cs[64], est[32];
	size_t			  n;

	benches = xcalloc(registry_count(), sizeof *benches);
	n = scr_select_plan(ui, &plan, benches, copies);
	free(benches);
	scr_select_copies_text(ui, cs, sizeof cs);
	ui_printf(ui, y, 0, COLS, UI_NATTR, "Copies %s   Duration %g s   "
	    "Samples %d%s   Tests %zu of %zu   Preset %s", cs, plan.duration,
	    plan.samples, plan.target > 0 ? "+" : "", n, registry_count(),
	    ui->choice.preset);
	ui_format_secs(runner_estimate(&plan), est, sizeof est);
	if (n == 0)
		ui_puts(ui, y + 1, 0, COLS, UI_A_WARN, "No test selected: "
		    "Space selects one, a selects all.");
	else
		ui_printf(ui, y + 1, 0, COLS, UI_A_TITLE, "Estimated time %s "
		    "(%zu test%s x copies %s x %d samples of %g s)", est, n,
		    n == 1 ? "" : "s", cs, plan.samples, plan.duration);
}

static void
scr_select_draw(struct ui *ui)
{
	struct scr_select_row	*rows;
	int			 n, h = LINES - 8, idw = 0;

	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark %s -- choose the tests "
	    "to run", SYSMARK_VERSION);
	scr_select_draw_idle(ui);
	ui_hline(ui, 3, 0, COLS);
	rows = scr_select_list(&n);
	for (size_t i = 0; registry_all[i] != NULL; i++)
		if ((int)strlen(registry_all[i]->id) > idw)
			idw = (int)strlen(registry_all[i]->id);
	if (ui->sel_cur < ui->sel_top)
		ui->sel_top = ui->sel_cur;
	if (ui->sel_cur >= ui->sel_top + h)
		ui->sel_top = ui->sel_cur - h + 1;
	for (int i = ui->sel_top; i < n && i < ui->sel_top + h; i++)
		scr_select_draw_row(ui, &rows[i], 4 + i - ui->sel_top,
		    i == ui->sel_cur, idw);
	free(rows);
	ui_hline(ui, LINES - 4, 0, COLS);
	scr_select_draw_settings(ui, LINES - 3);
}

const struct ui_screen scr_select = {
	.name = "Select",
	.status = "Spc/g/a/x:pick p:preset c/N:copies d/n:time Enter:run "
	    "o:compare ?:help q:quit",
	.help = scr_select_help,
	.enter = scr_select_enter,
	.key = scr_select_key,
	.draw = scr_select_draw,
};
