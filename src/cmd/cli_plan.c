/*
 * The tests -g and --preset choose beside -t (run and run --hosts).  The
 * plan said before it is measured: the tests, their samples and the
 * estimated time (plan_estimate()), printed by run, calibrate and users
 * and by run --dry-run alone; and run's consent to a long plan: on a
 * terminal it asks before one over CMD_PLAN_ASK_S, as the console does,
 * and without one (or under -q) it starts one over CMD_PLAN_BATCH_S only
 * with --yes, never waiting on a prompt nobody sees.  Every question
 * waits CMD_PLAN_ANSWER_S at most.
 *
 * A run planned from the host noise profile (sysmark calibrate): run
 * --detect PERCENT picks the repeats and samples at which a comparison of
 * two such runs, or of several such runs a side taken in turn, would find
 * a change of PERCENT with 80% power (core/plan/detect.c), says how long that
 * takes, and asks when a side takes longer than -T (or refuses under -q);
 * and run -b NAME -C PERCENT is told before it starts when more samples of
 * one run cannot bring the index's interval within PERCENT, with the
 * repeats that could.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"

/* This host's profile into *profile (initialised here); 1 if there is one. */
int
cli_plan_profile(const struct cmd_opts *m, struct run *profile, char *name,
    size_t len)
{
	struct run	 host;
	const struct run *hp = &host;
	char		 h[256];
	int		 found;

	run_init(&host);
	sysinfo_hostname(h, sizeof h);
	run_meta_set(&host, "hostname", h);
	found = cmd_noise_find(m->self, &hp, 1, profile, name, len);
	run_free(&host);
	return found;
}

/* Say why --detect will not run; the exit status. */
static int
cli_plan_refuse(const char *fmt, ...)
{
	struct sm_error	err;
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(err.msg, sizeof err.msg, fmt, ap);
	va_end(ap);
	return cmd_input_error(&err);
}

/* A plan longer than this asks first on a terminal (the console's 3 min). */
#define CMD_PLAN_ASK_S		180.0
/* ...and without a terminal needs --yes. */
#define CMD_PLAN_BATCH_S	1800.0
/* How long a question waits for its answer. */
#define CMD_PLAN_ANSWER_S	120

/* 1 if a person can be asked: stdin and stderr are a terminal. */
static int
cli_plan_tty(void)
{
	return isatty(STDIN_FILENO) && isatty(STDERR_FILENO);
}

/*
 * Ask question on the terminal; 1 for yes.  No answer within
 * CMD_PLAN_ANSWER_S is no, and without a terminal nothing is asked.
 */
static int
cli_plan_ask(const char *question)
{
	struct pollfd	pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	char		line[16];

	if (!cli_plan_tty())
		return 0;
	fprintf(stderr, "%s [y/N] ", question);
	if (poll(&pfd, 1, CMD_PLAN_ANSWER_S * 1000) != 1) {
		fprintf(stderr, "\nno answer in %d s\n", CMD_PLAN_ANSWER_S);
		return 0;
	}
	if (fgets(line, sizeof line, stdin) == NULL)
		return 0;
	return line[0] == 'y' || line[0] == 'Y';
}

/* --detect's duration: the profile's, whose spread was measured at it. */
static void
cli_plan_duration(struct cmd_opts *m, const struct run *profile,
    int duration_given)
{
	const char	*d = run_meta_get(profile, "duration");
	double		 pd;

	if (d == NULL || sm_parse_double(d, &pd) != 0 || pd == m->plan.duration)
		return;
	if (!duration_given)
		m->plan.duration = pd;
	else if (!m->quiet)
		fprintf(stderr, "warning: -d %g: the profile was measured at "
		    "%g s a sample; its spread may not hold at %g s\n",
		    m->plan.duration, pd, m->plan.duration);
}

/* What --detect chose: the options of a run, the runs a side, the time. */
static void
cli_plan_chose(const struct cmd_opts *m, const struct detect_choice *c,
    char *buf, size_t len)
{
	char	opts[64];

	snprintf(opts, sizeof opts, "-R %d -n %d (%g s a sample)", c->repeats,
	    c->samples, m->plan.duration);
	if (c->runs > 1)
		snprintf(buf, len, "%d runs a side of %s, each side's runs "
		    "taken in turn with the other side's (A B A B ...) and "
		    "compared as compare A... -- B..., find", c->runs, opts);
	else
		snprintf(buf, len, "%s find", opts);
	snprintf(buf + strlen(buf), len - strlen(buf), " a change of %g%% "
	    "with 80%% power for every test (the hardest, %s, at %.1f%%)",
	    100 * m->detect, c->worst_test, 100 * c->worst);
}

/*
 * What compare will judge the planned sides by, as its basis column
 * says it: the profile (one run a side), or each side's own runs.
 */
static const char *
cli_plan_basis(const struct detect_choice *c, const char *pname)
{
	static char	buf[PATH_MAX + 128];

	if (c->level == SIGNIF_LEVEL_PROFILE)
		snprintf(buf, sizeof buf, "as compare -p will, against the "
		    "host profile %s", pname);
	else if (c->runs > 1)
		snprintf(buf, sizeof buf, "as compare will, by the spread of "
		    "each side's own runs (basis runs; the host profile %s "
		    "predicts it)", pname);
	else
		snprintf(buf, sizeof buf, "as compare will, by the spread of "
		    "stretches of each run's repeats (basis runs; the host "
		    "profile %s predicts it)", pname);
	return buf;
}

/*
 * Whether the profile may plan: refused past NOISE_MAX_AGE, and a
 * warning when it is old, made under another load, or of so few repeats
 * that its own uncertainty moves the promise by more than a quarter.
 * 0, or the exit status of a refusal.
 */
static int
cli_plan_fresh(const struct cmd_opts *m, const struct run *profile)
{
	struct estimate	e;
	char		msg[512];
	double		lo, hi;
	int		rc;

	rc = noise_stale(profile, (long long)time(NULL), sysinfo_loadavg(),
	    msg, sizeof msg);
	if (rc == 2)
		return cli_plan_refuse("--detect: %s", msg);
	if (rc == 1 && !m->quiet)
		fprintf(stderr, "warning: --detect: %s\n", msg);
	if (m->quiet || m->plan.nbench == 0)
		return 0;
	estimate_run(profile, &(struct run_group){ m->plan.benches[0]->id,
	    m->plan.copies[0] }, &e);
	if (e.units < 2)
		return 0;
	noise_promise_range((double)e.units - 1, &lo, &hi);
	if (lo < 0.75 || hi > 1.25)
		fprintf(stderr, "warning: --detect: the profile's %zu repeats "
		    "estimate its spread only so well: in 80%% of such "
		    "profiles the comparisons report %.2f to %.2f times the "
		    "change promised (calibrate -R %d for within 25%%)\n",
		    e.units, lo, hi, noise_repeats_for(0.25));
	return 0;
}

/* Say what --detect chose, and whether to go on; 0 or an exit status. */
static int
cli_plan_confirm(const struct cmd_opts *m, const struct detect_choice *c,
    const char *pname)
{
	char	secs[32], side[32], chose[512], runs[32];

	detect_secs(c->run_seconds, secs, sizeof secs);
	detect_secs(c->seconds, side, sizeof side);
	cli_plan_chose(m, c, chose, sizeof chose);
	if (!m->quiet && c->runs > 1)
		fprintf(stderr, "run --detect %g%%: %s, judged %s; this run "
		    "is one of them, about %s a run, %s a side.\n",
		    100 * m->detect, chose, cli_plan_basis(c, pname), secs,
		    side);
	else if (!m->quiet)
		fprintf(stderr, "run --detect %g%%: %s, judged %s; about %s "
		    "a run, and a comparison needs two.\n", 100 * m->detect,
		    chose, cli_plan_basis(c, pname), secs);
	/* What a side costs, though this run is one of its runs. */
	if (m->plan.time_cap <= 0 || c->seconds <= m->plan.time_cap)
		return 0;
	if (m->yes || (!m->quiet && cli_plan_ask("Go on?")))
		return 0;
	runs[0] = '\0';
	if (c->runs > 1)
		snprintf(runs, sizeof runs, "%d runs a side of ", c->runs);
	return cli_plan_refuse("run --detect %g%%: %s-R %d -n %d would take "
	    "about %s, longer than -T %g s; raise -T, choose fewer tests, or "
	    "accept a larger change", 100 * m->detect, runs, c->repeats,
	    c->samples, side, m->plan.time_cap);
}

/* One line of the plan: a test at one copies value. */
static void
cli_plan_line(const struct cmd_opts *m, const struct bench *b, int copies,
    FILE *fp)
{
	char	each[32], *title;

	if (b->timing == BENCH_CALIBRATED)
		snprintf(each, sizeof each, "the median of 11 batches");
	else
		snprintf(each, sizeof each, "%g s", m->plan.duration);
	/*
	 * A suite's title (or a command) is a file's: made visible.  A
	 * test without a title: its id alone.
	 */
	title = xvisible(b->title != NULL ? b->title : "", 0);
	fprintf(fp, "  %s%s%s, %d %s, %d x %s%s\n", b->id, *title != '\0' ?
	    ": " : "", title, copies,
	    copies == 1 ? "copy" : "copies", m->plan.samples, each,
	    m->plan.warmup ? " + warm-up" : "");
	free(title);
}

/* The plan and its estimated time, onto fp. */
void
cli_plan_print(const struct cmd_opts *m, FILE *fp)
{
	const struct plan	*p = &m->plan;
	char			 est[32];
	size_t			 n = p->nbench * p->ncopies;

	fprintf(fp, "the plan: %zu %s%s, %s:\n", n, n == 1 ? "test" : "tests",
	    p->ncopies > 1 ? " and copies values" : "", p->order ==
	    RUNNER_ORDER_INTERLEAVED ? "in interleaved rounds" :
	    "test by test");
	for (size_t b = 0; b < p->nbench; b++)
		for (size_t c = 0; c < p->ncopies; c++)
			cli_plan_line(m, p->benches[b], p->copies[c], fp);
	if (p->repeats > 1)
		fprintf(fp, "  all of it %d times (-R)\n", p->repeats);
	detect_secs(plan_estimate(p), est, sizeof est);
	fprintf(fp, "estimated time: about %s%s%s\n", est, p->target > 0 ?
	    ", more while an interval is wider than -C" : "",
	    plan_command_runs(p) > 0 ? ", more if the commands are slow" :
	    "");
	if (plan_command_runs(p) > 0)
		fprintf(fp, "  (a command's own time is unknown until it "
		    "runs: %.0f executions or more)\n", plan_command_runs(p));
}

/*
 * run: whether a plan of its length may start, asking on a terminal;
 * 0, or an exit status with the reason said.
 */
int
cli_plan_go(const struct cmd_opts *m)
{
	double	t = plan_estimate(&m->plan);
	char	est[32], q[96];

	detect_secs(t, est, sizeof est);
	if (m->yes || t <= CMD_PLAN_ASK_S)
		return 0;
	if (!m->quiet && cli_plan_tty()) {
		snprintf(q, sizeof q, "This run takes about %s%s. Start it?",
		    est, plan_command_runs(&m->plan) > 0 ? ", more if its "
		    "commands are slow" : "");
		if (cli_plan_ask(q))
			return 0;
		return cli_plan_refuse("run: not started");
	}
	if (t <= CMD_PLAN_BATCH_S)
		return 0;
	return cli_plan_refuse("run: this plan takes about %s, over %.0f min, "
	    "and %s: give --yes to start it, or choose fewer tests (-t, -g, "
	    "--preset)", est, CMD_PLAN_BATCH_S / 60, m->quiet &&
	    cli_plan_tty() ? "-q asks nothing" : "there is no terminal to "
	    "ask on");
}

/*
 * run --detect: set m's repeats and samples from the host profile; 0 or
 * an exit status, with the reason on stderr.
 */
int
cli_plan_detect(struct cmd_opts *m, int duration_given)
{
	struct run		profile;
	struct detect_choice	c;
	char			pname[PATH_MAX], how[160];
	int			rc;

	if (!cli_plan_profile(m, &profile, pname, sizeof pname))
		return cli_plan_refuse("--detect: this host has no noise "
		    "profile; run sysmark calibrate (with the same tests) "
		    "first");
	cli_plan_duration(m, &profile, duration_given);
	if ((rc = cli_plan_fresh(m, &profile)) != 0) {
		run_free(&profile);
		return rc;
	}
	rc = detect_choose(&profile, &m->plan, COMPARE_ALPHA, COMPARE_MIN_EFFECT,
	    m->detect, &c);
	if (rc < 0)
		rc = cli_plan_refuse("--detect: the profile %s has no spread "
		    "for %s; calibrate it (sysmark calibrate -t %s)", pname,
		    c.worst_test, c.worst_test);
	else if (rc == 0) {
		detect_describe(&c, how, sizeof how);
		rc = cli_plan_refuse("--detect %g%%: not reachable on this "
		    "host: even %s leaves %s at %.1f%%", 100 * m->detect, how,
		    c.worst_test, 100 * c.worst);
	} else {
		m->plan.repeats = c.repeats;
		m->plan.samples = c.samples;
		rc = cli_plan_confirm(m, &c, pname);
	}
	run_free(&profile);
	return rc;
}

/*
 * run -b NAME -C: say at once when the index's interval cannot get
 * within the target by more samples of this run, and which -R could.
 */
void
cli_plan_reach(const struct cmd_opts *m, const struct run *profile)
{
	double	ci = index_reach(profile, &m->base, m->plan.benches, m->plan.nbench,
		    m->plan.repeats > 1 ? m->plan.repeats : 1), more;
	char	secs[32];
	int	r;

	if (m->quiet || !(ci > m->plan.target))
		return;
	fprintf(stderr, "run -C %g%%: more samples of %s cannot bring the "
	    "index's 95%% interval below %.1f%%: the host profile says how "
	    "far each test's run mean strays.\n", 100 * m->plan.target,
	    m->plan.repeats > 1 ? "these repeats" : "one run", 100 * ci);
	for (r = m->plan.repeats + 1; r <= PLAN_MAX_REPEATS; r++)
		if ((more = index_reach(profile, &m->base, m->plan.benches,
		    m->plan.nbench, r)) <= m->plan.target)
			break;
	if (r > PLAN_MAX_REPEATS) {
		fprintf(stderr, "  not even with -R %d\n", PLAN_MAX_REPEATS);
		return;
	}
	detect_secs(plan_estimate(&m->plan) / (m->plan.repeats > 1 ?
	    m->plan.repeats : 1) * r, secs, sizeof secs);
	fprintf(stderr, "  with -R %d it could (%.1f%%, about %s)\n", r,
	    100 * more, secs);
}

/* Note which of -t, -d and -n option c is: --preset yields to them. */
void
cli_plan_given(struct cli_plan_pick *a, int c)
{
	a->given_d |= c == 'd';
	a->given_n |= c == 'n';
	a->given_t |= c == 't';
}

/* -g GROUP: a group of the catalog, in any case; 0 or the status. */
int
cli_plan_group(const char *arg, const char **group)
{
	char	names[256];

	if ((*group = registry_group(arg)) != NULL)
		return 0;
	registry_groups(names, sizeof names);
	return cmd_usage_error("-g %s: no such group (the groups are %s)",
	    arg, names);
}

/* --preset NAME; 0 or the status. */
int
cli_plan_preset(const char *arg, const struct preset **p)
{
	char	names[128];

	if ((*p = preset_find(arg)) != NULL)
		return 0;
	preset_names(names, sizeof names);
	return cmd_usage_error("--preset %s: the presets are %s", arg, names);
}

/*
 * The tests: --preset's (its -d and -n unless given), then only those
 * of -g's group; before the commands of -x join them (run and run
 * --hosts alike).  0 or a status.
 */
int
cli_plan_select(struct cmd_opts *m, const struct cli_plan_pick *a,
    const char *argv0)
{
	struct sm_error	err;
	double		d = m->plan.duration;
	int		n = m->plan.samples;
	size_t		k;

	if (a->preset != NULL && a->given_t)
		return cmd_usage_error("--preset %s chooses the tests: leave "
		    "out -t (-g narrows it)", a->preset->name);
	if (a->preset != NULL) {
		if (paths_self_exe(argv0, m->self, sizeof m->self) != 0)
			m->self[0] = '\0';
		if (preset_plan(a->preset, m->self[0] ? m->self : NULL,
		    &m->plan, &err) != 0)
			return cmd_usage_error("--preset %s: %s",
			    a->preset->name, err.msg);
		m->plan.duration = a->given_d ? d : m->plan.duration;
		m->plan.samples = a->given_n ? n : m->plan.samples;
	}
	if (a->group == NULL)
		return 0;
	if (m->plan.benches == NULL && registry_parse(NULL, &m->plan.benches,
	    &m->plan.nbench, &err) != 0)
		return cmd_input_error(&err);
	if ((k = registry_keep_group(m->plan.benches, m->plan.nbench,
	    a->group)) == 0)
		return cmd_usage_error("-g %s: none of the tests %s names is "
		    "in it", a->group, a->preset != NULL ? "the preset" : "-t");
	m->plan.nbench = k;
	return 0;
}
