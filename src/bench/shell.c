/*
 * Shell scripts (1, 2, 4, 8 and 16 concurrent): the BYTE and UnixBench
 * test of a multi-user load, written here from their description.  One
 * loop starts that many copies of a fixed text-processing script at once
 * (sort, tee, grep, wc and od over the same input, each copy in its own
 * directory) and waits for all of them; the figure is rounds per minute.
 * Every copy's output is checked against counts known from the input.
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

#define SHELL_LINES	600
#define SHELL_MAX	16

static const char shell_script[] =
    "sort -r ../input | tee sorted | grep alpha | wc -l >alpha\n"
    "od -v -c sorted | wc -l >od\n";

struct shell_param {
	int	concurrent;
};

struct shell_state {
	char	dir[1024];
	char	work[SHELL_MAX][1100];
	pid_t	pid[SHELL_MAX];
	long	alpha;		/* lines with "alpha" in the input */
	long	od;		/* lines od prints for the input */
};

static const char *
shell_available(void)
{
	static const char *const need[] = {
		"sh", "sort", "tee", "grep", "wc", "od"
	};
	char	path[1024];

	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (bench_which(need[i], path, sizeof path) != 0)
			return "sh, sort, tee, grep, wc or od is not in PATH";
	return NULL;
}

static void
shell_write(struct bench_ctx *ctx, const char *path, const char *text,
    size_t len)
{
	int	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, text, len) != (ssize_t)len)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	close(fd);
}

/* The input text, and what the script must find in it. */
static void
shell_input(struct bench_ctx *ctx, struct shell_state *st)
{
	static const char *const word[] = {
		"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"
	};
	char	*text, path[1100];
	size_t	 len = 0, cap = SHELL_LINES * 40;

	if ((text = malloc(cap)) == NULL)
		bench_fail(ctx, "out of memory");
	for (int i = 0; i < SHELL_LINES; i++) {
		const char *a = word[i % 7], *b = word[(i * 3 + 1) % 7];

		len += (size_t)snprintf(text + len, cap - len, "%05d %s %s\n",
		    (i * 7919) % 10007, a, b);
		if (strcmp(a, "alpha") == 0 || strcmp(b, "alpha") == 0)
			st->alpha++;
	}
	st->od = (long)(len + 15) / 16 + 1;
	snprintf(path, sizeof path, "%s/input", st->dir);
	shell_write(ctx, path, text, len);
	free(text);
}

static int
shell_setup(struct bench_ctx *ctx)
{
	const struct shell_param	*p = ctx->bench->arg;
	struct shell_state		*st;
	char				 path[1200];

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(st->dir, sizeof st->dir, "%s/shell", ctx->tmpdir);
	if (mkdir(st->dir, 0700) != 0)
		bench_fail(ctx, "%s: %s", st->dir, strerror(errno));
	shell_input(ctx, st);
	for (int i = 0; i < p->concurrent; i++) {
		snprintf(path, sizeof path, "%s/w%d", st->dir, i);
		memcpy(st->work[i], path, sizeof st->work[i]);
		if (mkdir(st->work[i], 0700) != 0)
			bench_fail(ctx, "%s: %s", st->work[i],
			    strerror(errno));
		snprintf(path, sizeof path, "%s/script", st->work[i]);
		shell_write(ctx, path, shell_script, sizeof shell_script - 1);
	}
	ctx->state = st;
	return 0;
}

/* The number a script left in dir/name. */
static long
shell_result(struct bench_ctx *ctx, const char *dir, const char *name)
{
	char	path[1200], buf[32];
	ssize_t	n;
	int	fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY)) < 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return strtol(buf, NULL, 10);
}

static void
shell_loop(struct bench_ctx *ctx, uint64_t n)
{
	const struct shell_param	*p = ctx->bench->arg;
	struct shell_state		*st = ctx->state;
	char				*argv[] = { "sh", "script", NULL };
	long				 a, o;

	while (n-- > 0) {
		for (int i = 0; i < p->concurrent; i++)
			st->pid[i] = bench_command(ctx, st->work[i], NULL,
			    NULL, argv);
		for (int i = 0; i < p->concurrent; i++)
			bench_command_wait(ctx, st->pid[i], "shell script");
		for (int i = 0; i < p->concurrent; i++) {
			a = shell_result(ctx, st->work[i], "alpha");
			o = shell_result(ctx, st->work[i], "od");
			if (a != st->alpha || o != st->od)
				bench_fail(ctx, "shell script %d counted %ld "
				    "and %ld lines, not %ld and %ld", i + 1,
				    a, o, st->alpha, st->od);
			ctx->sink += (uint64_t)(a + o);
		}
	}
}

static void
shell_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
}

#define SHELL_BENCH(n, ttl, d)						\
	{								\
		.id = "shell" #n,					\
		.title = ttl,						\
		.group = "Programs",					\
		.unit = "lpm",						\
		.dir = BENCH_HIGHER,					\
		.version = 1,						\
		.desc = d,						\
		.scale = 60,						\
		.setup = shell_setup,					\
		.loop = shell_loop,					\
		.teardown = shell_teardown,				\
		.available = shell_available,				\
		.tool = "sh",						\
		.arg = &shell_param##n,					\
	}

static const struct shell_param shell_param1 = { 1 };
static const struct shell_param shell_param2 = { 2 };
static const struct shell_param shell_param4 = { 4 };
static const struct shell_param shell_param8 = { 8 };
static const struct shell_param shell_param16 = { 16 };

const struct bench bench_shell1 = SHELL_BENCH(1,
    "Shell scripts (1 concurrent)", "one sort/tee/grep/wc/od script");
const struct bench bench_shell2 = SHELL_BENCH(2,
    "Shell scripts (2 concurrent)", "2 such scripts at once, per round");
const struct bench bench_shell4 = SHELL_BENCH(4,
    "Shell scripts (4 concurrent)", "4 such scripts at once, per round");
const struct bench bench_shell8 = SHELL_BENCH(8,
    "Shell scripts (8 concurrent)", "8 such scripts at once, per round");
const struct bench bench_shell16 = SHELL_BENCH(16,
    "Shell scripts (16 concurrent)", "16 such scripts at once, per round");
