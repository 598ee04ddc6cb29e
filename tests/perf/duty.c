/*
 * A steady, known load for tests/perf/detect_trials.sh: one process on
 * each CPU this process may use, pinned there, that spins for SHARE% of
 * every PERIOD ms (default 10) by CLOCK_MONOTONIC and sleeps the rest
 * until the next period starts (clock_nanosleep, TIMER_ABSTIME, so the
 * periods do not drift).  A CPU-bound test that shares a CPU with it
 * loses about SHARE% of that CPU: a slowdown made on purpose, of a size
 * known in advance.  Not part of sysmark; built by the script.
 *
 * Prints "duty: running ..." on stdout once every process is pinned, and
 * on SIGINT, SIGTERM or SIGHUP stops them (by pid), then prints the share
 * of each CPU they really used.  The processes also die with this one
 * (PR_SET_PDEATHSIG on Linux).
 */
/* SPDX-License-Identifier: MIT */

#define _GNU_SOURCE

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DUTY_MAX_CPUS	1024
#define DUTY_READY_MS	10000	/* to pin every process */

static int	duty_rt;	/* -r: SCHED_FIFO */

static int64_t	duty_now(void);
static void	duty_spin(int cpu, int64_t on, int64_t period, int ready);
static int	duty_cpus(int *cpus, int max);
static int	duty_start(const int *cpus, int n, int64_t on, int64_t period,
		    pid_t *pids);
static int	duty_wait_ready(int fd, int n);
static void	duty_stop(const pid_t *pids, int n);

/* CLOCK_MONOTONIC in nanoseconds. */
static int64_t
duty_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* One process's life: pin to cpu, say so on ready, then spin and sleep. */
static void
duty_spin(int cpu, int64_t on, int64_t period, int ready)
{
	struct timespec	wake;
	int64_t		start, now;
	char		c = 'r';

#ifdef __linux__
	cpu_set_t	set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		fprintf(stderr, "duty: pinning to CPU %d: %s\n", cpu,
		    strerror(errno));
		_exit(1);
	}
#else
	(void)cpu;	/* no portable pinning: the scheduler spreads them */
#endif
	if (duty_rt) {
		struct sched_param	sp = { .sched_priority = 1 };

		if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0) {
			fprintf(stderr, "duty: SCHED_FIFO: %s\n",
			    strerror(errno));
			_exit(1);
		}
	}
	if (write(ready, &c, 1) != 1)
		_exit(1);
	close(ready);
	start = duty_now();
	for (;;) {
		while (duty_now() - start < on)
			;
		start += period;
		/* Preempted past whole periods: keep to the grid, never
		 * spin longer to make up for them. */
		if ((now = duty_now()) > start)
			start += (now - start) / period * period;
		wake.tv_sec = start / 1000000000;
		wake.tv_nsec = start % 1000000000;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake,
		    NULL) == EINTR)
			;
	}
}

/* The CPUs this process may run on, at most max; how many. */
static int
duty_cpus(int *cpus, int max)
{
	long	online = sysconf(_SC_NPROCESSORS_ONLN);
	int	n = 0;
#ifdef __linux__
	cpu_set_t	set;

	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		for (int c = 0; c < CPU_SETSIZE && n < max; c++)
			if (CPU_ISSET(c, &set))
				cpus[n++] = c;
		return n;
	}
#endif
	for (long c = 0; c < online && n < max; c++)
		cpus[n++] = (int)c;
	if (n == 0)
		cpus[n++] = 0;
	return n;
}

/* Fork one spinner per CPU; 0, or -1 with the ones started stopped. */
static int
duty_start(const int *cpus, int n, int64_t on, int64_t period, pid_t *pids)
{
	sigset_t	none;
	pid_t		parent = getpid();
	int		p[2], i;

	if (pipe(p) != 0) {
		fprintf(stderr, "duty: pipe: %s\n", strerror(errno));
		return -1;
	}
	sigemptyset(&none);
	for (i = 0; i < n; i++) {
		if ((pids[i] = fork()) == 0) {
			close(p[0]);
			sigprocmask(SIG_SETMASK, &none, NULL);
#ifdef __linux__
			prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
			if (getppid() != parent)
				_exit(1);
			duty_spin(cpus[i], on, period, p[1]);
		}
		if (pids[i] < 0) {
			fprintf(stderr, "duty: fork: %s\n", strerror(errno));
			break;
		}
	}
	close(p[1]);
	if (i == n && duty_wait_ready(p[0], n) == 0) {
		close(p[0]);
		return 0;
	}
	close(p[0]);
	duty_stop(pids, i);
	return -1;
}

/* Wait (at most DUTY_READY_MS) until all n processes are pinned. */
static int
duty_wait_ready(int fd, int n)
{
	struct pollfd	pfd = { .fd = fd, .events = POLLIN };
	int64_t		deadline = duty_now() + (int64_t)DUTY_READY_MS *
			    1000000;
	char		buf[64];
	ssize_t		r;
	int		got = 0, ms;

	while (got < n) {
		ms = (int)((deadline - duty_now()) / 1000000);
		if (ms <= 0 || poll(&pfd, 1, ms) <= 0)
			break;
		if ((r = read(fd, buf, sizeof buf)) <= 0)
			break;
		got += (int)r;
	}
	if (got < n)
		fprintf(stderr, "duty: only %d of %d processes started\n", got,
		    n);
	return got < n ? -1 : 0;
}

/* Stop the n processes by pid and reap them. */
static void
duty_stop(const pid_t *pids, int n)
{
	for (int i = 0; i < n; i++)
		kill(pids[i], SIGTERM);
	for (int i = 0; i < n; i++)
		while (waitpid(pids[i], NULL, 0) < 0 && errno == EINTR)
			;
}

int
main(int argc, char **argv)
{
	static int	cpus[DUTY_MAX_CPUS];
	static pid_t	pids[DUTY_MAX_CPUS];
	struct rusage	ru;
	sigset_t	stop;
	double		share, period_ms = 10, used, secs;
	int64_t		t0;
	char		*end;
	int		n, sig;

	if (argc > 1 && strcmp(argv[1], "-r") == 0) {
		duty_rt = 1;
		argv++;
		argc--;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: duty [-r] SHARE [PERIOD_MS]\n"
		    "  spin SHARE%% (0 to 100) of every PERIOD_MS (default 10) "
		    "on each CPU; -r: as SCHED_FIFO\n");
		return 2;
	}
	share = strtod(argv[1], &end);
	if (end == argv[1] || *end != '\0' || !(share > 0 && share <= 100)) {
		fprintf(stderr, "duty: SHARE %s: a percentage above 0, at most "
		    "100\n", argv[1]);
		return 2;
	}
	if (argc == 3)
		period_ms = strtod(argv[2], &end);
	if (argc == 3 && (end == argv[2] || *end != '\0' ||
	    !(period_ms >= 1 && period_ms <= 1000))) {
		fprintf(stderr, "duty: PERIOD_MS %s: from 1 to 1000\n",
		    argv[2]);
		return 2;
	}
	/* Held until sigwait(), so a stop between fork and wait is kept. */
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, NULL);
	n = duty_cpus(cpus, DUTY_MAX_CPUS);
	t0 = duty_now();
	if (duty_start(cpus, n, (int64_t)(period_ms * 1e6 * share / 100),
	    (int64_t)(period_ms * 1e6), pids) != 0)
		return 1;
	printf("duty: running %d process%s, one per CPU, spinning %g%% of "
	    "every %g ms\n", n, n == 1 ? "" : "es", share, period_ms);
	fflush(stdout);
	while (sigwait(&stop, &sig) != 0)
		;
	duty_stop(pids, n);
	secs = (double)(duty_now() - t0) / 1e9;
	getrusage(RUSAGE_CHILDREN, &ru);
	used = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	printf("duty: used %.1f%% of each CPU over %.1f s\n",
	    secs > 0 ? 100 * used / secs / n : 0.0, secs);
	return 0;
}
