/*
 * The sysmark command line: the usage text, --help and --version, and the
 * table that hands `sysmark NAME ...` to its command, one file each
 * (src/cmd_NAME.c, sharing src/cmd.c; see cmd.h).  Every subcommand is
 * headless, for scripts and CI, on the same core as the console.  No
 * measuring and no arithmetic happens in the commands, so the CLI and the
 * console cannot disagree.
 *
 * Exit statuses: 0 all well, 1 a sample failed, 2 usage or input error,
 * 3 the run is saved in a fallback file, not where asked, 4 it could be
 * saved nowhere and was written to stderr, 130 interrupted.
 */
/* SPDX-License-Identifier: MIT */

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

static const char main_usage[] =
"usage: sysmark [--help | --version]\n"
"       sysmark [console [-r UPDATES_PER_SECOND]]\n"
"       sysmark list [-f text|csv|md]\n"
"       sysmark run [-t ID,...] [-c COPIES,...] [-d SECONDS] [-n SAMPLES]\n"
"                   [-R REPEATS] [-C PERCENT [-T SECONDS]] [-b NAME]\n"
"                   [--order grouped|interleaved]\n"
"                   [-o FILE] [-F] [-q] [-s] [-f text|csv|md]\n"
"       sysmark calibrate [-t ID,...] [-c COPIES,...] [-d SECONDS]\n"
"                   [-n SAMPLES] [-R REPEATS] [-g SECONDS] [-q]\n"
"       sysmark show [-s] [-f text|csv|md] [-b | --baseline NAME] FILE\n"
"       sysmark show --best|-B [-f text|csv|md] RUN_OR_BASELINE...\n"
"       sysmark import [-o FILE] [-F] [-s] [-f text|csv|md] REPORT\n"
"       sysmark compare [-f text|csv|md] [-a ALPHA] [-e PERCENT]\n"
"                   [-p PROFILE|none] RUN RUN... | OLD... -- NEW...\n"
"       sysmark users [-u USERS,...] [-d SECONDS] [-n SAMPLES] [-o FILE] [-F]\n"
"                     [-q] [-f text|csv|md] MIX\n"
"       sysmark fleet check [-F SSH_CONFIG] [--accept-new] [-w SECONDS]\n"
"                   [-f N] -i INVENTORY | --hosts HOST,... [PATTERN]\n"
"       sysmark fleet run [-t -c -d -n -R -C -T --order as run] [-b HOST]\n"
"                   [-f N] [-o DIR] [-q] [ssh options] -i INVENTORY [PATTERN]\n"
"       sysmark run --hosts [USER@]HOST[:PORT],... [fleet run's options]\n"
"       sysmark fleet show [-f text|csv|md] [-b HOST|NAME] DIR\n"
"       sysmark fleet collect [ssh options] [-i INVENTORY] DIR\n"
"       sysmark fleet collect [ssh options] [-o DIR] -i INVENTORY [PATTERN]\n"
"       sysmark fleet calibrate [-t -c -d -n -R -g] [ssh options]\n"
"                   -i INVENTORY [PATTERN]\n"
"\n"
"  -t ID,...      tests to run (default: all; `sysmark list` shows them)\n"
"  -c COPIES,...  copies run at once, e.g. 1,cpus (default 1); scale is\n"
"                 1, 2, 4, ... up to twice the CPUs\n"
"  -u USERS,...   users: simulated users at once, e.g. 1,2,4,8 (1 to 256)\n"
"  -d SECONDS     length of one sample, 0.1 to 86400 (default 10); the\n"
"                 lmbench-style tests (lat_*, bw_*) take the median of\n"
"                 11 calibrated batches of at least 10 ms per sample\n"
"  -n SAMPLES     samples per test and copies value (default 6), after\n"
"                 one warm-up sample that is shown but not counted\n"
"  -R REPEATS     repeat the whole plan, in one file (default 1;\n"
"                 calibrate: 5); compare judges on the repeats' means\n"
"  -C PERCENT     keep taking rounds until every test's 95% interval\n"
"                 is within PERCENT of its mean (with -b: the index's)\n"
"  -T SECONDS     -C's time cap (default 600)\n"
"  -g SECONDS     calibrate: pause between repeats (default: spread\n"
"                 them over 5 minutes)\n"
"  --order ORDER  interleaved (default): rounds in a shuffled order,\n"
"                 seed in the run's meta; grouped: test by test\n"
"  -o FILE        save the run here (default results/HOST-DATE.csv)\n"
"  -F             replace FILE if it exists\n"
"  -q             no progress on stderr\n"
"  -s             also print every statistic: n, mean, median, min, max, sd\n"
"  -f FORMAT      table format: text, csv or md\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"                 (a name in baselines/, e.g. byte-3.11, or a run file)\n"
"  -a ALPHA       compare: significance level (default 0.05)\n"
"  -e PERCENT     compare: smallest change that counts (default 1)\n"
"  -p PROFILE     compare: the host noise profile (default: the\n"
"                 runs' host's noise-HOST.csv beside the results)\n"
"  -r N           console: screen updates a second while tests run\n"
"                 (default 2)\n"
"  --best, -B     show: lmbench's comparison to the best of the breed\n"
"\n"
"users runs MIX (a file, or a name in mixes/) at 1, 2, 4 and 8 users (or\n"
"the mix's own users row), 3 samples of 10 s each by default, and reports\n"
"the response time of each step as users are added.\n"
"compare OLD NEW ranks the tests by change, best first; with three or\n"
"more runs it prints them side by side, each against the first;\n"
"OLD... -- NEW... compares two sides of several runs each.\n"
"calibrate measures this host's run-to-run noise (an A/A run) and\n"
"saves it as results/noise-HOST.csv for compare.\n""fleet runs the same plan on many hosts over ssh (BatchMode, strict host\n"
"keys; -f N hosts at once, default all up to 32) and saves\n"
"results/fleet-DATE/: a run per host, logs, fleet.csv; exit status 6\n"
"when some host gave no complete run.\n"
"With no command on a terminal, sysmark starts the console.\n";

/* The subcommands: sysmark NAME ... calls fn(argc - 1, argv + 1, argv0). */
static const struct main_cmd {
	const char	*name;
	int		 (*fn)(int, char **, const char *);
} main_cmds[] = {
	{ "run", cmd_run },
	{ "show", cmd_show },
	{ "list", cmd_list },
	{ "import", cmd_import },
	{ "compare", cmd_compare },
	{ "calibrate", cmd_calibrate },
	{ "users", cmd_users },
	{ "console", cmd_console },
	{ "fleet", cmd_fleet },
	{ "agent", cmd_agent },
};

int
main(int argc, char **argv)
{
	/* Past RLIMIT_FSIZE a write fails (EFBIG) and a save falls back. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return cmd_console(argc, argv, argv[0]);
	if (argc < 2) {
		fputs("sysmark: no command given\n", stderr);
		fputs(main_usage, stderr);
		return SM_EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(main_usage, stdout);
		return SM_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("sysmark %s\n", SYSMARK_VERSION);
		return SM_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
		if (strcmp(argv[1], main_cmds[i].name) == 0)
			return main_cmds[i].fn(argc - 1, argv + 1, argv[0]);
	return cmd_usage_error("unknown command \"%s\"", argv[1]);
}
