/*
 * The verdict on one (test, copies) group of two sides of runs: both
 * estimates (estimate.c), the rule they are judged by (alpha, the
 * practical size -e, the host noise profile's between-run spread, and
 * with neither repeats nor a profile the conservative per-group floor)
 * and signif.c's test.  compare.c's side-by-side table and bmdiff.c's
 * ranked report both judge through judge_group(), so they cannot
 * disagree on a figure.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <string.h>

#include "core.h"

/*
 * With one run a side and no host profile, the samples of one run say
 * nothing of how far the next run will land, so a change must also
 * exceed these floors: about twice the between-run spread seen for each
 * group on shared 2-vCPU VMs (process creation and file I/O drift most,
 * pure CPU work least).  Conservative by design; a profile or repeats
 * replace them with this host's own figures.
 */
static const struct {
	const char	*group;
	double		 floor;
} judge_floors[] = {
	{ "CPU", 0.10 },
	{ "System", 0.15 },
	{ "IPC", 0.15 },
	{ "Programs", 0.20 },
	{ "Process", 0.30 },
	{ "File", 0.40 },
};
#define JUDGE_FLOOR_OTHER	0.20

/* The default floor for a test's group (see judge_floors). */
double
judge_floor(const char *test)
{
	const struct bench	*b = registry_find(test);

	for (size_t i = 0; b != NULL &&
	    i < sizeof judge_floors / sizeof judge_floors[0]; i++)
		if (strcmp(b->group, judge_floors[i].group) == 0)
			return judge_floors[i].floor;
	return JUDGE_FLOOR_OTHER;
}

/* The host profile's between-run CV of group g, and its df; NaN if none. */
static void
judge_noise(const struct compare_opts *o, const struct run_group *g,
    struct signif_rule *r)
{
	struct estimate	e;

	r->noise_cv = r->noise_df = NAN;
	if (o->profile == NULL)
		return;
	estimate_run(o->profile, g, &e);
	if (e.units < 2 || !isfinite(e.between_cv))
		return;
	r->noise_cv = e.between_cv;
	r->noise_df = e.df;
}

/* Judge group g of side b against side a: a signif with its verdict. */
void
judge_group(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, struct signif *s)
{
	struct estimate		ea, eb;
	struct signif_rule	r;

	estimate_group(a->runs, a->nrun, g, &ea);
	estimate_group(b->runs, b->nrun, g, &eb);
	r.dir = dir;
	r.alpha = o->alpha;
	r.min_effect = o->min_effect;
	r.floor = judge_floor(g->test);
	judge_noise(o, g, &r);
	signif_judge(&ea, &eb, &r, s);
}
