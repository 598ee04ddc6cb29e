/*
 * sysmark show: a saved run's tables again, exactly as run printed them,
 * with -b the index against a baseline; and show --best, lmbench 1.0's
 * comparison of runs and baselines to the best of the breed.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

const char cmd_show_usage[] =
"usage: sysmark show [-s] [-f FORMAT] [-b | --baseline NAME] FILE\n"
"       sysmark show --best|-B [-f FORMAT] RUN_OR_BASELINE...\n"
"\n"
"Print a saved run's tables again, exactly as run printed them.\n"
"\n"
CMD_HELP_S CMD_HELP_F
"                 or bmf (Bencher Metric Format), otava (Otava's CSV) or\n"
"                 otava-config (Otava's configuration of that CSV)\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"  --best, -B     lmbench's comparison to the best of the breed\n";

static const struct option cmd_show_long[] = {
	{ "baseline",	required_argument,	NULL,	'b' },
	{ "best",	no_argument,		NULL,	'B' },
	{ NULL,		0,			NULL,	0 }
};

/* What show's options ask for. */
struct cmd_show_args {
	enum table_format	 fmt;
	const char		*baseline;	/* -b */
	const char		*export;	/* -f bmf, otava, otava-config */
	int			 stats;		/* -s */
	int			 best;		/* --best */
	struct cmd_args		 ops;
};

/* show --best -f json: the runs, then the tables as rows of cells. */
static int
cmd_show_best_json(const struct run **rp, char **files, int n,
    struct table **t, size_t nt)
{
	struct json_t	*doc = json_out_doc("show");

	for (int j = 0; j < n; j++)
		json_run_add(doc, rp[j], files[j]);
	json_out_add_tables(doc, t, nt);
	free(t);
	return cli_json_write(doc);
}

/* lmbench 1.0's comparison to the best of the breed: runs, baselines. */
static int
cmd_show_best(const struct cmd_show_args *a, const char *argv0)
{
	enum table_format	  fmt = a->fmt;
	struct run		 *runs;
	const struct run	**rp;
	char			**names;
	struct table		**t;
	size_t			  nt;
	int			  n = a->ops.n, k = 0, rc;

	if (a->baseline != NULL || a->stats || a->export != NULL)
		return cmd_usage_error("show --best: -f is its only option, "
		    "and text, csv, md or json its formats");
	if (n < 1)
		return cmd_usage_error("show --best: name runs or baselines");
	if ((rc = cmd_load_runs(a->ops.v, n, argv0, &runs, &names, &k)) != 0) {
		cmd_free_runs(runs, names, k);
		return rc;
	}
	rp = xcalloc((size_t)n, sizeof *rp);
	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	nt = best_tables(rp, (const char *const *)names, (size_t)n, &t);
	if (fmt == TABLE_JSON)
		rc = cmd_show_best_json(rp, a->ops.v, n, t, nt);
	else
		rc = cmd_render_all(t, nt, fmt, rc, 0);
	free(rp);
	cmd_free_runs(runs, names, k);
	return rc;
}

/* A noise profile's own tables, as calibrate printed them after its run. */
static int
cmd_show_profile(const struct run *run, enum table_format fmt)
{
	const char	*kind = run_meta_get(run, "kind");
	int		 rc;

	if (kind == NULL || strcmp(kind, NOISE_KIND) != 0)
		return 0;
	putchar('\n');
	if ((rc = cmd_render(noise_table(run), fmt)) != 0)
		return rc;
	putchar('\n');
	return cmd_render(detect_table(run), fmt);
}

/* One saved run's tables, as a asks; the exit status. */
static int
cmd_show_file(const struct cmd_show_args *a, const char *file,
    const char *argv0)
{
	const char		*baseline = a->baseline;
	enum table_format	 fmt = a->fmt;
	struct sm_error		 err;
	struct run		 run, base;
	int			 rc;

	run_init(&run);
	if (csvstore_load(&run, file, &err) != 0)
		return cmd_input_error(&err);
	if (a->export != NULL) {
		rc = cli_history_show(file, &run, a->export);
		run_free(&run);
		return rc;
	}
	if (baseline != NULL &&
	    (rc = cmd_load_baseline(baseline, argv0, &base)) != 0) {
		run_free(&run);
		return rc;
	}
	if (fmt == TABLE_JSON)
		rc = cli_json_run("show", &run, file, baseline != NULL ?
		    &base : NULL, baseline, 0);
	else
		rc = cmd_print(&run, fmt, a->stats);
	if (rc == 0 && fmt != TABLE_JSON)
		rc = cmd_show_profile(&run, fmt);
	if (rc == 0 && baseline != NULL && fmt != TABLE_JSON)
		rc = cmd_index(&run, &base, baseline, fmt);
	if (baseline != NULL)
		run_free(&base);
	run_free(&run);
	return rc;
}

/* show's options into a; 0 or the exit status. */
static int
cmd_show_options(int argc, char **argv, struct cmd_show_args *a)
{
	int	c;

	while ((c = cmd_getopt(argc, argv, "f:b:sB", cmd_show_long,
	    &a->ops)) != -1) {
		if (c == '?')
			return SM_EXIT_INPUT;
		if (c == 'b')
			a->baseline = optarg;
		else if (c == 's')
			a->stats = 1;
		else if (c == 'B')
			a->best = 1;
		else if (cli_history_export_kind(optarg) != 0)
			a->export = optarg;
		else if (cmd_parse_format(optarg, &a->fmt) != 0)
			return SM_EXIT_INPUT;
	}
	return 0;
}

/* sysmark show FILE [options], or show --best RUN_OR_BASELINE... */
int
cmd_show(int argc, char **argv, const char *argv0)
{
	struct cmd_show_args	 a = { .fmt = TABLE_TEXT };
	int			 rc;

	rc = cmd_show_options(argc, argv, &a);
	if (rc == 0 && a.best)
		rc = cmd_show_best(&a, argv0);
	else if (rc == 0 && a.ops.n != 1)
		rc = cmd_usage_error("show: name one saved run");
	else if (rc == 0)
		rc = cmd_show_file(&a, a.ops.v[0], argv0);
	cmd_args_free(&a.ops);
	return rc;
}
