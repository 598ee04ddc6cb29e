/*
 * sysmark fleet run and fleet calibrate: the same plan on every host
 * (cli_fleet_run.c does it, for run --hosts too).
 */
/* SPDX-License-Identifier: MIT */

#include "cmd.h"
#include "cli_fleet.h"

/* sysmark fleet run [run's options] [-f N] -i INVENTORY [PATTERN] */
int
cmd_fleet_run(int argc, char **argv, const char *argv0)
{
	return cli_fleet_run(argc, argv, argv0, 0, 0);
}

/*
 * sysmark fleet calibrate [calibrate's options] -i INVENTORY [PATTERN]:
 * each host's own noise profile, results/noise-fleet/HOST.csv, which
 * the fleet's side-by-side tables then judge that host's figures with.
 */
int
cmd_fleet_calibrate(int argc, char **argv, const char *argv0)
{
	return cli_fleet_run(argc, argv, argv0, 1, 0);
}
