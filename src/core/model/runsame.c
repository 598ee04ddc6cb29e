/*
 * Whether two loaded runs are one run: the same facts (a run's facts
 * include when it started, so two real runs never share them all) and
 * the same samples, figure for figure.  compare uses it so that one file
 * named twice, or a byte copy under another name, is not counted as two
 * replicates of a side.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "model.h"

static int
runsame_sample(const struct run_sample *a, const struct run_sample *b)
{
	return strcmp(a->test, b->test) == 0 && a->copies == b->copies &&
	    a->index == b->index && a->repeat == b->repeat &&
	    a->status == b->status && a->iterations == b->iterations &&
	    memcmp(&a->value, &b->value, sizeof a->value) == 0 &&
	    memcmp(&a->elapsed, &b->elapsed, sizeof a->elapsed) == 0;
}

/* 1 if a and b are the same run, 0 if not. */
int
run_same(const struct run *a, const struct run *b)
{
	if (a->nmeta != b->nmeta || a->nsamples != b->nsamples)
		return 0;
	for (size_t i = 0; i < a->nmeta; i++)
		if (strcmp(a->meta[i].key, b->meta[i].key) != 0 ||
		    strcmp(a->meta[i].value, b->meta[i].value) != 0)
			return 0;
	for (size_t i = 0; i < a->nsamples; i++)
		if (!runsame_sample(&a->samples[i], &b->samples[i]))
			return 0;
	return 1;
}
