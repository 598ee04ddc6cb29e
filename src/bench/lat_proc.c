/*
 * lmbench's lat_proc: process creation at three depths.  "Null process"
 * is fork() and an immediate _exit(); "simple process" adds execve() of a
 * tiny hello-world program, here sysmark-exec (src/helper/), with an
 * empty environment and stdout closed; "/bin/sh process" has /bin/sh -c
 * start that same program, as system() would.  The parent waits for each
 * child, so one iteration is one whole life.  Exec'ing the sysmark binary
 * itself (900 KB, five shared libraries) made these 1.4 and 1.6 times
 * lmbench's figures.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static void
lat_proc_wait(struct bench_ctx *ctx, pid_t pid, const char *what)
{
	int	status;

	if (pid < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		bench_fail(ctx, "%s: the child did not exit cleanly", what);
}

static void
lat_proc_fork(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	pid;

	while (n-- > 0) {
		if ((pid = fork()) == 0)
			_exit(0);
		lat_proc_wait(ctx, pid, "fork+exit");
	}
}

static int
lat_proc_exec_setup(struct bench_ctx *ctx)
{
	ctx->state = bench_helper(ctx);
	return 0;
}

static void
lat_proc_exec(struct bench_ctx *ctx, uint64_t n)
{
	char	*argv[] = { ctx->state, "hello", NULL }, *envp[] = { NULL };
	pid_t	 pid;

	while (n-- > 0) {
		if ((pid = fork()) == 0) {
			close(STDOUT_FILENO);
			execve(argv[0], argv, envp);
			_exit(127);
		}
		lat_proc_wait(ctx, pid, "fork+execve");
	}
}

static int
lat_proc_sh_setup(struct bench_ctx *ctx)
{
	char	*path, *cmd;
	size_t	 len;

	path = bench_helper(ctx);
	if (strchr(path, '\'') != NULL)
		bench_fail(ctx, "%s: a quote in the path", path);
	len = strlen(path) + sizeof "'' hello";
	if ((cmd = malloc(len)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(cmd, len, "'%s' hello", path);
	free(path);
	ctx->state = cmd;
	return 0;
}

static void
lat_proc_sh(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	pid;

	while (n-- > 0) {
		if ((pid = fork()) == 0) {
			close(STDOUT_FILENO);
			execl("/bin/sh", "sh", "-c", (char *)ctx->state,
			    (char *)NULL);
			_exit(127);
		}
		lat_proc_wait(ctx, pid, "/bin/sh -c");
	}
}

static void
lat_proc_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
}

const struct bench bench_lat_proc_fork = {
	.id = "lat_proc_fork",
	.title = "Null Process",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 1,
	.desc = "fork() and _exit(), parent waits",
	.loop = lat_proc_fork,
};

const struct bench bench_lat_proc_exec = {
	.id = "lat_proc_exec",
	.title = "Simple Process",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 2,
	.desc = "fork() and execve() of a small hello program (sysmark-exec)",
	.setup = lat_proc_exec_setup,
	.loop = lat_proc_exec,
	.teardown = lat_proc_teardown,
};

const struct bench bench_lat_proc_sh = {
	.id = "lat_proc_sh",
	.title = "/bin/sh Process",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 2,
	.desc = "fork() and /bin/sh -c starting a small hello program",
	.setup = lat_proc_sh_setup,
	.loop = lat_proc_sh,
	.teardown = lat_proc_teardown,
};
