/*
 * A command test as the harness sees it: a struct bench made at run time,
 * whose loop has sysmark-exec (src/helper/, its "run" mode) start the
 * command n times.  Each execution is started by that small process, as
 * spawn's forks are, never by sysmark's own large one, whose fork would
 * cost more than many a command; each runs in a process group of its own,
 * with output to /dev/null (--show-output: to sysmark's stderr), bounded
 * by the time limit, and what it leaves in its group is killed before the
 * next one starts (what leaves the group is swept at the sample's end,
 * as every test's is).
 *
 * The figure is seconds per execution: the sample's real time over its
 * executions, timed as every BENCH_TIMED test is (sampler.c).  A command
 * run through /bin/sh -c pays the shell's start-up too; the same number
 * of executions of `/bin/sh -c ''` is timed after the sample (overhead())
 * and subtracted, so the figure is the command's own, as hyperfine's is.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan.h"

struct command_state {
	struct bench_looper	run;
	struct bench_looper	sh;	/* /bin/sh -c '', when shell */
	struct bench_execs	sh_execs;	/* the shell's, not kept */
};

/*
 * Start a looper for argv with the command's options; its single
 * executions are merged into *execs.
 */
static void
command_start(struct bench_ctx *ctx, const struct command *cmd,
    struct bench_looper *lp, char *const argv[], const char *errname,
    struct bench_execs *execs)
{
	char	ms[24], errfile[PATH_MAX], **av;
	size_t	n = 0, k = 0;
	int	out = cmd->opts.show_output ? STDERR_FILENO : -1;

	while (argv[n] != NULL)
		n++;
	if ((av = calloc(n + 7, sizeof *av)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(ms, sizeof ms, "%.0f", cmd->opts.timeout * 1e3);
	if ((size_t)snprintf(errfile, sizeof errfile, "%s/%s", ctx->tmpdir,
	    errname) >= sizeof errfile)
		bench_fail(ctx, "%s: the path is too long", ctx->tmpdir);
	av[k++] = "run";
	av[k++] = ms;
	av[k++] = cmd->opts.show_output ? "1" : "0";
	av[k++] = cmd->opts.ignore_fail ? "1" : "0";
	av[k++] = errfile;
	memcpy(av + k, argv, (n + 1) * sizeof *argv);
	bench_looper_exec(ctx, lp, out, out, av);
	lp->execs = execs;
	free(av);
}

/* Run a suite's setup or cleanup through sh -c, untimed. */
static void
command_hook(struct bench_ctx *ctx, const char *what, const char *line)
{
	char	*argv[] = { "/bin/sh", "-c", (char *)line, NULL };

	if (line == NULL)
		return;
	bench_command_wait(ctx, bench_command(ctx, NULL, NULL, NULL,
	    argv), what);
}

static int
command_setup(struct bench_ctx *ctx)
{
	const struct command	*cmd = ctx->bench->arg;
	struct command_state	*st;
	char			*empty[] = { "/bin/sh", "-c", "", NULL };

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	ctx->state = st;
	command_hook(ctx, "the suite's setup", cmd->setup);
	command_start(ctx, cmd, &st->run, cmd->argv, "stderr", &ctx->execs);
	if (cmd->shell)
		command_start(ctx, cmd, &st->sh, empty, "stderr.sh",
		    &st->sh_execs);
	if (cmd->opts.warmup > 0) {
		bench_looper_run(ctx, &st->run, cmd->opts.warmup, "warm-up",
		    -1, NULL);
		if (cmd->shell)
			bench_looper_run(ctx, &st->sh, cmd->opts.warmup,
			    "/bin/sh -c ''", -1, NULL);
	}
	return 0;
}

static void
command_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct command_state	*st = ctx->state;
	const struct command	*cmd = ctx->bench->arg;

	bench_looper_run(ctx, &st->run, n, cmd->name, -1, NULL);
}

/* The shell's own start-up, n times: subtracted from a shell command. */
static void
command_shell(struct bench_ctx *ctx, uint64_t n)
{
	struct command_state	*st = ctx->state;

	bench_looper_run(ctx, &st->sh, n, "/bin/sh -c ''", -1, NULL);
}

static void
command_teardown(struct bench_ctx *ctx)
{
	struct command_state	*st = ctx->state;
	const struct command	*cmd = ctx->bench->arg;

	bench_looper_stop(&st->run);
	if (cmd->shell)
		bench_looper_stop(&st->sh);
	command_hook(ctx, "the suite's cleanup", cmd->cleanup);
	free(st);
}

/*
 * A command's workload version: its text and how it is run, and its
 * suite's setup and cleanup when it has them (what the setup prepares
 * is part of what is measured: a changed one is another test, never a
 * "worse" one), over the hash of the text command.c gave it.  Without
 * them it is that hash, as command_ident() gives it, so an import of the
 * same command is the same test.
 */
static int
command_version(const struct command *cmd)
{
	uint32_t	h = (uint32_t)cmd->version;
	const char	*part[2] = { cmd->setup, cmd->cleanup };

	if (cmd->setup == NULL && cmd->cleanup == NULL)
		return (int)h;
	for (int k = 0; k < 2; k++) {
		h = (h ^ (unsigned char)(k ? 'c' : 'u')) * 16777619u;
		for (const char *p = part[k] != NULL ? part[k] : ""; *p != '\0';
		    p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
	}
	return (int)(h & 0x7fffffff);
}

/* Fill in the command's test: cmd must not move from now on. */
void
command_bench_init(struct command *cmd)
{
	struct bench	*b = &cmd->bench;

	memset(b, 0, sizeof *b);
	if (cmd->unit[0] == '\0') {
		snprintf(cmd->unit, sizeof cmd->unit, "s");
		cmd->dir = BENCH_LOWER;
		cmd->scale = 1;
	}
	b->id = cmd->name;
	b->title = cmd->title != NULL ? cmd->title : cmd->text;
	b->group = "Commands";
	b->unit = cmd->unit;
	b->dir = cmd->dir;
	b->version = command_version(cmd);
	b->desc = cmd->text;
	b->scale = cmd->scale;
	b->setup = command_setup;
	b->loop = command_loop;
	b->teardown = command_teardown;
	b->timing = BENCH_TIMED;
	b->overhead = cmd->shell ? command_shell : NULL;
	b->arg = cmd;
	b->setup_seconds = cmd->opts.setup_timeout;
	b->setup_what = cmd->setup;
}

/* The command test b is, or NULL for a catalog test. */
const struct command *
command_of(const struct bench *b)
{
	return b->setup == command_setup ? b->arg : NULL;
}

/*
 * What a run must say of its command tests: each one's text, how it was
 * run, its parameters, so the table and a later compare can tell; and a
 * suite's title as "title:NAME", where every table, chart and the JSON
 * look a test's title up (label_title_in()), as they do an import's.
 */
void
command_meta(const struct command *cmd, struct run *run)
{
	char	key[64], val[64];

	snprintf(key, sizeof key, "command.%s", cmd->name);
	run_meta_set(run, key, cmd->text);
	if (cmd->title != NULL) {
		snprintf(key, sizeof key, "title:%s", cmd->name);
		run_meta_set(run, key, cmd->title);
	}
	snprintf(key, sizeof key, "command_shell.%s", cmd->name);
	run_meta_set(run, key, cmd->shell ? "/bin/sh -c, its start-up "
	    "subtracted" : "no shell");
	if (cmd->param != NULL) {
		snprintf(key, sizeof key, "command_param.%s", cmd->name);
		run_meta_set(run, key, cmd->param);
	}
	snprintf(key, sizeof key, "command_opts.%s", cmd->name);
	snprintf(val, sizeof val, "warmup=%u timeout=%g%s%s", cmd->opts.warmup,
	    cmd->opts.timeout, cmd->opts.ignore_fail ? " ignore-failure" : "",
	    cmd->opts.show_output ? " show-output" : "");
	run_meta_set(run, key, val);
}
