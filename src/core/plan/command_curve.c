/*
 * The parameter scans a run holds (run -x 'CMD {n}' -P n 1 8, -L n
 * 1,2,4): each test of a scan recorded its value as command_param.ID
 * ("n=4") and is named NAME-VALUE, so the tests of one scan are those
 * whose name, less "-VALUE", and parameter agree.  A scan of one
 * numeric parameter is a curve, figure against value, which `show`, the
 * report and the console draw as the scaling curves are; a scan of
 * several parameters, or of words, has no one axis and is left a list.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

#define COMMAND_CURVE_META	"command_param."

/*
 * The point a meta entry gives: its test, parameter, the test's name
 * less "-VALUE" and the value; 0 if it is no point of a one-parameter
 * numeric scan.
 */
static int
command_curve_point(const struct run_meta *m, const char **test,
    char *name, char *base, double *x)
{
	const char	*eq, *v;
	size_t		 tl, vl;

	if (strncmp(m->key, COMMAND_CURVE_META,
	    strlen(COMMAND_CURVE_META)) != 0)
		return 0;
	*test = m->key + strlen(COMMAND_CURVE_META);
	if ((eq = strchr(m->value, '=')) == NULL ||
	    strchr(m->value, ' ') != NULL || eq == m->value ||
	    (size_t)(eq - m->value) >= 32 || sm_parse_double(eq + 1, x) != 0 ||
	    !isfinite(*x))
		return 0;
	v = eq + 1;
	tl = strlen(*test);
	vl = strlen(v);
	if (tl <= vl + 1 || tl - vl - 1 >= 32 || (*test)[tl - vl - 1] != '-' ||
	    strcmp(*test + tl - vl, v) != 0)
		return 0;
	memcpy(name, m->value, (size_t)(eq - m->value));
	name[eq - m->value] = '\0';
	memcpy(base, *test, tl - vl - 1);
	base[tl - vl - 1] = '\0';
	return 1;
}

/* The curve of name and base in c[0..*n), added when missing. */
static struct command_curve *
command_curve_find(struct command_curve **c, size_t *n, const char *name,
    const char *base)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*c)[i].name, name) == 0 &&
		    strcmp((*c)[i].base, base) == 0)
			return &(*c)[i];
	*c = xreallocarray(*c, *n + 1, sizeof **c);
	memset(&(*c)[*n], 0, sizeof **c);
	strcpy((*c)[*n].name, name);
	strcpy((*c)[*n].base, base);
	return &(*c)[(*n)++];
}

static void
command_curve_add(struct command_curve *c, const char *test, double x)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->test[i], test) == 0)
			return;
	c->test = xreallocarray(c->test, c->n + 1, sizeof *c->test);
	c->x = xreallocarray(c->x, c->n + 1, sizeof *c->x);
	c->test[c->n] = xstrdup(test);
	c->x[c->n++] = x;
}

/* Sort a curve's points by value (few: an insertion sort). */
static void
command_curve_sort(struct command_curve *c)
{
	for (size_t i = 1; i < c->n; i++)
		for (size_t k = i; k > 0 && c->x[k - 1] > c->x[k]; k--) {
			double	 x = c->x[k];
			char	*t = c->test[k];

			c->x[k] = c->x[k - 1];
			c->test[k] = c->test[k - 1];
			c->x[k - 1] = x;
			c->test[k - 1] = t;
		}
}

/*
 * The one-parameter numeric scans of the runs with two values or more,
 * in the order first met, their points sorted by value, into *out
 * (allocated; free with command_curves_free); returns how many.
 */
size_t
command_curves(const struct run *const *runs, size_t nrun,
    struct command_curve **out)
{
	struct command_curve	*c = NULL;
	const char		*test;
	char			 name[32], base[32];
	size_t			 n = 0, kept = 0;
	double			 x;

	for (size_t r = 0; r < nrun; r++)
		for (size_t i = 0; i < runs[r]->nmeta; i++)
			if (command_curve_point(&runs[r]->meta[i], &test, name,
			    base, &x))
				command_curve_add(command_curve_find(&c, &n,
				    name, base), test, x);
	for (size_t i = 0; i < n; i++) {
		if (c[i].n < 2) {
			command_curves_free(&c[i], 1);
			continue;
		}
		command_curve_sort(&c[i]);
		c[kept++] = c[i];
	}
	*out = c;
	return kept;
}

void
command_curves_free(struct command_curve *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < c[i].n; k++)
			free(c[i].test[k]);
		free(c[i].test);
		free(c[i].x);
	}
}

/*
 * A test's figure in run as a curve takes it: the mean of its samples at
 * the fewest copies it ran; NaN when it has none.
 */
double
command_curve_figure(const struct run *run, const char *test,
    struct stats *st)
{
	struct run_group	*g;
	size_t			 ng = run_groups(run, &g);
	int			 copies = 0;

	for (size_t i = 0; i < ng; i++)
		if (strcmp(g[i].test, test) == 0 &&
		    (copies == 0 || g[i].copies < copies))
			copies = g[i].copies;
	free(g);
	memset(st, 0, sizeof *st);
	if (copies == 0)
		return NAN;
	run_group_stats(run, &(struct run_group){ test, copies }, st);
	return st->n > 0 ? st->mean : NAN;
}
