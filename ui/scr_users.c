/*
 * The users screen: pick a mix from mixes/, see its steps (or why it is
 * refused, as path:line), set the user counts and the sample length, and
 * start the run.  The run itself goes through the run screen like any
 * other (the mix is one test to the runner, see src/core/users/users.c), and
 * the results screen shows its response-time table and plot: the same
 * tables `sysmark users` prints.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_live.h"

static const struct ui_key scr_users_help[] = {
	{ "j k", "move to another mix" },
	{ "u", "user counts, e.g. 1,2,4,8 (1 to 256; cpus, scale)" },
	{ "t", "seconds per sample and samples, e.g. 10x3" },
	{ "Enter r", "run the mix at each user count" },
	{ NULL, NULL }
};

/*
 * The screen's own state (struct ui's users): the mixes, the one run,
 * and what was chosen for it: user counts (none: the mix's own, or the
 * core's 1, 2, 4, 8), seconds and samples (0: the core's defaults, as
 * sysmark users takes them).
 */
struct scr_users {
	char		**mixes;
	size_t		  nmix;
	int		  cur;
	struct mix	  mix;		/* the run in flight uses it */
	struct bench	  bench;
	int		  counts[UI_MAX_COPIES];
	size_t		  ncounts;
	double		  duration;
	int		  samples;
};

static void
scr_users_free_mixes(struct scr_users *u)
{
	for (size_t i = 0; i < u->nmix; i++)
		free(u->mixes[i]);
	free(u->mixes);
	u->mixes = NULL;
	u->nmix = 0;
}

/* The mixes again, so that one added meanwhile shows. */
static void
scr_users_enter(struct ui *ui)
{
	struct scr_users	*u = ui->users;

	scr_users_free_mixes(u);
	u->nmix = mix_list(ui->self[0] ? ui->self : NULL, &u->mixes);
	if (u->cur >= (int)u->nmix)
		u->cur = 0;
}

/*
 * The plan of mix m as chosen here, into *p (initialised here): the
 * core's users plan with this screen's choices over it.
 */
static void
scr_users_plan(struct scr_users *u, const struct mix *m, struct plan *p)
{
	users_plan_init(p, &u->bench);
	users_plan_counts(p, m, u->counts, u->ncounts);
	if (u->duration > 0)
		p->duration = u->duration;
	if (u->samples > 0)
		p->samples = u->samples;
}

/* The plan of the mix under the cursor, for the screen to show. */
static void
scr_users_shown(struct ui *ui, struct plan *p)
{
	struct scr_users	*u = ui->users;
	struct mix		 m;
	struct sm_error		 err;

	memset(&m, 0, sizeof m);
	if (u->nmix == 0 || mix_load(&m, ui->self[0] ? ui->self : NULL,
	    u->mixes[u->cur], &err) != 0)
		memset(&m, 0, sizeof m);
	scr_users_plan(u, &m, p);
	mix_free(&m);
}

static void
scr_users_counts_done(struct ui *ui, const char *text)
{
	struct sm_error	err;
	int		v[UI_MAX_COPIES];
	size_t		n;

	if (mix_parse_users(text, v, UI_MAX_COPIES, &n, &err) != 0) {
		ui_message(ui, "users %s", err.msg);
		return;
	}
	memcpy(ui->users->counts, v, n * sizeof *v);
	ui->users->ncounts = n;
}

/* "SECONDS x SAMPLES", or SECONDS alone. */
static void
scr_users_time_done(struct ui *ui, const char *text)
{
	char		*copy = xstrdup(text), *x = strchr(copy, 'x');
	double		 d;
	long		 n = 0;
	struct plan	 p;

	scr_users_shown(ui, &p);
	n = p.samples;
	plan_free(&p);

	if (x != NULL)
		*x++ = '\0';
	if (sm_parse_double(copy, &d) != 0 || d < PLAN_MIN_DURATION ||
	    d > PLAN_MAX_DURATION || (x != NULL &&
	    sm_parse_int(x, 1, PLAN_MAX_SAMPLES, &n) != 0))
		ui_message(ui, "\"%s\": give seconds (%g to %g) x samples "
		    "(1 to %d), e.g. 10x3", text, PLAN_MIN_DURATION,
		    PLAN_MAX_DURATION, PLAN_MAX_SAMPLES);
	else {
		ui->users->duration = d;
		ui->users->samples = (int)n;
	}
	free(copy);
}

static void
scr_users_counts_text(const struct plan *p, char *buf, size_t len)
{
	size_t	n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->ncopies && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? "," : "",
		    p->copies[i]);
}

/* Load the mix under the cursor and run it through the run screen. */
static void
scr_users_start(struct ui *ui)
{
	struct scr_users	*u = ui->users;
	struct ui_live		*l = ui->live;
	struct plan		*p = &l->plan;
	struct session_conf	 c;
	struct sm_error		 err;

	if (ui_running(ui) || u->nmix == 0)
		return;
	mix_free(&u->mix);
	if (mix_load(&u->mix, ui->self[0] ? ui->self : NULL,
	    u->mixes[u->cur], &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	plan_free(p);
	scr_users_plan(u, &u->mix, p);
	memset(&c, 0, sizeof c);
	c.mix = &u->mix;
	c.users = &u->bench;
	ui_live_reset(ui);
	ui_switch(ui, UI_SCR_RUN);
	if (ui_live_begin(ui, &c) != 0)
		ui_switch(ui, UI_SCR_USERS);
}

static int
scr_users_key(struct ui *ui, int c)
{
	struct scr_users	*u = ui->users;
	char			 buf[64];
	struct plan		 p;

	if (ui_scroll_key(c, &u->cur, NULL)) {
		if (u->cur >= (int)u->nmix)
			u->cur = (int)u->nmix - 1;
		if (u->cur < 0)
			u->cur = 0;
		return 1;
	}
	switch (c) {
	case 'u':
		scr_users_shown(ui, &p);
		scr_users_counts_text(&p, buf, sizeof buf);
		plan_free(&p);
		ui_ask(ui, 0, "users (e.g. 1,2,4,8):", buf,
		    scr_users_counts_done);
		return 1;
	case 't':
		scr_users_shown(ui, &p);
		snprintf(buf, sizeof buf, "%gx%d", p.duration, p.samples);
		plan_free(&p);
		ui_ask(ui, 0, "seconds x samples:", buf, scr_users_time_done);
		return 1;
	case UI_KEY_ENTER:
	case 'r':
		scr_users_start(ui);
		return 1;
	}
	return 0;
}

/* The steps of the mix under the cursor, or why it is refused. */
static int
scr_users_draw_mix(struct ui *ui, int y)
{
	struct ui_rect	r = { y, 0, 3, COLS };
	struct mix	m;
	struct sm_error	err;
	char		src[512];

	if (mix_load(&m, ui->self[0] ? ui->self : NULL,
	    ui->users->mixes[ui->users->cur], &err) != 0)
		return y + ui_text(ui, r, 0, UI_A_WARN, err.msg);
	if (m.source != NULL) {
		snprintf(src, sizeof src, "Source: %s", m.source);
		y += ui_text(ui, r, 0, UI_NATTR, src);
	}
	for (size_t i = 0; i < m.nsteps && y < LINES - 3; i++) {
		const struct mix_step	*st = &m.steps[i];

		ui_printf(ui, y++, 2, COLS - 2, UI_NATTR, "%zu. %s %s x%llu, "
		    "think %g s", i + 1, st->kind == MIX_TEST ? "test" :
		    "command", st->kind == MIX_TEST ? st->bench->id :
		    st->command, (unsigned long long)st->iterations,
		    st->think);
	}
	mix_free(&m);
	return y;
}

static void
scr_users_draw(struct ui *ui)
{
	const struct scr_users	*u = ui->users;
	char			 counts[64], est[32];
	int			 y = 2;
	double			 secs;
	struct plan		 p;

	ui_puts(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- simulated users: "
	    "response time as users are added");
	ui_hline(ui, 1, 0, COLS);
	if (u->nmix == 0) {
		ui_puts(ui, y, 0, COLS, UI_A_WARN, "No mixes found (mixes/ "
		    "beside sysmark, or $SYSMARK_MIXES).");
		return;
	}
	for (size_t i = 0; i < u->nmix && y < LINES / 2; i++)
		ui_printf(ui, y++, 0, COLS, (int)i == u->cur ?
		    UI_A_CURSOR : UI_NATTR, " %s", u->mixes[i]);
	y++;
	scr_users_shown(ui, &p);
	scr_users_counts_text(&p, counts, sizeof counts);
	secs = (double)p.ncopies * p.samples * p.duration;
	ui_format_secs(secs, est, sizeof est);
	ui_printf(ui, y++, 0, COLS, UI_A_SECTION, "Users %s   %g s x %d "
	    "samples each   about %s", counts, p.duration, p.samples, est);
	plan_free(&p);
	scr_users_draw_mix(ui, y + 1);
}

static void
scr_users_init(struct ui *ui)
{
	ui->users = xcalloc(1, sizeof *ui->users);
}

/* After ui_live_free(): the run's plan points at mix and bench. */
static void
scr_users_free(struct ui *ui)
{
	struct scr_users	*u = ui->users;

	scr_users_free_mixes(u);
	mix_free(&u->mix);
	free(u);
	ui->users = NULL;
}

const struct ui_screen scr_users = {
	.name = "Users",
	.status = "j/k:mix  u:users  t:time  Enter:run  v:results  n:select  "
	    "?:help  q:quit",
	.help = scr_users_help,
	.enter = scr_users_enter,
	.key = scr_users_key,
	.draw = scr_users_draw,
	.init = scr_users_init,
	.free = scr_users_free,
};
