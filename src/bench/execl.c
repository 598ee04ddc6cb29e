/*
 * Execl Throughput: how many times per second a process can replace its
 * own image.  As in UnixBench, the measured process execs itself and
 * counts down in its arguments: one forked process runs a whole batch of
 * n execs of the sysmark binary (bench_execl_chain() is the first thing
 * sysmark's main() checks), so the fork is spread over the batch.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define EXECL_FLAG	"--exec-chain"

static void
execl_loop(struct bench_ctx *ctx, uint64_t n)
{
	char	count[24];
	pid_t	pid;
	int	status;

	snprintf(count, sizeof count, "%llu", (unsigned long long)n);
	if ((pid = bench_fork(ctx)) < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (pid == 0) {
		execl(ctx->self_exe, ctx->self_exe, EXECL_FLAG, count,
		    (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		bench_fail(ctx, "execl: %s could not exec itself",
		    ctx->self_exe);
}

/*
 * Called with main()'s arguments before anything else: if this process is
 * a link of an exec chain, exec the next link or exit 0 at its end.
 * Returns only when the arguments are not a chain's.
 */
void
bench_execl_chain(int argc, char **argv)
{
	char			 next[24];
	unsigned long long	 left;

	if (argc != 3 || strcmp(argv[1], EXECL_FLAG) != 0)
		return;
	left = strtoull(argv[2], NULL, 10);
	if (left <= 1)
		_exit(0);
	snprintf(next, sizeof next, "%llu", left - 1);
	execl(argv[0], argv[0], EXECL_FLAG, next, (char *)NULL);
	_exit(127);
}

const struct bench bench_execl = {
	.id = "execl",
	.title = "Execl Throughput",
	.group = "Process",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "a process execs the sysmark binary, which execs itself",
	.scale = 1,
	.loop = execl_loop,
};
