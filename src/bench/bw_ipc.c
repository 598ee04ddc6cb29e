/*
 * lmbench's local communication bandwidths: a partner writes 64 KB
 * chunks as fast as it can into a pipe (bw_pipe), an AF_UNIX socket pair
 * (bw_unix) or a TCP connection on 127.0.0.1 (bw_tcp), and we read them.
 * One iteration is one chunk read in full; MB/s with MB = 2^20 bytes, as
 * lmbench counts.  The partner is forked in setup and dies when we close
 * our end in teardown (it gets EPIPE or SIGPIPE).  The id named after
 * lmbench's test leaves placement to the scheduler, as lmbench does
 * (version 3; version 2 pinned to one CPU); the _1cpu and _2cpu ids pin
 * to one CPU and to two.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define BW_IPC_CHUNK	(64 * 1024)

struct bw_ipc {
	int	rx;
	pid_t	pid;
	char	buf[BW_IPC_CHUNK];
};

/* The partner: write chunks until the reader goes away. */
static void
bw_ipc_writer(int fd)
{
	char		chunk[BW_IPC_CHUNK];
	ssize_t		n;

	memset(chunk, 'x', sizeof chunk);
	for (;;)
		if ((n = write(fd, chunk, sizeof chunk)) < 0 && errno != EINTR)
			_exit(0);
}

/* Fork the writer on wfd; we keep rfd.  wfd may be a listener (TCP). */
static int
bw_ipc_start(struct bench_ctx *ctx, int rfd, int wfd, int listener)
{
	struct bw_ipc	*st;
	int		 fd;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	st->rx = rfd;
	if ((st->pid = bench_fork(ctx)) < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (st->pid == 0) {
		close(rfd);
		if (listener && (fd = accept(wfd, NULL, NULL)) >= 0)
			bw_ipc_writer(fd);
		bw_ipc_writer(wfd);
	}
	close(wfd);
	ctx->state = st;
	return 0;
}

static int
bw_ipc_setup_pipe(struct bench_ctx *ctx)
{
	int	p[2];

	if (pipe(p) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	return bw_ipc_start(ctx, p[0], p[1], 0);
}

static int
bw_ipc_setup_unix(struct bench_ctx *ctx)
{
	int	sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_fail(ctx, "socketpair: %s", strerror(errno));
	return bw_ipc_start(ctx, sv[0], sv[1], 0);
}

/* TCP on 127.0.0.1, on a port the kernel picks. */
static int
bw_ipc_setup_tcp(struct bench_ctx *ctx)
{
	struct sockaddr_in	addr;
	socklen_t		len = sizeof addr;
	int			lfd, fd;

	memset(&addr, 0, sizeof addr);
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((lfd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    bind(lfd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
	    getsockname(lfd, (struct sockaddr *)&addr, &len) != 0 ||
	    listen(lfd, 1) != 0)
		bench_fail(ctx, "listen on 127.0.0.1: %s", strerror(errno));
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0)
		bench_fail(ctx, "connect 127.0.0.1: %s", strerror(errno));
	return bw_ipc_start(ctx, fd, lfd, 1);
}

/* Read one whole chunk per iteration, however the kernel splits it. */
static void
bw_ipc_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct bw_ipc	*st = ctx->state;
	ssize_t		 got;

	while (n-- > 0)
		for (size_t left = BW_IPC_CHUNK; left > 0; left -= (size_t)got)
			if ((got = read(st->rx, st->buf, left)) <= 0)
				bench_fail(ctx, "read: %s", got == 0 ?
				    "the writer is gone" : strerror(errno));
}

static void
bw_ipc_teardown(struct bench_ctx *ctx)
{
	struct bw_ipc	*st = ctx->state;

	close(st->rx);
	kill(st->pid, SIGKILL);
	waitpid(st->pid, NULL, 0);
	free(st);
}

#define BW_IPC_BENCH(name, sfx, ttl, plc, where, setup_fn, what)	\
const struct bench bench_##name##sfx = {				\
	.id = #name #sfx,						\
	.title = ttl where,						\
	.group = "lmbench: local bandwidth",				\
	.unit = "MB/s",							\
	.dir = BENCH_HIGHER,						\
	.version = plc == BENCH_TWO_CPUS ? 2 : 3,			\
	.desc = what where,						\
	.scale = (double)BW_IPC_CHUNK / (1024 * 1024),			\
	.setup = setup_fn,						\
	.loop = bw_ipc_loop,						\
	.teardown = bw_ipc_teardown,					\
	.timing = BENCH_CALIBRATED,					\
	.place = plc,							\
	.available = plc == BENCH_TWO_CPUS ? bench_two_cpus : NULL,	\
}

#define BW_IPC(name, ttl, setup_fn, what)				\
	BW_IPC_BENCH(name, , ttl, BENCH_ANYWHERE, "", setup_fn, what);	\
	BW_IPC_BENCH(name, _1cpu, ttl, BENCH_ONE_CPU, ", one CPU",	\
	    setup_fn, what);						\
	BW_IPC_BENCH(name, _2cpu, ttl, BENCH_TWO_CPUS, ", two CPUs",	\
	    setup_fn, what)

BW_IPC(bw_pipe, "Pipe bandwidth", bw_ipc_setup_pipe,
    "64 KB chunks through a pipe");
BW_IPC(bw_unix, "AF_UNIX bandwidth", bw_ipc_setup_unix,
    "64 KB chunks through an AF_UNIX socket pair");
BW_IPC(bw_tcp, "TCP bandwidth", bw_ipc_setup_tcp,
    "64 KB chunks over TCP on 127.0.0.1");
