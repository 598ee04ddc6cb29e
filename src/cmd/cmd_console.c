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
#include "../../ui/console.h"

const char cmd_console_usage[] =
"usage: sysmark [console [-r UPDATES_PER_SECOND] [-x [NAME=]CMD]...\n"
"                 [--suite FILE]... [-P NAME LO HI [-D STEP]]\n"
"                 [-L NAME A,B,...] [-N] [-i] [-w N] [--timeout SECONDS]\n"
"                 [--setup-timeout SECONDS]]\n"
"\n"
"The console: choose tests, watch them run, compare runs.  With no\n"
"command on a terminal, sysmark starts it.\n"
"\n"
"  -r N           screen updates a second while tests run, 0.1 to 10\n"
"                 (default 2)\n"
"  -x, --suite, -P, -D, -L, -N, -i, -w, --timeout, --setup-timeout\n"
"                 command tests, as run takes them, listed in the\n"
"                 select screen's Commands group (X adds one there)\n";

/* The console's long options, beside its usage above. */
static const struct option cmd_console_long[] = {
	{ "suite", required_argument, NULL, CLI_COMMANDS_SUITE },
	{ "timeout", required_argument, NULL, CLI_COMMANDS_TIMEOUT },
	{ "setup-timeout", required_argument, NULL,
	    CLI_COMMANDS_SETUP_TIMEOUT },
	{ NULL, 0, NULL, 0 }
};

/* One option of the console's; 0 or an exit status. */
static int
cmd_console_opt(int c, int argc, char **argv, double *hz,
    struct cli_commands *cc)
{
	if (c == '?')
		return SM_EXIT_INPUT;
	if (c != 'r')
		return cli_commands_opt(cc, c, optarg, argc, argv);
	if (sm_parse_double(optarg, hz) != 0 || *hz < 0.1 || *hz > 10)
		return cmd_usage_error("-r %s: updates a second must be from "
		    "0.1 to 10", optarg);
	return 0;
}

/* The curses console with the command tests cc gives, checked first. */
static int
cmd_console_curses(struct cli_commands *cc, double hz, const char *argv0)
{
	struct plan		 plan;
	struct command_set	*set;
	int			 rc;

	plan_init(&plan);
	if ((rc = cli_commands_finish(cc, &plan)) != 0) {
		plan_free(&plan);
		return rc;
	}
	set = plan.commands;
	plan.commands = NULL;	/* the console's from now on */
	plan_free(&plan);
	return ui_main(argv0, (int)(1000 / hz), set, &cc->opts);
}

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
			rc = cli_measure(&m);
	}
	cmd_opts_free(&m);
	return rc;
}

/* The console, or on a terminal without cursor addressing its plain mode. */
int
cmd_console(int argc, char **argv, const char *argv0)
{
	struct cli_commands	cc;
	struct cmd_args		ops = { 0 };
	double			hz = 1000.0 / UI_REFRESH_MS;
	int			c, rc = 0;

	cli_commands_init(&cc);
	while (rc == 0 && (c = cmd_getopt(argc, argv, "r:x:P:D:L:Niw:",
	    cmd_console_long, &ops)) != -1)
		rc = cmd_console_opt(c, argc, argv, &hz, &cc);
	rc = cmd_args_none(&ops, "console", rc);
	if (rc == 0 && cli_commands_given(&cc) && ui_plain_terminal())
		rc = cmd_usage_error("console: command tests need a terminal "
		    "with cursor addressing; sysmark run -x takes them here");
	if (rc == 0 && !ui_plain_terminal())
		rc = cmd_console_curses(&cc, hz, argv0);
	else if (rc == 0)
		rc = cmd_console_plain(argv0);
	cli_commands_free(&cc);
	return rc;
}
