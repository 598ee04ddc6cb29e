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
"                 or bmf (Bencher Metric Format) or otava (Otava's CSV)\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"  --best, -B     lmbench's comparison to the best of the breed\n";

/*
 * Take --best (or -B) out of show's arguments, since getopt knows no
 * long options; 1 if it was there.
 */
static int
cmd_show_take_best(int *argc, char **argv)
{
	for (int k = 1; k < *argc && strcmp(argv[k], "--") != 0; k++) {
		if (strcmp(argv[k], "--best") != 0 && strcmp(argv[k], "-B"))
			continue;
		/* argv[argc] is NULL and moves down with the rest. */
		memmove(&argv[k], &argv[k + 1], (size_t)(*argc - k) *
		    sizeof *argv);
		(*argc)--;
		return 1;
	}
	return 0;
}

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
	return cmd_json_write(doc);
}

/* lmbench 1.0's comparison to the best of the breed: runs, baselines. */
static int
cmd_show_best(int argc, char **argv, const char *argv0)
{
	enum table_format	  fmt = TABLE_TEXT;
	struct run		 *runs;
	const struct run	**rp;
	char			**names;
	struct table		**t;
	size_t			  nt;
	int			  i, n, k = 0, rc;

	if ((i = cmd_format_only(argc, argv, &fmt)) < 0)
		return SM_EXIT_INPUT;
	if ((n = argc - i) < 1)
		return cmd_usage_error("show --best: name runs or baselines");
	if ((rc = cmd_load_runs(argv + i, n, argv0, &runs, &names, &k)) != 0) {
		cmd_free_runs(runs, names, k);
		return rc;
	}
	rp = xcalloc((size_t)n, sizeof *rp);
	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	nt = best_tables(rp, (const char *const *)names, (size_t)n, &t);
	if (fmt == TABLE_JSON)
		rc = cmd_show_best_json(rp, argv + i, n, t, nt);
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

/* sysmark show [options] FILE, or show --best RUN_OR_BASELINE... */
int
cmd_show(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	const char		*baseline = NULL, *file = NULL;
	const char		*operand = NULL, *export = NULL;
	struct sm_error		 err;
	struct run		 run, base;
	int			 c, rc, stats = 0;

	if (cmd_show_take_best(&argc, argv))
		return cmd_show_best(argc, argv, argv0);
	cmd_long_opt(argc, argv, "--baseline", 'b');
	while ((c = cmd_getopt(argc, argv, ":f:b:s", &operand)) != -1) {
		if (c == 0) {
			if (file != NULL)
				return cmd_usage_error("show: name one saved "
				    "run");
			file = operand;
		} else if (c == ':')
			return cmd_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			return cmd_usage_error("unknown option -%c", optopt);
		else if (c == 'b')
			baseline = optarg;
		else if (c == 's')
			stats = 1;
		else if (strcmp(optarg, "bmf") == 0 ||
		    strcmp(optarg, "otava") == 0)
			export = optarg;
		else if (cmd_parse_format(optarg, &fmt) != 0)
			return SM_EXIT_INPUT;
	}
	if (file == NULL)
		return cmd_usage_error("show: name one saved run");
	run_init(&run);
	if (csvstore_load(&run, file, &err) != 0)
		return cmd_input_error(&err);
	if (export != NULL) {
		rc = cli_history_show(file, &run, export);
		run_free(&run);
		return rc;
	}
	if (baseline != NULL &&
	    (rc = cmd_load_baseline(baseline, argv0, &base)) != 0) {
		run_free(&run);
		return rc;
	}
	if (fmt == TABLE_JSON)
		rc = cmd_json_run("show", &run, file, baseline != NULL ?
		    &base : NULL, baseline, 0);
	else
		rc = cmd_print(&run, fmt, stats);
	if (rc == 0 && fmt != TABLE_JSON)
		rc = cmd_show_profile(&run, fmt);
	if (rc == 0 && baseline != NULL && fmt != TABLE_JSON)
		rc = cmd_index(&run, &base, baseline, fmt);
	if (baseline != NULL)
		run_free(&base);
	run_free(&run);
	return rc;
}
