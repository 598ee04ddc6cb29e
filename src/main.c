/*
 * The sysmark command line: --help and --version (-V), and the table that
 * hands `sysmark NAME ...` to its command, one file each (src/cmd/cmd_NAME.c,
 * sharing src/cmd/cmd.c; see cmd.h).  Each command keeps its usage beside its
 * options in its file; `sysmark NAME --help` prints it, and the global
 * usage is built from them.  Every subcommand is
 * headless, for scripts and CI, on the same core as the console.  No
 * measuring and no arithmetic happens in the commands, so the CLI and the
 * console cannot disagree.
 *
 * Exit statuses: 0 all well, 1 a sample failed, 2 usage or input error,
 * 3 the run is saved in a fallback file, not where asked, 4 it could be
 * saved nowhere and was written to stderr, 5 compare --fail-on tripped
 * (the regression gate: a status of its own, so that a script, make or
 * git bisect run can tell a slower build from a broken command), 6 a
 * fleet command left some host without a complete run, 130 interrupted.
 */
/* SPDX-License-Identifier: MIT */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"

/*
 * The subcommands: sysmark NAME ... calls fn(argc - 1, argv + 1, argv0).
 * Exported as data for cmd_completion.c, which makes its scripts from it.
 */
const struct main_cmd main_cmds[] = {
	{ "run", cmd_run, cmd_run_usage },
	{ "show", cmd_show, cmd_show_usage },
	{ "list", cmd_list, cmd_list_usage },
	{ "import", cmd_import, cmd_import_usage },
	{ "compare", cmd_compare, cmd_compare_usage },
	{ "history", cmd_history, cmd_history_usage },
	{ "calibrate", cmd_calibrate, cmd_calibrate_usage },
	{ "users", cmd_users, cmd_users_usage },
	{ "report", cmd_report, cmd_report_usage },
	{ "fleet", cmd_fleet, cmd_fleet_usage },
	{ "agent", cmd_agent, cmd_agent_usage },
	{ "console", cmd_console, cmd_console_usage },
	{ "completion", cmd_completion, cmd_completion_usage },
};
#define MAIN_NCMDS	(sizeof main_cmds / sizeof main_cmds[0])
const size_t main_ncmds = MAIN_NCMDS;

/*
 * The global usage, built from the commands' own: each one's synopsis
 * (its usage up to the first blank line), "usage: " becoming indent.
 */
static void
main_usage(FILE *f)
{
	fputs("usage: sysmark [-h | --help | -V | --version]\n", f);
	for (size_t i = 0; i < MAIN_NCMDS; i++) {
		const char	*u = main_cmds[i].usage, *end;

		if (u == NULL)
			continue;
		if (strncmp(u, "usage: ", 7) == 0) {
			fputs("       ", f);
			u += 7;
		}
		end = strstr(u, "\n\n");
		fwrite(u, 1, end != NULL ? (size_t)(end - u) + 1 : strlen(u), f);
	}
	fputs("\n`sysmark COMMAND --help` shows a command's options.\n"
	    "With no command on a terminal, sysmark starts the console.\n", f);
}

/* Is --help (or -h) among a command's arguments, before any "--"? */
static int
main_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0)
			return 1;
	return 0;
}

/* sysmark NAME ...: NAME's usage on --help, else NAME itself. */
static int
main_dispatch(const struct main_cmd *c, int argc, char **argv,
    const char *argv0)
{
	if (c->usage != NULL && main_wants_help(argc, argv)) {
		fputs(c->usage, stdout);
		return SM_EXIT_OK;
	}
	return c->fn(argc, argv, argv0);
}

int
main(int argc, char **argv)
{
	/* Past RLIMIT_FSIZE a write fails (EFBIG) and a save falls back. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return cmd_console(argc, argv, argv[0]);
	if (argc < 2) {
		fputs("sysmark: no command given\n", stderr);
		main_usage(stderr);
		return SM_EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		main_usage(stdout);
		return SM_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("sysmark %s\n", SYSMARK_VERSION);
		return SM_EXIT_OK;
	}
	for (size_t i = 0; i < MAIN_NCMDS; i++)
		if (strcmp(argv[1], main_cmds[i].name) == 0)
			return main_dispatch(&main_cmds[i], argc - 1, argv + 1,
			    argv[0]);
	return cmd_usage_error("unknown command \"%s\"", argv[1]);
}
