/*
 * What every file of the runner stands on: the test and copies value the
 * runner is at, the events it sends its caller, and a new sample of the
 * current test.  Apart from runner.c so that the files above it (the
 * schedule, the record, the hooks) call down to this and never back up
 * into the lifecycle: no two of the runner's files call each other
 * (tests/structure/cycles.sh).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure.h"
#include "runner_int.h"

/* The test the runner is at. */
const struct bench *
runner_cur(const struct runner *r)
{
	return r->plan.benches[r->bench];
}

/* The copies value the runner is at. */
int
runner_copies(const struct runner *r)
{
	return r->plan.copies[r->ci];
}

/* Tell the caller ev, what the runner is at filled in. */
void
runner_emit(struct runner *r, struct runner_event *ev)
{
	if (ev->bench == NULL && r->bench < r->plan.nbench)
		ev->bench = runner_cur(r);
	if (ev->copies == 0 && r->ci < r->plan.ncopies)
		ev->copies = runner_copies(r);
	ev->nsamples = r->plan.samples;
	ev->repeat = r->repeat;
	ev->duration = r->plan.duration;
	ev->done = r->done;
	/*
	 * The whole run's, not the repeats queued so far: the repeats to
	 * come are counted as this one's size, so that the share done
	 * never says 100% with repeats still to run (calibrate's five).
	 */
	ev->total = r->total + (size_t)(r->nrepeat - r->repeat) * r->nslot;
	r->in_callback++;
	r->cb(ev, r->arg);
	r->in_callback--;
}

/* Tell the caller an event that is only its type and sample. */
void
runner_emit_type(struct runner *r, enum runner_ev_type type)
{
	struct runner_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = type;
	ev.sample = r->sample;
	runner_emit(r, &ev);
}

/* A new sample of the current bench, its identity filled in. */
struct run_sample *
runner_new_sample(struct runner *r)
{
	return runner_new_sample_of(r, runner_cur(r));
}

/* A new sample of bench b (a duet's second) at the runner's place. */
struct run_sample *
runner_new_sample_of(struct runner *r, const struct bench *b)
{
	struct run_sample	*s = run_add_sample(r->run);

	snprintf(s->test, sizeof s->test, "%s", b->id);
	snprintf(s->unit, sizeof s->unit, "%s", b->unit);
	s->version = b->version;
	s->copies = runner_copies(r);
	s->index = r->sample;
	s->repeat = r->repeat;
	s->session = r->env.session > 1 ? r->env.session : 1;
	s->busy = r->busy >= 0 ? r->busy : NAN;
	/* A calibrated sample lasts one batch, whatever -d says. */
	s->duration = b->timing == BENCH_CALIBRATED ? 0 : r->plan.duration;
	return s;
}
