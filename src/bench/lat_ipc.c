/*
 * lmbench's local communication latencies: one small message there and
 * back between us and an echo partner, over a pipe pair (lat_pipe), an
 * AF_UNIX stream socket pair (lat_unix), UDP and TCP on 127.0.0.1
 * (lat_udp, lat_tcp), and the set-up of a TCP connection to a partner
 * that accepts and closes (lat_connect).  Microseconds per round trip.
 *
 * The partner is forked in setup and killed in teardown, both outside
 * the timed region.  Sockets bind to 127.0.0.1 only, on a port the kernel
 * picks; nothing is left behind.  The id named after lmbench's test
 * leaves both processes where the scheduler puts them, as lmbench does
 * (version 3; version 2 pinned them to one CPU); the _1cpu ids pin both
 * to one CPU and the _2cpu ids to two: placement halves or doubles these
 * figures, and which way depends on what else the CPUs are doing.
 *
 * A message is as long as lmbench3's (its lat_pipe.c, lat_unix.c,
 * lat_udp.c and lat_tcp.c, default sizes): one byte, and four for UDP,
 * whose message carries a sequence number there.  Versions 3 (and 2 for
 * the _2cpu ids) sent 8 bytes for all four.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define LAT_IPC_MSG_MAX	4	/* the longest message, UDP's */

struct lat_ipc {
	int			tx, rx;		/* ours */
	int			ptx, prx;	/* the partner's */
	int			listener;
	struct sockaddr_in	addr;
	pid_t			pid;
	size_t			msg;		/* bytes per message */
};

static struct lat_ipc *
lat_ipc_new(struct bench_ctx *ctx, size_t msg)
{
	struct lat_ipc	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	st->tx = st->rx = st->ptx = st->prx = st->listener = -1;
	st->msg = msg;
	ctx->state = st;
	return st;
}

/* Close a pair of descriptors, which may be one socket twice. */
static void
lat_ipc_close(int *a, int *b)
{
	if (*b >= 0 && *b != *a)
		close(*b);
	if (*a >= 0)
		close(*a);
	*a = *b = -1;
}

/* Echo every message back until the other side goes away. */
static void
lat_ipc_echo(int rx, int tx, size_t msg)
{
	char	buf[LAT_IPC_MSG_MAX];

	while (read(rx, buf, msg) == (ssize_t)msg)
		if (write(tx, buf, msg) != (ssize_t)msg)
			_exit(3);
	_exit(0);
}

/* Fork the partner, which runs fn(st) with our ends closed. */
static void
lat_ipc_partner(struct bench_ctx *ctx, struct lat_ipc *st,
    void (*fn)(struct lat_ipc *))
{
	if ((st->pid = bench_fork(ctx)) < 0)
		bench_fail(ctx, "fork: %s", strerror(errno));
	if (st->pid == 0) {
		lat_ipc_close(&st->tx, &st->rx);
		fn(st);
		_exit(0);
	}
	lat_ipc_close(&st->ptx, &st->prx);
	lat_ipc_close(&st->listener, &st->listener);
}

static void
lat_ipc_echo_partner(struct lat_ipc *st)
{
	lat_ipc_echo(st->prx, st->ptx, st->msg);
}

/* A socket bound to 127.0.0.1 on a port the kernel picks. */
static int
lat_ipc_bind(struct bench_ctx *ctx, struct lat_ipc *st, int type)
{
	socklen_t	len = sizeof st->addr;
	int		fd;

	if ((fd = socket(AF_INET, type, 0)) < 0)
		bench_fail(ctx, "socket: %s", strerror(errno));
	memset(&st->addr, 0, sizeof st->addr);
	st->addr.sin_family = AF_INET;
	st->addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	st->addr.sin_port = 0;
	if (bind(fd, (struct sockaddr *)&st->addr, sizeof st->addr) != 0 ||
	    getsockname(fd, (struct sockaddr *)&st->addr, &len) != 0)
		bench_fail(ctx, "bind 127.0.0.1: %s", strerror(errno));
	if (type == SOCK_STREAM && listen(fd, 64) != 0)
		bench_fail(ctx, "listen: %s", strerror(errno));
	return fd;
}

/* A socket connected to st->addr. */
static int
lat_ipc_connect(struct bench_ctx *ctx, struct lat_ipc *st, int type)
{
	int	fd, one = 1;

	if ((fd = socket(AF_INET, type, 0)) < 0)
		bench_fail(ctx, "socket: %s", strerror(errno));
	if (connect(fd, (struct sockaddr *)&st->addr, sizeof st->addr) != 0)
		bench_fail(ctx, "connect 127.0.0.1: %s", strerror(errno));
	if (type == SOCK_STREAM)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return fd;
}

static int
lat_ipc_setup_pipe(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = lat_ipc_new(ctx, 1);
	int		 a[2], b[2];

	if (pipe(a) != 0 || pipe(b) != 0)
		bench_fail(ctx, "pipe: %s", strerror(errno));
	st->tx = a[1];
	st->prx = a[0];
	st->ptx = b[1];
	st->rx = b[0];
	lat_ipc_partner(ctx, st, lat_ipc_echo_partner);
	return 0;
}

static int
lat_ipc_setup_unix(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = lat_ipc_new(ctx, 1);
	int		 sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		bench_fail(ctx, "socketpair: %s", strerror(errno));
	st->tx = st->rx = sv[0];
	st->ptx = st->prx = sv[1];
	lat_ipc_partner(ctx, st, lat_ipc_echo_partner);
	return 0;
}

/* UDP: the partner answers each datagram to whoever sent it. */
static void
lat_ipc_udp_partner(struct lat_ipc *st)
{
	struct sockaddr_in	from;
	socklen_t		len;
	char			buf[LAT_IPC_MSG_MAX];

	for (;;) {
		len = sizeof from;
		if (recvfrom(st->prx, buf, st->msg, 0,
		    (struct sockaddr *)&from, &len) != (ssize_t)st->msg ||
		    sendto(st->prx, buf, st->msg, 0,
		    (struct sockaddr *)&from, len) != (ssize_t)st->msg)
			_exit(3);
	}
}

static int
lat_ipc_setup_udp(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = lat_ipc_new(ctx, 4);

	st->prx = lat_ipc_bind(ctx, st, SOCK_DGRAM);
	st->tx = st->rx = lat_ipc_connect(ctx, st, SOCK_DGRAM);
	lat_ipc_partner(ctx, st, lat_ipc_udp_partner);
	return 0;
}

/* TCP: the partner accepts our one connection and echoes on it. */
static void
lat_ipc_tcp_partner(struct lat_ipc *st)
{
	int	fd, one = 1;

	if ((fd = accept(st->listener, NULL, NULL)) < 0)
		_exit(2);
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	lat_ipc_echo(fd, fd, st->msg);
}

static int
lat_ipc_setup_tcp(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = lat_ipc_new(ctx, 1);

	st->listener = lat_ipc_bind(ctx, st, SOCK_STREAM);
	st->tx = st->rx = lat_ipc_connect(ctx, st, SOCK_STREAM);
	lat_ipc_partner(ctx, st, lat_ipc_tcp_partner);
	return 0;
}

/*
 * lat_connect: the partner accepts and resets, for ever.  A reset rather
 * than a close leaves no TIME_WAIT entry per iteration to run the ports
 * out.
 */
static void
lat_ipc_accept_partner(struct lat_ipc *st)
{
	struct linger	lg = { 1, 0 };
	int		fd;

	for (;;)
		if ((fd = accept(st->listener, NULL, NULL)) >= 0) {
			setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
			close(fd);
		}
}

static int
lat_ipc_setup_connect(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = lat_ipc_new(ctx, 0);

	st->listener = lat_ipc_bind(ctx, st, SOCK_STREAM);
	lat_ipc_partner(ctx, st, lat_ipc_accept_partner);
	return 0;
}

static void
lat_ipc_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_ipc	*st = ctx->state;
	char		 buf[LAT_IPC_MSG_MAX] = { 0 };

	while (n-- > 0)
		if (write(st->tx, buf, st->msg) != (ssize_t)st->msg ||
		    read(st->rx, buf, st->msg) != (ssize_t)st->msg)
			bench_fail(ctx, "round trip: %s", strerror(errno));
}

/*
 * One connection: connect, then wait for the partner to accept it and
 * reset it.  Waiting keeps the partner in step (on one CPU it would
 * otherwise let the accept queue overflow, and a dropped SYN costs a
 * second), and the reset leaves nothing behind.
 */
static void
lat_ipc_connect_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct lat_ipc	*st = ctx->state;
	char		 c;
	int		 fd, rc;

	while (n-- > 0) {
		if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
			bench_fail(ctx, "socket: %s", strerror(errno));
		/*
		 * On two CPUs the partner's reset can beat us back from
		 * connect(), which then says ECONNRESET: the connection
		 * was made all the same.
		 */
		rc = connect(fd, (struct sockaddr *)&st->addr, sizeof st->addr);
		if (rc != 0 && errno != ECONNRESET)
			bench_fail(ctx, "connect 127.0.0.1: %s",
			    strerror(errno));
		if (rc == 0 && read(fd, &c, 1) != 0 && errno != ECONNRESET)
			bench_fail(ctx, "connection: the partner did not "
			    "reset it: %s", strerror(errno));
		close(fd);
	}
}

static void
lat_ipc_teardown(struct bench_ctx *ctx)
{
	struct lat_ipc	*st = ctx->state;

	lat_ipc_close(&st->tx, &st->rx);
	kill(st->pid, SIGKILL);
	waitpid(st->pid, NULL, 0);
	free(st);
}

/* v: the version of the id named after lmbench's and of its _1cpu id. */
#define LAT_IPC_BENCH(name, sfx, ttl, v, plc, where, setup_fn, loop_fn,	\
    what)								\
const struct bench bench_##name##sfx = {				\
	.id = #name #sfx,						\
	.title = ttl where,						\
	.group = "lmbench: local communication",			\
	BENCH_LATENCY_US,						\
	.version = plc == BENCH_TWO_CPUS ? (v) - 1 : (v),		\
	.desc = what where,						\
	.setup = setup_fn,						\
	.loop = loop_fn,						\
	.teardown = lat_ipc_teardown,					\
	.place = plc,							\
	.available = plc == BENCH_TWO_CPUS ? bench_two_cpus : NULL,	\
}

#define LAT_IPC(name, ttl, v, setup_fn, loop_fn, what)			\
	LAT_IPC_BENCH(name, , ttl, v, BENCH_ANYWHERE, "", setup_fn,	\
	    loop_fn, what);						\
	LAT_IPC_BENCH(name, _1cpu, ttl, v, BENCH_ONE_CPU, ", one CPU",	\
	    setup_fn, loop_fn, what);					\
	LAT_IPC_BENCH(name, _2cpu, ttl, v, BENCH_TWO_CPUS, ", two CPUs", \
	    setup_fn, loop_fn, what)

LAT_IPC(lat_pipe, "Pipe latency", 4, lat_ipc_setup_pipe, lat_ipc_loop,
    "1 byte there and back through two pipes");
LAT_IPC(lat_unix, "AF_UNIX latency", 4, lat_ipc_setup_unix, lat_ipc_loop,
    "1 byte there and back on an AF_UNIX socket pair");
LAT_IPC(lat_udp, "UDP latency", 4, lat_ipc_setup_udp, lat_ipc_loop,
    "4-byte UDP datagram there and back on 127.0.0.1");
LAT_IPC(lat_tcp, "TCP latency", 4, lat_ipc_setup_tcp, lat_ipc_loop,
    "1 byte there and back on a TCP connection to 127.0.0.1");
LAT_IPC(lat_connect, "TCP connection", 3, lat_ipc_setup_connect,
    lat_ipc_connect_loop,
    "connect() to 127.0.0.1; the partner accepts and resets");
