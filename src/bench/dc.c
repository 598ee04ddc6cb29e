/*
 * Dc: sqrt(2) to 99 decimal places, as the BYTE suite ran it: the system's
 * dc computes the root from the suite's program (99 k 2 v p, one
 * command a line), and each loop is one whole dc process, forked by a
 * small process as UnixBench's looper forks it (bench_looper_*()).  The
 * answers come back through a pipe and every one's digits are checked
 * against the constant, so a broken or missing dc cannot pass for a fast
 * one.
 * When there is no dc the test is skipped with that reason.  (Version 1
 * forked the sampler and sent the answer through a file it read back:
 * 0.62 of UnixBench's figure.  Version 3: the looper is asked for 50 ms
 * of runs at a time, not 2 ms, and times them itself: sampler.c.)
 *
 * Where sysmark deliberately does more: every dc here reads the program.
 * UnixBench's looper gives all its dc processes one shared stdin, so the
 * first reads the whole file and every later one finds it at its end and
 * exits at once (and GNU dc exits 1 on the file's "q", which stops the
 * looper): its figure is mostly dc's start-up.
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

/*
 * The program, as the BYTE suite's dc.dat gives it, without its final q:
 * GNU dc leaves with status 1 on q, and 0 at the end of its input.
 */
static const char dc_program[] = "99\nk\n2\nv\np\n";

struct dc_state {
	char			 in[1024];
	int			 out;		/* the answers' pipe */
	struct bench_looper	 looper;
	char			*buf;		/* a batch's answers */
	size_t			 len, cap;
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
	char		*argv[] = { "dc", NULL };
	int		 fd, p[2];

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	if ((fd = bench_tmpfile(ctx, st->in, sizeof st->in)) < 0 ||
	    write(fd, dc_program, sizeof dc_program - 1) !=
	    (ssize_t)sizeof dc_program - 1)
		bench_fail(ctx, "%s: %s", st->in, strerror(errno));
	close(fd);
	bench_cloexec_pipe(ctx, p);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	bench_looper_start(ctx, &st->looper, st->in, p[1], argv);
	close(p[1]);
	st->out = p[0];
	ctx->state = st;
	return 0;
}

/*
 * Take what dc wrote so far, with its line continuations ("\\" newline)
 * and newlines out: the answers, one after the other.
 */
static void
dc_drain(struct bench_ctx *ctx, int fd)
{
	struct dc_state	*st = ctx->state;
	char		 raw[4096];
	ssize_t		 n;

	while ((n = read(fd, raw, sizeof raw)) > 0)
		for (ssize_t i = 0; i < n; i++) {
			if (raw[i] == '\\' || raw[i] == '\n')
				continue;
			if (st->len + 1 >= st->cap) {
				st->cap = st->cap * 2 + 512;
				if ((st->buf = realloc(st->buf, st->cap)) ==
				    NULL)
					bench_fail(ctx, "out of memory");
			}
			st->buf[st->len++] = raw[i];
		}
}

static void
dc_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct dc_state	*st = ctx->state;
	const size_t	 len = sizeof DC_SQRT2 - 1;
	size_t		 show;

	st->len = 0;
	bench_looper_run(ctx, &st->looper, n, "dc", st->out, dc_drain);
	for (uint64_t i = 0; i < n; i++)
		if (st->len != n * len || memcmp(st->buf + i * len, DC_SQRT2,
		    len) != 0) {
			show = st->len < len ? st->len : len;
			bench_fail(ctx, "dc printed \"%.*s\", not sqrt(2)",
			    (int)show, st->buf != NULL ? st->buf : "");
		}
	ctx->sink += (unsigned char)st->buf[100];
}

static void
dc_teardown(struct bench_ctx *ctx)
{
	struct dc_state	*st = ctx->state;

	bench_looper_stop(&st->looper);
	close(st->out);
	unlink(st->in);
	free(st->buf);
	free(st);
}

const struct bench bench_dc = {
	.id = "dc",
	.title = "Dc: sqrt(2) to 99 decimal places",
	.group = "Programs",
	.unit = "lpm",
	.dir = BENCH_HIGHER,
	.version = 3,
	.desc = "dc computes sqrt(2) to 99 places, every run; checked",
	.scale = 60,
	.setup = dc_setup,
	.loop = dc_loop,
	.teardown = dc_teardown,
	.available = dc_available,
	.tool = "dc",
};
