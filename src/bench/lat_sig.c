/*
 * lmbench's lat_sig: the cost of installing a signal handler with
 * sigaction(), and of delivering a signal to oneself and running an empty
 * handler.  As in lmbench, the cost of sending (kill() with signal 0,
 * which checks and delivers nothing) is timed beside each batch and
 * subtracted, so the figure is the delivery and the handler (version 1
 * kept the send in: 1.5 times lmbench's figure).
 * The handler's counter is the one piece of global state a
 * signal handler cannot do without; teardown checks it so the delivery
 * really happened.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static volatile sig_atomic_t lat_sig_caught;

static void
lat_sig_handler(int sig)
{
	(void)sig;
	lat_sig_caught = 1;
}

static void
lat_sig_set(struct bench_ctx *ctx, struct sigaction *sa)
{
	memset(sa, 0, sizeof *sa);
	sa->sa_handler = lat_sig_handler;
	sigemptyset(&sa->sa_mask);
	if (sigaction(SIGUSR1, sa, NULL) != 0)
		bench_fail(ctx, "sigaction: %s", strerror(errno));
}

static int
lat_sig_setup(struct bench_ctx *ctx)
{
	struct sigaction	sa;

	lat_sig_set(ctx, &sa);
	return 0;
}

static void
lat_sig_install(struct bench_ctx *ctx, uint64_t n)
{
	struct sigaction	sa, old;

	lat_sig_set(ctx, &sa);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0)
			bench_fail(ctx, "sigaction: %s", strerror(errno));
}

static void
lat_sig_catch(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	me = getpid();

	while (n-- > 0)
		if (kill(me, SIGUSR1) != 0)
			bench_fail(ctx, "kill: %s", strerror(errno));
}

/* The send alone, subtracted from lat_sig_catch's batch. */
static void
lat_sig_send(struct bench_ctx *ctx, uint64_t n)
{
	pid_t	me = getpid();

	while (n-- > 0)
		if (kill(me, 0) != 0)
			bench_fail(ctx, "kill: %s", strerror(errno));
}

static void
lat_sig_teardown(struct bench_ctx *ctx)
{
	if (!lat_sig_caught)
		bench_fail(ctx, "SIGUSR1 was never delivered");
}

const struct bench bench_lat_sig_install = {
	.id = "lat_sig_install",
	.title = "Signal Handler Install",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 2,
	.desc = "sigaction() installing a handler for SIGUSR1",
	.loop = lat_sig_install,
};

const struct bench bench_lat_sig_catch = {
	.id = "lat_sig_catch",
	.title = "Signal Handler Overhead",
	.group = "lmbench: system calls and processes",
	BENCH_LATENCY_US,
	.version = 3,
	.desc = "SIGUSR1 to oneself, an empty handler, less kill(pid, 0)",
	.setup = lat_sig_setup,
	.loop = lat_sig_catch,
	.overhead = lat_sig_send,
	.teardown = lat_sig_teardown,
};
