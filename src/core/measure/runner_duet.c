/*
 * run --duet in the runner (doc/duet.md): a duet slot forks two copies,
 * copy i running the plan's bench i on the ((i + k) mod 2)-th CPU it
 * may use in round k, so that each command has each CPU half the time,
 * both released by the one barrier, each recorded as its own test's
 * sample k; an alone slot runs one of them by itself on the CPU it had
 * in that round, whose figure goes into the sums the run's meta keeps
 * (duet_alone.ID), for judge_duet() to hold the duet figures against.
 * A slot of any other run is one test's sample, as runner.c takes it.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure.h"
#include "runner_int.h"

/* What the slot being taken is. */
enum runner_slot_kind
runner_slot_kind(const struct runner *r)
{
	if (!r->plan.duet || r->pos >= r->nslot)
		return RUNNER_SLOT_ONE;
	return r->slot[r->pos].kind;
}

/* The copies the slot forks: a duet's two, else the copies value. */
int
runner_slot_copies(const struct runner *r)
{
	return runner_slot_kind(r) == RUNNER_SLOT_DUET ? 2 : runner_copies(r);
}

/* The bench copy i runs, and the CPU it is pinned to (-1: its own). */
const struct bench *
runner_copy_bench(const struct runner *r, int i, int *pin)
{
	enum runner_slot_kind	kind = runner_slot_kind(r);
	int			k = r->sample < 0 ? 0 : r->sample;

	*pin = -1;
	if (kind == RUNNER_SLOT_ONE)
		return runner_cur(r);
	if (kind == RUNNER_SLOT_ALONE) {
		*pin = ((int)r->bench + k) % 2;
		return runner_cur(r);
	}
	*pin = (i + k) % 2;
	return r->plan.benches[i];
}

/* A command's figure alone, added to its sums; a failed one is not. */
static void
runner_duet_alone(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	const struct runner_copy *c = &r->copy[0];
	struct runner_alone	*a = &r->alone[r->bench % 2];
	double			 v;

	if (r->fail[0] != '\0' || r->ncopy != 1)
		return;
	v = sampler_figure(b, c->iterations, c->elapsed_ns - c->overhead_ns);
	if (!(isfinite(v) && v > 0))
		return;
	a->n++;
	a->sum += v;
	a->sumsq += v * v;
}

/* A duet's slot is over: its two samples, or one command's alone figure. */
void
runner_duet_record(struct runner *r)
{
	if (runner_slot_kind(r) == RUNNER_SLOT_ALONE)
		runner_duet_alone(r);
	else
		for (int i = 0; i < 2; i++) {
			const struct bench *b = r->plan.benches[i];
			struct run_sample *s = runner_new_sample_of(r, b);

			runner_record_copies(r, b, s, i, 1);
			runner_record_emit(r, b, s);
		}
	r->done++;
	runner_emit_type(r, RUNNER_EV_PROGRESS);
}

/*
 * A resumed duet: the alone figures the run kept before it stopped
 * ("n mean sd" in duet_alone.ID) are its sums' start, so that the
 * resumed part adds to them instead of replacing them.
 */
void
runner_duet_resume(struct runner *r)
{
	char		 key[64];
	const char	*v;
	double		 mean, sd;
	int		 n;

	if (!r->plan.duet)
		return;
	for (int i = 0; i < 2; i++) {
		struct runner_alone *a = &r->alone[i];

		snprintf(key, sizeof key, "duet_alone.%s",
		    r->plan.benches[i]->id);
		if ((v = run_meta_get(r->run, key)) == NULL ||
		    sscanf(v, "%d %lf %lf", &n, &mean, &sd) != 3 || n < 1 ||
		    !isfinite(mean))
			continue;
		a->n = n;
		a->sum = n * mean;
		a->sumsq = n * mean * mean + (n > 1 && isfinite(sd) ?
		    (n - 1) * sd * sd : 0);
	}
}

/* The run's end: each command's alone figures into the meta. */
void
runner_duet_finish(struct runner *r)
{
	char	key[64], val[96];

	if (!r->plan.duet)
		return;
	for (int i = 0; i < 2; i++) {
		const struct runner_alone *a = &r->alone[i];
		double	mean, sd;

		if (a->n == 0)
			continue;
		mean = a->sum / a->n;
		sd = a->n > 1 ? sqrt(fmax(0, (a->sumsq - a->n * mean * mean) /
		    (a->n - 1))) : NAN;
		snprintf(key, sizeof key, "duet_alone.%s",
		    r->plan.benches[i]->id);
		snprintf(val, sizeof val, "%d %.9g %.9g", a->n, mean, sd);
		run_meta_set(r->run, key, val);
	}
}
