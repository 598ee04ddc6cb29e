/*
 * What the fleet commands share (fleet check in cmd_fleet.c, run and
 * calibrate in cmd_fleet_run.c, collect in cmd_fleet_collect.c): their
 * connection options, the hosts chosen by the inventory (or --hosts) and
 * the pattern, each host's session driven through fleet_loop with the
 * signals that stop them, and the exit status they end with.  Apart from
 * cmd_fleet.c, which dispatches to the subcommands, so that no two of
 * these files call each other (tests/structure/cycles.sh).
 */
/* SPDX-License-Identifier: MIT */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cli_fleet.h"

static volatile sig_atomic_t cmd_fleet_stop;

/*
 * The first Ctrl-C stops every host and keeps what finished; a second
 * ends the fleet at once (fleet_loop_run()), as it ends run.
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
	fleet_inv_init(&f->inv);
	f->ssh.connect_timeout = 10;
	f->parallel = FLEET_MAX_PARALLEL;
}

/* One of the connection options (i F A f w H) into f; 0 or a status. */
int
cli_fleet_opt(struct cli_fleet *f, int c, const char *arg)
{
	long	n;

	switch (c) {
	case 'i':
		f->inv_path = arg;
		return 0;
	case 'H':
		f->hosts = arg;
		return 0;
	case 'F':
		if (!fleet_valid_path(arg))
			return cmd_usage_error("-F: not a file name");
		f->ssh.config = arg;
		return 0;
	case 'A':
		f->ssh.accept_new = 1;
		return 0;
	case 'f':
		if (sm_parse_int(arg, 1, FLEET_MAX_PARALLEL, &n) != 0)
			return cmd_usage_error("-f %s: hosts at once is a "
			    "whole number from 1 to %d", arg,
			    FLEET_MAX_PARALLEL);
		f->parallel = (size_t)n;
		return 0;
	case 'w':
		if (sm_parse_int(arg, 1, 600, &n) != 0)
			return cmd_usage_error("-w %s: the connect timeout is "
			    "a whole number of seconds from 1 to 600", arg);
		f->ssh.connect_timeout = (int)n;
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

/*
 * The hosts: the inventory (or --hosts) and the pattern, every host
 * validated before any ssh runs; 0 or the exit status.
 */
int
cli_fleet_hosts(struct cli_fleet *f)
{
	struct sm_error	err;
	int		rc;

	fleet_inv_free(&f->inv);
	if (f->hosts != NULL && f->inv_path != NULL)
		return cmd_usage_error("fleet: -i and --hosts exclude each "
		    "other");
	if (f->hosts == NULL && f->inv_path == NULL)
		return cmd_usage_error("fleet: name the hosts with -i "
		    "INVENTORY or --hosts HOST,...");
	rc = f->hosts != NULL ? fleet_inv_from_list(&f->inv, f->hosts, &err) :
	    fleet_inv_load(&f->inv, f->inv_path, &err);
	if (rc == 0)
		rc = fleet_pattern_select(&f->inv, f->pattern, &f->sel,
		    &f->nsel, &err);
	for (size_t i = 0; rc == 0 && i < f->nsel; i++)
		rc = fleet_valid_host(&f->inv.hosts[f->sel[i]], &err);
	if (rc == 0) {
		const struct fleet_host	**h = xcalloc(f->nsel, sizeof *h);

		for (size_t i = 0; i < f->nsel; i++)
			h[i] = &f->inv.hosts[f->sel[i]];
		rc = fleet_resolve_twins(&f->ssh, h, f->nsel, &err);
		free(h);
	}
	return rc == 0 ? 0 : cmd_input_error(&err);
}

/* ---- Driving the hosts ---- */

/* Each host's session, its log in dir (or none); the loop, the masters. */
int
cli_fleet_drive(struct cli_fleet *f, const char *argv0, const char *logdir,
    void (*tick)(void *), void *arg)
{
	const struct fleet_host	**hosts;
	struct sm_error		  err;

	fleet_bin_uname(&f->job);
	if (!f->job.check_only && !f->job.collect) {
		if (paths_self_exe(argv0, f->self, sizeof f->self) != 0)
			return cmd_usage_error("cannot find the sysmark "
			    "binary's own path (%s)", argv0);
		if (fleet_bin_load(&f->job, f->self, &f->bin, &f->exec, &err)
		    != 0)
			return cmd_input_error(&err);
	}
	if (fleet_loop_control_dir(f->ctl, sizeof f->ctl, &err) != 0)
		return cmd_input_error(&err);
	f->ssh.control_dir = f->ctl;
	f->job.connect_timeout = f->ssh.connect_timeout;
	/* check and collect: no plan to bound a file by, only the loader's */
	if (f->job.max_file == 0)
		f->job.max_file = (size_t)CSVSTORE_MAX_FILE;
	if (f->job.max_out == 0)
		f->job.max_out = FLEET_OUT_SLACK;
	f->sess = xcalloc(f->nsel, sizeof *f->sess);
	f->logs = xcalloc(f->nsel, sizeof *f->logs);
	hosts = xcalloc(f->nsel, sizeof *hosts);
	for (size_t i = 0; i < f->nsel; i++) {
		hosts[i] = &f->inv.hosts[f->sel[i]];
		if (logdir != NULL)
			f->logs[i] = fleet_out_open(logdir, hosts[i]->name,
			    ".log");
		fleet_sess_init(&f->sess[i], hosts[i], &f->ssh, &f->job,
		    f->logs[i]);
		f->sess[i].user = f;
	}
	cli_fleet_signals();
	f->hostp = hosts;
	f->interrupted = fleet_loop_run(f->sess, f->nsel, f->parallel,
	    &cmd_fleet_stop, tick, arg);
	return 0;
}

/* Free what f holds, its hosts' master connections ended first. */
void
cli_fleet_free(struct cli_fleet *f)
{
	if (f->hostp != NULL)
		fleet_loop_end_masters(&f->ssh, f->hostp, f->nsel);
	free(f->hostp);
	for (size_t i = 0; f->sess != NULL && i < f->nsel; i++) {
		fleet_sess_free(&f->sess[i]);
		if (f->logs[i] != NULL)
			fclose(f->logs[i]);
	}
	free(f->sess);
	free(f->logs);
	free(f->sel);
	free(f->bin);
	free(f->exec);
	fleet_inv_free(&f->inv);
}

/* The exit status of a fleet command: 130, 6 or 0. */
int
cli_fleet_status(const struct cli_fleet *f, enum fleet_status good)
{
	if (f->interrupted)
		return SM_EXIT_INTERRUPTED;
	for (size_t i = 0; i < f->nsel; i++)
		if (f->sess[i].status != good &&
		    f->sess[i].status != FLEET_ST_OK)
			return SM_EXIT_FLEET_PARTIAL;
	return 0;
}
