/*
 * What several benchmarks share: lmbench's read loops (bench_sum4() for
 * memory, bench_sum8() for files);
 * a seeded random order (bench_permutation(), for the memory chase and
 * the page faults);
 * and, for those that drive external programs, finding a
 * program in PATH (for their available() checks) and running one with its
 * input and output redirected, then insisting it exits cleanly.  The C
 * compiler, shell script and dc tests all use these, so each of them
 * holds only its own workload.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

/* One term of lmbench's sums: the word at index i. */
#define BENCH_ADD(i)	+ p[i]

uint32_t
bench_sum4(const void *buf, size_t len)
{
	const uint32_t	*p = buf, *end = p + len / sizeof *p;
	uint32_t	 sum = 0;

	for (; p < end; p += 128)
		sum += 0 BENCH_EVERY4(BENCH_ADD);
	return sum;
}

uint64_t
bench_sum8(const void *buf, size_t len)
{
	const uint64_t	*p = buf, *end = p + len / sizeof *p;
	uint64_t	 sum = 0;

	for (; p < end; p += 128)
		sum += 0 BENCH_EVERY8(BENCH_ADD);
	return sum;
}

/*
 * 0 .. m-1 in a random order (Fisher-Yates on xorshift64, so the same
 * seed gives the same order on every run); NULL when out of memory.
 */
size_t *
bench_permutation(size_t m, uint64_t seed)
{
	size_t	*order, j, t;

	if (m == 0 || (order = malloc(m * sizeof *order)) == NULL)
		return NULL;
	for (size_t i = 0; i < m; i++)
		order[i] = i;
	for (size_t i = m - 1; i > 0; i--) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		j = (size_t)(seed % (i + 1));
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	return order;
}

/* Find name in $PATH; 0 with its path in buf, or -1. */
int
bench_which(const char *name, char *buf, size_t len)
{
	const char	*path = getenv("PATH"), *p, *end;

	if (path == NULL || *path == '\0')
		path = "/usr/bin:/bin";
	for (p = path; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)snprintf(buf, len, "%.*s/%s", (int)(end - p), p,
		    name) < len && access(buf, X_OK) == 0)
			return 0;
	}
	return -1;
}

/* In a child: point fd at path (opened with flags) or at /dev/null. */
static void
bench_redirect(int fd, const char *path, int flags)
{
	int	f = open(path != NULL ? path : "/dev/null", flags, 0600);

	if (f < 0)
		_exit(126);
	if (f != fd) {
		dup2(f, fd);
		close(f);
	}
}

/*
 * Start argv[0] (looked up in PATH) in directory dir, reading stdin from
 * in and writing stdout to out (NULL: /dev/null).  Returns its pid; the
 * caller reaps it with bench_command_wait().
 */
pid_t
bench_command(struct bench_ctx *ctx, const char *dir, const char *in,
    const char *out, char *const argv[])
{
	pid_t	pid;

	if ((pid = bench_fork(ctx)) < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (pid != 0)
		return pid;
	if (dir != NULL && chdir(dir) != 0)
		_exit(126);
	bench_redirect(STDIN_FILENO, in, O_RDONLY);
	bench_redirect(STDOUT_FILENO, out, O_WRONLY | O_CREAT | O_TRUNC);
	bench_redirect(STDERR_FILENO, NULL, O_WRONLY);
	execvp(argv[0], argv);
	_exit(127);
}

/* A pipe whose ends close on exec; or the sample fails. */
void
bench_cloexec_pipe(struct bench_ctx *ctx, int p[2])
{
	if (pipe(p) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
}

/*
 * Start sysmark-exec with the arguments av (its mode first), stdin the
 * pipe of counts, descriptor 3 that of replies, stdout to out_fd and
 * stderr to err_fd (-1: /dev/null).  It waits for bench_looper_run()'s
 * counts.
 */
void
bench_looper_exec(struct bench_ctx *ctx, struct bench_looper *lp,
    int out_fd, int err_fd, char *const av[])
{
	posix_spawn_file_actions_t	 fa;
	char				*helper = bench_helper(ctx);
	char				**argv;
	size_t				 n = 0;
	int				 cmd[2], reply[2], e;

	while (av[n] != NULL)
		n++;
	if ((argv = calloc(n + 2, sizeof *argv)) == NULL)
		bench_fail(ctx, "out of memory");
	argv[0] = helper;
	memcpy(argv + 1, av, n * sizeof *av);
	bench_cloexec_pipe(ctx, cmd);
	bench_cloexec_pipe(ctx, reply);
	if ((e = posix_spawn_file_actions_init(&fa)) != 0)
		bench_fail(ctx, "posix_spawn: %s", strerror(e));
	e = posix_spawn_file_actions_adddup2(&fa, cmd[0], STDIN_FILENO);
	if (e == 0)
		e = out_fd >= 0 ? posix_spawn_file_actions_adddup2(&fa, out_fd,
		    STDOUT_FILENO) : posix_spawn_file_actions_addopen(&fa,
		    STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	if (e == 0)
		e = err_fd >= 0 ? posix_spawn_file_actions_adddup2(&fa, err_fd,
		    STDERR_FILENO) : posix_spawn_file_actions_addopen(&fa,
		    STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	if (e == 0)
		e = posix_spawn_file_actions_adddup2(&fa, reply[1], 3);
	if (e == 0)
		e = posix_spawn(&lp->pid, helper, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	free(helper);
	free(argv);
	if (e != 0)
		bench_fail(ctx, "sysmark-exec: %s", strerror(e));
	close(cmd[0]);
	close(reply[1]);
	lp->cmd = cmd[1];
	lp->reply = reply[0];
	lp->execs = NULL;
}

/*
 * Start sysmark-exec's looper (see src/helper/sysmark-exec.c) for argv,
 * each run's stdin from the file in (NULL: /dev/null) and stdout to
 * out_fd (-1: /dev/null).
 */
void
bench_looper_start(struct bench_ctx *ctx, struct bench_looper *lp,
    const char *in, int out_fd, char *const argv[])
{
	char	*av[16];
	int	 n = 0;

	av[n++] = "serve";
	av[n++] = (char *)(in != NULL ? in : "-");
	while (*argv != NULL && n < 15)
		av[n++] = *argv++;
	av[n] = NULL;
	bench_looper_exec(ctx, lp, out_fd, -1, av);
}

/* Merge b's executions into a's (Chan et al.'s pairwise update). */
void
bench_execs_merge(struct bench_execs *a, const struct bench_execs *b)
{
	double	n, d;

	if (b->n == 0)
		return;
	if (a->n == 0) {
		*a = *b;
		return;
	}
	n = (double)a->n + (double)b->n;
	d = b->mean - a->mean;
	a->m2 += b->m2 + d * d * (double)a->n * (double)b->n / n;
	a->mean += d * (double)b->n / n;
	a->n += b->n;
	if (b->min < a->min)
		a->min = b->min;
	if (b->max > a->max)
		a->max = b->max;
}

/*
 * A "run" looper's single executions from its reply's "E MIN MAX MEAN
 * M2" at *text, merged into lp->execs; text is moved past them.
 */
static int
bench_looper_execs(struct bench_looper *lp, char **text)
{
	struct bench_execs	 e;
	char			*end;

	e.n = strtoull(*text, &end, 10);
	if (end == *text)
		return -1;
	for (int i = 0; i < 4; i++) {
		double *v[] = { &e.min, &e.max, &e.mean, &e.m2 };

		*v[i] = strtod(end, text);
		if (*text == end || !isfinite(*v[i]) || *v[i] < 0)
			return -1;
		end = *text;
	}
	bench_execs_merge(lp->execs, &e);
	return 0;
}

/*
 * Have the looper run its program n times.  While it does, what arrives
 * on drain_fd (non-blocking; -1: none) is handed to drain().  A run that
 * fails fails the sample, named by what, with what the reply says after
 * the status (a command test's last line of stderr).  The batch's time,
 * as the looper took it, is added to ctx->looper_ns.
 */
void
bench_looper_run(struct bench_ctx *ctx, struct bench_looper *lp, uint64_t n,
    const char *what, int drain_fd, void (*drain)(struct bench_ctx *, int))
{
	struct pollfd		 pfd[2];
	char			 buf[256], *text, *end;
	ssize_t			 len;
	long			 status;
	unsigned long long	 ns;
	int			 k;

	k = snprintf(buf, sizeof buf, "%llu\n", (unsigned long long)n);
	if (write(lp->cmd, buf, (size_t)k) != k)
		bench_fail(ctx, "%s: the looper is gone", what);
	pfd[0].fd = lp->reply;
	pfd[1].fd = drain_fd;
	pfd[0].events = pfd[1].events = POLLIN;
	for (;;) {
		if (poll(pfd, drain_fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR)
			bench_fail(ctx, "poll: %s", strerror(errno));
		if (drain_fd >= 0 && (pfd[1].revents & (POLLIN | POLLHUP)))
			drain(ctx, drain_fd);
		if (pfd[0].revents & (POLLIN | POLLHUP))
			break;
	}
	if ((len = read(lp->reply, buf, sizeof buf - 1)) <= 0)
		bench_fail(ctx, "%s: the looper died", what);
	buf[len] = '\0';
	if (drain_fd >= 0)
		drain(ctx, drain_fd);	/* all a run wrote is in the pipe */
	buf[strcspn(buf, "\n")] = '\0';
	status = strtol(buf, &text, 10);
	ns = strtoull(text, &end, 10);
	if (end == text || (*end != '\0' && *end != ' '))
		bench_fail(ctx, "%s: the looper's reply has no time (a "
		    "sysmark-exec of another version?)", what);
	text = end;
	if (lp->execs != NULL && bench_looper_execs(lp, &text) != 0)
		bench_fail(ctx, "%s: the looper's reply has no executions "
		    "(a sysmark-exec of another version?)", what);
	ctx->looper_ns += ns;
	ctx->looper_timed = 1;
	text += *text == ' ';
	if (status == 127)
		bench_fail(ctx, "%s: could not be started", what);
	if (status == -1)
		bench_fail(ctx, "%s: past its time limit, killed", what);
	if (status > 128 && status < 128 + 65)
		bench_fail(ctx, "%s: killed by signal %ld%s%s", what,
		    status - 128, *text ? ": " : "", text);
	if (status != 0)
		bench_fail(ctx, "%s: exited with status %ld%s%s", what, status,
		    *text ? ": " : "", text);
}

/* Let the looper go: it exits at the end of its counts. */
void
bench_looper_stop(struct bench_looper *lp)
{
	close(lp->cmd);
	close(lp->reply);
	while (waitpid(lp->pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* Wait for pid; anything but a clean exit fails the sample. */
void
bench_command_wait(struct bench_ctx *ctx, pid_t pid, const char *what)
{
	int	status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bench_fail(ctx, "%s: waitpid: %s", what,
			    strerror(errno));
	if (WIFSIGNALED(status))
		bench_fail(ctx, "%s: killed by signal %d", what,
		    WTERMSIG(status));
	if (WEXITSTATUS(status) == 127)
		bench_fail(ctx, "%s: could not be started", what);
	if (WEXITSTATUS(status) != 0)
		bench_fail(ctx, "%s: exited with status %d", what,
		    WEXITSTATUS(status));
}

/*
 * The exec tests' small program, sysmark-exec: beside the sysmark binary
 * (a source tree, build/san) or where `make install` put it.  Returns its
 * path, allocated; a missing helper fails the sample.
 */
char *
bench_helper(struct bench_ctx *ctx)
{
	const char	*self = ctx->self_exe, *slash;
	char		 buf[PATH_MAX], *p;

	slash = self != NULL ? strrchr(self, '/') : NULL;
	if (slash == NULL || (size_t)snprintf(buf, sizeof buf,
	    "%.*s/sysmark-exec", (int)(slash - self), self) >= sizeof buf ||
	    access(buf, X_OK) != 0)
		snprintf(buf, sizeof buf, "%s/sysmark-exec",
		    SYSMARK_LIBEXECDIR);
	if (access(buf, X_OK) != 0)
		bench_fail(ctx, "sysmark-exec is neither beside %s nor in %s",
		    self != NULL ? self : "sysmark", SYSMARK_LIBEXECDIR);
	if ((p = strdup(buf)) == NULL)
		bench_fail(ctx, "out of memory");
	return p;
}
