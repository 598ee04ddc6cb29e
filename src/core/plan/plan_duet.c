/*
 * run --duet: the plan's side of a duet run (Bulej et al., "Duet
 * Benchmarking: Improving Measurement Accuracy in the Cloud", ICPE
 * 2020): two commands timed at once, each pinned to a CPU of its own,
 * so that whatever else the host does meets both alike and their ratio
 * keeps still.  Here: what such a plan may hold (two command tests, one
 * copy each, a fixed number of samples), and its key in the run file.
 * The runner takes the samples (runner_duet.c), judge_duet() the pairs;
 * doc/duet.md says why and how.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "plan.h"

/* What a duet plan may not be; 0 when p is no duet or a sound one. */
int
plan_duet_check(const struct plan *p, struct sm_error *err)
{
	if (!p->duet)
		return 0;
	if (p->nbench != 2) {
		sm_error_set(err, "--duet times two commands at once: give two "
		    "-x, or one scanned over two values (it has %zu tests)",
		    p->nbench);
		return -1;
	}
	for (size_t i = 0; i < 2; i++)
		if (command_of(p->benches[i]) == NULL) {
			sm_error_set(err, "--duet times commands, and %s is a "
			    "catalog test: give it as -x", p->benches[i]->id);
			return -1;
		}
	if (p->ncopies != 1 || p->copies[0] != 1) {
		sm_error_set(err, "--duet runs one copy of each command, a CPU "
		    "each: leave out -c");
		return -1;
	}
	if (p->target > 0) {
		sm_error_set(err, "--duet takes a fixed number of pairs: leave "
		    "out -C");
		return -1;
	}
	return 0;
}

/* The duet's key, beside the plan's other keys (plan_write()). */
void
plan_duet_write(const struct plan *p, struct run *run)
{
	if (p->duet)
		run_meta_set(run, "duet", "1");
}

/* The duet's key back from a run file, checked as the plan is. */
int
plan_duet_read(struct plan *p, const struct run *run, const char *path,
    struct sm_error *err)
{
	const char	*v = run_meta_get(run, "duet");

	struct sm_error	 why;

	p->duet = v != NULL && strcmp(v, "1") == 0;
	if (plan_duet_check(p, &why) == 0)
		return 0;
	sm_error_set(err, "%.80s: %.160s", path, why.msg);
	return -1;
}
