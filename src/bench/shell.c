/*
 * Shell scripts (1, 2, 4, 8 and 16 concurrent): the BYTE and UnixBench
 * test of a multi-user load, written here from their description.  One
 * loop is one round: a shell script starts N copies of the text-processing
 * script in the background and waits for them, as the suite's multi.sh
 * does; the figure is rounds per minute, as UnixBench's looper counts.
 * Each copy does the suite's four steps over a shell-script-like text of
 * about 8.5 KB and 362 lines (the size of the suite's sort.src): sort it
 * to a file; od that file and sort the dump numerically on its first
 * field; grep "the" in the sorted file through tee into wc; remove its
 * files.  A small process forks each round, as UnixBench's looper does
 * (bench_looper_*()).  After each batch of rounds, every copy's od and wc
 * output of the last round is checked against what the input must give,
 * and removed.  (Version 1 ran a lighter script per copy, 1.1 and 1.27
 * times UnixBench's figures.  Version 3: the looper is asked for 50 ms
 * of rounds at a time, not 2 ms, and times them itself: sampler.c.)
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

#define SHELL_LINES	362
#define SHELL_MAX	16

/* One copy's steps, in the directory named by its argument. */
static const char shell_script[] =
    "cd \"$1\" || exit 1\n"
    "sort >sorted <../input\n"
    "od sorted | sort -n -k 1 >od\n"
    "grep the sorted | tee grep | wc >wc\n"
    "rm sorted grep\n";

struct shell_param {
	int	concurrent;
};

struct shell_state {
	struct bench_looper looper;
	char	dir[1024];
	char	multi[1100];	/* the script that starts the copies */
	char	work[SHELL_MAX][1100];
	long	wc[3];		/* lines, words, bytes with "the" */
	long	od;		/* lines od prints for the input */
};

static const char *
shell_available(void)
{
	static const char *const need[] = {
		"sh", "sort", "tee", "grep", "wc", "od", "rm"
	};
	char	path[1024];

	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (bench_which(need[i], path, sizeof path) != 0)
			return "sh, sort, tee, grep, wc, od or rm is not in PATH";
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

/* Words of a shell script, for the input text. */
static const char *const shell_word[] = {
	"if", "then", "fi", "echo", "the", "$TMPDIR", "cd", "export",
	"for", "in", "do", "done", "other", "test", "-f", "exit", "else",
	"while", "read", "line", "case", "esac", "${RESULTDIR}", "|",
	"grep", "sed", "awk", "set", "shift", "$1", "--", "#", "="
};

/* Count a line's words and whether it holds "the", as grep and wc do. */
static void
shell_count(struct shell_state *st, const char *line, size_t len)
{
	long	words = 0;

	if (strstr(line, "the") == NULL)
		return;
	for (size_t i = 0; i < len; i++)
		if (line[i] != ' ' && line[i] != '\n' &&
		    (i == 0 || line[i - 1] == ' '))
			words++;
	st->wc[0]++;
	st->wc[1] += words;
	st->wc[2] += (long)len;
}

/*
 * The input text, and what the script must find in it.  Each line has a
 * number of its own, so no two 16-byte rows of od's dump repeat and od
 * prints every row (it folds repeated rows into "*").
 */
static void
shell_input(struct bench_ctx *ctx, struct shell_state *st)
{
	const size_t	 nw = sizeof shell_word / sizeof shell_word[0];
	char		*text, path[1100];
	size_t		 len = 0, cap = SHELL_LINES * 64, start;
	uint32_t	 r = 12345;

	if ((text = malloc(cap)) == NULL)
		bench_fail(ctx, "out of memory");
	for (int i = 0; i < SHELL_LINES; i++) {
		start = len;
		len += (size_t)snprintf(text + len, cap - len, "%*s%d",
		    (int)(i % 3) * 2, "", i * 37 % 1000);
		for (int k = (int)(r >> 29); k > 0; k--) {
			r = r * 1103515245u + 12345u;
			len += (size_t)snprintf(text + len, cap - len, " %s",
			    shell_word[(r >> 16) % nw]);
		}
		r = r * 1103515245u + 12345u;
		text[len++] = '\n';
		text[len] = '\0';
		shell_count(st, text + start, len - start);
	}
	st->od = (long)(len + 15) / 16 + 1;
	snprintf(path, sizeof path, "%s/input", st->dir);
	shell_write(ctx, path, text, len);
	free(text);
}

/* The round: N copies in the background, then wait, as multi.sh does. */
static void
shell_multi(struct bench_ctx *ctx, struct shell_state *st, int n)
{
	char	text[2048];
	size_t	len;

	if (strchr(st->dir, '\'') != NULL)
		bench_fail(ctx, "%s: a quote in the path", st->dir);
	len = (size_t)snprintf(text, sizeof text, "cd '%s' || exit 1\n"
	    "for d in", st->dir);
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, sizeof text - len,
		    " w%d", i);
	len += (size_t)snprintf(text + len, sizeof text - len,
	    "; do\n\t/bin/sh ./script \"$d\" &\ndone\nwait\n");
	snprintf(st->multi, sizeof st->multi, "%s/multi", st->dir);
	shell_write(ctx, st->multi, text, len);
}

static int
shell_setup(struct bench_ctx *ctx)
{
	const struct shell_param	*p = ctx->bench->arg;
	struct shell_state		*st;
	char				 path[1200];
	char				*argv[] = { "sh", NULL, NULL };

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(st->dir, sizeof st->dir, "%s/shell", ctx->tmpdir);
	if (mkdir(st->dir, 0700) != 0)
		bench_fail(ctx, "%s: %s", st->dir, strerror(errno));
	shell_input(ctx, st);
	shell_multi(ctx, st, p->concurrent);
	snprintf(path, sizeof path, "%s/script", st->dir);
	shell_write(ctx, path, shell_script, sizeof shell_script - 1);
	for (int i = 0; i < p->concurrent; i++) {
		snprintf(path, sizeof path, "%s/w%d", st->dir, i);
		memcpy(st->work[i], path, sizeof st->work[i]);
		if (mkdir(st->work[i], 0700) != 0)
			bench_fail(ctx, "%s: %s", st->work[i],
			    strerror(errno));
	}
	argv[1] = st->multi;
	bench_looper_start(ctx, &st->looper, NULL, -1, argv);
	ctx->state = st;
	return 0;
}

/*
 * Read up to n numbers a copy left in dir/name, then remove the file so
 * that a copy that fails next round cannot pass on this one's output.
 * Returns how many numbers there were; for od, its lines.
 */
static int
shell_result(struct bench_ctx *ctx, const char *dir, const char *name,
    long *v, int n)
{
	char	path[1200], buf[8192], *p, *end;
	ssize_t	len;
	int	fd, k = 0;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_RDONLY)) < 0)
		bench_fail(ctx, "%s: %s", path, strerror(errno));
	if (n == 0) {
		for (*v = 0; (len = read(fd, buf, sizeof buf)) > 0; )
			for (ssize_t i = 0; i < len; i++)
				*v += buf[i] == '\n';
	} else {
		len = read(fd, buf, sizeof buf - 1);
		buf[len > 0 ? len : 0] = '\0';
		for (p = buf; k < n; p = end, k++)
			if ((v[k] = strtol(p, &end, 10)), end == p)
				break;
	}
	close(fd);
	unlink(path);
	return k;
}

static void
shell_loop(struct bench_ctx *ctx, uint64_t n)
{
	const struct shell_param	*p = ctx->bench->arg;
	struct shell_state		*st = ctx->state;
	long				 wc[3], od;

	bench_looper_run(ctx, &st->looper, n, "shell scripts", -1, NULL);
	memset(wc, 0, sizeof wc);
	for (int i = 0; i < p->concurrent; i++) {
		shell_result(ctx, st->work[i], "od", &od, 0);
		if (shell_result(ctx, st->work[i], "wc", wc, 3) != 3 ||
		    memcmp(wc, st->wc, sizeof wc) != 0 || od != st->od)
			bench_fail(ctx, "shell script %d: wc counted %ld %ld "
			    "%ld and od %ld lines, not %ld %ld %ld and %ld",
			    i + 1, wc[0], wc[1], wc[2], od, st->wc[0],
			    st->wc[1], st->wc[2], st->od);
		ctx->sink += (uint64_t)(wc[2] + od);
	}
}

static void
shell_teardown(struct bench_ctx *ctx)
{
	struct shell_state	*st = ctx->state;

	bench_looper_stop(&st->looper);
	free(st);
}

#define SHELL_BENCH(n, ttl, d)						\
	{								\
		.id = "shell" #n,					\
		.title = ttl,						\
		.group = "Programs",					\
		.unit = "lpm",						\
		.dir = BENCH_HIGHER,					\
		.version = 3,						\
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
    "Shell scripts (1 concurrent)", "one sort/od/grep/tee/wc script per round");
const struct bench bench_shell2 = SHELL_BENCH(2,
    "Shell scripts (2 concurrent)", "2 such scripts at once, per round");
const struct bench bench_shell4 = SHELL_BENCH(4,
    "Shell scripts (4 concurrent)", "4 such scripts at once, per round");
const struct bench bench_shell8 = SHELL_BENCH(8,
    "Shell scripts (8 concurrent)", "8 such scripts at once, per round");
const struct bench bench_shell16 = SHELL_BENCH(16,
    "Shell scripts (16 concurrent)", "16 such scripts at once, per round");
