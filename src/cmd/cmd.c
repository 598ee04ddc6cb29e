/*
 * What the sysmark commands share, kept once so that they say the same
 * thing the same way: the usage and input errors with their exit status,
 * getopt_long as the commands use it (cmd_getopt), the options of the
 * commands that measure or save, loading runs and baselines, saving a
 * run with its fallbacks, and printing tables.  It calls no command:
 * the cmd_*.c and cli_*.c files call it.
 */
/* SPDX-License-Identifier: MIT */

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* ---- Errors ---- */

/* Print "sysmark: message" and the usage hint; returns the exit status. */
int
cmd_usage_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("sysmark: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n(sysmark --help shows the usage)\n", stderr);
	return SM_EXIT_INPUT;
}

/* Print an input error (err says what and where); the exit status. */
int
cmd_input_error(const struct sm_error *err)
{
	fprintf(stderr, "sysmark: %s\n", err->msg);
	return SM_EXIT_INPUT;
}

/* ---- Options ---- */

/* -f FORMAT: text, csv, md or json; 0 or the exit status. */
int
cmd_parse_format(const char *arg, enum table_format *fmt)
{
	if (strcmp(arg, "json") == 0)
		*fmt = TABLE_JSON;
	else if (table_format_parse(arg, fmt) != 0)
		return cmd_usage_error("-f %s: the format is text, csv, md "
		    "or json", arg);
	return 0;
}

/* -c COPIES,...: the copies values, as plan_parse_copies() reads them. */
static int
cmd_opts_copies(const char *arg, struct cmd_opts *m)
{
	struct sm_error	err;

	if (plan_parse_copies(arg, m->plan.copies, PLAN_NCOPIES,
	    &m->plan.ncopies, &err) != 0)
		return cmd_usage_error("-c %s", err.msg);
	return 0;
}

/* -n SAMPLES and -R REPEATS: a whole number from 1 to max. */
static int
cmd_opts_count(int c, const char *arg, const char *what, int max, int *out)
{
	long	n;

	if (sm_parse_int(arg, 1, max, &n) != 0)
		return cmd_usage_error("-%c %s: %s must be a whole number "
		    "from 1 to %d", c, arg, what, max);
	*out = (int)n;
	return 0;
}

/* -C PERCENT, -T SECONDS and -g SECONDS. */
static int
cmd_opts_number(int c, const char *arg, struct cmd_opts *m)
{
	double	v;

	if (sm_parse_double(arg, &v) != 0 || !isfinite(v))
		v = -1;
	if (c == 'C' && (v <= 0 || v >= 100))
		return cmd_usage_error("-C %s: the target must be a "
		    "percentage above 0 and below 100", arg);
	if (c != 'C' && (v < 0 || v > PLAN_MAX_DURATION))
		return cmd_usage_error("-%c %s: must be a number of seconds "
		    "from 0 to %g", c, arg, PLAN_MAX_DURATION);
	if (c == 'C')
		m->plan.target = v / 100;
	else if (c == 'T')
		m->plan.time_cap = v;
	else
		m->plan.gap = v;
	return 0;
}

/* One option c of run, calibrate, users or import into m; 0 or a status. */
int
cmd_opts_parse(int c, const char *arg, struct cmd_opts *m)
{
	struct sm_error	err;

	switch (c) {
	case 't':
		free(m->plan.benches);
		m->plan.benches = NULL;
		/* registry_parse() reads "" as everything; -t "" is a slip. */
		if (*arg == '\0')
			return cmd_usage_error("-t \"\": name at least one "
			    "test (sysmark list shows them)");
		if (registry_parse(arg, &m->plan.benches, &m->plan.nbench,
		    &err) != 0)
			return cmd_usage_error("-t: %s", err.msg);
		return 0;
	case 'c':
		return cmd_opts_copies(arg, m);
	case 'd':
		if (sm_parse_double(arg, &m->plan.duration) != 0 ||
		    m->plan.duration < PLAN_MIN_DURATION ||
		    m->plan.duration > PLAN_MAX_DURATION)
			return cmd_usage_error("-d %s: the duration must be "
			    "a number of seconds from %g to %g", arg,
			    PLAN_MIN_DURATION, PLAN_MAX_DURATION);
		return 0;
	case 'n':
		return cmd_opts_count(c, arg, "samples", PLAN_MAX_SAMPLES,
		    &m->plan.samples);
	case 'R':
		return cmd_opts_count(c, arg, "repeats", PLAN_MAX_REPEATS,
		    &m->plan.repeats);
	case 'O':
		if (strcmp(arg, "grouped") == 0)
			m->plan.order = RUNNER_ORDER_GROUPED;
		else if (strcmp(arg, "interleaved") == 0)
			m->plan.order = RUNNER_ORDER_INTERLEAVED;
		else
			return cmd_usage_error("--order %s: the order is "
			    "grouped or interleaved", arg);
		return 0;
	case 'C':
	case 'T':
	case 'g':
		return cmd_opts_number(c, arg, m);
	case 'b':
		plan_set_str(&m->plan.baseline, arg);
		return 0;
	case 'o':
		m->out = arg;
		return 0;
	case 'F':
		m->force = 1;
		return 0;
	case 'q':
		m->quiet = 1;
		return 0;
	case 's':
		m->stats = 1;
		return 0;
	case 'f':
		return cmd_parse_format(arg, &m->fmt);
	case ':':
		return cmd_usage_error("option -%c needs a value", optopt);
	}
	return cmd_usage_error("unknown option -%c", optopt);
}

/* What the measuring commands start from: the plan's defaults. */
void
cmd_opts_init(struct cmd_opts *m)
{
	memset(m, 0, sizeof *m);
	plan_init(&m->plan);
	run_init(&m->base);
}

void
cmd_opts_free(struct cmd_opts *m)
{
	plan_free(&m->plan);
	run_free(&m->base);
}

/*
 * After the options: every test unless -t named some, and sysmark's own
 * path, which the copies need.  0 or an exit status.
 */
int
cmd_opts_finish(struct cmd_opts *m, const char *argv0)
{
	struct sm_error	err;

	if (m->plan.benches == NULL && registry_parse(NULL, &m->plan.benches,
	    &m->plan.nbench, &err) != 0)
		return cmd_input_error(&err);
	if (paths_self_exe(argv0, m->self, sizeof m->self) != 0)
		return cmd_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	return 0;
}

/* Add an operand to a's list. */
static void
cmd_args_add(struct cmd_args *a, char *arg)
{
	a->v = xreallocarray(a->v, (size_t)a->n + 1, sizeof *a->v);
	a->v[a->n++] = arg;
}

void
cmd_args_free(struct cmd_args *a)
{
	free(a->v);
	a->v = NULL;
	a->n = 0;
}

/*
 * The end of a command that takes no operands: rc, the status so far, or
 * if that is 0 and there is one, the usage error naming it.  Frees a.
 */
int
cmd_args_none(struct cmd_args *a, const char *cmd, int rc)
{
	char	*shown;

	if (rc == 0 && a->n > 0) {
		shown = xvisible(a->v[0], 0);
		rc = cmd_usage_error("%s: unexpected argument \"%s\"", cmd,
		    shown);
		free(shown);
	}
	cmd_args_free(a);
	return rc;
}

/*
 * Name the option getopt_long refused (c is ':' or '?') as it was typed,
 * from word, the argument it was in.
 */
static void
cmd_getopt_error(int c, const char *word)
{
	char	name[64], shown[160];
	int	islong = strncmp(word, "--", 2) == 0;

	if (islong)
		snprintf(name, sizeof name, "%.*s", (int)strcspn(word, "="),
		    word);
	else
		snprintf(name, sizeof name, "-%c", optopt);
	visible_buf(name, shown, sizeof shown, 0);
	if (c == ':')
		cmd_usage_error("option %s needs a value", shown);
	else if (islong && optopt != 0)
		cmd_usage_error("option %s takes no value", shown);
	else
		cmd_usage_error("unknown option %s", shown);
}

/*
 * A command's next option, by getopt_long: the short options of opts
 * and the long ones of lo, "--NAME=VALUE" as "--NAME VALUE", before,
 * between or after the operands, which go to a in the order given.
 * argv is neither rewritten nor reordered, so ps shows what was typed
 * and a value that looks like an option is kept as it is.  "--" ends the
 * options and the rest are operands, but with a->sides it is an operand
 * itself, between two sides of runs, and options go on after it.
 * Returns the option (a long one's val), -1 at the end, or '?' once an
 * unknown option or a missing value is named on stderr.
 */
int
cmd_getopt(int argc, char **argv, const char *opts, const struct option *lo,
    struct cmd_args *a)
{
	static const struct option	none[] = { { NULL, 0, NULL, 0 } };
	char				spec[64];
	int				c, at;

	/* "-": operands handed over in place; ":": the errors are ours. */
	snprintf(spec, sizeof spec, "-:%s", opts);
	for (;;) {
		at = optind > 0 ? optind : 1;
		/* With no table "--frob" would be read as -f -r -o -b. */
		c = getopt_long(argc, argv, spec, lo != NULL ? lo : none,
		    NULL);
		if (c == 1) {
			cmd_args_add(a, optarg);
			continue;
		}
		if (c == ':' || c == '?') {
			cmd_getopt_error(c, argv[at]);
			return '?';
		}
		if (c != -1 || at >= argc)
			return c;
		/* getopt_long stopped at "--", argv[at]. */
		if (a->sides) {
			cmd_args_add(a, argv[at]);
			continue;
		}
		for (; optind < argc; optind++)
			cmd_args_add(a, argv[optind]);
		return -1;
	}
}

/* ---- Runs and baselines ---- */

/* Load the baseline (or run) name into *base; 0 or an exit status. */
int
cmd_load_baseline(const char *name, const char *argv0, struct run *base)
{
	struct sm_error	err;
	char		self[PATH_MAX];

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	run_init(base);
	if (baseline_resolve(self[0] ? self : NULL, name, base, &err) != 0)
		return cmd_input_error(&err);
	return 0;
}

/*
 * Load the n runs or baselines args names into runs[], labelled by
 * names[] (both allocated); *k is how many to free.  0 or an exit status.
 */
int
cmd_load_runs(char **args, int n, const char *argv0, struct run **runs,
    char ***names, int *k)
{
	struct sm_error	err;
	char		self[PATH_MAX];
	int		rc = 0;

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	*runs = xcalloc((size_t)n, sizeof **runs);
	*names = xcalloc((size_t)n, sizeof **names);
	for (*k = 0; *k < n && rc == 0; (*k)++) {
		run_init(&(*runs)[*k]);
		if (baseline_resolve(self[0] ? self : NULL, args[*k],
		    &(*runs)[*k], &err) != 0)
			rc = cmd_input_error(&err);
		(*names)[*k] = label_run(&(*runs)[*k], args[*k]);
	}
	return rc;
}

/* Free what cmd_load_runs() allocated, the first k runs and names. */
void
cmd_free_runs(struct run *runs, char **names, int k)
{
	for (int j = 0; j < k; j++) {
		run_free(&runs[j]);
		free(names[j]);
	}
	free(runs);
	free(names);
}

/* ---- Saving ---- */

/* Refuse a target that cannot take the run before spending the run on it. */
int
cmd_check_out(const struct cmd_opts *m)
{
	struct sm_error	err;

	if (save_check(m->self, m->out, m->force, &err) == 0)
		return 0;
	if (m->out == NULL)
		return cmd_input_error(&err);
	return cmd_usage_error("-o: %s", err.msg);
}

/*
 * Save a run measured elsewhere (import): where asked, else in a
 * fallback file, else onto stderr; m->saved says which file ("" none).  0, or the exit status that says
 * where the run went.
 */
int
cmd_save(const struct run *run, struct cmd_opts *m)
{
	struct sm_error	err;
	char		path[PATH_MAX];

	switch (save_run(run, m->self, m->out, m->force, path, sizeof path,
	    &err)) {
	case SAVE_OK:
		snprintf(m->saved, sizeof m->saved, "%s", path);
		if (!m->quiet)
			fprintf(stderr, "saved %s\n", path);
		return 0;
	case SAVE_FALLBACK:
		snprintf(m->saved, sizeof m->saved, "%s", path);
		fprintf(stderr, "sysmark: %s\nsysmark: the run is saved in %s "
		    "instead\n", err.msg, path);
		return SM_EXIT_SAVED_ELSEWHERE;
	default:
		fprintf(stderr, "sysmark: %s\nsysmark: no file could take the "
		    "run; here it is:\n", err.msg);
		csvstore_print(run, stderr);
		return SM_EXIT_NOT_SAVED;
	}
}

/* ---- Printing ---- */

/* Render t on stdout and free it; 0 or the exit status. */
int
cmd_render(struct table *t, enum table_format fmt)
{
	struct sm_error	err;
	int		rc;

	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	return rc == 0 ? 0 : cmd_input_error(&err);
}

/*
 * Render tables one after another, a blank line between them (and before
 * the first with lead), and free them; rc is the status so far.
 */
int
cmd_render_all(struct table **t, size_t n, enum table_format fmt, int rc,
    int lead)
{
	for (size_t i = 0; i < n; i++) {
		if (rc == 0 && (lead || i > 0))
			putchar('\n');
		if (rc == 0)
			rc = cmd_render(t[i], fmt);
		else
			table_free(t[i]);
	}
	free(t);
	return rc;
}

/* The results table, with stats every statistic, then the curves. */
int
cmd_print(const struct run *run, enum table_format fmt, int stats)
{
	struct table	**curves;
	struct table	 *t = report_results(run, 1);
	size_t		  n;
	int		  rc;

	/* Text and markdown say shared SAMPLES once; csv keeps the column. */
	if (fmt != TABLE_CSV)
		report_fold_samples(t);
	rc = cmd_render(t, fmt);

	if (rc == 0 && stats) {
		putchar('\n');
		rc = cmd_render(report_stats(run), fmt);
	}
	n = curves_tables(run, &curves);
	return cmd_render_all(curves, n, fmt, rc, 1);
}

/*
 * The host noise profile of the runs' host (noise_find), its note added
 * to path; one that is there but cannot be used is named on stderr with
 * the reason.  1 if profile holds one (the caller frees it), else 0.
 */
int
cmd_noise_find(const char *self, const struct run *const *runs, size_t n,
    struct run *profile, char *path, size_t len)
{
	struct sm_error	err;
	int		found;

	found = noise_find_noted(self != NULL && self[0] != '\0' ? self :
	    NULL, runs, n, profile, path, len, &err);
	if (found < 0)
		fprintf(stderr, "sysmark: the host noise profile %s is not "
		    "used: %s\n", path, err.msg);
	return found > 0;
}

/* The INDEX VALUES table of run against base, named name. */
/* The INDEX VALUES table, with the host profile when there is one. */
struct table *
cmd_index_table(const struct run *run, const struct run *base,
    const char *label)
{
	struct table	*t;
	struct run	 profile;
	char		 self[PATH_MAX], pname[PATH_MAX];
	int		 have = 0;

	/* The host profile widens one run's intervals to the honest ones. */
	run_init(&profile);
	if (paths_self_exe(NULL, self, sizeof self) == 0)
		have = cmd_noise_find(self, &run, 1, &profile, pname,
		    sizeof pname);
	t = index_table_noise(run, base, label, have > 0 ? &profile : NULL,
	    pname);
	run_free(&profile);
	return t;
}

int
cmd_index(const struct run *run, const struct run *base, const char *name,
    enum table_format fmt)
{
	struct sm_error	 err;
	struct table	*t;
	char		*label = paths_label(name);
	int		 rc;

	t = cmd_index_table(run, base, label);
	if (fmt == TABLE_TEXT)
		putchar('\n');
	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	free(label);
	return rc == 0 ? 0 : cmd_input_error(&err);
}
