/*
 * A host-wide shift: several unrelated tests moving together between the
 * two sides of a comparison (issue 51).  On a shared VM the host itself
 * moves for minutes at a time (a neighbour, the clock, the hypervisor),
 * and then tests that share nothing (a memory read, a file copy, a
 * process spawn) get slower or faster as one; each line's verdict then
 * blames what was changed for what the host did.  Such a shift is named
 * whatever the verdicts say: with the drift term (judge_drift) the lines
 * may all be "same", and still the reader should know that the host
 * moved, and by how much.
 *
 * The rule, on the lines compare ranks (one build, one direction):
 *  - a line moved when its change exceeds both twice its own standard
 *    error and SHIFT_MIN: the point estimate, not the verdict, so that a
 *    widened interval does not hide the move;
 *  - the moved lines one way number at least SHIFT_TESTS, from at least
 *    two catalog groups (tests of no catalog group, commands and imports,
 *    count as one group), and are at least half the ranked lines;
 *  - the changes of all ranked lines, one observation a test, have a
 *    mean away from zero by Student's t at COMPARE_ALPHA: tests that
 *    scatter both ways are noise, not a shift.
 * Its size is the median change of the moved tests, with their range.
 * doc/statistics.md, "Drift", says why and how it was checked.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* The catalog group of a test; commands and imports share one. */
static const char *
shift_group(const char *test)
{
	const struct bench	*b = registry_find(test);

	return b != NULL && b->group != NULL ? b->group : "";
}

/* Whether line l moved beyond its own noise; its way, +1 or -1, or 0. */
static int
shift_moved(const struct bmdiff_line *l)
{
	double	var = 0, se;

	for (int k = 0; k < 2; k++)
		if (isfinite(l->e[k].relvar) && l->e[k].relvar > 0)
			var += l->e[k].relvar;
	se = sqrt(var);
	if (!isfinite(l->gain) || fabs(l->gain) <= fmax(2 * se,
	    log1p(SHIFT_MIN)))
		return 0;
	return l->gain > 0 ? 1 : -1;
}

static int
shift_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Student's t of the ranked lines' gains against zero: its p, or 1. */
static double
shift_p(const double *g, size_t n)
{
	double	m = 0, ss = 0;

	if (n < SHIFT_TESTS)
		return 1;
	for (size_t i = 0; i < n; i++)
		m += g[i];
	m /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (g[i] - m) * (g[i] - m);
	if (ss <= 0)
		return m != 0 ? 0 : 1;
	return tdist_twosided(m / sqrt(ss / (double)(n - 1) / (double)n),
	    (double)n - 1);
}

/* How many distinct groups the tests of the moved lines come from. */
static size_t
shift_groups(const struct bmdiff_line *l, const size_t *idx, size_t n)
{
	size_t	groups = 0;

	for (size_t i = 0; i < n; i++) {
		const char	*g = shift_group(l[idx[i]].g.test);
		size_t		 j;

		for (j = 0; j < i; j++)
			if (strcmp(shift_group(l[idx[j]].g.test), g) == 0)
				break;
		groups += j == i;
	}
	return groups;
}

/* The moved lines of way w: their size, median and range, into sh. */
static void
shift_size(const struct bmdiff_line *l, const size_t *idx, size_t n,
    struct host_shift *sh)
{
	double	*v = xcalloc(n, sizeof *v);

	for (size_t i = 0; i < n; i++)
		v[i] = l[idx[i]].gain;
	qsort(v, n, sizeof *v, shift_cmp);
	sh->median = expm1(n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
	sh->lo = expm1(v[0]);
	sh->hi = expm1(v[n - 1]);
	free(v);
}

/*
 * Look for a host-wide shift among the n lines; sh says what was found
 * (sh->found 0: none).  sh->median, lo and hi are changes in the better
 * direction as each line has it (> 0: the new side was faster).
 */
void
shift_find(const struct bmdiff_line *l, size_t n, struct host_shift *sh)
{
	double	*g = xcalloc(n + 1, sizeof *g);
	size_t	*up = xcalloc(n + 1, sizeof *up), *down = xcalloc(n + 1,
		    sizeof *down), nup = 0, ndown = 0, *way;

	memset(sh, 0, sizeof *sh);
	for (size_t i = 0; i < n; i++) {
		int	m;

		if (l[i].kind != BMDIFF_RANKED || !isfinite(l[i].gain))
			continue;
		g[sh->ranked++] = l[i].gain;
		if ((m = shift_moved(&l[i])) > 0)
			up[nup++] = i;
		else if (m < 0)
			down[ndown++] = i;
	}
	sh->way = nup >= ndown ? 1 : -1;
	way = sh->way > 0 ? up : down;
	sh->moved = sh->way > 0 ? nup : ndown;
	sh->p = shift_p(g, sh->ranked);
	if (sh->moved >= SHIFT_TESTS && 2 * sh->moved >= sh->ranked &&
	    sh->p < COMPARE_ALPHA &&
	    (sh->groups = shift_groups(l, way, sh->moved)) >= 2) {
		sh->found = 1;
		shift_size(l, way, sh->moved, sh);
	}
	free(g);
	free(up);
	free(down);
}

/* The shift in words, for a note or a headline; "" when none. */
void
shift_str(const struct host_shift *sh, char *buf, size_t len)
{
	buf[0] = '\0';
	if (len == 0 || !sh->found)
		return;
	snprintf(buf, len, "Host-wide shift: %zu of %zu tests, from %zu "
	    "groups, moved together on the new side, %s by %.1f%% (the "
	    "median; %.1f%% to %.1f%%).  Tests that share nothing moving as "
	    "one point at the host (its load, clock or neighbours) more than "
	    "at what was changed, unless that touches every test (a kernel, "
	    "the hardware): repeat both sides at another time, and keep "
	    "saved runs so that compare can measure drift "
	    "(doc/statistics.md).", sh->moved, sh->ranked, sh->groups,
	    sh->way > 0 ? "faster" : "slower", 100 * fabs(sh->median),
	    100 * fmin(fabs(sh->lo), fabs(sh->hi)),
	    100 * fmax(fabs(sh->lo), fabs(sh->hi)));
}
