/*
 * sysmark-exec: the small program the exec tests start, so that they
 * measure replacing a process image and not loading sysmark's own 900 KB
 * and its five shared libraries.  It links only the C library, as the
 * programs UnixBench's Execl Throughput and lmbench's lat_proc exec do.
 *
 *   sysmark-exec chain N   exec this program again with N-1, until N is 1,
 *                          then exit 0 (Execl Throughput: a chain of N)
 *   sysmark-exec serve IN PROG ARG...
 *                          UnixBench's looper, on request: for each count
 *                          N read from stdin, fork and run PROG N times,
 *                          one after the other, each with stdin from the
 *                          file IN ("-": /dev/null), then write the first
 *                          failing run's status (0: none; 127: no PROG),
 *                          a space, the batch's time in ns and a newline
 *                          to descriptor 3.  Every run pays
 *                          the fork of a small process and its exec, as
 *                          under the looper (dc, shell scripts) and in
 *                          lmbench's lat_proc.  PROG "-": the child only
 *                          calls exit() (lat_proc's null process).
 *   sysmark-exec hello     write "Hello world" and exit 0, even when
 *                          stdout is closed (lat_proc's simple process
 *                          and /bin/sh process)
 *   sysmark-exec run MS SHOW IGNORE ERRFILE PROG ARG...
 *                          a command test's looper (src/core/plan/command.c):
 *                          for each count N read from stdin, start PROG
 *                          N times with posix_spawn, each in a process
 *                          group of its own, stdin from /dev/null, its
 *                          output to /dev/null (SHOW 1: to our stdout)
 *                          but stderr to ERRFILE, each ended after MS
 *                          milliseconds (0: never) and what it left in
 *                          its group killed; then write a reply to
 *                          descriptor 3: "STATUS NS E MIN MAX MEAN M2
 *                          LINE", STATUS 0 or the first failure's (128+N:
 *                          signal N, -1: the time limit, 127: not
 *                          started), NS the batch's time in ns, E the
 *                          executions timed, MIN, MAX and MEAN their
 *                          times in ns and M2 the sum of their squared
 *                          deviations from MEAN (ns^2), LINE the
 *                          failure's last line of stderr (else empty).
 *                          IGNORE 1: a non-zero exit is no failure (a
 *                          signal or time-out is).
 *
 * A batch is timed here, from before its first fork to after its last
 * reap, and the harness takes that time, not its own: a request and
 * its reply wake two other processes, a cost no execution has (with a
 * batch of one 3 ms command it added 12-15% here, doc/commands.md).
 * Each execution of "run" is also timed alone, from before its spawn to
 * after its reap, as hyperfine times one: the spread of single
 * executions (min, max, sd) that the batch's total cannot give.  The
 * mean and M2 are kept as Welford's running sums, so the sd does not
 * come from a difference of two large sums.
 *
 * It is built beside sysmark by the Makefile and installed in
 * $(PREFIX)/libexec/sysmark; bench_helper() in src/bench/bench.c finds it.
 * Anything else on its command line is a usage error, status 2.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The stderr file is emptied past this, so a chatty command cannot fill a disk. */
#define RUN_ERR_MAX	(1 << 20)
/* The last stderr line a failure reports is looked for in this many bytes. */
#define RUN_ERR_TAIL	4096
/* What a reply carries of that line (the harness's message is short). */
#define RUN_LINE_MAX	150

/* The running command's group, killed by the time limit's SIGALRM. */
static volatile pid_t		run_group;
static volatile sig_atomic_t	run_expired;

/* The monotonic clock in ns: the batch times the replies carry. */
static unsigned long long
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull +
	    (unsigned long long)ts.tv_nsec;
}

static int
chain(char *self, const char *count)
{
	char			 next[24], *p = next + sizeof next;
	unsigned long long	 left;
	char			*end;

	left = strtoull(count, &end, 10);
	if (*end != '\0' || end == count)
		return 2;
	if (left <= 1)
		return 0;
	/* left - 1 in decimal, without stdio: the chain is the workload. */
	*--p = '\0';
	for (left--; left > 0 || p == next + sizeof next - 1; left /= 10)
		*--p = (char)('0' + left % 10);
	execl(self, self, "chain", p, (char *)NULL);
	return 127;
}

/* Run argv n times; the first failure's status, or 0. */
/*
 * The next count on stdin (a line of digits); 0 at its end.  Read a byte
 * at a time, without stdio: a FILE's buffer is heap that every child's
 * exit() would then write to, a copy of a page that UnixBench's spawn,
 * which never reads, does not pay.
 */
static int
next_count(unsigned long long *n)
{
	char	c;
	ssize_t	r;
	int	any = 0;

	*n = 0;
	while ((r = read(STDIN_FILENO, &c, 1)) == 1 && c != '\n') {
		any = 1;
		if (c >= '0' && c <= '9')
			*n = *n * 10 + (unsigned long long)(c - '0');
	}
	return any || r == 1;
}

static int
serve_batch(unsigned long long n, const char *in, char **argv)
{
	pid_t	pid;
	int	status, fd;

	while (n-- > 0) {
		if ((pid = fork()) < 0)
			return 126;
		if (pid == 0) {
			/*
			 * exit(), not _exit(): lmbench's null process ends
			 * through the C library's exit, whose writes to its
			 * data are copies of the parent's pages (20% of a
			 * fork+exit here).  stdin is read without stdio
			 * (next_count()): that cleanup has no buffer to touch.
			 */
			if (strcmp(argv[0], "-") == 0)
				exit(0);
			fd = open(strcmp(in, "-") != 0 ? in : "/dev/null",
			    O_RDONLY);
			if (fd < 0)
				_exit(126);
			dup2(fd, STDIN_FILENO);
			close(fd);
			close(3);
			execvp(argv[0], argv);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) != pid)
			return 126;
		if (!WIFEXITED(status))
			return 128 + WTERMSIG(status);
		if (WEXITSTATUS(status) != 0)
			return WEXITSTATUS(status);
	}
	return 0;
}

static int
serve(const char *in, char **argv)
{
	char			reply[48];
	unsigned long long	n, t0;
	int			len, st;

	while (next_count(&n)) {
		t0 = now_ns();
		st = serve_batch(n, in, argv);
		len = snprintf(reply, sizeof reply, "%d %llu\n", st,
		    now_ns() - t0);
		if (write(3, reply, (size_t)len) != len)
			return 1;
	}
	return 0;
}

/* ---- run: a command test's executions ---- */

struct run_opts {
	long		 ms;		/* time limit per execution, 0: none */
	int		 show;
	int		 ignore;
	int		 errfd;
	char		**argv;
};

static void
run_alarm(int sig)
{
	(void)sig;
	run_expired = 1;
	if (run_group > 0)
		kill(-run_group, SIGKILL);
}

/* Arm (ms > 0) or disarm (0) the time limit of one execution. */
static void
run_timer(long ms)
{
	struct itimerval	it;

	memset(&it, 0, sizeof it);
	it.it_value.tv_sec = ms / 1000;
	it.it_value.tv_usec = (ms % 1000) * 1000;
	setitimer(ITIMER_REAL, &it, NULL);
}

/*
 * The last non-empty line the execution wrote to the stderr file (past
 * mark, where it began), control bytes made '?'.
 */
static void
run_last_line(int fd, off_t mark, char *line, size_t len)
{
	char		 buf[RUN_ERR_TAIL + 1], *end, *start;
	struct stat	 sb;
	off_t		 off;
	ssize_t		 n;

	line[0] = '\0';
	if (fstat(fd, &sb) != 0)
		return;
	off = sb.st_size - mark > RUN_ERR_TAIL ? sb.st_size - RUN_ERR_TAIL :
	    mark;
	if ((n = pread(fd, buf, RUN_ERR_TAIL, off)) <= 0)
		return;
	end = buf + n;
	while (end > buf && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	*end = '\0';
	start = strrchr(buf, '\n');
	start = start != NULL ? start + 1 : buf;
	n = end - start < (ssize_t)len - 1 ? end - start : (ssize_t)len - 1;
	memcpy(line, start, (size_t)n);
	line[n] = '\0';
	for (char *p = line; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
}

/* Start one execution; its pid, or -1 (errno set). */
static pid_t
run_spawn(const struct run_opts *o)
{
	posix_spawn_file_actions_t	fa;
	posix_spawnattr_t		at;
	sigset_t			none;
	pid_t				pid = -1;
	int				e;

	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	sigemptyset(&none);
	e = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP |
	    POSIX_SPAWN_SETSIGMASK);
	if (e == 0)
		e = posix_spawnattr_setpgroup(&at, 0);
	if (e == 0)
		e = posix_spawnattr_setsigmask(&at, &none);
	if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, STDIN_FILENO,
		    "/dev/null", O_RDONLY, 0);
	if (e == 0 && !o->show)
		e = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO,
		    "/dev/null", O_WRONLY, 0);
	if (e == 0 && !o->show)
		e = posix_spawn_file_actions_adddup2(&fa, o->errfd,
		    STDERR_FILENO);
	if (e == 0)
		e = posix_spawnp(&pid, o->argv[0], &fa, &at, o->argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	errno = e;
	return e == 0 ? pid : -1;
}

/*
 * One execution: its status as the reply gives it (0, the exit status,
 * 128+signal, -1 past the time limit, 127 not started).  What it left
 * in its group is killed, so nothing runs on into the next one.
 */
static int
run_one(const struct run_opts *o)
{
	pid_t	pid;
	int	status;

	if ((pid = run_spawn(o)) < 0)
		return 127;
	run_expired = 0;
	run_group = pid;
	if (o->ms > 0)
		run_timer(o->ms);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (o->ms > 0)
		run_timer(0);
	run_group = 0;
	kill(-pid, SIGKILL);
	if (run_expired)
		return -1;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* The executions of one batch: their count, extremes, mean and M2. */
struct run_execs {
	unsigned long long	n;
	double			min, max, mean, m2;
};

/* Add one execution's time (Welford's update). */
static void
run_execs_add(struct run_execs *e, double ns)
{
	double	d = ns - e->mean;

	e->n++;
	if (e->n == 1 || ns < e->min)
		e->min = ns;
	if (e->n == 1 || ns > e->max)
		e->max = ns;
	e->mean += d / (double)e->n;
	e->m2 += d * (ns - e->mean);
}

/* Run n executions; write the reply. */
static int
run_batch(const struct run_opts *o, unsigned long long n)
{
	char			line[RUN_LINE_MAX + 1], reply[RUN_LINE_MAX + 160];
	struct stat		sb;
	struct run_execs	e = { 0, 0, 0, 0, 0 };
	unsigned long long	t0 = now_ns(), t1, ns;
	int			st = 0, len;

	sb.st_size = 0;
	while (n-- > 0) {
		if (!o->show && fstat(o->errfd, &sb) == 0 &&
		    sb.st_size > RUN_ERR_MAX) {
			if (ftruncate(o->errfd, 0) != 0)
				return 1;
			sb.st_size = 0;
		}
		t1 = now_ns();
		st = run_one(o);
		run_execs_add(&e, (double)(now_ns() - t1));
		if (st != 0 && (st < 0 || st >= 126 || !o->ignore))
			break;
		st = 0;
	}
	ns = now_ns() - t0;
	line[0] = '\0';
	if (st != 0 && !o->show)
		run_last_line(o->errfd, sb.st_size, line, sizeof line);
	len = snprintf(reply, sizeof reply, "%d %llu %llu %.17g %.17g %.17g "
	    "%.17g %s\n", st, ns, e.n, e.min, e.max, e.mean, e.m2, line);
	return write(3, reply, (size_t)len) == len ? 0 : 1;
}

static int
run(char **argv)
{
	struct sigaction	sa;
	struct run_opts		o;
	unsigned long long	n;
	char			*end;

	o.ms = strtol(argv[0], &end, 10);
	if (*end != '\0' || o.ms < 0)
		return 2;
	o.show = strcmp(argv[1], "1") == 0;
	o.ignore = strcmp(argv[2], "1") == 0;
	o.errfd = open(argv[3], O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (o.errfd < 0)
		return 126;
	o.argv = argv + 4;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = run_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);	/* no SA_RESTART: waitpid wakes */
	while (next_count(&n))
		if (run_batch(&o, n) != 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	static const char	hello[] = "Hello world\n";
	ssize_t			r;

	/*
	 * The write is part of the work (lat_proc's children write to
	 * /dev/null); with stdout closed, its EBADF is no failure.
	 */
	if (argc == 2 && strcmp(argv[1], "hello") == 0) {
		r = write(STDOUT_FILENO, hello, sizeof hello - 1);
		(void)r;
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "chain") == 0)
		return chain(argv[0], argv[2]);
	if (argc >= 4 && strcmp(argv[1], "serve") == 0)
		return serve(argv[2], argv + 3);
	if (argc >= 7 && strcmp(argv[1], "run") == 0)
		return run(argv + 2);
	return 2;
}
