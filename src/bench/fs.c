/*
 * The file tests: File Read, File Write and File Copy as BYTE's suite ran
 * them (1024-byte buffers over a 2000-block file, for its 10 s and 30 s
 * samples), and UnixBench's three copy variants fstime, fsbuffer and
 * fsdisk ("1024 bufsize 2000 maxblocks", "256 bufsize 500 maxblocks",
 * "4096 bufsize 8000 maxblocks").  UnixBench's maxblocks counts KB
 * whatever the buffer, so its files are 2000 KB, 500 KB and 8000 KB:
 * 2000 buffers each.  (Version 1 of fsbuffer and fsdisk took maxblocks
 * as buffers: 125 KB and 32 MB files.)
 * One loop moves one buffer; at the file's last block it starts over at
 * the first, so the file stays its size.  The figure is KBps.
 *
 * Each block carries its number in its first bytes: reads check it as
 * they go, and what was written or copied is read back and checked in
 * teardown.  Files live in the copy's private directory.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

enum fs_mode {
	FS_READ,
	FS_WRITE,
	FS_COPY
};

struct fs_param {
	enum fs_mode	mode;
	size_t		bufsize;
	uint32_t	blocks;
};

struct fs_state {
	int		 src;		/* read from (READ, COPY) */
	int		 dst;		/* written to (WRITE, COPY) */
	uint32_t	 pos;		/* next block */
	uint64_t	 moved;		/* blocks moved so far */
	char		*buf;
};

/* An fd on a fresh file that vanishes with it. */
static int
fs_open(struct bench_ctx *ctx)
{
	char	path[1024];
	int	fd;

	if ((fd = bench_tmpfile(ctx, path, sizeof path)) < 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	unlink(path);
	return fd;
}

static void
fs_tag(char *buf, uint32_t block)
{
	memcpy(buf, &block, sizeof block);
}

static uint32_t
fs_block(const char *buf)
{
	uint32_t	block;

	memcpy(&block, buf, sizeof block);
	return block;
}

static void
fs_fill(struct bench_ctx *ctx, const struct fs_param *p, int fd, char *buf)
{
	for (uint32_t b = 0; b < p->blocks; b++) {
		fs_tag(buf, b);
		if (write(fd, buf, p->bufsize) != (ssize_t)p->bufsize)
			bench_fail(ctx, "fill: %s", strerror(errno));
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		bench_fail(ctx, "lseek: %s", strerror(errno));
}

static int
fs_setup(struct bench_ctx *ctx)
{
	const struct fs_param	*p = ctx->bench->arg;
	struct fs_state		*st;

	if ((st = calloc(1, sizeof *st)) == NULL ||
	    (st->buf = malloc(p->bufsize)) == NULL)
		bench_fail(ctx, "out of memory");
	memset(st->buf, 'x', p->bufsize);
	st->src = st->dst = -1;
	if (p->mode != FS_WRITE) {
		st->src = fs_open(ctx);
		fs_fill(ctx, p, st->src, st->buf);
	}
	if (p->mode != FS_READ)
		st->dst = fs_open(ctx);
	ctx->state = st;
	return 0;
}

/* At the end of the file, back to its first block. */
static void
fs_wrap(struct bench_ctx *ctx, const struct fs_param *p, struct fs_state *st)
{
	if (++st->pos < p->blocks)
		return;
	st->pos = 0;
	if ((st->src >= 0 && lseek(st->src, 0, SEEK_SET) != 0) ||
	    (st->dst >= 0 && lseek(st->dst, 0, SEEK_SET) != 0))
		bench_fail(ctx, "lseek: %s", strerror(errno));
}

static void
fs_loop(struct bench_ctx *ctx, uint64_t n)
{
	const struct fs_param	*p = ctx->bench->arg;
	struct fs_state		*st = ctx->state;
	ssize_t			 len = (ssize_t)p->bufsize;

	while (n-- > 0) {
		if (st->src >= 0) {
			if (read(st->src, st->buf, p->bufsize) != len)
				bench_fail(ctx, "read: %s", strerror(errno));
			if (fs_block(st->buf) != st->pos)
				bench_fail(ctx, "block %u read back as %u",
				    st->pos, fs_block(st->buf));
		} else
			fs_tag(st->buf, st->pos);
		if (st->dst >= 0 && write(st->dst, st->buf, p->bufsize) != len)
			bench_fail(ctx, "write: %s", strerror(errno));
		st->moved++;
		fs_wrap(ctx, p, st);
	}
	ctx->sink += fs_block(st->buf);
}

/* Read back what was written or copied: every block in its place. */
static void
fs_verify(struct bench_ctx *ctx, const struct fs_param *p,
    struct fs_state *st)
{
	uint64_t	n = st->moved < p->blocks ? st->moved : p->blocks;

	if (lseek(st->dst, 0, SEEK_SET) != 0)
		bench_fail(ctx, "lseek: %s", strerror(errno));
	for (uint32_t b = 0; b < n; b++)
		if (read(st->dst, st->buf, p->bufsize) !=
		    (ssize_t)p->bufsize || fs_block(st->buf) != b)
			bench_fail(ctx, "block %u did not read back", b);
}

static void
fs_teardown(struct bench_ctx *ctx)
{
	const struct fs_param	*p = ctx->bench->arg;
	struct fs_state		*st = ctx->state;

	if (st->dst >= 0)
		fs_verify(ctx, p, st);
	if (st->src >= 0)
		close(st->src);
	if (st->dst >= 0)
		close(st->dst);
	free(st->buf);
	free(st);
}

#define FS_BENCH(i, ttl, m, size, kb, v, d)				\
	static const struct fs_param fs_param_##i =			\
	    { m, size, (kb) * 1024 / (size) };				\
	const struct bench bench_##i = {				\
		.id = #i,						\
		.title = ttl,						\
		.group = "File",					\
		.unit = "KBps",						\
		.dir = BENCH_HIGHER,					\
		.version = v,						\
		.desc = d,						\
		.scale = (size) / 1024.0,				\
		.setup = fs_setup,					\
		.loop = fs_loop,					\
		.teardown = fs_teardown,				\
		.arg = &fs_param_##i,					\
	}

FS_BENCH(fsread, "File Read (10 seconds)", FS_READ, 1024, 2000, 1,
    "read a 2000 KB file in 1 KB reads (BYTE's 10 s sample)");
FS_BENCH(fswrite, "File Write (10 seconds)", FS_WRITE, 1024, 2000, 1,
    "write a 2000 KB file in 1 KB writes (BYTE's 10 s sample)");
FS_BENCH(fscopy, "File Copy (10 seconds)", FS_COPY, 1024, 2000, 1,
    "copy a 2000 KB file in 1 KB blocks (BYTE's 10 s sample)");
FS_BENCH(fsread30, "File Read (30 seconds)", FS_READ, 1024, 2000, 1,
    "File Read again: BYTE's 30 s sample (its length: the run's)");
FS_BENCH(fswrite30, "File Write (30 seconds)", FS_WRITE, 1024, 2000, 1,
    "File Write again: BYTE's 30 s sample (its length: the run's)");
FS_BENCH(fscopy30, "File Copy (30 seconds)", FS_COPY, 1024, 2000, 1,
    "File Copy again: BYTE's 30 s sample, an index test");
FS_BENCH(fstime, "File Copy 1024 bufsize 2000 maxblocks", FS_COPY, 1024,
    2000, 1, "copy a 2000 KB file in 1024-byte blocks (UnixBench)");
FS_BENCH(fsbuffer, "File Copy 256 bufsize 500 maxblocks", FS_COPY, 256,
    500, 2, "copy a 500 KB file in 256-byte blocks (UnixBench)");
FS_BENCH(fsdisk, "File Copy 4096 bufsize 8000 maxblocks", FS_COPY, 4096,
    8000, 2, "copy an 8000 KB file in 4096-byte blocks (UnixBench)");
