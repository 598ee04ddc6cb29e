/*
 * Scaling curves: what a test does as copies are added (run -c scale, or
 * any list of copies).  For each copies value N it derives, from the
 * sample rows alone, the throughput (all copies together), the rate of
 * one copy, the efficiency (the rate of a copy at N over the rate of the
 * one copy at N = 1) and the fairness (the slowest copy over the fastest,
 * in the worst sample), and draws the speedup as a text bar beside the
 * ideal, N times one copy.  The bar is plain ASCII so that it reads on a
 * VT100, and it is a table cell, so `show`, `compare` and the console
 * show the same plot.
 *
 * Seed 000 asked for it (McVoy's "forkstone": Dhrystone at 1, 2, 8 and 64
 * processes); UnixBench prints only the two ends, 1 and N copies.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SCALING_BAR	24	/* characters for the largest speedup */

struct scaling_point {
	int	copies;
	double	figure;		/* throughput, or a copy's cost (lower) */
	double	per_copy;	/* one copy's figure */
	double	speedup;	/* throughput over one copy's; NaN: no 1 */
	double	fair;		/* slowest copy / fastest, worst sample */
};

/*
 * The slowest copy over the fastest in the worst counted sample; NaN if
 * none.
 */
static double
scaling_fairness(const struct run *run, const struct run_group *g)
{
	double	worst = NAN, lo, hi;

	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->status != RUN_OK || s->per_copy == NULL ||
		    s->index == RUN_WARMUP ||
		    s->copies != g->copies || s->copies < 2 ||
		    strcmp(s->test, g->test) != 0)
			continue;
		lo = hi = s->per_copy[0];
		for (int k = 1; k < s->copies; k++) {
			lo = fmin(lo, s->per_copy[k]);
			hi = fmax(hi, s->per_copy[k]);
		}
		if (hi > 0 && (isnan(worst) || lo / hi < worst))
			worst = lo / hi;
	}
	return worst;
}

static int
scaling_by_copies(const void *a, const void *b)
{
	const struct scaling_point	*x = a, *y = b;

	return (x->copies > y->copies) - (x->copies < y->copies);
}

/*
 * The curve of test in run, sorted by copies, into *out (allocated);
 * returns the number of points with a figure.
 */
static size_t
scaling_curve(const struct run *run, const char *test,
    struct scaling_point **out)
{
	const struct run *const	 one[1] = { run };
	enum bench_dir		 dir = ident_dir(one, 1, test);
	struct run_group	*g;
	struct stats		 st;
	size_t			 ng = run_groups(run, &g), n = 0;
	double			 base = NAN;

	*out = xcalloc(ng + 1, sizeof **out);
	for (size_t i = 0; i < ng; i++) {
		struct scaling_point	*p = &(*out)[n];

		if (strcmp(g[i].test, test) != 0)
			continue;
		run_group_stats(run, &g[i], &st);
		if (st.n == 0)
			continue;
		p->copies = g[i].copies;
		p->figure = st.mean;
		/* A rate adds up over copies; a cost is a copy's already. */
		p->per_copy = dir == BENCH_LOWER ? st.mean :
		    st.mean / g[i].copies;
		p->fair = scaling_fairness(run, &g[i]);
		n++;
	}
	free(g);
	qsort(*out, n, sizeof **out, scaling_by_copies);
	for (size_t i = 0; i < n; i++)
		if ((*out)[i].copies == 1)
			base = (*out)[i].per_copy;
	for (size_t i = 0; i < n; i++) {
		struct scaling_point	*p = &(*out)[i];

		p->speedup = dir == BENCH_LOWER ? p->copies * base /
		    p->per_copy : p->copies * p->per_copy / base;
	}
	return n;
}

/*
 * The tests of run with figures at two copies values or more, in run
 * order.
 */
static size_t
scaling_tests(const struct run *run, const char ***out)
{
	struct run_group	*g;
	struct stats		 st;
	size_t			 ng = run_groups(run, &g), n = 0;

	*out = xcalloc(ng + 1, sizeof **out);
	for (size_t i = 0; i < ng; i++) {
		size_t	k, values = 0;

		for (k = 0; k < n && strcmp((*out)[k], g[i].test) != 0; k++)
			;
		if (k < n)
			continue;
		for (size_t j = 0; j < ng; j++) {
			if (strcmp(g[j].test, g[i].test) != 0)
				continue;
			run_group_stats(run, &g[j], &st);
			values += st.n > 0;
		}
		if (values >= 2)
			(*out)[n++] = g[i].test;
	}
	free(g);
	return n;
}

/*
 * The speedup as a bar: '#' up to it, '|' where the ideal (N) ends, or
 * '>' past the edge when the ideal lies beyond the scale.
 */
static void
scaling_bar(const struct scaling_point *p, double full, char *buf)
{
	size_t	w, ideal, end;

	buf[0] = '\0';
	if (isnan(p->speedup) || full <= 0)
		return;
	w = (size_t)(SCALING_BAR * p->speedup / full + 0.5);
	ideal = (size_t)(SCALING_BAR * p->copies / full + 0.5);
	if (w > SCALING_BAR)
		w = SCALING_BAR;
	end = ideal > SCALING_BAR ? SCALING_BAR + 1 : w > ideal ? w : ideal;
	memset(buf, ' ', end);
	memset(buf, '#', w);
	if (ideal > SCALING_BAR)
		buf[SCALING_BAR] = '>';
	else if (ideal > 0)
		buf[ideal - 1] = '|';
	buf[end] = '\0';
}

/* The bar's full width in speedup: the largest measured, or N up to 2x. */
static double
scaling_full(const struct scaling_point *p, size_t n)
{
	double	top = 0, ideal = 0;

	for (size_t i = 0; i < n; i++) {
		if (!isnan(p[i].speedup))
			top = fmax(top, p[i].speedup);
		ideal = fmax(ideal, p[i].copies);
	}
	return fmax(top, fmin(ideal, 2 * top));
}

static void
scaling_cell_ratio(struct table *t, size_t r, size_t c, double v,
    const char *fmt, double mul)
{
	if (isnan(v))
		table_set(t, r, c, "-");
	else
		table_set(t, r, c, fmt, v * mul);
}

static void
scaling_rows(struct table *t, const struct scaling_point *p, size_t n,
    enum bench_dir dir, int ncpu)
{
	double	full = scaling_full(p, n);
	char	v[32], bar[SCALING_BAR + 2];

	for (size_t i = 0; i < n; i++) {
		size_t	r = table_add_row(t);

		table_set(t, r, 0, "%d%s", p[i].copies,
		    p[i].copies == ncpu ? " *" : "");
		label_value(p[i].figure, v, sizeof v);
		table_set(t, r, 1, "%s", dir == BENCH_LOWER ? "-" : v);
		label_value(p[i].per_copy, v, sizeof v);
		table_set(t, r, 2, "%s", v);
		scaling_cell_ratio(t, r, 3, p[i].speedup / p[i].copies,
		    "%.0f%%", 100);
		scaling_cell_ratio(t, r, 4, p[i].fair, "%.2f", 1);
		scaling_bar(&p[i], full, bar);
		table_set(t, r, 5, "%s", bar);
	}
}

static int
scaling_ncpu(const struct run *run)
{
	const char	*v = run_meta_get(run, "cpus");
	long		 n;

	if (v == NULL || sm_parse_int(v, 1, RUN_MAX_COPIES, &n) != 0)
		return 0;
	return (int)n;
}

/*
 * Per test measured at two copies values or more: the curve as a table
 * and a plot; NULL when the run has no such test.
 */
struct table *
scaling_table(const struct run *run)
{
	const struct run *const	 one[1] = { run };
	const char		**tests;
	struct scaling_point	 *p;
	struct table		 *t;
	size_t			  nt = scaling_tests(run, &tests), n;
	int			  ncpu = scaling_ncpu(run);

	if (nt == 0) {
		free(tests);
		return NULL;
	}
	t = table_new("Scaling: each test as copies are added");
	table_add_col(t, "COPIES", TABLE_RIGHT);
	table_add_col(t, "THROUGHPUT", TABLE_RIGHT);
	table_add_col(t, "PER COPY", TABLE_RIGHT);
	table_add_col(t, "EFFIC.", TABLE_RIGHT);
	table_add_col(t, "FAIR", TABLE_RIGHT);
	table_add_col(t, "SPEEDUP (# measured, | ideal)", TABLE_LEFT);
	for (size_t i = 0; i < nt; i++) {
		enum bench_dir	dir = ident_dir(one, 1, tests[i]);

		n = scaling_curve(run, tests[i], &p);
		table_add_section(t, "%s (%s%s)", label_title_in(one, 1,
		    tests[i]), dir == BENCH_LOWER ? "a copy's cost, " : "",
		    run_test_unit(run, tests[i]));
		scaling_rows(t, p, n, dir, ncpu);
		free(p);
	}
	if (ncpu > 0)
		table_add_note(t, "* the CPU count (%d): past it, copies "
		    "share CPUs", ncpu);
	table_add_note(t, "EFFIC.: a copy's rate at N over the rate of one "
	    "copy alone; FAIR: the slowest copy over the fastest, worst "
	    "sample; SPEEDUP: throughput over one copy's, | at N times");
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	free(tests);
	return t;
}

/* The copies values any run measured test at, sorted, into out. */
static size_t
scaling_union(struct scaling_point **curve, const size_t *n, size_t nrun,
    int *out, size_t max)
{
	size_t	k = 0;

	for (size_t r = 0; r < nrun; r++)
		for (size_t i = 0; i < n[r]; i++) {
			size_t	j;

			for (j = 0; j < k && out[j] != curve[r][i].copies; j++)
				;
			if (j == k && k < max)
				out[k++] = curve[r][i].copies;
		}
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
			int	x = out[j];

			out[j] = out[j - 1];
			out[j - 1] = x;
		}
	return k;
}

static const struct scaling_point *
scaling_at(const struct scaling_point *p, size_t n, int copies)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].copies == copies)
			return &p[i];
	return NULL;
}

/* One test's rows: per copies value, each run's figure and efficiency. */
static void
scaling_compare_rows(struct table *t, struct scaling_point **curve,
    const size_t *n, size_t nrun)
{
	int	copies[64];
	size_t	nc = scaling_union(curve, n, nrun, copies, 64);
	char	v[32];

	for (size_t i = 0; i < nc; i++) {
		const struct scaling_point	*a, *b = NULL;
		size_t				 r = table_add_row(t);

		table_set(t, r, 0, "%d", copies[i]);
		for (size_t k = 0; k < nrun; k++) {
			if ((b = scaling_at(curve[k], n[k], copies[i])) ==
			    NULL) {
				table_set(t, r, 1 + 2 * k, "-");
				table_set(t, r, 2 + 2 * k, "-");
				continue;
			}
			label_value(b->figure, v, sizeof v);
			table_set(t, r, 1 + 2 * k, "%s", v);
			scaling_cell_ratio(t, r, 2 + 2 * k,
			    b->speedup / b->copies, "%.0f%%", 100);
		}
		a = scaling_at(curve[0], n[0], copies[i]);
		if (nrun == 2 && a != NULL && b != NULL && a->figure > 0)
			table_set(t, r, 5, "%.2f", b->figure / a->figure);
	}
}

/* The tests any of the runs has a curve for, each once, into *out. */
static size_t
scaling_tests_all(const struct run *const *runs, size_t nrun,
    const char ***out)
{
	size_t	n = 0, cap = 0;

	*out = NULL;
	for (size_t r = 0; r < nrun; r++) {
		const char	**t;
		size_t		  nt = scaling_tests(runs[r], &t);

		*out = xreallocarray(*out, cap += nt, sizeof **out);
		for (size_t i = 0; i < nt; i++) {
			size_t	k;

			for (k = 0; k < n && strcmp((*out)[k], t[i]); k++)
				;
			if (k == n)
				(*out)[n++] = t[i];
		}
		free(t);
	}
	return n;
}

/*
 * The curves of several runs side by side: per test that any of them
 * measured at two copies values or more, each run's figure and
 * efficiency per copies value, and with two runs their ratio.  NULL
 * when no run has a curve.
 */
struct table *
scaling_compare(const struct run *const *runs, const char *const *names,
    size_t nrun)
{
	struct scaling_point	**curve;
	const char		**tests;
	struct table		 *t;
	size_t			 *n, nt = scaling_tests_all(runs, nrun, &tests);

	if (nt == 0) {
		free(tests);
		return NULL;
	}
	curve = xcalloc(nrun, sizeof *curve);
	n = xcalloc(nrun, sizeof *n);
	t = table_new("Scaling curves side by side: the figure and the "
	    "efficiency at each copies value");
	table_add_col(t, "COPIES", TABLE_RIGHT);
	for (size_t k = 0; k < nrun; k++) {
		table_add_col(t, names[k], TABLE_RIGHT);
		table_add_col(t, "EFFIC.", TABLE_RIGHT);
	}
	if (nrun == 2)
		table_add_col(t, "RATIO", TABLE_RIGHT);
	for (size_t i = 0; i < nt; i++) {
		for (size_t k = 0; k < nrun; k++)
			n[k] = scaling_curve(runs[k], tests[i], &curve[k]);
		table_add_section(t, "%s", label_title_in(runs, nrun,
		    tests[i]));
		scaling_compare_rows(t, curve, n, nrun);
		for (size_t k = 0; k < nrun; k++)
			free(curve[k]);
	}
	if (nrun == 2)
		table_add_note(t, "RATIO: %s over %s", names[1], names[0]);
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	free(tests);
	free(curve);
	free(n);
	return t;
}
