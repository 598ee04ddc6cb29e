/*
 * Process Creation: fork a child that exits at once and wait for it.  This
 * is the cost of duplicating and tearing down an address space, which
 * BYTE and UnixBench report as loops per second.
 *
 * A fork costs what the forking process has mapped: UnixBench's spawn is
 * a program of a few KB linking only the C library, while a child forked
 * from sysmark itself (900 KB, ncurses, libcsv and libm mapped, and the
 * harness's heap) measured 0.77-0.86 of UnixBench's figure.  So, as
 * lat_proc's null process does, the forks are made by sysmark-exec's
 * looper (src/helper/, bench_looper_*()), a small process that forks n
 * children on request; each calls exit() and is waited for, as
 * UnixBench's spawn does.  Version 2: version 1 forked from sysmark.
 * Version 3: the looper is asked for 50 ms of forks at a time, not 2 ms
 * (sampler.c), and times them itself, as each request and reply cost
 * two wake-ups; and it reads its requests without stdio, whose buffer
 * every child's exit() wrote to.  0.88 of UnixBench's figure became
 * 0.99 (doc/commands.md, 2026-12-03).
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>

#include "bench.h"

static int
spawn_setup(struct bench_ctx *ctx)
{
	struct bench_looper	*lp;
	char			*argv[] = { "-", NULL };

	if ((lp = calloc(1, sizeof *lp)) == NULL)
		bench_fail(ctx, "out of memory");
	bench_looper_start(ctx, lp, NULL, -1, argv);
	ctx->state = lp;
	return 0;
}

static void
spawn_loop(struct bench_ctx *ctx, uint64_t n)
{
	bench_looper_run(ctx, ctx->state, n, "fork+exit", -1, NULL);
}

static void
spawn_teardown(struct bench_ctx *ctx)
{
	bench_looper_stop(ctx->state);
	free(ctx->state);
}

const struct bench bench_spawn = {
	.id = "spawn",
	.title = "Process Creation",
	.group = "Process",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 3,
	.desc = "a small process forks a child that exits at once, waits",
	.scale = 1,
	.setup = spawn_setup,
	.loop = spawn_loop,
	.teardown = spawn_teardown,
};
