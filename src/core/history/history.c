/*
 * A history: saved runs read as series, one per host, test, workload
 * version and copies, each run's figure with its own interval, ordered
 * by the run's start (or label, or recorded commit), and each series'
 * change points (changepoint.c).  Runs of another host, version or
 * copies count never join a series: their figures are not comparable.
 *
 * What a run brings is a summary (struct history_sum, one per test and
 * copies), so that the index (histindex.c) can hold it and a history of
 * thousands of runs is built without reading their files again.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE	/* MADV_HUGEPAGE */

#include <sys/mman.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history.h"

void
history_init(struct history *h)
{
	memset(h, 0, sizeof *h);
}

/*
 * A copy of a fact from a file, NULL kept, its control characters made
 * '?': tables and the console print it, and a terminal must not obey it.
 */
static char *
history_dup(const char *s)
{
	char	*d;

	if (s == NULL)
		return NULL;
	d = xstrdup(s);
	for (char *p = d; *p != '\0'; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = '?';
	return d;
}

/* Add a run's facts; its index. */
size_t
history_add_run(struct history *h, const char *path, const char *host,
    const char *date, const char *label, const char *commit)
{
	struct history_run	*r;

	if (h->nruns == h->caprun) {
		h->caprun = h->caprun ? 2 * h->caprun : 64;
		h->runs = xreallocarray(h->runs, h->caprun, sizeof *h->runs);
	}
	r = &h->runs[h->nruns];
	r->path = xstrdup(path);
	r->host = history_dup(host != NULL ? host : "unknown host");
	r->date = history_dup(date);
	r->label = history_dup(label);
	r->commit = history_dup(commit);
	r->start = rundate_parse(date);
	r->build = NULL;
	return h->nruns++;
}

/* The build that measured run (ident_build()), or none for NULL. */
void
history_run_build(struct history *h, size_t run, const char *build)
{
	free(h->runs[run].build);
	h->runs[run].build = build != NULL && build[0] != '\0' ?
	    history_dup(build) : NULL;
}

/*
 * Ask for huge pages under the summaries' array, which an index of
 * thousands of runs makes hundreds of MB: touched page by page, its
 * 4 KB faults took a fifth of a warm history's time (perf, 10,000 runs).
 * Only the 2 MB stretches wholly inside it, before they are touched.
 */
static void
history_huge(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	const uintptr_t	huge = (uintptr_t)2 << 20;
	uintptr_t	from = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t	to = ((uintptr_t)p + bytes) & ~(huge - 1);

	if (to > from)
		(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

/*
 * Room for runs more runs and sums more summaries, grown once: an index
 * brings a million summaries, and doubling them by one would copy them
 * again and again.
 */
void
history_reserve(struct history *h, size_t runs, size_t sums)
{
	if (h->nruns + runs > h->caprun) {
		h->caprun = h->nruns + runs;
		h->runs = xreallocarray(h->runs, h->caprun, sizeof *h->runs);
	}
	if (h->nsums + sums > h->capsum) {
		h->capsum = h->capsum ? h->capsum : 256;
		while (h->nsums + sums > h->capsum)
			h->capsum *= 2;
		h->sums = xreallocarray(h->sums, h->capsum, sizeof *h->sums);
		history_huge(h->sums, h->capsum * sizeof *h->sums);
	}
}

/* Add one summary; the caller fills it. */
struct history_sum *
history_add_sum(struct history *h)
{
	if (h->nsums == h->capsum) {
		h->capsum = h->capsum ? 2 * h->capsum : 256;
		h->sums = xreallocarray(h->sums, h->capsum, sizeof *h->sums);
	}
	memset(&h->sums[h->nsums], 0, sizeof *h->sums);
	return &h->sums[h->nsums++];
}

/*
 * A loaded run as a history run and its summaries: each test and copies
 * with figures, its mean and the relative variance of that mean.  A
 * mean of 0, below it or past a double's range is kept as it is:
 * history_build leaves it out of the search and says so, and the gate
 * judges it (a newest run whose figure collapsed is no run to drop).  A
 * noise profile (calibrate's) is no run of a history: 0, nothing added.
 */
int
history_add_loaded(struct history *h, const char *path, const struct run *run)
{
	struct run_group	*g;
	struct history_sum	*s;
	struct estimate		 e;
	struct ident		 id;
	size_t			 ng, r;

	if (run_meta_get(run, "kind") != NULL)
		return 0;
	r = history_add_run(h, path, run_meta_get(run, "hostname"),
	    run_meta_get(run, "date"), run_meta_get(run, "label"),
	    run_meta_get(run, "commit"));
	ng = run_groups(run, &g);
	if (ng > 0) {
		ident_test(run, g[0].test, &id);
		history_run_build(h, r, id.build);
	}
	for (size_t i = 0; i < ng; i++) {
		estimate_run(run, &g[i], &e);
		if (e.units == 0)
			continue;	/* no figure: nothing ran */
		s = history_add_sum(h);
		s->run = r;
		snprintf(s->test, sizeof s->test, "%s", g[i].test);
		ident_test(run, g[i].test, &id);
		s->version = runset_version(run, &g[i]);
		s->copies = g[i].copies;
		snprintf(s->unit, sizeof s->unit, "%s", id.unit);
		s->dir = id.dir == BENCH_LOWER ? 'l' : 'h';
		s->mean = e.mean;
		s->relvar = e.relvar;
		s->busy = e.flags.busy;
		s->df = e.df;
		s->n = e.n;
	}
	free(g);
	return 1;
}

/* Natural order: digits compared as numbers (v1.9 before v1.10). */
static int
history_natcmp(const char *a, const char *b)
{
	unsigned long long	x, y;
	char			*ea, *eb;

	while (*a != '\0' && *b != '\0') {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			x = strtoull(a, &ea, 10);
			y = strtoull(b, &eb, 10);
			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

/* The order being built: qsort has no argument, so one at a time. */
static const struct history	*history_sorting;

/* qsort()'s order of run indexes by commit, then start. */
static int
history_commit_cmp(const void *pa, const void *pb)
{
	const struct history_run *a = &history_sorting->runs[*(const size_t *)pa];
	const struct history_run *b = &history_sorting->runs[*(const size_t *)pb];
	int			 c = strcmp(a->commit != NULL ? a->commit : "",
				     b->commit != NULL ? b->commit : "");

	return c != 0 ? c : (a->start > b->start) - (a->start < b->start);
}

/*
 * Each run's commit's first start (its own start without a commit):
 * commits are ordered as they were first measured.
 */
static void
history_commit_firsts(struct history *h, size_t *idx)
{
	const char	*cur = NULL;
	long long	 first = 0;

	qsort(idx, h->nruns, sizeof *idx, history_commit_cmp);
	for (size_t i = 0; i < h->nruns; i++) {
		const struct history_run *r = &h->runs[idx[i]];

		if (r->commit == NULL) {
			h->commit_first[idx[i]] = r->start;
			continue;
		}
		if (cur == NULL || strcmp(cur, r->commit) != 0) {
			cur = r->commit;
			first = r->start;
		}
		h->commit_first[idx[i]] = first;
	}
}

static int
history_start_cmp(const struct history_run *a, const struct history_run *b)
{
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* qsort()'s order of run indexes, as history_sorting->by says. */
static int
history_order_cmp(const void *pa, const void *pb)
{
	const struct history	*h = history_sorting;
	const struct history_run *a = &h->runs[*(const size_t *)pa];
	const struct history_run *b = &h->runs[*(const size_t *)pb];
	int			 c = 0;

	if (h->by == HISTORY_BY_LABEL)
		c = history_natcmp(a->label != NULL ? a->label : "",
		    b->label != NULL ? b->label : "");
	else if (h->by == HISTORY_BY_COMMIT && a->commit != NULL &&
	    b->commit != NULL && strcmp(a->commit, b->commit) != 0) {
		long long ca = h->commit_first[*(const size_t *)pa];
		long long cb = h->commit_first[*(const size_t *)pb];

		c = ca < cb ? -1 : ca > cb ? 1 : strcmp(a->commit, b->commit);
	}
	return c != 0 ? c : history_start_cmp(a, b);
}

/* Each run's place in the order asked for: h->rank[run]. */
static void
history_order(struct history *h)
{
	size_t	*idx = xcalloc(h->nruns + 1, sizeof *idx);

	h->commit_first = xcalloc(h->nruns + 1, sizeof *h->commit_first);
	for (size_t i = 0; i < h->nruns; i++)
		idx[i] = i;
	history_sorting = h;
	if (h->by == HISTORY_BY_COMMIT)
		history_commit_firsts(h, idx);
	qsort(idx, h->nruns, sizeof *idx, history_order_cmp);
	history_sorting = NULL;
	h->rank = xcalloc(h->nruns + 1, sizeof *h->rank);
	for (size_t i = 0; i < h->nruns; i++)
		h->rank[idx[i]] = i;
	free(idx);
}

/* qsort()'s order of the summaries of one series: their runs' rank. */
static int
history_rank_cmp(const void *pa, const void *pb)
{
	const struct history	*h = history_sorting;
	size_t			 a = h->rank[((const struct history_sum *)pa)->run];
	size_t			 b = h->rank[((const struct history_sum *)pb)->run];

	return (a > b) - (a < b);
}

/* The build of summary s's run, "" when its run does not say. */
static const char *
history_build_of(const struct history *h, const struct history_sum *s)
{
	const char	*b = h->runs[s->run].build;

	return b != NULL ? b : "";
}

/*
 * A series' key (host, test, version, direction, build, copies) hashed
 * (FNV-1a): figures of another workload, direction or build are not
 * comparable, so they never join one series.
 */
static uint64_t
history_key_hash(const struct history *h, const struct history_sum *s)
{
	uint64_t	 x = 0xcbf29ce484222325ULL;
	const char	*p;

	for (p = h->runs[s->run].host; *p != '\0'; p++)
		x = (x ^ (unsigned char)*p) * 0x100000001b3ULL;
	for (p = s->test; *p != '\0'; p++)
		x = (x ^ (unsigned char)*p) * 0x100000001b3ULL;
	for (p = history_build_of(h, s); *p != '\0'; p++)
		x = (x ^ (unsigned char)*p) * 0x100000001b3ULL;
	x = (x ^ (uint64_t)(unsigned char)s->dir) * 0x100000001b3ULL;
	x = (x ^ (uint64_t)(unsigned)s->version) * 0x100000001b3ULL;
	return (x ^ (uint64_t)(unsigned)s->copies) * 0x100000001b3ULL;
}

/* Whether summaries a and b belong to one series. */
static int
history_same_key(const struct history *h, const struct history_sum *a,
    const struct history_sum *b)
{
	return a->version == b->version && a->copies == b->copies &&
	    a->dir == b->dir && strcmp(a->test, b->test) == 0 &&
	    strcmp(h->runs[a->run].host, h->runs[b->run].host) == 0 &&
	    strcmp(history_build_of(h, a), history_build_of(h, b)) == 0;
}

/* A test's place in the catalog, as every table lists tests; unknown last. */
static size_t
history_catalog_rank(const char *test)
{
	size_t	n = registry_count();

	for (size_t i = 0; i < n; i++)
		if (strcmp(registry_all[i]->id, test) == 0)
			return i;
	return n;
}

/* Which of two series began first: their first runs' places. */
static int
history_first_cmp(const struct history_series *a,
    const struct history_series *b)
{
	size_t	x = history_sorting->rank[a->sums[0].run];
	size_t	y = history_sorting->rank[b->sums[0].run];

	return (x > y) - (x < y);
}

/*
 * qsort()'s order of series: host, the catalog's, version, copies, and
 * the one begun first.
 */
static int
history_series_cmp(const void *pa, const void *pb)
{
	const struct history_series *a = pa, *b = pb;
	int			 c;

	if ((c = strcmp(a->host, b->host)) != 0)
		return c;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if ((c = strcmp(a->test, b->test)) != 0)
		return c;
	if (a->version != b->version)
		return a->version - b->version;
	if (a->copies != b->copies)
		return a->copies - b->copies;
	return history_first_cmp(a, b);
}

/* Whether series a and b hold one host's runs of one test. */
static int
history_same_test(const struct history_series *a,
    const struct history_series *b)
{
	return strcmp(a->test, b->test) == 0 && strcmp(a->host, b->host) == 0;
}

/*
 * Why series j is apart from the one its host's runs of its test and
 * copies measured before it (into other, was): the newest such series
 * begun before it.  They sit beside it, in the order of series.
 */
static void
history_mark_other(struct history *h, size_t j)
{
	struct history_series	*k = &h->series[j];
	const struct history_series *p, *was = NULL;
	size_t			 i = j;

	while (i > 0 && history_same_test(&h->series[i - 1], k))
		i--;
	for (; i < h->nseries && history_same_test(&h->series[i], k); i++) {
		p = &h->series[i];
		if (p == k || p->copies != k->copies ||
		    history_first_cmp(p, k) >= 0)
			continue;
		if (was == NULL || history_first_cmp(p, was) > 0)
			was = p;
	}
	if ((k->was = was) == NULL)
		return;
	k->other = was->version != k->version ? HISTORY_OTHER_VERSION :
	    was->dir != k->dir ? HISTORY_OTHER_DIR : HISTORY_OTHER_BUILD;
}

/*
 * Why a figure cannot join a series' search, or NULL when it can: a
 * search takes logarithms, and a run that measured 0, a negative figure
 * or one past a double's range (an overflowed mean) has none.
 */
const char *
history_figure_bad(double mean)
{
	if (isnan(mean))
		return "is not a number";
	if (!isfinite(mean))
		return "overflowed (past a double's range)";
	if (mean == 0)
		return "is 0";
	return mean < 0 ? "is negative" : NULL;
}

/* Whether a summary is asked for: since, the filter, not a copy's. */
static int
history_wanted(const struct history *h, const struct history_sum *s,
    const struct history_query *q)
{
	if (h->same != NULL && h->same[s->run] != SIZE_MAX)
		return 0;
	if (q->since > 0 && h->runs[s->run].start < q->since)
		return 0;
	return q->filter == NULL || filter_match(q->filter, s->test);
}

/* Whether a summary joins its series: asked for, its figure usable. */
static int
history_keep(const struct history *h, const struct history_sum *s,
    const struct history_query *q)
{
	return history_wanted(h, s, q) && history_figure_bad(s->mean) == NULL;
}

/* qsort()'s order of left-out summaries: their runs' rank. */
static int
history_left_cmp(const void *pa, const void *pb)
{
	const struct history	*h = history_sorting;
	size_t			 a = h->rank[((const struct history_left *)pa)->sum.run];
	size_t			 b = h->rank[((const struct history_left *)pb)->sum.run];

	return (a > b) - (a < b);
}

/*
 * The summaries asked for whose figure no search can take, kept in
 * h->left with the reason, in their runs' order: named, never dropped
 * without a word.
 */
static void
history_leave_out(struct history *h, const struct history_query *q)
{
	const char	*why;

	for (size_t i = 0; i < h->nsums; i++) {
		if (!history_wanted(h, &h->sums[i], q) ||
		    (why = history_figure_bad(h->sums[i].mean)) == NULL)
			continue;
		h->left = xreallocarray(h->left, h->nleft + 1,
		    sizeof *h->left);
		h->left[h->nleft].sum = h->sums[i];
		h->left[h->nleft++].why = why;
	}
	history_sorting = h;
	if (h->nleft > 1)
		qsort(h->left, h->nleft, sizeof *h->left, history_left_cmp);
	history_sorting = NULL;
}

/* The series summary s would join, or SIZE_MAX if there is none. */
size_t
history_series_of(const struct history *h, const struct history_sum *s)
{
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		if (k->version == s->version && k->copies == s->copies &&
		    strcmp(k->test, s->test) == 0 &&
		    strcmp(k->host, h->runs[s->run].host) == 0)
			return j;
	}
	return SIZE_MAX;
}

/* Start a new series whose summaries begin at s. */
static struct history_series *
history_new_series(struct history *h, struct history_sum *s)
{
	struct history_series	*k;
	const struct run	*none = NULL;
	const char		*build = h->runs[s->run].build;

	h->series = xreallocarray(h->series, h->nseries + 1,
	    sizeof *h->series);
	k = &h->series[h->nseries++];
	memset(k, 0, sizeof *k);
	k->host = h->runs[s->run].host;
	snprintf(k->test, sizeof k->test, "%s", s->test);
	snprintf(k->unit, sizeof k->unit, "%s", s->unit);
	k->version = s->version;
	k->copies = s->copies;
	k->rank = history_catalog_rank(s->test);
	/* A summary that does not say (a test's) has the catalog's. */
	k->dir = s->dir == 'l' ? BENCH_LOWER : s->dir == 'h' ? BENCH_HIGHER :
	    ident_dir(&none, 0, s->test);
	k->build = build;
	k->sums = s;
	return k;
}

/* The slot of summary s in the table: its series', or an empty one. */
static size_t
history_slot(const struct history *h, const size_t *slot, size_t cap,
    const size_t *first, const struct history_sum *s)
{
	size_t	at = history_key_hash(h, s) & (cap - 1);

	while (slot[at] != 0 && !history_same_key(h, &h->sums[first[slot[at] -
	    1]], s))
		at = (at + 1) & (cap - 1);
	return at;
}

/* The table twice as large, the series' first summaries hashed again. */
static size_t *
history_grow(const struct history *h, size_t *slot, size_t *cap,
    const size_t *first, size_t nser)
{
	free(slot);
	*cap *= 2;
	slot = xcalloc(*cap, sizeof *slot);
	for (size_t j = 0; j < nser; j++)
		slot[history_slot(h, slot, *cap, first, &h->sums[first[j]])] =
		    j + 1;
	return slot;
}

/*
 * Each kept summary's series, numbered as first met (id[i], or SIZE_MAX
 * for one not kept), through a hash table of the series' first
 * summaries; the count of series.  Counts each series' summaries.
 */
static size_t
history_group(struct history *h, const struct history_query *q, size_t *id,
    size_t **count)
{
	size_t	 cap = 64, nser = 0, *slot, *first = NULL, at;

	slot = xcalloc(cap, sizeof *slot);	/* series + 1; 0: empty */
	*count = NULL;
	for (size_t i = 0; i < h->nsums; i++) {
		id[i] = SIZE_MAX;
		if (!history_keep(h, &h->sums[i], q))
			continue;
		at = history_slot(h, slot, cap, first, &h->sums[i]);
		if (slot[at] == 0) {
			if (2 * (nser + 1) > cap) {
				slot = history_grow(h, slot, &cap, first, nser);
				at = history_slot(h, slot, cap, first,
				    &h->sums[i]);
			}
			first = xreallocarray(first, nser + 1, sizeof *first);
			*count = xreallocarray(*count, nser + 1,
			    sizeof **count);
			first[nser] = i;
			(*count)[nser] = 0;
			slot[at] = ++nser;
		}
		id[i] = slot[at] - 1;
		(*count)[id[i]]++;
	}
	free(slot);
	free(first);
	return nser;
}

/* Whether summaries s[0..n) are in their runs' order already. */
static int
history_in_rank(const struct history *h, const struct history_sum *s,
    size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (h->rank[s[i - 1].run] > h->rank[s[i].run])
			return 0;
	return 1;
}

/*
 * The kept summaries regrouped: a new array, each series' summaries
 * together (each placed straight into its series' stretch, in one pass
 * over the old array), in the runs' order; the series made over it.
 */
static void
history_regroup(struct history *h, const struct history_query *q)
{
	size_t			*id = xcalloc(h->nsums + 1, sizeof *id);
	size_t			*count, *off, nser, kept = 0;
	struct history_sum	*sums;

	nser = history_group(h, q, id, &count);
	off = xcalloc(nser + 1, sizeof *off);
	for (size_t j = 0; j < nser; j++) {
		off[j] = kept;
		kept += count[j];
	}
	sums = xreallocarray(NULL, kept + 1, sizeof *sums);
	history_huge(sums, (kept + 1) * sizeof *sums);
	for (size_t i = 0; i < h->nsums; i++)
		if (id[i] != SIZE_MAX)
			sums[off[id[i]]++] = h->sums[i];
	history_sorting = h;
	for (size_t j = 0, at = 0; j < nser; at += count[j++]) {
		if (!history_in_rank(h, sums + at, count[j]))
			qsort(sums + at, count[j], sizeof *sums,
			    history_rank_cmp);
		history_new_series(h, &sums[at])->n = count[j];
	}
	history_sorting = NULL;
	free(h->sums);
	h->sums = sums;
	h->nsums = h->capsum = kept;
	free(id);
	free(count);
	free(off);
}

/* Search series k but its newest drop runs for change points, as o asks. */
static void
history_find(const struct history_series *k, size_t drop,
    const struct changepoint_opts *o, struct changepoint_result *r)
{
	size_t	 n = k->n > drop ? k->n - drop : 0;
	double	*v = xcalloc(n, sizeof *v), *rv = xcalloc(n, sizeof *rv);

	for (size_t i = 0; i < n; i++) {
		v[i] = k->sums[i].mean;
		rv[i] = k->sums[i].relvar;
	}
	changepoint_find(v, rv, n, o, r);
	free(v);
	free(rv);
}

/*
 * Search one host's series [a, b), each without its newest drop[j - a]
 * runs (drop NULL: none), into r[j - a]: each alone, then again with the correlation of
 * neighbouring runs that all of them show together, where a series had
 * taken another (changepoint_pool_add): a host's slow minutes are every
 * test's, and one short series can barely tell its own correlation from
 * chance.
 */
void
history_search_host(const struct history *h, size_t a, size_t b,
    const size_t *drop, const struct history_query *q,
    struct changepoint_result **r)
{
	struct changepoint_pool	pool = { 0, 0 };
	struct changepoint_opts	o = q->cp;

	for (size_t j = a; j < b; j++) {
		history_find(&h->series[j], drop != NULL ? drop[j - a] : 0,
		    &q->cp, r[j - a]);
		changepoint_pool_add(&pool, r[j - a]);
	}
	o.rho = changepoint_pool_rho(&pool);
	for (size_t j = a; j < b; j++)
		if (changepoint_pool_differs(o.rho, r[j - a])) {
			changepoint_result_free(r[j - a]);
			history_find(&h->series[j], drop != NULL ? drop[j - a] :
			    0, &o, r[j - a]);
		}
}

/* The series [a, b) of one host after [0, a): b, or h->nseries. */
size_t
history_host_end(const struct history *h, size_t a)
{
	size_t	b = a + 1;

	while (b < h->nseries && strcmp(h->series[b].host,
	    h->series[a].host) == 0)
		b++;
	return b;
}

/*
 * Group the summaries into series and search each for change points,
 * as q asks.  Call once, after every run is added.
 */
void
history_build(struct history *h, const struct history_query *q)
{
	struct changepoint_result	**r;

	h->by = q->by;
	history_order(h);
	history_copies(h);
	history_leave_out(h, q);
	history_regroup(h, q);
	history_sorting = h;
	if (h->nseries > 0)
		qsort(h->series, h->nseries, sizeof *h->series,
		    history_series_cmp);
	for (size_t j = 0; j < h->nseries; j++)
		history_mark_other(h, j);
	history_sorting = NULL;
	for (size_t a = 0, b; a < h->nseries; a = b) {
		b = history_host_end(h, a);
		r = xcalloc(b - a, sizeof *r);
		for (size_t j = a; j < b; j++)
			r[j - a] = &h->series[j].cp;
		history_search_host(h, a, b, NULL, q, r);
		free(r);
	}
}

/* Whether a step is a slowdown for a test of direction dir. */
int
history_worse(const struct changepoint *cp, enum bench_dir dir)
{
	return dir == BENCH_LOWER ? cp->size > 0 : cp->size < 0;
}

/*
 * How a run is named in a history: its commit, label, or start to the
 * minute (2026-12-01 10:00), else its file.
 */
const char *
history_run_name(const struct history *h, size_t run, char *buf, size_t len)
{
	const struct history_run *r = &h->runs[run];

	if (h->by == HISTORY_BY_COMMIT && r->commit != NULL)
		return r->commit;
	if (h->by == HISTORY_BY_LABEL && r->label != NULL)
		return r->label;
	if (r->date != NULL && strlen(r->date) >= 16) {
		snprintf(buf, len, "%.10s %.5s", r->date, r->date + 11);
		return buf;
	}
	return r->date != NULL ? r->date : r->path;
}

void
history_free(struct history *h)
{
	for (size_t i = 0; i < h->nruns; i++) {
		free(h->runs[i].path);
		free(h->runs[i].host);
		free(h->runs[i].date);
		free(h->runs[i].label);
		free(h->runs[i].commit);
		free(h->runs[i].build);
	}
	for (size_t j = 0; j < h->nseries; j++)
		changepoint_result_free(&h->series[j].cp);
	free(h->runs);
	free(h->sums);
	free(h->series);
	free(h->rank);
	free(h->commit_first);
	free(h->same);
	free(h->left);
	memset(h, 0, sizeof *h);
}
