/*
 * The console's frame: it takes the terminal (ui_term.c), waits in poll()
 * on the keyboard and the jobs' pipes together (the live run, ui_live.c;
 * the fleet run, ui_fleet.c: each a struct ui_job, polled, stepped and
 * ended through its ops), hands keys on (ui_key.c), and redraws at most
 * refresh_ms apart while a job goes on, so the parent stays idle and a
 * 9600-baud line is not flooded.  The jobs tell the screens what happens
 * by events (ui_tell()); this loop names no screen but in its table.
 * Screens change models; only this loop draws (tmux's model/tty split,
 * htop's REDRAW flag).
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console.h"
#include "scr.h"
#include "ui.h"
#include "ui_choice.h"
#include "ui_fleet.h"
#include "ui_live.h"
#include "ui_source.h"
#include "ui_term.h"
#include "ui_view.h"
#include "w.h"
#include "../src/core/core.h"

/* The one place that names every screen (see enum ui_scr). */
static const struct ui_screen *const ui_screens[UI_SCR_N] = {
	[UI_SCR_SELECT] = &scr_select,
	[UI_SCR_RUN] = &scr_run,
	[UI_SCR_RESULTS] = &scr_results,
	[UI_SCR_COMPARE] = &scr_compare,
	[UI_SCR_HELP] = &scr_help,
	[UI_SCR_PICK] = &scr_pick,
	[UI_SCR_USERS] = &scr_users,
	[UI_SCR_HOSTS] = &scr_hosts,
	[UI_SCR_HISTORY] = &scr_history,
};

/* The jobs the loop drives, each through its ops. */
static const struct ui_job *const ui_jobs[] = {
	&ui_live_job,
	&ui_fleet_job,
};
#define UI_NJOBS	(sizeof ui_jobs / sizeof ui_jobs[0])
#define UI_NFDS		(1 + 1 + 3 * FLEET_MAX_PARALLEL)	/* keys, jobs */

/* Does a job go on? */
static int
ui_jobs_running(const struct ui *ui)
{
	for (size_t i = 0; i < UI_NJOBS; i++)
		if (ui_jobs[i]->running(ui))
			return 1;
	return 0;
}

/*
 * text from line y on, broken between words to the terminal's width (a
 * word wider than that is cut); the line after it.
 */
static int
ui_draw_wrapped(int y, const char *text)
{
	const char	*p = text;
	int		 x, n;

	while (*p != '\0' && y < LINES) {
		for (x = 0; *p != '\0'; x += n) {
			n = (int)strcspn(p + (x > 0), " ") + (x > 0);
			if (x > 0 && x + n > COLS)
				break;
			mvaddnstr(y, x, p, n < COLS - x ? n : COLS - x);
			p += n;
		}
		p += *p == ' ';
		y++;
	}
	return y;
}

/* Too small a terminal: the message, whole down to about 16x8. */
static void
ui_draw_small(struct ui *ui)
{
	char	buf[128];
	int	y;

	snprintf(buf, sizeof buf, "sysmark needs at least %dx%d; this "
	    "terminal is %dx%d.", UI_MIN_COLS, UI_MIN_LINES, COLS, LINES);
	y = ui_draw_wrapped(0, buf);
	y = ui_draw_wrapped(y, "Enlarge it (a running test goes on), or "
	    "press q to quit.");
	if (ui->prompt.active)
		ui_draw_wrapped(y + 1, ui->prompt.question);
}

static void
ui_draw(struct ui *ui)
{
	erase();
	if (LINES < UI_MIN_LINES || COLS < UI_MIN_COLS)
		ui_draw_small(ui);
	else {
		ui->scr->draw(ui);
		w_status_draw(ui, ui->scr->status);
	}
	refresh();
}


/* ---- The loop ---- */

/*
 * Ctrl-C asks, as q does, before a run in progress or unsaved is lost; a
 * second Ctrl-C (or SIGTERM) ends the console keeping the run, as the
 * command line does (ui_keep).
 */
static void
ui_ctrl_c(struct ui *ui)
{
	if (ui_term_ctrl_c() == 1) {
		ui_term_set_ctrl_c(2);
		ui_quit(ui);
		ui->dirty = 1;
	} else if (ui_term_ctrl_c() == 2 && !ui->prompt.active && !ui->quit)
		ui_term_set_ctrl_c(0);	/* answered no: ask again next time */
}

/*
 * Stopped by a signal, or quit, while a run goes on: end its session,
 * which keeps what it measured in the run's file (saved as it went).
 * line gets a line to print once the terminal is back ("" when there
 * was no run going on).
 */
static void
ui_keep(struct ui *ui, char *line, size_t len)
{
	struct ui_live	*l = ui->live;

	line[0] = '\0';
	if (!ui_running(ui))
		return;
	ui_live_job.end(ui);
	if (l->saved)
		snprintf(line, len, "sysmark: the run is kept in %s", l->path);
	else if (l->run.nsamples > 0)
		snprintf(line, len, "sysmark: %s", ui->msg);
}

/* Sleep until a key, a job's record or deadline, a redraw, an idle check. */
static int
ui_poll_timeout(const struct ui *ui, uint64_t next_draw)
{
	uint64_t	now = sm_now_ns();
	int		t, r;

	if (!ui_jobs_running(ui))
		return 5000;	/* the idle check on the select screen */
	t = next_draw > now ? (int)((next_draw - now) / 1000000) + 1 : 0;
	for (size_t i = 0; i < UI_NJOBS; i++) {
		r = ui_jobs[i]->timeout_ms(ui);
		if (r >= 0 && r < t)
			t = r;
	}
	return t;
}

/* The keyboard first, then every running job's pipes; how many. */
static size_t
ui_poll_fds(struct ui *ui, struct pollfd *pfd)
{
	size_t	n = 1;

	pfd[0].fd = STDIN_FILENO;
	pfd[0].events = POLLIN;
	pfd[0].revents = 0;
	for (size_t i = 0; i < UI_NJOBS; i++)
		n += ui_jobs[i]->fds(ui, pfd + n, UI_NFDS - n);
	return n;
}

static void
ui_loop(struct ui *ui)
{
	struct pollfd	pfd[UI_NFDS];
	uint64_t	next_draw = 0, now;
	size_t		nfd;

	while (!ui->quit && !ui_term_stopped()) {
		ui_ctrl_c(ui);
		if (ui->quit)
			break;
		if (ui_term_resized() || ui_term_resumed())
			ui->dirty = 1;
		now = sm_now_ns();
		if (ui->dirty || (ui_jobs_running(ui) && now >= next_draw)) {
			ui_draw(ui);
			ui->dirty = 0;
			next_draw = now + (uint64_t)ui->refresh_ms * 1000000;
		}
		nfd = ui_poll_fds(ui, pfd);
		if (poll(pfd, nfd, ui_poll_timeout(ui, next_draw)) < 0) {
			if (errno != EINTR)
				sm_fatal("poll: %s", strerror(errno));
			continue;
		}
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			/*
			 * The terminal is gone: reads and writes fail with
			 * EIO, often before the SIGHUP comes (from the shell
			 * that led the session), so act as on SIGHUP now.
			 */
			ui_term_hangup();
			break;
		} else if (pfd[0].revents & POLLIN)
			ui_read_keys(ui);
		for (size_t i = 0; i < UI_NJOBS; i++)
			ui_jobs[i]->step(ui);
		if (!ui_running(ui) && !ui->dirty && ui->scr->idle_check)
			ui->dirty = now >= ui->idle_at;
	}
}

static void
ui_init(struct ui *ui, const char *argv0, int refresh_ms,
    struct command_set *cmds, const struct command_opts *opts)
{
	memset(ui, 0, sizeof *ui);
	ui->screens = ui_screens;
	ui->back = UI_SCR_SELECT;
	ui->refresh_ms = refresh_ms > 0 ? refresh_ms : UI_REFRESH_MS;
	if (paths_self_exe(argv0, ui->self, sizeof ui->self) != 0)
		ui->self[0] = '\0';
	ui_live_init(ui);
	ui->choice = xcalloc(1, sizeof *ui->choice);
	ui_view_init(ui);
	ui_choice_defaults(ui);
	ui_command_init(ui, cmds, opts);
	for (int i = 0; i < UI_SCR_N; i++)
		if (ui_screens[i]->init != NULL)
			ui_screens[i]->init(ui);
}

static void
ui_free(struct ui *ui)
{
	ui_live_free(ui);
	ui_source_free(ui);
	ui_view_free(ui);
	for (int i = 0; i < UI_SCR_N; i++)
		if (ui_screens[i]->free != NULL)
			ui_screens[i]->free(ui);
	ui_fleet_free(ui);
	ui_command_free(ui);
	ui_choice_free(ui);
	free(ui->choice);
}

/*
 * The console, until the user quits.  refresh_ms spaces the redraws while
 * tests run (0: the default); cmds, when not NULL, are command tests the
 * console takes (and frees), opts the options of those added later.
 * Returns the exit status.
 */
int
ui_main(const char *argv0, int refresh_ms, struct command_set *cmds,
    const struct command_opts *opts)
{
	struct ui	ui;
	char		kept[2 * PATH_MAX + 300];
	int		sig;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");	/* 1234.5, never 1234,5 */
	ui_init(&ui, argv0, refresh_ms, cmds, opts);
	ui_signals();
	ui_term_start(&ui);
	ui_switch(&ui, UI_SCR_SELECT);
	ui_resume_offer(&ui);
	ui_loop(&ui);
	ui_keep(&ui, kept, sizeof kept);
	/* Every job ended, bounded: children killed and reaped first. */
	for (size_t i = 0; i < UI_NJOBS; i++)
		ui_jobs[i]->end(&ui);
	ui_term_end();
	ui_free(&ui);
	if ((sig = ui_term_stopped()) != 0)
		fprintf(stderr, "sysmark: stopped by %s\n", sm_signame(sig));
	if (kept[0] != '\0')
		fprintf(stderr, "%s\n", kept);
	if (sig != 0)
		return SM_EXIT_INTERRUPTED;
	/* Quit by Ctrl-C, when the user agreed to stop the run. */
	return ui_term_ctrl_c() ? SM_EXIT_INTERRUPTED : SM_EXIT_OK;
}
