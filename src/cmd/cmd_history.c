/*
 * sysmark history: saved runs as series (host, test, version, copies),
 * each with the change points found in it (core: history.c,
 * changepoint.c, histindex.c, history_out.c); --fail-on change for CI,
 * --compare N to see the runs on each side of a change point compared;
 * -f bmf, -f otava and -f otava-config for the dashboards people already
 * run.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_history_usage[] =
"usage: sysmark history [-f FORMAT] [-t PATTERN] [-g GROUP] [-b BY]\n"
"                   [--since DATE] [-e PERCENT] [--fail-on LIST]\n"
"                   [--new N] [--compare N] [--index DIR|none]\n"
"                   [DIR|FILE...]\n"
"\n"
"Saved runs as series, one per host, test, version and copies, and\n"
"the change points in each: where it starts, its size and 95%\n"
"interval, its p-value and the runs on each side.  With no DIR or\n"
"FILE, the runs in the results directory, where run saves them.\n"
"\n"
"  -f FORMAT      text, csv, md, json; bmf (Bencher Metric Format, each\n"
"                 series' newest run, its measure the unit and which way\n"
"                 is better), otava (Otava's CSV) or otava-config (Otava's\n"
"                 configuration of that CSV: each column's direction)\n"
"  -t PATTERN     only tests whose id matches a glob of the\n"
"                 comma-separated PATTERN (lat_*,syscall)\n"
"  -g GROUP       only the tests of GROUP (as list shows them)\n"
"  -b BY          order runs by date (their start, the default),\n"
"                 label (natural order) or commit (as first measured;\n"
"                 run --commit or SYSMARK_COMMIT records it)\n"
"  --since DATE   only runs started on or after DATE (YYYY-MM-DD)\n"
"  -e PERCENT     smallest step that counts (default 1)\n"
"  --fail-on LIST  exit with status 5 on a condition of the comma-\n"
"                 separated LIST: change (the new runs show a worse\n"
"                 step: begin one, or make one found; a new figure of\n"
"                 0, negative or overflowed trips it too), busy (a side\n"
"                 of what is judged ran on a busy machine, flag B: not\n"
"                 judged, so load alone neither fails nor passes)\n"
"  --new N        the new runs the gate judges: the N newest (default\n"
"                 1, the newest run; a fleet adds one a host); other\n"
"                 runs' steps are shown, not judged\n"
"  --compare N    compare the runs on each side of change point N (up\n"
"                 to 30 a side, the nearest)\n"
"  --index DIR    keep each directory's index of run summaries in DIR\n"
"                 (default $XDG_CACHE_HOME/sysmark or ~/.cache/sysmark);\n"
"                 none: read every file\n";

static const struct option cmd_history_long[] = {
	{ "since",	required_argument,	NULL,	'S' },
	{ "fail-on",	required_argument,	NULL,	'G' },
	{ "compare",	required_argument,	NULL,	'C' },
	{ "index",	required_argument,	NULL,	'I' },
	{ "new",	required_argument,	NULL,	'N' },
	{ NULL,		0,			NULL,	0 }
};

/* What history's options ask for. */
struct cmd_history_args {
	enum table_format	 fmt;
	int			 export;	/* cli_history_export_kind() */
	struct filter		 filter;
	struct history_query	 q;
	unsigned		 gate;		/* --fail-on: HISTORY_FAIL_* */
	long			 fresh;		/* --new N; 0: 1 */
	long			 compare;	/* --compare N; 0 none */
	const char		*index;
};

/* -f: the table formats or an export; 0 or the exit status. */
static int
cmd_history_format(const char *arg, struct cmd_history_args *a)
{
	if ((a->export = cli_history_export_kind(arg)) != 0)
		return 0;
	if (cmd_parse_format(arg, &a->fmt) != 0)
		return SM_EXIT_INPUT;
	return 0;
}

/* -b BY; 0 or the exit status. */
static int
cmd_history_by(const char *arg, struct history_query *q)
{
	if (strcmp(arg, "date") == 0)
		q->by = HISTORY_BY_DATE;
	else if (strcmp(arg, "label") == 0)
		q->by = HISTORY_BY_LABEL;
	else if (strcmp(arg, "commit") == 0)
		q->by = HISTORY_BY_COMMIT;
	else
		return cmd_usage_error("-b %s: order by date, label or commit",
		    arg);
	return 0;
}

/* -e, --since, --new, --compare: a number each; 0 or the exit status. */
static int
cmd_history_number(int c, const char *arg, struct cmd_history_args *a)
{
	double	v;

	if (c == 'S') {
		if ((a->q.since = rundate_parse(arg)) < 0)
			return cmd_usage_error("--since %s: a date is "
			    "YYYY-MM-DD", arg);
		return 0;
	}
	if (c == 'N') {
		if (sm_parse_int(arg, 1, 1000000, &a->fresh) != 0)
			return cmd_usage_error("--new %s: how many of the "
			    "newest runs the gate judges, 1 or more", arg);
		return 0;
	}
	if (c == 'C') {
		if (sm_parse_int(arg, 1, 100000, &a->compare) != 0)
			return cmd_usage_error("--compare %s: the number of a "
			    "change point, as history lists them", arg);
		return 0;
	}
	if (sm_parse_double(arg, &v) != 0 || v < 0 || v >= 100)
		return cmd_usage_error("-e %s: the minimum effect must be a "
		    "percentage from 0 to below 100", arg);
	a->q.cp.min_effect = v / 100;
	return 0;
}

/* --fail-on LIST: change, busy, comma-separated; 0 or the exit status. */
static int
cmd_history_fail_on(const char *arg, struct cmd_history_args *a)
{
	const char	*p = arg, *end;
	size_t		 len;

	do {
		end = strchr(p, ',');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		if (len == 6 && strncmp(p, "change", 6) == 0)
			a->gate |= HISTORY_FAIL_CHANGE;
		else if (len == 4 && strncmp(p, "busy", 4) == 0)
			a->gate |= HISTORY_FAIL_BUSY;
		else
			return cmd_usage_error("--fail-on %s: history fails on "
			    "change or busy, separated by commas", arg);
		p = end + 1;
	} while (end != NULL);
	return 0;
}

/* One option; 0 or the exit status. */
static int
cmd_history_option(int c, const char *arg, struct cmd_history_args *a)
{
	switch (c) {
	case 'f':
		return cmd_history_format(arg, a);
	case 't':
		a->filter.tests = arg;
		return 0;
	case 'g':
		a->filter.group = arg;
		return 0;
	case 'b':
		return cmd_history_by(arg, &a->q);
	case 'G':
		return cmd_history_fail_on(arg, a);
	case 'I':
		a->index = arg;
		return 0;
	case 'S':
	case 'N':
	case 'C':
	case 'e':
		return cmd_history_number(c, arg, a);
	}
	return SM_EXIT_INPUT;	/* '?': cmd_getopt() named it */
}

/* The options, before, between or after the operands; 0 or the status. */
static int
cmd_history_options(int argc, char **argv, struct cmd_history_args *a,
    struct cmd_args *ops)
{
	int	c, rc = 0;

	while (rc == 0 && (c = cmd_getopt(argc, argv, "f:t:g:b:e:",
	    cmd_history_long, ops)) != -1)
		rc = cmd_history_option(c, optarg, a);
	if (rc == 0 && a->fresh > 0 && !a->gate)
		rc = cmd_usage_error("history: --new %ld names the runs "
		    "--fail-on change judges; give that too", a->fresh);
	if (rc == 0 && a->compare > 0 && a->export != 0)
		rc = cmd_usage_error("history: --compare gives compare's "
		    "text, csv, md or json, not -f %s", a->export == 'b' ?
		    "bmf" : a->export == 'o' ? "otava" : "otava-config");
	return rc;
}

/*
 * --compare N -f json: the two sides as compare -f json gives them (the
 * runs, the comparison, its lines and warnings, compare's curves), so a
 * script reads one shape whichever command compared.
 */
static int
cmd_history_compare_json(const struct history *h, size_t j, size_t i,
    struct cmd_history_args *a, struct compare_opts *o)
{
	struct history_sides	 s;
	struct sm_error		 err;
	struct cli_gate		 none;
	char			**names;
	size_t			 n, tripped;
	int			 rc;

	if (history_sides_load(h, j, i, &a->filter, &s, &err) != 0)
		return cmd_input_error(&err);
	n = s.na + s.nb;
	o->over = s.over[0] != '\0' ? s.over : NULL;
	names = xcalloc(n, sizeof *names);
	for (size_t r = 0; r < n; r++)
		names[r] = r < s.na ? HISTORY_BEFORE : HISTORY_AFTER;
	memset(&none, 0, sizeof none);
	rc = cli_gate_json(&none, s.runs, (char **)s.paths, names, (int)n,
	    (int)s.na, o, &a->filter, &tripped);
	free(names);
	history_sides_free(&s);
	return rc;
}

/* --compare N: the runs before and after change point N, compared. */
static int
cmd_history_compare(const struct history *h, struct cmd_history_args *a)
{
	struct compare_opts	 o;
	struct sm_error		 err;
	struct table		*t;
	size_t			 j, i;

	if (history_nth(h, (size_t)a->compare, &j, &i) != 0)
		return cmd_usage_error("--compare %ld: no such change point "
		    "(history lists them, numbered)", a->compare);
	compare_opts_default(&o);
	o.min_effect = a->q.cp.min_effect;
	if (a->fmt == TABLE_JSON)
		return cmd_history_compare_json(h, j, i, a, &o);
	o.wide = a->fmt == TABLE_CSV || a->fmt == TABLE_MD;
	if ((t = history_compare(h, j, i, &a->filter, &o, &err)) == NULL)
		return cmd_input_error(&err);
	return cmd_render(t, a->fmt);
}

/* The end of a gate's line: the sides that ran busy, said. */
static void
cmd_history_gate_busy(unsigned sides)
{
	if (sides != 0)
		fprintf(stderr, "; %s ran on a busy machine (B), so load alone "
		    "may explain it", gate_busy_str(sides));
	fputc('\n', stderr);
}

/* The gate's line for series k, whose new runs show a worse step. */
static void
cmd_history_gate_say(const struct history *h, const struct history_series *k,
    unsigned busy)
{
	const struct changepoint	*cp = &k->cp.cps[k->cp.ncps - 1];
	char				 name[64], step[64], at[32], lo[32];
	char				 hi[32], age[96];

	history_series_name(k, name, sizeof name);
	history_step_str(cp, step, sizeof step);
	if (cp->at == k->n - 1) {
		fprintf(stderr, "sysmark: history: %s on %s: the newest run "
		    "begins a worse step, %s", name, k->host, step);
		cmd_history_gate_busy(busy);
		return;
	}
	history_step_age(h, k, cp, age, sizeof age);
	fprintf(stderr, "sysmark: history: %s on %s: the new runs show a "
	    "worse step, %s from %s, %s", name, k->host, step,
	    history_run_name(h, k->sums[cp->at].run, at, sizeof at), age);
	if (cp->at_lo < cp->at_hi)
		fprintf(stderr, " (begun between %s and %s)",
		    history_run_name(h, k->sums[cp->at_lo].run, lo, sizeof lo),
		    history_run_name(h, k->sums[cp->at_hi].run, hi,
		    sizeof hi));
	cmd_history_gate_busy(busy);
}

/* --fail-on busy's line for series k: a side ran busy, not judged. */
static void
cmd_history_gate_refused(const struct history_series *k, unsigned busy)
{
	char	name[64];

	history_series_name(k, name, sizeof name);
	fprintf(stderr, "sysmark: history: %s on %s: %s ran on a busy machine "
	    "(B): not judged (--fail-on busy)\n", name, k->host,
	    gate_busy_str(busy));
}

/* A new run's figure that no search can take: the gate's line. */
static void
cmd_history_gate_left(const struct history *h, const struct history_left *l)
{
	char	*path = xvisible(h->runs[l->sum.run].path, 0);

	fprintf(stderr, "sysmark: history: %s on %s: the newest run's figure "
	    "%s (%s): a worse step\n", l->sum.test, h->runs[l->sum.run].host,
	    l->why, path);
	free(path);
}

/*
 * --fail-on: each trip of g said, and (busy not asked for) how many
 * series were judged with a side that ran busy; how many tripped.
 */
static size_t
cmd_history_gate(const struct history *h, const struct history_gated *g,
    unsigned fail_on)
{
	const char	*why;
	size_t		 n = 0;

	for (size_t j = 0; j < h->nseries; j++) {
		if ((why = history_gate_trip(g, j, fail_on)) == NULL)
			continue;
		if (strcmp(why, "busy") == 0)
			cmd_history_gate_refused(&h->series[j], g->busy[j]);
		else
			cmd_history_gate_say(h, &h->series[j], g->busy[j]);
		n++;
	}
	for (size_t i = 0; i < h->nleft; i++)
		if (history_gate_left_trip(g, i, fail_on)) {
			cmd_history_gate_left(h, &h->left[i]);
			n++;
		}
	if (g->nbusy > 0 && !(fail_on & HISTORY_FAIL_BUSY))
		fprintf(stderr, "sysmark: history: %zu series judged with a "
		    "side that ran on a busy machine (B): the verdict may be "
		    "the load's; --fail-on busy refuses to judge such series\n",
		    g->nbusy);
	return n;
}

/*
 * What the history left out, said on stderr whatever the format: each
 * figure no search can take, with why, and each byte copy of a run,
 * counted once.
 */
static void
cmd_history_left_say(const struct history *h)
{
	char	*p, *q;

	for (size_t i = 0; i < h->nleft; i++) {
		p = xvisible(h->runs[h->left[i].sum.run].path, 0);
		fprintf(stderr, "sysmark: history: %s in %s: its figure %s; "
		    "left out of the series\n", h->left[i].sum.test, p,
		    h->left[i].why);
		free(p);
	}
	for (size_t r = 0; h->same != NULL && r < h->nruns; r++) {
		if (h->same[r] == SIZE_MAX)
			continue;
		p = xvisible(h->runs[r].path, 0);
		q = xvisible(h->runs[h->same[r]].path, 0);
		fprintf(stderr, "sysmark: history: %s is a copy of %s (the same "
		    "facts and figures): counted once\n", p, q);
		free(p);
		free(q);
	}
}

/* The history in the format asked for; g: the gate's, or NULL. */
static int
cmd_history_print(const struct history *h, const struct cmd_history_args *a,
    const struct histindex_stats *st, const struct history_gated *g)
{
	struct json_t	*doc;
	struct table	**t;
	size_t		 nt = 1;

	if (a->export != 0)
		return cli_history_export(h, a->export);
	if (a->fmt == TABLE_JSON) {
		doc = json_out_doc("history");
		json_out_int(doc, "files", (long long)st->files);
		json_out_int(doc, "files_read_around", (long long)st->bad);
		history_json(doc, h);
		history_json_gate(doc, h, g, a->gate);
		return cli_json_write(doc);
	}
	t = xcalloc(3, sizeof *t);
	t[0] = history_table(h);
	t[1] = history_changes_table(h);
	if (t[1]->nrows > 0)
		nt++;
	else
		table_free(t[1]);
	if ((t[nt] = history_strays_table(h)) != NULL)
		nt++;
	return cmd_render_all(t, nt, a->fmt, 0, 0);
}

/* With no operand: the results directory, where run saves; 0 or status. */
static int
cmd_history_results(const char *argv0, char *dir, size_t len)
{
	struct sm_error	err;
	char		self[PATH_MAX];

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	if (paths_results_dir(self[0] ? self : NULL, dir, len, &err) != 0)
		return cmd_input_error(&err);
	return 0;
}

/*
 * With no operand the results directory's own runs are read, not the
 * fleets' directories in it (other hosts' runs, each fleet's a host):
 * which were left out is said, so that none is skipped without a word.
 */
static void
cmd_history_fleets(const char *dir)
{
	DIR		*d = opendir(dir);
	struct dirent	*e;
	struct stat	 sb;
	char		 path[PATH_MAX], *v;
	size_t		 n = 0;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "fleet-", 6) != 0 ||
		    snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >=
		    (int)sizeof path || stat(path, &sb) != 0 ||
		    !S_ISDIR(sb.st_mode))
			continue;
		if (n++ == 0)
			fputs("sysmark: history: fleet directories not read "
			    "(their hosts' runs; name them to read them):",
			    stderr);
		v = xvisible(e->d_name, 0);
		fprintf(stderr, " %s", v);
		free(v);
	}
	closedir(d);
	if (n > 0)
		fputc('\n', stderr);
}

/* sysmark history [options] [DIR|FILE...] */
int
cmd_history(int argc, char **argv, const char *argv0)
{
	struct cmd_history_args	a;
	struct histindex_stats	st;
	struct sm_error		err;
	struct history		h;
	struct cmd_args		ops = { 0 };
	struct history_gated	g, *gp = NULL;
	char			dir[PATH_MAX], *dirv[1] = { dir };
	int			rc;

	memset(&a, 0, sizeof a);
	changepoint_opts_default(&a.q.cp);
	a.q.filter = &a.filter;
	rc = cmd_history_options(argc, argv, &a, &ops);
	if (rc == 0 && ops.n == 0 &&
	    (rc = cmd_history_results(argv0, dir, sizeof dir)) == 0)
		cmd_history_fleets(dir);
	if (rc == 0)
		rc = cli_history_load(&h, ops.n > 0 ? ops.v : dirv,
		    ops.n > 0 ? ops.n : 1, a.index, &a.q, &st);
	cmd_args_free(&ops);
	if (rc != 0)
		return rc;
	if (h.nseries == 0 && filter_check(&a.filter, NULL, 0, &err) != 0) {
		history_free(&h);
		return cmd_usage_error("%s", err.msg);
	}
	cmd_history_left_say(&h);
	if (a.gate) {
		history_gate(&h, &a.q, (size_t)a.fresh, &g);
		gp = &g;
	}
	if (a.compare > 0)
		rc = cmd_history_compare(&h, &a);
	else
		rc = cmd_history_print(&h, &a, &st, gp);
	if (rc == 0 && gp != NULL && cmd_history_gate(&h, gp, a.gate) > 0)
		rc = SM_EXIT_GATE;
	if (gp != NULL)
		history_gated_free(gp);
	history_free(&h);
	return rc;
}
