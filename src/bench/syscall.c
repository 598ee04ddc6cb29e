/*
 * System Call Overhead: the cost of entering and leaving the kernel.  As
 * UnixBench 5 describes it, each loop makes a handful of cheap calls that
 * no C library can answer from a cache: dup and close a descriptor, then
 * getpid, getuid and umask.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static void
syscall_loop(struct bench_ctx *ctx, uint64_t n)
{
	while (n-- > 0) {
		if (close(dup(STDIN_FILENO)) != 0)
			bench_fail(ctx, "dup/close: %s", strerror(errno));
		ctx->sink += (uint64_t)getpid() + getuid() + umask(022);
	}
}

const struct bench bench_syscall = {
	.id = "syscall",
	.title = "System Call Overhead",
	.group = "System",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "dup+close, getpid, getuid, umask per loop",
	.scale = 1,
	.loop = syscall_loop,
};
