/*
 * lmbench's lat_syscall: what one trip into the kernel costs, for the
 * cheapest call there is (getppid, which no C library answers from a
 * cache) and for the calls every program makes: a one-byte read of
 * /dev/zero, a one-byte write to /dev/null, stat and fstat of a file and
 * open+close of it.  Calibrated batches, microseconds per call.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

struct lat_syscall {
	int	fd;
	char	path[512];
};

/* A descriptor on dev, or on a fresh private file when dev is NULL. */
static int
lat_syscall_open_fd(struct bench_ctx *ctx, const char *dev, int flags)
{
	struct lat_syscall	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if (dev != NULL) {
		snprintf(st->path, sizeof st->path, "%s", dev);
		st->fd = open(dev, flags);
	} else
		st->fd = bench_tmpfile(ctx, st->path, sizeof st->path);
	if (st->fd < 0)
		bench_fail(ctx, "%s: %s", dev != NULL ? dev : "temporary file",
		    strerror(errno));
	ctx->state = st;
	return 0;
}

static int
lat_syscall_setup_zero(struct bench_ctx *ctx)
{
	return lat_syscall_open_fd(ctx, "/dev/zero", O_RDONLY);
}

static int
lat_syscall_setup_null(struct bench_ctx *ctx)
{
	return lat_syscall_open_fd(ctx, "/dev/null", O_WRONLY);
}

static int
lat_syscall_setup_file(struct bench_ctx *ctx)
{
	return lat_syscall_open_fd(ctx, NULL, 0);
}

static void
lat_syscall_teardown(struct bench_ctx *ctx)
{
	struct lat_syscall	*st = ctx->state;

	close(st->fd);
	free(st);
}

static void
lat_syscall_null(struct bench_ctx *ctx, uint64_t n)
{
	while (n-- > 0)
		ctx->sink += (uint64_t)getppid();
}

static void
lat_syscall_read(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_syscall	*st = ctx->state;
	char			 c;

	while (n-- > 0)
		if (read(st->fd, &c, 1) != 1)
			bench_fail(ctx, "read /dev/zero: %s", strerror(errno));
}

static void
lat_syscall_write(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_syscall	*st = ctx->state;
	char			 c = 'x';

	while (n-- > 0)
		if (write(st->fd, &c, 1) != 1)
			bench_fail(ctx, "write /dev/null: %s", strerror(errno));
}

static void
lat_syscall_stat(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_syscall	*st = ctx->state;
	struct stat		 sb;

	while (n-- > 0) {
		if (stat(st->path, &sb) != 0)
			bench_fail(ctx, "stat %s: %s", st->path,
			    strerror(errno));
		ctx->sink += (uint64_t)sb.st_size;
	}
}

static void
lat_syscall_fstat(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_syscall	*st = ctx->state;
	struct stat		 sb;

	while (n-- > 0) {
		if (fstat(st->fd, &sb) != 0)
			bench_fail(ctx, "fstat: %s", strerror(errno));
		ctx->sink += (uint64_t)sb.st_size;
	}
}

static void
lat_syscall_open(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_syscall	*st = ctx->state;
	int			 fd;

	while (n-- > 0) {
		if ((fd = open(st->path, O_RDONLY)) < 0 || close(fd) != 0)
			bench_fail(ctx, "open/close %s: %s", st->path,
			    strerror(errno));
	}
}

#define LAT_SYSCALL(name, ttl, setup_fn, loop_fn, what)			\
const struct bench bench_##name = {					\
	.id = #name,							\
	.title = ttl,							\
	.group = "lmbench: system calls and processes",			\
	BENCH_LATENCY_US,						\
	.version = 2,							\
	.desc = what,							\
	.setup = setup_fn,						\
	.loop = loop_fn,						\
	.teardown = setup_fn != NULL ? lat_syscall_teardown : NULL,	\
}

LAT_SYSCALL(lat_syscall, "Null Syscall", NULL, lat_syscall_null,
    "getppid(): the cheapest trip into the kernel");
LAT_SYSCALL(lat_syscall_read, "Null Read", lat_syscall_setup_zero,
    lat_syscall_read, "read one byte from /dev/zero");
LAT_SYSCALL(lat_syscall_write, "Null Write", lat_syscall_setup_null,
    lat_syscall_write, "write one byte to /dev/null");
LAT_SYSCALL(lat_syscall_stat, "Stat", lat_syscall_setup_file,
    lat_syscall_stat, "stat() of a file in the private directory");
LAT_SYSCALL(lat_syscall_fstat, "Fstat", lat_syscall_setup_file,
    lat_syscall_fstat, "fstat() of an open file");
LAT_SYSCALL(lat_syscall_open, "Open/Close", lat_syscall_setup_file,
    lat_syscall_open, "open() and close() of a file");
