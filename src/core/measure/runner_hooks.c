/*
 * The runner's use of the user's hooks: --setup once per test before its
 * first sample, --prepare before every sample, --cleanup after the run
 * for each test that began.  Running a hook is hooks.c's job; this file
 * decides when, and what a failure does to the samples.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "measure.h"
#include "runner_int.h"

/* Run hook cmd for the current sample; a hooks_outcome, why if not OK. */
static int
runner_hook(struct runner *r, const char *what, const char *cmd,
    char *why, size_t len)
{
	struct hooks_call	c;

	memset(&c, 0, sizeof c);
	c.what = what;
	c.cmd = cmd;
	c.test = runner_cur(r)->id;
	c.copies = runner_copies(r);
	c.sample = r->sample;
	c.repeat = r->repeat;
	c.timeout = HOOKS_TIMEOUT;
	c.stop = r->env.stop;
	return hooks_run(&c, why, len);
}

/* A hook's wait ended by the stop flag: the sample is to be cancelled. */
static int
runner_hooks_stop(struct runner *r)
{
	r->cancel_pending = 1;
	r->state = RUNNER_REAP;
	return -1;
}

/*
 * Before a sample: --setup, if this test has not had it, then --prepare.
 * 0 to take the sample; -1 when the stop flag ended a hook: the sample is
 * to be cancelled; 1 when a hook failed: the sample fails with why, and
 * *pair says whether the test fails at every copies value (a failed
 * setup) or only this sample does (a failed prepare).  runner.c fails
 * it, so that this file never calls back into the lifecycle.
 */
int
runner_hooks_before(struct runner *r, char *why, size_t len, int *pair)
{
	int	rc;

	*pair = 1;
	if (r->setup[r->bench] == 0 && r->plan.setup != NULL) {
		rc = runner_hook(r, "--setup", r->plan.setup, why, len);
		if (rc == HOOKS_INTERRUPTED)
			return runner_hooks_stop(r);
		r->setup[r->bench] = rc == HOOKS_OK ? 1 : -1;
		if (rc != HOOKS_OK)
			return 1;
	}
	if (r->setup[r->bench] < 0) {
		snprintf(why, len, "--setup failed for this test (its first "
		    "failure says how)");
		return 1;
	}
	r->setup[r->bench] = 1;		/* begun: --cleanup is due */
	if (r->plan.prepare == NULL)
		return 0;
	rc = runner_hook(r, "--prepare", r->plan.prepare, why, len);
	if (rc == HOOKS_OK)
		return 0;
	if (rc == HOOKS_INTERRUPTED)
		return runner_hooks_stop(r);
	*pair = 0;
	return 1;
}

/*
 * After the run: --cleanup for each test that began, however the run
 * ended; a failure is kept in the meta (cleanup_failed.TEST), since
 * every sample is measured by then.
 */
void
runner_hooks_after(struct runner *r)
{
	char	why[256], key[64];

	for (size_t b = 0; r->plan.cleanup != NULL && b < r->plan.nbench;
	    b++) {
		struct hooks_call	c;

		if (r->setup[b] != 1)
			continue;
		memset(&c, 0, sizeof c);
		c.what = "--cleanup";
		c.cmd = r->plan.cleanup;
		c.test = r->plan.benches[b]->id;
		c.timeout = HOOKS_TIMEOUT;
		if (hooks_run(&c, why, sizeof why) == HOOKS_OK)
			continue;
		snprintf(key, sizeof key, "cleanup_failed.%s", c.test);
		run_meta_set(r->run, key, why);
	}
}
