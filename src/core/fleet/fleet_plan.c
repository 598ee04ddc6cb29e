/*
 * What a host's agent is told (fleet run, fleet calibrate and the
 * console's Hosts screen tell it the same way): the plan, as the lines of
 * plan_write_lines() between the protocol's hello and "go", which the
 * agent (src/cmd/cmd_agent.c) reads back through plan_read() as a resume
 * reads a saved run, command tests and all; and the caps on what a host
 * running that plan may send back.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"

/*
 * The agent's stdin for plan into *buf (allocated, *len bytes), job's
 * plan and caps set from it; copies is -c as given or NULL
 * (plan_write_lines()); calibrate makes the run a noise profile.  0, or
 * -1 with err.
 */
int
fleet_job_plan(struct fleet_job *job, const struct plan *p,
    const char *copies, int calibrate, char **buf, size_t *len,
    struct sm_error *err)
{
	FILE	*f = open_memstream(buf, len);
	int	 rc;

	if (f == NULL)
		sm_fatal("open_memstream: %s", strerror(errno));
	fprintf(f, "%s\n", FLEET_PLAN_HELLO);
	if (calibrate)
		fprintf(f, "%s\n", FLEET_PLAN_CALIBRATE);
	rc = plan_write_lines(p, copies, f, err);
	fputs("go\n", f);
	fclose(f);
	job->plan = *buf;
	job->plan_len = *len;
	fleet_job_caps(job, p, calibrate);
	return rc;
}

/*
 * What a host running plan can send at most (fleet_sess_over()): a line
 * of the agent's a sample, at most FLEET_LINE_MAX bytes, and a run file
 * of the same samples, each line with a per-copy figure per copy; the
 * meta lines, the errors and the heartbeats fit in the slack.  The fleet
 * command and the console's Hosts screen both set their job's caps here.
 */
void
fleet_job_caps(struct fleet_job *job, const struct plan *p, int calibrate)
{
	double	lines, copies = 1, line;

	for (size_t i = 0; i < p->ncopies; i++)
		copies = copies > p->copies[i] ? copies : p->copies[i];
	lines = (double)p->nbench * (double)(p->ncopies > 0 ? p->ncopies : 1) *
	    (p->target > 0 ? PLAN_MAX_SAMPLES : p->samples + 1) *
	    (calibrate && p->repeats < 2 ? NOISE_REPEATS : p->repeats);
	line = 256 + 24 * copies;
	job->max_out = (size_t)fmin(lines * FLEET_LINE_MAX + FLEET_OUT_SLACK,
	    (double)CSVSTORE_MAX_FILE);
	job->max_file = (size_t)fmin(lines * line + FLEET_OUT_SLACK,
	    (double)CSVSTORE_MAX_FILE);
}
