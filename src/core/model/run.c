/*
 * The run model: what one sysmark run measured and on what machine.  A run
 * is a list of key/value facts about the system plus one record per
 * sample; every statistic is derived from the samples, never stored, so a
 * saved run can always be recomputed and audited.
 *
 * The runner appends to it, csvstore reads and writes it, and reports,
 * comparisons and the console read it.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* The reason of every sample that has none: never freed. */
static const char	run_no_reason[] = "";

void
run_init(struct run *run)
{
	memset(run, 0, sizeof *run);
}

void
run_free(struct run *run)
{
	for (size_t i = 0; i < run->nmeta; i++) {
		free(run->meta[i].key);
		free(run->meta[i].value);
	}
	free(run->meta);
	for (size_t i = 0; i < run->nsamples; i++)
		run_sample_free(&run->samples[i]);
	free(run->samples);
	for (size_t i = 0; i < run->nhists; i++)
		hist_free(&run->hists[i].h);
	free(run->hists);
	run_init(run);
}

/* Set a fact about the run, replacing an earlier value for the same key. */
void
run_meta_set(struct run *run, const char *key, const char *value)
{
	for (size_t i = 0; i < run->nmeta; i++) {
		if (strcmp(run->meta[i].key, key) == 0) {
			free(run->meta[i].value);
			run->meta[i].value = xstrdup(value);
			return;
		}
	}
	run->meta = xreallocarray(run->meta, run->nmeta + 1,
	    sizeof *run->meta);
	run->meta[run->nmeta].key = xstrdup(key);
	run->meta[run->nmeta].value = xstrdup(value);
	run->nmeta++;
}

/* The value for key, or NULL. */
const char *
run_meta_get(const struct run *run, const char *key)
{
	for (size_t i = 0; i < run->nmeta; i++)
		if (strcmp(run->meta[i].key, key) == 0)
			return run->meta[i].value;
	return NULL;
}

/*
 * run -C's target, a fraction; 0 when the run had none.  With
 * target_index set it aimed at that baseline's index, not at each test.
 */
double
run_target(const struct run *run)
{
	double		 v = 0;
	const char	*s = run_meta_get(run, "target_ci");

	if (s == NULL || sm_parse_double(s, &v) != 0)
		return 0;
	return v;
}

/* Append a zeroed sample; the pointer is valid until the next append. */
struct run_sample *
run_add_sample(struct run *run)
{
	struct run_sample	*s;

	if (run->nsamples == run->cap) {
		run->cap = run->cap ? run->cap * 2 : 32;
		run->samples = xreallocarray(run->samples, run->cap,
		    sizeof *run->samples);
	}
	s = &run->samples[run->nsamples++];
	memset(s, 0, sizeof *s);
	s->reason = run_no_reason;
	s->repeat = 1;
	s->busy = NAN;
	s->freq_mhz = NAN;
	s->temp_c = NAN;
	s->user_s = s->sys_s = s->maxrss_kb = NAN;
	s->exec_min = s->exec_mean = s->exec_max = s->exec_sd = NAN;
	s->session = 1;
	return s;
}

/*
 * Set why a sample failed or was skipped.  Reasons are kept apart from the
 * sample, and only when there is one, so that a run of a million samples
 * fits in memory.
 */
void
run_sample_reason(struct run_sample *s, const char *why)
{
	if (s->reason != run_no_reason)
		free((char *)s->reason);
	s->reason = why != NULL && *why != '\0' ? xstrdup(why) :
	    run_no_reason;
}

/* Free what a sample owns (not the sample). */
void
run_sample_free(struct run_sample *s)
{
	free(s->per_copy);
	s->per_copy = NULL;
	run_sample_reason(s, NULL);
}

/*
 * The distinct (test, copies) pairs in the order they first appear.
 * Returns their number; *out is allocated and must be freed.
 */
size_t
run_groups(const struct run *run, struct run_group **out)
{
	struct run_group	*g = xcalloc(run->nsamples, sizeof *g);
	size_t			 n = 0, j;

	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		for (j = 0; j < n; j++)
			if (g[j].copies == s->copies &&
			    strcmp(g[j].test, s->test) == 0)
				break;
		if (j == n) {
			g[n].test = s->test;
			g[n].copies = s->copies;
			n++;
		}
	}
	*out = g;
	return n;
}

/*
 * The figures of a group's successful samples, in *values (allocated);
 * *failed counts the failed ones.  Returns the number of figures.
 * Warm-up samples are neither: they are shown, never counted.
 */
size_t
run_group_values(const struct run *run, const struct run_group *g,
    double **values, size_t *failed)
{
	double	*v = xcalloc(run->nsamples, sizeof *v);
	size_t	 n = 0;

	*failed = 0;
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->copies != g->copies || strcmp(s->test, g->test) != 0 ||
		    s->index == RUN_WARMUP)
			continue;
		if (s->status == RUN_OK)
			v[n++] = s->value;
		else if (s->status == RUN_FAILED)
			(*failed)++;
	}
	*values = v;
	return n;
}

/*
 * The statistics of a group's successful samples; returns how many
 * failed (skipped samples count as neither).
 */
size_t
run_group_stats(const struct run *run, const struct run_group *g,
    struct stats *st)
{
	double	*v;
	size_t	 n, failed;

	n = run_group_values(run, g, &v, &failed);
	stats_compute(v, n, st);
	free(v);
	return failed;
}

/* The unit a run records for a test, or NULL if it has no sample of it. */
const char *
run_test_unit(const struct run *run, const char *test)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (strcmp(run->samples[i].test, test) == 0)
			return run->samples[i].unit;
	return NULL;
}

/* 1 if any sample failed. */
int
run_failed(const struct run *run)
{
	for (size_t i = 0; i < run->nsamples; i++)
		if (run->samples[i].status == RUN_FAILED)
			return 1;
	return 0;
}

/*
 * Append an empty histogram for a step kind in one sample (copies, index,
 * repeat) of a users run; the pointer is valid until the next append.
 */
struct run_hist *
run_add_hist(struct run *run, const char *step, int copies, int index,
    int repeat)
{
	struct run_hist	*rh;

	run->hists = xreallocarray(run->hists, run->nhists + 1,
	    sizeof *run->hists);
	rh = &run->hists[run->nhists++];
	memset(rh, 0, sizeof *rh);
	snprintf(rh->step, sizeof rh->step, "%s", step);
	rh->copies = copies;
	rh->index = index;
	rh->repeat = repeat;
	hist_init(&rh->h);
	return rh;
}

/* The histogram of a step kind in one sample, or NULL. */
struct run_hist *
run_find_hist(const struct run *run, const char *step, int copies, int index,
    int repeat)
{
	for (size_t i = 0; i < run->nhists; i++)
		if (run->hists[i].copies == copies &&
		    run->hists[i].index == index &&
		    run->hists[i].repeat == repeat &&
		    strcmp(run->hists[i].step, step) == 0)
			return &run->hists[i];
	return NULL;
}
