/*
 * What fleet run, fleet calibrate and run --hosts share (their entries
 * are in cmd_fleet_run.c and cmd_run.c): the same plan on every host.
 * The plan is run's own options, checked here by the same code as
 * `sysmark run` before any ssh starts, then sent to each host's agent on
 * stdin.  Each run file that comes back is checked by the ordinary
 * loader, tagged fleet_id and fleet_host, and saved in
 * results/fleet-DATE/HOST.csv beside the host's log and fleet.csv.  A
 * host that fails never stops the others.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

/* What the run needs beside the hosts. */
struct cli_fleet_run {
	struct cli_fleet	 f;
	struct cmd_opts		 m;		/* run's options, checked */
	struct cli_commands	 cc;		/* -x, --suite and theirs */
	struct cli_plan_pick	 pick;		/* -g, --preset (not calibrate) */
	enum table_format	 fmt;
	int			 quiet;
	int			 calibrate;	/* fleet calibrate */
	int			 as_run;	/* run --hosts: -i -w -o run's */
	int			 gap_set;	/* calibrate -g */
};

/* The options only a long name gives (getopt_long's values). */
enum {
	CMD_FLEET_RUN_CONNECT = 256,	/* --connect-timeout */
	CMD_FLEET_RUN_IGNORE,		/* --ignore-failure: run's -i */
	CMD_FLEET_RUN_WARMUP,		/* --warmup: run's -w */
	CMD_FLEET_RUN_DIR,		/* --dir: fleet run's -o */
	CMD_FLEET_RUN_PRESET		/* --preset, as run's */
};

/* fleet run's; fleet calibrate's are the first four. */
static const struct option cli_fleet_run_long[] = {
	{ "hosts", required_argument, NULL, 'H' },
	{ "accept-new", no_argument, NULL, 'A' },
	{ "connect-timeout", required_argument, NULL, CMD_FLEET_RUN_CONNECT },
	{ "dir", required_argument, NULL, CMD_FLEET_RUN_DIR },
	{ "order", required_argument, NULL, 'O' },
	{ "suite", required_argument, NULL, CLI_COMMANDS_SUITE },
	{ "show-output", no_argument, NULL, CLI_COMMANDS_SHOW },
	{ "timeout", required_argument, NULL, CLI_COMMANDS_TIMEOUT },
	{ "setup-timeout", required_argument, NULL,
	    CLI_COMMANDS_SETUP_TIMEOUT },
	{ "ignore-failure", no_argument, NULL, CMD_FLEET_RUN_IGNORE },
	{ "warmup", required_argument, NULL, CMD_FLEET_RUN_WARMUP },
	{ "group", required_argument, NULL, 'g' },
	{ "preset", required_argument, NULL, CMD_FLEET_RUN_PRESET },
	{ NULL, 0, NULL, 0 }
};

/* The option getopt_long just refused, as the user wrote it. */
static const char *
cli_fleet_run_bad(char **argv)
{
	static char	buf[4];

	if (optopt != 0 && optopt < 256) {
		snprintf(buf, sizeof buf, "-%c", optopt);
		return buf;
	}
	return argv[optind - 1];
}

/*
 * -i, -w and -o: in fleet run the inventory, ssh's connect timeout and
 * the fleet's directory; in run --hosts, as in run, the command tests'
 * -i and -w, and -o (a file in run) is refused: a fleet saves a file a
 * host, and --dir says where their directory goes.  c as the rest of
 * the parsing takes it; 0 when it is refused.
 */
static int
cli_fleet_run_which(const struct cli_fleet_run *r, int c)
{
	if (!r->as_run)
		return c;
	if (c == 'i')
		return CMD_FLEET_RUN_IGNORE;
	if (c == 'w')
		return CMD_FLEET_RUN_WARMUP;
	return c == 'o' ? 0 : c;
}

/* One option of fleet run; 0 or the exit status. */
static int
cli_fleet_run_opt(struct cli_fleet_run *r, int c, const char *arg, int argc,
    char **argv)
{
	if (c == ':')
		return cmd_usage_error("option %s needs a value",
		    cli_fleet_run_bad(argv));
	if (c == '?')
		return cmd_usage_error("unknown option %s",
		    cli_fleet_run_bad(argv));
	if ((c = cli_fleet_run_which(r, c)) == 0)
		return cmd_usage_error("run --hosts: -o names one run file "
		    "and a fleet saves one a host: --dir DIR says where the "
		    "fleet's directory goes (default results/)");
	cli_plan_given(&r->pick, c);
	if (c == 'g' && !r->calibrate)
		return cli_plan_group(arg, &r->pick.group);
	if (c == CMD_FLEET_RUN_PRESET)
		return cli_plan_preset(arg, &r->pick.preset);
	r->gap_set |= c == 'g';
	if (c == 'c')
		r->f.c.copies = arg;
	if (strchr("tcdnRCTOg", c) != NULL)
		return cmd_opts_parse(c, arg, &r->m) != 0 ? SM_EXIT_INPUT : 0;
	if (c == CMD_FLEET_RUN_IGNORE || c == CMD_FLEET_RUN_WARMUP)
		return cli_commands_opt(&r->cc, c == CMD_FLEET_RUN_IGNORE ?
		    'i' : 'w', arg, argc, argv);
	if (strchr("xPDLN", c) != NULL || c == CLI_COMMANDS_SUITE ||
	    c == CLI_COMMANDS_SHOW || c == CLI_COMMANDS_TIMEOUT ||
	    c == CLI_COMMANDS_SETUP_TIMEOUT)
		return cli_commands_opt(&r->cc, c, arg, argc, argv);
	if (c == 'o' || c == CMD_FLEET_RUN_DIR)
		r->f.c.base = arg;
	else if (c == 'b')
		r->f.c.ref = arg;
	else if (c == 'q')
		r->quiet = 1;
	else
		return cli_fleet_opt(&r->f, c == CMD_FLEET_RUN_CONNECT ? 'w' :
		    c, arg);
	return 0;
}

/* ---- Results ---- */

/*
 * fleet.csv's status table, the hosts side by side (not calibrate), where
 * the results are; the exit status, the fleet's own (status) unless the
 * tables could not be printed.
 */
static int
cli_fleet_run_report(struct cli_fleet_run *r, int status)
{
	struct fleet_dir	d;
	struct sm_error		err;
	int			rc;

	rc = cmd_render(cli_fleet_table(r->f.rows, r->f.n), r->fmt);
	if (rc == 0 && !r->calibrate) {
		if (fleet_dir_load(&d, r->f.dir, r->f.rows, r->f.n,
		    FLEET_DIR_RUNS | FLEET_DIR_PROFILES, r->f.c.ref, r->f.self,
		    &err) != 0)
			return cmd_input_error(&err);
		if (d.note[0] != '\0')
			fprintf(stderr, "sysmark: %s\n", d.note);
		rc = cli_fleet_side(&d, r->fmt, NULL);
		fleet_dir_free(&d);
	}
	if (!r->quiet)
		fprintf(stderr, "results in %s\n", r->f.dir);
	return rc != 0 ? rc : status;
}

/* The options, the tests chosen, the command tests made; 0 or a status. */
static int
cli_fleet_run_opts(struct cli_fleet_run *r, int argc, char **argv,
    const char *argv0)
{
	static const struct option	 cal_long[] = {
		{ "hosts", required_argument, NULL, 'H' },
		{ "accept-new", no_argument, NULL, 'A' },
		{ "connect-timeout", required_argument, NULL,
		    CMD_FLEET_RUN_CONNECT },
		{ "dir", required_argument, NULL, CMD_FLEET_RUN_DIR },
		{ NULL, 0, NULL, 0 }
	};
	/* run --hosts: -i is run's, a flag (cli_fleet_run_which()) */
	const char			*opts = r->calibrate ?
		":t:c:d:n:R:g:i:H:F:Af:w:o:q" : r->as_run ?
		":t:g:c:d:n:R:C:T:O:b:iH:F:Af:w:o:qx:P:D:L:N" :
		":t:g:c:d:n:R:C:T:O:b:i:H:F:Af:w:o:qx:P:D:L:N";
	int				 c, rc = 0;

	while (rc == 0 && (c = getopt_long(argc, argv, opts, r->calibrate ?
	    cal_long : cli_fleet_run_long, NULL)) != -1)
		rc = cli_fleet_run_opt(r, c, optarg, argc, argv);
	if (rc == 0 && optind < argc)
		r->f.c.pattern = argv[optind++];
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("%s: unexpected \"%s\"", r->as_run ?
		    "run --hosts" : "fleet run", argv[optind]);
	if (rc == 0)
		rc = cli_plan_select(&r->m, &r->pick, argv0);
	if (rc == 0)
		rc = cli_commands_finish(&r->cc, &r->m.plan);
	return rc;
}

/* The plan the agents get, checked; 0 or a status. */
static int
cli_fleet_run_plan(struct cli_fleet_run *r)
{
	struct sm_error	err;

	if (r->m.plan.benches == NULL && registry_parse(NULL,
	    &r->m.plan.benches, &r->m.plan.nbench, &err) != 0)
		return cmd_input_error(&err);
	if (r->calibrate && r->m.plan.repeats < 2)
		return cmd_usage_error("-R %d: calibrate needs at least 2 "
		    "repeats to see the spread between them",
		    r->m.plan.repeats);
	/* The gap computed once here, as calibrate does: every host's. */
	if (r->calibrate)
		noise_plan(&r->m.plan, r->m.plan.repeats, r->gap_set ?
		    r->m.plan.gap : -1);
	if (plan_check(&r->m.plan, &err) != 0)
		return cmd_usage_error("%s", err.msg);
	r->f.c.plan = &r->m.plan;
	return 0;
}

/* fleet run, or with calibrate fleet calibrate; as_run: run --hosts. */
int
cli_fleet_run(int argc, char **argv, const char *argv0, int calibrate,
    int as_run)
{
	struct cli_fleet_run	r;
	int			rc, status = 0;

	memset(&r, 0, sizeof r);
	cli_fleet_init(&r.f);
	cmd_opts_init(&r.m);
	cli_commands_init(&r.cc);
	r.calibrate = calibrate;
	r.as_run = as_run;
	r.f.c.mode = calibrate ? FLEET_CALIBRATE : FLEET_RUN;
	if (calibrate)
		r.m.plan.repeats = NOISE_REPEATS;
	rc = cli_fleet_run_opts(&r, argc, argv, argv0);
	if (rc == 0)
		rc = cli_fleet_run_plan(&r);
	r.f.progress = !r.quiet;
	if (rc == 0)
		rc = cli_fleet_drive(&r.f, argv0, &status);
	if (rc == 0)
		rc = cli_fleet_run_report(&r, status);
	/* Last, after the tables: what fleet.csv no longer tells. */
	if (r.f.stale[0] != '\0')
		fprintf(stderr, "%s\n", r.f.stale);
	cli_fleet_free(&r.f);
	cmd_opts_free(&r.m);
	cli_commands_free(&r.cc);
	return rc;
}
