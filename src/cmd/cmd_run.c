/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here; cli_measure.c does the measuring that calibrate and users share.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_fleet.h"

const char cmd_run_usage[] =
"usage: sysmark run [-t ID,...] [-c COPIES,...] [-d SECONDS] [-n SAMPLES]\n"
"                   [-R REPEATS] [-C PERCENT [-T SECONDS]] [-b NAME]\n"
"                   [--order grouped|interleaved] [--detect PERCENT]\n"
"                   [-l LABEL] [--note TEXT]\n"
"                   [--prepare CMD] [--setup CMD] [--cleanup CMD]\n"
"                   [-o FILE] [-F] [-q] [-s] [-f FORMAT]\n"
"                   [-x [NAME=]CMD]... [--suite FILE]... [-N] [-i] [-w N]\n"
"                   [-P NAME LO HI [-D STEP]] [-L NAME A,B,...]\n"
"                   [--show-output] [--timeout SECONDS]\n"
"       sysmark run --resume FILE [-F] [-q] [-s] [-f FORMAT]\n"
"       sysmark run --hosts [USER@]HOST[:PORT],... [fleet run's options]\n"
"\n"
"Measure the tests, save the run and print its table.\n"
"\n"
CMD_HELP_T CMD_HELP_C CMD_HELP_D CMD_HELP_N
"  -R REPEATS     repeat the whole plan, in one file (default 1);\n"
"                 compare judges on the repeats' means\n"
"  -C PERCENT     keep taking rounds until every test's 95% interval\n"
"                 is within PERCENT of its mean (with -b: the index's)\n"
"  -T SECONDS     -C's time cap (default 600); --detect asks (or with\n"
"                 -q refuses) when a side of its plan takes longer\n"
"  --detect PCT   choose -R and -n from the host noise profile so that\n"
"                 comparing two such runs, or K such runs a side taken\n"
"                 in turn (A B A B), finds a PCT% change with 80%\n"
"                 power; says which, and how long a side takes\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"                 (a name in baselines/, e.g. byte-3.11, or a run file)\n"
"  --order ORDER  interleaved (default): rounds in a shuffled order,\n"
"                 seed in the run's meta; grouped: test by test\n"
"  -l LABEL       a name for the run, which compare shows instead of\n"
"                 the file name (up to 64 bytes)\n"
"  --note TEXT    a note kept with the run (up to 1024 bytes)\n"
"  --prepare CMD  sh -c CMD before every sample, untimed; its failure\n"
"                 fails the sample\n"
"  --setup CMD    sh -c CMD before each test's first sample\n"
"  --cleanup CMD  sh -c CMD for each test after the run\n"
"  --resume FILE  continue an interrupted run from its file, with its\n"
"                 plan; only the missing samples are taken\n"
"  -x [NAME=]CMD  time a command as a test (repeatable; seconds per\n"
"                 execution); through /bin/sh -c only if it has shell\n"
"                 syntax, the shell's start-up then subtracted; with -x\n"
"                 or --suite, only -t's tests run besides\n"
"  --suite FILE   the commands of a CSV file: id,title,command,setup,\n"
"                 cleanup,unit,direction\n"
"  -P NAME LO HI  one test per value of {NAME} in the commands, LO to\n"
"                 HI by -D STEP (default 1); -L NAME A,B,... the values\n"
"  -N             never through a shell; -i: a non-zero exit is no\n"
"                 failure; -w N: N untimed executions per sample\n"
"  --show-output  the commands' output to stderr, not /dev/null\n"
"  --timeout SEC  an execution's time limit (default 600; 0: none)\n"
CMD_HELP_O CMD_HELP_Q CMD_HELP_S CMD_HELP_F;

/* The longest label (run -l) and note (--note), in bytes. */
#define CMD_RUN_LABEL_MAX		64
#define CMD_RUN_NOTE_MAX		1024

/*
 * -l LABEL and --note TEXT: one line of printable text, not empty, at
 * most max bytes (a label names a column, so it is short); 0 or the
 * exit status.
 */
static int
cmd_run_text(const char *opt, const char *arg, size_t max, const char **out)
{
	size_t	len = strlen(arg);

	if (len == 0 || strspn(arg, " ") == len)
		return cmd_usage_error("%s \"%s\": must not be empty", opt,
		    arg);
	if (len > max)
		return cmd_usage_error("%s \"%.40s...\": at most %zu bytes, "
		    "got %zu", opt, arg, max, len);
	for (const unsigned char *p = (const unsigned char *)arg; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return cmd_usage_error("%s: no control characters "
			    "(such as a newline or a tab), got byte 0x%02x at "
			    "%zu", opt, *p, (size_t)(p -
			    (const unsigned char *)arg) + 1);
	*out = arg;
	return 0;
}

/* The long options only run has, as getopt sees them. */
static const struct {
	const char	*name;
	char		 c;
} cmd_run_long[] = {
	{ "--order", 'O' },
	{ "--note", '1' },
	{ "--detect", '2' },
	{ "--prepare", '3' },
	{ "--setup", '4' },
	{ "--cleanup", '5' },
	{ "--resume", '6' },
	{ "--suite", CLI_COMMANDS_SUITE },
	{ "--show-output", CLI_COMMANDS_SHOW },
	{ "--timeout", CLI_COMMANDS_TIMEOUT },
};

/* How the user wrote option c: "--prepare" for 3, "-t" for t. */
static const char *
cmd_run_name(int c)
{
	static char	buf[4];

	for (size_t i = 0; i < sizeof cmd_run_long / sizeof cmd_run_long[0];
	    i++)
		if (cmd_run_long[i].c == c)
			return cmd_run_long[i].name;
	snprintf(buf, sizeof buf, "-%c", c);
	return buf;
}

/* --prepare, --setup, --cleanup CMD and --resume FILE; 0 or a status. */
static int
cmd_run_hook(int c, const char *arg, struct cmd_opts *m)
{
	const char	*name = cmd_run_name(c);

	if (*arg == '\0')
		return cmd_usage_error("%s \"\": %s", name, c == '6' ?
		    "name the run file to resume" : "give a command (it runs "
		    "through /bin/sh -c as written)");
	if (c == '3')
		plan_set_str(&m->plan.prepare, arg);
	else if (c == '4')
		plan_set_str(&m->plan.setup, arg);
	else if (c == '5')
		plan_set_str(&m->plan.cleanup, arg);
	else
		m->resume = arg;
	return 0;
}

/*
 * run --resume FILE: the plan comes from the file, so no option that
 * sets one may be given (given: the options seen); the run continues in
 * FILE.  0 or an exit status.
 */
static int
cmd_run_resume(struct cmd_opts *m, const char *given, struct resume *rs)
{
	struct sm_error	err;
	const char	*bad = strpbrk(given, "tcdnRCTbOo23457xPDLNiw89");

	if (bad != NULL)
		return cmd_usage_error("--resume %s: the plan and settings "
		    "come from the file; %s cannot be given with it",
		    m->resume, cmd_run_name(*bad));
	if (resume_load(rs, m->resume, m->force, &err) != 0)
		return cmd_input_error(&err);
	m->from = rs;
	plan_free(&m->plan);
	plan_copy(&m->plan, &rs->plan);
	m->out = m->resume;
	m->force = 1;
	return 0;
}

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
	struct cmd_opts		m;
	struct cli_commands	cc;
	struct resume		rs;
	char			given[64] = "";
	size_t		ngiven = 0;
	int		c, rc = 0, given_d = 0, given_nr = 0;

	/* run --hosts H,...: the same plan on those hosts (fleet run). */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strncmp(argv[i], "--hosts", 7) == 0 &&
		    (argv[i][7] == '\0' || argv[i][7] == '='))
			return cmd_fleet_run_hosts(argc, argv, argv0);
	cmd_opts_init(&m);
	cli_commands_init(&cc);
	for (size_t i = 0; i < sizeof cmd_run_long / sizeof cmd_run_long[0];
	    i++)
		cmd_long_opt(argc, argv, cmd_run_long[i].name,
		    cmd_run_long[i].c);
	cmd_long_opt(argc, argv, "--label", 'l');
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:Fqsf:l:1:2:3:4:5:6:x:7:89:P:D:L:Niw:")) !=
	    -1) {
		given_d |= c == 'd';
		given_nr |= c == 'n' || c == 'R' || c == 'C';
		if (c == 'l')
			rc = cmd_run_text("-l", optarg, CMD_RUN_LABEL_MAX,
			    &m.label);
		else if (c == '1')
			rc = cmd_run_text("--note", optarg, CMD_RUN_NOTE_MAX,
			    &m.note);
		else if (c == '2')
			rc = cmd_run_detect(optarg, &m);
		else if (strchr("x789PDLNiw", c) != NULL)
			rc = cli_commands_opt(&cc, c, optarg, argc, argv);
		else if (c == ':')
			rc = cmd_usage_error("option %s needs a value",
			    cmd_run_name(optopt));
		else if (c == '?')
			rc = cmd_usage_error("unknown option -%c", optopt);
		else if (strchr("3456", c) != NULL)
			rc = cmd_run_hook(c, optarg, &m);
		else
			rc = cmd_opts_parse(c, optarg, &m);
		if (ngiven + 1 < sizeof given)
			given[ngiven++] = (char)c;
	}
	memset(&rs, 0, sizeof rs);
	if (rc == 0 && optind == argc && m.resume != NULL)
		rc = cmd_run_resume(&m, given, &rs);
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("run: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0 && m.detect > 0 && given_nr)
		rc = cmd_usage_error("--detect chooses the repeats and samples "
		    "itself: leave out -n, -R and -C");
	if (rc == 0 && m.resume == NULL)
		rc = cli_commands_finish(&cc, &m.plan);
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	if (rc == 0 && m.detect > 0)
		rc = cmd_plan_detect(&m, given_d);
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc == 0 && m.plan.baseline != NULL)
		rc = cmd_load_baseline(m.plan.baseline, argv0, &m.base);
	if (rc == 0)
		rc = cmd_measure(&m);
	cmd_opts_free(&m);
	cli_commands_free(&cc);
	resume_free(&rs);
	return rc;
}
