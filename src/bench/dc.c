/*
 * Dc: sqrt(2) to 99 decimal places, as the BYTE suite ran it: the system's
 * dc computes the root from the suite's program (99 k 2 v p, one
 * command a line), and each loop is one whole dc process, started the way
 * UnixBench's looper starts it, from a small process (bench_run_small()).
 * Its answer comes back through a pipe and its digits are checked against
 * the constant, so a broken or missing dc cannot pass for a fast one.
 * When there is no dc the test is skipped with that reason.  (Version 1
 * forked the sampler and sent the answer through a file it read back:
 * 0.62 of UnixBench's figure.)
 *
 * Where sysmark deliberately does more: every dc here reads the program.
 * UnixBench's looper gives all its dc processes one shared stdin, so the
 * first reads the whole file and every later one finds it at its end and
 * exits at once (and GNU dc exits 1 on the file's "q", which stops the
 * looper): its figure is mostly dc's start-up.  Where it does less:
 * posix_spawn() starts dc without copying page tables, which the
 * looper's fork() of its small process still does.
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
	char	in[1024];
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
	    write(fd, dc_program, sizeof dc_program - 1) !=
	    (ssize_t)sizeof dc_program - 1)
		bench_fail(ctx, "%s: %s", st->in, strerror(errno));
	close(fd);
	ctx->state = st;
	return 0;
}

/*
 * Read dc's answer from fd to its end, with its line continuations
 * ("\" newline) taken out, and check it.
 */
static void
dc_check(struct bench_ctx *ctx, struct dc_state *st, int fd)
{
	char	raw[sizeof st->buf];
	ssize_t	n;
	size_t	k = 0;

	while ((n = read(fd, raw, sizeof raw)) > 0 || (n < 0 && errno == EINTR))
		for (ssize_t i = 0; i < n; i++)
			if (raw[i] != '\\' && raw[i] != '\n' &&
			    k < sizeof st->buf - 1)
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
	pid_t		 pid;
	int		 p[2];

	while (n-- > 0) {
		if (pipe(p) != 0)
			bench_fail(ctx, "pipe: %s", strerror(errno));
		pid = bench_run_small(ctx, st->in, p[1], argv);
		close(p[1]);
		dc_check(ctx, st, p[0]);
		close(p[0]);
		bench_command_wait(ctx, pid, "dc");
		ctx->sink += (unsigned char)st->buf[100];
	}
}

static void
dc_teardown(struct bench_ctx *ctx)
{
	struct dc_state	*st = ctx->state;

	unlink(st->in);
	free(st);
}

const struct bench bench_dc = {
	.id = "dc",
	.title = "Dc: sqrt(2) to 99 decimal places",
	.group = "Programs",
	.unit = "lpm",
	.dir = BENCH_HIGHER,
	.version = 2,
	.desc = "dc computes sqrt(2) to 99 places, every run; checked",
	.scale = 60,
	.setup = dc_setup,
	.loop = dc_loop,
	.teardown = dc_teardown,
	.available = dc_available,
	.tool = "dc",
};
