/*
 * The floor a harness is measured against: start a program, wait for it,
 * in a loop, nothing else, for SECONDS.  It starts each one as sysmark's
 * helper and hyperfine do (posix_spawnp: the C library's vfork-style
 * clone, cheaper than fork and exec here), stdin and stdout on
 * /dev/null.  Prints two means in seconds: the loop's real time over its
 * executions (as sysmark's figure is taken), and the time from each
 * start to its reaping alone (as hyperfine times a run); their
 * difference is what the loop itself costs between executions.
 * tests/perf/commands_cost.sh runs it beside `sysmark run -x` on the same
 * program, so the difference is what sysmark adds to each execution.
 *
 *   execloop SECONDS PROG [ARG...]
 */
/* SPDX-License-Identifier: MIT */

#include <sys/wait.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

extern char	**environ;

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
	posix_spawn_file_actions_t	fa;
	double				secs, t0, t, s, own = 0;
	unsigned long			n = 0;
	int				status;
	pid_t				pid;

	if (argc < 3 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: execloop SECONDS PROG [ARG...]\n");
		return 2;
	}
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
	    O_RDONLY, 0) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0) != 0)
		return 2;
	t0 = t = execloop_now();
	do {
		s = t;
		if (posix_spawnp(&pid, argv[2], &fa, NULL, argv + 2,
		    environ) != 0)
			return 2;
		if (waitpid(pid, &status, 0) != pid || status != 0)
			return 1;
		t = execloop_now();
		own += t - s;
		n++;
	} while (t - t0 < secs);
	printf("%.9g %.9g\n", (t - t0) / (double)n, own / (double)n);
	return 0;
}
