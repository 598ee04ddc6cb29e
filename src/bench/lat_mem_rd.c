/*
 * lmbench's lat_mem_rd: the latency of one memory load, by working-set
 * size and stride.  The working set is a list of elements stride bytes
 * apart, linked into one cycle, and the loop follows it (p = *p): each
 * load needs the one before.  Nanoseconds per load.  Two orders:
 *
 * - lat_mem_rd@SIZE, lmbench3's default: each element points one stride
 *   on (a fixed stride, 128 bytes as lmbench's script runs it), so a
 *   prefetcher that follows strides can hide part of the latency, as on
 *   lmbench's own curve.  `-t lat_mem_rd` runs the sweep, 512 B to
 *   256 MB; memhier.c reads the levels off it; the /s<stride> ids vary
 *   the stride.  (Version 1 was the random order below, under this id.)
 * - lat_mem_rd_rand@SIZE, lmbench's -t mode: a random order, which
 *   leaves the prefetchers nothing to guess (the true load-to-use time).
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "bench.h"

/*
 * Loads per iteration: 100, as lmbench's loop has them.  The figure
 * depends on it: a prefetcher that follows each load instruction's own
 * stride sees 100 x 128 bytes, past a page, between one load's visits,
 * and gives up, as on lmbench's curve; with 16 loads a loop (version 2)
 * it saw 2 KB strides and hid the latency beyond L1: a third of
 * lmbench's figure from 256 KB to 64 MB.
 */
#define LAT_MEM_RD_UNROLL	100
#define LAT_MEM_RD_ONE		p = *p;
#define LAT_MEM_RD_TEN							\
	LAT_MEM_RD_ONE LAT_MEM_RD_ONE LAT_MEM_RD_ONE LAT_MEM_RD_ONE	\
	LAT_MEM_RD_ONE LAT_MEM_RD_ONE LAT_MEM_RD_ONE LAT_MEM_RD_ONE	\
	LAT_MEM_RD_ONE LAT_MEM_RD_ONE
#define LAT_MEM_RD_SEED		0x9e3779b97f4a7c15ull

struct lat_mem_rd {
	void	*base;
	void	**head;
};

/*
 * Link the size / stride elements of base, stride bytes apart, into one
 * cycle in a random order (bench_permutation()); returns the first element, or
 * NULL when out of memory.  Following the list from it visits every
 * element once per lap.
 */
void **
bench_chase_build(void *base, size_t size, size_t stride, uint64_t seed)
{
	size_t	 m = size / stride, t;
	size_t	*order;
	char	*b = base;

	if ((order = bench_permutation(m, seed)) == NULL)
		return NULL;
	for (size_t i = 0; i < m; i++)
		*(void **)(b + order[i] * stride) =
		    b + order[(i + 1) % m] * stride;
	t = order[0];
	free(order);
	return (void **)(b + t * stride);
}

/*
 * One lap of the list before the first batch, at most BENCH_CHASE_WARM
 * loads.  A fresh 64 MB list here took 6 us a load for its first 20000
 * loads and 0.3 us once walked (lmbench walks its list in its warm-up
 * runs, and its sweep reuses one list); the samples, each in a fresh
 * process, saw only the cold start: 25 times lmbench's random figure.
 */
void **
bench_chase_warm(void **p, size_t m)
{
	for (size_t i = m < BENCH_CHASE_WARM ? m : BENCH_CHASE_WARM; i > 0;
	    i--)
		p = *p;
	return p;
}

/*
 * Each element points one stride on, the last back to the first: the
 * walk lmbench3's lat_mem_rd takes by default (version 2 walked back, as
 * the first lmbench did: 1.6 times lmbench3's latency at 64 MB).
 */
static void **
lat_mem_rd_forward(void *base, size_t size, size_t stride)
{
	size_t	 m = size / stride;
	char	*b = base;

	for (size_t i = 0; i < m; i++)
		*(void **)(b + i * stride) = b + (i + 1) % m * stride;
	return (void **)b;
}

static int
lat_mem_rd_setup(struct bench_ctx *ctx, size_t size, size_t stride,
    int random)
{
	struct lat_mem_rd	*st;

	if ((st = calloc(1, sizeof *st)) == NULL ||
	    (st->base = malloc(size)) == NULL)
		bench_fail(ctx, "out of memory for %zu bytes", size);
	memset(st->base, 0, size);
	st->head = random ? bench_chase_build(st->base, size, stride,
	    LAT_MEM_RD_SEED) : lat_mem_rd_forward(st->base, size, stride);
	if (st->head == NULL)
		bench_fail(ctx, "out of memory linking %zu bytes", size);
	st->head = bench_chase_warm(st->head, size / stride);
	ctx->state = st;
	return 0;
}

static void
lat_mem_rd_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_mem_rd	*st = ctx->state;
	void			**p = st->head;

	while (n-- > 0) {
		LAT_MEM_RD_TEN LAT_MEM_RD_TEN LAT_MEM_RD_TEN LAT_MEM_RD_TEN
		LAT_MEM_RD_TEN LAT_MEM_RD_TEN LAT_MEM_RD_TEN LAT_MEM_RD_TEN
		LAT_MEM_RD_TEN LAT_MEM_RD_TEN
	}
	st->head = p;		/* the next batch goes on from here */
	ctx->sink = (uint64_t)(uintptr_t)p;
}

static void
lat_mem_rd_teardown(struct bench_ctx *ctx)
{
	struct lat_mem_rd	*st = ctx->state;

	free(st->base);
	free(st);
}

#define LAT_MEM_RD(sym, ident, label, size, stride, rnd, v, what)		\
static int								\
lat_mem_rd_setup_##sym(struct bench_ctx *ctx)				\
{									\
	return lat_mem_rd_setup(ctx, size, stride, rnd);		\
}									\
const struct bench bench_lat_mem_rd_##sym = {				\
	.id = ident,							\
	.title = "Memory latency, " label,				\
	.group = "lmbench: memory latency",				\
	.unit = "ns",							\
	.dir = BENCH_LOWER,						\
	.version = v,							\
	.desc = what,							\
	.scale = 1e9 / LAT_MEM_RD_UNROLL,				\
	.setup = lat_mem_rd_setup_##sym,				\
	.loop = lat_mem_rd_loop,					\
	.teardown = lat_mem_rd_teardown,				\
	.timing = BENCH_CALIBRATED,					\
}

#define LAT_MEM_RD_SWEEP(label, size)					\
	LAT_MEM_RD(label, "lat_mem_rd@" #label, #label "B", size, 128,	\
	    0, 4, "load chain over " #label "B, fixed stride 128 on");	\
	LAT_MEM_RD(rand_##label, "lat_mem_rd_rand@" #label,		\
	    #label "B, random", size, 64, 1, 3,				\
	    "load chain over " #label "B, random order, stride 64")

LAT_MEM_RD_SWEEP(512, 512);
LAT_MEM_RD_SWEEP(1K, 1u << 10);
LAT_MEM_RD_SWEEP(2K, 2u << 10);
LAT_MEM_RD_SWEEP(4K, 4u << 10);
LAT_MEM_RD_SWEEP(8K, 8u << 10);
LAT_MEM_RD_SWEEP(16K, 16u << 10);
LAT_MEM_RD_SWEEP(32K, 32u << 10);
LAT_MEM_RD_SWEEP(64K, 64u << 10);
LAT_MEM_RD_SWEEP(128K, 128u << 10);
LAT_MEM_RD_SWEEP(256K, 256u << 10);
LAT_MEM_RD_SWEEP(512K, 512u << 10);
LAT_MEM_RD_SWEEP(1M, 1u << 20);
LAT_MEM_RD_SWEEP(2M, 2u << 20);
LAT_MEM_RD_SWEEP(4M, 4u << 20);
LAT_MEM_RD_SWEEP(8M, 8u << 20);
LAT_MEM_RD_SWEEP(16M, 16u << 20);
LAT_MEM_RD_SWEEP(32M, 32u << 20);
LAT_MEM_RD_SWEEP(64M, 64u << 20);
LAT_MEM_RD_SWEEP(128M, 128u << 20);
LAT_MEM_RD_SWEEP(256M, 256u << 20);
LAT_MEM_RD(64M_s16, "lat_mem_rd@64M/s16", "64MB/s16", 64u << 20, 16, 0, 3,
    "load chain over 64MB, fixed stride 16 on");
LAT_MEM_RD(64M_s256, "lat_mem_rd@64M/s256", "64MB/s256", 64u << 20, 256, 0,
    3, "load chain over 64MB, fixed stride 256 on");
