/*
 * The runner's plan before it runs: the checks runner_start() makes, the
 * limits on copies (RLIMIT_NPROC), the crowding warning, the estimates of
 * how long a sample and a plan take, parsing a copies list (-c), and
 * recording the plan in the run (runner_note_plan()).
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "runner_int.h"

static long	runner_nproc(void);

int
runner_check(const struct runner_plan *p, struct sm_error *err)
{
	if (p->nbench == 0 || p->ncopies == 0) {
		sm_error_set(err, "nothing to run");
		return -1;
	}
	if (!(p->duration >= RUNNER_MIN_DURATION &&
	    p->duration <= RUNNER_MAX_DURATION)) {
		sm_error_set(err, "duration %g s: must be between %g and %g",
		    p->duration, RUNNER_MIN_DURATION, RUNNER_MAX_DURATION);
		return -1;
	}
	if (p->samples < 1 || p->samples > RUNNER_MAX_SAMPLES) {
		sm_error_set(err, "samples %d: must be between 1 and %d",
		    p->samples, RUNNER_MAX_SAMPLES);
		return -1;
	}
	for (size_t i = 0; i < p->ncopies; i++) {
		if (p->copies[i] >= 1 && p->copies[i] <= runner_max_copies())
			continue;
		if (runner_max_copies() < RUNNER_MAX_COPIES)
			sm_error_set(err, "copies %d: must be between 1 and %d "
			    "(RLIMIT_NPROC allows %ld processes, %d per copy)",
			    p->copies[i], runner_max_copies(),
			    runner_nproc(), RUNNER_PROCS_PER_COPY);
		else
			sm_error_set(err, "copies %d: must be between 1 and %d",
			    p->copies[i], RUNNER_MAX_COPIES);
		return -1;
	}
	if (!(p->grace > 0)) {
		sm_error_set(err, "grace period %g s: must be positive",
		    p->grace);
		return -1;
	}
	if (p->repeats < 0 || p->repeats > RUNNER_MAX_REPEATS) {
		sm_error_set(err, "repeats %d: must be between 1 and %d",
		    p->repeats, RUNNER_MAX_REPEATS);
		return -1;
	}
	if (!(p->target >= 0 && p->target < 1) || !(p->time_cap >= 0) ||
	    !(p->gap >= 0)) {
		sm_error_set(err, "target %g, time cap %g s, gap %g s: out of "
		    "range", p->target, p->time_cap, p->gap);
		return -1;
	}
	return 0;
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
 * The most copies a run may have: RUNNER_MAX_COPIES, or fewer when the
 * process limit could not hold RUNNER_PROCS_PER_COPY processes a copy (a
 * copy, its partner, what it execs).  Descriptors are not the limit: the
 * parent holds two pipes per sample however many copies there are, and
 * each copy has its own table.
 */
int
runner_max_copies(void)
{
	long	nproc = runner_nproc();

	if (nproc < 0 || nproc / RUNNER_PROCS_PER_COPY >= RUNNER_MAX_COPIES)
		return RUNNER_MAX_COPIES;
	return nproc / RUNNER_PROCS_PER_COPY > 1 ?
	    (int)(nproc / RUNNER_PROCS_PER_COPY) : 1;
}

/*
 * 1 with a warning in msg when the plan runs more copies at once than the
 * machine has CPUs: the copies then take turns, and the figures measure
 * the scheduler as much as the test.
 */
int
runner_crowded(const struct runner_plan *p, char *msg, size_t len)
{
	int	most = 0, ncpu = sysinfo_ncpu();

	for (size_t i = 0; i < p->ncopies; i++)
		if (p->copies[i] > most)
			most = p->copies[i];
	if (most <= ncpu)
		return 0;
	snprintf(msg, len, "%d copies on %d CPU%s: the copies take turns, so "
	    "the figures measure the scheduler as much as the test", most,
	    ncpu, ncpu == 1 ? "" : "s");
	return 1;
}

/* The grace period past a sample's duration before its copies are killed. */
double
runner_default_grace(double duration)
{
	return 5.0 + duration / 2;
}

/* Seconds the plan will take if nothing fails. */
/*
 * What one sample of b is expected to take at d seconds: d, or for a
 * calibrated bench, whose length -d does not set, about what one
 * calibration and batch take (0.15 to 0.4 s here).  Setup, fork and
 * reaping add a few milliseconds.
 */
double
runner_sample_estimate(const struct bench *b, double d)
{
	return (b->timing == BENCH_CALIBRATED ? RUNNER_CALIBRATED_S : d) +
	    0.01;
}

/* The whole plan's expected length in seconds. */
double
runner_estimate(const struct runner_plan *p)
{
	int	rep = p->repeats > 1 ? p->repeats : 1;
	double	t = 0;

	/* Callers that no longer hold the bench list get the upper bound. */
	for (size_t i = 0; i < p->nbench; i++)
		t += p->benches != NULL ? runner_sample_estimate(p->benches[i],
		    p->duration) : p->duration + 0.01;
	return t * (double)p->ncopies * (p->samples + (p->warmup ? 1 : 0)) *
	    rep + p->gap * (rep - 1);
}

/* Add v to the list unless it is there; 0, or -1 when the list is full. */
static int
runner_add_copies(int *out, size_t max, size_t *n, long v)
{
	for (size_t i = 0; i < *n; i++)
		if (out[i] == v)
			return 0;
	if (*n == max)
		return -1;
	out[(*n)++] = (int)v;
	return 0;
}

/*
 * The scaling series: 1, 2, 4, ... up to twice the CPUs, with the CPU
 * count and twice it when they are not powers of two.
 */
static int
runner_add_scale(int *out, size_t max, size_t *n)
{
	long	ncpu = sysinfo_ncpu(), top = 2 * ncpu;
	int	rc = 0;

	if (top > RUNNER_MAX_COPIES)
		top = RUNNER_MAX_COPIES;
	for (long v = 1; v <= top && rc == 0; v *= 2) {
		if (v / 2 < ncpu && ncpu < v)
			rc = runner_add_copies(out, max, n, ncpu);
		if (rc == 0)
			rc = runner_add_copies(out, max, n, v);
	}
	if (rc == 0 && ncpu <= top)
		rc = runner_add_copies(out, max, n, ncpu);
	if (rc == 0)
		rc = runner_add_copies(out, max, n, top);
	return rc;
}

/*
 * Parse a copies list such as "1,cpus" (cpus = one per CPU, scale = the
 * scaling series) into at most max distinct values; 0, or -1 with a
 * message.
 */
int
runner_parse_copies(const char *arg, int *out, size_t max, size_t *n,
    struct sm_error *err)
{
	char	*copy = xstrdup(arg), *tok, *save = NULL;
	long	 v = 0;
	int	 rc = 0;

	*n = 0;
	for (tok = strtok_r(copy, ", ", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ", ", &save)) {
		if (strcmp(tok, RUNNER_SCALE) == 0)
			rc = runner_add_scale(out, max, n);
		else if (strcmp(tok, "cpus") == 0)
			v = sysinfo_ncpu();
		else if (sm_parse_int(tok, 1, RUNNER_MAX_COPIES, &v) != 0) {
			sm_error_set(err, "%s: copies must be whole numbers "
			    "from 1 to %d, cpus or scale", arg,
			    RUNNER_MAX_COPIES);
			rc = -1;
			break;
		}
		if (rc == 0 && strcmp(tok, RUNNER_SCALE) != 0)
			rc = runner_add_copies(out, max, n, v);
		if (rc != 0)
			sm_error_set(err, "%s: at most %zu values", arg, max);
	}
	if (rc == 0 && *n == 0) {
		sm_error_set(err, "%s: no copies value given", arg);
		rc = -1;
	}
	free(copy);
	return rc;
}

/* Record in the run how it was planned and whether it ran to the end. */
void
runner_note_plan(const struct runner_plan *p, struct run *run,
    int cancelled)
{
	char	buf[64];

	snprintf(buf, sizeof buf, "%g", p->duration);
	run_meta_set(run, "duration", buf);
	snprintf(buf, sizeof buf, "%d", p->samples);
	run_meta_set(run, "samples", buf);
	if (p->gap > 0) {
		snprintf(buf, sizeof buf, "%g", p->gap);
		run_meta_set(run, "repeat_gap", buf);
	}
	run_meta_set(run, "status", cancelled ? "interrupted" : "complete");
}
