/*
 * sysmark run: the tests, copies and samples asked for, measured and
 * saved, their table printed.  Only the defaults and the arguments are
 * here; cmd_measure.c does the measuring that calibrate and users share.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* run -C's time cap unless -T says otherwise, in seconds. */
#define CMD_RUN_TIME_CAP		600.0

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

/* sysmark run [options]: measure, save, print. */
int
cmd_run(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	m;
	int		c, rc = 0;

	cmd_opts_init(&m);
	m.time_cap = CMD_RUN_TIME_CAP;
	cmd_long_opt(argc, argv, "--order", 'O');
	cmd_long_opt(argc, argv, "--note", 'N');
	cmd_long_opt(argc, argv, "--label", 'l');
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:Fqsf:l:N:")) != -1) {
		if (c == 'l')
			rc = cmd_run_text("-l", optarg, CMD_RUN_LABEL_MAX,
			    &m.label);
		else if (c == 'N')
			rc = cmd_run_text("--note", optarg, CMD_RUN_NOTE_MAX,
			    &m.note);
		else if (c == ':' && optopt == 'N')
			rc = cmd_usage_error("option --note needs a value");
		else if (c == ':')
			rc = cmd_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = cmd_usage_error("unknown option -%c", optopt);
		else
			rc = cmd_opts_parse(c, optarg, &m);
	}
	if (rc == 0 && optind < argc)
		rc = cmd_usage_error("run: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0)
		rc = cmd_opts_finish(&m, argv0);
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc == 0 && m.baseline != NULL)
		rc = cmd_load_baseline(m.baseline, argv0, &m.base);
	if (rc == 0)
		rc = cmd_measure(&m);
	free(m.benches);
	run_free(&m.base);
	return rc;
}
