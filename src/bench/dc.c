/*
 * Dc: sqrt(2) to 99 decimal places, as the BYTE suite ran it: the system's
 * dc computes the root from a one-line program, and each loop is one whole
 * dc process.  The digits it prints are checked against the constant, so
 * a broken or missing dc cannot pass for a fast one.  When there is no dc
 * the test is skipped with that reason.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* sqrt(2) truncated to 99 decimal places. */
#define DC_SQRT2	"1.414213562373095048801688724209698078569671875" \
			"3769480731766797379907324784621070388503875" \
			"3432764157" "2"

struct dc_state {
	char	in[1024];
	char	out[1100];
	char	buf[256];
};

static const char *
dc_available(void)
{
	char	path[1024];

	if (bench_which("dc", path, sizeof path) != 0)
		return "no dc in PATH (install the dc package)";
	return NULL;
}

static int
dc_setup(struct bench_ctx *ctx)
{
	struct dc_state	*st;
	int		 fd;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if ((fd = bench_tmpfile(ctx, st->in, sizeof st->in)) < 0 ||
	    write(fd, "99k2vp\n", 7) != 7)
		bench_fail(ctx, "%s: %s", st->in, strerror(errno));
	close(fd);
	snprintf(st->out, sizeof st->out, "%s.out", st->in);
	ctx->state = st;
	return 0;
}

/* dc's answer with its line continuations ("\" newline) taken out. */
static void
dc_check(struct bench_ctx *ctx, struct dc_state *st)
{
	char	raw[sizeof st->buf];
	ssize_t	n;
	int	fd;
	size_t	k = 0;

	if ((fd = open(st->out, O_RDONLY)) < 0)
		bench_fail(ctx, "%s: %s", st->out, strerror(errno));
	n = read(fd, raw, sizeof raw - 1);
	close(fd);
	for (ssize_t i = 0; i < n; i++)
		if (raw[i] != '\\' && raw[i] != '\n')
			st->buf[k++] = raw[i];
	st->buf[k] = '\0';
	if (strcmp(st->buf, DC_SQRT2) != 0)
		bench_fail(ctx, "dc printed \"%s\", not sqrt(2)", st->buf);
}

static void
dc_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct dc_state	*st = ctx->state;
	char		*argv[] = { "dc", NULL };

	while (n-- > 0) {
		bench_command_wait(ctx, bench_command(ctx, NULL, st->in,
		    st->out, argv), "dc");
		dc_check(ctx, st);
		ctx->sink += (unsigned char)st->buf[100];
	}
}

static void
dc_teardown(struct bench_ctx *ctx)
{
	struct dc_state	*st = ctx->state;

	unlink(st->in);
	unlink(st->out);
	free(st);
}

const struct bench bench_dc = {
	.id = "dc",
	.title = "Dc: sqrt(2) to 99 decimal places",
	.group = "Programs",
	.unit = "lpm",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "the system's dc computes sqrt(2) to 99 places; checked",
	.scale = 60,
	.setup = dc_setup,
	.loop = dc_loop,
	.teardown = dc_teardown,
	.available = dc_available,
	.tool = "dc",
};
