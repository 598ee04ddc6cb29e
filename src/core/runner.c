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
 * Which sample comes next (the schedule): the plan runs repeats times;
 * a repeat is a queue of slots, (test, copies) and sample index.  In
 * grouped order each (test, copies) takes its samples back to back; in
 * interleaved order the samples come in rounds, every (test, copies)
 * getting its k-th sample before any gets its (k+1)-th, each round in an
 * order shuffled afresh from the run's seed (meta order_seed), so that a
 * drift of the machine over the run shows as spread in every test rather
 * than as a shift between tests.  Sample 0, when the plan asks for it, is
 * the warm-up.  With a target (run -C) the queue grows by a round of the
 * tests whose interval is still too wide, or when aiming at an index by
 * one sample of the test that shrinks the index's interval most, until
 * the target or the time cap is reached.  Between repeats the runner may
 * pause (sysmark calibrate spreads its repeats over minutes).
 *
 * Invariants: a sample's copies are all forked before any is released;
 * each copy leads its own process group, so killing -pid also kills the
 * partners a benchmark forked; nothing of a sample survives its REAP:
 * the groups are killed again once the copies are reaped, and what left
 * them (setsid) is found and ended by sweep.c.
 *
 * Before SETUP a sample may run the user's --setup and --prepare hooks
 * (hooks.c) and after the run --cleanup; with run --resume the schedule
 * skips the samples the run already holds (runner_resume()).  The file
 * is long because the states, the schedule and these all work on the
 * runner's private state; what does not (running a hook, loading a plan
 * to resume, saving as the run goes, the sweep) lives in hooks.c,
 * resume.c, journal.c and sweep.c.
 */
/* SPDX-License-Identifier: MIT */

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

#include "core.h"

/* While copies run, wake this often to notice one that died early. */
#define RUNNER_REAP_POLL_MS	250
/* What a calibrated sample may take (it usually takes under a second). */
#define RUNNER_CAL_SECONDS	30.0
/* How long a copy may take to die after SIGKILL before it is left. */
#define RUNNER_KILL_WAIT_NS	(5 * 1000000000ull)
/* Grace each copy adds: forking and setting up 512 takes a while. */
#define RUNNER_SETUP_PER_COPY	0.1
/* Processes one copy may need: itself, a partner, what either execs. */
#define RUNNER_PROCS_PER_COPY	4

enum runner_state {
	RUNNER_SETUP,
	RUNNER_TIMED,
	RUNNER_REAP,
	RUNNER_PAUSE,		/* between repeats */
	RUNNER_DONE
};

/* One sample to take: a (test, copies) pair and the sample's index. */
struct runner_slot {
	size_t	pair;		/* bench * ncopies + copies index */
	int	index;
};

struct runner_copy {
	pid_t		pid;
	int		ready;
	int		reported;
	int		reaped;
	uint64_t	iterations;
	uint64_t	elapsed_ns;
	uint64_t	overhead_ns;	/* calibrated: subtracted */
	char		where[200];	/* placement, if pinned */
};

struct runner {
	struct runner_plan	 plan;
	struct run		*run;
	runner_cb		 cb;
	void			*arg;
	char			 tmpdir[PATH_MAX];
	char			 sampledir[PATH_MAX];

	size_t			 bench;		/* position in the plan */
	size_t			 ci;		/* index into plan.copies */
	int			 sample;	/* 1-based; 0: warm-up */
	size_t			 done;
	size_t			 total;

	size_t			 npair;		/* nbench x ncopies */
	unsigned char		*skipped;	/* per pair: for the run */
	signed char		*setup;		/* per bench: 1 begun, -1
						   --setup failed, 0 not yet */
	int			*next;		/* per pair: next extra index */
	uint64_t		*have;		/* resume: samples held, sorted
						   runner_key()s */
	size_t			 nhave;
	struct runner_slot	*slot;		/* this repeat's queue */
	size_t			 nslot;
	size_t			 pos;
	int			 repeat;	/* 1-based */
	int			 nrepeat;
	struct sm_rng		 rng;
	uint64_t		 t_repeat;	/* when this repeat began */
	int			 busy;		/* others runnable; -1 */
	uint64_t		 steal0;	/* CPU ticks at the start */
	uint64_t		 total0;
	int			 have_cpu;

	enum runner_state	 state;
	int			 in_callback;
	int			 cancel_pending;	/* asked from a callback */
	int			 cancelled;
	int			 rfd;		/* report pipe, read end */
	int			 gofd;		/* barrier, write end */
	struct runner_copy	*copy;
	int			 ncopy;
	uint64_t		 deadline;
	uint64_t		 killed_at;	/* when SIGKILL went out */
	int			 stuck;		/* a copy would not die */
	int			 ended;		/* leftovers swept (sweep.c) */
	char			 mark[PATH_MAX + 32];	/* SWEEP_VAR=tmpdir */
	int			 eof;
	char			 fail[256];	/* first failure reason */
	unsigned char		 buf[sizeof(struct sampler_msg)];
	size_t			 buflen;
	struct sampler_probe	 probe;		/* for calibrated benches */
};

static void	runner_emit(struct runner *, struct runner_event *);
static void	runner_next(struct runner *);
static long	runner_nproc(void);
static void	runner_start_sample(struct runner *);
static void	runner_note_machine(struct runner *);
static int	runner_held(const struct runner *, const struct runner_slot *);
static int	runner_seek(struct runner *);
static void	runner_end_repeat(struct runner *, size_t);
static void	runner_resume(struct runner *);

static const struct bench *
runner_cur(const struct runner *r)
{
	return r->plan.benches[r->bench];
}

static int
runner_copies(const struct runner *r)
{
	return r->plan.copies[r->ci];
}

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
	return r->plan.grace + RUNNER_SETUP_PER_COPY * runner_copies(r);
}

static void
runner_emit(struct runner *r, struct runner_event *ev)
{
	if (ev->bench == NULL && r->bench < r->plan.nbench)
		ev->bench = runner_cur(r);
	if (ev->copies == 0 && r->ci < r->plan.ncopies)
		ev->copies = runner_copies(r);
	ev->nsamples = r->plan.samples;
	ev->repeat = r->repeat;
	ev->duration = r->plan.duration;
	ev->done = r->done;
	ev->total = r->total;
	r->in_callback++;
	r->cb(ev, r->arg);
	r->in_callback--;
}

static void
runner_emit_type(struct runner *r, enum runner_ev_type type)
{
	struct runner_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = type;
	ev.sample = r->sample;
	runner_emit(r, &ev);
}

/* Remember the first reason a sample failed; later ones are consequences. */
static void
runner_fail(struct runner *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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
	sm_squeeze(r->fail, sizeof r->fail, full);
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
		a.bench = runner_cur(r);
		a.copy = i;
		a.copies = r->ncopy;
		a.report_fd = wfd;
		a.go_fd = gfd;
		a.parent = getppid();
		a.duration = r->plan.duration;
		a.tmpdir = dir;
		a.self_exe = r->plan.self_exe;
		a.probe = &r->probe;
		sampler_child(&a);
	}
	/* Also done by the child: whichever runs first wins the race. */
	setpgid(pid, pid);
	return pid;
}

/* A new sample of the current bench, its identity filled in. */
static struct run_sample *
runner_new_sample(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	struct run_sample	*s = run_add_sample(r->run);

	snprintf(s->test, sizeof s->test, "%s", b->id);
	snprintf(s->unit, sizeof s->unit, "%s", b->unit);
	s->version = b->version;
	s->copies = runner_copies(r);
	s->index = r->sample;
	s->repeat = r->repeat;
	s->session = r->plan.session > 1 ? r->plan.session : 1;
	s->busy = r->busy >= 0 ? r->busy : NAN;
	/* A calibrated sample lasts one batch, whatever -d says. */
	s->duration = b->timing == BENCH_CALIBRATED ? 0 : r->plan.duration;
	return s;
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
	runner_next(r);
}

static void
runner_skip(struct runner *r, const char *why)
{
	runner_skip_as(r, RUN_SKIPPED, 1, why);
}

/* ---- The user's hooks (hooks.c) ---- */

/* Run hook cmd for the current sample; a hooks_outcome, why if not OK. */
static int
runner_hook(struct runner *r, const char *what, const char *cmd,
    char *why, size_t len)
{
	struct hooks_call	c;

	memset(&c, 0, sizeof c);
	c.what = what;
	c.cmd = cmd;
	c.test = runner_cur(r)->id;
	c.copies = runner_copies(r);
	c.sample = r->sample;
	c.repeat = r->repeat;
	c.timeout = HOOKS_TIMEOUT;
	c.stop = r->plan.stop;
	return hooks_run(&c, why, len);
}

/* A hook's wait ended by the stop flag: the sample is to be cancelled. */
static int
runner_hooks_stop(struct runner *r)
{
	r->cancel_pending = 1;
	r->state = RUNNER_REAP;
	return -1;
}

/*
 * Before a sample: --setup, if this test has not had it, then --prepare.
 * 0 to take the sample; -1 when it is over already: failed (a failed
 * setup fails the test at every copies value, a failed prepare this
 * sample) or, when the stop flag ended a hook, to be cancelled.
 */
static int
runner_hooks_before(struct runner *r)
{
	char	why[256];
	int	rc;

	if (r->setup[r->bench] == 0 && r->plan.setup != NULL) {
		rc = runner_hook(r, "--setup", r->plan.setup, why, sizeof why);
		if (rc == HOOKS_INTERRUPTED)
			return runner_hooks_stop(r);
		r->setup[r->bench] = rc == HOOKS_OK ? 1 : -1;
		if (rc != HOOKS_OK) {
			runner_skip_as(r, RUN_FAILED, 1, why);
			return -1;
		}
	}
	if (r->setup[r->bench] < 0) {
		runner_skip_as(r, RUN_FAILED, 1, "--setup failed for this "
		    "test (its first failure says how)");
		return -1;
	}
	r->setup[r->bench] = 1;		/* begun: --cleanup is due */
	if (r->plan.prepare == NULL)
		return 0;
	rc = runner_hook(r, "--prepare", r->plan.prepare, why, sizeof why);
	if (rc == HOOKS_OK)
		return 0;
	if (rc == HOOKS_INTERRUPTED)
		return runner_hooks_stop(r);
	runner_skip_as(r, RUN_FAILED, 0, why);
	return -1;
}

/*
 * After the run: --cleanup for each test that began, however the run
 * ended; a failure is kept in the meta (cleanup_failed.TEST), since
 * every sample is measured by then.
 */
static void
runner_hooks_after(struct runner *r)
{
	char	why[256], key[64];

	for (size_t b = 0; r->plan.cleanup != NULL && b < r->plan.nbench;
	    b++) {
		struct hooks_call	c;

		if (r->setup[b] != 1)
			continue;
		memset(&c, 0, sizeof c);
		c.what = "--cleanup";
		c.cmd = r->plan.cleanup;
		c.test = r->plan.benches[b]->id;
		c.timeout = HOOKS_TIMEOUT;
		if (hooks_run(&c, why, sizeof why) == HOOKS_OK)
			continue;
		snprintf(key, sizeof key, "cleanup_failed.%s", c.test);
		run_meta_set(r->run, key, why);
	}
}

static void
runner_start_sample(struct runner *r)
{
	const char	*why;
	int		 rp[2], gp[2];

	if (runner_cur(r)->available != NULL &&
	    (why = runner_cur(r)->available()) != NULL) {
		runner_skip(r, why);
		return;
	}
	if (runner_hooks_before(r) != 0)
		return;

	r->ncopy = runner_copies(r);
	r->copy = xcalloc((size_t)r->ncopy, sizeof *r->copy);
	r->fail[0] = '\0';
	r->eof = 0;
	r->buflen = 0;
	r->state = RUNNER_SETUP;
	r->killed_at = 0;
	r->busy = sysinfo_busy();
	r->deadline = sm_now_ns() + (uint64_t)(runner_grace(r) * 1e9);
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
runner_message(struct runner *r, const struct sampler_msg *m)
{
	struct runner_copy	*c;

	if (m->magic != SAMPLER_MAGIC || m->copy < 0 || m->copy >= r->ncopy ||
	    m->type < SAMPLER_READY || m->type > SAMPLER_ERROR) {
		runner_fail(r, "malformed record on the result pipe");
		runner_kill_all(r);
		return;
	}
	c = &r->copy[m->copy];
	switch (m->type) {
	case SAMPLER_READY:
		c->ready = 1;
		if (r->state == RUNNER_SETUP)
			runner_release(r);
		break;
	case SAMPLER_RESULT:
		c->reported = 1;
		c->iterations = m->iterations;
		c->elapsed_ns = m->elapsed_ns;
		c->overhead_ns = m->overhead_ns;
		snprintf(c->where, sizeof c->where, "%.*s",
		    (int)sizeof m->text - 1, m->text);
		if (c->overhead_ns >= c->elapsed_ns && c->overhead_ns > 0)
			runner_fail(r, "copy %d: the overhead subtracted "
			    "(%llu ns) exceeds the batch (%llu ns)",
			    m->copy + 1, (unsigned long long)c->overhead_ns,
			    (unsigned long long)c->elapsed_ns);
		break;
	case SAMPLER_ERROR:
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
			struct sampler_msg	m;

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
		pid = waitpid(r->copy[i].pid, &status, WNOHANG);
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

/* What a pinned or calibrated sample adds: where it ran, what was taken off. */
static void
runner_record_meta(struct runner *r, const struct bench *b)
{
	char	key[64], val[64];

	if (r->copy[0].where[0] != '\0') {
		snprintf(key, sizeof key, "placement.%s", b->id);
		run_meta_set(r->run, key, r->copy[0].where);
	}
	if (b->timing != BENCH_CALIBRATED || r->copy[0].iterations == 0)
		return;
	snprintf(key, sizeof key, "overhead_ns.%s", b->id);
	snprintf(val, sizeof val, "%.4g", (double)r->copy[0].overhead_ns /
	    (double)r->copy[0].iterations);
	run_meta_set(r->run, key, val);
}

/*
 * A figure no run file may hold (a latency of 0, say, when the overhead
 * took the whole batch) fails its sample: a run is never measured that
 * could not be saved.
 */
static void
runner_check_figure(struct run_sample *s)
{
	char	why[160];

	if (csvstore_check_sample(s, why, sizeof why) == 0)
		return;
	free(s->per_copy);
	s->per_copy = NULL;
	s->status = RUN_FAILED;
	s->value = NAN;
	run_sample_reason(s, why);
}

/*
 * What the plan's collect() takes from the copies' files, for a counted
 * sample that succeeded; if it fails, so does the sample.
 */
static void
runner_collect(struct runner *r, struct run_sample *s)
{
	if (r->plan.collect == NULL || s->status != RUN_OK ||
	    s->index == RUN_WARMUP ||
	    r->plan.collect(r->plan.collect_arg, r->sampledir, s, r->run) == 0)
		return;
	free(s->per_copy);
	s->per_copy = NULL;
	s->status = RUN_FAILED;
	s->value = NAN;
}

static void
runner_record(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	struct run_sample	*s = runner_new_sample(r);
	struct runner_event	 ev;

	cpufreq_sample(s);
	if (r->fail[0] != '\0') {
		s->status = RUN_FAILED;
		s->value = NAN;
		run_sample_reason(s, r->fail);
	} else {
		s->per_copy = xcalloc((size_t)r->ncopy, sizeof *s->per_copy);
		for (int i = 0; i < r->ncopy; i++) {
			struct runner_copy *c = &r->copy[i];

			s->per_copy[i] = sampler_figure(b, c->iterations,
			    c->elapsed_ns - c->overhead_ns);
			s->value += s->per_copy[i];
			s->iterations += c->iterations;
			if ((double)c->elapsed_ns / 1e9 > s->elapsed)
				s->elapsed = (double)c->elapsed_ns / 1e9;
		}
		/* Rates add up across copies; a cost per operation does not. */
		if (b->dir == BENCH_LOWER)
			s->value /= r->ncopy;
		runner_record_meta(r, b);
		runner_check_figure(s);
		runner_collect(r, s);
	}
	r->done++;
	memset(&ev, 0, sizeof ev);
	ev.type = s->status == RUN_OK ? RUNNER_EV_SAMPLE : RUNNER_EV_ERROR;
	ev.sample = r->sample;
	ev.rs = s;
	ev.msg = s->status == RUN_OK ? NULL : s->reason;
	runner_emit(r, &ev);
	runner_emit_type(r, RUNNER_EV_PROGRESS);
}

static void
runner_bench_done(struct runner *r, size_t pair)
{
	const struct bench	*b = r->plan.benches[pair / r->plan.ncopies];
	int			 c = r->plan.copies[pair % r->plan.ncopies];
	struct run_group	 g = { b->id, c };
	struct runner_event	 ev;
	struct stats		 st;

	run_group_stats(r->run, &g, &st);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_BENCH_DONE;
	ev.bench = b;
	ev.copies = c;
	ev.stats = &st;
	runner_emit(r, &ev);
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

/*
 * What the machine did during the run: the load average at the end and
 * the share of CPU time the hypervisor stole (on a VM), beside the facts
 * sysinfo took at the start.
 */
static void
runner_note_machine(struct runner *r)
{
	uint64_t	steal, total;
	char		buf[32];

	snprintf(buf, sizeof buf, "%.2f", sysinfo_loadavg());
	run_meta_set(r->run, "load_average_end", buf);
	if (!r->have_cpu || sysinfo_cpu_times(&steal, &total) != 0 ||
	    total <= r->total0)
		return;
	snprintf(buf, sizeof buf, "%.2f", 100.0 * (double)(steal - r->steal0) /
	    (double)(total - r->total0));
	run_meta_set(r->run, "steal_percent", buf);
}

/* ---- The schedule ---- */

static void
runner_push(struct runner *r, size_t pair, int index)
{
	r->slot = xreallocarray(r->slot, r->nslot + 1, sizeof *r->slot);
	r->slot[r->nslot++] = (struct runner_slot){ pair, index };
	r->total++;
}

/* Push one sample of each pair in pairs[], in a shuffled order. */
static void
runner_push_round(struct runner *r, size_t *pairs, size_t n, int index)
{
	if (r->plan.order == RUNNER_ORDER_INTERLEAVED)
		sm_rng_shuffle(&r->rng, pairs, n);
	for (size_t i = 0; i < n; i++)
		runner_push(r, pairs[i], index >= 0 ? index :
		    r->next[pairs[i]]++);
}

/* The queue of a repeat: the fixed samples, in rounds or grouped. */
static void
runner_build_repeat(struct runner *r)
{
	size_t	*pairs = xcalloc(r->npair, sizeof *pairs), n = 0;
	int	 first = r->plan.warmup ? RUN_WARMUP : 1;

	r->nslot = r->pos = 0;
	r->t_repeat = sm_now_ns();
	for (size_t p = 0; p < r->npair; p++) {
		r->next[p] = r->plan.samples + 1;
		if (!r->skipped[p])
			pairs[n++] = p;
	}
	if (r->plan.order == RUNNER_ORDER_GROUPED) {
		for (size_t i = 0; i < n; i++)
			for (int k = first; k <= r->plan.samples; k++)
				runner_push(r, pairs[i], k);
	} else {
		for (int k = first; k <= r->plan.samples; k++)
			runner_push_round(r, pairs, n, k);
	}
	free(pairs);
}

/* The relative 95% half-width of a pair's mean in this repeat; NaN. */
static double
runner_pair_ci(const struct runner *r, size_t pair)
{
	const struct bench	*b = r->plan.benches[pair / r->plan.ncopies];
	int			 c = r->plan.copies[pair % r->plan.ncopies];
	double			*v = xcalloc(r->run->nsamples + 1, sizeof *v);
	size_t			 n = 0;
	struct stats		 st;

	for (size_t i = 0; i < r->run->nsamples; i++) {
		const struct run_sample *s = &r->run->samples[i];

		if (s->status == RUN_OK && s->index != RUN_WARMUP &&
		    s->repeat == r->repeat && s->copies == c &&
		    strcmp(s->test, b->id) == 0)
			v[n++] = s->value;
	}
	stats_compute(v, n, &st);
	free(v);
	return st.ci / fabs(st.mean);
}

/*
 * Aiming at an index: 1 with *pair set to the test whose next sample
 * shrinks the index's interval most, 0 when every copies value's index
 * is within the target (or cannot say more).
 */
static int
runner_index_pick(struct runner *r, size_t *pair)
{
	struct index_score	sc;
	double			best = 0, gain, w;
	int			found = 0;

	for (size_t ci = 0; ci < r->plan.ncopies; ci++) {
		index_compute_noise(r->run, r->plan.index_base,
		    r->plan.copies[ci], r->plan.noise, &sc);
		/* What more samples cannot shrink is already too wide. */
		if (sc.ci_fixed > r->plan.target) {
			index_score_free(&sc);
			return 0;
		}
		for (size_t i = 0; sc.ci > r->plan.target && i < sc.nlines;
		    i++) {
			const struct index_line *l = &sc.lines[i];
			size_t			 b;

			for (b = 0; b < r->plan.nbench; b++)
				if (strcmp(r->plan.benches[b]->id, l->test) ==
				    0)
					break;
			if (b == r->plan.nbench || !isfinite(l->relvar) ||
			    r->skipped[b * r->plan.ncopies + ci])
				continue;
			w = sc.method == INDEX_UNIXBENCH ? 1 :
			    l->index * l->index;
			gain = w * (l->relvar - l->fixed) / (double)(l->n + 1);
			if (gain > best) {
				best = gain;
				*pair = b * r->plan.ncopies + ci;
				found = 1;
			}
		}
		index_score_free(&sc);
	}
	return found;
}

/*
 * Run -C: queue more samples while an interval is wider than the target
 * and time is left; 1 if any were queued.
 */
static int
runner_more(struct runner *r)
{
	size_t	*pairs, n = 0, pair;
	double	 spent = (double)(sm_now_ns() - r->t_repeat) / 1e9;

	if (r->plan.target <= 0 || r->cancel_pending)
		return 0;
	if (r->plan.time_cap > 0 &&
	    spent >= r->plan.time_cap / (double)r->nrepeat)
		return 0;
	if (r->plan.index_base != NULL) {
		if (!runner_index_pick(r, &pair) ||
		    r->next[pair] > RUNNER_MAX_SAMPLES)
			return 0;
		runner_push(r, pair, r->next[pair]++);
		return 1;
	}
	pairs = xcalloc(r->npair, sizeof *pairs);
	for (size_t p = 0; p < r->npair; p++)
		if (!r->skipped[p] && r->next[p] <= RUNNER_MAX_SAMPLES &&
		    !(runner_pair_ci(r, p) <= r->plan.target))
			pairs[n++] = p;
	runner_push_round(r, pairs, n, -1);
	free(pairs);
	return n > 0;
}

/* Make slot pos current; BENCH_START when its pair differs from last's. */
static void
runner_enter_slot(struct runner *r, int announce)
{
	const struct runner_slot *sl = &r->slot[r->pos];

	r->bench = sl->pair / r->plan.ncopies;
	r->ci = sl->pair % r->plan.ncopies;
	r->sample = sl->index;
	if (announce)
		runner_emit_type(r, RUNNER_EV_BENCH_START);
	runner_start_sample(r);
}

/*
 * Skip the queued slots of pairs skipped for the run, and when resuming
 * the samples the run holds; 1 if one is left.
 */
static int
runner_seek(struct runner *r)
{
	for (;;) {
		while (r->pos < r->nslot && (r->skipped[r->slot[r->pos].pair] ||
		    runner_held(r, &r->slot[r->pos]))) {
			r->pos++;
			r->done++;
		}
		if (r->pos < r->nslot)
			return 1;
		if (!runner_more(r))
			return 0;
	}
}

/* A repeat is over: its pairs are done, then the next repeat or the end. */
static void
runner_end_repeat(struct runner *r, size_t last)
{
	if (r->plan.order == RUNNER_ORDER_GROUPED)
		runner_bench_done(r, last);
	else
		for (size_t p = 0; p < r->npair; p++)
			if (!r->skipped[p])
				runner_bench_done(r, p);
	if (r->repeat >= r->nrepeat) {
		runner_finish(r, 0);
		return;
	}
	r->repeat++;
	runner_build_repeat(r);
	if (r->plan.gap > 0) {
		r->state = RUNNER_PAUSE;
		r->deadline = sm_now_ns() + (uint64_t)(r->plan.gap * 1e9);
		return;
	}
	if (runner_seek(r))
		runner_enter_slot(r, 1);
	else
		runner_end_repeat(r, last);
}

/* Advance to the next slot of the queue, the next repeat, or the end. */
static void
runner_next(struct runner *r)
{
	size_t	last = r->slot[r->pos].pair;

	r->pos++;
	if (!runner_seek(r)) {
		runner_end_repeat(r, last);
		return;
	}
	if (r->plan.order == RUNNER_ORDER_GROUPED &&
	    r->slot[r->pos].pair != last)
		runner_bench_done(r, last);
	runner_enter_slot(r, r->slot[r->pos].pair != last);
}

/* ---- Public interface ---- */

static int
runner_check(const struct runner_plan *p, struct sm_error *err)
{
	if (p->nbench == 0 || p->ncopies == 0) {
		sm_error_set(err, "nothing to run");
		return -1;
	}
	if (!(p->duration >= RUNNER_MIN_DURATION &&
	    p->duration <= RUNNER_MAX_DURATION)) {
		sm_error_set(err, "duration %g s: must be between %g and %g",
		    p->duration, RUNNER_MIN_DURATION, RUNNER_MAX_DURATION);
		return -1;
	}
	if (p->samples < 1 || p->samples > RUNNER_MAX_SAMPLES) {
		sm_error_set(err, "samples %d: must be between 1 and %d",
		    p->samples, RUNNER_MAX_SAMPLES);
		return -1;
	}
	for (size_t i = 0; i < p->ncopies; i++) {
		if (p->copies[i] >= 1 && p->copies[i] <= runner_max_copies())
			continue;
		if (runner_max_copies() < RUNNER_MAX_COPIES)
			sm_error_set(err, "copies %d: must be between 1 and %d "
			    "(RLIMIT_NPROC allows %ld processes, %d per copy)",
			    p->copies[i], runner_max_copies(),
			    runner_nproc(), RUNNER_PROCS_PER_COPY);
		else
			sm_error_set(err, "copies %d: must be between 1 and %d",
			    p->copies[i], RUNNER_MAX_COPIES);
		return -1;
	}
	if (!(p->grace > 0)) {
		sm_error_set(err, "grace period %g s: must be positive",
		    p->grace);
		return -1;
	}
	if (p->repeats < 0 || p->repeats > RUNNER_MAX_REPEATS) {
		sm_error_set(err, "repeats %d: must be between 1 and %d",
		    p->repeats, RUNNER_MAX_REPEATS);
		return -1;
	}
	if (!(p->target >= 0 && p->target < 1) || !(p->time_cap >= 0) ||
	    !(p->gap >= 0)) {
		sm_error_set(err, "target %g, time cap %g s, gap %g s: out of "
		    "range", p->target, p->time_cap, p->gap);
		return -1;
	}
	return 0;
}

/* The processes this user may have (RLIMIT_NPROC), or -1 for no limit. */
static long
runner_nproc(void)
{
	struct rlimit	rl;

	if (getrlimit(RLIMIT_NPROC, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur > (rlim_t)LONG_MAX)
		return -1;
	return (long)rl.rlim_cur;
}

/*
 * The most copies a run may have: RUNNER_MAX_COPIES, or fewer when the
 * process limit could not hold RUNNER_PROCS_PER_COPY processes a copy (a
 * copy, its partner, what it execs).  Descriptors are not the limit: the
 * parent holds two pipes per sample however many copies there are, and
 * each copy has its own table.
 */
int
runner_max_copies(void)
{
	long	nproc = runner_nproc();

	if (nproc < 0 || nproc / RUNNER_PROCS_PER_COPY >= RUNNER_MAX_COPIES)
		return RUNNER_MAX_COPIES;
	return nproc / RUNNER_PROCS_PER_COPY > 1 ?
	    (int)(nproc / RUNNER_PROCS_PER_COPY) : 1;
}

/*
 * 1 with a warning in msg when the plan runs more copies at once than the
 * machine has CPUs: the copies then take turns, and the figures measure
 * the scheduler as much as the test.
 */
int
runner_crowded(const struct runner_plan *p, char *msg, size_t len)
{
	int	most = 0, ncpu = sysinfo_ncpu();

	for (size_t i = 0; i < p->ncopies; i++)
		if (p->copies[i] > most)
			most = p->copies[i];
	if (most <= ncpu)
		return 0;
	snprintf(msg, len, "%d copies on %d CPU%s: the copies take turns, so "
	    "the figures measure the scheduler as much as the test", most,
	    ncpu, ncpu == 1 ? "" : "s");
	return 1;
}

/* The grace period past a sample's duration before its copies are killed. */
double
runner_default_grace(double duration)
{
	return 5.0 + duration / 2;
}

/* Seconds the plan will take if nothing fails. */
/*
 * What one sample of b is expected to take at d seconds: d, or for a
 * calibrated bench, whose length -d does not set, about what one
 * calibration and batch take (0.15 to 0.4 s here).  Setup, fork and
 * reaping add a few milliseconds.
 */
double
runner_sample_estimate(const struct bench *b, double d)
{
	return (b->timing == BENCH_CALIBRATED ? RUNNER_CALIBRATED_S : d) +
	    0.01;
}

/* The whole plan's expected length in seconds. */
double
runner_estimate(const struct runner_plan *p)
{
	int	rep = p->repeats > 1 ? p->repeats : 1;
	double	t = 0;

	/* Callers that no longer hold the bench list get the upper bound. */
	for (size_t i = 0; i < p->nbench; i++)
		t += p->benches != NULL ? runner_sample_estimate(p->benches[i],
		    p->duration) : p->duration + 0.01;
	return t * (double)p->ncopies * (p->samples + (p->warmup ? 1 : 0)) *
	    rep + p->gap * (rep - 1);
}

/* How the run was ordered, for its meta: replayable from the seed. */
static void
runner_note_order(struct runner *r)
{
	char	buf[32];

	run_meta_set(r->run, "order", r->plan.order == RUNNER_ORDER_GROUPED ?
	    "grouped" : "interleaved");
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)r->plan.seed);
	run_meta_set(r->run, "order_seed", buf);
	run_meta_set(r->run, "warmup", r->plan.warmup ? "1" : "0");
	snprintf(buf, sizeof buf, "%d", r->nrepeat);
	run_meta_set(r->run, "repeats", buf);
	if (r->plan.prepare != NULL)
		run_meta_set(r->run, "prepare", r->plan.prepare);
	if (r->plan.setup != NULL)
		run_meta_set(r->run, "setup", r->plan.setup);
	if (r->plan.cleanup != NULL)
		run_meta_set(r->run, "cleanup", r->plan.cleanup);
	if (r->plan.target > 0) {
		snprintf(buf, sizeof buf, "%g", r->plan.target);
		run_meta_set(r->run, "target_ci", buf);
		snprintf(buf, sizeof buf, "%g", r->plan.time_cap);
		run_meta_set(r->run, "time_cap", buf);
	}
}

/* ---- Resuming: the samples the run holds already ---- */

/* A sample's place in the plan as one sortable number. */
static uint64_t
runner_key(int repeat, size_t pair, int index)
{
	return ((uint64_t)repeat << 40) | ((uint64_t)pair << 16) |
	    (uint64_t)index;
}

static int
runner_key_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Whether the run holds the sample of slot sl already (run --resume). */
static int
runner_held(const struct runner *r, const struct runner_slot *sl)
{
	uint64_t	k = runner_key(r->repeat, sl->pair, sl->index);

	return r->nhave > 0 && bsearch(&k, r->have, r->nhave, sizeof k,
	    runner_key_cmp) != NULL;
}

/* The plan's pair of sample s, or npair when the plan has none. */
static size_t
runner_pair_of(const struct runner *r, const struct run_sample *s)
{
	size_t	b, c;

	for (b = 0; b < r->plan.nbench; b++)
		if (strcmp(r->plan.benches[b]->id, s->test) == 0)
			break;
	for (c = 0; c < r->plan.ncopies; c++)
		if (r->plan.copies[c] == s->copies)
			break;
	if (b == r->plan.nbench || c == r->plan.ncopies)
		return r->npair;
	return b * r->plan.ncopies + c;
}

/*
 * run --resume: note every sample the run holds, so that only the
 * missing ones are taken, in their own rounds and repeats; a test
 * skipped here stays skipped.
 */
static void
runner_resume(struct runner *r)
{
	const struct run_sample	*s;
	size_t			 pair;

	r->have = xcalloc(r->run->nsamples + 1, sizeof *r->have);
	for (size_t i = 0; i < r->run->nsamples; i++) {
		s = &r->run->samples[i];
		if ((pair = runner_pair_of(r, s)) == r->npair ||
		    s->index > RUNNER_MAX_SAMPLES + 1)
			continue;
		if (s->status == RUN_SKIPPED)
			r->skipped[pair] = 1;
		r->have[r->nhave++] = runner_key(s->repeat, pair, s->index);
	}
	qsort(r->have, r->nhave, sizeof *r->have, runner_key_cmp);
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
runner_start(const struct runner_plan *plan, struct run *run, runner_cb cb,
    void *arg, struct sm_error *err)
{
	struct runner	*r;
	char		 idle[256];

	/* A run whose facts could not be saved never starts. */
	if (runner_check(plan, err) != 0 || csvstore_check(run, err) != 0)
		return NULL;
	r = xcalloc(1, sizeof *r);
	r->plan = *plan;
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
	runner_note_order(r);
	if (plan->resume)
		runner_resume(r);
	runner_build_repeat(r);
	runner_emit_type(r, RUNNER_EV_RUN_START);
	if (runner_seek(r))
		runner_enter_slot(r, 1);
	else
		runner_end_repeat(r, 0);
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
		if (runner_seek(r))
			runner_enter_slot(r, 1);
		else
			runner_end_repeat(r, r->slot[0].pair);
		return r->state == RUNNER_DONE;
	}
	runner_read(r);
	for (int i = 0; i < r->ncopy; i++)
		all_reported &= r->copy[i].reported;
	if (r->state != RUNNER_REAP && (r->eof || all_reported))
		r->state = RUNNER_REAP;
	if (r->state != RUNNER_REAP && sm_now_ns() >= r->deadline) {
		if (r->state == RUNNER_SETUP)
			runner_fail(r, "timed out in setup after %.1f s",
			    runner_grace(r));
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
	runner_record(r);
	runner_end_sample(r);
	if (r->stuck)
		runner_finish(r, 1);
	else
		runner_next(r);
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

/* Add v to the list unless it is there; 0, or -1 when the list is full. */
static int
runner_add_copies(int *out, size_t max, size_t *n, long v)
{
	for (size_t i = 0; i < *n; i++)
		if (out[i] == v)
			return 0;
	if (*n == max)
		return -1;
	out[(*n)++] = (int)v;
	return 0;
}

/*
 * The scaling series: 1, 2, 4, ... up to twice the CPUs, with the CPU
 * count and twice it when they are not powers of two.
 */
static int
runner_add_scale(int *out, size_t max, size_t *n)
{
	long	ncpu = sysinfo_ncpu(), top = 2 * ncpu;
	int	rc = 0;

	if (top > RUNNER_MAX_COPIES)
		top = RUNNER_MAX_COPIES;
	for (long v = 1; v <= top && rc == 0; v *= 2) {
		if (v / 2 < ncpu && ncpu < v)
			rc = runner_add_copies(out, max, n, ncpu);
		if (rc == 0)
			rc = runner_add_copies(out, max, n, v);
	}
	if (rc == 0 && ncpu <= top)
		rc = runner_add_copies(out, max, n, ncpu);
	if (rc == 0)
		rc = runner_add_copies(out, max, n, top);
	return rc;
}

/*
 * Parse a copies list such as "1,cpus" (cpus = one per CPU, scale = the
 * scaling series) into at most max distinct values; 0, or -1 with a
 * message.
 */
int
runner_parse_copies(const char *arg, int *out, size_t max, size_t *n,
    struct sm_error *err)
{
	char	*copy = xstrdup(arg), *tok, *save = NULL;
	long	 v = 0;
	int	 rc = 0;

	*n = 0;
	for (tok = strtok_r(copy, ", ", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ", ", &save)) {
		if (strcmp(tok, RUNNER_SCALE) == 0)
			rc = runner_add_scale(out, max, n);
		else if (strcmp(tok, "cpus") == 0)
			v = sysinfo_ncpu();
		else if (sm_parse_int(tok, 1, RUNNER_MAX_COPIES, &v) != 0) {
			sm_error_set(err, "%s: copies must be whole numbers "
			    "from 1 to %d, cpus or scale", arg,
			    RUNNER_MAX_COPIES);
			rc = -1;
			break;
		}
		if (rc == 0 && strcmp(tok, RUNNER_SCALE) != 0)
			rc = runner_add_copies(out, max, n, v);
		if (rc != 0)
			sm_error_set(err, "%s: at most %zu values", arg, max);
	}
	if (rc == 0 && *n == 0) {
		sm_error_set(err, "%s: no copies value given", arg);
		rc = -1;
	}
	free(copy);
	return rc;
}

/* Record in the run how it was planned and whether it ran to the end. */
void
runner_note_plan(const struct runner_plan *p, struct run *run,
    int cancelled)
{
	char	buf[64];

	snprintf(buf, sizeof buf, "%g", p->duration);
	run_meta_set(run, "duration", buf);
	snprintf(buf, sizeof buf, "%d", p->samples);
	run_meta_set(run, "samples", buf);
	if (p->gap > 0) {
		snprintf(buf, sizeof buf, "%g", p->gap);
		run_meta_set(run, "repeat_gap", buf);
	}
	run_meta_set(run, "status", cancelled ? "interrupted" : "complete");
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
