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

/*
 * compare's options: -f, -a ALPHA, -e PERCENT, -p PROFILE; the first
 * operand or -1.  '+' stops at the first operand, so that a "--" between
 * the sides stays where it is.
 */
static int
cmd_compare_options(int argc, char **argv, enum table_format *fmt,
    struct compare_opts *o, const char **profile)
{
	double	v;
	int	c, rc = 0;

	while (rc == 0 && (c = getopt(argc, argv, "+:f:a:e:p:")) != -1) {
		if (c == 'p')
			*profile = optarg;
		else if (c == ':')
			rc = cmd_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = cmd_usage_error("unknown option -%c", optopt);
		else if (c == 'f')
			rc = cmd_parse_format(optarg, fmt);
		else if (c == 'a' && (sm_parse_double(optarg, &v) != 0 ||
		    v <= 0 || v >= 0.5))
			rc = cmd_usage_error("-a %s: alpha must be a number "
			    "above 0 and below 0.5", optarg);
		else if (c == 'a')
			o->alpha = v;
		else if (sm_parse_double(optarg, &v) != 0 || v < 0 ||
		    v >= 100)
			rc = cmd_usage_error("-e %s: the minimum effect must "
			    "be a percentage from 0 to below 100", optarg);
		else
			o->min_effect = v / 100;
	}
	return rc == 0 ? optind : -1;
}

/*
 * The host profile compare widens one-run-a-side intervals with: -p's
 * file, none with -p none, else the runs' host's noise-HOST.csv.
 */
static int
cmd_compare_profile(const char *arg, const char *argv0, const struct run *runs,
    int n, struct run *profile, char *name, size_t len)
{
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	struct sm_error		  err;
	char			  self[PATH_MAX];
	int			  found;

	run_init(profile);
	if (arg != NULL) {
		free(rp);
		if (strcmp(arg, "none") == 0)
			return 0;
		snprintf(name, len, "%s", arg);
		if (csvstore_load(profile, arg, &err) != 0)
			return cmd_input_error(&err);
		return 1;
	}
	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	found = noise_find(self[0] ? self : NULL, rp, (size_t)n, profile, name,
	    len);
	free(rp);
	return found;
}

/* The index of "--" among the operands, or -1. */
static int
cmd_compare_split(char **args, int n)
{
	for (int j = 0; j < n; j++)
		if (strcmp(args[j], "--") == 0)
			return j;
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
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	struct table		**curves;
	size_t			  nc;

	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	nc = curves_compare(rp, (const char *const *)names, (size_t)n,
	    &curves);
	free(rp);
	return cmd_render_all(curves, nc, fmt, rc, 1);
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

/* sysmark compare [options] RUN RUN... | OLD... -- NEW... */
int
cmd_compare(int argc, char **argv, const char *argv0)
{
	enum table_format	  fmt = TABLE_TEXT;
	struct compare_opts	  o;
	struct sm_error		  err;
	struct run		 *runs, profile;
	const char		 *parg = NULL;
	char			**names, **args, pname[PATH_MAX];
	struct table		 *t;
	int			  i, n, k = 0, rc = 0, split, have;

	compare_opts_default(&o);
	if ((i = cmd_compare_options(argc, argv, &fmt, &o, &parg)) < 0)
		return SM_EXIT_INPUT;
	args = argv + i;
	n = argc - i;
	if ((split = cmd_compare_split(args, n)) >= 0) {
		memmove(&args[split], &args[split + 1], (size_t)(n - split) *
		    sizeof *args);
		n--;
		if (split == 0 || split == n)
			return cmd_usage_error("compare: name at least one "
			    "run on each side of --");
	}
	if (n < 2)
		return cmd_usage_error("compare: name at least two runs or "
		    "baselines");
	rc = cmd_load_runs(args, n, argv0, &runs, &names, &k);
	if (rc == 0)
		cmd_compare_clock(runs, names, n);
	if (rc == 0 && (have = cmd_compare_profile(parg, argv0, runs, n,
	    &profile, pname, sizeof pname)) > 1)
		rc = have;
	else if (rc == 0) {
		o.wide = fmt != TABLE_TEXT;
		o.profile = have ? &profile : NULL;
		o.profile_name = pname;
		t = cmd_compare_table(runs, names, n, split, &o);
		if (table_render(t, fmt, stdout, &err) != 0)
			rc = cmd_input_error(&err);
		table_free(t);
		run_free(&profile);
		rc = cmd_compare_curves(runs, names, n, fmt, rc);
	}
	cmd_free_runs(runs, names, k);
	return rc;
}
