/*
 * sysmark calibrate: the host's noise profile, results/noise-HOST.csv,
 * with which compare widens the intervals of one run a side.  It measures
 * like run (cli_measure.c) but is a command of its own: its defaults, its
 * checks and where it saves are not run's.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_calibrate_usage[] =
"usage: sysmark calibrate [-t ID,...] [-c COPIES,...] [-d SECONDS]\n"
"                   [-n SAMPLES] [-R REPEATS] [-g SECONDS] [-q] [-f FORMAT]\n"
"                   [-x [NAME=]CMD]... [--suite FILE]... [-P NAME LO HI\n"
"                   [-D STEP]] [-L NAME A,B,...] [-N] [-i] [-w N]\n"
"                   [--timeout SECONDS] [--setup-timeout SECONDS]\n"
"\n"
"Measure this host's run-to-run noise (an A/A run) and save it as\n"
"results/noise-HOST.csv for compare.\n"
"\n"
CMD_HELP_T CMD_HELP_C CMD_HELP_D CMD_HELP_N
"  -R REPEATS     repeats of the whole plan (default 5, at least 2)\n"
"  -g SECONDS     pause between repeats (default: spread them over 5\n"
"                 minutes)\n"
"  -x, --suite, -P, -D, -L, -N, -i, -w, --timeout, --setup-timeout\n"
"                 command tests, as run takes them, so that run --detect\n"
"                 finds their noise\n"
CMD_HELP_Q CMD_HELP_F;

/* calibrate's long options, beside its usage above. */
static const struct option cmd_calibrate_long[] = {
	{ "suite", required_argument, NULL, CLI_COMMANDS_SUITE },
	{ "timeout", required_argument, NULL, CLI_COMMANDS_TIMEOUT },
	{ "setup-timeout", required_argument, NULL,
	    CLI_COMMANDS_SETUP_TIMEOUT },
	{ NULL, 0, NULL, 0 }
};

/*
 * sysmark calibrate: run's plan as an A/A run of 5 repeats (at least 2),
 * spread over five minutes unless -g says otherwise, saved as the host's
 * noise profile (replacing the last one).
 */
int
cmd_calibrate(int argc, char **argv, const char *argv0)
{
	struct cmd_opts		m;
	struct cli_commands	cc;
	struct sm_error		err;
	char			path[PATH_MAX];
	struct cmd_args		ops = { 0 };
	int			c, rc = 0, gap_set = 0;

	cmd_opts_init(&m);
	cli_commands_init(&cc);
	m.plan.repeats = NOISE_REPEATS;
	m.calibrate = 1;
	m.force = 1;
	while (rc == 0 && (c = cmd_getopt(argc, argv, "t:c:d:n:R:g:qf:x:P:D:L:Niw:",
	    cmd_calibrate_long, &ops)) != -1) {
		gap_set |= c == 'g';
		if (c == '?')
			rc = SM_EXIT_INPUT;
		else if (strchr("x079PDLNiw", c) != NULL)
			rc = cli_commands_opt(&cc, c, optarg, argc, argv);
		else
			rc = cmd_opts_parse(c, optarg, &m);
	}
	rc = cmd_args_none(&ops, "calibrate", rc);
	if (rc == 0 && m.plan.repeats < 2)
		rc = cmd_usage_error("-R %d: calibrate needs at least 2 "
		    "repeats to see the spread between them", m.plan.repeats);
	if (rc == 0)
		rc = cli_commands_finish(&cc, &m.plan);
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	/* The repeats spread over five minutes unless -g says otherwise. */
	if (rc == 0 && noise_calibration(&m.plan, m.self, m.plan.repeats,
	    gap_set ? m.plan.gap : -1, path, sizeof path, &err) != 0)
		rc = cmd_input_error(&err);
	m.out = path;
	if (rc == 0)
		rc = cli_measure(&m);
	cmd_opts_free(&m);
	cli_commands_free(&cc);
	return rc;
}
