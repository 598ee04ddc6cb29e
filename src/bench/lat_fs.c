/*
 * lmbench's lat_fs: creating and deleting files of 0 and 10 KB.  A
 * create is open(O_CREAT|O_EXCL), the write of the contents and close();
 * a delete is unlink().  Each batch works on its own files: prepare()
 * makes the files a delete batch removes, and removes what a create batch
 * made, outside the timed region.  Microseconds per file.
 *
 * The files are spread over subdirectories of the copy's private one,
 * at most LAT_FS_PER_DIR each, named relative to it (the process works
 * in it), and the names are built in prepare(), not in the timed loop.
 * Version 1 put thousands of files in one directory and built each name
 * with snprintf() while timing.
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

#define LAT_FS_PER_DIR	100
#define LAT_FS_NAME	24		/* "d<k>/f<j>" and its NUL */

struct lat_fs {
	size_t		 size;		/* bytes per file */
	uint64_t	 nfiles;	/* names[0 .. nfiles-1] exist */
	uint64_t	 nnames;	/* names built, directories made */
	char		(*names)[LAT_FS_NAME];
	char		*data;
};

/* Names (and their directories) for files 0 .. n-1; outside timing. */
static void
lat_fs_names(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;
	char		(*p)[LAT_FS_NAME];

	if (n <= st->nnames)
		return;
	if ((p = realloc(st->names, (size_t)n * sizeof *p)) == NULL)
		bench_fail(ctx, "out of memory for %llu names",
		    (unsigned long long)n);
	st->names = p;
	for (uint64_t i = st->nnames; i < n; i++) {
		if (i % LAT_FS_PER_DIR == 0) {
			snprintf(p[i], sizeof p[i], "d%llu",
			    (unsigned long long)(i / LAT_FS_PER_DIR));
			if (mkdir(p[i], 0700) != 0 && errno != EEXIST)
				bench_fail(ctx, "mkdir %s/%s: %s", ctx->tmpdir,
				    p[i], strerror(errno));
		}
		snprintf(p[i], sizeof p[i], "d%llu/f%llu",
		    (unsigned long long)(i / LAT_FS_PER_DIR),
		    (unsigned long long)(i % LAT_FS_PER_DIR));
	}
	st->nnames = n;
}

static int
lat_fs_setup(struct bench_ctx *ctx, size_t size)
{
	struct lat_fs	*st;

	if ((st = calloc(1, sizeof *st)) == NULL ||
	    (st->data = malloc(size + 1)) == NULL)
		bench_fail(ctx, "out of memory");
	memset(st->data, 'x', size + 1);
	st->size = size;
	if (chdir(ctx->tmpdir) != 0)
		bench_fail(ctx, "%s: %s", ctx->tmpdir, strerror(errno));
	ctx->state = st;
	return 0;
}

static int
lat_fs_setup_0k(struct bench_ctx *ctx)
{
	return lat_fs_setup(ctx, 0);
}

static int
lat_fs_setup_10k(struct bench_ctx *ctx)
{
	return lat_fs_setup(ctx, 10 * 1024);
}

/* Create files f<from> .. f<to-1>. */
static void
lat_fs_make(struct bench_ctx *ctx, uint64_t from, uint64_t to)
{
	struct lat_fs	*st = ctx->state;
	const char	*path;
	int		 fd;

	for (uint64_t i = from; i < to; i++) {
		path = st->names[i];
		if ((fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600)) < 0 ||
		    write(fd, st->data, st->size) != (ssize_t)st->size ||
		    close(fd) != 0)
			bench_fail(ctx, "create %s: %s", path,
			    strerror(errno));
	}
	st->nfiles = to;
}

/* Delete files f<from> .. f<to-1>. */
static void
lat_fs_remove(struct bench_ctx *ctx, uint64_t from, uint64_t to)
{
	struct lat_fs	*st = ctx->state;

	for (uint64_t i = from; i < to; i++)
		if (unlink(st->names[i]) != 0)
			bench_fail(ctx, "delete %s: %s", st->names[i],
			    strerror(errno));
	st->nfiles = from;
}

static void
lat_fs_create(struct bench_ctx *ctx, uint64_t n)
{
	lat_fs_make(ctx, 0, n);
}

static void
lat_fs_delete(struct bench_ctx *ctx, uint64_t n)
{
	lat_fs_remove(ctx, 0, n);
}

/* Before a create batch: an empty directory. */
static void
lat_fs_create_prepare(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;

	lat_fs_remove(ctx, 0, st->nfiles);
	lat_fs_names(ctx, n);
}

/* Before a delete batch: exactly the n files it deletes. */
static void
lat_fs_delete_prepare(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;

	lat_fs_names(ctx, n);
	if (st->nfiles > n)
		lat_fs_remove(ctx, n, st->nfiles);
	else
		lat_fs_make(ctx, st->nfiles, n);
}

static void
lat_fs_teardown(struct bench_ctx *ctx)
{
	struct lat_fs	*st = ctx->state;

	lat_fs_remove(ctx, 0, st->nfiles);
	free(st->names);
	free(st->data);
	free(st);
}

#define LAT_FS(name, ttl, setup_fn, loop_fn, prep_fn, what)		\
const struct bench bench_##name = {					\
	.id = #name,							\
	.title = ttl,							\
	.group = "lmbench: file system",				\
	BENCH_LATENCY_US,						\
	.version = 3,							\
	.desc = what,							\
	.setup = setup_fn,						\
	.loop = loop_fn,						\
	.teardown = lat_fs_teardown,					\
	.prepare = prep_fn,						\
}

LAT_FS(lat_fs_create_0k, "0K File Create", lat_fs_setup_0k, lat_fs_create,
    lat_fs_create_prepare, "create an empty file");
LAT_FS(lat_fs_delete_0k, "0K File Delete", lat_fs_setup_0k, lat_fs_delete,
    lat_fs_delete_prepare, "delete an empty file");
LAT_FS(lat_fs_create_10k, "10K File Create", lat_fs_setup_10k,
    lat_fs_create, lat_fs_create_prepare, "create a file, write 10 KB");
LAT_FS(lat_fs_delete_10k, "10K File Delete", lat_fs_setup_10k,
    lat_fs_delete, lat_fs_delete_prepare, "delete a 10 KB file");
