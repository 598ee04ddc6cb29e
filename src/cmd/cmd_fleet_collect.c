/*
 * sysmark fleet collect: the runs left on hosts (an agent that lost its
 * connection saves its finished samples under ~/.cache/sysmark), fetched
 * by a fleet run of its own (src/core/fleet/fleet_collect.c says how):
 * given a fleet's DIR, into that fleet, fleet.csv updated; given -i
 * INVENTORY [PATTERN], into a new results/fleet-DATE/.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cli_fleet.h"

/* sysmark fleet collect -i INVENTORY [PATTERN] [-o DIR] | [-i INV] DIR */
int
cmd_fleet_collect(int argc, char **argv, const char *argv0)
{
	struct cli_fleet	f;
	struct cmd_args		ops = { 0 };
	int			ch, rc = 0, status = 0;

	cli_fleet_init(&f);
	f.c.mode = FLEET_COLLECT;
	while (rc == 0 && (ch = cmd_getopt(argc, argv, "i:H:F:Af:w:o:",
	    cli_fleet_long, &ops)) != -1)
		rc = ch == '?' ? SM_EXIT_INPUT : ch == 'o' ?
		    (f.c.base = optarg, 0) : cli_fleet_opt(&f, ch, optarg);
	if (rc == 0 && ops.n > 1)
		rc = cmd_usage_error("fleet collect: unexpected \"%s\"",
		    ops.v[1]);
	if (rc == 0 && ops.n > 0)
		f.c.pattern = ops.v[0];
	if (rc == 0)
		rc = cli_fleet_drive(&f, argv0, &status);
	if (rc == 0)
		rc = status;
	cli_fleet_free(&f);
	cmd_args_free(&ops);
	return rc;
}
