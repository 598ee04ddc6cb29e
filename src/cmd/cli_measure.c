/*
 * Measuring from the command line, what run, calibrate and users share:
 * the plan said with its estimated time (and for run, consent to a long
 * one: cli_plan.c), then handed to the core's session
 * (core/session/session.c, which begins, journals and saves the run as
 * it does for the console and the agent), its events shown as progress
 * on stderr for a person watching (which test of how many, and the time
 * left), the signals that stop a run but keep what it measured, then the
 * run's tables printed, or with -o - the run file itself on stdout.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/ioctl.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* Set by SIGINT, SIGTERM and SIGHUP; the run loop cancels the run. */
static volatile sig_atomic_t cmd_measure_stop;

/* What the session's callback sees: the options, the session, progress. */
struct cli_measure_ctx {
	struct cmd_opts	*m;
	struct session	*s;		/* NULL until begun */
	struct run	*run;		/* what it measures */
	int		 tty;		/* stderr a terminal: one line, \r */
	int		 open;		/* that line is on the screen */
	size_t		 k;		/* the test just done, in its round */
	int		 round[2];	/* interleaved: its repeat, sample */
	char		 last[192];	/* what its sample gave (a duet: the
					   pair's two) */
	int		 fresh;		/* a sample came since the last step */
	uint64_t	 t0;		/* when the run began */
	double		 est_total;	/* plan_estimate(), seconds */
	double		 est_done;	/* what the samples done were, and
					   the pauses between repeats */
	int		 repeat;	/* the last sample's */
};

/* ---- Signals ---- */

/* The first signal stops the run and keeps it; a second ends sysmark. */
static void
cli_measure_on_signal(int sig)
{
	(void)sig;
	if (cmd_measure_stop)
		_exit(SM_EXIT_INTERRUPTED);
	cmd_measure_stop = 1;
}

/*
 * SIGINT, SIGTERM and SIGHUP stop the run through cmd_measure_stop.
 * SIGPIPE is ignored while the run is in no file: a reader of stdout or
 * stderr that went away (| ssh host 'cat > x' that could not connect)
 * must not cost the run; the failed write is seen and handled instead.
 * The samples' children get every signal's default back (sampler.c).
 */
static void
cli_measure_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cli_measure_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---- Progress ---- */

/*
 * On a terminal progress is one line, rewritten in place (\r, then the
 * rest of the line cleared); elsewhere it is plain lines, no escape
 * code in them.  A line that must stay (a failure, a warning, a test's
 * mean) first clears the updating one.
 */
static void
cli_measure_say(struct cli_measure_ctx *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void
cli_measure_say(struct cli_measure_ctx *x, const char *fmt, ...)
{
	va_list	ap;

	if (x->open)
		fputs("\r\033[K", stderr);
	x->open = 0;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The updating line: line, cut to the terminal's width; plain elsewhere. */
static void
cli_measure_status(struct cli_measure_ctx *x, const char *line)
{
	struct winsize	ws;
	int		width = 80;

	if (!x->tty) {
		fprintf(stderr, "%s\n", line);
		return;
	}
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		width = ws.ws_col;
	fprintf(stderr, "\r%.*s\033[K", width - 1, line);
	fflush(stderr);
	x->open = 1;
}

/* Which test of the round ev's is, 1-based: the plan's order if grouped. */
static size_t
cli_measure_which(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	const struct plan	*p = &x->m->plan;

	if (p->order == RUNNER_ORDER_INTERLEAVED) {
		if (x->round[0] != ev->repeat || x->round[1] != ev->sample) {
			x->round[0] = ev->repeat;
			x->round[1] = ev->sample;
			x->k = 0;
		}
		return ++x->k;
	}
	for (size_t b = 0; b < p->nbench; b++)
		for (size_t c = 0; c < p->ncopies; c++)
			if (p->benches[b] == ev->bench &&
			    p->copies[c] == ev->copies)
				return b * p->ncopies + c + 1;
	return 0;
}

/*
 * The time left: what the plan's estimate leaves, scaled by how the
 * samples done so far kept to theirs.
 */
static double
cli_measure_left(const struct cli_measure_ctx *x)
{
	double	spent = (double)(sm_now_ns() - x->t0) / 1e9;
	double	left = x->est_total - x->est_done;

	if (x->est_done > 0)
		left *= spent / x->est_done;
	return left > 0 ? left : 0;
}

/*
 * A duet's step (run --duet): a slot with samples is a pair, "pair k/N:
 * a V s, b V s"; one without timed a command alone, whose figure goes
 * to the run's meta, not a sample.
 */
static void
cli_measure_duet_step(struct cli_measure_ctx *x,
    const struct runner_event *ev, const char *rep, const char *tail)
{
	char	line[400];

	if (!x->fresh)
		snprintf(line, sizeof line, "%s alone, on the CPU it had%s; %s",
		    ev->bench->id, rep, tail);
	else if (ev->sample == RUN_WARMUP)
		snprintf(line, sizeof line, "warm-up pair%s: %s; %s", rep,
		    x->last, tail);
	else
		snprintf(line, sizeof line, "pair %d/%d%s: %s; %s", ev->sample,
		    ev->nsamples, rep, x->last, tail);
	cli_measure_status(x, line);
}

/* After each sample: "test k of N, ...: value; P%, about T left". */
static void
cli_measure_step(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	const struct plan	*p = &x->m->plan;
	char			 line[400], rep[32] = "", what[32] = "warm-up",
				 left[32], tail[64];
	size_t			 k = cli_measure_which(x, ev);

	if (ev->bench == NULL)
		return;
	x->est_done += plan_sample_estimate(ev->bench, p->duration);
	/* The pause before this repeat is spent time the estimate counts. */
	if (x->repeat > 0 && ev->repeat > x->repeat)
		x->est_done += p->gap * (ev->repeat - x->repeat);
	x->repeat = ev->repeat;
	if (p->repeats > 1)
		snprintf(rep, sizeof rep, ", repeat %d/%d", ev->repeat,
		    p->repeats);
	if (ev->sample > ev->nsamples)
		snprintf(what, sizeof what, "sample %d (-C)", ev->sample);
	else if (ev->sample != RUN_WARMUP)
		snprintf(what, sizeof what, "sample %d/%d", ev->sample,
		    ev->nsamples);
	detect_secs(cli_measure_left(x), left, sizeof left);
	snprintf(tail, sizeof tail, "%.0f%%, about %s left", ev->total > 0 ?
	    100.0 * (double)ev->done / (double)ev->total : 0, left);
	if (p->duet) {
		cli_measure_duet_step(x, ev, rep, tail);
		x->fresh = 0;
		return;
	}
	snprintf(line, sizeof line, "test %zu of %zu%s: %s, %d %s, %s: %s; %s",
	    k, p->nbench * p->ncopies, rep, ev->bench->id, ev->copies,
	    ev->copies == 1 ? "copy" : "copies", what, x->last, tail);
	cli_measure_status(x, line);
}

/* A sample's outcome: its value kept for the line; a failure said. */
static void
cli_measure_sample(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	char	v[64], was[96];
	int	second = x->m->plan.duet && x->fresh;

	/* A duet's pair: its first command's figure, then the second's. */
	snprintf(was, sizeof was, "%.95s", second ? x->last : "");
	x->fresh = 1;
	if (ev->type == RUNNER_EV_SAMPLE)
		label_value(ev->rs->value, v, sizeof v);
	if (x->m->plan.duet)
		snprintf(x->last, sizeof x->last, "%s%s%s %s%s%s", was,
		    second ? ", " : "", ev->bench->id, ev->type ==
		    RUNNER_EV_SAMPLE ? v : "", ev->type == RUNNER_EV_SAMPLE ?
		    " " : "", ev->type == RUNNER_EV_SAMPLE ? ev->rs->unit :
		    ev->type == RUNNER_EV_ERROR ? "FAILED" : "skipped");
	else if (ev->type == RUNNER_EV_SAMPLE)
		snprintf(x->last, sizeof x->last, "%s %s", v, ev->rs->unit);
	if (ev->type == RUNNER_EV_SAMPLE)
		return;
	if (!x->m->plan.duet)
		snprintf(x->last, sizeof x->last, "%s", ev->type ==
		    RUNNER_EV_ERROR ? "FAILED" : "skipped");
	cli_measure_say(x, "  %s, sample %d/%d %s: %s", ev->bench->id,
	    ev->sample, ev->nsamples, ev->type == RUNNER_EV_ERROR ?
	    "FAILED" : "skipped", ev->msg);
}

/* A test done, test by test: its mean and interval, a line that stays. */
static void
cli_measure_done(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	char	v[64];

	if (ev->stats->n < 2)
		return;
	label_value(ev->stats->mean, v, sizeof v);
	cli_measure_say(x, "  %s, %d %s: mean %s %s, +/- %.1f%%, CV %.1f%%",
	    ev->bench->id, ev->copies, ev->copies == 1 ? "copy" : "copies", v,
	    ev->bench->unit, 100 * ev->stats->ci / fabs(ev->stats->mean),
	    100 * ev->stats->cv);
}

/* The run's end, in either order: a stuck copy's files, an interruption. */
static void
cli_measure_finished(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	if (x->open)
		fputs("\r\033[K", stderr);
	x->open = 0;
	if (ev->msg != NULL)
		cli_measure_say(x, "the run stops: a copy would not die; "
		    "its files are left in %s", ev->msg);
	if (ev->cancelled)
		cli_measure_say(x, "interrupted: the samples finished so "
		    "far are kept");
}

/*
 * The session's own events: warnings (unless -q), where the run was
 * saved (unless -q), and a save that failed (always).  1 if ev was one.
 */
static int
cli_measure_session(struct cli_measure_ctx *x, const struct runner_event *ev)
{
	switch (ev->type) {
	case SESSION_EV_WARNING:
		if (!x->m->quiet)
			cli_measure_say(x, "warning: %s", ev->msg);
		return 1;
	case SESSION_EV_SAVED:
		if (!x->m->quiet)
			cli_measure_say(x, "saved %s", ev->msg);
		return 1;
	case SESSION_EV_NOT_SAVED:
		cli_measure_say(x, "sysmark: %s", ev->msg);
		return 1;
	default:
		return 0;
	}
}

/* Progress for a person watching stderr. */
static void
cli_measure_progress(const struct runner_event *ev, void *arg)
{
	struct cli_measure_ctx	*x = arg;

	if (cli_measure_session(x, ev) || x->m->quiet)
		return;
	switch (ev->type) {
	case RUNNER_EV_RUN_START:
		x->t0 = sm_now_ns();
		break;
	case RUNNER_EV_SAMPLE:
	case RUNNER_EV_ERROR:
	case RUNNER_EV_SKIPPED:
		cli_measure_sample(x, ev);
		break;
	case RUNNER_EV_PROGRESS:
		cli_measure_step(x, ev);
		break;
	case RUNNER_EV_BENCH_DONE:
		if (x->m->plan.order == RUNNER_ORDER_GROUPED)
			cli_measure_done(x, ev);
		break;
	case RUNNER_EV_FINISHED:
		cli_measure_finished(x, ev);
		break;
	default:
		break;
	}
}

/* ---- The run ---- */

/* The session's settings for m's command. */
static void
cli_measure_conf(struct cmd_opts *m, struct session_conf *c)
{
	memset(c, 0, sizeof *c);
	c->self = m->self;
	c->out = m->out;
	c->force = m->force;
	c->kind = m->calibrate ? NOISE_KIND : NULL;
	c->label = m->label;
	c->note = m->note;
	c->mix = m->mix;
	c->users = &m->users;
	c->from = m->from;
	c->base = m->plan.baseline != NULL ? &m->base : NULL;
	c->stop = &cmd_measure_stop;
	c->nosave = m->nosave;
}

/* An interrupted run's last line: the exact command that resumes it. */
static void
cli_measure_how_to_resume(const struct cli_measure_ctx *x)
{
	char	self[PATH_MAX + 8], path[PATH_MAX + 8];

	if (!session_journaling(x->s) || x->run->nsamples == 0)
		return;
	hooks_quote(x->m->self, self, sizeof self);
	hooks_quote(session_path(x->s), path, sizeof path);
	fprintf(stderr, "to resume: %s run --resume %s\n", self, path);
}

/* The run's tables, or with -f json its document; 0 or the status. */
static int
cli_measure_print(const struct cmd_opts *m, const struct run *run)
{
	int	rc;

	if (m->fmt == TABLE_JSON)
		return cli_json_run(m->calibrate ? "calibrate" : m->mix !=
		    NULL ? "users" : "run", run, m->saved[0] ? m->saved :
		    NULL, m->plan.baseline != NULL ? &m->base : NULL,
		    m->plan.baseline, m->calibrate);
	rc = cmd_print(run, m->fmt, m->stats);
	if (rc == 0 && m->plan.baseline != NULL)
		rc = cmd_index(run, &m->base, m->plan.baseline, m->fmt);
	if (rc == 0 && m->calibrate) {
		putchar('\n');
		rc = cmd_render(noise_table(run), m->fmt);
		if (rc == 0)
			putchar('\n');
		if (rc == 0)
			rc = cmd_render(detect_table(run), m->fmt);
	}
	if (rc == 0 && duet_is(run))
		rc = cli_duet_print(run, m->fmt);
	return rc;
}

/*
 * -o -: the run file on stdout.  When stdout fails (a reader gone, a full
 * disk) the run goes to a fallback file as a failed -o FILE does (exit
 * 3), else onto stderr (exit 4); m->saved names the fallback.
 */
static int
cli_measure_stdout(struct cmd_opts *m, const struct run *run)
{
	int	e;

	errno = 0;
	if (csvstore_print(run, stdout) == 0)
		return 0;
	e = errno;
	if (save_fallback(run, m->saved, sizeof m->saved) == 0) {
		fprintf(stderr, "sysmark: -o -: the run could not be written "
		    "to stdout (%s); the run is saved in %s instead\n",
		    strerror(e), m->saved);
		return SM_EXIT_SAVED_ELSEWHERE;
	}
	m->saved[0] = '\0';
	fprintf(stderr, "sysmark: -o -: the run could not be written to "
	    "stdout (%s), nor to a fallback file; here it is:\n",
	    strerror(e));
	csvstore_print(run, stderr);
	return SM_EXIT_NOT_SAVED;
}

/*
 * What the run gives on stdout: with -o - the run file and nothing
 * else, otherwise its tables (with --no-save, said to be unsaved).
 */
static int
cli_measure_output(struct cmd_opts *m, const struct run *run)
{
	if (m->nosave && m->out != NULL && strcmp(m->out, "-") == 0)
		return cli_measure_stdout(m, run);
	if (m->nosave && !m->quiet)
		fprintf(stderr, "not saved (--no-save)\n");
	return cli_measure_print(m, run);
}

/*
 * With -q the failures were not said as they came: one line a test that
 * had one, on stderr, so that a script sees why its run exited 1.
 */
static void
cli_measure_failures(const struct run *run)
{
	struct run_group	*g;
	size_t			 ng = run_groups(run, &g);

	for (size_t i = 0; i < ng; i++) {
		const char	*why = NULL;
		int		 failed = 0, all = 0;

		for (size_t k = 0; k < run->nsamples; k++) {
			const struct run_sample *s = &run->samples[k];

			if (strcmp(s->test, g[i].test) != 0 ||
			    s->copies != g[i].copies)
				continue;
			all++;
			if (s->status != RUN_FAILED)
				continue;
			why = why == NULL ? s->reason : why;
			failed++;
		}
		if (failed > 0)
			fprintf(stderr, "sysmark: %s, %d %s: %d of %d samples "
			    "failed: %s\n", g[i].test, g[i].copies,
			    g[i].copies == 1 ? "copy" : "copies", failed, all,
			    why[0] != '\0' ? why : "no reason recorded");
	}
	free(g);
}

/*
 * Measure m's plan, save the run and print its tables; the exit status
 * (a failed save wins, then an interruption, then a failed sample).
 */
int
cli_measure(struct cmd_opts *m)
{
	struct cli_measure_ctx	 x;
	struct session_conf	 conf;
	struct run		 run, profile;
	struct sm_error		 err;
	char			 pname[PATH_MAX];
	int			 cancelled, rc, st;

	memset(&x, 0, sizeof x);
	x.m = m;
	x.run = &run;
	x.tty = isatty(STDERR_FILENO);
	x.est_total = plan_estimate(&m->plan);
	x.t0 = sm_now_ns();
	if (!m->quiet && m->plan.nbench > 0)
		cli_plan_print(m, stderr);
	if (m->ask && (rc = cli_plan_go(m)) != 0)
		return rc;
	cli_measure_conf(m, &conf);
	run_init(&profile);
	if (m->plan.target > 0 && m->plan.baseline != NULL &&
	    cli_plan_profile(m, &profile, pname, sizeof pname)) {
		conf.noise = &profile;
		cli_plan_reach(m, &profile);
	}
	cli_measure_signals();
	run_init(&run);
	if ((x.s = session_begin(&m->plan, &conf, &run, cli_measure_progress,
	    &x, &err)) == NULL) {
		run_free(&profile);
		return cmd_input_error(&err);
	}
	cancelled = session_wait(x.s);
	st = session_end(x.s);
	run_free(&profile);
	snprintf(m->saved, sizeof m->saved, "%s", session_path(x.s));
	if (st == SM_EXIT_NOT_SAVED) {
		fprintf(stderr, "sysmark: here it is:\n");
		csvstore_print(&run, stderr);
	}
	/* In a file now: a reader gone may end sysmark as it would. */
	if (m->saved[0] != '\0')
		signal(SIGPIPE, SIG_DFL);
	if (m->quiet)
		cli_measure_failures(&run);
	/* The table is printed whatever became of the save. */
	rc = cli_measure_output(m, &run);
	if (rc != 0 && st != SM_EXIT_SAVED_ELSEWHERE &&
	    st != SM_EXIT_NOT_SAVED)
		st = rc;
	if (cancelled && st != SM_EXIT_SAVED_ELSEWHERE &&
	    st != SM_EXIT_NOT_SAVED)
		cli_measure_how_to_resume(&x);
	session_free(x.s);
	run_free(&run);
	return st;
}
