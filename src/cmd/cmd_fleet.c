/*
 * sysmark fleet: the same plan on many hosts over OpenSSH.  This file
 * holds the command's usage, its dispatch to the subcommands and the
 * smallest one, check; run and calibrate are in cmd_fleet_run.c, show in
 * cmd_fleet_show.c, collect in cmd_fleet_collect.c, and what they share
 * (ssh's options, -f, the fleet driven through
 * src/core/fleet/fleet_run.c) in cli_fleet.c.  sysmark runs no daemon and opens
 * no port: it is an ssh client, as Ansible and pdsh are.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

const char cmd_fleet_usage[] =
"usage: sysmark fleet check [-F SSH_CONFIG] [--accept-new] [-w SECONDS]\n"
"                   [-f N] -i INVENTORY | --hosts HOST,... [PATTERN]\n"
"       sysmark fleet run [-t -g --preset -c -d -n -R -C -T --order as run]\n"
"                   [-b HOST]\n"
"                   [-x -P -D -L -N --suite --show-output --timeout\n"
"                   --setup-timeout as run]\n"
"                   [--ignore-failure] [--warmup N] [-f N] [-o|--dir DIR]\n"
"                   [-q] [ssh options] -i INVENTORY [PATTERN]\n"
"       sysmark fleet show [-f FORMAT] [-b HOST|NAME] DIR\n"
"       sysmark fleet collect [ssh options] [-i INVENTORY] DIR\n"
"       sysmark fleet collect [ssh options] [-o DIR] -i INVENTORY [PATTERN]\n"
"       sysmark fleet calibrate [-t -c -d -n -R -g] [ssh options]\n"
"                   -i INVENTORY [PATTERN]\n"
"\n"
"Run the same plan on many hosts over ssh (BatchMode, strict host keys)\n"
"and keep results/fleet-DATE/: a run per host, its log, fleet.csv; exit\n"
"status 6 when some host gave no complete run.\n"
"\n"
"  -i INVENTORY   hosts: one a line, or an Ansible inventory (INI; YAML,\n"
"                 JSON, a script or a directory through ansible-inventory)\n"
"  --hosts LIST   hosts named on the command line: [USER@]HOST[:PORT],...\n"
"                 ([ADDR]:PORT for IPv6, as ssh takes it)\n"
"  PATTERN        which hosts: a:b, a,b, !a, &a, all (Ansible's)\n"
"  -f N           hosts at once (default all, at most 32; 1 for virtual\n"
"                 machines that share hardware)\n"
"  -F SSH_CONFIG  ssh's -F: another client configuration\n"
"  --accept-new   trust a host key on first use (a changed one is\n"
"                 still refused)\n"
"  -w SECONDS     ssh's connect timeout (default 10); also\n"
"                 --connect-timeout SECONDS\n"
"  -b HOST|NAME   show: ratios to this host (default the first) or a\n"
"                 baseline\n"
"  -o DIR         where the fleet's directory goes (default results/);\n"
"                 also --dir DIR\n"
"  --ignore-failure  run's -i for command tests, --warmup N its -w (here\n"
"                 -i and -w are the inventory and the connect timeout)\n";

/* ---- fleet check ---- */

/* The check table: a line per host, reachable or why not. */
static struct table *
cmd_fleet_check_table(const struct cli_fleet *f)
{
	struct table		*t = table_new("FLEET CHECK");
	const struct fleet_view	*v;
	size_t			 r;

	table_add_col(t, "HOST", TABLE_LEFT);
	table_add_col(t, "STATUS", TABLE_LEFT);
	table_add_col(t, "SYSTEM", TABLE_LEFT);
	table_add_col(t, "CPUS", TABLE_RIGHT);
	table_add_col(t, "LOAD", TABLE_LEFT);
	table_add_col(t, "SYSMARK", TABLE_LEFT);
	table_add_col(t, "REASON", TABLE_LEFT);
	table_fit(t, TABLE_TEXT_WIDTH, 6);
	for (size_t i = 0; i < f->n; i++) {
		v = &f->views[i];
		r = table_add_row(t);
		table_set(t, r, 0, "%s", v->name);
		table_set(t, r, 1, "%s", v->ok ? "reachable" : v->status);
		if (!v->ok) {
			table_set(t, r, 6, "%s", v->reason);
			continue;
		}
		table_set(t, r, 2, "%s", v->system);
		table_set(t, r, 3, "%s", v->cpus);
		table_set(t, r, 4, "%s", v->load);
		table_set(t, r, 5, "%s", v->binary);
	}
	return t;
}

/* sysmark fleet check -i INVENTORY [PATTERN]: reach every host. */
static int
cmd_fleet_check(int argc, char **argv, const char *argv0)
{
	struct cli_fleet	f;
	struct cmd_args		ops = { 0 };
	enum table_format	fmt = TABLE_TEXT;
	int			c, rc = 0, status = 0;

	cli_fleet_init(&f);
	f.c.mode = FLEET_CHECK;
	while (rc == 0 && (c = cmd_getopt(argc, argv, "i:H:F:Af:w:o:",
	    cli_fleet_long, &ops)) != -1)
		rc = c == '?' ? SM_EXIT_INPUT : c == 'o' ?
		    cmd_parse_format(optarg, &fmt) : cli_fleet_opt(&f, c, optarg);
	if (rc == 0 && ops.n > 0)
		f.c.pattern = ops.v[0];
	if (rc == 0 && ops.n > 1)
		rc = cmd_usage_error("fleet check: unexpected \"%s\"",
		    ops.v[1]);
	if (rc == 0)
		rc = cli_fleet_drive(&f, argv0, &status);
	if (rc == 0)
		rc = cmd_render(cmd_fleet_check_table(&f), fmt);
	if (rc == 0)
		rc = status;
	cli_fleet_free(&f);
	cmd_args_free(&ops);
	return rc;
}

/* ---- The command ---- */

/* sysmark fleet check|run|show|collect|calibrate ... */
int
cmd_fleet(int argc, char **argv, const char *argv0)
{
	static const struct {
		const char	*name;
		int		 (*fn)(int, char **, const char *);
	} subs[] = {
		{ "check", cmd_fleet_check },
		{ "run", cmd_fleet_run },
		{ "show", cmd_fleet_show },
		{ "collect", cmd_fleet_collect },
		{ "calibrate", cmd_fleet_calibrate },
	};

	if (argc < 2)
		return cmd_usage_error("fleet: name a subcommand: check, run, "
		    "show, collect or calibrate");
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (strcmp(argv[1], subs[i].name) == 0)
			return subs[i].fn(argc - 1, argv + 1, argv0);
	return cmd_usage_error("fleet: unknown subcommand \"%s\"", argv[1]);
}
