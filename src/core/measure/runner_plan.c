/*
 * What this host allows a plan: runner_start()'s checks beyond the plan's
 * own (plan_check(), plan.c): the copies the process limit (RLIMIT_NPROC)
 * can hold, and the grace a late copy is given past its deadline.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "runner_int.h"

static long	runner_nproc(void);
static int	runner_check_duet(const struct plan *, struct sm_error *);

/* The plan's checks, then this host's and the environment's. */
int
runner_check(const struct plan *p, double grace, struct sm_error *err)
{
	if (plan_check(p, err) != 0)
		return -1;
	for (size_t i = 0; i < p->ncopies; i++) {
		if (p->copies[i] >= 1 && p->copies[i] <= runner_max_copies())
			continue;
		if (runner_max_copies() < RUN_MAX_COPIES)
			sm_error_set(err, "copies %d: must be between 1 and %d "
			    "(RLIMIT_NPROC allows %ld processes, %d per copy)",
			    p->copies[i], runner_max_copies(),
			    runner_nproc(), RUNNER_PROCS_PER_COPY);
		else
			sm_error_set(err, "copies %d: must be between 1 and %d",
			    p->copies[i], RUN_MAX_COPIES);
		return -1;
	}
	if (!(grace > 0)) {
		sm_error_set(err, "grace period %g s: must be positive",
		    grace);
		return -1;
	}
	return runner_check_duet(p, err);
}

/*
 * A duet needs two CPUs this process may use, one a command: on one,
 * the two would take turns, and their ratio would say nothing of
 * running side by side.
 */
static int
runner_check_duet(const struct plan *p, struct sm_error *err)
{
	int	n;

	if (!p->duet || (n = bench_cpu_count()) >= 2)
		return 0;
	if (n == 0)
		sm_error_set(err, "--duet pins each command to a CPU of its "
		    "own, and this system cannot pin processes to CPUs");
	else
		sm_error_set(err, "--duet pins each command to a CPU of its "
		    "own, and this process may use only one CPU: on one, "
		    "the two would take turns rather than run side by side");
	return -1;
}

/* The processes this user may have (RLIMIT_NPROC), or -1 for no limit. */
static long
runner_nproc(void)
{
	struct rlimit	rl;

	if (getrlimit(RLIMIT_NPROC, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur > (rlim_t)LONG_MAX)
		return -1;
	return (long)rl.rlim_cur;
}

/*
 * The most copies a run may have: RUN_MAX_COPIES, or fewer when the
 * process limit could not hold RUNNER_PROCS_PER_COPY processes a copy (a
 * copy, its partner, what it execs).  Descriptors are not the limit: the
 * parent holds two pipes per sample however many copies there are, and
 * each copy has its own table.
 */
int
runner_max_copies(void)
{
	long	nproc = runner_nproc();

	if (nproc < 0 || nproc / RUNNER_PROCS_PER_COPY >= RUN_MAX_COPIES)
		return RUN_MAX_COPIES;
	return nproc / RUNNER_PROCS_PER_COPY > 1 ?
	    (int)(nproc / RUNNER_PROCS_PER_COPY) : 1;
}

/* The grace period past a sample's duration before its copies are killed. */
double
runner_default_grace(double duration)
{
	return 5.0 + duration / 2;
}
