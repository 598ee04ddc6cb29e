/*
 * Process Creation: fork a child that exits at once and wait for it.  This
 * is the cost of duplicating and tearing down an address space, which
 * BYTE and UnixBench report as loops per second.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static void
spawn_loop(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	pid;
	int	status;

	while (n-- > 0) {
		if ((pid = fork()) < 0)
			bench_fail(ctx, "fork: %s", strerror(errno));
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			bench_fail(ctx, "spawn: child did not exit cleanly");
	}
}

const struct bench bench_spawn = {
	.id = "spawn",
	.title = "Process Creation",
	.group = "Process",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "fork a child that exits at once, wait for it",
	.scale = 1,
	.loop = spawn_loop,
};
