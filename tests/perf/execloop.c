/*
 * The floor a harness is measured against: fork, exec and wait for a
 * program in a loop, nothing else, for SECONDS; prints the mean seconds
 * an execution took.  tests/perf/commands_cost.sh runs it beside
 * `sysmark run -x` on the same program, so the difference is what
 * sysmark adds to each execution.
 *
 *   execloop SECONDS PROG [ARG...]
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double
execloop_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	double		secs, t0, t;
	unsigned long	n = 0;
	int		status, null;
	pid_t		pid;

	if (argc < 3 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: execloop SECONDS PROG [ARG...]\n");
		return 2;
	}
	if ((null = open("/dev/null", O_RDWR)) < 0)
		return 2;
	t0 = execloop_now();
	do {
		if ((pid = fork()) < 0)
			return 2;
		if (pid == 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
			execvp(argv[2], argv + 2);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) != pid || status != 0)
			return 1;
		n++;
	} while ((t = execloop_now()) - t0 < secs);
	printf("%.9g\n", (t - t0) / (double)n);
	return 0;
}
