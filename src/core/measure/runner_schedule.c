/*
 * The runner's schedule: which sample comes next.  The plan runs repeats
 * times; a repeat is a queue of slots, (test, copies) and sample index.
 * In grouped order each (test, copies) takes its samples back to back; in
 * interleaved order the samples come in rounds, every (test, copies)
 * getting its k-th sample before any gets its (k+1)-th, each round in an
 * order shuffled afresh from the run's seed (meta order_seed), so that a
 * drift of the machine over the run shows as spread in every test rather
 * than as a shift between tests.  Sample 0, when the plan asks for it, is
 * the warm-up.  With a target (run -C) the queue grows by a round of the
 * tests whose interval is still too wide, or when aiming at an index by
 * one sample of the test that shrinks the index's interval most, until the
 * target or the time cap is reached.  Between repeats the runner may pause
 * (sysmark calibrate spreads its repeats over minutes).
 *
 * With run --resume the schedule skips the samples the run already holds
 * (runner_resume()).  Its meta (order, seed, repeats, target) goes into
 * the run's meta by plan_write().  The runner's state is in
 * runner_int.h; runner.c starts the sample the schedule picks, or ends
 * the run when it says so (enum runner_go): the schedule never calls
 * back into runner.c.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "runner_int.h"

static int	runner_held(const struct runner *, const struct runner_slot *);

static void
runner_push_kind(struct runner *r, size_t pair, int index,
    enum runner_slot_kind kind)
{
	r->slot = xreallocarray(r->slot, r->nslot + 1, sizeof *r->slot);
	r->slot[r->nslot++] = (struct runner_slot){ pair, index, kind };
	r->total++;
}

static void
runner_push(struct runner *r, size_t pair, int index)
{
	runner_push_kind(r, pair, index, RUNNER_SLOT_ONE);
}

/*
 * A duet's repeat (run --duet): round k is the pair's sample k, both
 * commands at once, and every PLAN_DUET_ALONE_EVERY rounds each command
 * alone on the CPU it had, in a shuffled order in interleaved rounds: the
 * alone figures tell whether the two slowed each other unequally (the
 * method's assumption).  Nothing is queued when a command is skipped.
 */
static void
runner_duet_build(struct runner *r, int first)
{
	size_t	order[3];

	if (r->skipped[0] || r->skipped[1])
		return;
	for (int k = first; k <= r->plan.samples; k++) {
		if (k == RUN_WARMUP || (k - 1) % PLAN_DUET_ALONE_EVERY != 0) {
			runner_push_kind(r, 0, k, RUNNER_SLOT_DUET);
			continue;
		}
		/* 0: the pair; 1 and 2: the first and second alone. */
		for (size_t i = 0; i < 3; i++)
			order[i] = i;
		if (r->plan.order == RUNNER_ORDER_INTERLEAVED)
			sm_rng_shuffle(&r->rng, order, 3);
		for (size_t i = 0; i < 3; i++)
			runner_push_kind(r, order[i] == 0 ? 0 : order[i] - 1,
			    k, order[i] == 0 ? RUNNER_SLOT_DUET :
			    RUNNER_SLOT_ALONE);
	}
}

/* Push one sample of each pair in pairs[], in a shuffled order. */
static void
runner_push_round(struct runner *r, size_t *pairs, size_t n, int index)
{
	if (r->plan.order == RUNNER_ORDER_INTERLEAVED)
		sm_rng_shuffle(&r->rng, pairs, n);
	for (size_t i = 0; i < n; i++)
		runner_push(r, pairs[i], index >= 0 ? index :
		    r->next[pairs[i]]++);
}

/* The queue of a repeat: the fixed samples, in rounds or grouped. */
void
runner_build_repeat(struct runner *r)
{
	size_t	*pairs = xcalloc(r->npair, sizeof *pairs), n = 0;
	int	 first = r->plan.warmup ? RUN_WARMUP : 1;

	r->nslot = r->pos = 0;
	r->t_repeat = sm_now_ns();
	for (size_t p = 0; p < r->npair; p++) {
		r->next[p] = r->plan.samples + 1;
		if (!r->skipped[p])
			pairs[n++] = p;
	}
	if (r->plan.duet)
		runner_duet_build(r, first);
	else if (r->plan.order == RUNNER_ORDER_GROUPED) {
		for (size_t i = 0; i < n; i++)
			for (int k = first; k <= r->plan.samples; k++)
				runner_push(r, pairs[i], k);
	} else {
		for (int k = first; k <= r->plan.samples; k++)
			runner_push_round(r, pairs, n, k);
	}
	free(pairs);
}

/* The relative 95% half-width of a pair's mean in this repeat; NaN. */
static double
runner_pair_ci(const struct runner *r, size_t pair)
{
	const struct bench	*b = r->plan.benches[pair / r->plan.ncopies];
	int			 c = r->plan.copies[pair % r->plan.ncopies];
	double			*v = xcalloc(r->run->nsamples + 1, sizeof *v);
	size_t			 n = 0;
	struct stats		 st;

	for (size_t i = 0; i < r->run->nsamples; i++) {
		const struct run_sample *s = &r->run->samples[i];

		if (s->status == RUN_OK && s->index != RUN_WARMUP &&
		    s->repeat == r->repeat && s->copies == c &&
		    strcmp(s->test, b->id) == 0)
			v[n++] = s->value;
	}
	stats_compute(v, n, &st);
	free(v);
	return st.ci / fabs(st.mean);
}

/*
 * Aiming at an index: 1 with *pair set to the test whose next sample
 * shrinks the index's interval most, 0 when every copies value's index
 * is within the target (or cannot say more).
 */
static int
runner_index_pick(struct runner *r, size_t *pair)
{
	struct index_score	sc;
	double			best = 0, gain, w;
	int			found = 0;

	for (size_t ci = 0; ci < r->plan.ncopies; ci++) {
		index_compute_noise(r->run, r->env.index_base,
		    r->plan.copies[ci], r->env.noise, &sc);
		/* What more samples cannot shrink is already too wide. */
		if (sc.ci_fixed > r->plan.target) {
			index_score_free(&sc);
			return 0;
		}
		for (size_t i = 0; sc.ci > r->plan.target && i < sc.nlines;
		    i++) {
			const struct index_line *l = &sc.lines[i];
			size_t			 b;

			for (b = 0; b < r->plan.nbench; b++)
				if (strcmp(r->plan.benches[b]->id, l->test) ==
				    0)
					break;
			if (b == r->plan.nbench || !isfinite(l->relvar) ||
			    r->skipped[b * r->plan.ncopies + ci])
				continue;
			w = sc.method == INDEX_UNIXBENCH ? 1 :
			    l->index * l->index;
			gain = w * (l->relvar - l->fixed) / (double)(l->n + 1);
			if (gain > best) {
				best = gain;
				*pair = b * r->plan.ncopies + ci;
				found = 1;
			}
		}
		index_score_free(&sc);
	}
	return found;
}

/*
 * Run -C: queue more samples while an interval is wider than the target
 * and time is left; 1 if any were queued.
 */
static int
runner_more(struct runner *r)
{
	size_t	*pairs, n = 0, pair;
	double	 spent = (double)(sm_now_ns() - r->t_repeat) / 1e9;

	if (r->plan.target <= 0 || r->cancel_pending)
		return 0;
	if (r->plan.time_cap > 0 &&
	    spent >= r->plan.time_cap / (double)r->nrepeat)
		return 0;
	if (r->env.index_base != NULL) {
		if (!runner_index_pick(r, &pair) ||
		    r->next[pair] > PLAN_MAX_SAMPLES)
			return 0;
		runner_push(r, pair, r->next[pair]++);
		return 1;
	}
	pairs = xcalloc(r->npair, sizeof *pairs);
	for (size_t p = 0; p < r->npair; p++)
		if (!r->skipped[p] && r->next[p] <= PLAN_MAX_SAMPLES &&
		    !(runner_pair_ci(r, p) <= r->plan.target))
			pairs[n++] = p;
	runner_push_round(r, pairs, n, -1);
	free(pairs);
	return n > 0;
}

/*
 * Make slot pos current; BENCH_START when its pair differs from last's.
 * Its sample is the runner's to start: RUNNER_GO_SAMPLE.
 */
enum runner_go
runner_enter_slot(struct runner *r, int announce)
{
	const struct runner_slot *sl = &r->slot[r->pos];

	r->bench = sl->pair / r->plan.ncopies;
	r->ci = sl->pair % r->plan.ncopies;
	r->sample = sl->index;
	if (announce)
		runner_emit_type(r, RUNNER_EV_BENCH_START);
	return RUNNER_GO_SAMPLE;
}

/*
 * Skip the queued slots of pairs skipped for the run, and when resuming
 * the samples the run holds; 1 if one is left.
 */
int
runner_seek(struct runner *r)
{
	for (;;) {
		while (r->pos < r->nslot && (r->skipped[r->slot[r->pos].pair] ||
		    runner_held(r, &r->slot[r->pos]))) {
			r->pos++;
			r->done++;
		}
		if (r->pos < r->nslot)
			return 1;
		if (!runner_more(r))
			return 0;
	}
}

/*
 * A repeat is over: its pairs are done, then the next repeat (its first
 * slot, or a pause before it) or the end of the run.
 */
enum runner_go
runner_end_repeat(struct runner *r, size_t last)
{
	if (r->plan.order == RUNNER_ORDER_GROUPED)
		runner_bench_done(r, last);
	else
		for (size_t p = 0; p < r->npair; p++)
			if (!r->skipped[p])
				runner_bench_done(r, p);
	if (r->repeat >= r->nrepeat)
		return RUNNER_GO_FINISH;
	r->repeat++;
	runner_build_repeat(r);
	if (r->plan.gap > 0) {
		r->state = RUNNER_PAUSE;
		r->deadline = sm_now_ns() + (uint64_t)(r->plan.gap * 1e9);
		return RUNNER_GO_PAUSE;
	}
	return runner_seek(r) ? runner_enter_slot(r, 1) :
	    runner_end_repeat(r, last);
}

/* Advance to the next slot of the queue, the next repeat, or the end. */
enum runner_go
runner_next(struct runner *r)
{
	size_t	last = r->slot[r->pos].pair;

	r->pos++;
	if (!runner_seek(r))
		return runner_end_repeat(r, last);
	if (r->plan.order == RUNNER_ORDER_GROUPED &&
	    r->slot[r->pos].pair != last)
		runner_bench_done(r, last);
	return runner_enter_slot(r, r->slot[r->pos].pair != last);
}

/* ---- Resuming: the samples the run holds already ---- */

/* A sample's place in the plan as one sortable number. */
static uint64_t
runner_key(int repeat, size_t pair, int index)
{
	return ((uint64_t)repeat << 40) | ((uint64_t)pair << 16) |
	    (uint64_t)index;
}

static int
runner_key_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Whether the run holds the sample of slot sl already (run --resume). */
static int
runner_held(const struct runner *r, const struct runner_slot *sl)
{
	uint64_t	k = runner_key(r->repeat, sl->pair, sl->index);

	return r->nhave > 0 && bsearch(&k, r->have, r->nhave, sizeof k,
	    runner_key_cmp) != NULL;
}

/* The plan's pair of sample s, or npair when the plan has none. */
static size_t
runner_pair_of(const struct runner *r, const struct run_sample *s)
{
	size_t	b, c;

	for (b = 0; b < r->plan.nbench; b++)
		if (strcmp(r->plan.benches[b]->id, s->test) == 0)
			break;
	for (c = 0; c < r->plan.ncopies; c++)
		if (r->plan.copies[c] == s->copies)
			break;
	if (b == r->plan.nbench || c == r->plan.ncopies)
		return r->npair;
	return b * r->plan.ncopies + c;
}

/*
 * run --resume: note every sample the run holds, so that only the
 * missing ones are taken, in their own rounds and repeats; a test
 * skipped here stays skipped.
 */
void
runner_resume(struct runner *r)
{
	const struct run_sample	*s;
	size_t			 pair;

	r->have = xcalloc(r->run->nsamples + 1, sizeof *r->have);
	for (size_t i = 0; i < r->run->nsamples; i++) {
		s = &r->run->samples[i];
		if ((pair = runner_pair_of(r, s)) == r->npair ||
		    s->index > PLAN_MAX_SAMPLES + 1)
			continue;
		if (s->status == RUN_SKIPPED)
			r->skipped[pair] = 1;
		r->have[r->nhave++] = runner_key(s->repeat, pair, s->index);
	}
	qsort(r->have, r->nhave, sizeof *r->have, runner_key_cmp);
}
