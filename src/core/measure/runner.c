/*
 * The runner: forks the copies of each sample, releases them together,
 * collects what they report and turns it into samples of a struct run,
 * telling its caller through events.  It owns every child process and the
 * run's private temporary directory; no thread, no global state.
 *
 * The caller drives it: poll() runner_fd() for at most runner_timeout_ms(),
 * then call runner_step().  The CLI does that in runner_wait(); the
 * console does it in its own loop beside the keyboard.
 *
 * One sample moves through these states:
 *
 *   SETUP ---- all copies READY: close the go pipe ----> TIMED
 *     |                                                    |
 *     |  a copy fails, or the deadline passes:             | every copy has
 *     |  kill every copy's process group                   | reported or died
 *     v                                                    v
 *   REAP <--------------------------------------------------
 *     |  every copy reaped (waitpid)
 *     v
 *   the sample is recorded, the next one starts (or FINISHED)
 *
 * Invariants: a sample's copies are all forked before any is released;
 * each copy leads its own process group, so killing -pid also kills the
 * partners a benchmark forked; nothing of a sample survives its REAP:
 * the groups are killed again once the copies are reaped, and what left
 * them (setsid) is found and ended by sweep.c.
 *
 * Before SETUP a sample may run the user's --setup and --prepare hooks
 * (runner_hooks.c).  Which sample comes next is runner_schedule.c's job;
 * what a sample's copies reported becomes a sample of the run in
 * runner_record.c; the plan's checks, estimates and -c parsing are in
 * runner_plan.c; where the runner is and the events it sends, in
 * runner_emit.c.  They share the runner's private state through
 * runner_int.h, and none calls back into this file: the schedule and the
 * hooks say what comes next, and this file does it.  What does not touch
 * that state (running a hook, loading a plan to resume, saving as the run
 * goes, the sweep) lives in hooks.c, resume.c, journal.c and sweep.c.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* wait4(): a copy's rusage as it is reaped */

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"
#include "runner_int.h"

static void	runner_start_sample(struct runner *);
static void	runner_finish(struct runner *, int);

/*
 * How long a sample may take before the grace period starts: its
 * duration, or for a calibrated bench, whose length -d does not set,
 * enough for calibration and the prepare() work of its batches.
 */
static double
runner_sample_seconds(const struct runner *r)
{
	if (runner_cur(r)->timing == BENCH_CALIBRATED)
		return RUNNER_CAL_SECONDS;
	return r->plan.duration;
}

/*
 * The grace period of a sample: more copies take longer to fork, set up,
 * and (sharing the CPUs) to finish, report and exit.
 */
static double
runner_grace(const struct runner *r)
{
	return r->grace + RUNNER_SETUP_PER_COPY * runner_copies(r);
}

/*
 * How long a sample's setup may take: the grace period, and for a test
 * whose setup is the user's (a suite's setup, -w warm-ups) its own bound.
 */
static double
runner_setup_seconds(const struct runner *r)
{
	return runner_grace(r) + runner_cur(r)->setup_seconds;
}

/* Remember the first reason a sample failed; later ones are consequences. */
static void
runner_fail(struct runner *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The setup outlasted its bound: what it was, and the bound, said. */
static void
runner_setup_late(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	char			*v;

	if (!(b->setup_seconds > 0)) {
		runner_fail(r, "timed out in setup after %.1f s",
		    runner_setup_seconds(r));
		return;
	}
	if (b->setup_what == NULL) {
		runner_fail(r, "timed out in setup after %.1f s: the -w "
		    "warm-up executions may take %g s (--setup-timeout)",
		    runner_setup_seconds(r), b->setup_seconds);
		return;
	}
	v = xvisible(b->setup_what, 0);
	runner_fail(r, "timed out in setup after %.1f s: the suite's setup "
	    "\"%.60s%s\" (and any -w warm-ups) may take %g s "
	    "(--setup-timeout)", runner_setup_seconds(r), v,
	    strlen(v) > 60 ? "..." : "", b->setup_seconds);
	free(v);
}

static void
runner_fail(struct runner *r, const char *fmt, ...)
{
	va_list	ap;
	char	full[2 * PATH_MAX + 512];

	if (r->fail[0] != '\0')
		return;
	va_start(ap, fmt);
	vsnprintf(full, sizeof full, fmt, ap);
	/* A long TMPDIR in it must not push the cause out. */
	bench_squeeze(r->fail, sizeof r->fail, full);
	va_end(ap);
}

static void
runner_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Kill every copy's process group, partners included, and start reaping. */
static void
runner_kill_all(struct runner *r)
{
	for (int i = 0; i < r->ncopy; i++)
		if (r->copy[i].pid > 0 && !r->copy[i].reaped)
			kill(-r->copy[i].pid, SIGKILL);
	runner_close(&r->gofd);
	r->state = RUNNER_REAP;
	if (r->killed_at == 0)
		r->killed_at = sm_now_ns();
}

/*
 * A copy SIGKILL has not ended in RUNNER_KILL_WAIT_NS is stuck in the
 * kernel (a frozen or dead file system, a hung device): waiting longer
 * could be forever.  Each is named by pid and left; the run stops, and
 * its private directory, perhaps on that very file system, is left too.
 */
static void
runner_abandon(struct runner *r)
{
	size_t	n;

	for (int i = 0; i < r->ncopy; i++) {
		if (r->copy[i].reaped || r->copy[i].pid <= 0)
			continue;
		/* This outranks the failure that led to the kill: add it. */
		n = strlen(r->fail);
		snprintf(r->fail + n, sizeof r->fail - n, "%scopy %d (pid %ld) "
		    "did not die within %llu s of SIGKILL and is left behind",
		    n > 0 ? "; " : "", i + 1, (long)r->copy[i].pid,
		    (unsigned long long)(RUNNER_KILL_WAIT_NS / 1000000000u));
		r->copy[i].reaped = 1;
		r->stuck = 1;
	}
}

/* ---- Starting a sample ---- */

static pid_t
runner_fork_copy(struct runner *r, int i, int wfd, int gfd)
{
	struct sampler_args	a;
	char			dir[PATH_MAX];
	pid_t			pid;

	if (snprintf(dir, sizeof dir, "%s/c%d", r->sampledir, i) >=
	    (int)sizeof dir || mkdir(dir, 0700) != 0) {
		runner_fail(r, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if ((pid = fork()) < 0) {
		runner_fail(r, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* What it leaves running is found by this (sweep.c). */
		setenv(SWEEP_VAR, r->tmpdir, 1);
		memset(&a, 0, sizeof a);
		a.bench = runner_copy_bench(r, i, &a.pin);
		a.copy = i;
		a.copies = r->ncopy;
		a.report_fd = wfd;
		a.go_fd = gfd;
		a.parent = getppid();
		a.duration = r->plan.duration;
		a.tmpdir = dir;
		a.self_exe = r->env.self_exe;
		a.probe = &r->probe;
		sampler_child(&a);
	}
	/* Also done by the child: whichever runs first wins the race. */
	setpgid(pid, pid);
	return pid;
}

/*
 * Do what the schedule says comes next: start the sample of the slot it
 * entered, or finish the run; a pause between repeats ends in
 * runner_step().  The schedule only says, so that it never calls back
 * into this file.
 */
static void
runner_go(struct runner *r, enum runner_go go)
{
	if (go == RUNNER_GO_SAMPLE)
		runner_start_sample(r);
	else if (go == RUNNER_GO_FINISH)
		runner_finish(r, 0);
}

/*
 * The sample ends before it starts: skipped (the bench cannot run here,
 * and one skipped sample stands for all of this copies value) or failed
 * (a hook failed; with pair, as --setup's, for all of it), and the run
 * moves on.
 */
static void
runner_skip_as(struct runner *r, enum run_status status, int pair,
    const char *why)
{
	struct run_sample	*s = runner_new_sample(r);
	struct runner_event	 ev;

	s->status = status;
	s->value = NAN;
	run_sample_reason(s, why);
	if (pair)
		r->skipped[r->slot[r->pos].pair] = 1;
	r->done++;
	memset(&ev, 0, sizeof ev);
	ev.type = status == RUN_SKIPPED ? RUNNER_EV_SKIPPED : RUNNER_EV_ERROR;
	ev.sample = r->sample;
	ev.rs = s;
	ev.msg = s->reason;
	runner_emit(r, &ev);
	runner_emit_type(r, RUNNER_EV_PROGRESS);
	runner_go(r, runner_next(r));
}

static void
runner_skip(struct runner *r, const char *why)
{
	runner_skip_as(r, RUN_SKIPPED, 1, why);
}

static void
runner_start_sample(struct runner *r)
{
	const char	*why;
	char		 hook[256];
	int		 rp[2], gp[2], rc, pair;

	if (runner_cur(r)->available != NULL &&
	    (why = runner_cur(r)->available()) != NULL) {
		runner_skip(r, why);
		return;
	}
	if ((rc = runner_hooks_before(r, hook, sizeof hook, &pair)) > 0)
		runner_skip_as(r, RUN_FAILED, pair, hook);
	if (rc != 0)
		return;

	r->ncopy = runner_slot_copies(r);
	r->copy = xcalloc((size_t)r->ncopy, sizeof *r->copy);
	r->fail[0] = '\0';
	r->eof = 0;
	r->buflen = 0;
	r->state = RUNNER_SETUP;
	r->killed_at = 0;
	r->busy = sysinfo_busy();
	r->deadline = sm_now_ns() + (uint64_t)(runner_setup_seconds(r) * 1e9);
	runner_emit_type(r, RUNNER_EV_SAMPLE_START);
	if (snprintf(r->sampledir, sizeof r->sampledir, "%s/s%zu",
	    r->tmpdir, r->done) >= (int)sizeof r->sampledir ||
	    mkdir(r->sampledir, 0700) != 0) {
		runner_fail(r, "%s: %s", r->sampledir, strerror(errno));
		r->state = RUNNER_REAP;
		return;
	}
	if (pipe(rp) != 0) {
		runner_fail(r, "pipe: %s", strerror(errno));
		r->state = RUNNER_REAP;
		return;
	}
	if (pipe(gp) != 0) {
		runner_fail(r, "pipe: %s", strerror(errno));
		close(rp[0]);
		close(rp[1]);
		r->state = RUNNER_REAP;
		return;
	}
	for (int i = 0; i < r->ncopy && r->fail[0] == '\0'; i++)
		r->copy[i].pid = runner_fork_copy(r, i, rp[1], gp[0]);
	close(rp[1]);
	close(gp[0]);
	r->rfd = rp[0];
	r->gofd = gp[1];
	fcntl(r->rfd, F_SETFL, O_NONBLOCK);
	fcntl(r->rfd, F_SETFD, FD_CLOEXEC);
	fcntl(r->gofd, F_SETFD, FD_CLOEXEC);
	if (r->fail[0] != '\0')
		runner_kill_all(r);
}

/* ---- What the copies report ---- */

static void
runner_release(struct runner *r)
{
	for (int i = 0; i < r->ncopy; i++)
		if (!r->copy[i].ready)
			return;
	runner_close(&r->gofd);
	r->state = RUNNER_TIMED;
	r->deadline = sm_now_ns() +
	    (uint64_t)((runner_sample_seconds(r) + runner_grace(r)) * 1e9);
}

static void
runner_message(struct runner *r, const struct bench_msg *m)
{
	struct runner_copy	*c;

	if (m->magic != BENCH_MSG_MAGIC || m->copy < 0 || m->copy >= r->ncopy ||
	    m->type < BENCH_MSG_READY || m->type > BENCH_MSG_ERROR) {
		runner_fail(r, "malformed record on the result pipe");
		runner_kill_all(r);
		return;
	}
	c = &r->copy[m->copy];
	switch (m->type) {
	case BENCH_MSG_READY:
		c->ready = 1;
		if (r->state == RUNNER_SETUP)
			runner_release(r);
		break;
	case BENCH_MSG_RESULT:
		c->reported = 1;
		c->iterations = m->iterations;
		c->elapsed_ns = m->elapsed_ns;
		c->overhead_ns = m->overhead_ns;
		c->execs = m->execs;
		snprintf(c->where, sizeof c->where, "%.*s",
		    (int)sizeof m->text - 1, m->text);
		if (c->overhead_ns >= c->elapsed_ns && c->overhead_ns > 0)
			runner_fail(r, "copy %d: the overhead subtracted "
			    "(%llu ns) exceeds the batch (%llu ns)",
			    m->copy + 1, (unsigned long long)c->overhead_ns,
			    (unsigned long long)c->elapsed_ns);
		break;
	case BENCH_MSG_ERROR:
		runner_fail(r, "copy %d: %.*s", m->copy + 1,
		    (int)sizeof m->text, m->text);
		runner_kill_all(r);
		break;
	}
}

static void
runner_read(struct runner *r)
{
	ssize_t	n;

	while (r->rfd >= 0) {
		n = read(r->rfd, r->buf + r->buflen, sizeof r->buf - r->buflen);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return;
		if (n == 0) {
			if (r->buflen != 0)
				runner_fail(r, "malformed record on the "
				    "result pipe (truncated)");
			r->eof = 1;
			runner_close(&r->rfd);
			return;
		}
		r->buflen += (size_t)n;
		if (r->buflen == sizeof r->buf) {
			struct bench_msg	m;

			memcpy(&m, r->buf, sizeof m);
			r->buflen = 0;
			runner_message(r, &m);
		}
	}
}

/* ---- Ending a sample ---- */

static void
runner_reaped(struct runner *r, int i, int status)
{
	struct runner_copy	*c = &r->copy[i];

	c->reaped = 1;
	if (WIFSIGNALED(status)) {
		runner_fail(r, "copy %d: killed by %s", i + 1,
		    sm_signame(WTERMSIG(status)));
		runner_kill_all(r);
	} else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		runner_fail(r, "copy %d: exited with status %d", i + 1,
		    WEXITSTATUS(status));
		runner_kill_all(r);
	} else if (!c->reported) {
		/*
		 * Its result may have come after the last read (with many
		 * copies, often): drain the pipe before judging.
		 */
		runner_read(r);
		if (!c->reported) {
			runner_fail(r, "copy %d: exited without a result",
			    i + 1);
			runner_kill_all(r);
		}
	}
}

/* Reap what has exited; 1 when every copy has been reaped. */
static int
runner_reap(struct runner *r)
{
	int	status, all = 1;
	pid_t	pid;

	for (int i = 0; i < r->ncopy; i++) {
		if (r->copy[i].reaped)
			continue;
		if (r->copy[i].pid <= 0) {
			r->copy[i].reaped = 1;
			continue;
		}
		pid = wait4(r->copy[i].pid, &status, WNOHANG, &r->copy[i].ru);
		if (pid == r->copy[i].pid)
			runner_reaped(r, i, status);
		else if (pid < 0 && errno == ECHILD)
			r->copy[i].reaped = 1;
		else
			all = 0;
	}
	return all;
}

/* After SIGKILL: wait for the copies, but not for one that cannot die. */
static void
runner_reap_blocking(struct runner *r)
{
	int	status;

	for (;;) {
		int	all = 1;

		for (int i = 0; i < r->ncopy; i++) {
			if (r->copy[i].reaped || r->copy[i].pid <= 0)
				continue;
			if (waitpid(r->copy[i].pid, &status, WNOHANG) != 0)
				r->copy[i].reaped = 1;
			else
				all = 0;
		}
		if (all)
			return;
		if (sm_now_ns() - r->killed_at >= RUNNER_KILL_WAIT_NS) {
			runner_abandon(r);
			return;
		}
		poll(NULL, 0, 10);
	}
}


/*
 * Nothing of a sample outlives it: each copy's group is killed even when
 * the copy itself has been reaped (a command's background processes stay
 * in it), and what left the group is swept up too, counted for the run.
 */
static void
runner_end_sample(struct runner *r)
{
	pid_t	*gone = xcalloc((size_t)r->ncopy + 1, sizeof *gone);
	size_t	 ngone = 0;

	for (int i = 0; i < r->ncopy; i++)
		if (r->copy[i].pid > 0 && !r->copy[i].reaped)
			kill(-r->copy[i].pid, SIGKILL);
		else if (r->copy[i].pid > 0)
			gone[ngone++] = r->copy[i].pid;
	r->ended += sweep_groups(gone, ngone);
	free(gone);
	if (r->ncopy > 0 && !r->stuck)
		r->ended += sweep_orphans(r->mark);
	runner_close(&r->rfd);
	runner_close(&r->gofd);
	free(r->copy);
	r->copy = NULL;
	r->ncopy = 0;
	/* A stuck copy's file system may hang whoever touches it. */
	if (!r->stuck)
		sm_rmtree(r->sampledir);
}

static void
runner_finish(struct runner *r, int cancelled)
{
	struct runner_event	ev;

	r->state = RUNNER_DONE;
	r->cancelled = cancelled;
	runner_hooks_after(r);
	runner_note_machine(r);
	runner_duet_finish(r);
	if (r->ended > 0) {
		char	n[16];

		snprintf(n, sizeof n, "%d", r->ended);
		run_meta_set(r->run, "processes_ended", n);
	}
	if (!r->stuck)
		sm_rmtree(r->tmpdir);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_FINISHED;
	ev.cancelled = cancelled;
	ev.bench = NULL;
	if (r->stuck)
		ev.msg = r->tmpdir;	/* left behind, with the stuck copy */
	runner_emit(r, &ev);
}

static void
runner_free_schedule(struct runner *r)
{
	free(r->setup);
	free(r->have);
	free(r->skipped);
	free(r->next);
	free(r->slot);
}

struct runner *
runner_start(const struct plan *plan, const struct runner_env *env,
    struct run *run, runner_cb cb, void *arg, struct sm_error *err)
{
	struct runner	*r;
	char		 idle[256];
	double		 grace = env->grace > 0 ? env->grace :
			     runner_default_grace(plan->duration);

	/* A run whose facts could not be saved never starts. */
	if (runner_check(plan, grace, err) != 0 ||
	    csvstore_check(run, err) != 0)
		return NULL;
	r = xcalloc(1, sizeof *r);
	r->plan = *plan;
	r->env = *env;
	r->grace = grace;
	r->run = run;
	r->cb = cb;
	r->arg = arg;
	r->rfd = r->gofd = -1;
	r->npair = plan->nbench * plan->ncopies;
	r->skipped = xcalloc(r->npair, 1);
	r->setup = xcalloc(plan->nbench, sizeof *r->setup);
	r->next = xcalloc(r->npair, sizeof *r->next);
	r->nrepeat = plan->repeats > 1 ? plan->repeats : 1;
	r->repeat = 1;
	if (r->plan.seed == 0)
		r->plan.seed = sm_now_ns() ^ ((uint64_t)getpid() << 32);
	sm_rng_seed(&r->rng, r->plan.seed);
	r->have_cpu = sysinfo_cpu_times(&r->steal0, &r->total0) == 0;
	for (size_t i = 0; i < plan->nbench; i++)
		if (plan->benches[i]->timing == BENCH_CALIBRATED) {
			sampler_probe(&r->probe, run);
			break;
		}
	if (privdir_make(r->tmpdir, sizeof r->tmpdir, err) != 0) {
		runner_free_schedule(r);
		free(r);
		return NULL;
	}
	snprintf(r->mark, sizeof r->mark, "%s=%s", SWEEP_VAR, r->tmpdir);
	sweep_subreaper();
	tools_record(run, plan->benches, plan->nbench);
	fsinfo_collect(run, r->tmpdir);
	/* Kept in the file whatever the caller prints (run -q). */
	if (sysinfo_not_idle(idle, sizeof idle))
		run_meta_set(run, "idle_warning", idle);
	/* The plan as it runs, its seed included: a resume replays it. */
	plan_write(&r->plan, run);
	if (env->resume) {
		runner_resume(r);
		runner_duet_resume(r);
	}
	runner_build_repeat(r);
	runner_emit_type(r, RUNNER_EV_RUN_START);
	runner_go(r, runner_seek(r) ? runner_enter_slot(r, 1) :
	    runner_end_repeat(r, 0));
	return r;
}

/* The descriptor to poll for reading, or -1 when there is none. */
int
runner_fd(const struct runner *r)
{
	return r->state == RUNNER_DONE ? -1 : r->rfd;
}

/* How long the caller may sleep before runner_step() is due. */
int
runner_timeout_ms(const struct runner *r)
{
	uint64_t	now, left;

	if (r->state == RUNNER_DONE)
		return -1;
	if (r->cancel_pending)
		return 0;
	if (r->state == RUNNER_PAUSE) {
		now = sm_now_ns();
		return r->deadline > now ? (int)((r->deadline - now) /
		    1000000 + 1) : 0;
	}
	if (r->state == RUNNER_REAP || r->eof)
		return 5;
	now = sm_now_ns();
	left = r->deadline > now ? (r->deadline - now) / 1000000 + 1 : 0;
	return left < RUNNER_REAP_POLL_MS ? (int)left : RUNNER_REAP_POLL_MS;
}

/* Handle what has happened; returns 1 once the run is over. */
int
runner_step(struct runner *r)
{
	int	all_reported = 1;

	if (r->state == RUNNER_DONE)
		return 1;
	if (r->cancel_pending) {
		runner_cancel(r);
		return 1;
	}
	if (r->state == RUNNER_PAUSE) {
		if (sm_now_ns() < r->deadline)
			return 0;
		runner_go(r, runner_seek(r) ? runner_enter_slot(r, 1) :
		    runner_end_repeat(r, r->slot[0].pair));
		return r->state == RUNNER_DONE;
	}
	runner_read(r);
	for (int i = 0; i < r->ncopy; i++)
		all_reported &= r->copy[i].reported;
	if (r->state != RUNNER_REAP && (r->eof || all_reported))
		r->state = RUNNER_REAP;
	if (r->state != RUNNER_REAP && sm_now_ns() >= r->deadline) {
		if (r->state == RUNNER_SETUP)
			runner_setup_late(r);
		else
			runner_fail(r, "timed out after %.1f s",
			    runner_sample_seconds(r) + runner_grace(r));
		runner_kill_all(r);
	}
	if (!runner_reap(r)) {
		if (r->state == RUNNER_REAP && sm_now_ns() >= r->deadline)
			runner_kill_all(r);
		if (r->killed_at == 0 ||
		    sm_now_ns() - r->killed_at < RUNNER_KILL_WAIT_NS)
			return 0;
		runner_abandon(r);
	}
	/* Every copy is gone: drain what they wrote before dying. */
	runner_read(r);
	if (runner_slot_kind(r) == RUNNER_SLOT_ONE)
		runner_record(r);
	else
		runner_duet_record(r);
	runner_end_sample(r);
	if (r->stuck)
		runner_finish(r, 1);
	else
		runner_go(r, runner_next(r));
	return r->state == RUNNER_DONE;
}

/* Kill the sample in flight and forget it: it never finished. */
static void
runner_drop_sample(struct runner *r)
{
	runner_kill_all(r);
	runner_reap_blocking(r);
	runner_end_sample(r);
}

/*
 * Stop now: kill the copies, keep the samples already recorded.  From
 * inside an event callback the runner is mid-change, so the cancel waits
 * for the next runner_step().
 */
void
runner_cancel(struct runner *r)
{
	if (r->state == RUNNER_DONE)
		return;
	if (r->in_callback) {
		r->cancel_pending = 1;
		return;
	}
	r->cancel_pending = 0;
	runner_drop_sample(r);
	runner_finish(r, 1);
}

/*
 * Give up the current test at its current copies value, as a user asks:
 * the sample in flight is dropped, the finished ones stay, a skipped
 * sample records why, and the run goes on with the next.  Call it between
 * runner_step()s, never from an event callback.
 */
void
runner_skip_test(struct runner *r)
{
	if (r->state == RUNNER_DONE || r->state == RUNNER_PAUSE)
		return;
	runner_drop_sample(r);
	runner_skip(r, "skipped by the user");
}

void
runner_free(struct runner *r)
{
	if (r == NULL)
		return;
	if (r->state != RUNNER_DONE) {
		runner_kill_all(r);
		runner_reap_blocking(r);
		runner_end_sample(r);
		if (!r->stuck)
			sm_rmtree(r->tmpdir);
	}
	runner_free_schedule(r);
	free(r);
}

/*
 * Drive the runner to the end, sleeping in poll() between events.  *stop
 * is a signal handler's flag: once set, the run is cancelled.  Returns 1
 * if cancelled, 0 otherwise.
 */
int
runner_wait(struct runner *r, volatile sig_atomic_t *stop)
{
	struct pollfd	pfd;

	while (r->state != RUNNER_DONE) {
		if (stop != NULL && *stop) {
			runner_cancel(r);
			break;
		}
		pfd.fd = runner_fd(r);
		pfd.events = POLLIN;
		pfd.revents = 0;
		if (poll(&pfd, 1, runner_timeout_ms(r)) < 0 && errno != EINTR)
			sm_fatal("poll: %s", strerror(errno));
		runner_step(r);
	}
	return r->cancelled;
}
