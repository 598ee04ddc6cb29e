/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here; cmd_measure.c does the measuring that calibrate and users share.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* run -C's time cap unless -T says otherwise, in seconds. */
#define CMD_RUN_TIME_CAP		600.0

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	struct sm_error	err;
	int		c, rc = 0;

	memset(&m, 0, sizeof m);
	m.copies[0] = 1;
	m.ncopies = 1;
	m.samples = 6;
	m.duration = 10;
	m.order = RUNNER_ORDER_INTERLEAVED;
	m.time_cap = CMD_RUN_TIME_CAP;
	run_init(&m.base);
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
	if (rc == 0 && m.benches == NULL &&
	    registry_parse(NULL, &m.benches, &m.nbench, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		rc = cmd_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
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
