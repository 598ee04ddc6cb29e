/*
 * Change points in a series of runs: where a test's level moved, by how
 * much, and how sure that is.  The search is E-divisive (Matteson and
 * James, JASA 2014) with the exponent 2, where the energy distance
 * between two clusters reduces to the squared difference of their means
 * ("E-divisive means", as Fleming et al. call Hunter's, ICPE 2023): the
 * series is cut where that difference, scaled by what the two sides
 * know, is largest; the cut is kept if a permutation test says so, then
 * each side is searched again.
 *
 * Unlike those tools, every run brings its own interval (its samples'
 * spread, estimate.c): each run is weighted by the inverse of its
 * variance plus the runs' variance beyond it, and a step is only called
 * when its 95% interval, computed with those variances, leaves out zero
 * and it reaches the smallest change that counts.  So a step that the
 * runs' own noise could have made is not called, however smooth the
 * means happen to be.  Figures are taken as logarithms: a step is a
 * ratio, the same for a fast test and a slow one.
 *
 * Runs taken minutes apart on one host are not independent: its slow
 * minutes move neighbouring runs together, and a permutation test that
 * takes the runs as exchangeable calls such drift a step now and then.
 * So the runs' lag-1 correlation around the levels found is measured
 * (changepoint_rho); where it stands above chance, the search runs
 * again knowing it: n runs count as the fewer independent ones they
 * are in each interval, tau2 is no longer understated by successive
 * differences, and the permutations move blocks of neighbours.  The
 * runs' scatter past their model (changepoint_disp) widens the final
 * judgement of each step likewise.
 *
 * Deterministic: the permutations are drawn from a generator seeded with
 * the series itself, so the same runs give the same answer.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint_ctx.h"

#define CHANGEPOINT_Z80		0.8416	/* the normal's 80% quantile */
#define CHANGEPOINT_RHO_MAX	0.9	/* a correlation taken at most */
#define CHANGEPOINT_RHO_STEP	0.05	/* a change in it worth a search */
#define CHANGEPOINT_RHO_SE	2.0	/* a correlation above chance */
#define CHANGEPOINT_RHO_SD1	1.4	/* its sd from one pair, measured */
#define CHANGEPOINT_RHO_PAIRS	20	/* pairs a correlation stands on */
#define CHANGEPOINT_PASSES	3	/* searches of a series, at most */
#define CHANGEPOINT_RHO_OUT	4.0	/* a difference past the rest: sds */
#define CHANGEPOINT_PLACE	8	/* rounds of placing cuts again */

void
changepoint_opts_default(struct changepoint_opts *o)
{
	o->alpha = CHANGEPOINT_ALPHA;
	o->min_effect = COMPARE_MIN_EFFECT;
	o->perms = CHANGEPOINT_PERMS;
	o->rho = NAN;
}

/*
 * The runs' variance beyond their own intervals, from the spread of
 * successive differences (robust to a few steps: a step moves one
 * difference, the median ignores it): half a difference's variance is
 * (1 - rho) times a run's, as neighbours correlated rho differ by less
 * than independent runs; less the runs' own typical variance.
 */
static double
changepoint_tau2(const struct changepoint_ctx *c)
{
	double	*d = xcalloc(c->n, sizeof *d), med, sd, half;

	for (size_t i = 0; i + 1 < c->n; i++)
		d[i] = c->y[i + 1] - c->y[i];
	med = stats_median_select(d, c->n - 1);
	for (size_t i = 0; i + 1 < c->n; i++)
		d[i] = fabs(d[i] - med);
	sd = 1.4826 * stats_median_select(d, c->n - 1);
	free(d);
	half = sd * sd / 2 / (1 - c->rho);
	return half > c->typical ? half - c->typical : 0;
}

/* The runs' typical own variance: the median of own[0..n). */
double
changepoint_typical(const double *own, size_t n)
{
	double	*d = xcalloc(n, sizeof *d), typical;

	memcpy(d, own, n * sizeof *d);
	typical = stats_median_select(d, n);
	free(d);
	return typical;
}

/* The seed: a hash of the series' bits (FNV-1a). */
static uint64_t
changepoint_seed(const double *y, size_t n)
{
	uint64_t	h = 0xcbf29ce484222325ULL, bits;

	for (size_t i = 0; i < n; i++) {
		memcpy(&bits, &y[i], sizeof bits);
		for (int b = 0; b < 64; b += 8)
			h = (h ^ ((bits >> b) & 0xff)) * 0x100000001b3ULL;
	}
	return h;
}

/* Search segment g for its best cut. */
static void
changepoint_search(const struct changepoint_ctx *c,
    struct changepoint_seg *g)
{
	size_t	cut;

	cut = changepoint_scan(c->y + g->s, c->w + g->s, g->e - g->s,
	    changepoint_min_right(c, g->e), &g->z);
	g->cut = cut == 0 ? 0 : g->s + cut;
	g->final = cut == 0;
}


/* Weighted mean of [s, e) and its weight. */
static double
changepoint_level(const struct changepoint_ctx *c, size_t s, size_t e,
    double *wsum)
{
	double	W = 0, S = 0;

	for (size_t i = s; i < e; i++) {
		W += c->w[i];
		S += c->w[i] * c->y[i];
	}
	*wsum = W;
	return S / W;
}

/*
 * How many times the variance of a mean of n runs exceeds what n
 * independent runs would give, when neighbours k runs apart are
 * correlated rho^k (an AR(1) series): 1 + 2 sum (1 - k/n) rho^k.
 */
static double
changepoint_ar1(double rho, size_t n)
{
	double	f = 1, rk = 1;

	for (size_t k = 1; k < n && rk > 1e-9; k++) {
		rk *= rho;
		f += 2 * (1 - (double)k / (double)n) * rk;
	}
	return f;
}

/*
 * The variance of the difference of the levels [s, at) and [at, e),
 * and its degrees of freedom, with the scatter's excess and the
 * neighbours' correlation (changepoint_rho) taken in: n correlated
 * runs count as n / f independent ones.
 */
static double
changepoint_diffvar(const struct changepoint_ctx *c, double wl, size_t nl,
    double wr, size_t nr, double *df)
{
	double	fl = changepoint_ar1(c->rho, nl), fr = changepoint_ar1(c->rho, nr);

	*df = fmax((double)nl / fl + (double)nr / fr - 2, 1);
	return c->disp * (fl / wl + fr / wr);
}

/* The step from [s, at) to [at, e): size, interval, levels, where. */
static void
changepoint_step(const struct changepoint_ctx *c, size_t s, size_t at,
    size_t e, struct changepoint *cp)
{
	double	wl, wr, ml, mr, se, t, df;

	ml = changepoint_level(c, s, at, &wl);
	mr = changepoint_level(c, at, e, &wr);
	se = sqrt(changepoint_diffvar(c, wl, at - s, wr, e - at, &df));
	t = tdist_critical(0.05, df);
	cp->at = at;
	cp->from = s;
	cp->to = e;
	cp->before = exp(ml);
	cp->after = exp(mr);
	cp->size = exp(mr - ml) - 1;
	cp->lo = exp(mr - ml - t * se) - 1;
	cp->hi = exp(mr - ml + t * se) - 1;
	changepoint_where(cp, c->disp * (double)(e - s) / (wl + wr), mr - ml,
	    c->rho);
}

/* Whether a step is one to call: outside the noise, large enough. */
static int
changepoint_real(const struct changepoint_ctx *c, const struct changepoint *cp)
{
	if (!(cp->lo > 0 || cp->hi < 0))
		return 0;
	return fabs(cp->size) >= c->o->min_effect;
}

/*
 * Whether g's cut divides two stretches of identical figures with no
 * interval of their own (a deterministic figure, a converted file): then
 * the difference is no noise's, and no shuffle is needed to say so.  A
 * permutation test could not: n runs never give p under 1/n, so a
 * newest run of 21 that differs from 20 identical ones sat at p = 1/21,
 * called or not as the shuffles fell.
 */
static int
changepoint_exact(const struct changepoint_ctx *c,
    const struct changepoint_seg *g)
{
	for (size_t i = g->s; i < g->e; i++)
		if (c->own[i] > 0 || (i != g->s && i != g->cut &&
		    c->y[i] != c->y[i - 1]))
			return 0;
	return c->y[g->cut] != c->y[g->cut - 1];
}

/*
 * The p of g's cut where shuffling its runs in blocks cannot give one
 * under alpha (changepoint_shuffles_floor): the step against its
 * standard error, the runs' correlation taken in as every interval here
 * takes it (changepoint_diffvar), times the cuts the scan could have
 * chosen (Bonferroni's bound for taking the strongest).
 */
static double
changepoint_ttest(const struct changepoint_ctx *c,
    const struct changepoint_seg *g)
{
	double	wl, wr, ml, mr, df, se, cuts;

	ml = changepoint_level(c, g->s, g->cut, &wl);
	mr = changepoint_level(c, g->cut, g->e, &wr);
	se = sqrt(changepoint_diffvar(c, wl, g->cut - g->s, wr, g->e - g->cut,
	    &df));
	cuts = (double)(g->e - g->s) - CHANGEPOINT_MIN_SIDE -
	    (double)changepoint_min_right(c, g->e) + 1;
	return fmin(1, tdist_twosided(fabs(mr - ml) / se, df) * fmax(cuts, 1));
}

/* The p of g's cut: exact, by shuffles, or where they cannot tell. */
static double
changepoint_test(struct changepoint_ctx *c, const struct changepoint_seg *g)
{
	if (changepoint_exact(c, g))
		return 0;
	if (changepoint_shuffles_floor(c, g) > c->o->alpha)
		return changepoint_ttest(c, g);
	return changepoint_permute(c, g);
}

/* Which segment to test next: the strongest cut not yet tested. */
static struct changepoint_seg *
changepoint_next(struct changepoint_seg *g, size_t ng)
{
	struct changepoint_seg	*best = NULL;

	for (size_t i = 0; i < ng; i++)
		if (!g[i].final && (best == NULL || g[i].z > best->z))
			best = &g[i];
	return best;
}

/*
 * Divide: test the strongest cut of any segment; a cut called splits
 * its segment in two, searched in turn; one not called leaves its
 * segment whole.  Returns the segments, in no order.
 */
static size_t
changepoint_divide(struct changepoint_ctx *c, struct changepoint_seg **out,
    double **pout)
{
	struct changepoint_seg	*g = xcalloc(CHANGEPOINT_MAX + 1, sizeof *g);
	struct changepoint_seg	*t;
	struct changepoint	 cp;
	double			*p = xcalloc(c->n, sizeof *p);
	size_t			 ng = 1;

	g[0].s = 0;
	g[0].e = c->n;
	changepoint_search(c, &g[0]);
	while (ng <= CHANGEPOINT_MAX && (t = changepoint_next(g, ng)) != NULL) {
		t->final = 1;
		t->p = changepoint_test(c, t);
		if (t->p > c->o->alpha)
			continue;
		changepoint_step(c, t->s, t->cut, t->e, &cp);
		if (!changepoint_real(c, &cp))
			continue;
		p[t->cut] = t->p;
		g[ng] = (struct changepoint_seg){ .s = t->cut, .e = t->e };
		t->e = t->cut;
		changepoint_search(c, t);
		changepoint_search(c, &g[ng++]);
	}
	*out = g;
	*pout = p;
	return ng;
}

/* qsort()'s order of change points by where they start. */
static int
changepoint_cmp(const void *a, const void *b)
{
	const struct changepoint *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/*
 * The dispersion of the runs around the levels between the change
 * points cps[0..ncps): the mean square of their residuals, each run
 * weighted as the search weighs it; 1 where each run's interval and
 * tau2 describe its noise, more where runs stray past them (a host's
 * slow minutes).  Never taken below 1, so that runs that behave keep
 * their steps.
 */
static double
changepoint_disp(const struct changepoint_ctx *c,
    const struct changepoint *cps, size_t ncps)
{
	double	ss = 0, m, wsum, e;
	size_t	s = 0, end;

	if (c->n <= ncps + 1)
		return 1;
	for (size_t j = 0; j <= ncps; j++, s = end) {
		end = j == ncps ? c->n : cps[j].at;
		m = changepoint_level(c, s, end, &wsum);
		for (size_t i = s; i < end; i++) {
			e = c->y[i] - m;
			ss += e * e * c->w[i];
		}
	}
	return fmax(1, ss / (double)(c->n - ncps - 1));
}

/*
 * A correlation standing on pairs (changepoint_rho), if above chance and
 * on pairs enough to tell it: under CHANGEPOINT_RHO_PAIRS its standard
 * error is over 0.3, and 12 runs of independent noise looked correlated
 * 0.9 (the largest taken) often enough that a 15% newest step in 0.5%
 * noise went unseen ("~ blind") in a gate where 24 runs found it.  Fewer
 * runs are searched as independent, or with their host's correlation
 * (changepoint_pool_rho), which their pairs join.
 */
static double
changepoint_rho_kept(double rho, double pairs)
{
	if (!(pairs >= CHANGEPOINT_RHO_PAIRS) || !(rho >= CHANGEPOINT_RHO_SE *
	    CHANGEPOINT_RHO_SD1 / sqrt(pairs)))
		return 0;
	return fmin(rho, CHANGEPOINT_RHO_MAX);
}

/*
 * The lag-1 correlation of neighbouring runs within the levels between
 * the change points cps[0..ncps), from their successive differences:
 * for runs correlated rho, neighbouring differences are correlated
 * -(1 - rho) / 2.  Differences do not see a level, so a level cut in
 * two by a false step (the very thing correlated runs make the search
 * do) hides none of the correlation, as residuals around the levels
 * would.  Its small-series bias (about +2/n) is taken back; *pairs is
 * how many neighbouring differences it stands on (0: none).  Taken as
 * it is, not yet held against chance (changepoint_rho_kept, where
 * independent runs give CHANGEPOINT_RHO_SD1 / sqrt(pairs) as a standard
 * error).  A difference far past the others (changepoint_rho_bar: a
 * step not yet found, a newest run that fell) is left out with its
 * pairs: one such jump made the differences' sum of squares its own and
 * a flat series with a newest run 20% down look correlated 0.9, so that
 * its permutations moved blocks longer than the series and the drop
 * went unfound ("~ <14%").
 */
static double
changepoint_rho_bar(const struct changepoint_ctx *c,
    const struct changepoint *cps, size_t ncps, double *med)
{
	double	*d = xcalloc(c->n, sizeof *d), mad;
	size_t	 s = 0, end, k = 0;

	for (size_t j = 0; j <= ncps; j++, s = end) {
		end = j == ncps ? c->n : cps[j].at;
		for (size_t i = s; i + 1 < end; i++)
			d[k++] = c->y[i + 1] - c->y[i];
	}
	*med = k > 0 ? stats_median_select(d, k) : 0;
	for (size_t i = 0; i < k; i++)
		d[i] = fabs(d[i] - *med);
	mad = k > 0 ? stats_median_select(d, k) : 0;
	free(d);
	return CHANGEPOINT_RHO_OUT * 1.4826 * mad;
}

static double
changepoint_rho(const struct changepoint_ctx *c,
    const struct changepoint *cps, size_t ncps, double *pairs)
{
	double	dd = 0, lag = 0, d0 = 0, d1, med, bar;
	size_t	s = 0, end, nl = 0;
	int	kept0 = 0, kept1;

	bar = changepoint_rho_bar(c, cps, ncps, &med);
	for (size_t j = 0; j <= ncps; j++, s = end) {
		end = j == ncps ? c->n : cps[j].at;
		for (size_t i = s; i + 1 < end; i++) {
			d1 = c->y[i + 1] - c->y[i];
			kept1 = fabs(d1 - med) <= bar;
			if (kept1)
				dd += d1 * d1;
			if (i > s && kept0 && kept1) {
				lag += d0 * d1;
				nl++;
			}
			d0 = d1;
			kept0 = kept1;
		}
	}
	*pairs = dd > 0 ? (double)nl : 0;
	return *pairs > 0 ? 1 + 2 * lag / dd - 2 / (double)c->n : 0;
}

/*
 * Each change point moved to the best cut between its neighbours, as
 * they stand now, until none moves (CHANGEPOINT_PLACE rounds at most).
 * Dividing in two places the first cut of a stretch that holds two
 * steps where it divides the whole best, often a few runs off either
 * step; the search then finds a step beside it, and neither sat where
 * the level moved.  Placed again between its final neighbours, each
 * cut divides only its own two levels.
 */
static void
changepoint_place(const struct changepoint_ctx *c,
    struct changepoint_result *r)
{
	size_t	s, e, k;
	double	z;
	int	moved = 1;

	for (int round = 0; moved && round < CHANGEPOINT_PLACE; round++) {
		moved = 0;
		for (size_t i = 0; i < r->ncps; i++) {
			s = i == 0 ? 0 : r->cps[i - 1].at;
			e = i + 1 == r->ncps ? c->n : r->cps[i + 1].at;
			k = changepoint_scan(c->y + s, c->w + s, e - s,
			    changepoint_min_right(c, e), &z);
			if (k == 0 || s + k == r->cps[i].at)
				continue;
			r->cps[i].at = s + k;
			moved = 1;
		}
	}
}

/*
 * Each change point judged between its neighbours, as the final
 * segments stand, with the runs' dispersion around them
 * (changepoint_disp); the weakest one that no longer holds goes, and
 * its neighbours are placed and judged again (Hunter's merge step).
 * The search itself judged its cuts with the runs' own model, as the
 * scatter around levels not yet found cannot be told from a step.
 */
static void
changepoint_merge(struct changepoint_ctx *c, struct changepoint_result *r)
{
	size_t	weak;

	for (;;) {
		changepoint_place(c, r);
		c->disp = changepoint_disp(c, r->cps, r->ncps);
		weak = r->ncps;
		for (size_t i = 0; i < r->ncps; i++) {
			changepoint_step(c, i == 0 ? 0 : r->cps[i - 1].at,
			    r->cps[i].at, i + 1 == r->ncps ? c->n :
			    r->cps[i + 1].at, &r->cps[i]);
			if (!changepoint_real(c, &r->cps[i]) && (weak ==
			    r->ncps || fabs(r->cps[i].size) <
			    fabs(r->cps[weak].size)))
				weak = i;
		}
		if (weak == r->ncps)
			return;
		memmove(&r->cps[weak], &r->cps[weak + 1],
		    (r->ncps - weak - 1) * sizeof *r->cps);
		r->ncps--;
	}
}

/* The smallest step the series could show at its middle (80% power). */
static double
changepoint_detectable(const struct changepoint_ctx *c)
{
	double	wl, wr, t, var, df;

	changepoint_level(c, 0, c->n / 2, &wl);
	changepoint_level(c, c->n / 2, c->n, &wr);
	var = changepoint_diffvar(c, wl, c->n / 2, wr, c->n - c->n / 2, &df);
	t = tdist_critical(c->o->alpha, df);
	return fmax(exp((t + CHANGEPOINT_Z80) * sqrt(var)) - 1,
	    c->o->min_effect);
}

/*
 * The largest step a level found still holds that the permutation test
 * did not confirm but the runs' intervals call real: with it the
 * smallest step the series could show is never said to be below a step
 * that sits in the data unfound (a stray run can take a test's power).
 */
static double
changepoint_unfound(const struct changepoint_ctx *c,
    const struct changepoint_result *r)
{
	struct changepoint	cp;
	double			big = 0, z;
	size_t			s = 0, e, k;

	for (size_t j = 0; j <= r->ncps; j++, s = e) {
		e = j == r->ncps ? c->n : r->cps[j].at;
		k = changepoint_scan(c->y + s, c->w + s, e - s,
		    changepoint_min_right(c, e), &z);
		if (k == 0)
			continue;
		memset(&cp, 0, sizeof cp);
		changepoint_step(c, s, s + k, e, &cp);
		if (changepoint_real(c, &cp))
			big = fmax(big, fabs(cp.size));
	}
	return big;
}

/*
 * Weigh each run by the inverse of its own variance plus tau2 (as the
 * runs' correlation, c->rho, has it).  The permutations' blocks are
 * twice as long as the runs over which neighbours stay correlated,
 * (1 + rho) / (1 - rho), less one: a block cut from its neighbours
 * loses the correlation across its ends, and blocks that short left
 * flat correlated series calling steps at twice alpha
 * (test_correlated_runs).
 */
static void
changepoint_weigh(struct changepoint_ctx *c)
{
	c->tau2 = changepoint_tau2(c);
	/* Identical figures with no interval: a floor keeps w finite. */
	for (size_t i = 0; i < c->n; i++)
		c->w[i] = 1 / (c->own[i] + c->tau2 + CHANGEPOINT_VAR_FLOOR);
	c->block = (size_t)lround(4 * c->rho / (1 - c->rho)) + 1;
}

/* Fill the search's view of the series: logs and weights. */
static void
changepoint_prepare(struct changepoint_ctx *c, const double *v,
    const double *relvar)
{
	c->y = xcalloc(c->n, sizeof *c->y);
	c->w = xcalloc(c->n, sizeof *c->w);
	c->own = xcalloc(c->n, sizeof *c->own);
	c->sy = xcalloc(c->n, sizeof *c->sy);
	c->sw = xcalloc(c->n, sizeof *c->sw);
	c->blk = xcalloc(c->n, sizeof *c->blk);
	for (size_t i = 0; i < c->n; i++) {
		c->y[i] = log(v[i]);
		c->own[i] = relvar != NULL && isfinite(relvar[i]) &&
		    relvar[i] > 0 ? relvar[i] : 0;
	}
	c->typical = changepoint_typical(c->own, c->n);
	changepoint_weigh(c);
	c->seed = changepoint_seed(c->y, c->n);
	changepoint_bounds(c);
}

/* Divide, then merge: the change points as c weighs the runs. */
static void
changepoint_pass(struct changepoint_ctx *c, struct changepoint_result *r)
{
	struct changepoint_seg	*g;
	double			*p;
	size_t			 ng;

	c->disp = 1;
	ng = changepoint_divide(c, &g, &p);
	r->cps = xcalloc(ng, sizeof *r->cps);
	r->ncps = 0;
	for (size_t i = 0; i < ng; i++)
		if (g[i].s > 0) {
			r->cps[r->ncps].at = g[i].s;
			r->cps[r->ncps++].p = p[g[i].s];
		}
	qsort(r->cps, r->ncps, sizeof *r->cps, changepoint_cmp);
	changepoint_merge(c, r);
	free(g);
	free(p);
}

/*
 * The change points of figures v[0..n) (each > 0, oldest first), every
 * run taken (changepoint_find takes the stray ones out first), each
 * with the relative variance of its mean (NaN or 0: unknown, the runs'
 * spread stands in).  r is filled; free it with changepoint_result_free.
 *
 * With o->rho given (a host's, pooled), the runs are taken as that
 * correlated, in one pass.  Otherwise a first pass takes them as
 * independent; while the runs around the levels it found are more
 * correlated than it assumed (by CHANGEPOINT_RHO_STEP), it is run again
 * with that correlation, CHANGEPOINT_PASSES times at most.
 */
void
changepoint_search_all(const double *v, const double *relvar, size_t n,
    const struct changepoint_opts *o, struct changepoint_result *r)
{
	struct changepoint_ctx	 c = { .o = o, .n = n, .disp = 1 };
	double			 rho, pairs;

	memset(r, 0, sizeof *r);
	r->detect = NAN;
	if (n < CHANGEPOINT_MIN_RUNS) {
		r->status = CHANGEPOINT_SHORT;
		return;
	}
	c.rho = isfinite(o->rho) ? fmin(fmax(o->rho, 0), CHANGEPOINT_RHO_MAX) :
	    0;
	changepoint_prepare(&c, v, relvar);
	changepoint_pass(&c, r);
	for (int pass = 1; !isfinite(o->rho) && pass < CHANGEPOINT_PASSES;
	    pass++) {
		rho = changepoint_rho(&c, r->cps, r->ncps, &pairs);
		rho = changepoint_rho_kept(rho, pairs);
		if (rho < c.rho + CHANGEPOINT_RHO_STEP)
			break;
		c.rho = rho;
		changepoint_weigh(&c);
		changepoint_result_free(r);
		changepoint_pass(&c, r);
	}
	r->detect = fmax(changepoint_detectable(&c), changepoint_unfound(&c, r));
	r->tau2 = c.tau2;
	r->disp = c.disp;
	r->rho = c.rho;
	r->rho_seen = changepoint_rho(&c, r->cps, r->ncps, &r->rho_pairs);
	r->shuffles = c.shuffles;
	free(c.y);
	free(c.w);
	free(c.own);
	free(c.sy);
	free(c.sw);
	free(c.blk);
	free(c.below);
	free(c.above);
}

/*
 * Runs of one host share its slow minutes, so its series share their
 * correlation, which one short series can barely tell from chance: the
 * correlations its series saw (rho_seen), pooled by the pairs each
 * stands on.  Add each series' result, then ask changepoint_pool_rho.
 */
void
changepoint_pool_add(struct changepoint_pool *p,
    const struct changepoint_result *r)
{
	if (!(r->rho_pairs > 0) || !isfinite(r->rho_seen))
		return;
	p->sum += r->rho_seen * r->rho_pairs;
	p->pairs += r->rho_pairs;
}

/* The pooled correlation, 0 unless it stands above chance. */
double
changepoint_pool_rho(const struct changepoint_pool *p)
{
	return p->pairs > 0 ? changepoint_rho_kept(p->sum / p->pairs,
	    p->pairs) : 0;
}

/*
 * Whether a series searched alone took a correlation other than its
 * host's, rho (changepoint_pool_rho): then it is to be searched again
 * with o->rho set to it.
 */
int
changepoint_pool_differs(double rho, const struct changepoint_result *r)
{
	return fabs(r->rho - rho) >= CHANGEPOINT_RHO_STEP;
}

void
changepoint_result_free(struct changepoint_result *r)
{
	free(r->cps);
	free(r->strays);
	r->cps = NULL;
	r->ncps = 0;
	r->strays = NULL;
	r->nstrays = 0;
}
