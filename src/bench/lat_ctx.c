/*
 * lmbench's lat_ctx: context switches among 2, 8 and 16 processes passing
 * a token around a ring of pipes, each process summing its own working
 * set (0, 16 or 64 KB) before it passes the token on, so a switch also
 * pays for refilling the caches.  What is not a switch is measured and
 * subtracted: overhead() makes the same pipe transfers and sums the same
 * working sets in one process, with no switch between them.  The figure
 * is microseconds per switch; one iteration is one lap of the ring.
 *
 * The id named after lmbench's test leaves the ring where the scheduler
 * puts it, as lmbench does (version 3; version 2 pinned it to one CPU);
 * the _1cpu ids pin it to one CPU, the _2cpu ids alternate it between
 * two CPUs, where every hop crosses CPUs.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define LAT_CTX_MAX	16

struct lat_ctx {
	int		 nproc;
	size_t		 nwords;	/* working set, in words */
	uint64_t	*ws;		/* ours */
	int		 ring[LAT_CTX_MAX][2];	/* ring[i]: into process i */
	int		 self[2];	/* overhead(): a pipe to ourselves */
	pid_t		 pid[LAT_CTX_MAX];
};

/* Sum a working set, so its cache lines are read each time. */
static uint64_t
lat_ctx_touch(const uint64_t *ws, size_t nwords)
{
	uint64_t	sum = 0;

	for (size_t i = 0; i < nwords; i++)
		sum += ws[i];
	return sum;
}

/* Process i of the ring: wait for the token, touch, pass it on. */
static void
lat_ctx_member(struct lat_ctx *st, int i)
{
	uint64_t	 tok;
	uint64_t	*ws = calloc(st->nwords + 1, sizeof *ws);
	int		 in = st->ring[i][0];
	int		 out = st->ring[(i + 1) % st->nproc][1];

	if (ws == NULL)
		_exit(2);
	for (int k = 0; k < st->nproc; k++) {
		if (st->ring[k][0] != in)
			close(st->ring[k][0]);
		if (st->ring[k][1] != out)
			close(st->ring[k][1]);
	}
	while (read(in, &tok, sizeof tok) == (ssize_t)sizeof tok) {
		tok += lat_ctx_touch(ws, st->nwords);
		if (write(out, &tok, sizeof tok) != (ssize_t)sizeof tok)
			_exit(3);
	}
	_exit(0);
}

static int
lat_ctx_setup(struct bench_ctx *ctx, int nproc, size_t kb)
{
	struct lat_ctx	*st;

	if ((st = calloc(1, sizeof *st)) == NULL ||
	    (st->ws = calloc(kb * 1024 / sizeof *st->ws + 1,
	    sizeof *st->ws)) == NULL)
		bench_fail(ctx, "out of memory");
	st->nproc = nproc;
	st->nwords = kb * 1024 / sizeof *st->ws;
	if (pipe(st->self) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	for (int i = 0; i < nproc; i++)
		if (pipe(st->ring[i]) != 0)
			bench_fail(ctx, "pipe: %s", strerror(errno));
	for (int i = 1; i < nproc; i++) {
		if ((st->pid[i] = bench_fork(ctx)) < 0)
			bench_fail(ctx, "fork: %s", strerror(errno));
		if (st->pid[i] == 0)
			lat_ctx_member(st, i);
	}
	ctx->state = st;
	return 0;
}

/* One lap: we are process 0; the token goes all the way round. */
static void
lat_ctx_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_ctx	*st = ctx->state;
	uint64_t	 tok = 0;

	while (n-- > 0) {
		tok += lat_ctx_touch(st->ws, st->nwords);
		if (write(st->ring[1 % st->nproc][1], &tok, sizeof tok) !=
		    (ssize_t)sizeof tok ||
		    read(st->ring[0][0], &tok, sizeof tok) !=
		    (ssize_t)sizeof tok)
			bench_fail(ctx, "ring: a member is gone: %s",
			    strerror(errno));
	}
	ctx->sink = tok;
}

/* A lap's work without the switches: nproc transfers and touches. */
static void
lat_ctx_overhead(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_ctx	*st = ctx->state;
	uint64_t	 tok = 0;

	while (n-- > 0)
		for (int i = 0; i < st->nproc; i++) {
			tok += lat_ctx_touch(st->ws, st->nwords);
			if (write(st->self[1], &tok, sizeof tok) !=
			    (ssize_t)sizeof tok ||
			    read(st->self[0], &tok, sizeof tok) !=
			    (ssize_t)sizeof tok)
				bench_fail(ctx, "pipe: %s", strerror(errno));
		}
	ctx->sink = tok;
}

static void
lat_ctx_teardown(struct bench_ctx *ctx)
{
	struct lat_ctx	*st = ctx->state;

	for (int i = 0; i < st->nproc; i++) {
		close(st->ring[i][0]);
		close(st->ring[i][1]);
	}
	for (int i = 1; i < st->nproc; i++)
		waitpid(st->pid[i], NULL, 0);
	close(st->self[0]);
	close(st->self[1]);
	free(st->ws);
	free(st);
}

/* One setup per (processes, KB); both placements share it. */
#define LAT_CTX_SETUP(np, kb)						\
static int								\
lat_ctx_setup_##np##_##kb(struct bench_ctx *ctx)			\
{									\
	return lat_ctx_setup(ctx, np, kb);				\
}

#define LAT_CTX_BENCH(np, kb, sfx, plc, where)				\
const struct bench bench_lat_ctx_##np##p##kb##k##sfx = {		\
	.id = "lat_ctx_" #np "p" #kb "k" #sfx,				\
	.title = #np "-proc ctxsw, " #kb " KB" where,			\
	.group = "lmbench: context switches",				\
	.unit = "us",							\
	.dir = BENCH_LOWER,						\
	.version = plc == BENCH_TWO_CPUS ? 2 : 3,			\
	.desc = #np " processes in a ring of pipes, " #kb " KB each"	\
	    where,							\
	.scale = 1e6 / np,						\
	.setup = lat_ctx_setup_##np##_##kb,				\
	.loop = lat_ctx_loop,						\
	.teardown = lat_ctx_teardown,					\
	.timing = BENCH_CALIBRATED,					\
	.place = plc,							\
	.available = plc == BENCH_TWO_CPUS ? bench_two_cpus : NULL,	\
	.overhead = lat_ctx_overhead,					\
}

#define LAT_CTX(np, kb)							\
	LAT_CTX_SETUP(np, kb)						\
	LAT_CTX_BENCH(np, kb, , BENCH_ANYWHERE, "");			\
	LAT_CTX_BENCH(np, kb, _1cpu, BENCH_ONE_CPU, ", one CPU");	\
	LAT_CTX_BENCH(np, kb, _2cpu, BENCH_TWO_CPUS, ", two CPUs")

LAT_CTX(2, 0);
LAT_CTX(2, 16);
LAT_CTX(2, 64);
LAT_CTX(8, 0);
LAT_CTX(8, 16);
LAT_CTX(8, 64);
LAT_CTX(16, 0);
LAT_CTX(16, 16);
LAT_CTX(16, 64);
