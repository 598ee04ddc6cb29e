/*
 * A comparison as JSON (doc/json.md, "compare"): for each pair of sides
 * compare judged, one object per line with exactly the fields of the csv
 * form (bmdiff.c's wide table: both estimates, change, interval, p, df,
 * basis, verdict, within and between CV, flags, kind), as numbers, not
 * text; then the geometric mean and what it is over.  The lines are
 * bmdiff_lines()', so the JSON and the table cannot disagree.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report.h"

/* A fraction as a percentage, or null (NaN stays NaN). */
static void
json_compare_pct(json_t *o, const char *key, double v)
{
	json_out_num(o, key, 100 * v);
}

/* One side's estimate: counts, mean, within/between CV and flags. */
static void
json_compare_side(json_t *o, const struct estimate *e, const char *which)
{
	char	key[32], flags[64];

	snprintf(key, sizeof key, "n_%s", which);
	json_out_int(o, key, (long long)e->n);
	snprintf(key, sizeof key, "repeats_%s", which);
	json_out_int(o, key, (long long)e->units);
	snprintf(key, sizeof key, "within_cv_%s_pct", which);
	json_compare_pct(o, key, e->within_cv);
	snprintf(key, sizeof key, "between_cv_%s_pct", which);
	json_compare_pct(o, key, e->between_cv);
	estimate_flags_str(e, 0, flags, sizeof flags);
	snprintf(key, sizeof key, "flags_%s", which);
	json_out_str(o, key, flags);
}

/* One line, with the csv form's fields by the csv form's names. */
static json_t *
json_compare_line(const struct bmdiff_line *l, const struct run *const *all,
    size_t nall)
{
	json_t	*o = json_out_object();
	int	 judged = l->kind == BMDIFF_RANKED;

	json_out_str(o, "id", l->g.test);
	json_out_str(o, "title", label_title_in(all, nall, l->g.test));
	json_out_int(o, "copies", l->g.copies);
	json_out_str(o, "kind", bmdiff_kind_name(l->kind));
	json_out_bool(o, "higher_is_better", l->dir == BENCH_HIGHER);
	json_out_num(o, "old", l->old);
	json_out_num(o, "new", l->new);
	json_compare_pct(o, "change_pct", judged ? l->new / l->old - 1 : NAN);
	json_compare_pct(o, "ci_low_pct", judged ? l->s.lo - 1 : NAN);
	json_compare_pct(o, "ci_high_pct", judged ? l->s.hi - 1 : NAN);
	json_out_num(o, "p", judged ? l->s.p : NAN);
	json_out_num(o, "df", judged ? l->s.df : NAN);
	json_out_str(o, "basis", bmdiff_basis_name(l));
	json_out_str(o, "verdict", bmdiff_verdict_name(l));
	json_compare_pct(o, "detectable_pct", judged ? l->s.detect : NAN);
	json_compare_side(o, &l->e[0], "old");
	json_compare_side(o, &l->e[1], "new");
	json_out_int(o, "version_old", l->vold);
	json_out_int(o, "version_new", l->vnew);
	json_out_bool(o, "failed", l->failed);
	return o;
}

/* A side: its name and where its runs are in the document's "runs". */
static json_t *
json_compare_who(const struct compare_side *s, size_t first)
{
	json_t	*o = json_out_object(), *idx = json_out_array();

	json_out_str(o, "name", s->name);
	for (size_t r = 0; r < s->nrun; r++)
		json_out_append(idx, json_integer((json_int_t)(first + r)));
	json_out_set(o, "runs", idx);
	return o;
}

/* The report's opening warnings, one string each. */
static json_t *
json_compare_warnings(const struct compare_side *a,
    const struct compare_side *b)
{
	json_t	*arr = json_out_array();
	char	 buf[4096], *line, *save = NULL;

	compare_warnings(a, b, buf, sizeof buf);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		json_out_append(arr, json_out_string(line));
	return arr;
}

/* "host_shift": null, or the shift several unrelated tests made (shift.c). */
static void
json_compare_shift(json_t *o, const struct bmdiff_line *lines, size_t n)
{
	struct host_shift	 sh;
	json_t			*v;

	shift_find(lines, n, &sh);
	if (!sh.found) {
		json_out_null(o, "host_shift");
		return;
	}
	v = json_out_object();
	json_out_str(v, "way", sh.way > 0 ? "faster" : "slower");
	json_out_int(v, "tests", (long long)sh.moved);
	json_out_int(v, "of", (long long)sh.ranked);
	json_out_int(v, "groups", (long long)sh.groups);
	json_compare_pct(v, "median_pct", sh.median);
	json_compare_pct(v, "lo_pct", sh.lo);
	json_compare_pct(v, "hi_pct", sh.hi);
	json_out_num(v, "p", sh.p);
	json_out_set(o, "host_shift", v);
}

/*
 * Append to doc["comparisons"] side b (its runs at index bfirst of the
 * document's runs) against side a (at afirst), with its n lines, judged
 * by co (whose over says what the geometric mean covers).  Returns the
 * comparison's index.
 */
size_t
json_compare_add(json_t *doc, const struct compare_side *a, size_t afirst,
    const struct compare_side *b, size_t bfirst,
    const struct bmdiff_line *lines, size_t n, const struct compare_opts *co)
{
	json_t			*arr, *o = json_out_object(), *ls, *gm;
	const struct run	**all;
	size_t			 nall = a->nrun + b->nrun, ng;

	if ((arr = json_object_get(doc, "comparisons")) == NULL) {
		arr = json_out_array();
		json_out_set(doc, "comparisons", arr);
	}
	all = xcalloc(nall, sizeof *all);
	memcpy(all, a->runs, a->nrun * sizeof *all);
	memcpy(all + a->nrun, b->runs, b->nrun * sizeof *all);
	json_out_set(o, "old", json_compare_who(a, afirst));
	json_out_set(o, "new", json_compare_who(b, bfirst));
	ls = json_out_array();
	for (size_t i = 0; i < n; i++)
		json_out_append(ls, json_compare_line(&lines[i], all, nall));
	json_out_set(o, "lines", ls);
	free(all);
	gm = json_out_object();
	json_compare_pct(gm, "change_pct", bmdiff_geomean_change(lines, n,
	    &ng));
	json_out_int(gm, "n", (long long)ng);
	json_out_str(gm, "over", co->over != NULL && co->over[0] != '\0' ?
	    co->over : "every test");
	json_out_set(o, "geomean", gm);
	json_out_set(o, "warnings", json_compare_warnings(a, b));
	json_compare_shift(o, lines, n);
	json_out_append(arr, o);
	return json_array_size(arr) - 1;
}
