/*
 * lmbench's lat_proc: process creation at three depths.  "Null process"
 * is fork() and an immediate _exit(); "simple process" adds execve() of a
 * tiny program, here the sysmark binary with arguments that make it exit
 * at once (bench_execl_chain() at the end of its chain); "/bin/sh
 * process" has /bin/sh -c start that same program, as system() would.
 * The parent waits for each child, so one iteration is one whole life.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* Arguments that make sysmark exit 0 at once: see execl.c. */
#define LAT_PROC_FLAG	"--exec-chain"

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

static void
lat_proc_exec(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	pid;

	while (n-- > 0) {
		if ((pid = fork()) == 0) {
			execl(ctx->self_exe, ctx->self_exe, LAT_PROC_FLAG, "1",
			    (char *)NULL);
			_exit(127);
		}
		lat_proc_wait(ctx, pid, "fork+execve");
	}
}

static int
lat_proc_sh_setup(struct bench_ctx *ctx)
{
	static const char	fmt[] = "exec '%s' " LAT_PROC_FLAG " 1";
	char			*cmd;
	size_t			 len = strlen(ctx->self_exe) + sizeof fmt;

	if (strchr(ctx->self_exe, '\'') != NULL)
		bench_fail(ctx, "%s: a quote in the path", ctx->self_exe);
	if ((cmd = malloc(len)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(cmd, len, fmt, ctx->self_exe);
	ctx->state = cmd;
	return 0;
}

static void
lat_proc_sh(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	pid;

	while (n-- > 0) {
		if ((pid = fork()) == 0) {
			execl("/bin/sh", "sh", "-c", (char *)ctx->state,
			    (char *)NULL);
			_exit(127);
		}
		lat_proc_wait(ctx, pid, "/bin/sh -c");
	}
}

static void
lat_proc_sh_teardown(struct bench_ctx *ctx)
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
	.version = 1,
	.desc = "fork() and execve() of sysmark, which exits at once",
	.loop = lat_proc_exec,
};

const struct bench bench_lat_proc_sh = {
	.id = "lat_proc_sh",
	.title = "/bin/sh Process",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 1,
	.desc = "fork() and /bin/sh -c starting sysmark, which exits",
	.setup = lat_proc_sh_setup,
	.loop = lat_proc_sh,
	.teardown = lat_proc_sh_teardown,
};
