/*
 * The comparison a plan promises, simulated: the two sides a plan of
 * runs x repeats x samples would give on this host, built as runs whose
 * figures spread exactly as the host profile predicts, and judged by
 * judge_group(), the very function compare's verdicts come from.  So the
 * rule (profile or the sides' own runs), its degrees of freedom, the
 * batching of many back-to-back repeats and the smallest detectable
 * change are compare's by construction, never a copy of its formulas
 * that could drift from them.
 *
 * A side's figures: each sample is 1 + its unit's deviation + the within
 * CV times a score; the scores of a unit's samples have mean 0 and
 * standard deviation 1, so each unit's mean is 1 + its deviation and the
 * samples' pooled spread is the within CV.  The deviations have mean 0
 * and the spread of a unit mean (units independent: runs, or a few
 * repeats), or, for one run of many back-to-back repeats that compare
 * takes in stretches, the stretch means spread as a stretch's mean does
 * and the repeats of a stretch share it (detect.c says why).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

/* The i-th of n scores with mean 0 and standard deviation 1 (n - 1). */
static double
detect_sim_score(size_t i, size_t n)
{
	double	mid = (double)(n - 1) / 2;

	if (n < 2)
		return 0;
	/* Ranks about their middle; their sd is sqrt(n (n + 1) / 12). */
	return ((double)i - mid) / sqrt((double)n * (double)(n + 1) / 12);
}

/*
 * One side as runs into runs[0..sh->runs-1] (initialised here): its
 * units' deviations from the spread sp, the test and version of g's in
 * the profile.
 */
static void
detect_sim_side(struct run *runs, const struct detect_spread *sp,
    const struct detect_shape *sh, const struct run_group *g, int version)
{
	size_t	units = (size_t)sh->runs * (size_t)sh->repeats;
	size_t	k = sh->runs > 1 ? units : estimate_batches(units, 1), u;
	double	sd = sqrt(k == units ? sp->unit_var : sp->stretch_var), dev;

	for (int r = 0; r < sh->runs; r++) {
		run_init(&runs[r]);
		for (int p = 0; p < sh->repeats; p++) {
			u = (size_t)r * (size_t)sh->repeats + (size_t)p;
			dev = sd * detect_sim_score(k == units ? u :
			    estimate_batch_of(u, units, k), k);
			for (int i = 0; i < sh->samples; i++) {
				struct run_sample *s = run_add_sample(&runs[r]);

				snprintf(s->test, sizeof s->test, "%s",
				    g->test);
				s->version = version;
				s->copies = g->copies;
				s->index = i + 1;
				s->repeat = p + 1;
				s->duration = 1;
				s->value = 1 + dev + sp->within_cv *
				    detect_sim_score((size_t)i,
				    (size_t)sh->samples);
			}
		}
	}
}

/*
 * What compare would say of two sides of shape sh, each spreading as sp
 * predicts, judged with profile (as compare -p takes it) at alpha and
 * -e min_effect: its signif, whose detect is the plan's promise.
 */
void
detect_sim_judge(const struct run *profile, const struct run_group *g,
    const struct detect_spread *sp, const struct detect_shape *sh,
    double alpha, double min_effect, struct signif *s)
{
	struct run		*runs = xcalloc((size_t)sh->runs, sizeof *runs);
	const struct run	**rp = xcalloc((size_t)sh->runs, sizeof *rp);
	struct compare_opts	 o;
	struct compare_side	 side;

	detect_sim_side(runs, sp, sh, g, runset_version(profile, g));
	for (int r = 0; r < sh->runs; r++)
		rp[r] = &runs[r];
	compare_opts_default(&o);
	o.alpha = alpha;
	o.min_effect = min_effect;
	o.profile = profile;
	side = (struct compare_side){ rp, (size_t)sh->runs, NULL };
	judge_group(&side, &side, g, BENCH_HIGHER, &o, s);
	for (int r = 0; r < sh->runs; r++)
		run_free(&runs[r]);
	free(rp);
	free(runs);
}
