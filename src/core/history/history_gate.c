/*
 * --fail-on change: whether the runs just added show a worse step.  CI
 * adds a run and asks; the answer must be about that run, not about
 * every step the results directory ever held.  So the gate judges the
 * new runs only: the newest run of the history (by its order: date,
 * label or commit), or its N newest with --new N (a fleet adds one a
 * host), byte copies not counted.  A series takes part when its newest
 * runs are among them, and trips when they begin a worse step or their
 * arrival makes one found; another host's month-old step, whose runs
 * are none of the new ones, is not judged again.  A new run whose figure
 * no search can take (0, negative, overflowed) trips it too: a collapse
 * is the worst step there is, and dropping it would pass the gate.
 * Where a side of what it judges ran on a busy machine (flag B) it says
 * so, as compare's gate does, and --fail-on busy refuses to judge it.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/*
 * Whether k's newest fresh runs show a worse step, given older: what
 * the search found in k without them.  They do when one of them begins
 * one, or when their arrival is what makes one found (older holds no
 * worse step that may have begun where this one may).  A step that a
 * single run cannot show is found a run or three later, placed where
 * it began; asking only whether the newest run begins it would let
 * every such regression pass.  This way each trips the gate at the run
 * that showed it (and again only if it was lost and is found once
 * more).  A step placed a run later or earlier than before (the runs at
 * its edge now lean the other way) is the same step, not a new one:
 * HISTORY_GATE_SLACK.
 */
int
history_newest_worse(const struct history_series *k,
    const struct changepoint_result *older, size_t fresh)
{
	const struct changepoint	*cp, *b;

	if (k->cp.ncps == 0 || fresh == 0)
		return 0;
	cp = &k->cp.cps[k->cp.ncps - 1];
	if (!history_worse(cp, k->dir))
		return 0;
	if (cp->at + fresh >= k->n)
		return 1;
	for (size_t i = 0; i < older->ncps; i++) {
		b = &older->cps[i];
		if (history_worse(b, k->dir) && b->at_lo <= cp->at_hi +
		    HISTORY_GATE_SLACK && cp->at_lo <= b->at_hi +
		    HISTORY_GATE_SLACK)
			return 0;
	}
	return 1;
}

/* Whether run r holds a summary the history kept or left out. */
static void
history_gate_held(const struct history *h, unsigned char *held)
{
	for (size_t j = 0; j < h->nseries; j++)
		for (size_t i = 0; i < h->series[j].n; i++)
			held[h->series[j].sums[i].run] = 1;
	for (size_t i = 0; i < h->nleft; i++)
		held[h->left[i].sum.run] = 1;
}

/*
 * The new runs: the new_runs newest runs of the history's order that
 * hold a test asked for, copies not counted; g->fresh[run] set.
 */
static void
history_gate_fresh(const struct history *h, size_t new_runs,
    struct history_gated *g)
{
	size_t		*order = xcalloc(h->nruns + 1, sizeof *order);
	unsigned char	*held = xcalloc(h->nruns + 1, 1);
	size_t		 taken = 0;

	g->fresh = xcalloc(h->nruns + 1, 1);
	history_gate_held(h, held);
	for (size_t r = 0; r < h->nruns; r++)
		order[h->rank[r]] = r;
	for (size_t i = h->nruns; i > 0 && taken < new_runs; i--) {
		size_t	r = order[i - 1];

		if (!held[r] || (h->same != NULL && h->same[r] != SIZE_MAX))
			continue;
		g->fresh[r] = 1;
		taken++;
	}
	free(order);
	free(held);
}

/* Each series' new runs, counted from its newest back. */
static void
history_gate_counts(const struct history *h, struct history_gated *g)
{
	g->nfresh = xcalloc(h->nseries + 1, sizeof *g->nfresh);
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		while (g->nfresh[j] < k->n && g->fresh[k->sums[k->n - 1 -
		    g->nfresh[j]].run])
			g->nfresh[j]++;
	}
}

/* Host [a, b)'s series judged: the history without their new runs. */
static void
history_gate_host(const struct history *h, const struct history_query *q,
    size_t a, size_t b, struct history_gated *g)
{
	struct changepoint_result	*older, **r;

	older = xcalloc(b - a, sizeof *older);
	r = xcalloc(b - a, sizeof *r);
	for (size_t j = a; j < b; j++)
		r[j - a] = &older[j - a];
	history_search_host(h, a, b, g->nfresh + a, q, r);
	for (size_t j = a; j < b; j++) {
		g->worse[j] = history_newest_worse(&h->series[j],
		    &older[j - a], g->nfresh[j]);
		changepoint_result_free(&older[j - a]);
	}
	free(r);
	free(older);
}

/*
 * Whether runs [a, b) of k ran on a busy machine (flag B): others
 * runnable as their samples started, on average over the samples, half
 * a process or more, as compare's estimate says of a side.
 */
static int
history_busy_span(const struct history_series *k, size_t a, size_t b)
{
	double	sum = 0, w = 0, n;

	for (size_t i = a; i < b; i++) {
		if (!isfinite(k->sums[i].busy))
			continue;
		n = k->sums[i].n > 0 ? (double)k->sums[i].n : 1;
		sum += k->sums[i].busy * n;
		w += n;
	}
	return w > 0 && sum / w >= ESTIMATE_BUSY;
}

/*
 * Which sides of series k's judgement ran busy (GATE_SIDE_*), its
 * fresh newest runs new.  The new side is what the gate judges: the new
 * runs, or the runs from the first of the step they begin or show; the
 * old side is what they are judged against: the level before that step,
 * or the newest level's runs before the new ones.
 */
static unsigned
history_gate_busy(const struct history_series *k, size_t fresh, int worse)
{
	const struct changepoint *cp = k->cp.ncps > 0 ?
	    &k->cp.cps[k->cp.ncps - 1] : NULL;
	size_t		 new0 = k->n - fresh, old0 = cp != NULL ? cp->at : 0;
	size_t		 old1 = new0;
	unsigned	 sides = 0;

	if (cp != NULL && (worse || cp->at >= new0)) {
		new0 = cp->at;
		old0 = cp->from;
		old1 = cp->at;
	}
	if (history_busy_span(k, old0, old1))
		sides |= GATE_SIDE_OLD;
	if (history_busy_span(k, new0, k->n))
		sides |= GATE_SIDE_NEW;
	return sides;
}

/*
 * What series j's new runs trip, under the conditions fail_on asks for
 * (HISTORY_FAIL_*): "busy" when a side ran busy and busy is asked for
 * (such a series is not judged: load alone neither fails nor passes
 * it), "change" when they show a worse step; NULL when nothing trips.
 */
const char *
history_gate_trip(const struct history_gated *g, size_t j, unsigned fail_on)
{
	if (g->nfresh[j] == 0)
		return NULL;
	if ((fail_on & HISTORY_FAIL_BUSY) && g->busy[j] != 0)
		return "busy";
	if ((fail_on & HISTORY_FAIL_CHANGE) && g->worse[j])
		return "change";
	return NULL;
}

/*
 * Whether h->left[i], a new run's figure no search can take, trips the
 * gate: under change, busy or not (a collapse is no load's doing).
 */
int
history_gate_left_trip(const struct history_gated *g, size_t i,
    unsigned fail_on)
{
	return (fail_on & HISTORY_FAIL_CHANGE) && g->left[i];
}

/* Whether any of the series [a, b) holds a new run. */
static int
history_gate_any(const struct history_gated *g, size_t a, size_t b)
{
	for (size_t j = a; j < b; j++)
		if (g->nfresh[j] > 0)
			return 1;
	return 0;
}

/*
 * The gate's question for h, built with q, over its new_runs newest
 * runs (at least 1): g->worse[j] is 1 when series j's new runs show a
 * worse step, g->busy[j] the sides of its judgement that ran busy
 * (g->nbusy how many have one), g->left[i] 1 when h->left[i] is a new
 * run's figure.  Each
 * host's series are searched without their new runs as history_build()
 * searched them (pooled), so the answer is what a history taken before
 * those runs would have said.  Free g with history_gated_free.
 */
void
history_gate(const struct history *h, const struct history_query *q,
    size_t new_runs, struct history_gated *g)
{
	memset(g, 0, sizeof *g);
	history_gate_fresh(h, new_runs > 0 ? new_runs : 1, g);
	history_gate_counts(h, g);
	g->worse = xcalloc(h->nseries + 1, sizeof *g->worse);
	g->busy = xcalloc(h->nseries + 1, sizeof *g->busy);
	g->left = xcalloc(h->nleft + 1, sizeof *g->left);
	for (size_t a = 0, b; a < h->nseries; a = b) {
		b = history_host_end(h, a);
		if (history_gate_any(g, a, b))
			history_gate_host(h, q, a, b, g);
	}
	for (size_t j = 0; j < h->nseries; j++) {
		if (g->nfresh[j] == 0)
			continue;
		g->busy[j] = history_gate_busy(&h->series[j], g->nfresh[j],
		    g->worse[j]);
		g->nbusy += g->busy[j] != 0;
	}
	for (size_t i = 0; i < h->nleft; i++)
		g->left[i] = g->fresh[h->left[i].sum.run];
}

void
history_gated_free(struct history_gated *g)
{
	free(g->fresh);
	free(g->nfresh);
	free(g->worse);
	free(g->busy);
	free(g->left);
	memset(g, 0, sizeof *g);
}
