/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here; cmd_measure.c does the measuring that calibrate and users share.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* run -C's time cap unless -T says otherwise, in seconds. */
#define CMD_RUN_TIME_CAP		600.0

/* The long options only run has, as getopt sees them. */
static const struct {
	const char	*name;
	char		 c;
} cmd_run_long[] = {
	{ "--order", 'O' },
	{ "--prepare", 'P' },
	{ "--setup", 'S' },
	{ "--cleanup", 'K' },
	{ "--resume", 'U' },
};

/* How the user wrote option c: "--prepare" for P, "-t" for t. */
static const char *
cmd_run_name(int c)
{
	static char	buf[4];

	for (size_t i = 0; i < sizeof cmd_run_long / sizeof cmd_run_long[0];
	    i++)
		if (cmd_run_long[i].c == c)
			return cmd_run_long[i].name;
	snprintf(buf, sizeof buf, "-%c", c);
	return buf;
}

/* --prepare, --setup, --cleanup CMD and --resume FILE; 0 or a status. */
static int
cmd_run_hook(int c, const char *arg, struct cmd_opts *m)
{
	const char	*name = cmd_run_name(c);

	if (*arg == '\0')
		return cmd_usage_error("%s \"\": %s", name, c == 'U' ?
		    "name the run file to resume" : "give a command (it runs "
		    "through /bin/sh -c as written)");
	if (c == 'P')
		m->prepare = arg;
	else if (c == 'S')
		m->setup = arg;
	else if (c == 'K')
		m->cleanup = arg;
	else
		m->resume = arg;
	return 0;
}

/*
 * run --resume FILE: the plan comes from the file, so no option that
 * sets one may be given (given: the options seen); the run continues in
 * FILE.  0 or an exit status.
 */
static int
cmd_run_resume(struct cmd_opts *m, const char *given, struct resume *rs)
{
	struct sm_error	err;
	const char	*bad = strpbrk(given, "tcdnRCTbOoPSK");

	if (bad != NULL)
		return cmd_usage_error("--resume %s: the plan and settings "
		    "come from the file; %s cannot be given with it",
		    m->resume, cmd_run_name(*bad));
	if (resume_load(rs, m->resume, m->force, &err) != 0)
		return cmd_input_error(&err);
	m->from = rs;
	m->benches = rs->benches;
	rs->benches = NULL;
	m->nbench = rs->nbench;
	memcpy(m->copies, rs->copies, sizeof m->copies);
	m->ncopies = rs->ncopies;
	m->samples = rs->samples;
	m->duration = rs->duration;
	m->repeats = rs->repeats;
	m->order = rs->order;
	m->target = rs->target;
	m->time_cap = rs->time_cap;
	m->baseline = rs->baseline;
	m->prepare = rs->prepare;
	m->setup = rs->setup;
	m->cleanup = rs->cleanup;
	m->out = m->resume;
	m->force = 1;
	return 0;
}

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	struct resume	rs;
	char		given[64] = "";
	size_t		ngiven = 0;
	int		c, rc = 0;

	cmd_opts_init(&m);
	m.time_cap = CMD_RUN_TIME_CAP;
	for (size_t i = 0; i < sizeof cmd_run_long / sizeof cmd_run_long[0];
	    i++)
		cmd_long_opt(argc, argv, cmd_run_long[i].name,
		    cmd_run_long[i].c);
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:Fqsf:P:S:K:U:")) != -1) {
		if (c == ':')
			rc = cmd_usage_error("option %s needs a value",
			    cmd_run_name(optopt));
		else if (c == '?')
			rc = cmd_usage_error("unknown option -%c", optopt);
		else if (strchr("PSKU", c) != NULL)
			rc = cmd_run_hook(c, optarg, &m);
		else
			rc = cmd_opts_parse(c, optarg, &m);
		if (ngiven + 1 < sizeof given)
			given[ngiven++] = (char)c;
	}
	memset(&rs, 0, sizeof rs);
	m.journal = 1;
	if (rc == 0 && optind == argc && m.resume != NULL)
		rc = cmd_run_resume(&m, given, &rs);
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("run: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc == 0 && m.baseline != NULL)
		rc = cmd_load_baseline(m.baseline, argv0, &m.base);
	if (rc == 0)
		rc = cmd_measure(&m);
	free(m.benches);
	run_free(&m.base);
	resume_free(&rs);
	return rc;
}
