/*
 * A count of a command's whole runs in a time, for tests/perf/sidebyside.sh's
 * dc: UnixBench's own looper cannot be used there, because it stops at
 * the first run that exits non-zero and GNU dc exits 1 on the q that ends
 * UnixBench's dc.dat, so on Debian the reference gives no figure at all.
 *
 *   reloop SECONDS [-i FILE] COMMAND [ARG...]
 *
 * Forks and execs COMMAND (found in PATH) again and again for SECONDS,
 * waits for each, whatever its status, and prints "N runs in T s" and
 * the runs a minute.  Output goes to /dev/null.  Without -i every run
 * inherits this process's stdin, so they share one file offset, as
 * UnixBench's looper's runs do (the first dc reads dc.dat to its end and
 * every later one finds it empty); with -i each run opens FILE afresh,
 * as sysmark's dc gives every dc the whole program.  Like UnixBench's
 * looper it is a small process, so a fork costs what sysmark's looper's
 * fork costs.  Not part of sysmark; built by the script.
 */
/* SPDX-License-Identifier: MIT */

#define _POSIX_C_SOURCE 200809L

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The child: stdin from file (or as it is), stdout and stderr nowhere. */
static void
child(const char *file, char **argv)
{
	int	null = open("/dev/null", O_WRONLY);
	int	in = file != NULL ? open(file, O_RDONLY) : 0;

	if (null < 0 || in < 0)
		_exit(126);
	if (in != 0 && dup2(in, 0) < 0)
		_exit(126);
	if (dup2(null, 1) < 0 || dup2(null, 2) < 0)
		_exit(126);
	execvp(argv[0], argv);
	_exit(127);
}

/* One whole run; -1 when it could not start. */
static int
run_once(const char *file, char **argv)
{
	pid_t	pid = fork();
	int	status;

	if (pid < 0)
		return -1;
	if (pid == 0)
		child(file, argv);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	/* 126/127: the command never ran, which is no run to count. */
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 126)
		return -1;
	return 0;
}

int
main(int argc, char **argv)
{
	const char	*file = NULL;
	double		 secs, start, end, t;
	unsigned long	 n = 0;
	int		 a = 2;

	if (argc < 3 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: reloop SECONDS [-i FILE] COMMAND "
		    "[ARG...]\n");
		return 2;
	}
	if (strcmp(argv[a], "-i") == 0 && argc >= 5) {
		file = argv[a + 1];
		a += 2;
	}
	start = now();
	end = start + secs;
	while ((t = now()) < end) {
		if (run_once(file, argv + a) != 0) {
			fprintf(stderr, "reloop: %s: could not run it\n",
			    argv[a]);
			return 1;
		}
		n++;
	}
	t = now() - start;
	printf("%lu runs in %.3f s, %.6g a minute\n", n, t, (double)n * 60 / t);
	return 0;
}
