/*
 * "Comparison to best of the breed", as lmbench 1.0 printed it: for a set
 * of runs and baselines, the lmbench tables with each figure given as a
 * factor slower than the best (latencies) or a percentage of the best
 * (bandwidths), the best figure itself starred.  Which figure is best
 * follows the test's direction in the registry (or, for the baselines'
 * tests sysmark does not run, its unit).  Memory latencies of a run come
 * from its lat_mem_rd curve (memhier.c); the tests outside lmbench's four
 * tables follow in a fifth, one row per test.
 *
 * lmbench's rounding, checked against seed 001: factors to one decimal
 * below 10 and whole above; percentages truncated.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

struct best_col {
	const char	*test;
	const char	*header;
	const char	*level;		/* memhier level standing in, or NULL */
};

struct best_layout {
	const char		*title;
	const struct best_col	*cols;
	int			 guesses;	/* a last Guesses column */
};

static const struct best_col best_proc[] = {
	{ "lat_syscall", "Null Syscall", NULL },
	{ "lat_proc_fork", "Null Process", NULL },
	{ "lat_proc_exec", "Simple Process", NULL },
	{ "lat_proc_sh", "/bin/sh Process", NULL },
	{ "lat_mmap", "Mmap lat", NULL },
	{ "lat_ctx_2p0k", "2-proc ctxsw", NULL },
	{ "lat_ctx_8p0k", "8-proc ctxsw", NULL },
	{ NULL, NULL, NULL }
};

static const struct best_col best_comm[] = {
	{ "lat_pipe", "Pipe", NULL },
	{ "lat_udp", "UDP", NULL },
	{ "lat_rpc_udp", "RPC/UDP", NULL },
	{ "lat_tcp", "TCP", NULL },
	{ "lat_rpc_tcp", "RPC/TCP", NULL },
	{ NULL, NULL, NULL }
};

static const struct best_col best_bw[] = {
	{ "bw_pipe", "Pipe", NULL },
	{ "bw_tcp", "TCP", NULL },
	{ "bw_file_rd", "File reread", NULL },
	{ "bw_mmap_rd", "Mmap reread", NULL },
	{ "bw_mem_bcopy", "Bcopy (libc)", NULL },
	{ "bw_mem_cp", "Bcopy (hand)", NULL },
	{ "bw_mem_rd", "Mem read", NULL },
	{ "bw_mem_wr", "Mem write", NULL },
	{ NULL, NULL, NULL }
};

static const struct best_col best_mem[] = {
	{ "lat_mem_l1", "L1 $", "L1" },
	{ "lat_mem_l2", "L2 $", "L2" },
	{ "lat_mem_main", "Main mem", "main" },
	{ "lat_tlb", "TLB", NULL },
	{ NULL, NULL, NULL }
};

static const struct best_layout best_layouts[] = {
	{ "Processor, Processes - factor slower than the best", best_proc,
	    0 },
	{ "*Local* Communication latencies - factor slower than the best",
	    best_comm, 0 },
	{ "*Local* Communication bandwidths - percentage of the best",
	    best_bw, 0 },
	{ "Memory latencies in nanoseconds - factor slower than the best\n"
	    "(WARNING - may not be correct, check graphs)", best_mem, 1 },
};
#define BEST_NLAYOUTS	(sizeof best_layouts / sizeof best_layouts[0])

/*
 * Is more better for this test?  As the runs say (ident.c); a memory
 * level no run has as a test is a latency.
 */
static enum bench_dir
best_dir(const struct run *const *runs, size_t nrun, const char *test,
    const char *unit)
{
	if (unit == NULL && registry_find(test) == NULL)
		return BENCH_LOWER;
	return ident_dir(runs, nrun, test);
}

/* A run's figure for a column: its samples, else its memory curve. */
static double
best_figure(const struct run *run, const struct best_col *c)
{
	double	v = runset_figure(run, c->test, 1);

	if (isnan(v) && c->level != NULL)
		v = memhier_level_ns(run, c->level);
	return v;
}

/* The best figure among runs, in the test's direction; NaN if none. */
static double
best_of(const double *v, size_t n, enum bench_dir dir)
{
	double	best = NAN;

	for (size_t i = 0; i < n; i++) {
		if (isnan(v[i]) || v[i] <= 0)
			continue;
		if (isnan(best) || (dir == BENCH_LOWER ? v[i] < best :
		    v[i] > best))
			best = v[i];
	}
	return best;
}

/* A best figure as lmbench starred it: *3, *244, *1.9K. */
static void
best_starred(double v, char *buf, size_t len)
{
	if (v >= 1000)
		snprintf(buf, len, "*%.1fK", v / 1000);
	else if (v >= 10)
		snprintf(buf, len, "*%.0f", v);
	else
		snprintf(buf, len, "*%.2g", v);
}

/*
 * One cell: the best figure starred; a latency as the factor slower than
 * the best ("7.7", "37"); a bandwidth as the percentage of the best,
 * truncated ("89%"); "???" when there is no figure.
 */
void
best_cell(double v, double best, enum bench_dir dir, char *buf, size_t len)
{
	double	f;

	if (isnan(v) || v <= 0 || isnan(best)) {
		snprintf(buf, len, "???");
		return;
	}
	if (v == best) {
		best_starred(v, buf, len);
		return;
	}
	if (dir == BENCH_HIGHER) {
		snprintf(buf, len, "%.0f%%", floor(100 * v / best));
		return;
	}
	f = v / best;
	snprintf(buf, len, f < 9.95 ? "%.1f" : "%.0f", f);
}

/* Host, OS and Mhz of a run, as lmbench's first three columns. */
static void
best_host(struct table *t, size_t row, const struct run *run,
    const char *name)
{
	const char	*host = run_meta_get(run, "hostname");
	const char	*os = run_meta_get(run, "os");
	const char	*mhz = run_meta_get(run, "mhz");

	table_set(t, row, 0, "%s", name != NULL ? name : host != NULL ?
	    host : "?");
	table_set(t, row, 1, "%s", os != NULL ? os : "");
	table_set(t, row, 2, "%s", mhz != NULL ? mhz : "");
}

static struct table *
best_layout_table(const struct best_layout *l, const struct run *const *runs,
    const char *const *names, size_t nrun)
{
	struct table	*t = table_new(l->title);
	double		*v = xcalloc(nrun, sizeof *v), best;
	size_t		 ncol, r0;
	enum bench_dir	 dir;
	char		 cell[32];

	table_add_col(t, "Host", TABLE_LEFT);
	table_add_col(t, "OS", TABLE_LEFT);
	table_add_col(t, "Mhz", TABLE_RIGHT);
	for (ncol = 0; l->cols[ncol].test != NULL; ncol++)
		table_add_col(t, l->cols[ncol].header, TABLE_RIGHT);
	if (l->guesses)
		table_add_col(t, "Guesses", TABLE_LEFT);
	r0 = t->nrows;
	for (size_t r = 0; r < nrun; r++)
		best_host(t, table_add_row(t), runs[r], names[r]);
	for (size_t c = 0; c < ncol; c++) {
		const char	*unit = NULL;

		for (size_t r = 0; r < nrun; r++) {
			v[r] = best_figure(runs[r], &l->cols[c]);
			if (unit == NULL)
				unit = run_test_unit(runs[r], l->cols[c].test);
		}
		dir = best_dir(runs, nrun, l->cols[c].test, unit);
		best = best_of(v, nrun, dir);
		for (size_t r = 0; r < nrun; r++) {
			best_cell(v[r], best, dir, cell, sizeof cell);
			table_set(t, r0 + r, 3 + c, "%s", cell);
		}
	}
	for (size_t r = 0; l->guesses && r < nrun; r++) {
		const char	*g = run_meta_get(runs[r], "guesses");

		table_set(t, r0 + r, 3 + ncol, "%s", g != NULL ? g : "");
	}
	free(v);
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	return t;
}

/* Is the test one of the four lmbench tables' columns? */
static int
best_in_layouts(const char *test)
{
	for (size_t i = 0; i < BEST_NLAYOUTS; i++)
		for (const struct best_col *c = best_layouts[i].cols;
		    c->test != NULL; c++)
			if (strcmp(c->test, test) == 0)
				return 1;
	return 0;
}

/* Every other single-copy test of the runs: one row each. */
static struct table *
best_others(const struct run *const *runs, const char *const *names,
    size_t nrun)
{
	struct table		*t;
	struct run_group	*g;
	struct best_col		 col = { NULL, NULL, NULL };
	double			*v = xcalloc(nrun, sizeof *v), best;
	size_t			 ng, row;
	enum bench_dir		 dir;
	char			 cell[32];

	t = table_new("Other tests - latencies as factor slower than the "
	    "best, rates as percentage of the best");
	table_add_col(t, "Test", TABLE_LEFT);
	for (size_t r = 0; r < nrun; r++)
		table_add_col(t, names[r], TABLE_RIGHT);
	ng = runset_union(runs, nrun, &g);
	for (size_t i = 0; i < ng; i++) {
		if (g[i].copies != 1 || best_in_layouts(g[i].test))
			continue;
		col.test = g[i].test;
		for (size_t r = 0; r < nrun; r++)
			v[r] = best_figure(runs[r], &col);
		dir = best_dir(runs, nrun, g[i].test,
		    run_test_unit(runs[0], g[i].test));
		best = best_of(v, nrun, dir);
		row = table_add_row(t);
		table_set(t, row, 0, "%s", g[i].test);
		for (size_t r = 0; r < nrun; r++) {
			best_cell(v[r], best, dir, cell, sizeof cell);
			table_set(t, row, 1 + r, "%s", cell);
		}
	}
	free(g);
	free(v);
	table_fit(t, TABLE_TEXT_WIDTH, 0);
	return t;
}

/*
 * The best-of-the-breed tables of nrun runs labelled names[] (NULL for
 * a run's own host name): lmbench 1.0's four, then the other tests when
 * there are any.  Returns the count; *out is allocated, as each table.
 */
size_t
best_tables(const struct run *const *runs, const char *const *names,
    size_t nrun, struct table ***out)
{
	struct table	**v = xcalloc(BEST_NLAYOUTS + 1, sizeof *v);
	size_t		  n = 0;

	for (size_t i = 0; i < BEST_NLAYOUTS; i++)
		v[n++] = best_layout_table(&best_layouts[i], runs, names,
		    nrun);
	v[n] = best_others(runs, names, nrun);
	if (v[n]->nrows > 0)
		n++;
	else
		table_free(v[n]);
	*out = v;
	return n;
}
