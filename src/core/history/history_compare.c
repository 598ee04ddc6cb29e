/*
 * A change point's two sides compared: the runs before it and from it
 * (the nearest HISTORY_SIDE each), loaded from their files and judged as
 * compare OLD... -- NEW... judges them (bmdiff.c).  history --compare N
 * prints it; the console's History screen shows it.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>

#include "history.h"

/* Load the runs [from, to) of series k; 0, or -1 with err. */
static int
history_compare_load(const struct history *h, const struct history_series *k,
    size_t from, size_t to, struct run *runs, struct sm_error *err)
{
	for (size_t i = from; i < to; i++) {
		run_init(&runs[i - from]);
		if (csvstore_load(&runs[i - from],
		    h->runs[k->sums[i].run].path, err) != 0) {
			for (size_t j = from; j <= i; j++)
				run_free(&runs[j - from]);
			return -1;
		}
	}
	return 0;
}

/* The runs, narrowed to f's tests, judged as two sides. */
static struct table *
history_compare_judge(struct run *runs, size_t na, size_t nb,
    const struct filter *f, struct compare_opts *o)
{
	const struct run	**rp = xcalloc(na + nb, sizeof *rp);
	struct compare_side	  sa, sb;
	struct table		 *t;
	char			  over[160];

	if (f != NULL && (f->tests != NULL || f->group != NULL)) {
		for (size_t i = 0; i < na + nb; i++)
			filter_apply(f, &runs[i]);
		filter_over(f, over, sizeof over);
		o->over = over;
	}
	for (size_t i = 0; i < na + nb; i++)
		rp[i] = &runs[i];
	sa = (struct compare_side){ rp, na, "before the change" };
	sb = (struct compare_side){ rp + na, nb, "from the change" };
	t = bmdiff_report(&sa, &sb, o);
	free(rp);
	return t;
}

/*
 * The table comparing the sides of change point cp of series j; NULL
 * with err if a run file can no longer be read.
 */
struct table *
history_compare(const struct history *h, size_t j, size_t cp,
    const struct filter *f, struct compare_opts *o, struct sm_error *err)
{
	const struct history_series	*k = &h->series[j];
	const struct changepoint	*c = &k->cp.cps[cp];
	struct run			*runs;
	struct table			*t;
	size_t				 from, to;

	from = c->at - c->from > HISTORY_SIDE ? c->at - HISTORY_SIDE :
	    c->from;
	to = c->to - c->at > HISTORY_SIDE ? c->at + HISTORY_SIDE : c->to;
	runs = xcalloc(to - from, sizeof *runs);
	if (history_compare_load(h, k, from, to, runs, err) != 0) {
		free(runs);
		return NULL;
	}
	t = history_compare_judge(runs, c->at - from, to - c->at, f, o);
	for (size_t i = 0; i < to - from; i++)
		run_free(&runs[i]);
	free(runs);
	return t;
}
