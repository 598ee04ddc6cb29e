/*
 * Execl Throughput: how many times per second a process can replace its
 * own image.  As in UnixBench, the measured process execs itself and
 * counts down in its arguments.  The program is sysmark-exec (see
 * src/helper/sysmark-exec.c), which links only the C library as
 * UnixBench's execl program does: exec'ing sysmark itself, 900 KB with
 * five shared libraries, measured the dynamic loader instead (0.52 of
 * UnixBench's figure).  One chain of n execs runs per batch, started
 * with posix_spawn(), which on Linux shares the parent's memory until the
 * exec, so the start is a few percent of even the shortest batch and no
 * exec pays a fork.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

extern char **environ;

static int
execl_setup(struct bench_ctx *ctx)
{
	ctx->state = bench_helper(ctx);
	return 0;
}

static void
execl_loop(struct bench_ctx *ctx, uint64_t n)
{
	char	 count[24], *path = ctx->state;
	char	*argv[] = { path, "chain", count, NULL };
	pid_t	 pid;
	int	 status, e;

	snprintf(count, sizeof count, "%llu", (unsigned long long)n);
	if ((e = posix_spawn(&pid, path, NULL, NULL, argv, environ)) != 0)
		bench_fail(ctx, "%s: %s", path, strerror(e));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		bench_fail(ctx, "execl: %s could not exec itself", path);
}

static void
execl_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
}

const struct bench bench_execl = {
	.id = "execl",
	.title = "Execl Throughput",
	.group = "Process",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 2,
	.desc = "a small C program execs itself in a chain (sysmark-exec)",
	.scale = 1,
	.setup = execl_setup,
	.loop = execl_loop,
	.teardown = execl_teardown,
};
