/*
 * The memory hierarchy, read off the memory-latency curve: the
 * lat_mem_rd@SIZE samples of a run make the curve (size -> ns per load),
 * its plateaus are the cache levels and main memory, and the curve is
 * drawn as a plain-text plot beside the cache sizes the system reported
 * (sysinfo records them as cache.L1d and so on).  lmbench 1.0 printed
 * its guesses with "WARNING - may not be correct, check graphs"; here the
 * graph always comes with them.  Nothing derived is stored in a run: the
 * levels are recomputed from the samples whenever they are shown.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

#define MEMHIER_PREFIX	"lat_mem_rd@"
/* Neighbours closer than this ratio lie on one plateau. */
#define MEMHIER_FLAT	1.20
/* Plateaus closer than this ratio are one level. */
#define MEMHIER_SAME	1.30
#define MEMHIER_BAR	50	/* widest bar of the plot, in characters */

/* "64K" -> 65536; 0 if it is not a size. */
double
memhier_parse_size(const char *s)
{
	char	*end;
	double	 v = strtod(s, &end);

	if (end == s || v <= 0)
		return 0;
	if (*end == 'K')
		v *= 1024, end++;
	else if (*end == 'M')
		v *= 1024 * 1024, end++;
	else if (*end == 'G')
		v *= 1024.0 * 1024 * 1024, end++;
	return *end == '\0' ? v : 0;
}

/* 65536 -> "64K". */
void
memhier_format_size(double v, char *buf, size_t len)
{
	if (v >= 1024.0 * 1024 * 1024)
		snprintf(buf, len, "%gG", v / (1024.0 * 1024 * 1024));
	else if (v >= 1024 * 1024)
		snprintf(buf, len, "%gM", v / (1024 * 1024));
	else if (v >= 1024)
		snprintf(buf, len, "%gK", v / 1024);
	else
		snprintf(buf, len, "%g", v);
}

static int
memhier_point_cmp(const void *a, const void *b)
{
	const struct memhier_point	*x = a, *y = b;

	return (x->size > y->size) - (x->size < y->size);
}

/*
 * The curve of a run: the mean of each lat_mem_rd@SIZE group that has a
 * figure (stride variants, lat_mem_rd@SIZE/sN, are not on it), by size.
 * Returns the number of points; *out is allocated (NULL when none).
 */
size_t
memhier_curve(const struct run *run, struct memhier_point **out)
{
	struct run_group	*g;
	struct memhier_point	*p = NULL;
	size_t			 ng, n = 0;
	double			 size, ns;

	ng = run_groups(run, &g);
	for (size_t i = 0; i < ng; i++) {
		if (g[i].copies != 1 || strncmp(g[i].test, MEMHIER_PREFIX,
		    strlen(MEMHIER_PREFIX)) != 0)
			continue;
		size = memhier_parse_size(g[i].test + strlen(MEMHIER_PREFIX));
		ns = runset_figure(run, g[i].test, 1);
		/* A latency of 0 or less has no place on a log scale. */
		if (!(size > 0) || !isfinite(size) || !(ns > 0) ||
		    !isfinite(ns))
			continue;
		p = xreallocarray(p, n + 1, sizeof *p);
		p[n].size = size;
		p[n++].ns = ns;
	}
	free(g);
	if (n > 0)
		qsort(p, n, sizeof *p, memhier_point_cmp);
	*out = p;
	return n;
}

static double
memhier_median(const struct memhier_point *p, size_t from, size_t to)
{
	double	*v = xcalloc(to - from, sizeof *v);
	struct stats	st;

	for (size_t i = from; i < to; i++)
		v[i - from] = p[i].ns;
	stats_compute(v, to - from, &st);
	free(v);
	return st.median;
}

/* Add a plateau, or widen the last one if it is the same level. */
static void
memhier_add(struct memhier_level *lv, size_t *n, size_t max,
    const struct memhier_point *p, size_t from, size_t to)
{
	double	ns = memhier_median(p, from, to);

	if (*n > 0 && ns / lv[*n - 1].ns < MEMHIER_SAME) {
		lv[*n - 1].to = p[to - 1].size;
		return;
	}
	if (*n == max)
		return;
	lv[*n].ns = ns;
	lv[*n].from = p[from].size;
	lv[*n].to = p[to - 1].size;
	(*n)++;
}

/*
 * Name the levels: L1, L2, ... and "main".  Main memory is the last
 * level, or, when the system said how many caches it has, the first level
 * past them; the levels after that one are "main+": latency still
 * climbing past the caches, as TLB misses grow (lmbench's TLB column).
 */
static void
memhier_name(struct memhier_level *lv, size_t n, size_t ncaches)
{
	size_t	main = n - 1;

	if (ncaches > 0 && ncaches < n)
		main = ncaches;
	for (size_t i = 0; i < n; i++) {
		if (i == main && n > 1)
			snprintf(lv[i].name, sizeof lv[i].name, "main");
		else if (i > main)
			snprintf(lv[i].name, sizeof lv[i].name, "main+");
		else
			snprintf(lv[i].name, sizeof lv[i].name, "L%d",
			    (int)i + 1);
	}
}

/*
 * The levels of a curve sorted by size: runs of two or more neighbours
 * within MEMHIER_FLAT of each other are plateaus, points between them
 * are transitions and belong to none.  The largest size always stands for
 * main memory: if it is on no plateau (latency still climbing as the TLB
 * misses grow), it makes one of its own.  ncaches is how many data
 * caches the system reports, 0 if unknown (see memhier_name()).  Returns
 * the number of levels (at most max), named L1, L2, ..., main, main+.
 */
size_t
memhier_levels(const struct memhier_point *p, size_t np, size_t ncaches,
    struct memhier_level *lv, size_t max)
{
	size_t	n = 0, start = 0;

	if (np == 0 || max == 0)
		return 0;
	for (size_t i = 1; i <= np; i++) {
		if (i < np && p[i].ns / p[i - 1].ns < MEMHIER_FLAT &&
		    p[i - 1].ns / p[i].ns < MEMHIER_FLAT)
			continue;
		if (i - start >= 2 || i == np)
			memhier_add(lv, &n, max, p, start, i);
		start = i;
	}
	memhier_name(lv, n, ncaches);
	return n;
}

/*
 * Name the levels again by the data-cache sizes the system reports (bytes,
 * L1 first), keeping a name only where the curve and the sizes agree: a
 * plateau is L<k> when cache k ends between its last size and the next
 * plateau's first; the last plateau, which the curve calls main memory,
 * is "main" only when it starts past every cache (and later ones
 * "main+").  A plateau the two disagree on is named by position alone,
 * "level N": a page walk on top of main memory is not an L3 because a
 * virtual machine reports a huge L3.
 */
void
memhier_name_by_sizes(struct memhier_level *lv, size_t n,
    const double *cache, size_t nc)
{
	int	seen_main = 0;

	for (size_t i = 0; i < n && nc > 0; i++) {
		snprintf(lv[i].name, sizeof lv[i].name, "level %d",
		    (int)(i % 99) + 1);
		if (lv[i].from > cache[nc - 1]) {
			snprintf(lv[i].name, sizeof lv[i].name, "%s",
			    seen_main ? "main+" : "main");
			seen_main = 1;
			continue;
		}
		/* The last is main to the curve; the sizes say a cache. */
		if (i == n - 1)
			continue;
		for (size_t k = 0; k < nc; k++)
			if (cache[k] >= lv[i].to && cache[k] < lv[i + 1].from)
				snprintf(lv[i].name, sizeof lv[i].name, "L%d",
				    (int)(k % 9) + 1);
	}
}

static size_t	memhier_ncaches(const struct run *);
static size_t	memhier_cache_sizes(const struct run *, double *);

/* The run's levels, named by its reported cache sizes when it has any. */
size_t
memhier_run_levels(const struct run *run, const struct memhier_point *p,
    size_t np, struct memhier_level *lv, size_t max)
{
	double	cache[4];
	size_t	n = memhier_levels(p, np, memhier_ncaches(run), lv, max);

	memhier_name_by_sizes(lv, n, cache, memhier_cache_sizes(run, cache));
	return n;
}

/* The run's level of that name ("L1", "L2", "main"), or NaN. */
double
memhier_level_ns(const struct run *run, const char *name)
{
	struct memhier_point	*p;
	struct memhier_level	 lv[8];
	size_t			 np, n;
	double			 v = NAN;

	np = memhier_curve(run, &p);
	n = memhier_run_levels(run, p, np, lv, 8);
	free(p);
	for (size_t i = 0; i < n; i++)
		if (strcmp(lv[i].name, name) == 0)
			v = lv[i].ns;
	return v;
}

static const char *const memhier_caches[] = { "L1d", "L2", "L3", "L4" };
#define MEMHIER_NCACHES	(sizeof memhier_caches / sizeof memhier_caches[0])

/* Append to a line, truncating quietly. */
static void
memhier_cat(char *buf, size_t len, const char *piece)
{
	size_t	n = strlen(buf);

	if (n < len)
		snprintf(buf + n, len - n, "%s", piece);
}

/* The size of a cache the run's system reported ("L2"), or NULL. */
static const char *
memhier_sys_cache(const struct run *run, const char *name)
{
	char	key[32];

	snprintf(key, sizeof key, "cache.%s", name);
	return run_meta_get(run, key);
}

/* How many data caches the run's system reported; 0 if none. */
static size_t
memhier_ncaches(const struct run *run)
{
	size_t	n = 0;

	for (size_t i = 0; i < MEMHIER_NCACHES; i++)
		n += memhier_sys_cache(run, memhier_caches[i]) != NULL;
	return n;
}

/* The data caches' sizes in bytes, L1 first, into cache[4]; how many. */
static size_t
memhier_cache_sizes(const struct run *run, double *cache)
{
	const char	*v;
	size_t		 n = 0;

	for (size_t i = 0; i < MEMHIER_NCACHES; i++)
		if ((v = memhier_sys_cache(run, memhier_caches[i])) != NULL &&
		    (cache[n] = memhier_parse_size(v)) > 0)
			n++;
	return n;
}

/* The cache sizes the run's system reported, as one line. */
static void
memhier_sys_note(const struct run *run, struct table *t)
{
	char		 line[256] = "";
	const char	*v;
	const char	*const *keys = memhier_caches;

	for (size_t i = 0; i < MEMHIER_NCACHES; i++) {
		if ((v = memhier_sys_cache(run, keys[i])) == NULL)
			continue;
		char	piece[64];

		snprintf(piece, sizeof piece, "%s%s %s", line[0] != '\0' ?
		    ", " : "", keys[i], v);
		memhier_cat(line, sizeof line, piece);
	}
	v = run_meta_get(run, "cache.source");
	table_add_note(t, "Caches as the system reports them%s%s%s: %s",
	    v != NULL ? " (" : "", v != NULL ? v : "", v != NULL ? ")" : "",
	    line[0] != '\0' ? line : "not recorded");
}

static void
memhier_levels_note(const struct run *run, const struct memhier_point *p,
    size_t np, struct table *t)
{
	struct memhier_level	lv[8];
	char			line[512] = "", a[16], b[16], piece[400];
	size_t			n;

	n = memhier_run_levels(run, p, np, lv, 8);
	for (size_t i = 0; i < n; i++) {
		memhier_format_size(lv[i].from, a, sizeof a);
		memhier_format_size(lv[i].to, b, sizeof b);
		snprintf(piece, sizeof piece, "%s%s %.3g ns (%s-%s)", i > 0 ?
		    ", " : "", lv[i].name, lv[i].ns, a, b);
		memhier_cat(line, sizeof line, piece);
	}
	table_add_note(t, "Levels read off the plateaus: %s",
	    n > 0 ? line : "none");
}

/* A bar on a log scale: lo..hi spread over MEMHIER_BAR characters. */
static void
memhier_bar(double ns, double lo, double hi, char *buf, size_t len)
{
	size_t	w = 1 + (size_t)((MEMHIER_BAR - 1) * sm_log_frac(ns, lo, hi) +
		    0.5);

	if (w >= len)
		w = len - 1;
	memset(buf, '#', w);
	buf[w] = '\0';
}

/* Mark where a reported cache ends, between sizes prev and cur. */
static void
memhier_marks(const struct run *run, double prev, double cur,
    struct table *t)
{
	const char	*v;
	double		 size;

	for (size_t i = 0; i < MEMHIER_NCACHES; i++) {
		if ((v = memhier_sys_cache(run, memhier_caches[i])) == NULL ||
		    (size = memhier_parse_size(v)) <= 0)
			continue;
		if (prev > 0 && size >= prev && size < cur)
			table_add_section(t, "---- %s ends at %s (as the "
			    "system reports) ----", memhier_caches[i], v);
	}
}

/*
 * The memory-latency curve as a plot: one row per size, a bar on a log
 * scale, the derived levels and the system's cache sizes as notes.
 * NULL when the run has no lat_mem_rd@SIZE figures.
 */
struct table *
memhier_plot(const struct run *run)
{
	struct memhier_point	*p;
	struct table		*t;
	size_t			 np, r;
	double			 lo, hi;
	char			 size[16], bar[MEMHIER_BAR + 2];

	if ((np = memhier_curve(run, &p)) == 0)
		return NULL;
	lo = hi = p[0].ns;
	for (size_t i = 1; i < np; i++) {
		lo = fmin(lo, p[i].ns);
		hi = fmax(hi, p[i].ns);
	}
	t = table_new("Memory read latency (lat_mem_rd, fixed stride 128 on"
	    "), ns per load; log scale");
	table_add_col(t, "SIZE", TABLE_RIGHT);
	table_add_col(t, "NS", TABLE_RIGHT);
	table_add_col(t, "", TABLE_LEFT);
	for (size_t i = 0; i < np; i++) {
		memhier_marks(run, i > 0 ? p[i - 1].size : 0, p[i].size, t);
		r = table_add_row(t);
		memhier_format_size(p[i].size, size, sizeof size);
		table_set(t, r, 0, "%s", size);
		table_set(t, r, 1, "%.3g", p[i].ns);
		memhier_bar(p[i].ns, lo, hi, bar, sizeof bar);
		table_set(t, r, 2, "%s", bar);
	}
	memhier_levels_note(run, p, np, t);
	memhier_sys_note(run, t);
	table_fit(t, TABLE_TEXT_WIDTH, 2);
	free(p);
	return t;
}
