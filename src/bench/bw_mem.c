/*
 * lmbench's bw_mem: memory bandwidth for read, write and read-write,
 * which, as lmbench documents them, work on an array of 4-byte integers
 * and access every fourth one (one in 16 bytes, so every cache line is
 * still moved): read sums them, write stores a constant with 4-byte
 * stores, read-write adds each to a sum and stores a constant; and libc
 * memcpy
 * ("bcopy (libc)") and a hand-written copy loop ("bcopy (hand)").  The
 * buffers are four times the last-level cache the system reports (sysfs,
 * sysconf or CPUID: see cache.c), at most 256 MB, and at
 * least 64 MB, so the figures are of memory, not cache.  One iteration
 * works on the next 1 MB block of the buffer, wrapping round at its end,
 * so the unit is fixed whatever the buffer size; only the bytes really
 * touched are counted (a copy counts the bytes copied once), in MB/s of
 * 2^20 bytes, as lmbench 1.0 counted (lmbench3 counts 10^6: its figures
 * are 4.9% higher for the same speed).  Version 1 of rd, wr and rdwr
 * worked on every 8-byte word, and wr compiled to 16-byte vector stores.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define BW_MEM_MIN	(64u << 20)
/*
 * And at most this: a virtual CPU may report the host's whole L3 (this
 * project's test VM: 508 MB), and two such buffers per copy would be
 * gigabytes set up for a one-second sample.
 */
#define BW_MEM_MAX	(256u << 20)
#define BW_MEM_BLOCK	((1u << 20) / sizeof(uint64_t))	/* words */

struct bw_mem {
	size_t		 nwords;
	size_t		 next;		/* word where the next block starts */
	uint64_t	*src;
	uint64_t	*dst;
};

/* The largest cache, wherever its size came from (cache.c); 0: unknown. */
static size_t
bw_mem_llc(void)
{
	size_t	bytes[4], best = 0;

	if (bench_caches(bytes) != NULL)
		for (int i = 0; i < 4; i++)
			if (bytes[i] > best)
				best = bytes[i];
	return best;
}

/* The bytes one buffer holds: 4 x LLC, within BW_MEM_MIN..BW_MEM_MAX. */
static size_t
bw_mem_size(void)
{
	size_t	llc = bw_mem_llc();

	if (4 * llc > BW_MEM_MAX)
		return BW_MEM_MAX;
	return 4 * llc > BW_MEM_MIN ? 4 * llc : BW_MEM_MIN;
}

static int
bw_mem_setup(struct bench_ctx *ctx)
{
	struct bw_mem	*st;
	size_t		 size = bw_mem_size();

	if ((st = calloc(1, sizeof *st)) == NULL ||
	    (st->src = malloc(size)) == NULL ||
	    (st->dst = malloc(size)) == NULL)
		bench_fail(ctx, "out of memory for two %zu MB buffers",
		    size >> 20);
	st->nwords = size / sizeof *st->src;
	/* Fault every page in now, not in the timed region. */
	memset(st->src, 1, size);
	memset(st->dst, 2, size);
	ctx->state = st;
	return 0;
}

static void
bw_mem_teardown(struct bench_ctx *ctx)
{
	struct bw_mem	*st = ctx->state;

	free(st->src);
	free(st->dst);
	free(st);
}

/* The next block's first word; blocks wrap round at the buffer's end. */
static size_t
bw_mem_block(struct bw_mem *st)
{
	size_t	at = st->next;

	st->next = at + 2 * BW_MEM_BLOCK <= st->nwords ? at + BW_MEM_BLOCK : 0;
	return at;
}

#define BW_MEM_INTS	(BW_MEM_BLOCK * 2)	/* 4-byte ints a block */

static void
bw_mem_rd(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_mem	*st = ctx->state;
	uint32_t	 sum = 0;

	while (n-- > 0)
		sum += bench_sum4(st->src + bw_mem_block(st),
		    BW_MEM_BLOCK * sizeof *st->src);
	ctx->sink = sum;
}

#define BW_MEM_WR(i)	p[i] = 1;
static void
bw_mem_wr(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_mem	*st = ctx->state;
	uint32_t	*p, *end;

	while (n-- > 0) {
		p = (uint32_t *)(st->dst + bw_mem_block(st));
		for (end = p + BW_MEM_INTS; p < end; p += 128) {
			BENCH_EVERY4(BW_MEM_WR)
		}
	}
	ctx->sink = st->dst[st->next];
}

#define BW_MEM_RDWR(i)	sum += p[i]; p[i] = 1;
static void
bw_mem_rdwr(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_mem	*st = ctx->state;
	uint32_t	*p, *end;
	uint32_t	 sum = 0;

	while (n-- > 0) {
		p = (uint32_t *)(st->dst + bw_mem_block(st));
		for (end = p + BW_MEM_INTS; p < end; p += 128) {
			BENCH_EVERY4(BW_MEM_RDWR)
		}
	}
	ctx->sink = sum;
}

static void
bw_mem_bcopy(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_mem	*st = ctx->state;
	size_t		 at;

	while (n-- > 0) {
		at = bw_mem_block(st);
		memcpy(st->dst + at, st->src + at, BW_MEM_BLOCK *
		    sizeof *st->src);
	}
	ctx->sink = st->dst[st->next];
}

/*
 * Eight words per pass of the loop.  GCC would turn the loop back into
 * a call to memcpy; that would measure libc twice.
 */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
static void
bw_mem_cp(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_mem	*st = ctx->state;
	const uint64_t	*s;
	uint64_t	*d;
	size_t		 at;

	while (n-- > 0) {
		at = bw_mem_block(st);
		s = st->src + at;
		d = st->dst + at;
		for (size_t i = 0; i < BW_MEM_BLOCK; i += 8) {
			d[i] = s[i];
			d[i + 1] = s[i + 1];
			d[i + 2] = s[i + 2];
			d[i + 3] = s[i + 3];
			d[i + 4] = s[i + 4];
			d[i + 5] = s[i + 5];
			d[i + 6] = s[i + 6];
			d[i + 7] = s[i + 7];
		}
	}
	ctx->sink = st->dst[st->next];
}

/* One iteration is one 1 MB block: scale 1 gives MB/s. */
#define BW_MEM(name, ttl, loop_fn, v, what)				\
const struct bench bench_##name = {					\
	.id = #name,							\
	.title = ttl,							\
	.group = "lmbench: memory bandwidth",				\
	.unit = "MB/s",							\
	.dir = BENCH_HIGHER,						\
	.version = v,							\
	.desc = what,							\
	.scale = 1,							\
	.setup = bw_mem_setup,						\
	.loop = loop_fn,						\
	.teardown = bw_mem_teardown,					\
	.timing = BENCH_CALIBRATED,					\
}

BW_MEM(bw_mem_rd, "Mem read", bw_mem_rd, 3,
    "sum every fourth 4-byte integer of a buffer");
BW_MEM(bw_mem_wr, "Mem write", bw_mem_wr, 3,
    "store every fourth 4-byte integer of a buffer");
BW_MEM(bw_mem_rdwr, "Mem read-write", bw_mem_rdwr, 3,
    "sum and store every fourth 4-byte integer");
BW_MEM(bw_mem_bcopy, "Bcopy (libc)", bw_mem_bcopy, 2,
    "memcpy() from one buffer to another");
BW_MEM(bw_mem_cp, "Bcopy (hand)", bw_mem_cp, 2,
    "a copy loop of eight words per pass");
