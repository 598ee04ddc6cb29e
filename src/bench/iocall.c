/*
 * IOCALL (Jan Stubbs, net.unix-wizards, December 1985; seed 000): the
 * system call interface and buffer-cache copies.  Written here from the
 * post's description of its corrected version: on an unlinked file, each
 * loop seeks to the start, writes 500 bytes, seeks back and reads 100
 * bytes four times, so everything stays in the first block.  The original
 * runs 1001 loops and reports system seconds; sysmark reports loops per
 * second, which converts back as 1001 / lps.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

struct iocall {
	int	fd;
	char	buf[512];
};

static int
iocall_setup(struct bench_ctx *ctx)
{
	struct iocall	*st;
	char		 path[1024];

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if ((st->fd = bench_tmpfile(ctx, path, sizeof path)) < 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	/* As the original: the file lives only as long as the descriptor. */
	unlink(path);
	ctx->state = st;
	return 0;
}

static void
iocall_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct iocall	*st = ctx->state;

	while (n-- > 0) {
		if (lseek(st->fd, 0, SEEK_SET) != 0 ||
		    write(st->fd, st->buf, 500) != 500 ||
		    lseek(st->fd, 0, SEEK_SET) != 0)
			bench_fail(ctx, "iocall write: %s", strerror(errno));
		for (int j = 0; j < 4; j++)
			if (read(st->fd, st->buf, 100) != 100)
				bench_fail(ctx, "iocall read: %s",
				    strerror(errno));
	}
}

static void
iocall_teardown(struct bench_ctx *ctx)
{
	struct iocall	*st = ctx->state;

	close(st->fd);
	free(st);
}

const struct bench bench_iocall = {
	.id = "iocall",
	.title = "IOCALL",
	.group = "System",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "lseek, 500-byte write, lseek, 4 x 100-byte read (1985)",
	.scale = 1,
	.setup = iocall_setup,
	.loop = iocall_loop,
	.teardown = iocall_teardown,
};
