/*
 * The child's side of a sample: what runs between fork() and _exit() in
 * each copy.  It cuts the child loose from the parent's terminal, signal
 * handlers and descriptors, runs the benchmark's setup, reports READY,
 * waits at the barrier, then times the loop in growing batches until the
 * sample's duration has passed, and reports the iterations and the real
 * elapsed time.
 *
 * Timing lives here and only here: a benchmark's loop() holds nothing but
 * its operation.  Kept apart from runner.c because none of it runs in the
 * parent.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"

#ifndef NSIG
#define NSIG	65	/* not POSIX; sigaction() refuses what is past the end */
#endif

/* A batch shorter than this is doubled: clock reads stay below 0.01%. */
#define SAMPLER_MIN_BATCH_NS	2000000ull

static void	sampler_send(int, uint32_t, int, uint64_t, uint64_t,
		    const char *);

static void
sampler_send(int fd, uint32_t type, int copy, uint64_t iterations,
    uint64_t elapsed_ns, const char *text)
{
	struct sampler_msg	m;

	memset(&m, 0, sizeof m);
	m.magic = SAMPLER_MAGIC;
	m.type = type;
	m.copy = copy;
	m.iterations = iterations;
	m.elapsed_ns = elapsed_ns;
	if (text != NULL)
		strncpy(m.text, text, sizeof m.text - 1);
	/* One record is smaller than PIPE_BUF, so the write is atomic. */
	if (write(fd, &m, sizeof m) != (ssize_t)sizeof m)
		_exit(3);
}

/* Report a failure to the parent and leave. */
void
bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
	char	msg[sizeof ((struct sampler_msg *)0)->text];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sampler_send(ctx->report_fd, SAMPLER_ERROR, ctx->copy, 0, 0, msg);
	_exit(1);
}

/* Tie the calling process's life to its parent's. */
static void
sampler_die_with(pid_t parent)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	/* The parent may have died before prctl() took effect. */
	if (getppid() != parent)
		_exit(4);
}

pid_t
bench_fork(struct bench_ctx *ctx)
{
	pid_t	parent = getpid();
	pid_t	pid;

	if ((pid = fork()) != 0)
		return pid;
	sampler_die_with(parent);
	close(ctx->report_fd);
	ctx->report_fd = -1;
	return 0;
}

int
bench_tmpfile(struct bench_ctx *ctx, char *path, size_t len)
{
	if ((size_t)snprintf(path, len, "%s/sysmark.XXXXXX", ctx->tmpdir) >=
	    len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkstemp(path);
}

/* Undo what the parent set up for itself: handlers, mask, descriptors. */
static void
sampler_detach(const struct sampler_args *a)
{
	struct sigaction	sa;
	sigset_t		none;
	int			null;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setpgid(0, 0);
	sampler_die_with(a->parent);
	if ((null = open("/dev/null", O_RDWR)) >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	for (int fd = STDERR_FILENO + 1; fd < 1024; fd++)
		if (fd != a->report_fd && fd != a->go_fd)
			close(fd);
	fcntl(a->report_fd, F_SETFD, FD_CLOEXEC);
	fcntl(a->go_fd, F_SETFD, FD_CLOEXEC);
}

/*
 * Run the loop in batches until duration_ns has passed.  Batches double
 * while shorter than SAMPLER_MIN_BATCH_NS and shrink near the end so the
 * sample overshoots its duration by little; the figure uses the real
 * elapsed time either way.
 */
static uint64_t
sampler_timed(struct bench_ctx *ctx, uint64_t duration_ns, uint64_t *elapsed)
{
	uint64_t	t0, prev, now, nb = 1, iters = 0, left, per;

	t0 = prev = sm_now_ns();
	for (;;) {
		ctx->bench->loop(ctx, nb);
		iters += nb;
		now = sm_now_ns();
		if (now - t0 >= duration_ns)
			break;
		per = (now - prev) / nb;
		left = duration_ns - (now - t0);
		if (now - prev < SAMPLER_MIN_BATCH_NS && nb < (1ull << 40))
			nb *= 2;
		if (per > 0 && nb > left / per + 1)
			nb = left / per + 1;
		prev = now;
	}
	*elapsed = now - t0;
	return iters;
}

void
sampler_child(const struct sampler_args *a)
{
	struct bench_ctx	ctx;
	uint64_t		iters, elapsed;
	char			c;

	sampler_detach(a);
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = a->bench;
	ctx.copy = a->copy;
	ctx.copies = a->copies;
	ctx.tmpdir = a->tmpdir;
	ctx.self_exe = a->self_exe;
	ctx.report_fd = a->report_fd;
	if (a->bench->setup != NULL && a->bench->setup(&ctx) != 0)
		bench_fail(&ctx, "setup failed");
	sampler_send(a->report_fd, SAMPLER_READY, a->copy, 0, 0, NULL);
	/* The barrier: the parent closes the other end once all are ready. */
	while (read(a->go_fd, &c, 1) < 0 && errno == EINTR)
		;
	close(a->go_fd);
	iters = sampler_timed(&ctx, (uint64_t)(a->duration * 1e9), &elapsed);
	sampler_send(a->report_fd, SAMPLER_RESULT, a->copy, iters, elapsed,
	    NULL);
	if (a->bench->teardown != NULL)
		a->bench->teardown(&ctx);
	_exit(0);
}

/* The figure one copy reports, in the bench's unit. */
double
sampler_figure(const struct bench *b, uint64_t iterations, uint64_t ns)
{
	double	secs = (double)ns / 1e9;

	if (iterations == 0 || ns == 0)
		return 0;
	if (b->dir == BENCH_LOWER)
		return secs * b->scale / (double)iterations;
	return (double)iterations * b->scale / secs;
}
