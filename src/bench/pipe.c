/*
 * Pipe Throughput: one process writes 512 bytes into a pipe and reads them
 * back, as the BYTE benchmark describes it.  No second process is
 * involved, so this is the cost of the pipe's copy paths, not of
 * scheduling (that is context1).
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

struct pipe_state {
	int	fd[2];
	char	buf[512];
};

static int
pipe_setup(struct bench_ctx *ctx)
{
	struct pipe_state	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if (pipe(st->fd) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	ctx->state = st;
	return 0;
}

static void
pipe_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct pipe_state	*st = ctx->state;

	while (n-- > 0)
		if (write(st->fd[1], st->buf, 512) != 512 ||
		    read(st->fd[0], st->buf, 512) != 512)
			bench_fail(ctx, "pipe: %s", strerror(errno));
}

static void
pipe_teardown(struct bench_ctx *ctx)
{
	struct pipe_state	*st = ctx->state;

	close(st->fd[0]);
	close(st->fd[1]);
	free(st);
}

const struct bench bench_pipe = {
	.id = "pipe",
	.title = "Pipe Throughput",
	.group = "IPC",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "write and read back 512 bytes on one pipe",
	.scale = 1,
	.setup = pipe_setup,
	.loop = pipe_loop,
	.teardown = pipe_teardown,
};
