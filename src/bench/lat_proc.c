/*
 * lmbench's lat_proc: process creation at three depths.  "Null process"
 * is fork() and an immediate exit(), the C library's as in lmbench (with
 * _exit() the child skipped exit's copy-on-write faults: 0.78 of
 * lmbench's figure); "simple process" adds execve() of a tiny
 * hello-world program, here sysmark-exec (src/helper/), with stdout to
 * /dev/null; "/bin/sh process" has /bin/sh -c start that same program,
 * as system() would.  The parent waits for each child, so one
 * iteration is one whole life.
 *
 * The parent is small, as lmbench's lat_proc is: sysmark-exec's looper
 * (bench_looper_*()) forks every child, on request, n at a time.  A fork
 * copies the parent's mappings and an exec tears the copy down, so a
 * child forked from sysmark itself (900 KB, five shared libraries and
 * the harness's heap) cost 1.4 times lmbench's figure for exec.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* What a variant asks the looper to run: its argv, and what to call it. */
struct lat_proc_param {
	const char	*what;
	int		 shell;		/* run the program by /bin/sh -c */
	int		 exec;		/* 0: the child only exits */
};

struct lat_proc_state {
	struct bench_looper	 looper;
	char			*helper;
	char			*cmd;		/* /bin/sh -c's command */
};

static int
lat_proc_setup(struct bench_ctx *ctx)
{
	const struct lat_proc_param	*pp = ctx->bench->arg;
	struct lat_proc_state		*st;
	char				*argv[5];
	size_t				 len;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	st->helper = bench_helper(ctx);
	argv[0] = st->helper;
	argv[1] = "hello";
	argv[2] = NULL;
	if (!pp->exec) {
		argv[0] = "-";		/* the looper's child only exits */
		argv[1] = NULL;
	} else if (pp->shell) {
		if (strchr(st->helper, '\'') != NULL)
			bench_fail(ctx, "%s: a quote in the path", st->helper);
		len = strlen(st->helper) + sizeof "'' hello";
		if ((st->cmd = malloc(len)) == NULL)
			bench_fail(ctx, "out of memory");
		snprintf(st->cmd, len, "'%s' hello", st->helper);
		argv[0] = "/bin/sh";
		argv[1] = "-c";
		argv[2] = st->cmd;
		argv[3] = NULL;
	}
	bench_looper_start(ctx, &st->looper, NULL, -1, argv);
	ctx->state = st;
	return 0;
}

static void
lat_proc_loop(struct bench_ctx *ctx, uint64_t n)
{
	const struct lat_proc_param	*pp = ctx->bench->arg;
	struct lat_proc_state		*st = ctx->state;

	bench_looper_run(ctx, &st->looper, n, pp->what, -1, NULL);
}

static void
lat_proc_teardown(struct bench_ctx *ctx)
{
	struct lat_proc_state	*st = ctx->state;

	bench_looper_stop(&st->looper);
	free(st->helper);
	free(st->cmd);
	free(st);
}

#define LAT_PROC(name, ttl, v, what, label, shell, exec)		\
static const struct lat_proc_param name##_param = {			\
	label, shell, exec						\
};									\
const struct bench bench_##name = {					\
	.id = #name,							\
	.title = ttl,							\
	.group = "lmbench: system calls and processes",			\
	BENCH_LATENCY_US,						\
	.version = v,							\
	.desc = what,							\
	.setup = lat_proc_setup,					\
	.loop = lat_proc_loop,						\
	.teardown = lat_proc_teardown,					\
	.arg = &name##_param,						\
}

LAT_PROC(lat_proc_fork, "Null Process", 3,
    "fork() and exit() from a small process, which waits",
    "fork+exit", 0, 0);
LAT_PROC(lat_proc_exec, "Simple Process", 3,
    "fork() and execve() of a small hello program, from a small process",
    "fork+execve", 0, 1);
LAT_PROC(lat_proc_sh, "/bin/sh Process", 3,
    "fork() and /bin/sh -c starting a small hello program",
    "/bin/sh -c", 1, 1);
