/*
 * A change point's two sides: the runs before it and from it (the
 * nearest HISTORY_SIDE each), loaded from their files and narrowed to
 * the tests asked for, then judged as compare OLD... -- NEW... judges
 * them (bmdiff.c).  history --compare N prints the table, or hands the
 * sides to compare's JSON; the console's History screen shows the table.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>

#include "history.h"

/* Load the runs [from, to) of series k into s; 0, or -1 with err. */
static int
history_sides_read(const struct history *h, const struct history_series *k,
    size_t from, size_t to, struct history_sides *s, struct sm_error *err)
{
	for (size_t i = from; i < to; i++) {
		s->paths[i - from] = h->runs[k->sums[i].run].path;
		run_init(&s->runs[i - from]);
		if (csvstore_load(&s->runs[i - from], s->paths[i - from],
		    err) != 0) {
			for (size_t j = from; j <= i; j++)
				run_free(&s->runs[j - from]);
			return -1;
		}
	}
	return 0;
}

/*
 * The runs on each side of change point cp of series j, narrowed to f's
 * tests (f may be NULL), into s; 0, or -1 with err if a run file can no
 * longer be read (s then holds nothing).
 */
int
history_sides_load(const struct history *h, size_t j, size_t cp,
    const struct filter *f, struct history_sides *s, struct sm_error *err)
{
	const struct history_series	*k = &h->series[j];
	const struct changepoint	*c = &k->cp.cps[cp];
	size_t				 from, to;

	from = c->at - c->from > HISTORY_SIDE ? c->at - HISTORY_SIDE :
	    c->from;
	to = c->to - c->at > HISTORY_SIDE ? c->at + HISTORY_SIDE : c->to;
	s->na = c->at - from;
	s->nb = to - c->at;
	s->over[0] = '\0';
	s->runs = xcalloc(to - from, sizeof *s->runs);
	s->paths = xcalloc(to - from, sizeof *s->paths);
	if (history_sides_read(h, k, from, to, s, err) != 0) {
		free(s->runs);
		free(s->paths);
		return -1;
	}
	if (f == NULL || (f->tests == NULL && f->group == NULL))
		return 0;
	for (size_t i = 0; i < to - from; i++)
		filter_apply(f, &s->runs[i]);
	filter_over(f, s->over, sizeof s->over);
	return 0;
}

void
history_sides_free(struct history_sides *s)
{
	for (size_t i = 0; i < s->na + s->nb; i++)
		run_free(&s->runs[i]);
	free(s->runs);
	free(s->paths);
}

/*
 * The table comparing the sides of change point cp of series j; NULL
 * with err if a run file can no longer be read.
 */
struct table *
history_compare(const struct history *h, size_t j, size_t cp,
    const struct filter *f, struct compare_opts *o, struct sm_error *err)
{
	struct history_sides	  s;
	const struct run	**rp;
	struct compare_side	  sa, sb;
	struct table		 *t;
	const char		 *over = o->over;

	if (history_sides_load(h, j, cp, f, &s, err) != 0)
		return NULL;
	if (s.over[0] != '\0')
		o->over = s.over;
	rp = xcalloc(s.na + s.nb, sizeof *rp);
	for (size_t i = 0; i < s.na + s.nb; i++)
		rp[i] = &s.runs[i];
	sa = (struct compare_side){ rp, s.na, HISTORY_BEFORE };
	sb = (struct compare_side){ rp + s.na, s.nb, HISTORY_AFTER };
	t = bmdiff_report(&sa, &sb, o);
	o->over = over;
	free(rp);
	history_sides_free(&s);
	return t;
}
