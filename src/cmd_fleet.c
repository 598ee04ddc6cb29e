/*
 * sysmark fleet: the same plan on many hosts over OpenSSH.  This file
 * holds what the subcommands share (the inventory and pattern, ssh's
 * options, -f, the hosts driven through fleet_loop) and the small ones:
 * check and collect; run is in cmd_fleet_run.c, show in
 * cmd_fleet_show.c.  sysmark runs no daemon and opens no port: it is an
 * ssh client, as Ansible and pdsh are.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_fleet.h"

const char cmd_fleet_usage[] =
"usage: sysmark fleet check [-F SSH_CONFIG] [--accept-new] [-w SECONDS]\n"
"                   [-f N] -i INVENTORY | --hosts HOST,... [PATTERN]\n"
"       sysmark fleet run [-t -c -d -n -R -C -T --order as run] [-b HOST]\n"
"                   [-f N] [-o DIR] [-q] [ssh options] -i INVENTORY [PATTERN]\n"
"       sysmark fleet show [-f FORMAT] [-b HOST|NAME] DIR\n"
"       sysmark fleet collect [ssh options] [-i INVENTORY] DIR\n"
"       sysmark fleet collect [ssh options] [-o DIR] -i INVENTORY [PATTERN]\n"
"       sysmark fleet calibrate [-t -c -d -n -R -g] [ssh options]\n"
"                   -i INVENTORY [PATTERN]\n"
"\n"
"Run the same plan on many hosts over ssh (BatchMode, strict host keys)\n"
"and keep results/fleet-DATE/: a run per host, its log, fleet.csv; exit\n"
"status 6 when some host gave no complete run.\n"
"\n"
"  -i INVENTORY   hosts: one a line, or Ansible's INI inventory\n"
"  --hosts LIST   hosts named on the command line: [USER@]HOST[:PORT],...\n"
"  PATTERN        which hosts: a:b, a,b, !a, &a, all (Ansible's)\n"
"  -f N           hosts at once (default all, at most 32; 1 for virtual\n"
"                 machines that share hardware)\n"
"  -F SSH_CONFIG  ssh's -F: another client configuration\n"
"  --accept-new   trust a host key on first use (a changed one is\n"
"                 still refused)\n"
"  -w SECONDS     ssh's connect timeout (default 10)\n"
"  -b HOST|NAME   show: ratios to this host (default the first) or a\n"
"                 baseline\n"
"  -o DIR         where the fleet's directory goes (default results/)\n";

static volatile sig_atomic_t cmd_fleet_stop;

/* The first Ctrl-C stops every host and keeps what finished. */
static void
cmd_fleet_on_signal(int sig)
{
	(void)sig;
	cmd_fleet_stop = 1;
}

/* SIGINT, SIGTERM, SIGHUP stop the fleet; a closed pipe is no crash. */
static void
cmd_fleet_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cmd_fleet_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---- Options ---- */

/* Initialise f before its options. */
void
cmd_fleet_init(struct cmd_fleet *f)
{
	memset(f, 0, sizeof *f);
	fleet_inv_init(&f->inv);
	f->ssh.connect_timeout = 10;
	f->parallel = FLEET_MAX_PARALLEL;
}

/* One of the connection options (i F A f w H) into f; 0 or a status. */
int
cmd_fleet_opt(struct cmd_fleet *f, int c, const char *arg)
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

/* The long options every fleet command takes, as short ones. */
void
cmd_fleet_long_opts(int argc, char **argv)
{
	cmd_long_opt(argc, argv, "--accept-new", 'A');
	cmd_long_opt(argc, argv, "--hosts", 'H');
	cmd_long_opt(argc, argv, "--order", 'O');
	cmd_long_opt(argc, argv, "--connect-timeout", 'w');
}

/*
 * The hosts: the inventory (or --hosts) and the pattern, every host
 * validated before any ssh runs; 0 or the exit status.
 */
int
cmd_fleet_hosts(struct cmd_fleet *f)
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
cmd_fleet_drive(struct cmd_fleet *f, const char *argv0, const char *logdir,
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
	cmd_fleet_signals();
	f->hostp = hosts;
	f->interrupted = fleet_loop_run(f->sess, f->nsel, f->parallel,
	    &cmd_fleet_stop, tick, arg);
	return 0;
}

/* Free what f holds, its hosts' master connections ended first. */
void
cmd_fleet_free(struct cmd_fleet *f)
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

/* ---- fleet check ---- */

/* The check table: a line per host, reachable or why not. */
static struct table *
cmd_fleet_check_table(const struct cmd_fleet *f)
{
	struct table		*t = table_new("FLEET CHECK");
	const struct fleet_sess	*s;
	size_t			 r;

	table_add_col(t, "HOST", TABLE_LEFT);
	table_add_col(t, "STATUS", TABLE_LEFT);
	table_add_col(t, "SYSTEM", TABLE_LEFT);
	table_add_col(t, "CPUS", TABLE_RIGHT);
	table_add_col(t, "LOAD", TABLE_LEFT);
	table_add_col(t, "SYSMARK", TABLE_LEFT);
	table_add_col(t, "REASON", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, 6);
	for (size_t i = 0; i < f->nsel; i++) {
		s = &f->sess[i];
		r = table_add_row(t);
		table_set(t, r, 0, "%s", s->h->name);
		table_set(t, r, 1, "%s", s->status == FLEET_ST_OK ?
		    "reachable" : fleet_status_name(s->status));
		if (s->status != FLEET_ST_OK) {
			table_set(t, r, 6, "%s", s->reason);
			continue;
		}
		table_set(t, r, 2, "%s %s", s->os, s->arch);
		table_set(t, r, 3, "%s", s->cpus);
		table_set(t, r, 4, "%s", s->load);
		table_set(t, r, 5, "%s", cmd_fleet_check_binary(f, s));
	}
	return t;
}

/* Whether a matching sysmark is there, or would be copied. */
const char *
cmd_fleet_check_binary(const struct cmd_fleet *f, const struct fleet_sess *s)
{
	static const char	match[] = "sysmark " SYSMARK_VERSION;

	if (strcmp(s->version, match) == 0)
		return SYSMARK_VERSION " (in PATH)";
	if (strcmp(s->os, f->job.os) == 0 && strcmp(s->arch, f->job.arch) == 0)
		return s->version[0] ? "other version: copied" :
		    "none: copied";
	return "none, other arch: install it";
}

/* The exit status of a fleet command: 130, 6 or 0. */
int
cmd_fleet_status(const struct cmd_fleet *f, enum fleet_status good)
{
	if (f->interrupted)
		return SM_EXIT_INTERRUPTED;
	for (size_t i = 0; i < f->nsel; i++)
		if (f->sess[i].status != good &&
		    f->sess[i].status != FLEET_ST_OK)
			return SM_EXIT_FLEET_PARTIAL;
	return 0;
}

/* sysmark fleet check -i INVENTORY [PATTERN]: reach every host. */
static int
cmd_fleet_check(int argc, char **argv, const char *argv0)
{
	struct cmd_fleet	f;
	enum table_format	fmt = TABLE_TEXT;
	int			c, rc = 0;

	cmd_fleet_init(&f);
	f.job.check_only = 1;
	cmd_fleet_long_opts(argc, argv);
	while (rc == 0 && (c = getopt(argc, argv, ":i:H:F:Af:w:o:")) != -1)
		rc = c == 'o' ? cmd_parse_format(optarg, &fmt) :
		    c == ':' ? cmd_usage_error("option -%c needs a value",
		    optopt) : cmd_fleet_opt(&f, c == '?' ? optopt : c, optarg);
	if (rc == 0 && optind < argc)
		f.pattern = argv[optind++];
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("fleet check: unexpected \"%s\"",
		    argv[optind]);
	if (rc == 0)
		rc = cmd_fleet_hosts(&f);
	if (rc == 0)
		rc = cmd_fleet_drive(&f, argv0, NULL, NULL, NULL);
	if (rc == 0)
		rc = cmd_render(cmd_fleet_check_table(&f), fmt);
	if (rc == 0)
		rc = cmd_fleet_status(&f, FLEET_ST_OK);
	cmd_fleet_free(&f);
	return rc;
}

/* ---- The command ---- */

/* sysmark fleet check|run|show|collect|calibrate ... */
int
cmd_fleet(int argc, char **argv, const char *argv0)
{
	static const struct {
		const char	*name;
		int		 (*fn)(int, char **, const char *);
	} subs[] = {
		{ "check", cmd_fleet_check },
		{ "run", cmd_fleet_run },
		{ "show", cmd_fleet_show },
		{ "collect", cmd_fleet_collect },
		{ "calibrate", cmd_fleet_calibrate },
	};

	if (argc < 2)
		return cmd_usage_error("fleet: name a subcommand: check, run, "
		    "show, collect or calibrate");
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (strcmp(argv[1], subs[i].name) == 0)
			return subs[i].fn(argc - 1, argv + 1, argv0);
	return cmd_usage_error("fleet: unknown subcommand \"%s\"", argv[1]);
}
