/*
 * Measuring from the command line, what run, calibrate and users share:
 * the plan handed to the core's session (core/session.c, which begins,
 * journals and saves the run as it does for the console and the agent),
 * its events shown as progress lines on stderr for a person watching,
 * the signals that stop a run but keep what it measured, then the run's
 * tables printed.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* Set by SIGINT, SIGTERM and SIGHUP; the run loop cancels the run. */
static volatile sig_atomic_t cmd_measure_stop;

/* What the session's callback sees: the options and the session. */
struct cmd_measure_ctx {
	struct cmd_opts	*m;
	struct session	*s;		/* NULL until begun */
	struct run	*run;		/* what it measures */
};

/* ---- Signals ---- */

/* The first signal stops the run and keeps it; a second ends sysmark. */
static void
cmd_measure_on_signal(int sig)
{
	(void)sig;
	if (cmd_measure_stop)
		_exit(SM_EXIT_INTERRUPTED);
	cmd_measure_stop = 1;
}

/* SIGINT, SIGTERM and SIGHUP stop the run through cmd_measure_stop. */
static void
cmd_measure_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cmd_measure_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* ---- Progress ---- */

/* "10 s" or "0.5 s", from a static buffer: one call per expression. */
static const char *
cmd_measure_secs(double d)
{
	static char	buf[32];

	snprintf(buf, sizeof buf, "%g s", d);
	return buf;
}

/* The plan, a line per test and copies value, before interleaved rounds. */
static void
cmd_measure_plan(const struct cmd_opts *m)
{
	for (size_t b = 0; b < m->plan.nbench; b++)
		for (size_t c = 0; c < m->plan.ncopies; c++)
			fprintf(stderr, "%s: %s, %d %s, %d x %s + warm-up%s\n",
			    m->plan.benches[b]->id, m->plan.benches[b]->title,
			    m->plan.copies[c], m->plan.copies[c] == 1 ? "copy" :
			    "copies", m->plan.samples, m->plan.benches[b]->timing ==
			    BENCH_CALIBRATED ? "the median of 11 batches" :
			    cmd_measure_secs(m->plan.duration), m->plan.repeats > 1 ?
			    ", each repeat" : "");
	fprintf(stderr, "in interleaved rounds%s\n", m->plan.target > 0 ?
	    ", more while an interval is wider than -C" : "");
}

/* Interleaved: a line per sample, naming its test, round and repeat. */
static void
cmd_measure_rounds(const struct cmd_opts *m, const struct runner_event *ev)
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
		cmd_measure_plan(m);
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
	default:
		break;
	}
}

/* The run's end, in either order: a stuck copy's files, an interruption. */
static void
cmd_measure_finished(const struct runner_event *ev)
{
	if (ev->msg != NULL)
		fprintf(stderr, "the run stops: a copy would not die; "
		    "its files are left in %s\n", ev->msg);
	if (ev->cancelled)
		fprintf(stderr, "interrupted: the samples finished so "
		    "far are kept\n");
}

/*
 * The session's own events: warnings (unless -q), where the run was
 * saved (unless -q), and a save that failed (always).  1 if ev was one.
 */
static int
cmd_measure_session(struct cmd_measure_ctx *x, const struct runner_event *ev)
{
	switch (ev->type) {
	case SESSION_EV_WARNING:
		if (!x->m->quiet)
			fprintf(stderr, "warning: %s\n", ev->msg);
		return 1;
	case SESSION_EV_SAVED:
		if (!x->m->quiet)
			fprintf(stderr, "saved %s\n", ev->msg);
		return 1;
	case SESSION_EV_NOT_SAVED:
		fprintf(stderr, "sysmark: %s\n", ev->msg);
		return 1;
	default:
		return 0;
	}
}

/* Progress for a person watching stderr: a line per sample. */
static void
cmd_measure_progress(const struct runner_event *ev, void *arg)
{
	struct cmd_measure_ctx	*x = arg;
	const struct cmd_opts	*m = x->m;
	char			 v[64];

	if (cmd_measure_session(x, ev) || m->quiet)
		return;
	if (ev->type == RUNNER_EV_FINISHED) {
		cmd_measure_finished(ev);
		return;
	}
	if (m->plan.order == RUNNER_ORDER_INTERLEAVED) {
		cmd_measure_rounds(m, ev);
		return;
	}
	switch (ev->type) {
	case RUNNER_EV_BENCH_START:
		if (ev->bench->timing == BENCH_CALIBRATED) {
			fprintf(stderr, "%s: %s, %d %s, %d x the median "
			    "of 11 batches\n", ev->bench->id, ev->bench->title,
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
	default:
		break;
	}
}

/* ---- The run ---- */

/* The session's settings for m's command. */
static void
cmd_measure_conf(struct cmd_opts *m, struct session_conf *c)
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
}

/* An interrupted run's last line: the exact command that resumes it. */
static void
cmd_measure_how_to_resume(const struct cmd_measure_ctx *x)
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
cmd_measure_print(const struct cmd_opts *m, const struct run *run)
{
	int	rc;

	if (m->fmt == TABLE_JSON)
		return cmd_json_run(m->calibrate ? "calibrate" : m->mix !=
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
	return rc;
}

/*
 * Measure m's plan, save the run and print its tables; the exit status
 * (a failed save wins, then an interruption, then a failed sample).
 */
int
cmd_measure(struct cmd_opts *m)
{
	struct cmd_measure_ctx	 x;
	struct session_conf	 conf;
	struct run		 run, profile;
	struct sm_error		 err;
	char			 pname[PATH_MAX];
	int			 cancelled, rc, st;

	memset(&x, 0, sizeof x);
	x.m = m;
	x.run = &run;
	cmd_measure_conf(m, &conf);
	run_init(&profile);
	if (m->plan.target > 0 && m->plan.baseline != NULL &&
	    cmd_plan_profile(m, &profile, pname, sizeof pname)) {
		conf.noise = &profile;
		cmd_plan_reach(m, &profile);
	}
	cmd_measure_signals();
	run_init(&run);
	if ((x.s = session_begin(&m->plan, &conf, &run, cmd_measure_progress,
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
	/* The table is printed whatever became of the save. */
	rc = cmd_measure_print(m, &run);
	if (rc != 0 && st != SM_EXIT_SAVED_ELSEWHERE &&
	    st != SM_EXIT_NOT_SAVED)
		st = rc;
	if (cancelled && st != SM_EXIT_SAVED_ELSEWHERE &&
	    st != SM_EXIT_NOT_SAVED)
		cmd_measure_how_to_resume(&x);
	session_free(x.s);
	run_free(&run);
	return st;
}
