/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here, read by getopt_long so that a value is taken as written (--note
 * "--prepare") and the argv ps shows is the one given; the tests come
 * from -t (ids and globs), -g and --preset, whose list the console
 * shares (core/plan/preset.c).  cli_plan.c says the plan and asks before
 * a long one; cli_measure.c does the measuring that calibrate and users
 * share.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

const char cmd_run_usage[] =
"usage: sysmark run [-t ID,...] [-g GROUP] [--preset NAME] [-c COPIES,...]\n"
"                   [-d SECONDS] [-n SAMPLES] [-R REPEATS]\n"
"                   [-C PERCENT [-T SECONDS]] [-b NAME]\n"
"                   [--order grouped|interleaved] [--detect PERCENT]\n"
"                   [-l LABEL] [--note TEXT] [--commit REV]\n"
"                   [--prepare CMD] [--setup CMD] [--cleanup CMD]\n"
"                   [-o FILE | --no-save] [-F] [-q] [-s] [-f FORMAT]\n"
"                   [-y] [--dry-run] [--duet]\n"
"                   [-x [NAME=]CMD]... [--suite FILE]... [-N] [-i] [-w N]\n"
"                   [-P NAME LO HI [-D STEP]] [-L NAME A,B,...]\n"
"                   [--show-output] [--timeout SECONDS]\n"
"                   [--setup-timeout SECONDS]\n"
"       sysmark run --resume FILE [-F] [-q] [-s] [-f FORMAT]\n"
"       sysmark run --hosts [USER@]HOST[:PORT],... [fleet run's options]\n"
"\n"
"Say the plan and its estimated time, measure the tests, save the run and\n"
"print its table.\n"
"\n"
"  -t ID,...      tests to run, ids or shell globs (lat_*); default: all,\n"
"                 which takes about 45 min (`sysmark list` shows them)\n"
"  -g GROUP       only the tests of this group (`sysmark list`), in any\n"
"                 case; with -t or --preset, those of it in the group\n"
"  --preset NAME  a named plan, as the console's: unixbench (its index's\n"
"                 tests, 10 s x 3), byte (BYTE's index, 10 s x 6),\n"
"                 lmbench (lat_*, bw_*), quick (a test a group, 1 s x 3)\n"
"                 or all (5 s x 6); -d and -n still override\n"
CMD_HELP_C CMD_HELP_D CMD_HELP_N
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
"                 the file name (up to 64 bytes); also --label\n"
"  --note TEXT    a note kept with the run (up to 1024 bytes)\n"
"  --commit REV   the commit measured, kept with the run (default:\n"
"                 $SYSMARK_COMMIT); history -b commit orders by it\n"
"  --prepare CMD  sh -c CMD before every sample, untimed; its failure\n"
"                 fails the sample\n"
"  --setup CMD    sh -c CMD before each test's first sample\n"
"  --cleanup CMD  sh -c CMD for each test after the run\n"
"  --duet         the two commands (two -x, or one over two values) at\n"
"                 once, each pinned to a CPU, which they swap every\n"
"                 sample; compare judges the pairs' ratios (two CPUs)\n"
"  --resume FILE  continue an interrupted run from its file, with its\n"
"                 plan; only the missing samples are taken\n"
"  -x [NAME=]CMD  time a command as a test (repeatable; seconds per\n"
"                 execution); through /bin/sh -c only if it has shell\n"
"                 syntax, the shell's start-up then subtracted; with -x\n"
"                 or --suite, only -t's tests run besides.  Commands\n"
"                 alone take 10 samples of 0.3 s unless -d or -n, as\n"
"                 hyperfine's at least 10 executions and 3 s (a sample\n"
"                 is one execution or more), and end with hyperfine's\n"
"                 summary: each against the fastest, the ratio +/- its\n"
"                 95% interval; +/- CI is the mean's interval, not the\n"
"                 spread of one execution (hyperfine's +/- sigma)\n"
"  --suite FILE   the commands of a CSV file: id,title,command,setup,\n"
"                 cleanup,unit,direction\n"
"  -P NAME LO HI  one test per value of {NAME} in the commands, LO to\n"
"                 HI by -D STEP (default 1); -L NAME A,B,... the values\n"
"  -N             never through a shell; -i: a non-zero exit is no\n"
"                 failure; -w N: N untimed executions per sample\n"
"  --show-output  the commands' output to stderr, not /dev/null\n"
"  --timeout SEC  an execution's time limit (default 600; 0: none)\n"
"  --setup-timeout SEC\n"
"                 a sample's setup time limit: a suite's setup and the\n"
"                 -w warm-ups (default 600)\n"
"  -y, --yes      start a long plan without asking: on a terminal a plan\n"
"                 over 3 min asks first; without one (or with -q) a plan\n"
"                 over 30 min is refused unless --yes\n"
"  --dry-run      print the plan and its estimated time; measure nothing\n"
"  --no-save      measure and print, but write no file\n"
CMD_HELP_O
"                 -o - writes the run file to stdout, and nothing else\n"
"                 goes there (no table)\n"
CMD_HELP_Q CMD_HELP_S CMD_HELP_F;

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

/* The long options that have no letter, as getopt_long returns them. */
enum {
	CMD_RUN_ORDER = 'O',
	CMD_RUN_NOTE = '1',
	CMD_RUN_DETECT = '2',
	CMD_RUN_PREPARE = '3',
	CMD_RUN_SETUP = '4',
	CMD_RUN_CLEANUP = '5',
	CMD_RUN_RESUME = '6',
	CMD_RUN_PRESET = 256,
	CMD_RUN_DRY_RUN,
	CMD_RUN_NO_SAVE,
	CMD_RUN_DUET,
	CMD_RUN_COMMIT
};

/* run's options, beside its usage above. */
static const char cmd_run_short[] =
    ":t:g:c:d:n:R:C:T:b:o:Fqsf:l:yx:P:D:L:Niw:";
static const struct option cmd_run_long[] = {
	{ "group", required_argument, NULL, 'g' },
	{ "preset", required_argument, NULL, CMD_RUN_PRESET },
	{ "label", required_argument, NULL, 'l' },
	{ "order", required_argument, NULL, CMD_RUN_ORDER },
	{ "note", required_argument, NULL, CMD_RUN_NOTE },
	{ "detect", required_argument, NULL, CMD_RUN_DETECT },
	{ "prepare", required_argument, NULL, CMD_RUN_PREPARE },
	{ "setup", required_argument, NULL, CMD_RUN_SETUP },
	{ "cleanup", required_argument, NULL, CMD_RUN_CLEANUP },
	{ "resume", required_argument, NULL, CMD_RUN_RESUME },
	{ "suite", required_argument, NULL, CLI_COMMANDS_SUITE },
	{ "show-output", no_argument, NULL, CLI_COMMANDS_SHOW },
	{ "timeout", required_argument, NULL, CLI_COMMANDS_TIMEOUT },
	{ "setup-timeout", required_argument, NULL,
	    CLI_COMMANDS_SETUP_TIMEOUT },
	{ "yes", no_argument, NULL, 'y' },
	{ "dry-run", no_argument, NULL, CMD_RUN_DRY_RUN },
	{ "no-save", no_argument, NULL, CMD_RUN_NO_SAVE },
	{ "commit", required_argument, NULL, CMD_RUN_COMMIT },
	{ "duet", no_argument, NULL, CMD_RUN_DUET },
	{ NULL, 0, NULL, 0 }
};

/* The options that set the plan, which --resume takes from its file. */
static const char cmd_run_planned[] = "tgcdnRCTbOo23457xPDLNiw089";

/* How the user wrote option c: "--prepare" for 3, "-t" for t. */
static const char *
cmd_run_name(int c)
{
	static char	buf[32];

	snprintf(buf, sizeof buf, "-%c", c > 0 && c < 256 ? c : '?');
	if (c > 0 && c < 256 && strchr(cmd_run_short, c) != NULL)
		return buf;
	for (const struct option *o = cmd_run_long; o->name != NULL; o++)
		if (o->val == c)
			snprintf(buf, sizeof buf, "--%s", o->name);
	return buf;
}

/* An option getopt_long did not know, as the user wrote it. */
static int
cmd_run_unknown(const char *arg, int opt)
{
	if (strncmp(arg, "--", 2) == 0)
		return cmd_usage_error("unknown option %.*s (or a value given "
		    "to one that takes none)", (int)strcspn(arg, "="), arg);
	return cmd_usage_error("unknown option -%c", opt);
}

/* --prepare, --setup, --cleanup CMD and --resume FILE; 0 or a status. */
static int
cmd_run_hook(int c, const char *arg, struct cmd_opts *m)
{
	const char	*name = cmd_run_name(c);

	if (*arg == '\0')
		return cmd_usage_error("%s \"\": %s", name, c == CMD_RUN_RESUME ?
		    "name the run file to resume" : "give a command (it runs "
		    "through /bin/sh -c as written)");
	if (c == CMD_RUN_PREPARE)
		plan_set_str(&m->plan.prepare, arg);
	else if (c == CMD_RUN_SETUP)
		plan_set_str(&m->plan.setup, arg);
	else if (c == CMD_RUN_CLEANUP)
		plan_set_str(&m->plan.cleanup, arg);
	else
		m->resume = arg;
	return 0;
}

/*
 * run --resume FILE: the plan comes from the file, so no option that
 * sets one may be given (planned: the first seen, or 0); the run
 * continues in FILE.  0 or an exit status.
 */
static int
cmd_run_resume(struct cmd_opts *m, int planned, struct resume *rs)
{
	struct sm_error	err;

	if (planned != 0)
		return cmd_usage_error("--resume %s: the plan and settings "
		    "come from the file; %s cannot be given with it",
		    m->resume, cmd_run_name(planned));
	if (resume_load(rs, m->resume, m->force, &err) != 0)
		return cmd_input_error(&err);
	m->from = rs;
	plan_free(&m->plan);
	plan_copy(&m->plan, &rs->plan);
	m->out = m->resume;
	m->force = 1;
	return 0;
}

/*
 * --commit REV: the commit measured, kept in the run's meta as "commit"
 * through SYSMARK_COMMIT, which sysinfo.c records (and hooks and
 * commands see); 0 or the exit status.
 */
static int
cmd_run_commit(const char *arg)
{
	const char	*rev;
	int		 rc;

	if ((rc = cmd_run_text("--commit", arg, CMD_RUN_LABEL_MAX, &rev)) != 0)
		return rc;
	if (strchr(rev, ' ') != NULL)
		return cmd_usage_error("--commit \"%s\": a revision has no "
		    "spaces", rev);
	if (setenv("SYSMARK_COMMIT", rev, 1) != 0)
		return cmd_usage_error("--commit: %s", strerror(errno));
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

/* What run's options choose beside the plan's own fields. */
struct cmd_run_ask {
	struct cli_plan_pick	 pick;		/* -t, -g, --preset */
	int			 given_nr;
	int			 planned;	/* the first plan option */
	int			 dry_run;
	int			 duet;		/* --duet */
};

/*
 * Where the run goes: -o - is stdout, which then holds the run file
 * alone, so neither a table nor a second file may claim it.  0 or a
 * status.
 */
static int
cmd_run_out(struct cmd_opts *m)
{
	int	to_stdout = m->out != NULL && strcmp(m->out, "-") == 0;

	if (m->nosave && m->out != NULL && !to_stdout)
		return cmd_usage_error("--no-save -o %s: choose one", m->out);
	if (to_stdout && m->fmt == TABLE_JSON)
		return cmd_usage_error("-o - -f json: both would go to "
		    "stdout; choose one");
	m->nosave |= to_stdout;
	return 0;
}

/* One option c of run into m and a; 0 or an exit status. */
static int
cmd_run_option(int c, const char *arg, int argc, char **argv,
    struct cmd_opts *m, struct cli_commands *cc, struct cmd_run_ask *a)
{
	cli_plan_given(&a->pick, c);
	a->given_nr |= c == 'n' || c == 'R' || c == 'C';
	if (a->planned == 0 && ((c < 256 && strchr(cmd_run_planned, c) !=
	    NULL) || c == CMD_RUN_PRESET || c == CMD_RUN_NO_SAVE ||
	    c == CMD_RUN_COMMIT))
		a->planned = c;
	switch (c) {
	case 'l':
		return cmd_run_text("-l", arg, CMD_RUN_LABEL_MAX, &m->label);
	case CMD_RUN_NOTE:
		return cmd_run_text("--note", arg, CMD_RUN_NOTE_MAX, &m->note);
	case CMD_RUN_DETECT:
		return cmd_run_detect(arg, m);
	case 'g':
		return cli_plan_group(arg, &a->pick.group);
	case CMD_RUN_PRESET:
		return cli_plan_preset(arg, &a->pick.preset);
	case 'y':
		m->yes = 1;
		return 0;
	case CMD_RUN_DRY_RUN:
		a->dry_run = 1;
		return 0;
	case CMD_RUN_NO_SAVE:
		m->nosave = 1;
		return 0;
	case CMD_RUN_DUET:
		a->duet = 1;
		return 0;
	case CMD_RUN_COMMIT:
		return cmd_run_commit(arg);
	case CMD_RUN_PREPARE:
	case CMD_RUN_SETUP:
	case CMD_RUN_CLEANUP:
	case CMD_RUN_RESUME:
		return cmd_run_hook(c, arg, m);
	case ':':
		return cmd_usage_error("option %s needs a value",
		    cmd_run_name(optopt));
	case '?':
		return cmd_run_unknown(argv[optind - 1], optopt);
	}
	if (c < 256 && strchr("x0789PDLNiw", c) != NULL)
		return cli_commands_opt(cc, c, arg, argc, argv);
	return cmd_opts_parse(c, arg, m);
}

/*
 * The options read, what follows them: the plan made whole and checked,
 * then printed (--dry-run) or measured.  0 or an exit status.
 */
static int
cmd_run_go(struct cmd_opts *m, struct cli_commands *cc,
    const struct cmd_run_ask *a, const char *argv0)
{
	int	rc = 0;

	if (m->detect > 0 && a->given_nr)
		rc = cmd_usage_error("--detect chooses the repeats and samples "
		    "itself: leave out -n, -R and -C");
	if (rc == 0 && m->resume == NULL)
		rc = cli_plan_select(m, &a->pick, argv0);
	if (rc == 0 && a->duet && m->detect > 0)
		rc = cmd_usage_error("--duet --detect: a duet's pairs say "
		    "themselves what change they could see; leave out --detect");
	if (rc == 0 && m->resume == NULL)
		rc = cli_commands_finish(cc, &m->plan);
	if (rc == 0 && m->resume == NULL && m->detect == 0 &&
	    !a->pick.given_d && !a->pick.given_n)
		plan_command_defaults(&m->plan);
	m->plan.duet |= a->duet;
	if (rc == 0)
		rc = cmd_run_out(m);
	if (rc == 0)
		rc = cmd_opts_finish(m, argv0);
	if (rc == 0 && m->detect > 0)
		rc = cli_plan_detect(m, a->pick.given_d);
	if (rc == 0 && a->dry_run) {
		cli_plan_print(m, stdout);
		return 0;
	}
	if (rc == 0 && !m->nosave)
		rc = cmd_check_out(m);
	if (rc == 0 && m->plan.baseline != NULL)
		rc = cmd_load_baseline(m->plan.baseline, argv0, &m->base);
	m->ask = 1;
	return rc == 0 ? cli_measure(m) : rc;
}

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts		m;
	struct cli_commands	cc;
	struct cmd_run_ask	a;
	struct resume		rs;
	int			c, rc = 0;

	/* run --hosts H,...: the same plan on those hosts (fleet run). */
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strncmp(argv[i], "--hosts", 7) == 0 &&
		    (argv[i][7] == '\0' || argv[i][7] == '='))
			return cli_fleet_run(argc, argv, argv0, 0, 1);
	cmd_opts_init(&m);
	cli_commands_init(&cc);
	memset(&a, 0, sizeof a);
	memset(&rs, 0, sizeof rs);
	while (rc == 0 && (c = getopt_long(argc, argv, cmd_run_short,
	    cmd_run_long, NULL)) != -1)
		rc = cmd_run_option(c, optarg, argc, argv, &m, &cc, &a);
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("run: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0 && m.resume != NULL)
		rc = cmd_run_resume(&m, a.planned, &rs);
	if (rc == 0)
		rc = cmd_run_go(&m, &cc, &a, argv0);
	cmd_opts_free(&m);
	cli_commands_free(&cc);
	resume_free(&rs);
	return rc;
}
