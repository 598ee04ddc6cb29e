/*
 * sysmark users: a mix of simulated users' steps (a file, or a name in
 * mixes/) run by 1, 2, 4, 8 users at once, or the counts -u or the mix
 * names, for the response time of each step as users are added.  The
 * mix becomes one test that cli_measure.c measures like any other.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* users takes -d, -n, -o, -F, -q and -f as run does, plus -u USERS,... */
static int
cmd_users_option(int c, const char *arg, struct cmd_opts *m)
{
	struct sm_error	err;

	if (c == '?')
		return SM_EXIT_INPUT;
	if (c != 'u')
		return cmd_opts_parse(c, arg, m);
	m->users_given = 1;
	if (mix_parse_users(arg, m->plan.copies, PLAN_NCOPIES,
	    &m->plan.ncopies, &err) != 0)
		return cmd_usage_error("-u %s", err.msg);
	return 0;
}

const char cmd_users_usage[] =
"usage: sysmark users [-u USERS,...] [-d SECONDS] [-n SAMPLES] [-o FILE] [-F]\n"
"                     [-q] [-f FORMAT] MIX\n"
"\n"
"Run MIX (a file, or a name in mixes/) at 1, 2, 4 and 8 users (or the\n"
"mix's own users row), 3 samples of 10 s each by default, and report the\n"
"response time of each step as users are added.\n"
"\n"
"  -u USERS,...   simulated users at once, e.g. 1,2,4,8 (1 to 256)\n"
CMD_HELP_D
"  -n SAMPLES     samples per users value (default 3)\n"
CMD_HELP_O CMD_HELP_Q CMD_HELP_F;

/* sysmark users MIX -u 1,2,4,8: the mix run by that many users at once. */
int
cmd_users(int argc, char **argv, const char *argv0)
{
	struct cmd_opts	 m;
	struct mix	 mix;
	struct sm_error	 err;
	struct cmd_args	 ops = { 0 };
	const char	*arg = NULL;
	int		 c, rc = 0;

	cmd_opts_init(&m);
	users_plan_init(&m.plan, &m.users);
	memset(&mix, 0, sizeof mix);
	while (rc == 0 && (c = cmd_getopt(argc, argv, "u:d:n:o:Fqf:", NULL,
	    &ops)) != -1)
		rc = cmd_users_option(c, optarg, &m);
	if (rc == 0 && ops.n == 0)
		rc = cmd_usage_error("users: name a mix (a file, or a name "
		    "in mixes/)");
	if (rc == 0 && ops.n > 1)
		rc = cmd_usage_error("users: name one mix");
	if (rc == 0)
		arg = ops.v[0];
	cmd_args_free(&ops);
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		rc = cmd_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	if (rc == 0 && mix_load(&mix, m.self, arg, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0)
		rc = cmd_check_out(&m);
	if (rc == 0) {
		users_bench(&mix, &m.users);
		users_plan_counts(&m.plan, &mix, m.plan.copies,
		    m.users_given ? m.plan.ncopies : 0);
		m.mix = &mix;
		rc = cli_measure(&m);
	}
	cmd_opts_free(&m);
	mix_free(&mix);
	return rc;
}
