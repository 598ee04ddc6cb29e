/*
 * history --fail-on change as CI meets it: series grown a run at a time,
 * the gate asked after every run.  For each step size, SERIES series of
 * RUNS runs (normal noise of NOISE percent a run, the step from run
 * 3 RUNS / 5 on) are grown from 8 runs, and two rules are counted: the
 * gate's (history_gate(): the newest run begins a worse step, or makes
 * one found) and the older one (the newest run begins one):
 *   caught   series that tripped, at or after the step's first run, on
 *            that step (its start range holding that run)
 *   at once  of those, at the step's first run
 *   median   the run of the step they were caught at (1: its first)
 *   early    series that tripped before the step (flat: at any run)
 *   trips    trips in all, every run counted (a step found, lost and
 *            found again trips twice)
 * Usage: history_gate_eval [-s SERIES] [-n RUNS] [-e NOISE] [--] STEP...
 * with STEP a percent (-2.5; 0 for flat series; -- before a first one
 * below zero, which would read as an option).  Built against the
 * core's objects as changepoint_eval is (tests/perf/changepoint_vs_otava.py
 * says how), with this file's name.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/core.h"

struct eval_rule {
	size_t	 caught, at_once, early, trips;
	size_t	*when;		/* each caught series' run of the step */
};

/* One series under one rule. */
struct eval_seen {
	size_t	first;		/* the step's run it was caught at; 0 */
	int	early;
};

/* A history of the oldest n of v, one host and test, ordered by label. */
static void
eval_grown(struct history *h, const double *v, size_t n,
    const struct history_query *q)
{
	struct history_sum	*s;
	char			 label[32];
	size_t			 r;

	history_init(h);
	for (size_t i = 0; i < n; i++) {
		snprintf(label, sizeof label, "r%05zu", i + 1);
		r = history_add_run(h, "/eval.csv", "eval",
		    "2026-12-01T10:00:00+0000", label, NULL);
		s = history_add_sum(h);
		s->run = r;
		strcpy(s->test, "syscall");
		strcpy(s->unit, "lps");
		s->version = s->copies = 1;
		s->mean = v[i];
		s->relvar = 1e-6;
		s->df = 5;
		s->n = 6;
	}
	history_build(h, q);
}

/* One run's answer of a rule: n runs, the step at index at. */
static void
eval_answer(struct eval_rule *r, struct eval_seen *e, int tripped, size_t n,
    size_t at, const struct changepoint *cp)
{
	if (!tripped)
		return;
	r->trips++;
	if (n <= at)
		e->early = 1;
	else if (e->first == 0 && cp->at_lo <= at && at <= cp->at_hi)
		e->first = n - at;
}

/* A series' answers, added to the rule's. */
static void
eval_done(struct eval_rule *r, const struct eval_seen *e)
{
	r->early += e->early;
	if (e->first == 0)
		return;
	r->when[r->caught++] = e->first;
	r->at_once += e->first == 1;
}

/* Grow one series of v (n runs, the step at index at) under both rules. */
static void
eval_series(const double *v, size_t n, size_t at,
    const struct history_query *q, struct eval_rule *gate,
    struct eval_rule *old)
{
	struct eval_seen		 eg = { 0, 0 }, eo = { 0, 0 };
	const struct history_series	*k;
	const struct changepoint	*cp;
	struct history			 h;
	struct history_gated		 g;

	for (size_t m = 8; m <= n; m++) {
		eval_grown(&h, v, m, q);
		history_gate(&h, q, 1, &g);
		k = &h.series[0];
		cp = k->cp.ncps > 0 ? &k->cp.cps[k->cp.ncps - 1] : NULL;
		eval_answer(gate, &eg, g.worse[0], m, at, cp);
		history_gated_free(&g);
		eval_answer(old, &eo, cp != NULL && cp->at == m - 1 &&
		    history_worse(cp, k->dir), m, at, cp);
		history_free(&h);
	}
	eval_done(gate, &eg);
	eval_done(old, &eo);
}

static int
eval_cmp(const void *a, const void *b)
{
	size_t	x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

static void
eval_print(const char *name, double step, size_t series,
    struct eval_rule *r)
{
	qsort(r->when, r->caught, sizeof *r->when, eval_cmp);
	printf("%+6.1f%%  %-5s  caught %3zu of %zu, at once %3zu, median "
	    "run %2zu; early %3zu; trips %4zu\n", step, name, r->caught,
	    series, r->at_once, r->caught > 0 ? r->when[r->caught / 2] : 0,
	    r->early, r->trips);
}

int
main(int argc, char **argv)
{
	struct history_query	 q = { 0 };
	struct sm_rng		 rng;
	size_t			 series = 100, n = 40, at;
	double			 noise = 1, step, *v;
	int			 c;

	while ((c = getopt(argc, argv, "s:n:e:")) != -1)
		if (c == 's')
			series = (size_t)atol(optarg);
		else if (c == 'n')
			n = (size_t)atol(optarg);
		else if (c == 'e')
			noise = atof(optarg);
		else
			return 2;
	if (optind == argc || n < 10 || series == 0) {
		fprintf(stderr, "usage: history_gate_eval [-s SERIES] [-n RUNS]"
		    " [-e NOISE] [--] STEP...\n");
		return 2;
	}
	changepoint_opts_default(&q.cp);
	q.by = HISTORY_BY_LABEL;
	at = 3 * n / 5;
	v = xcalloc(n, sizeof *v);
	for (int a = optind; a < argc; a++) {
		struct eval_rule gate = { 0 }, old = { 0 };

		step = atof(argv[a]);
		gate.when = xcalloc(series, sizeof *gate.when);
		old.when = xcalloc(series, sizeof *old.when);
		for (size_t s = 1; s <= series; s++) {
			sm_rng_seed(&rng, s);
			for (size_t i = 0; i < n; i++)
				v[i] = 100 * (1 + noise / 100 *
				    sm_rng_normal(&rng)) * (i >= at ? 1 +
				    step / 100 : 1);
			eval_series(v, n, step != 0 ? at : n, &q, &gate,
			    &old);
		}
		eval_print("gate", step, series, &gate);
		eval_print("older", step, series, &old);
		free(gate.when);
		free(old.when);
	}
	free(v);
	return 0;
}
