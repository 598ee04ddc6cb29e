/*
 * The sysmark command line: parse the arguments, call the core, print what
 * it returns.  Every subcommand is headless, for scripts and CI; the
 * console will sit beside them on the same core.  No measuring and no
 * arithmetic happens here, so the CLI and the console cannot disagree.
 *
 * Exit statuses: 0 all well, 1 a sample failed, 2 usage or input error,
 * 3 the run is saved in a fallback file, not where asked, 4 it could be
 * saved nowhere and was written to stderr, 130 interrupted.
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

/* run -C's time cap unless -T says otherwise, in seconds. */
#define MAIN_TIME_CAP		600.0

/* Set by SIGINT, SIGTERM and SIGHUP; the run loop cancels the run. */
static volatile sig_atomic_t main_stop;

struct main_run {
	const struct bench	**benches;
	size_t			  nbench;
	int			  copies[16];
	size_t			  ncopies;
	int			  samples;
	double			  duration;
	int			  repeats;
	enum runner_order	  order;
	double			  target;	/* -C, a fraction */
	double			  time_cap;	/* -T */
	double			  gap;		/* calibrate -g */
	const char		 *baseline;	/* -b: index, -C's aim */
	struct run		  base;
	int			  calibrate;
	const char		 *out;
	int			  force;
	int			  quiet;
	int			  stats;
	enum table_format	  fmt;
	char			  self[PATH_MAX];
	const struct mix	 *mix;		/* sysmark users: the mix */
	struct bench		  users;	/* ...run as this test */
	int			  users_given;	/* -u, else the mix's own */
};

static const char main_usage[] =
"usage: sysmark [--help | --version]\n"
"       sysmark [console [-r UPDATES_PER_SECOND]]\n"
"       sysmark list [-f text|csv|md]\n"
"       sysmark run [-t ID,...] [-c COPIES,...] [-d SECONDS] [-n SAMPLES]\n"
"                   [-R REPEATS] [-C PERCENT [-T SECONDS]] [-b NAME]\n"
"                   [--order grouped|interleaved]\n"
"                   [-o FILE] [-F] [-q] [-s] [-f text|csv|md]\n"
"       sysmark calibrate [-t ID,...] [-c COPIES,...] [-d SECONDS]\n"
"                   [-n SAMPLES] [-R REPEATS] [-g SECONDS] [-q]\n"
"       sysmark show [-s] [-f text|csv|md] [-b | --baseline NAME] FILE\n"
"       sysmark show --best|-B [-f text|csv|md] RUN_OR_BASELINE...\n"
"       sysmark import [-o FILE] [-F] [-s] [-f text|csv|md] REPORT\n"
"       sysmark compare [-f text|csv|md] [-a ALPHA] [-e PERCENT]\n"
"                   [-p PROFILE|none] RUN RUN... | OLD... -- NEW...\n"
"       sysmark users [-u USERS,...] [-d SECONDS] [-n SAMPLES] [-o FILE] [-F]\n"
"                     [-q] [-f text|csv|md] MIX\n"
"\n"
"  -t ID,...      tests to run (default: all; `sysmark list` shows them)\n"
"  -c COPIES,...  copies run at once, e.g. 1,cpus (default 1); scale is\n"
"                 1, 2, 4, ... up to twice the CPUs\n"
"  -u USERS,...   users: simulated users at once, e.g. 1,2,4,8 (1 to 256)\n"
"  -d SECONDS     length of one sample, 0.1 to 86400 (default 10); the\n"
"                 lmbench-style tests (lat_*, bw_*) take the median of\n"
"                 11 calibrated batches of at least 10 ms per sample\n"
"  -n SAMPLES     samples per test and copies value (default 6), after\n"
"                 one warm-up sample that is shown but not counted\n"
"  -R REPEATS     repeat the whole plan, in one file (default 1;\n"
"                 calibrate: 3); compare judges on the repeats' means\n"
"  -C PERCENT     keep taking rounds until every test's 95% interval\n"
"                 is within PERCENT of its mean (with -b: the index's)\n"
"  -T SECONDS     -C's time cap (default 600)\n"
"  -g SECONDS     calibrate: pause between repeats (default: spread\n"
"                 them over 5 minutes)\n"
"  --order ORDER  interleaved (default): rounds in a shuffled order,\n"
"                 seed in the run's meta; grouped: test by test\n"
"  -o FILE        save the run here (default results/HOST-DATE.csv)\n"
"  -F             replace FILE if it exists\n"
"  -q             no progress on stderr\n"
"  -s             also print every statistic: n, mean, median, min, max, sd\n"
"  -f FORMAT      table format: text, csv or md\n"
"  -b NAME        also print the INDEX VALUES table against a baseline\n"
"                 (a name in baselines/, e.g. byte-3.11, or a run file)\n"
"  -a ALPHA       compare: significance level (default 0.05)\n"
"  -e PERCENT     compare: smallest change that counts (default 1)\n"
"  -p PROFILE     compare: the host noise profile (default: the\n"
"                 runs' host's noise-HOST.csv beside the results)\n"
"  -r N           console: screen updates a second while tests run\n"
"                 (default 2)\n"
"  --best, -B     show: lmbench's comparison to the best of the breed\n"
"\n"
"users runs MIX (a file, or a name in mixes/) at 1, 2, 4 and 8 users (or\n"
"the mix's own users row), 3 samples of 10 s each by default, and reports\n"
"the response time of each step as users are added.\n"
"compare OLD NEW ranks the tests by change, best first; with three or\n"
"more runs it prints them side by side, each against the first;\n"
"OLD... -- NEW... compares two sides of several runs each.\n"
"calibrate measures this host's run-to-run noise (an A/A run) and\n"
"saves it as results/noise-HOST.csv for compare.\n"
"With no command on a terminal, sysmark starts the console.\n";

static int
main_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int	main_take_best(int *, char **);
static int	main_getopt(int, char **, const char *, const char **);
static void	main_long_opt(int, char **, const char *, char);
static int	main_load_baseline(const char *, const char *, struct run *);
static int	main_index(const struct run *, const struct run *,
		    const char *, enum table_format);
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

/* The first signal stops the run and keeps it; a second ends sysmark. */
static void
main_on_signal(int sig)
{
	(void)sig;
	if (main_stop)
		_exit(SM_EXIT_INTERRUPTED);
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

/* -n SAMPLES and -R REPEATS: a whole number from 1 to max. */
static int
main_run_count(int c, const char *arg, const char *what, int max, int *out)
{
	long	n;

	if (sm_parse_int(arg, 1, max, &n) != 0)
		return main_usage_error("-%c %s: %s must be a whole number "
		    "from 1 to %d", c, arg, what, max);
	*out = (int)n;
	return 0;
}

/* -C PERCENT, -T SECONDS and -g SECONDS. */
static int
main_run_number(int c, const char *arg, struct main_run *m)
{
	double	v;

	if (sm_parse_double(arg, &v) != 0 || !isfinite(v))
		v = -1;
	if (c == 'C' && (v <= 0 || v >= 100))
		return main_usage_error("-C %s: the target must be a "
		    "percentage above 0 and below 100", arg);
	if (c != 'C' && (v < 0 || v > RUNNER_MAX_DURATION))
		return main_usage_error("-%c %s: must be a number of seconds "
		    "from 0 to %g", c, arg, RUNNER_MAX_DURATION);
	if (c == 'C')
		m->target = v / 100;
	else if (c == 'T')
		m->time_cap = v;
	else
		m->gap = v;
	return 0;
}

static int
main_run_option(int c, const char *arg, struct main_run *m)
{
	struct sm_error	err;

	switch (c) {
	case 't':
		free(m->benches);
		m->benches = NULL;
		/* registry_parse() reads "" as everything; -t "" is a slip. */
		if (*arg == '\0')
			return main_usage_error("-t \"\": name at least one "
			    "test (sysmark list shows them)");
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
		return main_run_count(c, arg, "samples", RUNNER_MAX_SAMPLES,
		    &m->samples);
	case 'R':
		return main_run_count(c, arg, "repeats", RUNNER_MAX_REPEATS,
		    &m->repeats);
	case 'O':
		if (strcmp(arg, "grouped") == 0)
			m->order = RUNNER_ORDER_GROUPED;
		else if (strcmp(arg, "interleaved") == 0)
			m->order = RUNNER_ORDER_INTERLEAVED;
		else
			return main_usage_error("--order %s: the order is "
			    "grouped or interleaved", arg);
		return 0;
	case 'C':
	case 'T':
	case 'g':
		return main_run_number(c, arg, m);
	case 'b':
		m->baseline = arg;
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

/* "10 s" or "0.5 s", from a static buffer: one call per expression. */
static const char *
main_secs(double d)
{
	static char	buf[32];

	snprintf(buf, sizeof buf, "%g s", d);
	return buf;
}

/* The plan, a line per test and copies value, before interleaved rounds. */
static void
main_progress_plan(const struct main_run *m)
{
	for (size_t b = 0; b < m->nbench; b++)
		for (size_t c = 0; c < m->ncopies; c++)
			fprintf(stderr, "%s: %s, %d %s, %d x %s + warm-up%s\n",
			    m->benches[b]->id, m->benches[b]->title,
			    m->copies[c], m->copies[c] == 1 ? "copy" :
			    "copies", m->samples, m->benches[b]->timing ==
			    BENCH_CALIBRATED ? "the median of 11 batches" :
			    main_secs(m->duration), m->repeats > 1 ?
			    ", each repeat" : "");
	fprintf(stderr, "in interleaved rounds%s\n", m->target > 0 ?
	    ", more while an interval is wider than -C" : "");
}

/* Interleaved: a line per sample, naming its test, round and repeat. */
static void
main_progress_rounds(const struct main_run *m, const struct runner_event *ev)
{
	char	v[64], rep[32] = "", what[32] = "warm-up";

	if (ev->repeat > 1)
		snprintf(rep, sizeof rep, "repeat %d: ", ev->repeat);
	if (ev->sample > ev->nsamples)
		snprintf(what, sizeof what, "sample %d (-C)", ev->sample);
	else if (ev->sample != RUN_WARMUP)
		snprintf(what, sizeof what, "sample %d/%d", ev->sample,
		    ev->nsamples);
	switch (ev->type) {
	case RUNNER_EV_RUN_START:
		main_progress_plan(m);
		break;
	case RUNNER_EV_SAMPLE:
		label_value(ev->rs->value, v, sizeof v);
		fprintf(stderr, "  %s%s, %d %s, %s: %s %s\n", rep,
		    ev->bench->id, ev->copies, ev->copies == 1 ? "copy" :
		    "copies", what, v, ev->rs->unit);
		break;
	case RUNNER_EV_ERROR:
	case RUNNER_EV_SKIPPED:
		fprintf(stderr, "  %s%s, sample %d %s: %s\n", rep,
		    ev->bench->id, ev->sample, ev->type == RUNNER_EV_ERROR ?
		    "FAILED" : "skipped", ev->msg);
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

/* Progress for a person watching stderr: a line per sample. */
static void
main_progress(const struct runner_event *ev, void *arg)
{
	const struct main_run	*m = arg;
	char			 v[64];

	if (m->quiet)
		return;
	if (m->order == RUNNER_ORDER_INTERLEAVED) {
		main_progress_rounds(m, ev);
		return;
	}
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
		label_value(ev->rs->value, v, sizeof v);
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
		label_value(ev->stats->mean, v, sizeof v);
		fprintf(stderr, "  mean %s %s, +/- %.1f%%, CV %.1f%%\n", v,
		    ev->bench->unit, 100 * ev->stats->ci /
		    fabs(ev->stats->mean), 100 * ev->stats->cv);
		break;
	case RUNNER_EV_SKIPPED:
		fprintf(stderr, "  skipped: %s\n", ev->msg);
		break;
	case RUNNER_EV_FINISHED:
		if (ev->msg != NULL)
			fprintf(stderr, "the run stops: a copy would not die; "
			    "its files are left in %s\n", ev->msg);
		if (ev->cancelled)
			fprintf(stderr, "interrupted: the samples finished so "
			    "far are kept\n");
		break;
	default:
		break;
	}
}

/* Refuse a target that cannot take the run before spending the run on it. */
static int
main_check_out(const struct main_run *m)
{
	struct sm_error	err;

	if (save_check(m->self, m->out, m->force, &err) == 0)
		return 0;
	if (m->out == NULL)
		return main_input_error(&err);
	return main_usage_error("-o: %s", err.msg);
}

static void
main_warn_idle(const struct main_run *m)
{
	char	msg[256];

	if (!m->quiet && sysinfo_not_idle(msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
}

/*
 * Save the run: where asked, else in a fallback file, else onto stderr.
 * 0, or the exit status that says where the run went.
 */
static int
main_save(const struct run *run, const struct main_run *m)
{
	struct sm_error	err;
	char		path[PATH_MAX];

	switch (save_run(run, m->self, m->out, m->force, path, sizeof path,
	    &err)) {
	case SAVE_OK:
		if (!m->quiet)
			fprintf(stderr, "saved %s\n", path);
		return 0;
	case SAVE_FALLBACK:
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

static int
main_render(struct table *t, enum table_format fmt)
{
	struct sm_error	err;
	int		rc;

	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	return rc == 0 ? 0 : main_input_error(&err);
}

/*
 * Render tables one after another, a blank line between them (and before
 * the first with lead), and free them; rc is the status so far.
 */
static int
main_render_all(struct table **t, size_t n, enum table_format fmt, int rc,
    int lead)
{
	for (size_t i = 0; i < n; i++) {
		if (rc == 0 && (lead || i > 0))
			putchar('\n');
		if (rc == 0)
			rc = main_render(t[i], fmt);
		else
			table_free(t[i]);
	}
	free(t);
	return rc;
}

/* The results table, with stats every statistic, then the curves. */
static int
main_print(const struct run *run, enum table_format fmt, int stats)
{
	struct table	**curves;
	size_t		  n;
	int		  rc = main_render(report_results(run, 1), fmt);

	if (rc == 0 && stats) {
		putchar('\n');
		rc = main_render(report_stats(run), fmt);
	}
	n = curves_tables(run, &curves);
	return main_render_all(curves, n, fmt, rc, 1);
}

static int
main_execute(struct main_run *m)
{
	struct runner_plan	 plan;
	struct runner		*r;
	struct run		 run;
	struct sm_error		 err;
	char			 msg[200];
	int			 cancelled, rc, save;

	memset(&plan, 0, sizeof plan);
	plan.benches = m->benches;
	plan.nbench = m->nbench;
	plan.copies = m->copies;
	plan.ncopies = m->ncopies;
	plan.samples = m->samples;
	plan.duration = m->duration;
	plan.grace = runner_default_grace(m->duration);
	plan.self_exe = m->self;
	plan.order = m->order;
	plan.warmup = 1;
	plan.repeats = m->repeats;
	plan.gap = m->gap;
	plan.target = m->target;
	plan.time_cap = m->target > 0 ? m->time_cap : 0;
	plan.index_base = m->baseline != NULL ? &m->base : NULL;
	run_init(&run);
	sysinfo_collect(&run);
	if (m->mix != NULL)
		users_plan(&plan, &m->users, m->mix, &run);
	if (m->calibrate)
		run_meta_set(&run, "kind", "noise-profile");
	main_warn_idle(m);
	if (!m->quiet && runner_crowded(&plan, msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
	main_signals();
	if ((r = runner_start(&plan, &run, main_progress, m, &err)) == NULL) {
		run_free(&run);
		return main_input_error(&err);
	}
	cancelled = runner_wait(r, &main_stop);
	runner_free(r);
	runner_note_plan(&plan, &run, cancelled);
	/* The table is printed whatever became of the save. */
	save = run.nsamples > 0 ? main_save(&run, m) : 0;
	rc = main_print(&run, m->fmt, m->stats);
	if (rc == 0 && m->baseline != NULL)
		rc = main_index(&run, &m->base, m->baseline, m->fmt);
	if (rc == 0 && m->calibrate) {
		putchar('\n');
		rc = main_render(noise_table(&run), m->fmt);
	}
	if (save != 0)
		rc = save;
	else if (rc == 0 && cancelled)
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
	m.order = RUNNER_ORDER_INTERLEAVED;
	m.time_cap = MAIN_TIME_CAP;
	run_init(&m.base);
	main_long_opt(argc, argv, "--order", 'O');
	while (rc == 0 && (c = getopt(argc, argv,
	    ":t:c:d:n:R:C:T:b:O:o:Fqsf:")) != -1) {
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
	if (rc == 0 && m.baseline != NULL)
		rc = main_load_baseline(m.baseline, argv0, &m.base);
	if (rc == 0)
		rc = main_execute(&m);
	free(m.benches);
	run_free(&m.base);
	return rc;
}

/*
 * sysmark calibrate: run's plan as an A/A run of at least 3 repeats,
 * spread over five minutes unless -g says otherwise, saved as the host's
 * noise profile (replacing the last one).
 */
static int
main_calibrate(int argc, char **argv, const char *argv0)
{
	struct main_run	m;
	struct sm_error	err;
	struct runner_plan plan;
	char		path[PATH_MAX], host[256];
	int		c, rc = 0, gap_set = 0;

	memset(&m, 0, sizeof m);
	m.copies[0] = 1;
	m.ncopies = 1;
	m.samples = 6;
	m.duration = 10;
	m.repeats = NOISE_REPEATS;
	m.order = RUNNER_ORDER_INTERLEAVED;
	m.calibrate = 1;
	m.force = 1;
	run_init(&m.base);
	while (rc == 0 && (c = getopt(argc, argv, ":t:c:d:n:R:g:q")) != -1) {
		gap_set |= c == 'g';
		rc = main_run_option(c, optarg, &m);
	}
	if (rc == 0 && optind < argc)
		rc = main_usage_error("calibrate: unexpected argument \"%s\"",
		    argv[optind]);
	if (rc == 0 && m.repeats < 2)
		rc = main_usage_error("-R %d: calibrate needs at least 2 "
		    "repeats to see the spread between them", m.repeats);
	if (rc == 0 && m.benches == NULL &&
	    registry_parse(NULL, &m.benches, &m.nbench, &err) != 0)
		rc = main_input_error(&err);
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		rc = main_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	if (rc == 0 && gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "unknown");
	host[sizeof host - 1] = '\0';
	if (rc == 0 && noise_path(m.self, host, path, sizeof path, &err) != 0)
		rc = main_input_error(&err);
	if (rc == 0) {
		memset(&plan, 0, sizeof plan);
		plan.nbench = m.nbench;
		plan.ncopies = m.ncopies;
		plan.samples = m.samples;
		plan.duration = m.duration;
		plan.warmup = 1;
		noise_plan(&plan, m.repeats, gap_set ? m.gap : -1);
		m.gap = plan.gap;
	}
	m.out = path;
	if (rc == 0)
		rc = main_execute(&m);
	free(m.benches);
	return rc;
}

/* ---- sysmark users ---- */

static int
main_users_option(int c, const char *arg, struct main_run *m)
{
	struct sm_error	err;

	if (c == 'u') {
		m->users_given = 1;
		if (mix_parse_users(arg, m->copies, sizeof m->copies /
		    sizeof m->copies[0], &m->ncopies, &err) != 0)
			return main_usage_error("-u %s", err.msg);
		return 0;
	}
	if (c == 't' || c == 'c' || c == 's')
		return main_usage_error("unknown option -%c", c);
	return main_run_option(c, arg, m);
}

/* sysmark users MIX -u 1,2,4,8: the mix run by that many users at once. */
static int
main_users(int argc, char **argv, const char *argv0)
{
	struct main_run	 m;
	struct mix	 mix;
	struct sm_error	 err;
	const char	*arg = NULL, *operand = NULL;
	int		 c, rc = 0;

	memset(&m, 0, sizeof m);
	memset(&mix, 0, sizeof mix);
	for (m.ncopies = 0; m.ncopies < 4; m.ncopies++)
		m.copies[m.ncopies] = 1 << m.ncopies;	/* 1, 2, 4, 8 */
	m.samples = 3;
	m.duration = 10;
	while (rc == 0 && (c = main_getopt(argc, argv, ":u:d:n:o:Fqf:",
	    &operand)) != -1) {
		if (c == 0 && arg != NULL)
			rc = main_usage_error("users: name one mix");
		else if (c == 0)
			arg = operand;
		else if (c == ':')
			rc = main_usage_error("option -%c needs a value",
			    optopt);
		else if (c == '?')
			rc = main_usage_error("unknown option -%c", optopt);
		else
			rc = main_users_option(c, optarg, &m);
	}
	if (rc == 0 && arg == NULL)
		rc = main_usage_error("users: name a mix (a file, or a name "
		    "in mixes/)");
	if (rc == 0 && paths_self_exe(argv0, m.self, sizeof m.self) != 0)
		rc = main_usage_error("cannot find the sysmark binary's own "
		    "path (%s)", argv0);
	if (rc == 0 && mix_load(&mix, m.self, arg, &err) != 0)
		rc = main_input_error(&err);
	if (rc == 0)
		rc = main_check_out(&m);
	if (rc == 0 && !m.users_given && mix.nusers > 0) {
		memcpy(m.copies, mix.users, mix.nusers * sizeof *mix.users);
		m.ncopies = mix.nusers;
	}
	if (rc == 0) {
		m.mix = &mix;
		m.benches = xcalloc(1, sizeof *m.benches);
		m.benches[0] = &m.users;
		m.nbench = 1;
		rc = main_execute(&m);
	}
	free(m.benches);
	mix_free(&mix);
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

/*
 * compare's options: -f, -a ALPHA, -e PERCENT, -p PROFILE; the first
 * operand or -1.  '+' stops at the first operand, so that a "--" between
 * the sides stays where it is.
 */
static int
main_compare_options(int argc, char **argv, enum table_format *fmt,
    struct compare_opts *o, const char **profile)
{
	double	v;
	int	c, rc = 0;

	while (rc == 0 && (c = getopt(argc, argv, "+:f:a:e:p:")) != -1) {
		if (c == 'p')
			*profile = optarg;
		else if (c == ':')
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
 * getopt knows short options only: turn "--NAME VALUE" into "-c VALUE"
 * and "--NAME=VALUE" into "-cVALUE", in place, before any "--".
 */
static void
main_long_opt(int argc, char **argv, const char *name, char c)
{
	const size_t	len = strlen(name);

	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], name) == 0)
			argv[i][2] = '\0';
		else if (strncmp(argv[i], name, len) == 0 &&
		    argv[i][len] == '=')
			memmove(argv[i] + 2, argv[i] + len + 1,
			    strlen(argv[i] + len + 1) + 1);
		else
			continue;
		argv[i][0] = '-';
		argv[i][1] = c;
	}
}

/* Load the baseline (or run) name into *base; 0 or an exit status. */
static int
main_load_baseline(const char *name, const char *argv0, struct run *base)
{
	struct sm_error	err;
	char		self[PATH_MAX];

	if (paths_self_exe(argv0, self, sizeof self) != 0)
		self[0] = '\0';
	run_init(base);
	if (baseline_resolve(self[0] ? self : NULL, name, base, &err) != 0)
		return main_input_error(&err);
	return 0;
}

/* The INDEX VALUES table of run against base, named name. */
static int
main_index(const struct run *run, const struct run *base, const char *name,
    enum table_format fmt)
{
	struct sm_error	 err;
	struct table	*t;
	char		*label = paths_label(name);
	int		 rc;

	t = index_table(run, base, label);
	if (fmt == TABLE_TEXT)
		putchar('\n');
	rc = table_render(t, fmt, stdout, &err);
	table_free(t);
	free(label);
	return rc == 0 ? 0 : main_input_error(&err);
}

static int
main_show(int argc, char **argv, const char *argv0)
{
	enum table_format	 fmt = TABLE_TEXT;
	const char		*baseline = NULL, *file = NULL;
	const char		*operand = NULL;
	struct sm_error		 err;
	struct run		 run, base;
	int			 c, rc, stats = 0;

	if (main_take_best(&argc, argv))
		return main_best(argc, argv, argv0);
	main_long_opt(argc, argv, "--baseline", 'b');
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
	if (rc == 0 && baseline != NULL &&
	    (rc = main_load_baseline(baseline, argv0, &base)) == 0) {
		rc = main_index(&run, &base, baseline, fmt);
		run_free(&base);
	}
	run_free(&run);
	return rc;
}

/*
 * The host profile compare widens one-run-a-side intervals with: -p's
 * file, none with -p none, else the runs' host's noise-HOST.csv.
 */
static int
main_profile(const char *arg, const char *argv0, const struct run *runs,
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
			return main_input_error(&err);
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
main_split(char **args, int n)
{
	for (int j = 0; j < n; j++)
		if (strcmp(args[j], "--") == 0)
			return j;
	return -1;
}

static struct table *
main_compare_table(const struct run *runs, char **names, int n, int split,
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
main_compare_curves(const struct run *runs, char **names, int n,
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
	return main_render_all(curves, nc, fmt, rc, 1);
}

static int
main_compare(int argc, char **argv, const char *argv0)
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
	if ((i = main_compare_options(argc, argv, &fmt, &o, &parg)) < 0)
		return SM_EXIT_INPUT;
	args = argv + i;
	n = argc - i;
	if ((split = main_split(args, n)) >= 0) {
		memmove(&args[split], &args[split + 1], (size_t)(n - split) *
		    sizeof *args);
		n--;
		if (split == 0 || split == n)
			return main_usage_error("compare: name at least one "
			    "run on each side of --");
	}
	if (n < 2)
		return main_usage_error("compare: name at least two runs or "
		    "baselines");
	rc = main_load_runs(args, n, argv0, &runs, &names, &k);
	if (rc == 0 && (have = main_profile(parg, argv0, runs, n, &profile,
	    pname, sizeof pname)) > 1)
		rc = have;
	else if (rc == 0) {
		o.wide = fmt != TABLE_TEXT;
		o.profile = have ? &profile : NULL;
		o.profile_name = pname;
		t = main_compare_table(runs, names, n, split, &o);
		if (table_render(t, fmt, stdout, &err) != 0)
			rc = main_input_error(&err);
		table_free(t);
		run_free(&profile);
		rc = main_compare_curves(runs, names, n, fmt, rc);
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
	rc = main_render_all(t, nt, fmt, rc, 0);
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
	int		 c, rc = 0, save;

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
	save = main_save(&run, &m);
	rc = main_print(&run, m.fmt, m.stats);
	run_free(&run);
	return save != 0 ? save : rc;
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
	{ "calibrate", main_calibrate },
	{ "users", main_users },
	{ "console", main_console },
};

int
main(int argc, char **argv)
{
	/* Past RLIMIT_FSIZE a write fails (EFBIG) and a save falls back. */
	signal(SIGXFSZ, SIG_IGN);
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
