/*
 * Whether this host's two CPUs run two programs as two machines would:
 * a loop of register arithmetic (no memory, no system call) pinned to
 * CPU 0 alone, to CPU 1 alone, then to both at once, SECONDS each
 * (default 4), twice; each line gives each loop's millions of rounds a
 * second.  Together as fast as alone: the CPUs share nothing such a loop
 * uses, and a duet's two commands that slow each other share something
 * else (caches, memory, the kernel); slower together: one core's two
 * halves, or a host that hands out less than two CPUs (doc/duet.md).
 * Not part of sysmark; build it with cc -O2.
 *
 *   cc -O2 -o cpu_pair tests/perf/cpu_pair.c && ./cpu_pair [SECONDS]
 */
/* SPDX-License-Identifier: MIT */

#define _GNU_SOURCE

#include <sys/wait.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Spin on cpu for secs; write the rounds (of a million) a second to fd. */
static void
spin(int cpu, double secs, int fd)
{
	cpu_set_t		set;
	volatile unsigned long	x = 0;
	unsigned long		n = 0;
	double			t0, t, rate;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0)
		_exit(1);
	t0 = now();
	do {
		for (unsigned long i = 0; i < 1000000; i++)
			x += i ^ (x >> 3);
		n++;
	} while ((t = now()) - t0 < secs);
	rate = (double)n / (t - t0);
	if (write(fd, &rate, sizeof rate) != sizeof rate)
		_exit(1);
	_exit(0);
}

/* One phase: a loop on each CPU of cpus (-1: none), at once. */
static int
phase(const char *name, const int cpus[2], double secs)
{
	int	p[2], kids = 0;
	double	r;

	if (pipe(p) != 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		pid_t	pid;

		if (cpus[i] < 0)
			continue;
		if ((pid = fork()) < 0)
			return -1;
		if (pid == 0)
			spin(cpus[i], secs, p[1]);
		kids++;
	}
	close(p[1]);
	printf("%s:", name);
	while (read(p[0], &r, sizeof r) == sizeof r)
		printf(" %.2f", r);
	printf("\n");
	fflush(stdout);
	close(p[0]);
	while (kids-- > 0)
		wait(NULL);
	return 0;
}

int
main(int argc, char **argv)
{
	double		 secs = argc > 1 ? atof(argv[1]) : 4;
	static const int alone0[2] = { 0, -1 }, alone1[2] = { 1, -1 };
	static const int both[2] = { 0, 1 };

	if (!(secs > 0)) {
		fprintf(stderr, "usage: cpu_pair [SECONDS]\n");
		return 2;
	}
	for (int k = 0; k < 2; k++)
		if (phase("alone0", alone0, secs) != 0 ||
		    phase("alone1", alone1, secs) != 0 ||
		    phase("both", both, secs) != 0) {
			perror("cpu_pair");
			return 1;
		}
	return 0;
}
