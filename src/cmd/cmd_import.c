/*
 * sysmark import: another tool's report (BYTE, UnixBench, lmbench)
 * read into a run, saved and printed like one sysmark measured; what the
 * importer could not use is named in warnings, never dropped silently.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* Print what the importer skipped, one line each, as warnings. */
static void
cmd_import_warnings(char **warn, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fprintf(stderr, "sysmark: warning: %s\n", warn[i]);
		free(warn[i]);
	}
	free(warn);
}

const char cmd_import_usage[] =
"usage: sysmark import [-o FILE] [-F] [-q] [-s] [-f FORMAT] REPORT\n"
"\n"
"Read another tool's report into a run, save and print it like one\n"
"sysmark measured.  The format is told from the file itself:\n"
"\n"
"  BYTE UNIX Benchmarks 3.x   its report, or its results log\n"
"  UnixBench 5.x and 6.x      its report (Run's output)\n"
"  lmbench3                   a results file (results/ARCH/HOST.N)\n"
"  hyperfine                  hyperfine --export-json FILE; each time\n"
"                             a sample, the test as run -x names it\n"
"  Google Benchmark           --benchmark_out=FILE (JSON); each\n"
"                             repetition a sample, aggregates left out\n"
"\n"
CMD_HELP_O CMD_HELP_Q CMD_HELP_S CMD_HELP_F;

/* sysmark import [options] REPORT: read, save, print. */
int
cmd_import(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	 m;
	struct cmd_args	 ops = { 0 };
	const char	*report = NULL;
	char		**warn;
	size_t		 nwarn;
	struct sm_error	 err;
	struct run	 run;
	int		 c, rc = 0, save;

	memset(&m, 0, sizeof m);
	while (rc == 0 && (c = cmd_getopt(argc, argv, "o:Ff:qs", NULL,
	    &ops)) != -1)
		rc = c == '?' ? SM_EXIT_INPUT : cmd_opts_parse(c, optarg, &m);
	if (rc == 0 && ops.n == 0)
		rc = cmd_usage_error("import: name the report to read");
	if (rc == 0 && ops.n > 1)
		rc = cmd_usage_error("import: name one report");
	if (rc == 0)
		report = ops.v[0];
	cmd_args_free(&ops);
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		m.self[0] = '\0';
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc != 0)
		return rc;
	run_init(&run);
	rc = import_read(report, &run, &warn, &nwarn, &err);
	cmd_import_warnings(warn, nwarn);
	if (rc != 0)
		return cmd_input_error(&err);
	save = cmd_save(&run, &m);
	if (m.fmt == TABLE_JSON)
		rc = cli_json_run("import", &run, m.saved[0] ? m.saved : NULL,
		    NULL, NULL, 0);
	else
		rc = cmd_print(&run, m.fmt, m.stats);
	run_free(&run);
	return save != 0 ? save : rc;
}
