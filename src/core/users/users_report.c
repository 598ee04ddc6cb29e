/*
 * The report of a users run (sysmark users, users.c): everything is
 * derived from the per-step histograms and the samples the run holds:
 * throughput, percentiles per step kind, the degradation against the
 * fewest users, the knee, and a text plot; several runs' response times
 * side by side; and each user count's percentiles for the HTML chart
 * (chart_users.c).
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "users.h"

#define USERS_BAR	36

/* ---- The report ---- */

struct users_point {
	int		users;
	double		steps;		/* per minute, all users */
	struct hist	*kind;		/* per step kind, merged samples */
	struct hist	 all;		/* every step */
};

/* The step kinds of the run's histograms, in order of appearance. */
static size_t
users_kinds(const struct run *run, const char **kinds, size_t max)
{
	size_t	n = 0, k;

	for (size_t i = 0; i < run->nhists; i++) {
		for (k = 0; k < n && strcmp(kinds[k], run->hists[i].step); k++)
			;
		if (k == n && n < max)
			kinds[n++] = run->hists[i].step;
	}
	return n;
}

static int
users_by_count(const void *a, const void *b)
{
	const struct users_point	*x = a, *y = b;

	return (x->users > y->users) - (x->users < y->users);
}

/* The throughput of the users test at u users: its mean; NaN if none. */
static double
users_steps(const struct run *run, int u)
{
	struct run_group	g = { USERS_TEST, u };
	struct stats		st;

	run_group_stats(run, &g, &st);
	return st.n > 0 ? st.mean : NAN;
}

/* Per user count, its throughput and merged histograms, sorted. */
static size_t
users_points(const struct run *run, const char **kinds, size_t nk,
    struct users_point **out)
{
	size_t	n = 0, j;

	*out = xcalloc(run->nhists + 1, sizeof **out);
	for (size_t i = 0; i < run->nhists; i++) {
		const struct run_hist	*rh = &run->hists[i];

		for (j = 0; j < n && (*out)[j].users != rh->copies; j++)
			;
		if (j == n) {
			(*out)[n].users = rh->copies;
			(*out)[n].steps = users_steps(run, rh->copies);
			(*out)[n].kind = xcalloc(nk, sizeof (struct hist));
			for (size_t k = 0; k < nk; k++)
				hist_init(&(*out)[n].kind[k]);
			hist_init(&(*out)[n].all);
			n++;
		}
		for (size_t k = 0; k < nk; k++)
			if (strcmp(kinds[k], rh->step) == 0)
				hist_merge(&(*out)[j].kind[k], &rh->h);
		hist_merge(&(*out)[j].all, &rh->h);
	}
	qsort(*out, n, sizeof **out, users_by_count);
	return n;
}

static void
users_points_free(struct users_point *p, size_t n, size_t nk)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < nk; k++)
			hist_free(&p[i].kind[k]);
		free(p[i].kind);
		hist_free(&p[i].all);
	}
	free(p);
}

/*
 * The knee: the user count past which the mean response time grows
 * faster than the throughput; 0 when it never does.
 */
static int
users_knee(const struct users_point *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++) {
		double	rt = hist_mean(&p[i + 1].all) / hist_mean(&p[i].all);
		double	tp = p[i + 1].steps / p[i].steps;

		if (rt > tp)
			return p[i].users;
	}
	return 0;
}

/* A time in nanoseconds with three significant digits and its unit. */
static void
users_fmt_time(double ns, char *buf, size_t len)
{
	static const struct {
		double		 div;
		const char	*unit;
	} u[] = { { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" }, { 1, "ns" } };
	size_t	i = 0;

	if (isnan(ns)) {
		snprintf(buf, len, "-");
		return;
	}
	while (i < 3 && ns < u[i].div)
		i++;
	if (ns / u[i].div >= 100 || i == 3)
		snprintf(buf, len, "%.0f%s", ns / u[i].div, u[i].unit);
	else
		snprintf(buf, len, "%#.3g%s", ns / u[i].div, u[i].unit);
}

static int
users_ncpu(const struct run *run)
{
	const char	*v = run_meta_get(run, "cpus");
	long		 n;

	return v != NULL && sm_parse_int(v, 1, INT_MAX, &n) == 0 ? (int)n : 0;
}

/* The users cell: the count, '*' at the CPU count, "knee" at the knee. */
static void
users_cell(struct table *t, size_t r, int users, int ncpu, int knee)
{
	table_set(t, r, 0, "%d%s%s", users, users == ncpu ? "*" : "",
	    users == knee ? " knee" : "");
}

/* b over a, or "-" when either is missing. */
static void
users_ratio(struct table *t, size_t r, size_t c, double b, double a)
{
	if (isnan(a) || isnan(b) || a <= 0)
		table_set(t, r, c, "-");
	else
		table_set(t, r, c, "%.2f", b / a);
}

static void
users_rows(struct table *t, const struct users_point *p, size_t n,
    const char **kinds, size_t nk, int ncpu)
{
	static const double	 q[] = { 0.5, 0.9, 0.99, 1 };
	int			 knee = users_knee(p, n);
	char			 v[32];

	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < nk; k++) {
			size_t	r = table_add_row(t);
			double	base = hist_quantile(&p[0].kind[k], 0.5);

			if (k == 0) {
				users_cell(t, r, p[i].users, ncpu, knee);
				label_value(p[i].steps, v, sizeof v);
				table_set(t, r, 1, "%s", v);
			}
			table_set(t, r, 2, "%s", kinds[k]);
			for (size_t j = 0; j < 4; j++) {
				users_fmt_time(hist_quantile(&p[i].kind[k],
				    q[j]), v, sizeof v);
				table_set(t, r, 3 + j, "%s", v);
			}
			users_ratio(t, r, 7, hist_quantile(&p[i].kind[k],
			    0.5), base);
		}
	}
}

/* The run's users report, or NULL when it has no response times. */
struct table *
users_table(const struct run *run)
{
	const char		*kinds[MIX_MAX_KINDS], *mix;
	struct users_point	*p;
	struct table		*t;
	char			 title[128];
	size_t			 nk = users_kinds(run, kinds, MIX_MAX_KINDS), n;
	int			 ncpu = users_ncpu(run);

	if (nk == 0)
		return NULL;
	n = users_points(run, kinds, nk, &p);
	mix = run_meta_get(run, "mix");
	snprintf(title, sizeof title, "Simulated users: mix %s, response "
	    "time per step", mix != NULL ? mix : "?");
	t = table_new(title);
	table_add_col(t, "USERS", TABLE_RIGHT);
	table_add_col(t, "STEPS/MIN", TABLE_RIGHT);
	table_add_col(t, "STEP", TABLE_LEFT);
	table_add_col(t, "MEDIAN", TABLE_RIGHT);
	table_add_col(t, "P90", TABLE_RIGHT);
	table_add_col(t, "P99", TABLE_RIGHT);
	table_add_col(t, "MAX", TABLE_RIGHT);
	table_add_col(t, "SLOWER", TABLE_RIGHT);
	users_rows(t, p, n, kinds, nk, ncpu);
	table_add_note(t, "STEPS/MIN: all users together; SLOWER: the "
	    "median against %d user%s; percentiles from histograms "
	    "within %.1f%%", p[0].users, p[0].users == 1 ? "" : "s",
	    100.0 / (2 * HIST_SUB));
	if (users_knee(p, n) > 0)
		table_add_note(t, "knee: past %d user%s the mean response "
		    "time grows faster than the throughput",
		    users_knee(p, n), users_knee(p, n) == 1 ? "" : "s");
	if (ncpu > 0)
		table_add_note(t, "* the CPU count (%d)", ncpu);
	if ((mix = run_meta_get(run, "mix.source")) != NULL)
		table_add_note(t, "mix source: %s", mix);
	table_fit(t, TABLE_TEXT_WIDTH, 2);
	users_points_free(p, n, nk);
	return t;
}

/*
 * Where a time lands on a bar of USERS_BAR characters, on a log scale
 * from lo (0 characters) to hi: response times spread over decades as
 * users are added (forkstone's 64 users wait 50 times longer).
 */
static size_t
users_pos(double v, double lo, double hi)
{
	return (size_t)(USERS_BAR * sm_log_frac(v, lo, hi) + 0.5);
}

/* '#' to the median, '=' on to the 90th percentile, '|' at the 99th. */
static void
users_bar(const struct hist *h, double lo, double hi, char *buf)
{
	size_t	med, p90, p99;

	buf[0] = '\0';
	if (h->count == 0)
		return;
	med = users_pos(hist_quantile(h, 0.5), lo, hi);
	p90 = users_pos(hist_quantile(h, 0.9), lo, hi);
	p99 = users_pos(hist_quantile(h, 0.99), lo, hi) + 1;
	if (p99 > USERS_BAR)
		p99 = USERS_BAR;
	memset(buf, ' ', p99);
	memset(buf, '=', p90 < p99 ? p90 : p99);
	memset(buf, '#', med < p99 ? med : p99);
	buf[p99 - 1] = '|';
	buf[p99] = '\0';
}

/*
 * The scale of a step kind's bars: from half its smallest median, so
 * that the fastest still shows, to its largest 99th percentile.
 */
static void
users_scale(const struct users_point *p, size_t n, size_t k, double *lo,
    double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i].kind[k].count == 0)
			continue;
		*lo = fmin(*lo, hist_quantile(&p[i].kind[k], 0.5) / 2);
		*hi = fmax(*hi, hist_quantile(&p[i].kind[k], 0.99));
	}
}

/* Response time against users, per step kind, as text bars. */
struct table *
users_plot(const struct run *run)
{
	const char		*kinds[MIX_MAX_KINDS];
	struct users_point	*p;
	struct table		*t;
	size_t			 nk = users_kinds(run, kinds, MIX_MAX_KINDS), n;
	int			 ncpu = users_ncpu(run), knee;
	char			 v[32], bar[USERS_BAR + 2];
	double			 lo, hi;

	if (nk == 0)
		return NULL;
	n = users_points(run, kinds, nk, &p);
	knee = users_knee(p, n);
	t = table_new("Response time against users: # to the median, = to "
	    "the 90th percentile, | at the 99th; log scale, per step");
	table_add_col(t, "USERS", TABLE_RIGHT);
	table_add_col(t, "MEDIAN", TABLE_RIGHT);
	table_add_col(t, "P99", TABLE_RIGHT);
	table_add_col(t, "", TABLE_LEFT);
	for (size_t k = 0; k < nk; k++) {
		users_scale(p, n, k, &lo, &hi);
		table_add_section(t, "%s", kinds[k]);
		for (size_t i = 0; i < n; i++) {
			size_t	r = table_add_row(t);

			users_cell(t, r, p[i].users, ncpu, knee);
			users_fmt_time(hist_quantile(&p[i].kind[k], 0.5), v,
			    sizeof v);
			table_set(t, r, 1, "%s", v);
			users_fmt_time(hist_quantile(&p[i].kind[k], 0.99), v,
			    sizeof v);
			table_set(t, r, 2, "%s", v);
			users_bar(&p[i].kind[k], lo, hi, bar);
			table_set(t, r, 3, "%s", bar);
		}
	}
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	users_points_free(p, n, nk);
	return t;
}

/* ---- Response times of several runs side by side ---- */

/* The user counts any of the runs has response times for, sorted. */
static size_t
users_counts(const struct run *const *runs, size_t nrun, int *out,
    size_t max)
{
	size_t	n = 0, j;

	for (size_t r = 0; r < nrun; r++)
		for (size_t i = 0; i < runs[r]->nhists; i++) {
			int	u = runs[r]->hists[i].copies;

			for (j = 0; j < n && out[j] != u; j++)
				;
			if (j == n && n < max)
				out[n++] = u;
		}
	for (size_t i = 1; i < n; i++)
		for (j = i; j > 0 && out[j - 1] > out[j]; j--) {
			int	x = out[j];

			out[j] = out[j - 1];
			out[j - 1] = x;
		}
	return n;
}

/* Every sample's response times of a step kind at u users, merged. */
static void
users_merged(const struct run *run, const char *kind, int u, struct hist *h)
{
	hist_init(h);
	for (size_t i = 0; i < run->nhists; i++)
		if (run->hists[i].copies == u &&
		    strcmp(run->hists[i].step, kind) == 0)
			hist_merge(h, &run->hists[i].h);
}

static void
users_compare_row(struct table *t, const struct run *const *runs,
    size_t nrun, const char *kind, int u)
{
	size_t	r = table_add_row(t);
	double	first = NAN, med = NAN;
	char	v[32];

	table_set(t, r, 0, "%d", u);
	table_set(t, r, 1, "%s", kind);
	for (size_t k = 0; k < nrun; k++) {
		struct hist	h;

		users_merged(runs[k], kind, u, &h);
		med = hist_quantile(&h, 0.5);
		if (k == 0)
			first = med;
		users_fmt_time(med, v, sizeof v);
		table_set(t, r, 2 + 2 * k, "%s", v);
		users_fmt_time(hist_quantile(&h, 0.99), v, sizeof v);
		table_set(t, r, 3 + 2 * k, "%s", v);
		hist_free(&h);
	}
	if (nrun == 2)
		users_ratio(t, r, 6, med, first);
}

/*
 * The response times of several users runs side by side: per user count
 * and step kind, each run's median and 99th percentile (recomputed from
 * the histograms), and with two runs the ratio of the medians.  NULL
 * when no run has response times.
 */
struct table *
users_compare(const struct run *const *runs, const char *const *names,
    size_t nrun)
{
	const char	*kinds[MIX_MAX_KINDS];
	struct table	*t;
	int		 counts[64];
	size_t		 nk = 0, nc = users_counts(runs, nrun, counts, 64);

	if (nc == 0)
		return NULL;
	for (size_t r = 0; r < nrun; r++) {
		const char	*more[MIX_MAX_KINDS];
		size_t		 nm = users_kinds(runs[r], more, MIX_MAX_KINDS);

		for (size_t i = 0; i < nm; i++) {
			size_t	j;

			for (j = 0; j < nk && strcmp(kinds[j], more[i]); j++)
				;
			if (j == nk && nk < MIX_MAX_KINDS)
				kinds[nk++] = more[i];
		}
	}
	t = table_new("Response times side by side: median and 99th "
	    "percentile per step");
	table_add_col(t, "USERS", TABLE_RIGHT);
	table_add_col(t, "STEP", TABLE_LEFT);
	for (size_t k = 0; k < nrun; k++) {
		table_add_col(t, names[k], TABLE_RIGHT);
		table_add_col(t, "P99", TABLE_RIGHT);
	}
	if (nrun == 2)
		table_add_col(t, "RATIO", TABLE_RIGHT);
	for (size_t i = 0; i < nc; i++)
		for (size_t k = 0; k < nk; k++)
			users_compare_row(t, runs, nrun, kinds[k], counts[i]);
	if (nrun == 2)
		table_add_note(t, "RATIO: the median of %s over that of %s",
		    names[1], names[0]);
	table_fit(t, TABLE_TEXT_WIDTH, 1);
	return t;
}

/* ---- For the report's chart (chart_users.c) ---- */

/*
 * Each user count's median, 90th and 99th percentile over every step, by
 * users, into *out (allocated); the knee as users_table() states it into
 * *knee (0: none).  Returns the number of user counts.
 */
size_t
users_curve(const struct run *run, struct users_pct **out, int *knee)
{
	const char		*kinds[MIX_MAX_KINDS];
	struct users_point	*p;
	size_t			 nk = users_kinds(run, kinds, MIX_MAX_KINDS), n;

	*knee = 0;
	*out = NULL;
	if (nk == 0)
		return 0;
	n = users_points(run, kinds, nk, &p);
	*knee = users_knee(p, n);
	*out = xcalloc(n + 1, sizeof **out);
	for (size_t i = 0; i < n; i++) {
		(*out)[i].users = p[i].users;
		(*out)[i].p50 = hist_quantile(&p[i].all, 0.5);
		(*out)[i].p90 = hist_quantile(&p[i].all, 0.9);
		(*out)[i].p99 = hist_quantile(&p[i].all, 0.99);
	}
	users_points_free(p, n, nk);
	return n;
}
