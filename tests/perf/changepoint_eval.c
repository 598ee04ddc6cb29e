/*
 * sysmark's change-point search run over series read from stdin, for
 * tests/perf/changepoint_vs_otava.py: each series is a line "S id n"
 * then n lines "value relvar"; each answer a line "id at at ...".
 * Built against the core's objects (build/obj) by that script.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>

#include "../../src/core/core.h"

int
main(void)
{
	struct changepoint_opts		o;
	struct changepoint_result	r;
	double				*v, *rv;
	long				id;
	size_t				n;

	changepoint_opts_default(&o);
	while (scanf(" S %ld %zu", &id, &n) == 2) {
		v = xcalloc(n + 1, sizeof *v);
		rv = xcalloc(n + 1, sizeof *rv);
		for (size_t i = 0; i < n; i++)
			if (scanf("%lf %lf", &v[i], &rv[i]) != 2)
				return 2;
		changepoint_find(v, rv, n, &o, &r);
		printf("%ld", id);
		for (size_t i = 0; i < r.ncps; i++)
			printf(" %zu", r.cps[i].at);
		putchar('\n');
		changepoint_result_free(&r);
		free(v);
		free(rv);
	}
	return 0;
}
