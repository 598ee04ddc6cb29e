/*
 * sysmark compare: two runs ranked by change, three or more side by
 * side, or OLD... -- NEW... as two sides of several runs each, judged
 * against the host's noise profile; then their scaling curves and
 * response times side by side.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_compare_usage[] =
"usage: sysmark compare [-f FORMAT] [-a ALPHA] [-e PERCENT] [-p PROFILE|none]\n"
"                   [-F] [-t PATTERN] [-g GROUP] [--fail-on LIST]\n"
"                   RUN RUN... | OLD... -- NEW... | DUET\n"
"\n"
"compare OLD NEW ranks the tests by change, best first; with three or\n"
"more runs it prints them side by side, each against the first;\n"
"OLD... -- NEW... compares two sides of several runs each; DUET, one\n"
"run --duet's file, its second command against its first, on the pairs.\n"
"\n"
CMD_HELP_F
"  -a ALPHA       significance level (default 0.05)\n"
"  -e PERCENT     smallest change that counts (default 1)\n"
"  -p PROFILE     the host noise profile (default: the runs' host's\n"
"                 noise-HOST.csv beside the results); none: no profile\n"
"  -F             take -p's profile though another host made it\n"
"  -t PATTERN     only tests whose id matches a glob of the\n"
"                 comma-separated PATTERN (lat_*,syscall)\n"
"  -g GROUP       only the tests of GROUP (as list shows them)\n"
"  --fail-on LIST exit with status 5 when a line is: worse, small (a\n"
"                 significant slowdown under -e), any-change,\n"
"                 incomparable (no verdict possible, as another\n"
"                 version or build), blind:PCT (no change found, but\n"
"                 one over PCT% could have been missed), busy (a side\n"
"                 ran on a busy machine, flag B: not judged at all);\n"
"                 comma-separated\n";

static const struct option cmd_compare_long[] = {
	{ "fail-on",	required_argument,	NULL,	'G' },
	{ NULL,		0,			NULL,	0 }
};

/* What compare's options ask for, beyond the judging (compare_opts). */
struct cmd_compare_args {
	enum table_format	 fmt;
	const char		*profile;	/* -p */
	struct filter		 filter;	/* -t, -g */
	struct cli_gate		 gate;		/* --fail-on */
	int			 force;		/* -F: another host's -p */
};

/* -a ALPHA and -e PERCENT into o; 0 or the exit status. */
static int
cmd_compare_rule(int c, const char *arg, struct compare_opts *o)
{
	double	v;

	if (c == 'a' && (sm_parse_double(arg, &v) != 0 || v <= 0 ||
	    v >= 0.5))
		return cmd_usage_error("-a %s: alpha must be a number above 0 "
		    "and below 0.5", arg);
	if (c == 'a') {
		o->alpha = v;
		return 0;
	}
	if (sm_parse_double(arg, &v) != 0 || v < 0 || v >= 100)
		return cmd_usage_error("-e %s: the minimum effect must be a "
		    "percentage from 0 to below 100", arg);
	o->min_effect = v / 100;
	return 0;
}

/* --fail-on LIST; 0 or the exit status. */
static int
cmd_compare_gate(const char *arg, struct cli_gate *g)
{
	struct sm_error	err;

	if (gate_parse(arg, &g->gate, &err) != 0)
		return cmd_usage_error("--fail-on %s: %s", arg, err.msg);
	gate_str(&g->gate, g->list, sizeof g->list);
	return 0;
}

/* One option of compare; 0 or the exit status. */
static int
cmd_compare_option(int c, const char *arg, struct compare_opts *o,
    struct cmd_compare_args *ca)
{
	switch (c) {
	case 'p':
		ca->profile = arg;
		return 0;
	case 'F':
		ca->force = 1;
		return 0;
	case 't':
		ca->filter.tests = arg;
		return 0;
	case 'g':
		ca->filter.group = arg;
		return 0;
	case 'G':
		return cmd_compare_gate(arg, &ca->gate);
	case 'f':
		return cmd_parse_format(arg, &ca->fmt);
	case 'a':
	case 'e':
		return cmd_compare_rule(c, arg, o);
	}
	return SM_EXIT_INPUT;	/* '?': cmd_getopt() named it */
}

/*
 * The host profile compare judges one-run-a-side lines with: -p's file
 * (refused if it is no profile, another host's unless force, or too
 * short), none with -p none, else the runs' host's noise-HOST.csv, which
 * when it cannot be used is named with the reason.  name gets the path
 * and what must be said of the profile.  1 if there is one, 0 if not,
 * else the exit status.
 */
static int
cmd_compare_profile(const char *arg, int force, const char *argv0,
    const struct run *runs, int n, struct run *profile, char *name,
    size_t len)
{
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	struct sm_error		  err, why;
	char			  self[PATH_MAX], note[128] = "";
	int			  found;

	run_init(profile);
	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	if (arg != NULL && strcmp(arg, "none") == 0)
		found = 0;
	else if (arg != NULL) {
		snprintf(name, len, "%s", arg);
		if (csvstore_load(profile, arg, &err) != 0)
			found = cmd_input_error(&err);
		else if (noise_check(profile, noise_host(rp, (size_t)n), force,
		    note, sizeof note, &why) != 0) {
			sm_error_set(&err, "-p %s: %s", arg, why.msg);
			found = cmd_input_error(&err);
		} else
			found = 1;
	} else {
		if (paths_self_exe(argv0, self, sizeof self) != 0)
			self[0] = '\0';
		found = cmd_noise_find(self, rp, (size_t)n, profile, name,
		    len);
	}
	free(rp);
	if (found > 1)
		run_free(profile);	/* refused: the caller frees none */
	if (found == 1 && note[0] != '\0')
		snprintf(name + strlen(name), len - strlen(name), " (%s)",
		    note);
	return found;
}

/*
 * One run named twice (or a copy of it under another name) is refused.
 * On one side of "--" it would count as two replicates, its spread
 * between them nil.  Anywhere else, "compare X X" as "compare X -- X"
 * or a column of a side-by-side, it is one run compared with itself:
 * no change by construction, so a gate given the same file twice would
 * pass whatever was measured.  0, or the exit status.
 */
static int
cmd_compare_dups(const struct run *runs, char **args, int n, int split)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			if (!run_same(&runs[i], &runs[j]))
				continue;
			if (split >= 0 && (i < split) == (j < split))
				fprintf(stderr, "sysmark: compare: %s and %s "
				    "are the same run (same facts and "
				    "samples); on one side it would count as "
				    "two replicates\n", args[i], args[j]);
			else
				fprintf(stderr, "sysmark: compare: %s and %s "
				    "are the same run (same facts and "
				    "samples): compared with itself it shows "
				    "no change whatever was measured; compare "
				    "two runs\n", args[i], args[j]);
			return SM_EXIT_INPUT;
		}
	return 0;
}

/* The index of the first "--" among the operands, taken out; or -1. */
static int
cmd_compare_split(struct cmd_args *ops)
{
	for (int j = 0; j < ops->n; j++) {
		if (strcmp(ops->v[j], "--") != 0)
			continue;
		memmove(&ops->v[j], &ops->v[j + 1], (size_t)(ops->n - j - 1) *
		    sizeof *ops->v);
		ops->n--;
		return j;
	}
	return -1;
}

/* One table: the runs side by side, or with split >= 0 two sides. */
static struct table *
cmd_compare_table(const struct run *runs, char **names, int n, int split,
    const struct compare_opts *o)
{
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	struct compare_side	  a, b;
	struct table		 *t;

	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	if (split < 0) {
		t = compare_table(rp, (const char *const *)names, (size_t)n,
		    o);
		free(rp);
		return t;
	}
	a = (struct compare_side){ rp, (size_t)split, names[0] };
	b = (struct compare_side){ rp + split, (size_t)(n - split),
	    names[split] };
	t = bmdiff_report(&a, &b, o);
	free(rp);
	return t;
}

/* After a comparison: scaling curves and response times side by side. */
static int
cmd_compare_curves(const struct run *runs, char **names, int n,
    enum table_format fmt, int rc)
{
	struct table	**curves;
	size_t		  nc = cli_gate_curves(runs, names, n, &curves);

	return cmd_render_all(curves, nc, fmt, rc, 1);
}

/* -t and -g: narrow the runs to the tests asked for; 0 or the status. */
static int
cmd_compare_filter(struct cmd_compare_args *ca, struct run *runs, int n,
    struct compare_opts *o, char *over, size_t len)
{
	struct sm_error	err;

	if (ca->filter.tests == NULL && ca->filter.group == NULL)
		return 0;
	if (filter_check(&ca->filter, runs, (size_t)n, &err) != 0)
		return cmd_usage_error("%s", err.msg);
	for (int j = 0; j < n; j++)
		filter_apply(&ca->filter, &runs[j]);
	filter_over(&ca->filter, over, len);
	o->over = over;
	return 0;
}

/*
 * The comparison, judged and printed: the table and curves for people,
 * or the JSON document; the gate's verdict either way.  The status.
 */
static int
cmd_compare_print(struct cmd_compare_args *ca, const struct run *runs,
    char **args, char **names, int n, int split, struct compare_opts *o)
{
	struct sm_error	 err;
	struct table	*t;
	size_t		 tripped;
	int		 rc = 0;

	if (ca->fmt == TABLE_JSON)
		rc = cli_gate_json(&ca->gate, runs, args, names, n, split, o,
		    &ca->filter, &tripped);
	else {
		tripped = cli_gate_judge(&ca->gate, runs, args, names, n,
		    split, o, &ca->filter, NULL);
		o->wide = ca->fmt != TABLE_TEXT;
		t = cmd_compare_table(runs, names, n, split, o);
		if (table_render(t, ca->fmt, stdout, &err) != 0)
			rc = cmd_input_error(&err);
		table_free(t);
		rc = cmd_compare_curves(runs, names, n, ca->fmt, rc);
	}
	return rc == 0 && tripped > 0 ? SM_EXIT_GATE : rc;
}

/* Warn on stderr of a run whose CPU governor or boost differs the first's. */
static void
cmd_compare_clock(const struct run *runs, char **names, int n)
{
	char	msg[400];

	for (int j = 1; j < n; j++)
		if (cpufreq_warn_compare(&runs[0], names[0], &runs[j],
		    names[j], msg, sizeof msg))
			fprintf(stderr, "warning: %s\n", msg);
}

/*
 * compare's options, before, between or after the runs, into o and ca;
 * the runs into ops, and where "--" split them into *split (-1: no
 * split).  0 or the exit status.
 */
static int
cmd_compare_options(int argc, char **argv, struct compare_opts *o,
    struct cmd_compare_args *ca, struct cmd_args *ops, int *split)
{
	int	c, rc = 0;

	ops->sides = 1;
	while (rc == 0 && (c = cmd_getopt(argc, argv, "f:a:e:p:Ft:g:",
	    cmd_compare_long, ops)) != -1)
		rc = cmd_compare_option(c, optarg, o, ca);
	if (rc != 0)
		return rc;
	if ((*split = cmd_compare_split(ops)) == 0 || *split == ops->n)
		return cmd_usage_error("compare: name at least one run on "
		    "each side of --");
	if (ops->n < 1)
		return cmd_usage_error("compare: name at least two runs or "
		    "baselines, or one duet run (run --duet)");
	return 0;
}

/* The drift term of the sides (drift_sides()): two runs are two sides. */
static void
cmd_compare_drift(const struct run *runs, char **args, int n, int split,
    const char *argv0, struct compare_opts *o, struct compare_drift **out)
{
	const struct run	**rp = xcalloc((size_t)n + 1, sizeof *rp);
	char			  self[PATH_MAX];

	for (int i = 0; i < n; i++)
		rp[i] = &runs[i];
	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	drift_sides(rp, (const char *const *)args, n, split >= 0 ? split :
	    n == 2 ? 1 : -1, self[0] != '\0' ? self : NULL, o, out);
	free(rp);
}

/* sysmark compare [options] RUN RUN... | OLD... -- NEW... */
int
cmd_compare(int argc, char **argv, const char *argv0)
{
	struct cmd_compare_args	  ca;
	struct compare_opts	  o;
	struct cmd_args		  ops = { 0 };
	struct run		 *runs, profile;
	struct compare_drift	 *drift;
	char			**names, **args, pname[PATH_MAX], over[160];
	int			  n, k = 0, rc, split, have = 0;

	memset(&ca, 0, sizeof ca);
	compare_opts_default(&o);
	if ((rc = cmd_compare_options(argc, argv, &o, &ca, &ops, &split)) !=
	    0) {
		cmd_args_free(&ops);
		return rc;
	}
	rc = cmd_load_runs(ops.v, ops.n, argv0, &runs, &names, &k);
	if (rc == 0)
		rc = cli_duet_expand(&(struct cli_duet){ &runs, &names,
		    &ops.v, &ops.n, &k, &split, 0 }, 1);
	args = ops.v;
	n = ops.n;
	if (rc == 0)
		rc = cmd_compare_dups(runs, args, n, split);
	if (rc == 0)
		cmd_compare_clock(runs, names, n);
	if (rc == 0)
		rc = cmd_compare_filter(&ca, runs, n, &o, over, sizeof over);
	if (rc == 0 && (have = cmd_compare_profile(ca.profile, ca.force,
	    argv0, runs, n, &profile, pname, sizeof pname)) > 1)
		rc = have;
	else if (rc == 0) {
		o.profile = have ? &profile : NULL;
		o.profile_name = pname;
		cmd_compare_drift(runs, args, n, split, argv0, &o, &drift);
		rc = cmd_compare_print(&ca, runs, args, names, n, split, &o);
		free(drift);
		run_free(&profile);
	}
	cmd_free_runs(runs, names, k);
	cmd_args_free(&ops);
	return rc;
}
