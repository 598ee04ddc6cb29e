/*
 * Measuring from the command line, what run, calibrate and users share:
 * the plan handed to the runner, progress lines on stderr for a person
 * watching, the signals that stop a run but keep what it measured, then
 * the run saved and its tables printed.  The console measures through
 * the same runner but shows progress on its own screen.
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

/* What the runner's callback sees: the options, the run, its journal. */
struct cmd_measure_ctx {
	struct cmd_opts	*m;
	struct run	*run;
	struct journal	 j;
	int		 journaling;	/* run saves as it goes */
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
	for (size_t b = 0; b < m->nbench; b++)
		for (size_t c = 0; c < m->ncopies; c++)
			fprintf(stderr, "%s: %s, %d %s, %d x %s + warm-up%s\n",
			    m->benches[b]->id, m->benches[b]->title,
			    m->copies[c], m->copies[c] == 1 ? "copy" :
			    "copies", m->samples, m->benches[b]->timing ==
			    BENCH_CALIBRATED ? "the median of 11 batches" :
			    cmd_measure_secs(m->duration), m->repeats > 1 ?
			    ", each repeat" : "");
	fprintf(stderr, "in interleaved rounds%s\n", m->target > 0 ?
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

/* After each sample the run is saved as it goes (at most once a second). */
static void
cmd_measure_keep(struct cmd_measure_ctx *x, const struct runner_event *ev)
{
	if (!x->journaling || (ev->type != RUNNER_EV_SAMPLE &&
	    ev->type != RUNNER_EV_ERROR && ev->type != RUNNER_EV_SKIPPED))
		return;
	if (journal_write(&x->j, x->run, 0) != 0)
		fprintf(stderr, "warning: the run cannot be saved as it goes "
		    "(%s); it is saved when it ends\n", x->j.err.msg);
}

/* Progress for a person watching stderr: a line per sample. */
static void
cmd_measure_progress(const struct runner_event *ev, void *arg)
{
	struct cmd_measure_ctx	*x = arg;
	const struct cmd_opts	*m = x->m;
	char			 v[64];

	cmd_measure_keep(x, ev);
	if (m->quiet)
		return;
	if (ev->type == RUNNER_EV_FINISHED) {
		cmd_measure_finished(ev);
		return;
	}
	if (m->order == RUNNER_ORDER_INTERLEAVED) {
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

/*
 * Say so when the machine is busy before the run, or its clock follows
 * the load (a governor other than performance): figures will suffer.
 */
static void
cmd_measure_warn_idle(const struct cmd_opts *m, const struct run *run)
{
	char	msg[400];

	if (!m->quiet && sysinfo_not_idle(msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
	if (!m->quiet && cpufreq_warn_governor(run, msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
}

/* A --cleanup that failed: the samples stand, but the user must know. */
static void
cmd_measure_warn_cleanup(const struct run *run)
{
	for (size_t i = 0; i < run->nmeta; i++)
		if (strncmp(run->meta[i].key, "cleanup_failed.", 15) == 0)
			fprintf(stderr, "warning: %s: %s\n",
			    run->meta[i].key + 15, run->meta[i].value);
}

/* run -b NAME -C: the target is the index's, as show -b NAME names it. */
static void
cmd_measure_aim(struct run *run, const char *baseline)
{
	char	*label = paths_label(baseline);

	run_meta_set(run, "target_index", label);
	free(label);
}

/* The runner's plan for m's options (the agent measures the same way). */
void
cmd_measure_fill(const struct cmd_opts *m, struct runner_plan *plan)
{
	memset(plan, 0, sizeof *plan);
	plan->benches = m->benches;
	plan->nbench = m->nbench;
	plan->copies = m->copies;
	plan->ncopies = m->ncopies;
	plan->samples = m->samples;
	plan->duration = m->duration;
	plan->grace = runner_default_grace(m->duration);
	plan->self_exe = m->self;
	plan->order = m->order;
	plan->warmup = 1;
	plan->repeats = m->repeats;
	plan->gap = m->gap;
	plan->target = m->target;
	plan->time_cap = m->target > 0 ? m->time_cap : 0;
	plan->index_base = m->baseline != NULL ? &m->base : NULL;
	plan->prepare = m->prepare;
	plan->setup = m->setup;
	plan->cleanup = m->cleanup;
	plan->stop = &cmd_measure_stop;
}

/*
 * The run to fill: a new one with this machine's facts, or with run
 * --resume the file's, its gap recorded and its seed and session kept.
 */
static void
cmd_measure_run_of(struct cmd_opts *m, struct runner_plan *plan,
    struct run *run)
{
	if (m->from != NULL) {
		resume_note_gap(m->from);
		*run = m->from->run;
		run_init(&m->from->run);
		plan->seed = m->from->seed;
		plan->warmup = m->from->warmup;
		plan->session = m->from->session;
		plan->resume = 1;
		return;
	}
	run_init(run);
	sysinfo_collect(run);
	if (m->mix != NULL)
		users_plan(plan, &m->users, m->mix, run);
	if (m->calibrate)
		run_meta_set(run, "kind", "noise-profile");
	if (m->label != NULL)
		run_meta_set(run, "label", m->label);
	if (m->note != NULL)
		run_meta_set(run, "note", m->note);
	if (m->target > 0 && m->baseline != NULL)
		cmd_measure_aim(run, m->baseline);
}

/*
 * run saves as it goes (journal.c): the plan in the meta first, for a
 * resume.  0, or -1 with err when no file can take it.
 */
static int
cmd_measure_journal(struct cmd_measure_ctx *x, const struct runner_plan *p,
    struct sm_error *err)
{
	if (!x->m->journal)
		return 0;
	runner_note_plan(p, x->run, 1);
	resume_note_plan(p, x->run, x->m->baseline);
	if (journal_begin(&x->j, x->m->self, x->m->out, x->run, err) != 0)
		return -1;
	x->journaling = 1;
	return 0;
}

/*
 * Save the finished run: over its journal when it has one (or, measuring
 * nothing, give a claimed name back); 0 or the exit status.
 */
static int
cmd_measure_save(struct cmd_measure_ctx *x)
{
	struct cmd_opts	*m = x->m;

	if (x->journaling && x->run->nsamples == 0)
		journal_abandon(&x->j);
	if (x->run->nsamples == 0)
		return 0;
	if (x->journaling) {
		m->out = x->j.path;
		m->force = 1;
	}
	return cmd_save(x->run, m);
}

/* An interrupted run's last line: the exact command that resumes it. */
static void
cmd_measure_how_to_resume(const struct cmd_measure_ctx *x)
{
	char	self[PATH_MAX + 8], path[PATH_MAX + 8];

	if (!x->journaling || x->run->nsamples == 0)
		return;
	hooks_quote(x->m->self, self, sizeof self);
	hooks_quote(x->j.path, path, sizeof path);
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
		    NULL, m->baseline != NULL ? &m->base : NULL, m->baseline,
		    m->calibrate);
	rc = cmd_print(run, m->fmt, m->stats);
	if (rc == 0 && m->baseline != NULL)
		rc = cmd_index(run, &m->base, m->baseline, m->fmt);
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
	struct runner_plan	 plan;
	struct runner		*r;
	struct run		 run, profile;
	struct sm_error		 err;
	char			 msg[400], pname[PATH_MAX];
	int			 cancelled, rc, save;

	memset(&x, 0, sizeof x);
	x.m = m;
	x.run = &run;
	cmd_measure_fill(m, &plan);
	cmd_measure_run_of(m, &plan, &run);
	run_init(&profile);
	if (m->target > 0 && m->baseline != NULL && cmd_plan_profile(m,
	    &profile, pname, sizeof pname)) {
		plan.noise = &profile;
		cmd_plan_reach(m, &profile, &plan);
	}
	cmd_measure_warn_idle(m, &run);
	if (!m->quiet && runner_crowded(&plan, msg, sizeof msg))
		fprintf(stderr, "warning: %s\n", msg);
	cmd_measure_signals();
	if (cmd_measure_journal(&x, &plan, &err) != 0 ||
	    (r = runner_start(&plan, &run, cmd_measure_progress, &x, &err)) ==
	    NULL) {
		if (x.journaling)
			journal_abandon(&x.j);
		run_free(&run);
		run_free(&profile);
		return cmd_input_error(&err);
	}
	cancelled = runner_wait(r, &cmd_measure_stop);
	runner_free(r);
	run_free(&profile);
	runner_note_plan(&plan, &run, cancelled);
	if (cpufreq_warn_moved(&run, msg, sizeof msg) && !m->quiet)
		fprintf(stderr, "warning: %s\n", msg);
	cmd_measure_warn_cleanup(&run);
	/* The table is printed whatever became of the save. */
	save = cmd_measure_save(&x);
	rc = cmd_measure_print(m, &run);
	if (save != 0)
		rc = save;
	else if (rc == 0 && cancelled)
		rc = SM_EXIT_INTERRUPTED;
	else if (rc == 0 && run_failed(&run))
		rc = SM_EXIT_SAMPLE_FAILED;
	if (cancelled && save == 0)
		cmd_measure_how_to_resume(&x);
	run_free(&run);
	return rc;
}
