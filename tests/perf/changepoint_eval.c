/*
 * sysmark's change-point search run over series read from stdin, for
 * tests/perf/changepoint_vs_otava.py: each series is a line "S id n"
 * then n lines "value relvar"; each answer a line "id at at ...".
 *   -v       each answer's line goes on with the series' noise as the
 *            search judged it ("rho R seen S disp D") and each change
 *            point's size, 95% interval and p-value
 *            ("at:size[lo,hi]p", in percent)
 *   -r RHO   the neighbours' correlation, given (default: each
 *            series' own)
 *   -p       the series are one host's: searched alone, then again with
 *            the correlation they show together where a series had
 *            taken another, as history does
 * Built against the core's objects (build/obj), as that script's head
 * says.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/core.h"

struct eval_series {
	long			 id;
	size_t			 n;
	double			*v;
	double			*rv;
	struct changepoint_result r;
};

/* The series of stdin; their count in *n. */
static struct eval_series *
eval_read(size_t *n)
{
	struct eval_series	*s = NULL;
	size_t			 cap = 0;
	long			 id;
	size_t			 len;

	*n = 0;
	while (scanf(" S %ld %zu", &id, &len) == 2) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			s = xreallocarray(s, cap, sizeof *s);
		}
		s[*n] = (struct eval_series){ .id = id, .n = len };
		s[*n].v = xcalloc(len + 1, sizeof *s[*n].v);
		s[*n].rv = xcalloc(len + 1, sizeof *s[*n].rv);
		for (size_t i = 0; i < len; i++)
			if (scanf("%lf %lf", &s[*n].v[i], &s[*n].rv[i]) != 2)
				exit(2);
		(*n)++;
	}
	return s;
}

static void
eval_print(const struct eval_series *s, int verbose)
{
	const struct changepoint_result *r = &s->r;

	printf("%ld", s->id);
	for (size_t i = 0; i < r->ncps; i++)
		printf(" %zu", r->cps[i].at);
	if (verbose) {
		printf(" rho %.3f seen %.3f disp %.3f", r->rho, r->rho_seen,
		    r->disp);
		for (size_t i = 0; i < r->ncps; i++)
			printf(" %zu:%+.1f[%+.1f,%+.1f]%.3f", r->cps[i].at,
			    100 * r->cps[i].size, 100 * r->cps[i].lo,
			    100 * r->cps[i].hi, r->cps[i].p);
	}
	putchar('\n');
}

int
main(int argc, char **argv)
{
	struct changepoint_opts		 o, po;
	struct changepoint_pool		 pool = { 0, 0 };
	struct eval_series		*s;
	size_t				 n;
	int				 verbose = 0, pooled = 0;

	changepoint_opts_default(&o);
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "-v") == 0)
			verbose = 1;
		else if (strcmp(argv[i], "-p") == 0)
			pooled = 1;
		else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
			o.rho = atof(argv[++i]);
	s = eval_read(&n);
	for (size_t i = 0; i < n; i++) {
		changepoint_find(s[i].v, s[i].rv, s[i].n, &o, &s[i].r);
		changepoint_pool_add(&pool, &s[i].r);
	}
	po = o;
	po.rho = changepoint_pool_rho(&pool);
	if (verbose && pooled)
		printf("pooled rho %.3f over %.0f pairs\n", po.rho, pool.pairs);
	for (size_t i = 0; i < n; i++) {
		if (pooled && changepoint_pool_differs(po.rho, &s[i].r)) {
			changepoint_result_free(&s[i].r);
			changepoint_find(s[i].v, s[i].rv, s[i].n, &po, &s[i].r);
		}
		eval_print(&s[i], verbose);
		changepoint_result_free(&s[i].r);
		free(s[i].v);
		free(s[i].rv);
	}
	free(s);
	return 0;
}
