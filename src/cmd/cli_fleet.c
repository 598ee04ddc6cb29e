/*
 * What the fleet commands share (fleet check in cmd_fleet.c, run and
 * calibrate in cli_fleet_run.c, collect in cmd_fleet_collect.c): their
 * connection options, one fleet run (src/core/fleet/fleet_run.c) driven
 * to its end with the signals that stop it, what it told kept and
 * printed, and fleet.csv's status table.  Apart from cmd_fleet.c, which
 * dispatches to the subcommands, so that no two of these files call each
 * other (tests/structure/cycles.sh).
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cli_fleet.h"

static volatile sig_atomic_t cmd_fleet_stop;

/*
 * The first Ctrl-C stops every host and keeps what finished; a second
 * ends the fleet at once (fleet_run_step()), as it ends run.
 */
static void
cli_fleet_on_signal(int sig)
{
	(void)sig;
	cmd_fleet_stop = cmd_fleet_stop ? 2 : 1;
}

/* SIGINT, SIGTERM, SIGHUP stop the fleet; a closed pipe is no crash. */
static void
cli_fleet_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cli_fleet_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---- Options ---- */

/* Initialise f before its options. */
void
cli_fleet_init(struct cli_fleet *f)
{
	memset(f, 0, sizeof *f);
	f->c.connect_timeout = 10;
	f->c.parallel = FLEET_MAX_PARALLEL;
}

/* One of the connection options (i F A f w H) into f; 0 or a status. */
int
cli_fleet_opt(struct cli_fleet *f, int c, const char *arg)
{
	long	n;

	switch (c) {
	case 'i':
		f->c.inv_path = arg;
		return 0;
	case 'H':
		f->c.hosts = arg;
		return 0;
	case 'F':
		f->c.ssh_config = arg;
		return 0;
	case 'A':
		f->c.accept_new = 1;
		return 0;
	case 'f':
		if (sm_parse_int(arg, 1, FLEET_MAX_PARALLEL, &n) != 0)
			return cmd_usage_error("-f %s: hosts at once is a "
			    "whole number from 1 to %d", arg,
			    FLEET_MAX_PARALLEL);
		f->c.parallel = (size_t)n;
		return 0;
	case 'w':
		if (sm_parse_int(arg, 1, 600, &n) != 0)
			return cmd_usage_error("-w %s: the connect timeout is "
			    "a whole number of seconds from 1 to 600", arg);
		f->c.connect_timeout = (int)n;
		return 0;
	}
	return cmd_usage_error("unknown option -%c", c);
}

/* The long options fleet check and fleet collect take (getopt_long's). */
const struct option cli_fleet_long[] = {
	{ "hosts", required_argument, NULL, 'H' },
	{ "accept-new", no_argument, NULL, 'A' },
	{ "connect-timeout", required_argument, NULL, 'w' },
	{ NULL, 0, NULL, 0 }
};

/* ---- Driving the fleet ---- */

/* A host changed: kept; with progress, a line as it starts and ends. */
static void
cli_fleet_host(struct cli_fleet *f, size_t i, const struct fleet_view *v)
{
	enum fleet_state	was = f->views[i].state;

	f->views[i] = *v;
	if (!f->progress || v->state == was)
		return;
	if (v->state == FLEET_VIEW_MEASURING)
		fprintf(stderr, "%s: running the plan\n", v->name);
	else if (v->state == FLEET_VIEW_DONE)
		fprintf(stderr, "%s: %s%s%s\n", v->name, v->status,
		    v->reason[0] ? ": " : "", v->reason);
}

/* What the fleet tells: kept for the tables, progress on stderr. */
static void
cli_fleet_on_event(const struct fleet_event *ev, void *arg)
{
	struct cli_fleet	*f = arg;

	switch (ev->kind) {
	case FLEET_EV_BEGIN:
		f->n = ev->nhosts;
		f->views = xcalloc(f->n + 1, sizeof *f->views);
		snprintf(f->dir, sizeof f->dir, "%s", ev->dir);
		snprintf(f->id, sizeof f->id, "%s", ev->id);
		if (f->progress)
			fprintf(stderr, "fleet %s: %zu host(s), %zu at once\n",
			    ev->id, ev->nhosts, ev->parallel);
		break;
	case FLEET_EV_HOST:
		cli_fleet_host(f, ev->host, ev->view);
		break;
	case FLEET_EV_NOTE:
		fprintf(stderr, "%s\n", ev->text);
		break;
	case FLEET_EV_END:
		f->rows = xcalloc(f->n + 1, sizeof *f->rows);
		memcpy(f->rows, ev->rows, f->n * sizeof *f->rows);
		if (ev->text != NULL)
			snprintf(f->stale, sizeof f->stale, "%s", ev->text);
		break;
	}
}

/*
 * The fleet f's options say, driven to its end: 0 with its exit status
 * in *status, or the status of a fleet that could not begin.
 */
int
cli_fleet_drive(struct cli_fleet *f, const char *argv0, int *status)
{
	struct pollfd		 pfd[3 * FLEET_MAX_PARALLEL + 1];
	struct fleet_run	*run;
	struct sm_error		 err;
	int			 ms;

	if (paths_self_exe(argv0, f->self, sizeof f->self) != 0)
		return cmd_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	f->c.self = f->self;
	f->c.on_event = cli_fleet_on_event;
	f->c.arg = f;
	if ((run = fleet_run_begin(&f->c, &err)) == NULL)
		return cmd_input_error(&err);
	cli_fleet_signals();
	while (!fleet_run_step(run, cmd_fleet_stop))
		if (poll(pfd, fleet_run_fds(run, pfd, sizeof pfd /
		    sizeof pfd[0], &ms), ms) < 0 && errno != EINTR)
			sm_fatal("poll: %s", strerror(errno));
	*status = fleet_run_end(run);
	return 0;
}

/* Free what f holds. */
void
cli_fleet_free(struct cli_fleet *f)
{
	free(f->views);
	free(f->rows);
}

/* fleet.csv's status table: a row per host. */
struct table *
cli_fleet_table(const struct fleet_row *rows, size_t n)
{
	static const size_t	cols[] = { 0, 1, 2, 9, 7, 11 };
	struct table		*t = table_new("FLEET");
	size_t			 r;

	table_add_col(t, "HOST", TABLE_LEFT);
	table_add_col(t, "TARGET", TABLE_LEFT);
	table_add_col(t, "STATUS", TABLE_LEFT);
	table_add_col(t, "SAMPLES", TABLE_RIGHT);
	table_add_col(t, "SECONDS", TABLE_RIGHT);
	table_add_col(t, "REASON", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, 5);
	for (size_t i = 0; i < n; i++) {
		r = table_add_row(t);
		for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
			table_set(t, r, c, "%s", rows[i].f[cols[c]]);
	}
	return t;
}
