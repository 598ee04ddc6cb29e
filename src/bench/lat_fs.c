/*
 * lmbench's lat_fs: creating and deleting files of 0 and 10 KB.  A
 * create is open(O_CREAT|O_EXCL), the write of the contents and close();
 * a delete is unlink().  Microseconds per file.
 *
 * Each batch works on its own files in fresh directories, as lmbench's
 * does: prepare() removes the last batch's files and directories, makes
 * new ones, and for a delete batch the files it deletes, all outside the
 * timed region.  The files are <tmpdir>/d<k>/f<j>, at most LAT_FS_PER_DIR
 * to a directory, named by absolute path, as lmbench names its own (the
 * kernel walks the whole path on every call: with TMPDIR=/tmp six names,
 * as with lmbench's script), and the names are built in prepare(), not in
 * the timed loop.  A 0 KB create writes nothing: no write() call, as
 * lmbench writes its contents in a loop that does not run for 0 bytes.
 * Version 1 put thousands of files in one directory and built each name
 * while timing; version 3 kept its directories from batch to batch,
 * named files from the working directory (three names to walk) and wrote
 * 0 bytes, 0.7 us a create more than lmbench and 1.3 us a delete less.
 *
 * Where the files are decides the figure, and the run records it
 * (tmpdir_fs).  On ext4 without a journal (some VMs' root), a create
 * skips every free inode of its group that was deleted more than a
 * second and less than a minute before (six minutes while the inode's
 * table block is not written back), one buffer look-up each: there a
 * create costs from 10 us to over 300 us, depending on the deletes of
 * the last minutes, this test's own and lmbench's included, and neither
 * tool's figure repeats.  With a journal (ext4's default), or on tmpfs,
 * it costs the same in short batches as in long ones.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define LAT_FS_PER_DIR	100
#define LAT_FS_NAME	32		/* "/d<k>/f<j>" and its NUL */
#define LAT_FS_PATH	(PATH_MAX + LAT_FS_NAME)

struct lat_fs {
	size_t		 size;		/* bytes per file */
	uint64_t	 nfiles;	/* files 0 .. nfiles-1 exist */
	uint64_t	 ndirs;		/* directories d0 .. exist */
	uint64_t	 nnames;	/* names built */
	size_t		 namelen;	/* bytes for one name */
	char		*names;		/* nnames of namelen bytes */
	char		*data;
};

/* File i's absolute name. */
static const char *
lat_fs_name(const struct lat_fs *st, uint64_t i)
{
	return st->names + i * st->namelen;
}

/* Names for files 0 .. n-1; outside timing. */
static void
lat_fs_names(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;
	char		*p;

	if (n <= st->nnames)
		return;
	if (n > SIZE_MAX / st->namelen ||
	    (p = realloc(st->names, (size_t)n * st->namelen)) == NULL)
		bench_fail(ctx, "out of memory for %llu names",
		    (unsigned long long)n);
	st->names = p;
	for (uint64_t i = st->nnames; i < n; i++)
		snprintf(p + i * st->namelen, st->namelen, "%s/d%llu/f%llu",
		    ctx->tmpdir, (unsigned long long)(i / LAT_FS_PER_DIR),
		    (unsigned long long)(i % LAT_FS_PER_DIR));
	st->nnames = n;
}

/* Directory k's absolute name, in buf of LAT_FS_PATH bytes. */
static const char *
lat_fs_dir(struct bench_ctx *ctx, uint64_t k, char *buf)
{
	struct lat_fs	*st = ctx->state;

	snprintf(buf, st->namelen, "%s/d%llu", ctx->tmpdir,
	    (unsigned long long)k);
	return buf;
}

/* Fresh directories with room for n files. */
static void
lat_fs_tree(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;
	uint64_t	 nd = (n + LAT_FS_PER_DIR - 1) / LAT_FS_PER_DIR;
	char		 buf[LAT_FS_PATH];

	for (st->ndirs = 0; st->ndirs < nd; st->ndirs++)
		if (mkdir(lat_fs_dir(ctx, st->ndirs, buf), 0700) != 0)
			bench_fail(ctx, "mkdir %s: %s", buf, strerror(errno));
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
	st->namelen = strlen(ctx->tmpdir) + LAT_FS_NAME;
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

/* The timed loop of a create batch, and the making of a delete batch. */
static void
lat_fs_create(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;
	const char	*path;
	int		 fd;

	for (uint64_t i = 0; i < n; i++) {
		path = lat_fs_name(st, i);
		if ((fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600)) < 0 ||
		    (st->size > 0 &&
		    write(fd, st->data, st->size) != (ssize_t)st->size) ||
		    close(fd) != 0)
			bench_fail(ctx, "create %s: %s", path,
			    strerror(errno));
	}
	st->nfiles = n;
}

/* The timed loop of a delete batch, and the clearing of a create batch. */
static void
lat_fs_delete(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_fs	*st = ctx->state;

	for (uint64_t i = 0; i < n; i++)
		if (unlink(lat_fs_name(st, i)) != 0)
			bench_fail(ctx, "delete %s: %s", lat_fs_name(st, i),
			    strerror(errno));
	st->nfiles = 0;
}

/* Remove the last batch's files and directories. */
static void
lat_fs_clear(struct bench_ctx *ctx)
{
	struct lat_fs	*st = ctx->state;
	char		 buf[LAT_FS_PATH];

	lat_fs_delete(ctx, st->nfiles);
	while (st->ndirs > 0)
		if (rmdir(lat_fs_dir(ctx, --st->ndirs, buf)) != 0)
			bench_fail(ctx, "rmdir %s: %s", buf, strerror(errno));
}

/* Before a create batch: fresh, empty directories. */
static void
lat_fs_create_prepare(struct bench_ctx *ctx, uint64_t n)
{
	lat_fs_clear(ctx);
	lat_fs_names(ctx, n);
	lat_fs_tree(ctx, n);
}

/* Before a delete batch: fresh directories of exactly the n files. */
static void
lat_fs_delete_prepare(struct bench_ctx *ctx, uint64_t n)
{
	lat_fs_create_prepare(ctx, n);
	lat_fs_create(ctx, n);
}

static void
lat_fs_teardown(struct bench_ctx *ctx)
{
	struct lat_fs	*st = ctx->state;

	lat_fs_clear(ctx);
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
	.version = 4,							\
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
