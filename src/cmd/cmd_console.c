/*
 * sysmark console: the curses console, or on a terminal without cursor
 * addressing its plain mode, which asks for a run and hands it to
 * sysmark run.  The only command file that knows the UI.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd.h"
#include "../../ui/ui.h"

const char cmd_console_usage[] =
"usage: sysmark [console [-r UPDATES_PER_SECOND]]\n"
"\n"
"The console: choose tests, watch them run, compare runs.  With no\n"
"command on a terminal, sysmark starts it.\n"
"\n"
"  -r N           screen updates a second while tests run, 0.1 to 10\n"
"                 (default 2)\n";

/*
 * The plain mode's choice measured as `sysmark run` measures a plan, by
 * the command line's measuring run.
 */
static int
cmd_console_plain(const char *argv0)
{
	struct ui_plain_choice	ch;
	struct cmd_opts		m;
	int			eof, rc;

	cmd_opts_init(&m);
	ch.plan = m.plan;
	rc = ui_plain_ask(argv0, &ch, &eof);
	m.plan = ch.plan;
	if (rc != 0 && eof) {
		fprintf(stderr, "sysmark: console: the input ended before a "
		    "run was chosen; nothing was run\n");
		rc = SM_EXIT_INPUT;
	} else if (rc != 0) {
		rc = SM_EXIT_OK;
	} else {
		m.out = ch.out;
		m.force = ch.force;
		rc = cmd_opts_finish(&m, argv0);
		if (rc == 0)
			rc = cmd_check_out(&m);
		if (rc == 0)
			rc = cmd_measure(&m);
	}
	cmd_opts_free(&m);
	return rc;
}

/* -r N: screen updates a second; 0 or the exit status. */
static int
cmd_console_rate(const char *arg, double *hz)
{
	if (sm_parse_double(arg, hz) != 0 || *hz < 0.1 || *hz > 10)
		return cmd_usage_error("-r %s: updates a second must be from "
		    "0.1 to 10", arg);
	return 0;
}

/* The console, or on a terminal without cursor addressing its plain mode. */
int
cmd_console(int argc, char **argv, const char *argv0)
{
	struct cmd_args	ops = { 0 };
	double		hz = 1000.0 / UI_REFRESH_MS;
	int		c, rc = 0;

	while (rc == 0 && (c = cmd_getopt(argc, argv, "r:", NULL, &ops)) != -1)
		rc = c == '?' ? SM_EXIT_INPUT : cmd_console_rate(optarg, &hz);
	rc = cmd_args_none(&ops, "console", rc);
	if (rc != 0)
		return rc;
	if (!ui_plain_terminal())
		return ui_main(argv0, (int)(1000 / hz));
	return cmd_console_plain(argv0);
}
