/*
 * What several benchmarks share: lmbench's read loop (bench_sum4());
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
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

#define BENCH_SUM4(i)	+ p[i]
uint32_t
bench_sum4(const void *buf, size_t len)
{
	const uint32_t	*p = buf, *end = p + len / sizeof *p;
	uint32_t	 sum = 0;

	for (; p < end; p += 128)
		sum += 0 BENCH_EVERY4(BENCH_SUM4);
	return sum;
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

/*
 * Start argv[0] (looked up in PATH) as UnixBench's looper starts its
 * commands from a small process: posix_spawnp(), which on Linux shares
 * our memory until the exec instead of copying the sampler's page
 * tables.  stdin comes from in, stdout goes to out_fd (NULL, -1:
 * /dev/null); stderr to /dev/null.  The caller reaps with
 * bench_command_wait().
 */
pid_t
bench_run_small(struct bench_ctx *ctx, const char *in, int out_fd,
    char *const argv[])
{
	posix_spawn_file_actions_t	fa;
	pid_t				pid;
	int				e;

	if ((e = posix_spawn_file_actions_init(&fa)) != 0)
		bench_fail(ctx, "posix_spawn: %s", strerror(e));
	e = posix_spawn_file_actions_addopen(&fa, STDIN_FILENO,
	    in != NULL ? in : "/dev/null", O_RDONLY, 0);
	if (e == 0 && out_fd >= 0)
		e = posix_spawn_file_actions_adddup2(&fa, out_fd,
		    STDOUT_FILENO);
	else if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
		    "/dev/null", O_WRONLY, 0);
	if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, STDERR_FILENO,
		    "/dev/null", O_WRONLY, 0);
	if (e == 0)
		e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0)
		bench_fail(ctx, "%s: %s", argv[0], strerror(e));
	return pid;
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
