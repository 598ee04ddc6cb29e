/*
 * sysmark report: runs as one self-contained HTML page with SVG charts
 * (report_html.c), or with -f svg one chart as a file of its own.  Runs
 * are files, baselines, or directories of runs (a fleet's directory:
 * each host's run, named by its fleet_host fact; fleet.csv is skipped).
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_report_usage[] =
"usage: sysmark report [-b BASELINE] [-f html|svg] [-c CHART] [-F]\n"
"                      [-t TITLE] -o FILE RUN_OR_DIR... [-- NEW...]\n"
"       sysmark report --history [-F] [-t TITLE] -o FILE DIR|FILE...\n"
"\n"
"Write the runs as one self-contained HTML page with SVG charts (or one\n"
"chart as an SVG file), to share: nothing is fetched when it opens.\n"
"\n"
"  -o FILE        the page (or chart) to write\n"
"  -F             replace FILE if it exists\n"
"  -b BASELINE    also show the INDEX VALUES against this baseline\n"
"  -f FORMAT      html (default), or svg: the one chart -c names\n"
"  -c CHART       with -f svg: memhier, users, ratio, scaling:TEST or\n"
"                 strip:TEST[:COPIES]\n"
"  -t TITLE       the page's title\n"
"  RUN_OR_DIR     saved runs, baselines, or directories of runs (a\n"
"                 fleet's: each host's run, named by its fleet_host)\n"
"  --history      the runs as a history (sysmark history): each series\n"
"                 over time, its change points and levels\n";

static const struct option cmd_report_long[] = {
	{ "history",	no_argument,	NULL,	'H' },
	{ NULL,		0,		NULL,	0 }
};

struct cmd_report {
	const char	*out;
	const char	*baseline;
	const char	*chart;
	const char	*title;
	int		 svg;
	int		 force;
	int		 history;	/* --history */
	char		**args;		/* the runs' paths, directories read */
	int		 nargs;
	int		 split;		/* where "--" was; -1 */
	int		 partial;	/* a fleet's host is not ok */
};

/*
 * A fleet's directory (it holds fleet.csv): the run of each host whose
 * run file loads, by the rule fleet show follows (fleet_dir_load());
 * the others are named, and the report ends with status 6 as fleet show
 * does.  1 if dir was a fleet's, 0 if not, -1 if its fleet.csv is bad.
 */
static int
cmd_report_fleet(struct cmd_report *r, const char *dir)
{
	struct fleet_dir	d;
	struct sm_error		err;
	char			path[PATH_MAX + 700];

	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	if (access(path, F_OK) != 0)
		return 0;
	if (fleet_dir_load(&d, dir, NULL, 0, 0, NULL, NULL, &err) != 0) {
		cmd_input_error(&err);
		return -1;
	}
	if (d.note[0] != '\0')
		fprintf(stderr, "sysmark: %s\n", d.note);
	r->partial |= d.bad > 0;
	for (size_t i = 0; i < d.n; i++) {
		if (d.rows[i].f[10][0] == '\0') {
			fprintf(stderr, "sysmark: %s: %s: %s%s%s\n", dir,
			    d.rows[i].f[0], d.rows[i].f[2], d.rows[i].f[11][0] ?
			    ": " : "", d.rows[i].f[11]);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, d.rows[i].f[10]);
		r->args = xreallocarray(r->args, (size_t)r->nargs + 1,
		    sizeof *r->args);
		r->args[r->nargs++] = xstrdup(path);
	}
	fleet_dir_free(&d);
	return 1;
}

/* Add path, or each run file in it if it is a directory; 0 or -1. */
static int
cmd_report_add(struct cmd_report *r, const char *path)
{
	struct stat	  sb;
	char		**names = NULL;
	size_t		  n;
	int		  before = r->nargs, fleet;

	if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		r->args = xreallocarray(r->args, (size_t)r->nargs + 1,
		    sizeof *r->args);
		r->args[r->nargs++] = xstrdup(path);
		return 0;
	}
	if ((fleet = cmd_report_fleet(r, path)) < 0)
		return -1;
	if (fleet > 0 && r->nargs > before)
		return 0;
	n = fleet > 0 ? 0 : paths_list_csv(path, &names);
	for (size_t i = 0; i < n; i++) {
		size_t	len = strlen(path) + strlen(names[i]) + 6;

		if (strcmp(names[i], "fleet") != 0) {
			r->args = xreallocarray(r->args, (size_t)r->nargs + 1,
			    sizeof *r->args);
			r->args[r->nargs] = xmalloc(len);
			snprintf(r->args[r->nargs++], len, "%s/%s.csv", path,
			    names[i]);
		}
		free(names[i]);
	}
	free(names);
	if (r->nargs > before)
		return 0;
	fprintf(stderr, "sysmark: %s: a directory with no run files "
	    "(NAME.csv) in it\n", path);
	return -1;
}

/* One option of report; 0 or the exit status. */
static int
cmd_report_option(int c, const char *arg, struct cmd_report *r)
{
	switch (c) {
	case 'H':
		r->history = 1;
		return 0;
	case 'o':
		r->out = arg;
		return 0;
	case 'b':
		r->baseline = arg;
		return 0;
	case 'c':
		r->chart = arg;
		return 0;
	case 't':
		r->title = arg;
		return 0;
	case 'F':
		r->force = 1;
		return 0;
	case 'f':
		if (strcmp(arg, "html") != 0 && strcmp(arg, "svg") != 0)
			return cmd_usage_error("-f %s: report writes html or "
			    "svg", arg);
		r->svg = strcmp(arg, "svg") == 0;
		return 0;
	}
	return SM_EXIT_INPUT;	/* '?': cmd_getopt() named it */
}

/*
 * report's options, before, between or after the runs, which go to ops
 * with "--" between the sides; 0 or the exit status.
 */
static int
cmd_report_options(int argc, char **argv, struct cmd_report *r,
    struct cmd_args *ops)
{
	int	c, rc = 0;

	ops->sides = 1;
	while (rc == 0 && (c = cmd_getopt(argc, argv, "o:b:f:c:t:F",
	    cmd_report_long, ops)) != -1)
		rc = cmd_report_option(c, optarg, r);
	if (rc != 0)
		return rc;
	if (r->out == NULL)
		return cmd_usage_error("report: -o FILE is required");
	if (r->svg && r->chart == NULL)
		return cmd_usage_error("report -f svg: name the chart with "
		    "-c (%s)", report_html_charts());
	return 0;
}

/* The operands, directories expanded and "--" noted; 0 or a status. */
static int
cmd_report_operands(struct cmd_report *r, char **args, int n)
{
	r->split = -1;
	for (int i = 0; i < n; i++) {
		if (strcmp(args[i], "--") == 0 && r->split < 0)
			r->split = r->nargs;
		else if (cmd_report_add(r, args[i]) != 0)
			return SM_EXIT_INPUT;
	}
	if (r->nargs == 0)
		return cmd_usage_error("report: name at least one run");
	if (r->split == 0 || r->split == r->nargs)
		return cmd_usage_error("report: name at least one run on each "
		    "side of --");
	return 0;
}

/* A fleet's runs are named by their host, not their file. */
static void
cmd_report_names(const struct run *runs, char **names, int n)
{
	const char	*host;

	for (int i = 0; i < n; i++)
		if ((host = run_meta_get(&runs[i], "fleet_host")) != NULL) {
			free(names[i]);
			names[i] = xstrdup(host);
		}
}

/* The page or the chart, built whole, then written; 0 or a status. */
static int
cmd_report_write(const struct cmd_report *r, const struct report_html *h)
{
	struct sbuf	b;
	struct sm_error	err;
	int		rc = 0;

	sbuf_init(&b);
	if (r->svg && report_html_svg(&b, h, r->chart, &err) != 0)
		rc = cmd_input_error(&err);
	else if (!r->svg)
		report_html(&b, h);
	if (rc == 0 && outfile_write(r->out, b.s, b.len, r->force, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0)
		fprintf(stderr, "sysmark: report written to %s (%zu bytes)\n",
		    r->out, b.len);
	sbuf_free(&b);
	return rc;
}

/* compare's defaults, and its host noise profile when the runs have one. */
static void
cmd_report_opts(const struct run *const *rp, size_t n, const char *argv0,
    struct compare_opts *o, struct run *profile, char *path, size_t len)
{
	char	self[PATH_MAX];

	compare_opts_default(o);
	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	if (!cmd_noise_find(self, rp, n, profile, path, len))
		return;
	o->profile = profile;
	o->profile_name = path;
}

static int
cmd_report_runs(struct cmd_report *r, const char *argv0)
{
	struct compare_opts	  o;
	struct report_html	  h;
	struct run		 *runs, base, profile;
	const struct run	**rp;
	char			**names, ppath[PATH_MAX];
	int			  k = 0, rc, have_base = 0;

	rc = cmd_load_runs(r->args, r->nargs, argv0, &runs, &names, &k);
	if (rc == 0)
		rc = cli_duet_expand(&(struct cli_duet){ &runs, &names,
		    &r->args, &r->nargs, &k, &r->split, 1 }, 0);
	if (rc == 0 && r->baseline != NULL &&
	    (rc = cmd_load_baseline(r->baseline, argv0, &base)) == 0)
		have_base = 1;
	if (rc == 0) {
		cmd_report_names(runs, names, r->nargs);
		rp = xcalloc((size_t)r->nargs, sizeof *rp);
		for (int i = 0; i < r->nargs; i++)
			rp[i] = &runs[i];
		cmd_report_opts(rp, (size_t)r->nargs, argv0, &o, &profile,
		    ppath, sizeof ppath);
		h = (struct report_html){ rp, (const char *const *)names,
		    (size_t)r->nargs, r->split, have_base ? &base : NULL,
		    r->baseline, &o, r->title != NULL ? r->title :
		    "sysmark report" };
		rc = cmd_report_write(r, &h);
		run_free(&profile);
		free(rp);
	}
	if (have_base)
		run_free(&base);
	cmd_free_runs(runs, names, k);
	return rc;
}

/* report --history: the history of the runs in args as a page. */
static int
cmd_report_history(const struct cmd_report *r, char **args, int n)
{
	struct histindex_stats	st;
	struct history_query	q = { 0 };
	struct history		h;
	struct sm_error		err;
	struct sbuf		b;
	int			rc;

	if (n == 0)
		return cmd_usage_error("report --history: name directories "
		    "or files of saved runs");
	changepoint_opts_default(&q.cp);
	if ((rc = cli_history_load(&h, args, n, NULL, &q, &st)) != 0)
		return rc;
	sbuf_init(&b);
	report_history(&b, &h, r->title != NULL ? r->title :
	    "sysmark history");
	if (outfile_write(r->out, b.s, b.len, r->force, &err) != 0)
		rc = cmd_input_error(&err);
	else
		fprintf(stderr, "sysmark: report written to %s (%zu bytes)\n",
		    r->out, b.len);
	sbuf_free(&b);
	history_free(&h);
	return rc;
}

/* sysmark report [options] -o FILE RUN_OR_DIR... [-- NEW...] */
int
cmd_report(int argc, char **argv, const char *argv0)
{
	struct cmd_report	r;
	struct cmd_args		ops = { 0 };
	int			rc;

	memset(&r, 0, sizeof r);
	if ((rc = cmd_report_options(argc, argv, &r, &ops)) == 0 && r.history)
		rc = cmd_report_history(&r, ops.v, ops.n);
	else if (rc == 0 &&
	    (rc = cmd_report_operands(&r, ops.v, ops.n)) == 0)
		rc = cmd_report_runs(&r, argv0);
	cmd_args_free(&ops);
	/* A fleet with a host not ok: written, and 6 as fleet show says. */
	if (rc == 0 && r.partial)
		rc = SM_EXIT_FLEET_PARTIAL;
	for (int i = 0; i < r.nargs; i++)
		free(r.args[i]);
	free(r.args);
	return rc;
}
