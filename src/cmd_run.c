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
#include "cmd_fleet.h"

/* run -C's time cap unless -T says otherwise, in seconds. */
#define CMD_RUN_TIME_CAP		600.0

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	int		c, rc = 0;

	/* run --hosts H,...: the same plan on those hosts (fleet run). */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strncmp(argv[i], "--hosts", 7) == 0 &&
		    (argv[i][7] == '\0' || argv[i][7] == '='))
			return cmd_fleet_run(argc, argv, argv0);
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
