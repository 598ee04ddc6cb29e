/*
 * Pipe-based Context Switching: two processes hand an increasing integer
 * back and forth through two pipes, each checking it, so every loop is
 * two switches.  The partner is forked in setup and leaves when its pipe
 * closes in teardown, both outside the timed region.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

struct context1 {
	int		to[2];		/* us -> partner */
	int		from[2];	/* partner -> us */
	pid_t		pid;
	uint64_t	next;
};

/* The partner: answer each number with itself until the pipe closes. */
static void
context1_partner(struct context1 *st)
{
	uint64_t	v, expect = 0;

	close(st->to[1]);
	close(st->from[0]);
	while (read(st->to[0], &v, sizeof v) == (ssize_t)sizeof v) {
		if (v != expect++)
			_exit(2);
		if (write(st->from[1], &v, sizeof v) != (ssize_t)sizeof v)
			_exit(3);
	}
	_exit(0);
}

static int
context1_setup(struct bench_ctx *ctx)
{
	struct context1	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if (pipe(st->to) != 0 || pipe(st->from) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	if ((st->pid = bench_fork(ctx)) < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (st->pid == 0)
		context1_partner(st);
	close(st->to[0]);
	close(st->from[1]);
	ctx->state = st;
	return 0;
}

static void
context1_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct context1	*st = ctx->state;
	uint64_t	 v;

	while (n-- > 0) {
		if (write(st->to[1], &st->next, sizeof st->next) !=
		    (ssize_t)sizeof st->next ||
		    read(st->from[0], &v, sizeof v) != (ssize_t)sizeof v)
			bench_fail(ctx, "context1: partner gone: %s",
			    strerror(errno));
		if (v != st->next)
			bench_fail(ctx, "context1: partner answered %llu, "
			    "expected %llu", (unsigned long long)v,
			    (unsigned long long)st->next);
		st->next++;
	}
}

static void
context1_teardown(struct bench_ctx *ctx)
{
	struct context1	*st = ctx->state;

	close(st->to[1]);
	close(st->from[0]);
	waitpid(st->pid, NULL, 0);
	free(st);
}

const struct bench bench_context1 = {
	.id = "context1",
	.title = "Pipe-based Context Switching",
	.group = "IPC",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "two processes pass an increasing integer through two pipes",
	.scale = 1,
	.setup = context1_setup,
	.loop = context1_loop,
	.teardown = context1_teardown,
};
