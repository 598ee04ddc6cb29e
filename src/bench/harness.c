/*
 * The harness's services in the child, beneath every workload (as
 * lmbench's lib_timing.c is beneath its programs): the report message to
 * the parent and bench_fail(), a copy cut loose from the parent's
 * handlers and descriptors, placement on CPUs, partner processes and
 * private files.  The timing loop that calls them is the sampler's
 * (src/core/measure/sampler.c); nothing here knows of the core.
 */
/* SPDX-License-Identifier: MIT */

#ifdef __linux__
#define _GNU_SOURCE	/* sched_setaffinity() */
#include <sched.h>
#endif

#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#ifndef NSIG
#define NSIG	65	/* not POSIX; sigaction() refuses what is past the end */
#endif

void
bench_report(int fd, uint32_t type, int copy, uint64_t iterations,
    uint64_t elapsed_ns, uint64_t overhead_ns, const char *text,
    const struct bench_execs *execs)
{
	struct bench_msg	m;

	memset(&m, 0, sizeof m);
	m.magic = BENCH_MSG_MAGIC;
	m.type = type;
	m.copy = copy;
	m.iterations = iterations;
	m.elapsed_ns = elapsed_ns;
	m.overhead_ns = overhead_ns;
	if (text != NULL)
		strncpy(m.text, text, sizeof m.text - 1);
	if (execs != NULL)
		m.execs = *execs;
	/* One record is smaller than PIPE_BUF, so the write is atomic. */
	if (write(fd, &m, sizeof m) != (ssize_t)sizeof m)
		_exit(3);
}

/* Report a failure to the parent and leave. */
void
bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
	char	msg[sizeof ((struct bench_msg *)0)->text];
	char	full[2 * PATH_MAX + 512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(full, sizeof full, fmt, ap);
	va_end(ap);
	/* The text has room for 199 bytes: keep the cause, cut the path. */
	bench_squeeze(msg, sizeof msg, full);
	bench_report(ctx->report_fd, BENCH_MSG_ERROR, ctx->copy, 0, 0, 0, msg,
	    NULL);
	_exit(1);
}

/*
 * A reason is usually "what: PATH: cause", and a long TMPDIR makes the
 * path the bulk of it: cutting the end would cut the cause.  The middle
 * goes instead, marked "...", keeping the head (what failed) and the
 * tail (the path's end and the cause).
 */
void
bench_squeeze(char *dst, size_t len, const char *src)
{
	size_t	n = strlen(src), head, tail;

	if (len == 0)
		return;
	if (n < len || len < 16) {
		snprintf(dst, len, "%s", src);
		return;
	}
	head = (len - 4) / 4;		/* "copy 1: fstime: ..." */
	tail = len - 4 - head;		/* "...s0/c0: No space left ..." */
	memmove(dst, src, head);
	memcpy(dst + head, "...", 3);
	memmove(dst + head + 3, src + n - tail, tail);
	dst[len - 1] = '\0';
}

/* Tie the calling process's life to its parent's. */
static void
harness_die_with(pid_t parent)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	/* The parent may have died before prctl() took effect. */
	if (getppid() != parent)
		_exit(4);
}

/* ---- Placement ---- */

/* The CPUs this process may use, at most max of them; 0 if unknown. */
static int
harness_cpus(int *cpu, int max)
{
#ifdef __linux__
	cpu_set_t	set;
	int		n = 0;

	if (sched_getaffinity(0, sizeof set, &set) != 0)
		return 0;
	for (int i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &set))
			cpu[n++] = i;
	return n;
#else
	(void)cpu;
	(void)max;
	return 0;
#endif
}

static int
harness_pin(int cpu)
{
#ifdef __linux__
	cpu_set_t	set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof set, &set);
#else
	(void)cpu;
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * A BENCH_TWO_CPUS variant's available(): NULL when this process may use
 * two CPUs, else why it cannot run (the runner records it as skipped).
 */
const char *
bench_two_cpus(void)
{
	int	cpu[2];

	if (harness_cpus(cpu, 2) == 2)
		return NULL;
	return "the two-CPU variant needs two CPUs, and this process may "
	    "use only one";
}

/* The CPUs this process may use; 0 if unknown. */
int
bench_cpu_count(void)
{
	int	cpu[1024];

	return harness_cpus(cpu, 1024);
}

/*
 * A duet's copy (run --duet): on the k-th CPU it may use (the runner
 * alternates them), whatever the bench's own placement; where[] says
 * which.
 */
void
bench_place_duet(struct bench_ctx *ctx, int k, char *where, size_t len)
{
	int	cpu[1024], n;

	if ((n = harness_cpus(cpu, 1024)) == 0)
		bench_fail(ctx, "skipped: this system cannot pin processes "
		    "to CPUs");
	ctx->cpu[0] = ctx->cpu[1] = cpu[k % n];
	snprintf(where, len, "duet: CPU %d", ctx->cpu[0]);
	if (harness_pin(ctx->cpu[0]) != 0)
		bench_fail(ctx, "sched_setaffinity: %s", strerror(errno));
}

/* Copy k takes the k-th CPU (one CPU) or the k-th pair (two). */
void
bench_place(struct bench_ctx *ctx, char *where, size_t len)
{
	enum bench_place	 place = ctx->bench->place;
	int			 cpu[1024], n;

	where[0] = '\0';
	if (place == BENCH_ANYWHERE)
		return;
	if ((n = harness_cpus(cpu, 1024)) == 0)
		bench_fail(ctx, "skipped: this system cannot pin processes "
		    "to CPUs");
	if (place == BENCH_TWO_CPUS && n < 2)
		bench_fail(ctx, "skipped: the two-CPU variant needs two CPUs, "
		    "and this process may use only CPU %d", cpu[0]);
	if (place == BENCH_ONE_CPU) {
		ctx->cpu[0] = ctx->cpu[1] = cpu[ctx->copy % n];
		snprintf(where, len, "one CPU: %d", ctx->cpu[0]);
	} else {
		ctx->cpu[0] = cpu[(2 * ctx->copy) % n];
		ctx->cpu[1] = cpu[(2 * ctx->copy + 1) % n];
		snprintf(where, len, "two CPUs: %d, partners on %d",
		    ctx->cpu[0], ctx->cpu[1]);
	}
	if (harness_pin(ctx->cpu[0]) != 0)
		bench_fail(ctx, "sched_setaffinity: %s", strerror(errno));
}

/*
 * Partners alternate between the two CPUs, starting on the other one, so
 * that in a ring every hop crosses CPUs.  On one CPU both are the same.
 */
pid_t
bench_fork(struct bench_ctx *ctx)
{
	pid_t	parent = getpid();
	pid_t	pid;
	int	k = ++ctx->nforked;

	if ((pid = fork()) != 0)
		return pid;
	if (ctx->bench->place != BENCH_ANYWHERE)
		harness_pin(ctx->cpu[k % 2]);	/* else stays with us */
	harness_die_with(parent);
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

/* ---- A new copy ---- */

/* Close descriptors first..last, all of them however high they go. */
static void
harness_close_range(unsigned first, unsigned last)
{
	long	max;

	if (first > last)
		return;
#if defined(__linux__) && defined(SYS_close_range)
	if (syscall(SYS_close_range, first, last, 0) == 0)
		return;
#endif
	/* No close_range (old kernel, BSD): every descriptor up to the limit. */
	if ((max = sysconf(_SC_OPEN_MAX)) < 0 || max > (1L << 20))
		max = 1L << 20;
	for (long fd = first; fd <= (long)last && fd < max; fd++)
		close((int)fd);
}

/* Close every descriptor above stderr but the two pipes to the parent. */
static void
harness_close_others(int keep1, int keep2)
{
	unsigned	lo = (unsigned)(keep1 < keep2 ? keep1 : keep2);
	unsigned	hi = (unsigned)(keep1 < keep2 ? keep2 : keep1);

	harness_close_range(STDERR_FILENO + 1, lo - 1);
	harness_close_range(lo + 1, hi - 1);
	harness_close_range(hi + 1, ~0u);
}

void
bench_detach(pid_t parent, int report_fd, int go_fd)
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
	harness_die_with(parent);
	if ((null = open("/dev/null", O_RDWR)) >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	harness_close_others(report_fd, go_fd);
	fcntl(report_fd, F_SETFD, FD_CLOEXEC);
	fcntl(go_fd, F_SETFD, FD_CLOEXEC);
}
