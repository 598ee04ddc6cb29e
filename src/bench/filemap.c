/*
 * lmbench's tests of a cached file: reread bandwidth with read()
 * (bw_file_rd) and through a mapping (bw_mmap_rd), the latency of
 * mapping, touching and unmapping it (lat_mmap) and the cost per page of
 * reading it in through a fresh mapping (lat_pagefault).  The bandwidths
 * sum every 8-byte word they read, as lmbench's bread() does (version 2
 * summed every fourth 4-byte integer, as bw_mem rd does: half the loads,
 * and 1.5 to 3 times lmbench's figure from a cached file).  They share one
 * thing, a 16 MB file written in setup, flushed to its blocks and read
 * once, so that it is what lmbench's tests are given, a file that exists
 * and is cached: the figures are of the kernel's paths, never of a disk
 * or of the allocation of a new file's blocks.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/mman.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define FILEMAP_SIZE	(16u << 20)
#define FILEMAP_CHUNK	(64u * 1024)	/* bytes per read() */
#define FILEMAP_WRITE	(8u * 1024)	/* bytes per write(): lmdd's bs */
#define FILEMAP_SEED	0x2545f4914f6cdd1dull	/* lat_pagefault's order */
/* lat_mmap writes one byte every 16 KB over a tenth of the mapping. */
#define FILEMAP_TOUCH_STEP	(16u * 1024)

struct filemap {
	int		 fd;
	char		 path[512];
	char		*map;		/* the whole file, if mapped */
	size_t		 next;		/* bw_*: offset of the next chunk */
	char		*fault;		/* lat_pagefault's fresh mapping */
	size_t		*order;		/* its pages, in a random order */
	size_t		 npages;
	size_t		 at;		/* the next page, in order */
	size_t		 page;
	char		*buf;		/* page-aligned, as lmbench's */
};

/* Write the file and read it back, so that it is cached. */
static int
filemap_setup(struct bench_ctx *ctx)
{
	struct filemap	*st;
	long		 page;

	st = calloc(1, sizeof *st);
	page = sysconf(_SC_PAGESIZE);
	/*
	 * lmbench reads into a page-aligned buffer (valloc); the kernel's
	 * copy into one at an odd offset is 10% slower here.
	 */
	if (st == NULL || page <= 0 || (st->buf = aligned_alloc((size_t)page,
	    FILEMAP_CHUNK)) == NULL)
		bench_fail(ctx, "out of memory");
	st->page = (size_t)page;
	if ((st->fd = bench_tmpfile(ctx, st->path, sizeof st->path)) < 0)
		bench_fail(ctx, "temporary file: %s", strerror(errno));
	memset(st->buf, 'x', FILEMAP_CHUNK);
	/*
	 * Written as lmbench's script writes its file (lmdd bs=8k fsync=1):
	 * how a file was written decides how the page cache holds it, and
	 * lat_mmap's figure with it (lmbench's own lat_mmap takes 1.4 times
	 * as long on a file written 1 MB at a time as on one written 64 KB
	 * at a time).  Then clean and allocated, as a file that was there
	 * before: else the first writes through lat_mmap's mapping would
	 * find pages still dirty from write(), later ones pages the kernel
	 * has since written back, and the figure would depend on when
	 * writeback ran.
	 */
	for (size_t off = 0; off < FILEMAP_SIZE; off += FILEMAP_WRITE)
		if (write(st->fd, st->buf, FILEMAP_WRITE) != FILEMAP_WRITE)
			bench_fail(ctx, "%s: %s", st->path, strerror(errno));
	if (fsync(st->fd) != 0)
		bench_fail(ctx, "fsync %s: %s", st->path, strerror(errno));
	for (size_t off = 0; off < FILEMAP_SIZE; off += FILEMAP_CHUNK)
		if (pread(st->fd, st->buf, FILEMAP_CHUNK, (off_t)off) !=
		    FILEMAP_CHUNK)
			bench_fail(ctx, "%s: %s", st->path, strerror(errno));
	ctx->state = st;
	return 0;
}

static int
filemap_setup_mapped(struct bench_ctx *ctx)
{
	struct filemap	*st;

	filemap_setup(ctx);
	st = ctx->state;
	st->map = mmap(NULL, FILEMAP_SIZE, PROT_READ, MAP_SHARED, st->fd, 0);
	if (st->map == MAP_FAILED)
		bench_fail(ctx, "mmap: %s", strerror(errno));
	return 0;
}

/* lat_pagefault: replace its mapping with a fresh one, nothing mapped in. */
static void
filemap_remap(struct bench_ctx *ctx, struct filemap *st)
{
	if (st->fault != NULL && munmap(st->fault, FILEMAP_SIZE) != 0)
		bench_fail(ctx, "munmap: %s", strerror(errno));
	st->fault = mmap(NULL, FILEMAP_SIZE, PROT_READ, MAP_SHARED, st->fd, 0);
	if (st->fault == MAP_FAILED)
		bench_fail(ctx, "mmap: %s", strerror(errno));
	/* As lmbench asks: drop what the system may still hold mapped. */
	if (msync(st->fault, FILEMAP_SIZE, MS_INVALIDATE) != 0)
		bench_fail(ctx, "msync: %s", strerror(errno));
	st->at = 0;
}

static void
filemap_teardown(struct bench_ctx *ctx)
{
	struct filemap	*st = ctx->state;

	if (st->fault != NULL)
		munmap(st->fault, FILEMAP_SIZE);
	free(st->order);
	if (st->map != NULL)
		munmap(st->map, FILEMAP_SIZE);
	close(st->fd);
	unlink(st->path);
	free(st->buf);
	free(st);
}

/* The offset of the next chunk; chunks wrap round at the file's end. */
static size_t
filemap_chunk(struct filemap *st)
{
	size_t	at = st->next;

	st->next = (at + FILEMAP_CHUNK) % FILEMAP_SIZE;
	return at;
}

/* read() the next chunk and sum every word of it, as lmbench does. */
static void
filemap_read(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	uint64_t	 sum = 0;

	while (n-- > 0) {
		if (pread(st->fd, st->buf, FILEMAP_CHUNK,
		    (off_t)filemap_chunk(st)) != FILEMAP_CHUNK)
			bench_fail(ctx, "read: %s", strerror(errno));
		sum += bench_sum8(st->buf, FILEMAP_CHUNK);
	}
	ctx->sink = sum;
}

/* Sum every word of the next chunk of the mapping, as lmbench does. */
static void
filemap_mmap_read(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	uint64_t	 sum = 0;

	while (n-- > 0)
		sum += bench_sum8(st->map + filemap_chunk(st), FILEMAP_CHUNK);
	ctx->sink = sum;
}

/*
 * Map the file, write a byte every 16 KB over its first tenth, unmap:
 * lmbench's lat_mmap, which makes the mapping really used.
 */
static void
filemap_mmap_lat(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	char		*p;

	while (n-- > 0) {
		p = mmap(NULL, FILEMAP_SIZE, PROT_READ | PROT_WRITE,
		    MAP_SHARED, st->fd, 0);
		if (p == MAP_FAILED)
			bench_fail(ctx, "mmap: %s", strerror(errno));
		for (size_t i = 0; i < FILEMAP_SIZE / 10;
		    i += FILEMAP_TOUCH_STEP)
			p[i] = 'x';
		if (munmap(p, FILEMAP_SIZE) != 0)
			bench_fail(ctx, "munmap: %s", strerror(errno));
	}
}

static int
filemap_setup_faults(struct bench_ctx *ctx)
{
	struct filemap	*st;

	filemap_setup(ctx);
	st = ctx->state;
	st->npages = FILEMAP_SIZE / st->page;
	if ((st->order = bench_permutation(st->npages, FILEMAP_SEED)) == NULL)
		bench_fail(ctx, "out of memory");
	return 0;
}

/* Before each batch (and each overhead batch): a fresh mapping. */
static void
filemap_fault_prepare(struct bench_ctx *ctx, uint64_t n)
{
	(void)n;
	filemap_remap(ctx, ctx->state);
}

/*
 * Read a byte of n pages, in the random order, from a mapping where none
 * is mapped in yet; once every page of a mapping has been read, replace
 * it by a fresh one.  That is lmbench's lat_pagefault: the kernel maps
 * cached neighbours in around a fault (Linux: up to 16 pages), so not
 * every page faults, and the random order keeps the reads from being a
 * sequential scan; the figure is per page, as lmbench divides it.
 */
static void
filemap_fault(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	uint64_t	 sum = 0;

	while (n-- > 0) {
		sum += (unsigned char)st->fault[st->order[st->at] * st->page];
		if (++st->at == st->npages)
			filemap_remap(ctx, st);
	}
	ctx->sink = sum;
}

/*
 * What filemap_fault() spends on replacing mappings, without the reads:
 * the same number of remaps of untouched mappings, subtracted as
 * lmbench subtracts its mmap-only loop.
 */
static void
filemap_fault_overhead(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;

	for (uint64_t k = n / st->npages; k > 0; k--)
		filemap_remap(ctx, st);
}

const struct bench bench_bw_file_rd = {
	.id = "bw_file_rd",
	.title = "File reread",
	.group = "lmbench: local bandwidth",
	.unit = "MB/s",
	.dir = BENCH_HIGHER,
	.version = 4,
	.desc = "read() of a cached 16 MB file in 64 KB chunks, every "
	    "8-byte word summed",
	.scale = (double)FILEMAP_CHUNK / (1024 * 1024),
	.setup = filemap_setup,
	.loop = filemap_read,
	.teardown = filemap_teardown,
	.timing = BENCH_CALIBRATED,
};

const struct bench bench_bw_mmap_rd = {
	.id = "bw_mmap_rd",
	.title = "Mmap reread",
	.group = "lmbench: local bandwidth",
	.unit = "MB/s",
	.dir = BENCH_HIGHER,
	.version = 3,
	.desc = "sum every 8-byte word of a mapped, cached 16 MB file",
	.scale = (double)FILEMAP_CHUNK / (1024 * 1024),
	.setup = filemap_setup_mapped,
	.loop = filemap_mmap_read,
	.teardown = filemap_teardown,
	.timing = BENCH_CALIBRATED,
};

const struct bench bench_lat_mmap = {
	.id = "lat_mmap",
	.title = "Mmap latency",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 3,
	.desc = "mmap() a 16 MB file, write every 16 KB of a tenth, munmap()",
	.setup = filemap_setup,
	.loop = filemap_mmap_lat,
	.teardown = filemap_teardown,
};

const struct bench bench_lat_pagefault = {
	.id = "lat_pagefault",
	.title = "Page fault",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 3,
	.desc = "first read of each page of a fresh mapping of a cached "
	    "file, in random order, less mmap/munmap; per page",
	.setup = filemap_setup_faults,
	.loop = filemap_fault,
	.overhead = filemap_fault_overhead,
	.teardown = filemap_teardown,
	.prepare = filemap_fault_prepare,
};
