/*
 * A command test's single executions over a run: the samples' own
 * (format 5, runner_record.c) pooled into one fastest, mean, slowest and
 * sd of one execution, as hyperfine reports its "mean +/- sigma" and
 * "range".  This spread is of single executions, not the interval of
 * the mean that the results table's +/- CI gives.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <string.h>

#include "model.h"

/* Is s a counted sample of g with its executions timed? */
static int
runexecs_counts(const struct run_sample *s, const struct run_group *g)
{
	return s->status == RUN_OK && s->index != RUN_WARMUP &&
	    s->copies == g->copies && strcmp(s->test, g->test) == 0 &&
	    s->iterations > 0 && isfinite(s->exec_mean) &&
	    isfinite(s->exec_sd) && isfinite(s->exec_min) &&
	    isfinite(s->exec_max);
}

/*
 * Pool g's counted samples in out: the executions' count, extremes,
 * mean (weighted by each sample's executions) and sd, whose sum of
 * squares is each sample's within plus its mean's distance from the
 * pooled mean.  The samples pooled; 0 (out's figures NaN) for none, as
 * for catalog tests and runs saved before executions were timed.
 */
size_t
run_group_execs(const struct run *run, const struct run_group *g,
    struct run_execs *out)
{
	double	sum = 0, ss = 0, n;
	size_t	k = 0;

	memset(out, 0, sizeof *out);
	out->min = out->mean = out->max = out->sd = NAN;
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (!runexecs_counts(s, g))
			continue;
		if (k++ == 0 || s->exec_min < out->min)
			out->min = s->exec_min;
		if (k == 1 || s->exec_max > out->max)
			out->max = s->exec_max;
		out->n += s->iterations;
		sum += (double)s->iterations * s->exec_mean;
	}
	if (k == 0)
		return 0;
	out->mean = sum / (double)out->n;
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (!runexecs_counts(s, g))
			continue;
		n = (double)s->iterations;
		ss += (n - 1) * s->exec_sd * s->exec_sd +
		    n * (s->exec_mean - out->mean) * (s->exec_mean - out->mean);
	}
	out->sd = out->n > 1 ? sqrt(ss / (double)(out->n - 1)) : 0;
	return k;
}
