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
 *                          failing run's status (0: none; 127: no PROG)
 *                          and a newline to descriptor 3.  Every run pays
 *                          the fork of a small process and its exec, as
 *                          under the looper (dc, shell scripts) and in
 *                          lmbench's lat_proc.  PROG "-": the child only
 *                          calls exit() (lat_proc's null process).
 *   sysmark-exec hello     write "Hello world" and exit 0, even when
 *                          stdout is closed (lat_proc's simple process
 *                          and /bin/sh process)
 *
 * It is built beside sysmark by the Makefile and installed in
 * $(PREFIX)/libexec/sysmark; bench_helper() in src/bench/bench.c finds it.
 * Anything else on its command line is a usage error, status 2.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
			 * fork+exit here).  stdin is the runner's pipe, so
			 * exit's stdio cleanup cannot move a shared offset.
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
	char			line[32], reply[16];
	unsigned long long	n;
	int			len;

	while (fgets(line, sizeof line, stdin) != NULL) {
		n = strtoull(line, NULL, 10);
		len = snprintf(reply, sizeof reply, "%d\n",
		    serve_batch(n, in, argv));
		if (write(3, reply, (size_t)len) != len)
			return 1;
	}
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
	return 2;
}
