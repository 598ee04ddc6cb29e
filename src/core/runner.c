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
 * partners a benchmark forked; nothing of a sample survives its REAP.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
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

enum runner_state {
	RUNNER_SETUP,
	RUNNER_TIMED,
	RUNNER_REAP,
	RUNNER_DONE
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
	int			 sample;	/* 1-based */
	size_t			 done;
	size_t			 total;

	enum runner_state	 state;
	int			 in_callback;
	int			 cancel_pending;	/* asked from a callback */
	int			 cancelled;
	int			 rfd;		/* report pipe, read end */
	int			 gofd;		/* barrier, write end */
	struct runner_copy	*copy;
	int			 ncopy;
	uint64_t		 deadline;
	int			 eof;
	char			 fail[160];	/* first failure reason */
	unsigned char		 buf[sizeof(struct sampler_msg)];
	size_t			 buflen;
	struct sampler_probe	 probe;		/* for calibrated benches */
};

static void	runner_emit(struct runner *, struct runner_event *);
static void	runner_next(struct runner *);

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

static void
runner_emit(struct runner *r, struct runner_event *ev)
{
	if (ev->bench == NULL && r->bench < r->plan.nbench)
		ev->bench = runner_cur(r);
	if (ev->copies == 0 && r->ci < r->plan.ncopies)
		ev->copies = runner_copies(r);
	ev->nsamples = r->plan.samples;
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

	if (r->fail[0] != '\0')
		return;
	va_start(ap, fmt);
	vsnprintf(r->fail, sizeof r->fail, fmt, ap);
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
		if (r->copy[i].pid > 0)
			kill(-r->copy[i].pid, SIGKILL);
	runner_close(&r->gofd);
	r->state = RUNNER_REAP;
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
	/* A calibrated sample lasts one batch, whatever -d says. */
	s->duration = b->timing == BENCH_CALIBRATED ? 0 : r->plan.duration;
	return s;
}

/*
 * The bench cannot run here: one skipped sample stands for all of this
 * copies value, and the run moves on.
 */
static void
runner_skip(struct runner *r, const char *why)
{
	struct run_sample	*s = runner_new_sample(r);
	struct runner_event	 ev;

	s->status = RUN_SKIPPED;
	s->value = NAN;
	snprintf(s->reason, sizeof s->reason, "%s", why);
	r->done += (size_t)(r->plan.samples - r->sample + 1);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_SKIPPED;
	ev.sample = r->sample;
	ev.rs = s;
	ev.msg = s->reason;
	runner_emit(r, &ev);
	runner_emit_type(r, RUNNER_EV_PROGRESS);
	r->sample = r->plan.samples;
	runner_next(r);
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

	r->ncopy = runner_copies(r);
	r->copy = xcalloc((size_t)r->ncopy, sizeof *r->copy);
	r->fail[0] = '\0';
	r->eof = 0;
	r->buflen = 0;
	r->state = RUNNER_SETUP;
	r->deadline = sm_now_ns() + (uint64_t)(r->plan.grace * 1e9);
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
	    (uint64_t)((runner_sample_seconds(r) + r->plan.grace) * 1e9);
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
		runner_fail(r, "copy %d: exited without a result", i + 1);
		runner_kill_all(r);
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

/* After SIGKILL nothing can delay the exit long: wait for it. */
static void
runner_reap_blocking(struct runner *r)
{
	int	status;

	for (int i = 0; i < r->ncopy; i++) {
		if (r->copy[i].reaped || r->copy[i].pid <= 0)
			continue;
		while (waitpid(r->copy[i].pid, &status, 0) < 0 &&
		    errno == EINTR)
			;
		r->copy[i].reaped = 1;
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

static void
runner_record(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	struct run_sample	*s = runner_new_sample(r);
	struct runner_event	 ev;

	if (r->fail[0] != '\0') {
		s->status = RUN_FAILED;
		s->value = NAN;
		snprintf(s->reason, sizeof s->reason, "%s", r->fail);
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
runner_bench_done(struct runner *r)
{
	struct run_group	 g = { runner_cur(r)->id, runner_copies(r) };
	struct runner_event	 ev;
	struct stats		 st;

	run_group_stats(r->run, &g, &st);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_BENCH_DONE;
	ev.stats = &st;
	runner_emit(r, &ev);
}

static void
runner_end_sample(struct runner *r)
{
	for (int i = 0; i < r->ncopy; i++)
		if (r->copy[i].pid > 0)
			kill(-r->copy[i].pid, SIGKILL);
	runner_close(&r->rfd);
	runner_close(&r->gofd);
	free(r->copy);
	r->copy = NULL;
	r->ncopy = 0;
	sm_rmtree(r->sampledir);
}

static void
runner_finish(struct runner *r, int cancelled)
{
	struct runner_event	ev;

	r->state = RUNNER_DONE;
	r->cancelled = cancelled;
	sm_rmtree(r->tmpdir);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_FINISHED;
	ev.cancelled = cancelled;
	ev.bench = NULL;
	runner_emit(r, &ev);
}

/* Advance to the next sample, the next copies value, the next bench. */
static void
runner_next(struct runner *r)
{
	if (r->sample < r->plan.samples) {
		r->sample++;
		runner_start_sample(r);
		return;
	}
	runner_bench_done(r);
	r->sample = 1;
	if (++r->ci == r->plan.ncopies) {
		r->ci = 0;
		r->bench++;
	}
	if (r->bench == r->plan.nbench) {
		runner_finish(r, 0);
		return;
	}
	runner_emit_type(r, RUNNER_EV_BENCH_START);
	runner_start_sample(r);
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
		if (p->copies[i] < 1 || p->copies[i] > RUNNER_MAX_COPIES) {
			sm_error_set(err, "copies %d: must be between 1 and %d",
			    p->copies[i], RUNNER_MAX_COPIES);
			return -1;
		}
	}
	if (!(p->grace > 0)) {
		sm_error_set(err, "grace period %g s: must be positive",
		    p->grace);
		return -1;
	}
	return 0;
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
	double	t = 0;

	for (size_t i = 0; i < p->nbench; i++)
		t += runner_sample_estimate(p->benches[i], p->duration);
	return t * (double)p->ncopies * p->samples;
}

struct runner *
runner_start(const struct runner_plan *plan, struct run *run, runner_cb cb,
    void *arg, struct sm_error *err)
{
	struct runner	*r;
	const char	*base;

	if (runner_check(plan, err) != 0)
		return NULL;
	r = xcalloc(1, sizeof *r);
	r->plan = *plan;
	r->run = run;
	r->cb = cb;
	r->arg = arg;
	r->rfd = r->gofd = -1;
	r->sample = 1;
	r->total = plan->nbench * plan->ncopies * (size_t)plan->samples;
	for (size_t i = 0; i < plan->nbench; i++)
		if (plan->benches[i]->timing == BENCH_CALIBRATED) {
			sampler_probe(&r->probe, run);
			break;
		}
	if ((base = getenv("TMPDIR")) == NULL || *base == '\0')
		base = "/tmp";
	snprintf(r->tmpdir, sizeof r->tmpdir, "%s/sysmark.XXXXXX", base);
	if (mkdtemp(r->tmpdir) == NULL) {
		sm_error_set(err, "%s: cannot make a private directory: %s",
		    base, strerror(errno));
		free(r);
		return NULL;
	}
	tools_record(run, plan->benches, plan->nbench);
	runner_emit_type(r, RUNNER_EV_RUN_START);
	runner_emit_type(r, RUNNER_EV_BENCH_START);
	runner_start_sample(r);
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
	runner_read(r);
	for (int i = 0; i < r->ncopy; i++)
		all_reported &= r->copy[i].reported;
	if (r->state != RUNNER_REAP && (r->eof || all_reported))
		r->state = RUNNER_REAP;
	if (r->state != RUNNER_REAP && sm_now_ns() >= r->deadline) {
		if (r->state == RUNNER_SETUP)
			runner_fail(r, "timed out in setup after %.1f s",
			    r->plan.grace);
		else
			runner_fail(r, "timed out after %.1f s",
			    runner_sample_seconds(r) + r->plan.grace);
		runner_kill_all(r);
	}
	if (!runner_reap(r)) {
		if (r->state == RUNNER_REAP && sm_now_ns() >= r->deadline)
			runner_kill_all(r);
		return 0;
	}
	/* Every copy is gone: drain what they wrote before dying. */
	runner_read(r);
	runner_record(r);
	runner_end_sample(r);
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
	if (r->state == RUNNER_DONE)
		return;
	runner_drop_sample(r);
	runner_skip(r, "skipped by the user");
}

/*
 * Parse a copies list such as "1,cpus" (cpus = one per CPU) into at most
 * max values; 0, or -1 with a message.
 */
int
runner_parse_copies(const char *arg, int *out, size_t max, size_t *n,
    struct sm_error *err)
{
	char	*copy = xstrdup(arg), *tok, *save = NULL;
	long	 v;
	int	 rc = 0;

	*n = 0;
	for (tok = strtok_r(copy, ", ", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ", ", &save)) {
		if (strcmp(tok, "cpus") == 0)
			v = sysinfo_ncpu();
		else if (sm_parse_int(tok, 1, RUNNER_MAX_COPIES, &v) != 0) {
			sm_error_set(err, "%s: copies must be whole numbers "
			    "from 1 to %d, or cpus", arg, RUNNER_MAX_COPIES);
			rc = -1;
		}
		if (rc == 0 && *n == max) {
			sm_error_set(err, "%s: at most %zu values", arg, max);
			rc = -1;
		}
		if (rc == 0)
			out[(*n)++] = (int)v;
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
		sm_rmtree(r->tmpdir);
	}
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
