/*
 * One measured run, whoever drives it: sysmark run, calibrate, users,
 * the fleet's agent and the console all begin, step and end a run here,
 * so what a run records, when it is saved and what its exit status is
 * cannot differ between them.
 *
 * session_begin() makes the run (this machine's facts, or a resumed
 * file's run with its gap noted), says what may spoil the figures (a busy
 * machine, a governor, more copies than CPUs), claims the run's file and
 * starts the runner on a copy of the plan.  While it runs, every sample
 * is saved as it goes (journal.c), so a SIGKILL, a crash or a reboot
 * leaves a file that run --resume continues.  The one exception is a
 * noise profile (calibrate): its file is the host's profile, which only
 * a whole calibration may replace, and a profile is never resumed.  A
 * run asked not to be saved (run --no-save, -o -) writes no file at all;
 * the front end does with the run what it was asked.
 * session_end() records the run's status, says what else the user must
 * know (the clock moved, a --cleanup failed), saves the run over its
 * journal, or to a fallback file when that fails (and removes the
 * partial journal, or the resumed file, the fallback supersedes), and
 * returns the exit status.
 *
 * It speaks only through runner events (SESSION_EV_* beside the
 * runner's), so it knows nothing of terminals, screens or protocols.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session.h"

struct session {
	struct plan		 plan;		/* the session's own copy */
	struct runner_env	 env;
	struct run		*run;		/* the caller's */
	struct runner		*r;
	struct journal		 j;
	int			 journaling;
	int			 cancelled;
	int			 finished;	/* RUNNER_EV_FINISHED came */
	int			 ended;		/* session_end() done */
	runner_cb		 cb;
	void			*arg;
	volatile sig_atomic_t	*stop;
	char			 self[PATH_MAX];
	char			 out[PATH_MAX];	/* "": a default name */
	int			 force;
	int			 nosave;	/* no journal, no file */
	char			 path[PATH_MAX];	/* where it is saved */
};

/* ---- Events ---- */

/* Tell the front end something of the session's own. */
static void
session_say(struct session *s, enum runner_ev_type type, const char *msg)
{
	struct runner_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = type;
	ev.msg = msg;
	s->cb(&ev, s->arg);
}

static void
session_warn(struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
session_warn(struct session *s, const char *fmt, ...)
{
	char	msg[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	session_say(s, SESSION_EV_WARNING, msg);
}

/* The runner's events: each sample saved as it goes, then passed on. */
static void
session_on_event(const struct runner_event *ev, void *arg)
{
	struct session	*s = arg;

	if (ev->type == RUNNER_EV_FINISHED) {
		s->finished = 1;
		s->cancelled = ev->cancelled;
	}
	s->cb(ev, s->arg);
	if (!s->journaling || (ev->type != RUNNER_EV_SAMPLE &&
	    ev->type != RUNNER_EV_ERROR && ev->type != RUNNER_EV_SKIPPED))
		return;
	if (journal_write(&s->j, s->run, 0) != 0)
		session_warn(s, "the run cannot be saved as it goes (%s); it "
		    "is saved when it ends", s->j.err.msg);
}

/* ---- Beginning ---- */

/* run -b NAME -C: the target is the index's, as show -b NAME names it. */
static void
session_aim(struct session *s)
{
	char	*label;

	if (!(s->plan.target > 0) || s->plan.baseline == NULL)
		return;
	label = paths_label(s->plan.baseline);
	run_meta_set(s->run, "target_index", label);
	free(label);
}

/*
 * The run to fill: a resumed file's, its gap recorded and its seed and
 * session kept, or a new one with this machine's facts and what the
 * front end says the run is.
 */
static void
session_make_run(struct session *s, const struct session_conf *c)
{
	if (c->from != NULL) {
		resume_note_gap(c->from);
		run_free(s->run);
		*s->run = c->from->run;
		run_init(&c->from->run);
		s->env.resume = 1;
		s->env.session = c->from->session;
		return;
	}
	run_free(s->run);
	sysinfo_collect(s->run);
	if (c->mix != NULL)
		users_prepare(&s->plan, &s->env, c->users, c->mix, s->run);
	if (c->kind != NULL)
		run_meta_set(s->run, "kind", c->kind);
	if (c->label != NULL)
		run_meta_set(s->run, "label", c->label);
	if (c->note != NULL)
		run_meta_set(s->run, "note", c->note);
	session_aim(s);
}

/* What may spoil the figures, said before the first sample. */
static void
session_warn_start(struct session *s)
{
	char	msg[400];

	if (sysinfo_not_idle(msg, sizeof msg))
		session_warn(s, "%s", msg);
	if (cpufreq_warn_governor(s->run, msg, sizeof msg))
		session_warn(s, "%s", msg);
	if (plan_crowded(&s->plan, msg, sizeof msg))
		session_warn(s, "%s", msg);
}

/* The runner's environment from the front end's settings. */
static void
session_env(struct session *s, const struct session_conf *c)
{
	s->env.self_exe = c->self;
	s->env.stop = c->stop;
	s->env.index_base = c->base;
	s->env.noise = c->noise;
	s->stop = c->stop;
	snprintf(s->self, sizeof s->self, "%s", c->self != NULL ? c->self :
	    "");
	snprintf(s->out, sizeof s->out, "%s", c->out != NULL ? c->out : "");
	s->force = c->force || c->from != NULL;
	s->nosave = c->nosave;
}

/*
 * Begin measuring plan as c says into run (the caller's, made anew, or
 * the resumed file's run moved into it); events go to cb with arg, the
 * first of them (warnings) before this returns.  The session or NULL
 * with err (the file could not be claimed, or the plan cannot run here):
 * then nothing was measured, run is empty, and a resumed run is still
 * in c->from.
 */
struct session *
session_begin(const struct plan *plan, const struct session_conf *c,
    struct run *run, runner_cb cb, void *arg, struct sm_error *err)
{
	struct session	*s = xcalloc(1, sizeof *s);

	s->run = run;
	if (c->out != NULL && strlen(c->out) >= sizeof s->out) {
		sm_error_set(err, "%s: path too long", c->out);
		free(s);
		return NULL;
	}
	plan_copy(&s->plan, plan);
	if (s->plan.seed == 0)
		s->plan.seed = sm_now_ns() ^ ((uint64_t)getpid() << 32);
	s->cb = cb;
	s->arg = arg;
	session_env(s, c);
	if (plan_check(&s->plan, err) != 0) {
		plan_free(&s->plan);
		free(s);
		return NULL;
	}
	session_make_run(s, c);
	session_warn_start(s);
	if (!s->nosave && (c->kind == NULL ||
	    strcmp(c->kind, NOISE_KIND) != 0)) {
		if (journal_begin(&s->j, c->self, c->out, s->force, s->run,
		    err) != 0)
			goto fail;
		s->journaling = 1;
	}
	s->r = runner_start(&s->plan, &s->env, s->run, session_on_event, s,
	    err);
	if (s->r != NULL)
		return s;
fail:
	if (s->journaling)
		journal_abandon(&s->j);
	if (c->from != NULL) {
		/* The resumed run goes back to its owner. */
		c->from->run = *s->run;
		run_init(s->run);
	}
	run_free(s->run);
	plan_free(&s->plan);
	free(s);
	return NULL;
}

/* ---- Running ---- */

int
session_fd(const struct session *s)
{
	return s->r != NULL ? runner_fd(s->r) : -1;
}

int
session_timeout_ms(const struct session *s)
{
	return s->r != NULL ? runner_timeout_ms(s->r) : -1;
}

/* Let the runner handle what happened; 1 once the run is over. */
int
session_step(struct session *s)
{
	if (s->r == NULL)
		return 1;
	if (!runner_step(s->r))
		return 0;
	runner_free(s->r);
	s->r = NULL;
	return 1;
}

/* Stop the run; its samples so far stay, and session_end() saves them. */
void
session_cancel(struct session *s)
{
	if (s->r != NULL)
		runner_cancel(s->r);
}

/* Skip the rest of the test under way (the console's s key). */
void
session_skip_test(struct session *s)
{
	if (s->r != NULL)
		runner_skip_test(s->r);
}

/* Run to the end (or until the stop flag is set); 1 if cancelled. */
int
session_wait(struct session *s)
{
	if (s->r != NULL) {
		runner_wait(s->r, s->stop);
		runner_free(s->r);
		s->r = NULL;
	}
	return s->cancelled;
}

/*
 * Where the run is being saved as it goes, and once it has ended where
 * it was saved (a fallback file included); "" when nowhere.
 */
const char *
session_path(const struct session *s)
{
	if (s->ended || !s->journaling)
		return s->path;
	return s->j.path;
}

int
session_journaling(const struct session *s)
{
	return s->journaling;
}

/* ---- Ending ---- */

/* What the user must know once the run is over. */
static void
session_warn_end(struct session *s)
{
	char	msg[400];

	if (cpufreq_warn_moved(s->run, msg, sizeof msg))
		session_warn(s, "%s", msg);
	for (size_t i = 0; i < s->run->nmeta; i++)
		if (strncmp(s->run->meta[i].key, "cleanup_failed.", 15) == 0)
			session_warn(s, "%s: %s", s->run->meta[i].key + 15,
			    s->run->meta[i].value);
}

/*
 * The save went to a fallback file: the journal under the run's name
 * holds only part of it and would be resumed, measuring again what the
 * fallback holds, so it goes.  So does the file a resume continued,
 * even when no write reached it (a full disk): it is the part the
 * fallback holds whole.  A name claimed and never written (empty) is
 * given back.
 */
static void
session_drop_journal(struct session *s, char *msg, size_t len)
{
	size_t	n = strlen(msg);

	if (!s->journaling)
		return;
	if (!s->j.written && !s->env.resume) {
		journal_abandon(&s->j);
		return;
	}
	if (unlink(s->j.path) == 0)
		snprintf(msg + n, len - n, "; the partial file %s, which it "
		    "supersedes, was removed", s->j.path);
	else
		snprintf(msg + n, len - n, "; the partial file %s is stale: "
		    "remove it, the fallback holds the whole run", s->j.path);
}

/* Save the finished run; 0, SM_EXIT_SAVED_ELSEWHERE or SM_EXIT_NOT_SAVED. */
static int
session_save(struct session *s)
{
	struct sm_error	 err;
	const char	*to = s->journaling ? s->j.path : s->out[0] ?
			    s->out : NULL;
	char		 msg[sizeof err.msg + 2 * PATH_MAX + 160];

	if (s->nosave)
		return 0;
	if (s->run->nsamples == 0) {
		if (s->journaling)
			journal_abandon(&s->j);
		return 0;
	}
	switch (save_run(s->run, s->self[0] ? s->self : NULL, to,
	    s->force || s->journaling, s->path, sizeof s->path, &err)) {
	case SAVE_OK:
		session_say(s, SESSION_EV_SAVED, s->path);
		return 0;
	case SAVE_FALLBACK:
		snprintf(msg, sizeof msg, "%s; the run is saved in %s instead",
		    err.msg, s->path);
		session_drop_journal(s, msg, sizeof msg);
		session_say(s, SESSION_EV_NOT_SAVED, msg);
		return SM_EXIT_SAVED_ELSEWHERE;
	default:
		s->path[0] = '\0';
		snprintf(msg, sizeof msg, "%s; no file could take the run",
		    err.msg);
		/* A name claimed and never written goes; a journal stays. */
		if (s->journaling && s->j.written)
			snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
			    "; %s holds it as it was last saved as it went",
			    s->j.path);
		else if (s->journaling)
			journal_abandon(&s->j);
		session_say(s, SESSION_EV_NOT_SAVED, msg);
		return SM_EXIT_NOT_SAVED;
	}
}

/*
 * End the run (cancelling it if it still goes on), record its status,
 * save it; the exit status: a failed save wins, then an interruption,
 * then a failed sample.
 */
int
session_end(struct session *s)
{
	int	save;

	if (s->ended)
		return 0;
	if (s->r != NULL) {
		runner_cancel(s->r);
		session_wait(s);
	}
	s->ended = 1;
	run_meta_set(s->run, "status", s->cancelled ? "interrupted" :
	    "complete");
	session_warn_end(s);
	save = session_save(s);
	if (s->journaling)
		journal_release(&s->j);
	if (save != 0)
		return save;
	if (s->cancelled)
		return SM_EXIT_INTERRUPTED;
	return run_failed(s->run) ? SM_EXIT_SAMPLE_FAILED : 0;
}

/* Free the session (ending it first if the caller has not). */
void
session_free(struct session *s)
{
	if (s == NULL)
		return;
	if (!s->ended)
		session_end(s);
	plan_free(&s->plan);
	free(s);
}
