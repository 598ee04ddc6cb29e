/*
 * run's command-test options, gathered as getopt hands them over and made
 * into the plan's command tests once all are read (so that -N, -i, -w,
 * --show-output and --timeout apply whatever their place):
 *
 *   -x [NAME=]CMD          a command test (repeatable)
 *   --suite FILE           a suite file's (command_suite.c)
 *   -P NAME LO HI [-D S]   {NAME} from LO to HI by S (default 1)
 *   -L NAME A,B,...        {NAME} each of the values
 *   -N  -i  -w N  --show-output  --timeout SECONDS  --setup-timeout SECONDS
 *
 * Everything is checked before anything runs: a refusal names the -x (or
 * the suite's file:line) and is a usage error, exit 2.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

void
cli_commands_init(struct cli_commands *cc)
{
	memset(cc, 0, sizeof *cc);
	cc->opts.timeout = COMMAND_TIMEOUT;
	cc->opts.setup_timeout = COMMAND_SETUP_TIMEOUT;
}

void
cli_commands_free(struct cli_commands *cc)
{
	for (size_t i = 0; i < cc->nparam; i++)
		command_param_free(&cc->param[i]);
	free(cc->spec);
	free(cc->suite);
}

/* The two operands after -P NAME, or -L NAME's list; NULL if missing. */
static const char *
cli_commands_operand(int argc, char **argv)
{
	if (optind >= argc || argv[optind][0] == '-')
		return NULL;
	return argv[optind++];
}

/*
 * A parameter given twice (-P n 1 2 -P n 5 6) is refused, as hyperfine
 * refuses it: the commands would get only one of its values, the tests
 * be named after the other.  0 or the usage error.
 */
static int
cli_commands_again(const struct cli_commands *cc, const char *opt,
    const char *name)
{
	for (size_t i = 0; i < cc->nparam; i++) {
		const char *had = cc->is_range[i] ? cc->range[i].name :
		    cc->param[i].name;

		if (strcmp(had, name) == 0)
			return cmd_usage_error("%s %s: {%s} is given values "
			    "twice; give them all in one -P or -L", opt,
			    name, name);
	}
	return 0;
}

/* -P NAME LO HI, its -D STEP being taken when it comes. */
static int
cli_commands_range(struct cli_commands *cc, const char *name, int argc,
    char **argv)
{
	const char	*lo = cli_commands_operand(argc, argv);
	const char	*hi = lo != NULL ? cli_commands_operand(argc, argv) :
			    NULL;

	if (hi == NULL)
		return cmd_usage_error("-P %s: give the range as -P NAME LO "
		    "HI", name);
	if (cli_commands_again(cc, "-P", name) != 0)
		return SM_EXIT_INPUT;
	if (cc->nparam == COMMAND_MAX_PARAMS)
		return cmd_usage_error("-P %s: at most %d parameters", name,
		    COMMAND_MAX_PARAMS);
	cc->range[cc->nparam].name = name;
	cc->range[cc->nparam].lo = lo;
	cc->range[cc->nparam].hi = hi;
	cc->range[cc->nparam].step = NULL;
	cc->is_range[cc->nparam] = 1;
	cc->nparam++;
	return 0;
}

static int
cli_commands_list(struct cli_commands *cc, const char *name, int argc,
    char **argv)
{
	const char	*list = cli_commands_operand(argc, argv);
	struct sm_error	 err;

	if (list == NULL)
		return cmd_usage_error("-L %s: give the values as -L NAME "
		    "A,B,...", name);
	if (cli_commands_again(cc, "-L", name) != 0)
		return SM_EXIT_INPUT;
	if (cc->nparam == COMMAND_MAX_PARAMS)
		return cmd_usage_error("-L %s: at most %d parameters", name,
		    COMMAND_MAX_PARAMS);
	if (command_param_list(&cc->param[cc->nparam], name, list, &err) != 0)
		return cmd_usage_error("%s", err.msg);
	cc->nparam++;
	return 0;
}

static int
cli_commands_add(const char ***v, size_t *n, const char *arg,
    const char *opt)
{
	if (*arg == '\0')
		return cmd_usage_error("%s \"\": the command is empty", opt);
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = arg;
	return 0;
}

/*
 * One of the options above (c as cmd_run's getopt string names it); 1
 * when c is none of them, else 0 or an exit status.
 */
int
cli_commands_opt(struct cli_commands *cc, int c, const char *arg, int argc,
    char **argv)
{
	long	n;

	switch (c) {
	case 'x':
		return cli_commands_add(&cc->spec, &cc->nspec, arg, "-x");
	case CLI_COMMANDS_SUITE:
		return cli_commands_add(&cc->suite, &cc->nsuite, arg,
		    "--suite");
	case 'P':
		return cli_commands_range(cc, arg, argc, argv);
	case 'D':
		if (cc->nparam == 0 || !cc->is_range[cc->nparam - 1])
			return cmd_usage_error("-D %s: the step of a -P "
			    "range, after it", arg);
		cc->range[cc->nparam - 1].step = arg;
		return 0;
	case 'L':
		return cli_commands_list(cc, arg, argc, argv);
	case 'N':
		cc->opts.no_shell = 1;
		return 0;
	case 'i':
		cc->opts.ignore_fail = 1;
		return 0;
	case CLI_COMMANDS_SHOW:
		cc->opts.show_output = 1;
		return 0;
	case 'w':
		if (sm_parse_int(arg, 0, 1000000, &n) != 0)
			return cmd_usage_error("-w %s: a number of warm-up "
			    "executions, 0 to 1000000", arg);
		cc->opts.warmup = (unsigned)n;
		return 0;
	case CLI_COMMANDS_TIMEOUT:
		if (sm_parse_double(arg, &cc->opts.timeout) != 0 ||
		    !(cc->opts.timeout >= 0 && cc->opts.timeout <= 86400))
			return cmd_usage_error("--timeout %s: seconds an "
			    "execution may take, 0 (none) to 86400", arg);
		return 0;
	case CLI_COMMANDS_SETUP_TIMEOUT:
		if (sm_parse_double(arg, &cc->opts.setup_timeout) != 0 ||
		    !(cc->opts.setup_timeout >= 1 &&
		    cc->opts.setup_timeout <= 86400))
			return cmd_usage_error("--setup-timeout %s: seconds a "
			    "sample's setup (a suite's setup, the -w warm-ups) "
			    "may take, 1 to 86400", arg);
		return 0;
	}
	return 1;
}

/* Whether a command test is asked for. */
int
cli_commands_given(const struct cli_commands *cc)
{
	return cc->nspec > 0 || cc->nsuite > 0;
}

/* The -P ranges' values, now that their -D are known; 0 or a status. */
static int
cli_commands_ranges(struct cli_commands *cc)
{
	struct sm_error	err;

	for (size_t i = 0; i < cc->nparam; i++) {
		if (!cc->is_range[i])
			continue;
		if (command_param_range(&cc->param[i], cc->range[i].name,
		    cc->range[i].lo, cc->range[i].hi, cc->range[i].step,
		    &err) != 0)
			return cmd_usage_error("%s", err.msg);
		cc->is_range[i] = 0;
	}
	return 0;
}

/* -x SPEC refused: SPEC as typed, made visible (an escape in it too). */
static int
cli_commands_bad(const char *spec, const char *why)
{
	char	*v = xvisible(spec, 0);
	int	 rc = cmd_usage_error("-x '%s': %s", v, why);

	free(v);
	return rc;
}

/*
 * Make the command tests and add them to the plan (the plan's catalog
 * tests, if -t named some, come first).  0 or an exit status.
 */
int
cli_commands_finish(struct cli_commands *cc, struct plan *plan)
{
	struct command_set	*set;
	struct sm_error		 err;
	int			 rc;

	if (!cli_commands_given(cc))
		return cc->nparam > 0 ? cmd_usage_error("-P and -L give "
		    "values to the commands of -x or --suite") : 0;
	if ((rc = cli_commands_ranges(cc)) != 0)
		return rc;
	set = xcalloc(1, sizeof *set);
	for (size_t i = 0; i < cc->nspec; i++)
		if (command_add(set, cc->spec[i], cc->param, cc->nparam,
		    &cc->opts, &err) != 0) {
			command_set_free(set);
			free(set);
			return cli_commands_bad(cc->spec[i], err.msg);
		}
	for (size_t i = 0; i < cc->nsuite; i++)
		if (command_suite_load(set, cc->suite[i], cc->param,
		    cc->nparam, &cc->opts, &err) != 0) {
			command_set_free(set);
			free(set);
			return cmd_usage_error("--suite: %s", err.msg);
		}
	plan_add_commands(plan, set);
	return 0;
}
