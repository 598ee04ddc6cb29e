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

/* --detect PERCENT: the change a comparison should find, 0.1 to 50%. */
static int
cmd_run_detect(const char *arg, struct cmd_opts *m)
{
	double	v;

	if (sm_parse_double(arg, &v) != 0 || !(v >= 0.1 && v <= 50))
		return cmd_usage_error("--detect %s: the change to detect must "
		    "be a percentage from 0.1 to 50", arg);
	m->detect = v / 100;
	return 0;
}

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	int		c, rc = 0, given_d = 0, given_nr = 0;

	cmd_opts_init(&m);
	m.time_cap = CMD_RUN_TIME_CAP;
	cmd_long_opt(argc, argv, "--order", 'O');
	cmd_long_opt(argc, argv, "--detect", 'D');
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:D:Fqsf:")) != -1) {
		given_d |= c == 'd';
		given_nr |= c == 'n' || c == 'R' || c == 'C';
		if (c == 'D')
			rc = cmd_run_detect(optarg, &m);
		else if (c == ':')
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
	if (rc == 0 && m.detect > 0 && given_nr)
		rc = cmd_usage_error("--detect chooses the repeats and samples "
		    "itself: leave out -n, -R and -C");
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	if (rc == 0 && m.detect > 0)
		rc = cmd_plan_detect(&m, given_d);
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
