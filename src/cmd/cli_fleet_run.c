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
	const char		*copies;	/* -c as given: each host's */
	char			*plan;		/* the agent's stdin */
	size_t			 plan_len;
	const char		*base;		/* --dir: results/ instead */
	const char		*ref;		/* -b: the side by side's */
	enum table_format	 fmt;
	char			 dir[PATH_MAX];
	char			 id[64];
	char			(*files)[PATH_MAX];	/* per host */
	enum fleet_step		*shown;		/* the step last printed */
	int			 quiet;
	int			 calibrate;	/* fleet calibrate */
	int			 as_run;	/* run --hosts: -i -w -o run's */
	int			 gap_set;	/* calibrate -g */
	int			 written;	/* fleet.csv, once at least */
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
		r->copies = arg;
	if (strchr("tcdnRCTOg", c) != NULL)
		return cmd_opts_parse(c, arg, &r->m) != 0 ? SM_EXIT_INPUT : 0;
	if (c == CMD_FLEET_RUN_IGNORE || c == CMD_FLEET_RUN_WARMUP)
		return cli_commands_opt(&r->cc, c == CMD_FLEET_RUN_IGNORE ?
		    'i' : 'w', arg, argc, argv);
	if (strchr("xPDLN", c) != NULL || c == CLI_COMMANDS_SUITE ||
	    c == CLI_COMMANDS_SHOW || c == CLI_COMMANDS_TIMEOUT)
		return cli_commands_opt(&r->cc, c, arg, argc, argv);
	if (c == 'o' || c == CMD_FLEET_RUN_DIR)
		r->base = arg;
	else if (c == 'b')
		r->ref = arg;
	else if (c == 'q')
		r->quiet = 1;
	else
		return cli_fleet_opt(&r->f, c == CMD_FLEET_RUN_CONNECT ? 'w' :
		    c, arg);
	return 0;
}

/* ---- Results ---- */

/*
 * A run file came from s: the host's profile with calibrate, else its run
 * beside the others.  Not kept there, it is in a fallback file and on
 * its host (fleet_out_save()): the host's line says where.
 */
static void
cli_fleet_run_on_file(struct fleet_sess *s, void *arg)
{
	struct cli_fleet_run	*r = arg;
	struct sm_error		 err;
	size_t			 i = (size_t)(s - r->f.sess);
	char			 path[PATH_MAX + 300];

	/* One run a host: the first kept stays kept, whatever comes after. */
	if (r->files[i][0] != '\0') {
		fprintf(stderr, "sysmark: %s: a second run file was sent; "
		    "the first, kept in %s, stays\n", s->h->name, r->files[i]);
		return;
	}
	/* No noise-fleet/ to save in: the save fails, the fallback holds. */
	if (r->calibrate)
		fleet_out_profile(r->f.self, s->h->name, 1, path, sizeof path,
		    &err);
	if (!r->calibrate || path[0] == '\0')
		snprintf(path, sizeof path, "%s/%s.csv", r->dir, s->h->name);
	if (fleet_out_save(s, path, r->calibrate ? NULL : r->id,
	    r->calibrate) != 0)
		return;
	if (!r->calibrate) {
		snprintf(r->files[i], sizeof r->files[i], "%s.csv",
		    s->h->name);
		return;
	}
	snprintf(r->files[i], sizeof r->files[i], "%.*s", PATH_MAX - 1, path);
	if (!r->quiet)
		fprintf(stderr, "%s: noise profile saved in %s\n", s->h->name,
		    path);
}

/*
 * fleet.csv as the hosts stand now: written from the first pass (each
 * host pending or running) and again as each ends, so that a controller
 * killed with SIGKILL leaves one for fleet show and fleet collect DIR.
 */
static void
cli_fleet_run_csv(struct cli_fleet_run *r, struct fleet_row *rows)
{
	struct sm_error	err;

	for (size_t i = 0; i < r->f.nsel; i++)
		fleet_out_row(&r->f.sess[i], r->files[i], &rows[i]);
	if (fleet_out_write(r->dir, rows, r->f.nsel, &err) != 0)
		fprintf(stderr, "sysmark: %s\n", err.msg);
}

/*
 * After each pass: fleet.csv rewritten when a host has started or ended
 * since; progress on stderr, a line when a host starts its plan and ends.
 */
static void
cli_fleet_run_tick(void *arg)
{
	struct cli_fleet_run	*r = arg;
	struct fleet_sess	*s;
	int			 changed = !r->written;

	for (size_t i = 0; i < r->f.nsel; i++) {
		s = &r->f.sess[i];
		if (s->step == r->shown[i] || s->status == FLEET_ST_PENDING)
			continue;
		changed |= s->step == FLEET_STEP_DONE || r->shown[i] ==
		    FLEET_STEP_PROBE;
		r->shown[i] = s->step;
		if (r->quiet)
			continue;
		if (s->step == FLEET_STEP_AGENT)
			fprintf(stderr, "%s: running the plan\n", s->h->name);
		else if (s->step == FLEET_STEP_DONE)
			fprintf(stderr, "%s: %s%s%s\n", s->h->name,
			    fleet_status_name(s->status), s->reason[0] ?
			    ": " : "", s->reason);
	}
	if (changed) {
		struct fleet_row	*rows = xcalloc(r->f.nsel, sizeof *rows);

		cli_fleet_run_csv(r, rows);
		free(rows);
		r->written = 1;
	}
}

/* fleet.csv, the status table, the hosts side by side; the status. */
static int
cli_fleet_run_report(struct cli_fleet_run *r)
{
	struct fleet_row	*rows = xcalloc(r->f.nsel, sizeof *rows);
	int			 rc;

	cli_fleet_run_csv(r, rows);
	rc = cmd_render(fleet_out_table(rows, r->f.nsel), r->fmt);
	if (rc == 0 && !r->calibrate)
		rc = cli_fleet_side(r->dir, rows, r->f.nsel, r->ref,
		    r->f.self, r->fmt, NULL);
	free(rows);
	if (!r->quiet)
		fprintf(stderr, "results in %s\n", r->dir);
	return rc != 0 ? rc : cli_fleet_status(&r->f, FLEET_ST_OK);
}

/* -b: a host of the fleet, else a baseline or run that must load now. */
static int
cli_fleet_run_ref(struct cli_fleet_run *r)
{
	struct run	base;
	int		rc;

	for (size_t i = 0; i < r->f.nsel; i++)
		if (strcmp(r->f.inv.hosts[r->f.sel[i]].name, r->ref) == 0)
			return 0;
	rc = cmd_load_baseline(r->ref, r->f.self, &base);
	run_free(&base);
	return rc;
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
		r->f.pattern = argv[optind++];
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("%s: unexpected \"%s\"", r->as_run ?
		    "run --hosts" : "fleet run", argv[optind]);
	if (rc == 0)
		rc = cli_plan_select(&r->m, &r->pick, argv0);
	if (rc == 0)
		rc = cli_commands_finish(&r->cc, &r->m.plan);
	return rc;
}

/* The plan the agents get (fleet_job_plan()); 0 or a status. */
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
	if (plan_check(&r->m.plan, &err) != 0 || fleet_job_plan(&r->f.job,
	    &r->m.plan, r->copies, r->calibrate, &r->plan, &r->plan_len,
	    &err) != 0)
		return cmd_usage_error("%s", err.msg);
	return 0;
}

/* Options, hosts, the plan and the results directory; 0 or a status. */
static int
cli_fleet_run_setup(struct cli_fleet_run *r, int argc, char **argv,
    const char *argv0)
{
	struct sm_error	err;
	int		rc;

	rc = cli_fleet_run_opts(r, argc, argv, argv0);
	if (rc == 0)
		rc = cli_fleet_run_plan(r);
	if (rc == 0)
		rc = cli_fleet_hosts(&r->f);
	if (rc == 0 && paths_self_exe(argv0, r->f.self, sizeof r->f.self) != 0)
		rc = cmd_usage_error("cannot find sysmark's own path");
	if (rc == 0 && r->ref != NULL)
		rc = cli_fleet_run_ref(r);
	if (rc == 0 && fleet_out_dir(r->f.self, r->base, r->dir,
	    sizeof r->dir, r->id, sizeof r->id, &err) != 0)
		rc = cmd_input_error(&err);
	return rc;
}

/* fleet run, or with calibrate fleet calibrate; as_run: run --hosts. */
int
cli_fleet_run(int argc, char **argv, const char *argv0, int calibrate,
    int as_run)
{
	struct cli_fleet_run	r;
	int			rc;

	memset(&r, 0, sizeof r);
	cli_fleet_init(&r.f);
	cmd_opts_init(&r.m);
	cli_commands_init(&r.cc);
	r.calibrate = calibrate;
	r.as_run = as_run;
	if (calibrate)
		r.m.plan.repeats = NOISE_REPEATS;
	rc = cli_fleet_run_setup(&r, argc, argv, argv0);
	if (rc == 0) {
		r.files = xcalloc(r.f.nsel, sizeof *r.files);
		r.shown = xcalloc(r.f.nsel, sizeof *r.shown);
		r.f.job.on_file = cli_fleet_run_on_file;
		fleet_job_id(&r.f.job, r.id);
		r.f.job.arg = &r;
		if (!r.quiet)
			fprintf(stderr, "fleet %s: %zu host(s), %zu at once\n",
			    r.id, r.f.nsel, r.f.parallel < r.f.nsel ?
			    r.f.parallel : r.f.nsel);
		rc = cli_fleet_drive(&r.f, argv0, r.dir, cli_fleet_run_tick,
		    &r);
	}
	if (rc == 0)
		rc = cli_fleet_run_report(&r);
	cli_fleet_free(&r.f);
	cmd_opts_free(&r.m);
	cli_commands_free(&r.cc);
	free(r.plan);
	free(r.files);
	free(r.shown);
	return rc;
}
