/*
 * Byte copies of one run among a history's runs, counted once.  A copy
 * saved under another name (a results directory synced twice, a file
 * kept "just in case") would count as one more run: the level's
 * interval narrows as if it had been measured again, until a step
 * appears that was never measured.  compare refuses the same thing
 * (cmd_compare_dups, by run_same: the same facts and samples).  A
 * history served by its index has each run's summaries, not its
 * samples, so this is run_same's rule on what the index keeps: the same
 * facts a history names a run by (host, date, label, commit: the date
 * is the run's start, to the second, so two real runs never share them
 * all) and the same summaries, bit for bit (each test's mean, variance,
 * degrees of freedom and samples, which the samples determine).
 */
/* SPDX-License-Identifier: MIT */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/* A run as sorted here; the history with it, as qsort has no argument. */
struct history_same_key {
	const struct history	*h;
	size_t			 run;
};

/* Two facts, either missing, compared. */
static int
history_same_str(const char *a, const char *b)
{
	return strcmp(a != NULL ? a : "", b != NULL ? b : "");
}

/* Two runs' facts compared: host, date, label, commit. */
static int
history_same_facts(const struct history_run *a, const struct history_run *b)
{
	int	c;

	if ((c = strcmp(a->host, b->host)) != 0 ||
	    (c = history_same_str(a->date, b->date)) != 0 ||
	    (c = history_same_str(a->label, b->label)) != 0)
		return c;
	return history_same_str(a->commit, b->commit);
}

/* qsort()'s order: the facts, then the file (the first copy is kept). */
static int
history_same_cmp(const void *pa, const void *pb)
{
	const struct history_same_key *x = pa, *y = pb;
	const struct history_run *a = &x->h->runs[x->run];
	const struct history_run *b = &x->h->runs[y->run];
	int			 c = history_same_facts(a, b);

	return c != 0 ? c : strcmp(a->path, b->path);
}

/* Whether two summaries hold the same figures, bit for bit. */
static int
history_same_sum(const struct history_sum *a, const struct history_sum *b)
{
	return strcmp(a->test, b->test) == 0 && a->version == b->version &&
	    a->copies == b->copies && strcmp(a->unit, b->unit) == 0 &&
	    memcmp(&a->mean, &b->mean, sizeof a->mean) == 0 &&
	    memcmp(&a->relvar, &b->relvar, sizeof a->relvar) == 0 &&
	    memcmp(&a->df, &b->df, sizeof a->df) == 0 && a->n == b->n;
}

/*
 * Whether runs a and b hold the same summaries: first[] and count[]
 * give each run's stretch of h->sums (a run's summaries are added
 * together; a run whose are not, count SIZE_MAX, is never a copy).
 */
static int
history_same_sums(const struct history *h, const size_t *first,
    const size_t *count, size_t a, size_t b)
{
	if (count[a] != count[b] || count[a] == SIZE_MAX)
		return 0;
	for (size_t i = 0; i < count[a]; i++)
		if (!history_same_sum(&h->sums[first[a] + i],
		    &h->sums[first[b] + i]))
			return 0;
	return 1;
}

/* Each run's stretch of h->sums: first[run], count[run]. */
static void
history_same_stretches(const struct history *h, size_t *first,
    size_t *count)
{
	for (size_t r = 0; r < h->nruns; r++)
		count[r] = 0;
	for (size_t i = 0; i < h->nsums; i++) {
		size_t	r = h->sums[i].run;

		if (count[r] == 0)
			first[r] = i;
		if (count[r] != SIZE_MAX)
			count[r] = first[r] + count[r] == i ? count[r] + 1 :
			    SIZE_MAX;
	}
}

/*
 * h->same[run]: the run it is a byte copy of (the first of its copies
 * by file name), or SIZE_MAX.  Call before the series are built.
 */
void
history_copies(struct history *h)
{
	struct history_same_key	*k = xcalloc(h->nruns + 1, sizeof *k);
	size_t			*first = xcalloc(h->nruns + 1, sizeof *first);
	size_t			*count = xcalloc(h->nruns + 1, sizeof *count);

	h->same = xcalloc(h->nruns + 1, sizeof *h->same);
	for (size_t r = 0; r < h->nruns; r++) {
		h->same[r] = SIZE_MAX;
		k[r] = (struct history_same_key){ h, r };
	}
	history_same_stretches(h, first, count);
	if (h->nruns > 1)
		qsort(k, h->nruns, sizeof *k, history_same_cmp);
	for (size_t i = 0; i < h->nruns; i++)
		for (size_t j = i + 1; j < h->nruns && history_same_facts(
		    &h->runs[k[i].run], &h->runs[k[j].run]) == 0; j++)
			if (h->same[k[j].run] == SIZE_MAX &&
			    h->same[k[i].run] == SIZE_MAX &&
			    history_same_sums(h, first, count, k[i].run,
			    k[j].run))
				h->same[k[j].run] = k[i].run;
	free(k);
	free(first);
	free(count);
}
