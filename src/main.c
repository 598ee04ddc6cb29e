/*
 * The sysmark command line: parse the arguments, call the core, print what
 * it returns.  Every subcommand is headless, for scripts and CI; the
 * console will sit beside them on the same core.  No measuring and no
 * arithmetic happens here, so the CLI and the console cannot disagree.
 *
 * Exit statuses: 0 all well, 1 a sample failed, 2 usage or input error,
 * 130 interrupted.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include "../ui/ui.h"

/* Set by SIGINT, SIGTERM and SIGHUP; the run loop cancels the run. */
static volatile sig_atomic_t main_stop;

struct main_run {
	const struct bench	**benches;
	size_t			  nbench;
	int			  copies[16];
	size_t			  ncopies;
	int			  samples;
	double			  duration;
	const char		 *out;
	int			  force;
	int			  quiet;
	int			  stats;
	enum table_format	  fmt;
	char			  self[PATH_MAX];
};

static const char main_usage[] =
"usage: sysmark [--help | --version]\n"
"       sysmark [console [-r UPDATES_PER_SECOND]]\n"
"       sysmark list [-f text|csv|md]\n"
"       sysmark run [-t ID,...] [-c COPIES,...] [-d SECONDS] [-n SAMPLES]\n"
"                   [-o FILE] [-F] [-q] [-s] [-f text|csv|md]\n"
"       sysmark show [-s] [-f text|csv|md] [-b | --baseline NAME] FILE\n"
"       sysmark show --best|-B [-f text|csv|md] RUN_OR_BASELINE...\n"
"       sysmark import [-o FILE] [-F] [-s] [-f text|csv|md] REPORT\n"
"       sysmark compare [-f text|csv|md] [-a ALPHA] [-e PERCENT] RUN RUN...\n"
"\n"
"  -t ID,...      tests to run (default: all; `sysmark list` shows them)\n"
"  -c COPIES,...  copies run at once, e.g. 1,cpus (default 1)\n"
"  -d SECONDS     length of one sample, 0.1 to 86400 (default 10); the\n"
"                 lmbench-style tests (lat_*, bw_*) time one calibrated\n"
"                 batch of at least 50 ms per sample instead\n"
"  -n SAMPLES     samples per test and copies value (default 6)\n"
"  -o FILE        save the run here (default results/HOST-DATE.csv)\n"
"  -F             replace FILE if it exists\n"
"  -q             no progress on stderr\n"
"  -s             also print every statistic: n, mean, median, min, max, sd\n"
"  -f FORMAT      table format: text, csv or md\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"                 (a name in baselines/, e.g. byte-3.11, or a run file)\n"
"  -a ALPHA       compare: significance level (default 0.05)\n"
"  -e PERCENT     compare: smallest change that counts (default 1)\n"
"  -r N           console: screen updates a second while tests run\n"
"                 (default 2)\n"
"  --best, -B     show: lmbench's comparison to the best of the breed\n"
"\n"
"compare OLD NEW ranks the tests by change, best first; with three or\n"
"more runs it prints them side by side, each against the first.\n"
"With no command on a terminal, sysmark starts the console.\n";

static int
main_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int	main_take_best(int *, char **);
static int	main_best(int, char **, const char *);

/* Print "sysmark: message" and the usage hint; returns the exit status. */
static int
main_usage_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("sysmark: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n(sysmark --help shows the usage)\n", stderr);
	return SM_EXIT_INPUT;
}

static int
main_input_error(const struct sm_error *err)
{
	fprintf(stderr, "sysmark: %s\n", err->msg);
	return SM_EXIT_INPUT;
}

static void
main_on_signal(int sig)
{
	(void)sig;
	main_stop = 1;
}

static void
main_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = main_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* ---- Options ---- */

static int
main_parse_copies(const char *arg, struct main_run *m)
{
	struct sm_error	err;

	if (runner_parse_copies(arg, m->copies, sizeof m->copies /
	    sizeof m->copies[0], &m->ncopies, &err) != 0)
		return main_usage_error("-c %s", err.msg);
	return 0;
}

static int
main_parse_format(const char *arg, enum table_format *fmt)
{
	if (table_format_parse(arg, fmt) != 0)
		return main_usage_error("-f %s: the format is text, csv or md",
		    arg);
	return 0;
}

static int
main_run_option(int c, const char *arg, struct main_run *m)
{
	struct sm_error	err;
	long		n;

	switch (c) {
	case 't':
		free(m->benches);
		m->benches = NULL;
		if (registry_parse(arg, &m->benches, &m->nbench, &err) != 0)
			return main_usage_error("-t: %s", err.msg);
		return 0;
	case 'c':
		return main_parse_copies(arg, m);
	case 'd':
		if (sm_parse_double(arg, &m->duration) != 0 ||
		    m->duration < RUNNER_MIN_DURATION ||
		    m->duration > RUNNER_MAX_DURATION)
			return main_usage_error("-d %s: the duration must be "
			    "a number of seconds from %g to %g", arg,
			    RUNNER_MIN_DURATION, RUNNER_MAX_DURATION);
		return 0;
	case 'n':
		if (sm_parse_int(arg, 1, RUNNER_MAX_SAMPLES, &n) != 0)
			return main_usage_error("-n %s: samples must be a "
			    "whole number from 1 to %d", arg,
			    RUNNER_MAX_SAMPLES);
		m->samples = (int)n;
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
		return main_parse_format(arg, &m->fmt);
	case ':':
		return main_usage_error("option -%c needs a value", optopt);
	}
	return main_usage_error("unknown option -%c", optopt);
}

/* ---- sysmark run ---- */

/* Progress for a person watching stderr: a line per sample. */
static void
main_progress(const struct runner_event *ev, void *arg)
{
	const struct main_run	*m = arg;
	char			 v[64];

	if (m->quiet)
		return;
	switch (ev->type) {
	case RUNNER_EV_BENCH_START:
		if (ev->bench->timing == BENCH_CALIBRATED) {
			fprintf(stderr, "%s: %s, %d %s, %d calibrated "
			    "batches\n", ev->bench->id, ev->bench->title,
			    ev->copies, ev->copies == 1 ? "copy" : "copies",
			    ev->nsamples);
			break;
		}
		fprintf(stderr, "%s: %s, %d %s, %d x %g s\n", ev->bench->id,
		    ev->bench->title, ev->copies,
		    ev->copies == 1 ? "copy" : "copies", ev->nsamples,
		    ev->duration);
		break;
	case RUNNER_EV_SAMPLE:
		report_format_value(ev->rs->value, v, sizeof v);
		fprintf(stderr, "  sample %d/%d: %s %s\n", ev->sample,
		    ev->nsamples, v, ev->rs->unit);
		break;
	case RUNNER_EV_ERROR:
		fprintf(stderr, "  sample %d/%d FAILED: %s\n", ev->sample,
		    ev->nsamples, ev->msg);
		break;
	case RUNNER_EV_BENCH_DONE:
		if (ev->stats->n < 2)
			break;
		report_format_value(ev->stats->mean, v, sizeof v);
		fprintf(stderr, "  mean %s %s, +/- %.1f%%, CV %.1f%%\n", v,
		    ev->bench->unit, 100 * ev->stats->ci /
		    fabs(ev->stats->mean), 100 * ev->stats->cv);
		break;
	case RUNNER_EV_SKIPPED:
		fprintf(stderr, "  skipped: %s\n", ev->msg);
		break;
	case RUNNER_EV_FINISHED:
		if (ev->cancelled)
			fprintf(stderr, "interrupted: the samples finished so "
			    "far are kept\n");
		break;
	default:
		break;
	}
}

/* Refuse an output that cannot be written before spending the run on it. */
static int
main_check_out(const struct main_run *m)
{
	struct stat	sb;

	if (m->out == NULL || stat(m->out, &sb) != 0)
		return 0;
	if (!S_ISREG(sb.st_mode))
		return main_usage_error("-o %s: not a regular file", m->out);
	if (!m->force)
		return main_usage_error("-o %s: the file exists (-F replaces "
		    "it)", m->out);
	return 0;
}

static void
main_warn_idle(const struct main_run *m)
{
	char	msg[256];

	if (!m->quiet && sysinfo_not_idle(msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
}

static int
main_save(const struct run *run, const struct main_run *m)
{
	struct sm_error	err;
	char		path[PATH_MAX];

	if (m->out != NULL)
		snprintf(path, sizeof path, "%s", m->out);
	else if (paths_default_run(m->self, run, path, sizeof path, &err))
		return main_input_error(&err);
	if (csvstore_save(run, path, m->force, &err) != 0)
		return main_input_error(&err);
	if (!m->quiet)
		fprintf(stderr, "saved %s\n", path);
	return 0;
}

static int
main_render(struct table *t, enum table_format fmt)
{
	struct sm_error	err;
	int		rc;

	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	return rc == 0 ? 0 : main_input_error(&err);
}

/* The results table, then with stats every statistic behind it. */
static int
main_print(const struct run *run, enum table_format fmt, int stats)
{
	struct table	*plot;
	int		 rc = main_render(report_results(run), fmt);

	if (rc == 0 && stats) {
		putchar('\n');
		rc = main_render(report_stats(run), fmt);
	}
	/* A memory-latency sweep is shown as its curve too. */
	if (rc == 0 && (plot = memhier_plot(run)) != NULL) {
		putchar('\n');
		rc = main_render(plot, fmt);
	}
	return rc;
}

static int
main_execute(struct main_run *m)
{
	struct runner_plan	 plan;
	struct runner		*r;
	struct run		 run;
	struct sm_error		 err;
	int			 cancelled, rc;

	memset(&plan, 0, sizeof plan);
	plan.benches = m->benches;
	plan.nbench = m->nbench;
	plan.copies = m->copies;
	plan.ncopies = m->ncopies;
	plan.samples = m->samples;
	plan.duration = m->duration;
	plan.grace = runner_default_grace(m->duration);
	plan.self_exe = m->self;
	run_init(&run);
	sysinfo_collect(&run);
	main_warn_idle(m);
	main_signals();
	if ((r = runner_start(&plan, &run, main_progress, m, &err)) == NULL) {
		run_free(&run);
		return main_input_error(&err);
	}
	cancelled = runner_wait(r, &main_stop);
	runner_free(r);
	runner_note_plan(&plan, &run, cancelled);
	rc = run.nsamples > 0 ? main_save(&run, m) : 0;
	if (rc == 0)
		rc = main_print(&run, m->fmt, m->stats);
	if (rc == 0 && cancelled)
		rc = SM_EXIT_INTERRUPTED;
	else if (rc == 0 && run_failed(&run))
		rc = SM_EXIT_SAMPLE_FAILED;
	run_free(&run);
	return rc;
}

static int
main_run(int argc, char **argv, const char *argv0)
{
	struct main_run	m;
	struct sm_error	err;
	int		c, rc = 0;

	memset(&m, 0, sizeof m);
	m.copies[0] = 1;
	m.ncopies = 1;
	m.samples = 6;
	m.duration = 10;
	while (rc == 0 && (c = getopt(argc, argv, ":t:c:d:n:o:Fqsf:")) != -1) {
		if (c == ':')
			rc = main_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = main_usage_error("unknown option -%c", optopt);
		else
			rc = main_run_option(c, optarg, &m);
	}
	if (rc == 0 && optind < argc)
		rc = main_usage_error("run: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0 && m.benches == NULL &&
	    registry_parse(NULL, &m.benches, &m.nbench, &err) != 0)
		rc = main_input_error(&err);
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		rc = main_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	if (rc == 0)
		rc = main_check_out(&m);
	if (rc == 0)
		rc = main_execute(&m);
	free(m.benches);
	return rc;
}

/* ---- sysmark show, sysmark list ---- */

/*
 * Parse -f, and -s where stats is not NULL; returns the index of the first
 * operand or -1.
 */
static int
main_format_only(int argc, char **argv, enum table_format *fmt, int *stats)
{
	int	c;

	while ((c = getopt(argc, argv, stats != NULL ? ":f:s" : ":f:")) !=
	    -1) {
		if (c == ':') {
			main_usage_error("option -%c needs a value", optopt);
			return -1;
		}
		if (c == '?') {
			main_usage_error("unknown option -%c", optopt);
			return -1;
		}
		if (c == 's')
			*stats = 1;
		else if (main_parse_format(optarg, fmt) != 0)
			return -1;
	}
	return optind;
}

/*
 * Load the n runs or baselines args names into runs[], labelled by
 * names[] (both allocated); *k is how many to free.  0 or an exit status.
 */
static int
main_load_runs(char **args, int n, const char *argv0, struct run **runs,
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
		(*names)[*k] = paths_label(args[*k]);
		if (baseline_resolve(self[0] ? self : NULL, args[*k],
		    &(*runs)[*k], &err) != 0)
			rc = main_input_error(&err);
	}
	return rc;
}

static void
main_free_runs(struct run *runs, char **names, int k)
{
	for (int j = 0; j < k; j++) {
		run_free(&runs[j]);
		free(names[j]);
	}
	free(runs);
	free(names);
}

/* compare's options: -f, -a ALPHA, -e PERCENT; the first operand or -1. */
static int
main_compare_options(int argc, char **argv, enum table_format *fmt,
    struct compare_opts *o)
{
	double	v;
	int	c, rc = 0;

	while (rc == 0 && (c = getopt(argc, argv, ":f:a:e:")) != -1) {
		if (c == ':')
			rc = main_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = main_usage_error("unknown option -%c", optopt);
		else if (c == 'f')
			rc = main_parse_format(optarg, fmt);
		else if (c == 'a' && (sm_parse_double(optarg, &v) != 0 ||
		    v <= 0 || v >= 0.5))
			rc = main_usage_error("-a %s: alpha must be a number "
			    "above 0 and below 0.5", optarg);
		else if (c == 'a')
			o->alpha = v;
		else if (sm_parse_double(optarg, &v) != 0 || v < 0 ||
		    v >= 100)
			rc = main_usage_error("-e %s: the minimum effect must "
			    "be a percentage from 0 to below 100", optarg);
		else
			o->min_effect = v / 100;
	}
	return rc == 0 ? optind : -1;
}

/*
 * getopt that also takes operands between options, which POSIX getopt
 * does not: returns an option, 0 with *operand set, or -1 at the end.
 */
static int
main_getopt(int argc, char **argv, const char *opts, const char **operand)
{
	int	c;

	if (optind >= argc)
		return -1;
	if ((c = getopt(argc, argv, opts)) != -1)
		return c;
	if (optind >= argc)
		return -1;
	*operand = argv[optind++];
	return 0;
}

/*
 * getopt knows short options only: turn "--baseline NAME" into "-b NAME"
 * and "--baseline=NAME" into "-bNAME", in place.
 */
static void
main_long_baseline(int argc, char **argv)
{
	static char	 dash_b[] = "-b";
	const size_t	 len = strlen("--baseline");

	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--baseline") == 0)
			argv[i] = dash_b;
		else if (strncmp(argv[i], "--baseline=", len + 1) == 0)
			memmove(argv[i] + 2, argv[i] + len + 1,
			    strlen(argv[i] + len + 1) + 1);
		else
			continue;
		argv[i][0] = '-';
		argv[i][1] = 'b';
	}
}

/* The INDEX VALUES table of run against the baseline name. */
static int
main_print_index(const struct run *run, const char *name, const char *argv0,
    enum table_format fmt)
{
	struct run	 base;
	struct sm_error	 err;
	struct table	*t;
	char		 self[PATH_MAX], *label;
	int		 rc;

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	run_init(&base);
	if (baseline_resolve(self[0] ? self : NULL, name, &base, &err) != 0)
		return main_input_error(&err);
	label = paths_label(name);
	t = index_table(run, &base, label);
	if (fmt == TABLE_TEXT)
		putchar('\n');
	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	free(label);
	run_free(&base);
	return rc == 0 ? 0 : main_input_error(&err);
}

static int
main_show(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	const char		*baseline = NULL, *file = NULL;
	const char		*operand = NULL;
	struct sm_error		 err;
	struct run		 run;
	int			 c, rc, stats = 0;

	if (main_take_best(&argc, argv))
		return main_best(argc, argv, argv0);
	main_long_baseline(argc, argv);
	while ((c = main_getopt(argc, argv, ":f:b:s", &operand)) != -1) {
		if (c == 0) {
			if (file != NULL)
				return main_usage_error("show: name one saved "
				    "run");
			file = operand;
		} else if (c == ':')
			return main_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			return main_usage_error("unknown option -%c", optopt);
		else if (c == 'b')
			baseline = optarg;
		else if (c == 's')
			stats = 1;
		else if (main_parse_format(optarg, &fmt) != 0)
			return SM_EXIT_INPUT;
	}
	if (file == NULL)
		return main_usage_error("show: name one saved run");
	run_init(&run);
	if (csvstore_load(&run, file, &err) != 0)
		return main_input_error(&err);
	rc = main_print(&run, fmt, stats);
	if (rc == 0 && baseline != NULL)
		rc = main_print_index(&run, baseline, argv0, fmt);
	run_free(&run);
	return rc;
}

static int
main_compare(int argc, char **argv, const char *argv0)
{
	enum table_format	  fmt = TABLE_TEXT;
	struct compare_opts	  o;
	struct sm_error		  err;
	struct run		 *runs;
	char			**names;
	struct table		 *t;
	int			  i, n, k = 0, rc = 0;

	compare_opts_default(&o);
	if ((i = main_compare_options(argc, argv, &fmt, &o)) < 0)
		return SM_EXIT_INPUT;
	if ((n = argc - i) < 2)
		return main_usage_error("compare: name at least two runs or "
		    "baselines");
	rc = main_load_runs(argv + i, n, argv0, &runs, &names, &k);
	if (rc == 0) {
		const struct run **rp = xcalloc((size_t)n, sizeof *rp);

		for (int j = 0; j < n; j++)
			rp[j] = &runs[j];
		t = compare_table(rp, (const char *const *)names, (size_t)n,
		    &o);
		if (table_render(t, fmt, stdout, &err) != 0)
			rc = main_input_error(&err);
		table_free(t);
		free(rp);
	}
	main_free_runs(runs, names, k);
	return rc;
}

/*
 * Take --best (or -B) out of show's arguments, since getopt knows no
 * long options; 1 if it was there.
 */
static int
main_take_best(int *argc, char **argv)
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

/* lmbench 1.0's comparison to the best of the breed: runs, baselines. */
static int
main_best(int argc, char **argv, const char *argv0)
{
	enum table_format	  fmt = TABLE_TEXT;
	struct run		 *runs;
	const struct run	**rp;
	char			**names;
	struct table		**t;
	size_t			  nt;
	int			  i, n, k = 0, rc;

	if ((i = main_format_only(argc, argv, &fmt, NULL)) < 0)
		return SM_EXIT_INPUT;
	if ((n = argc - i) < 1)
		return main_usage_error("show --best: name runs or baselines");
	if ((rc = main_load_runs(argv + i, n, argv0, &runs, &names, &k)) != 0) {
		main_free_runs(runs, names, k);
		return rc;
	}
	rp = xcalloc((size_t)n, sizeof *rp);
	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	nt = best_tables(rp, (const char *const *)names, (size_t)n, &t);
	for (size_t j = 0; j < nt; j++) {
		if (rc == 0 && j > 0)
			putchar('\n');
		if (rc == 0)
			rc = main_render(t[j], fmt);
		else
			table_free(t[j]);
	}
	free(t);
	free(rp);
	main_free_runs(runs, names, k);
	return rc;
}

/* Print what the importer skipped, one line each, as warnings. */
static void
main_import_warnings(char **warn, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fprintf(stderr, "sysmark: warning: %s\n", warn[i]);
		free(warn[i]);
	}
	free(warn);
}

static int
main_import(int argc, char **argv, const char *argv0)
{
	struct main_run	 m;
	const char	*report = NULL, *operand = NULL;
	char		**warn;
	size_t		 nwarn;
	struct sm_error	 err;
	struct run	 run;
	int		 c, rc = 0;

	memset(&m, 0, sizeof m);
	while (rc == 0 &&
	    (c = main_getopt(argc, argv, ":o:Ff:qs", &operand)) != -1) {
		if (c == 0 && report != NULL)
			rc = main_usage_error("import: name one report");
		else if (c == 0)
			report = operand;
		else
			rc = main_run_option(c, optarg, &m);
	}
	if (rc == 0 && report == NULL)
		rc = main_usage_error("import: name the report to read");
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		m.self[0] = '\0';
	if (rc == 0)
		rc = main_check_out(&m);
	if (rc != 0)
		return rc;
	run_init(&run);
	rc = import_read(report, &run, &warn, &nwarn, &err);
	main_import_warnings(warn, nwarn);
	if (rc != 0)
		return main_input_error(&err);
	rc = main_save(&run, &m);
	if (rc == 0)
		rc = main_print(&run, m.fmt, m.stats);
	run_free(&run);
	return rc;
}

static int
main_list(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	struct table		*t;
	struct sm_error		 err;
	const char		*group = NULL;
	int			 i, rc;

	(void)argv0;
	if ((i = main_format_only(argc, argv, &fmt, NULL)) < 0)
		return SM_EXIT_INPUT;
	if (i != argc)
		return main_usage_error("list: unexpected argument \"%s\"",
		    argv[i]);
	t = table_new(NULL);
	table_add_col(t, "ID", TABLE_LEFT);
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "UNIT", TABLE_LEFT);
	table_add_col(t, "V", TABLE_RIGHT);
	table_add_col(t, "DESCRIPTION", TABLE_LEFT);
	for (size_t k = 0; registry_all[k] != NULL; k++) {
		const struct bench	*b = registry_all[k];
		size_t			 r;

		if (group == NULL || strcmp(group, b->group) != 0)
			table_add_section(t, "%s", group = b->group);
		r = table_add_row(t);
		table_set(t, r, 0, "%s", b->id);
		table_set(t, r, 1, "%s", b->title);
		table_set(t, r, 2, "%s", b->unit);
		table_set(t, r, 3, "%d", b->version);
		table_set(t, r, 4, "%s", b->desc);
	}
	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	return rc == 0 ? 0 : main_input_error(&err);
}

/* ---- sysmark console ---- */

/* The console, or on a terminal without cursor addressing its plain mode. */
static int
main_console(int argc, char **argv, const char *argv0)
{
	double	 hz = 1000.0 / UI_REFRESH_MS;
	char	**av;
	int	   c, n = 0, rc, eof;

	while ((c = getopt(argc, argv, ":r:")) != -1) {
		if (c == ':')
			return main_usage_error("option -%c needs a value",
			    optopt);
		if (c == '?')
			return main_usage_error("unknown option -%c", optopt);
		if (sm_parse_double(optarg, &hz) != 0 || hz < 0.1 || hz > 10)
			return main_usage_error("-r %s: updates a second "
			    "must be from 0.1 to 10", optarg);
	}
	if (optind < argc)
		return main_usage_error("console: unexpected argument \"%s\"",
		    argv[optind]);
	if (!ui_plain_terminal())
		return ui_main(argv0, (int)(1000 / hz));
	if ((av = ui_plain_ask(argv0, &eof)) == NULL && eof) {
		fprintf(stderr, "sysmark: console: the input ended before a "
		    "run was chosen; nothing was run\n");
		return SM_EXIT_INPUT;
	}
	if (av == NULL)
		return SM_EXIT_OK;
	while (av[n] != NULL)
		n++;
	optind = 1;
	rc = main_run(n, av, argv0);
	for (int i = 0; i < n; i++)
		free(av[i]);
	free(av);
	return rc;
}

/* The subcommands: sysmark NAME ... calls fn(argc - 1, argv + 1, argv0). */
static const struct main_cmd {
	const char	*name;
	int		 (*fn)(int, char **, const char *);
} main_cmds[] = {
	{ "run", main_run },
	{ "show", main_show },
	{ "list", main_list },
	{ "import", main_import },
	{ "compare", main_compare },
	{ "console", main_console },
};

int
main(int argc, char **argv)
{
	bench_execl_chain(argc, argv);
	if (argc < 2 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return main_console(argc, argv, argv[0]);
	if (argc < 2) {
		fputs("sysmark: no command given\n", stderr);
		fputs(main_usage, stderr);
		return SM_EXIT_INPUT;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		fputs(main_usage, stdout);
		return SM_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("sysmark %s\n", SYSMARK_VERSION);
		return SM_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
		if (strcmp(argv[1], main_cmds[i].name) == 0)
			return main_cmds[i].fn(argc - 1, argv + 1, argv[0]);
	return main_usage_error("unknown command \"%s\"", argv[1]);
}
