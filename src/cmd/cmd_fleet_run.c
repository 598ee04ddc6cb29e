/*
 * sysmark fleet run (and its short form, sysmark run --hosts): the same
 * plan on every host.  The plan is run's own options, checked here by
 * the same code as `sysmark run` before any ssh starts, then sent to
 * each host's agent on stdin.  Each run file that comes back is checked
 * by the ordinary loader, tagged fleet_id and fleet_host, and saved in
 * results/fleet-DATE/HOST.csv beside the host's log and fleet.csv.  A
 * host that fails never stops the others.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_fleet.h"

/* What the run needs beside the hosts. */
struct cmd_fleet_run {
	struct cmd_fleet	 f;
	struct cmd_opts		 m;		/* run's options, checked */
	char			*plan;		/* the agent's stdin */
	size_t			 plan_len;
	FILE			*planf;
	const char		*base;		/* -o: results/ instead */
	const char		*ref;		/* -b: the side by side's */
	enum table_format	 fmt;
	char			 dir[PATH_MAX];
	char			 id[64];
	char			(*files)[PATH_MAX];	/* per host */
	enum fleet_step		*shown;		/* the step last printed */
	int			 quiet;
	int			 calibrate;	/* fleet calibrate */
	int			 written;	/* fleet.csv, once at least */
};

/* A plan option: checked as run checks it, and added to the plan. */
static int
cmd_fleet_run_plan_opt(struct cmd_fleet_run *r, int c, const char *arg)
{
	for (const char *p = arg; *p != '\0'; p++)
		if (iscntrl((unsigned char)*p))
			return cmd_usage_error("-%c: a control character in "
			    "the value", c);
	if (cmd_opts_parse(c, arg, &r->m) != 0)
		return SM_EXIT_INPUT;
	fprintf(r->planf, "-%c %s\n", c, arg);
	return 0;
}

/* One option of fleet run; 0 or the exit status. */
static int
cmd_fleet_run_opt(struct cmd_fleet_run *r, int c, const char *arg)
{
	if (c == ':')
		return cmd_usage_error("option -%c needs a value", optopt);
	if (c == '?')
		return cmd_usage_error("unknown option -%c", optopt);
	if (strchr(FLEET_PLAN_OPTS, c) != NULL)
		return cmd_fleet_run_plan_opt(r, c, arg);
	if (c == 'o')
		r->base = arg;
	else if (c == 'b')
		r->ref = arg;
	else if (c == 'q')
		r->quiet = 1;
	else
		return cmd_fleet_opt(&r->f, c, arg);
	return 0;
}

/* ---- Results ---- */

/*
 * A run file came from s: the host's profile with calibrate, else its run
 * beside the others.  Not kept there, it is in a fallback file and on
 * its host (fleet_out_save()): the host's line says where.
 */
static void
cmd_fleet_run_on_file(struct fleet_sess *s, void *arg)
{
	struct cmd_fleet_run	*r = arg;
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
cmd_fleet_run_csv(struct cmd_fleet_run *r, struct fleet_row *rows)
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
cmd_fleet_run_tick(void *arg)
{
	struct cmd_fleet_run	*r = arg;
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

		cmd_fleet_run_csv(r, rows);
		free(rows);
		r->written = 1;
	}
}

/* fleet.csv, the status table, the hosts side by side; the status. */
static int
cmd_fleet_run_report(struct cmd_fleet_run *r)
{
	struct fleet_row	*rows = xcalloc(r->f.nsel, sizeof *rows);
	int			 rc;

	cmd_fleet_run_csv(r, rows);
	rc = cmd_render(fleet_out_table(rows, r->f.nsel), r->fmt);
	if (rc == 0 && !r->calibrate)
		rc = cmd_fleet_side(r->dir, rows, r->f.nsel, r->ref,
		    r->f.self, r->fmt, NULL);
	free(rows);
	if (!r->quiet)
		fprintf(stderr, "results in %s\n", r->dir);
	return rc != 0 ? rc : cmd_fleet_status(&r->f, FLEET_ST_OK);
}

/* -b: a host of the fleet, else a baseline or run that must load now. */
static int
cmd_fleet_run_ref(struct cmd_fleet_run *r)
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

/* Options, hosts, the plan and the results directory; 0 or a status. */
static int
cmd_fleet_run_setup(struct cmd_fleet_run *r, int argc, char **argv,
    const char *argv0)
{
	struct sm_error	err;
	int		c, rc = 0;

	cmd_fleet_long_opts(argc, argv);
	while (rc == 0 && (c = getopt(argc, argv,
	    r->calibrate ? ":t:c:d:n:R:g:i:H:F:Af:w:o:q" :
	    ":t:c:d:n:R:C:T:O:b:i:H:F:Af:w:o:q")) != -1)
		rc = cmd_fleet_run_opt(r, c, optarg);
	if (rc == 0 && optind < argc)
		r->f.pattern = argv[optind++];
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("fleet run: unexpected \"%s\"",
		    argv[optind]);
	fputs("go\n", r->planf);
	fclose(r->planf);
	r->planf = NULL;
	if (rc == 0 && r->m.plan.benches == NULL && registry_parse(NULL,
	    &r->m.plan.benches, &r->m.plan.nbench, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0)
		rc = cmd_fleet_hosts(&r->f);
	if (rc == 0 && paths_self_exe(argv0, r->f.self, sizeof r->f.self) != 0)
		rc = cmd_usage_error("cannot find sysmark's own path");
	if (rc == 0 && r->ref != NULL)
		rc = cmd_fleet_run_ref(r);
	if (rc == 0 && fleet_out_dir(r->f.self, r->base, r->dir,
	    sizeof r->dir, r->id, sizeof r->id, &err) != 0)
		rc = cmd_input_error(&err);
	return rc;
}

/* fleet run, or with calibrate fleet calibrate. */
static int
cmd_fleet_run_do(int argc, char **argv, const char *argv0, int calibrate)
{
	struct cmd_fleet_run	r;
	int			rc;

	memset(&r, 0, sizeof r);
	cmd_fleet_init(&r.f);
	cmd_opts_init(&r.m);
	r.calibrate = calibrate;
	if ((r.planf = open_memstream(&r.plan, &r.plan_len)) == NULL)
		sm_fatal("open_memstream: %s", strerror(errno));
	fprintf(r.planf, "%s\n", FLEET_PLAN_HELLO);
	if (calibrate)
		fprintf(r.planf, "%s\n", FLEET_PLAN_CALIBRATE);
	rc = cmd_fleet_run_setup(&r, argc, argv, argv0);
	if (rc == 0) {
		r.files = xcalloc(r.f.nsel, sizeof *r.files);
		r.shown = xcalloc(r.f.nsel, sizeof *r.shown);
		r.f.job.plan = r.plan;
		r.f.job.plan_len = r.plan_len;
		r.f.job.on_file = cmd_fleet_run_on_file;
		fleet_job_id(&r.f.job, r.id);
		fleet_job_caps(&r.f.job, &r.m.plan, r.calibrate);
		r.f.job.arg = &r;
		if (!r.quiet)
			fprintf(stderr, "fleet %s: %zu host(s), %zu at once\n",
			    r.id, r.f.nsel, r.f.parallel < r.f.nsel ?
			    r.f.parallel : r.f.nsel);
		rc = cmd_fleet_drive(&r.f, argv0, r.dir, cmd_fleet_run_tick,
		    &r);
	}
	if (rc == 0)
		rc = cmd_fleet_run_report(&r);
	cmd_fleet_free(&r.f);
	cmd_opts_free(&r.m);
	free(r.plan);
	free(r.files);
	free(r.shown);
	return rc;
}

/* sysmark fleet run [run's options] [-f N] -i INVENTORY [PATTERN] */
int
cmd_fleet_run(int argc, char **argv, const char *argv0)
{
	return cmd_fleet_run_do(argc, argv, argv0, 0);
}

/*
 * sysmark fleet calibrate [calibrate's options] -i INVENTORY [PATTERN]:
 * each host's own noise profile, results/noise-fleet/HOST.csv, which
 * the fleet's side-by-side tables then judge that host's figures with.
 */
int
cmd_fleet_calibrate(int argc, char **argv, const char *argv0)
{
	return cmd_fleet_run_do(argc, argv, argv0, 1);
}
