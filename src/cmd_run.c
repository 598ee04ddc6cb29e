/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here; cmd_measure.c does the measuring that calibrate and users share.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"

/* run -C's time cap unless -T says otherwise, in seconds. */
#define CMD_RUN_TIME_CAP		600.0

const char cmd_run_usage[] =
"usage: sysmark run [-t ID,...] [-c COPIES,...] [-d SECONDS] [-n SAMPLES]\n"
"                   [-R REPEATS] [-C PERCENT [-T SECONDS]] [-b NAME]\n"
"                   [--order grouped|interleaved]\n"
"                   [-o FILE] [-F] [-q] [-s] [-f text|csv|md]\n"
"\n"
"Measure the tests, save the run and print its table.\n"
"\n"
CMD_HELP_T CMD_HELP_C CMD_HELP_D CMD_HELP_N
"  -R REPEATS     repeat the whole plan, in one file (default 1);\n"
"                 compare judges on the repeats' means\n"
"  -C PERCENT     keep taking rounds until every test's 95% interval\n"
"                 is within PERCENT of its mean (with -b: the index's)\n"
"  -T SECONDS     -C's time cap (default 600)\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"                 (a name in baselines/, e.g. byte-3.11, or a run file)\n"
"  --order ORDER  interleaved (default): rounds in a shuffled order,\n"
"                 seed in the run's meta; grouped: test by test\n"
CMD_HELP_O CMD_HELP_Q CMD_HELP_S CMD_HELP_F;

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	int		c, rc = 0;

	cmd_opts_init(&m);
	m.time_cap = CMD_RUN_TIME_CAP;
	cmd_long_opt(argc, argv, "--order", 'O');
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:Fqsf:")) != -1) {
		if (c == ':')
			rc = cmd_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = cmd_usage_error("unknown option -%c", optopt);
		else
			rc = cmd_opts_parse(c, optarg, &m);
	}
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
	return rc;
}
