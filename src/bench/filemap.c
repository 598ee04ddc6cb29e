/*
 * lmbench's tests of a cached file: reread bandwidth with read()
 * (bw_file_rd) and through a mapping (bw_mmap_rd), the latency of
 * mapping, touching and unmapping it (lat_mmap) and the cost per page of
 * reading it in through a fresh mapping (lat_pagefault).  They share one thing, a 16 MB file
 * written in setup and read once so that the page cache holds it: the
 * figures are of the kernel's paths, never of a disk.
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
#define FILEMAP_MAXMAP	4096		/* lat_pagefault's mappings */
/* lat_mmap writes one byte every 16 KB over a tenth of the mapping. */
#define FILEMAP_TOUCH_STEP	(16u * 1024)

struct filemap {
	int		 fd;
	char		 path[512];
	char		*map;		/* the whole file, if mapped */
	size_t		 next;		/* bw_*: offset of the next chunk */
	char		*maps[FILEMAP_MAXMAP];	/* lat_pagefault */
	size_t		 nmaps;
	size_t		 page;		/* lat_pagefault's stride */
	char		 buf[FILEMAP_CHUNK];
};

/* Write the file and read it back, so that it is cached. */
static int
filemap_setup(struct bench_ctx *ctx)
{
	struct filemap	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if ((st->fd = bench_tmpfile(ctx, st->path, sizeof st->path)) < 0)
		bench_fail(ctx, "temporary file: %s", strerror(errno));
	st->page = (size_t)sysconf(_SC_PAGESIZE);
	memset(st->buf, 'x', sizeof st->buf);
	for (size_t off = 0; off < FILEMAP_SIZE; off += FILEMAP_CHUNK)
		if (write(st->fd, st->buf, FILEMAP_CHUNK) != FILEMAP_CHUNK)
			bench_fail(ctx, "%s: %s", st->path, strerror(errno));
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

static void
filemap_unmap_faults(struct filemap *st)
{
	for (size_t i = 0; i < st->nmaps; i++)
		munmap(st->maps[i], FILEMAP_SIZE);
	st->nmaps = 0;
}

static void
filemap_teardown(struct bench_ctx *ctx)
{
	struct filemap	*st = ctx->state;

	filemap_unmap_faults(st);
	if (st->map != NULL)
		munmap(st->map, FILEMAP_SIZE);
	close(st->fd);
	unlink(st->path);
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

/* read() the next chunk and sum it, as lmbench sums each block. */
static void
filemap_read(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	uint32_t	 sum = 0;

	while (n-- > 0) {
		if (pread(st->fd, st->buf, FILEMAP_CHUNK,
		    (off_t)filemap_chunk(st)) != FILEMAP_CHUNK)
			bench_fail(ctx, "read: %s", strerror(errno));
		sum += bench_sum4(st->buf, FILEMAP_CHUNK);
	}
	ctx->sink = sum;
}

/* Sum the next chunk of the mapping, as bw_mem rd sums memory. */
static void
filemap_mmap_read(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	uint32_t	 sum = 0;

	while (n-- > 0)
		sum += bench_sum4(st->map + filemap_chunk(st), FILEMAP_CHUNK);
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

/*
 * Before a batch of n faults: fresh mappings of the file, enough of them
 * to fault n times where nothing is mapped yet.
 */
static void
filemap_fault_prepare(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	size_t		 per = FILEMAP_SIZE / st->page;
	size_t		 need = (size_t)((n + per - 1) / per);

	filemap_unmap_faults(st);
	if (need > FILEMAP_MAXMAP)
		bench_fail(ctx, "%llu page faults need more than %d mappings",
		    (unsigned long long)n, FILEMAP_MAXMAP);
	for (; st->nmaps < need; st->nmaps++) {
		st->maps[st->nmaps] = mmap(NULL, FILEMAP_SIZE, PROT_READ,
		    MAP_SHARED, st->fd, 0);
		if (st->maps[st->nmaps] == MAP_FAILED)
			bench_fail(ctx, "mmap: %s", strerror(errno));
	}
}

/*
 * Read a byte of n pages that are not mapped in yet.  The figure is per
 * page, as lmbench reports it: the kernel maps cached neighbours in
 * around a fault (Linux: up to 16 pages), so not every page faults.
 */
static void
filemap_fault(struct bench_ctx *ctx, uint64_t n)
{
	struct filemap	*st = ctx->state;
	size_t		 per = FILEMAP_SIZE / st->page;
	uint64_t	 sum = 0;

	for (uint64_t i = 0; i < n; i++)
		sum += (unsigned char)st->maps[i / per][(i % per) * st->page];
	ctx->sink = sum;
}

const struct bench bench_bw_file_rd = {
	.id = "bw_file_rd",
	.title = "File reread",
	.group = "lmbench: local bandwidth",
	.unit = "MB/s",
	.dir = BENCH_HIGHER,
	.version = 2,
	.desc = "read() of a cached 16 MB file in 64 KB chunks, summed",
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
	.version = 2,
	.desc = "sum a mapped, cached 16 MB file as bw_mem rd does",
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
	.version = 2,
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
	.version = 2,
	.desc = "first read of each page of a mapped, cached file, per page",
	.setup = filemap_setup,
	.loop = filemap_fault,
	.teardown = filemap_teardown,
	.prepare = filemap_fault_prepare,
};
