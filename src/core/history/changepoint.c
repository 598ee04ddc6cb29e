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
 * Deterministic: the permutations are drawn from a generator seeded with
 * the series itself, so the same runs give the same answer.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/* A stretch of the series [s, e) and its best cut, once searched. */
struct changepoint_seg {
	size_t	s;
	size_t	e;
	size_t	cut;		/* 0: no cut possible */
	double	z;		/* the statistic there */
	int	final;		/* tested and kept whole */
	double	p;
};

/* The series as the search sees it. */
struct changepoint_ctx {
	const struct changepoint_opts *o;
	size_t		 n;
	double		*y;	/* log of the figures */
	double		*w;	/* 1 / (own variance + tau2) */
	double		*sy;	/* scratch for the permutations */
	double		*sw;
	uint64_t	 seed;
	double		 tau2;
	size_t		 shuffles;
	int		*below;	/* per count of shuffles: see _bounds */
	int		*above;
};

#define CHANGEPOINT_Z80		0.8416	/* the normal's 80% quantile */
#define CHANGEPOINT_STOP_AT	10	/* exceedances: Besag-Clifford */
#define CHANGEPOINT_SURE	0.001	/* a binomial tail: p clearly off */

void
changepoint_opts_default(struct changepoint_opts *o)
{
	o->alpha = CHANGEPOINT_ALPHA;
	o->min_effect = COMPARE_MIN_EFFECT;
	o->perms = CHANGEPOINT_PERMS;
}

/*
 * The k-th smallest of v[0..n), which it reorders: Hoare's selection as
 * Wirth gives it ("Algorithms + Data Structures = Programs", 1976), in
 * linear time on average.
 */
static double
changepoint_select(double *v, size_t n, size_t k)
{
	ptrdiff_t	l = 0, m = (ptrdiff_t)n - 1, i, j, kk = (ptrdiff_t)k;
	double		x, t;

	while (l < m) {
		x = v[kk];
		i = l;
		j = m;
		do {
			while (v[i] < x)
				i++;
			while (x < v[j])
				j--;
			if (i <= j) {
				t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		} while (i <= j);
		if (j < kk)
			l = i;
		if (kk < i)
			m = j;
	}
	return v[kk];
}

/*
 * The median of v[0..n), which it reorders: found by selection, not a
 * sort, as a series may hold ten thousand runs.
 */
static double
changepoint_median(double *v, size_t n)
{
	double	hi = changepoint_select(v, n, n / 2), lo = hi;

	if (n % 2 == 0) {
		/* The lower middle is the largest of the lower half. */
		lo = v[0];
		for (size_t i = 1; i < n / 2; i++)
			lo = fmax(lo, v[i]);
	}
	return (lo + hi) / 2;
}

/*
 * The runs' variance beyond their own intervals, from the spread of
 * successive differences (robust to a few steps: a step moves one
 * difference, the median ignores it), less the runs' own typical
 * variance.
 */
static double
changepoint_tau2(const double *y, const double *own, size_t n)
{
	double	*d = xcalloc(n, sizeof *d), med, sd, total, typical;

	for (size_t i = 0; i + 1 < n; i++)
		d[i] = y[i + 1] - y[i];
	med = changepoint_median(d, n - 1);
	for (size_t i = 0; i + 1 < n; i++)
		d[i] = fabs(d[i] - med);
	sd = 1.4826 * changepoint_median(d, n - 1);
	total = sd * sd / 2;
	memcpy(d, own, n * sizeof *d);
	typical = changepoint_median(d, n);
	free(d);
	return total > typical ? total - typical : 0;
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

/* Fewest runs on the left of a cut; the newest may stand alone. */
static size_t
changepoint_min_right(const struct changepoint_ctx *c, size_t e)
{
	return e == c->n ? 1 : CHANGEPOINT_MIN_SIDE;
}

/*
 * The best cut of (y, w)[0..len): the k maximising the squared
 * difference of the weighted means over its variance,
 * (m_L - m_R)^2 / (1/W_L + 1/W_R), written with one division:
 * (S_L W_R - S_R W_L)^2 / (W_L W_R W), as the shuffles run it thousands
 * of times over series of thousands of runs.  0 if none.
 */
static size_t
changepoint_scan(const double *y, const double *w, size_t len,
    size_t minr, double *zout)
{
	double	W = 0, S = 0, wl = 0, sl = 0, best = -1, z, d;
	size_t	cut = 0;

	for (size_t i = 0; i < len; i++) {
		W += w[i];
		S += w[i] * y[i];
	}
	for (size_t k = 1; k < len; k++) {
		wl += w[k - 1];
		sl += w[k - 1] * y[k - 1];
		if (k < CHANGEPOINT_MIN_SIDE || len - k < minr)
			continue;
		d = sl * (W - wl) - (S - sl) * wl;
		z = d * d / (wl * (W - wl) * W);
		if (z > best) {
			best = z;
			cut = k;
		}
	}
	*zout = best;
	return cut;
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

/*
 * When the shuffles so far settle the test.  After k shuffles, over of
 * them as strong as the cut: were the true p-value alpha, over would be
 * Binomial(k, alpha).  below[k] is the largest count whose lower tail
 * is under CHANGEPOINT_SURE (so few: p is clearly under alpha), -1 if
 * none; above[k] the smallest whose upper tail is (so many: clearly
 * over).  A long series pays for each shuffle, and most of its tests are
 * settled long before the last (the sequential idea of Besag and
 * Clifford, "Sequential Monte Carlo p-values", Biometrika 1991, taken
 * to both sides).
 */
static void
changepoint_bounds(struct changepoint_ctx *c)
{
	double	a = c->o->alpha, pmf, cdf;
	int	m = c->o->perms;

	c->below = xcalloc((size_t)m + 1, sizeof *c->below);
	c->above = xcalloc((size_t)m + 1, sizeof *c->above);
	for (int k = 1; k <= m; k++) {
		pmf = pow(1 - a, k);	/* P(X = 0) */
		cdf = pmf;
		c->below[k] = cdf < CHANGEPOINT_SURE ? 0 : -1;
		c->above[k] = k + 1;
		for (int j = 1; j <= k; j++) {
			pmf *= (double)(k - j + 1) / j * a / (1 - a);
			if (cdf + pmf < CHANGEPOINT_SURE)
				c->below[k] = j;
			if (1 - cdf < CHANGEPOINT_SURE) {
				c->above[k] = j;
				break;
			}
			cdf += pmf;
		}
	}
}

/* Swap pair i with pair j of (y, w). */
static void
changepoint_swap(double *y, double *w, size_t i, size_t j)
{
	double	t;

	t = y[i];
	y[i] = y[j];
	y[j] = t;
	t = w[i];
	w[i] = w[j];
	w[j] = t;
}

/*
 * Shuffle the pairs (y[i], w[i]) of [0, n) together (Fisher-Yates).
 * Each 64-bit draw gives two indexes, by a multiply and shift of each
 * half rather than a division: their bias, under n / 2^32, is far below
 * what 199 shuffles can see.
 */
static void
changepoint_shuffle(struct sm_rng *rng, double *y, double *w, size_t n)
{
	uint64_t	r = 0;
	size_t		i;

	for (i = n; i > 1; i--) {
		if ((i - n) % 2 == 0) {
			r = sm_rng_next(rng);
			changepoint_swap(y, w, i - 1, (size_t)(((r >> 32) *
			    (uint64_t)i) >> 32));
		} else
			changepoint_swap(y, w, i - 1, (size_t)(((r &
			    0xffffffffU) * (uint64_t)i) >> 32));
	}
}

/*
 * The permutation test of g's cut: how often the runs of the segment,
 * shuffled, give a cut at least as strong.  Each shuffle starts from the
 * last (a uniform shuffle of any order is uniform).  Stops once the
 * count says the p-value is clearly over alpha (or CHANGEPOINT_STOP_AT
 * shuffles beat the cut), or clearly under it (changepoint_bounds).
 */
static double
changepoint_permute(struct changepoint_ctx *c, const struct changepoint_seg *g)
{
	struct sm_rng	rng;
	size_t		len = g->e - g->s, minr = changepoint_min_right(c, g->e);
	int		over = 0, k;
	double		z;

	sm_rng_seed(&rng, c->seed ^ ((uint64_t)g->s << 32) ^ g->e);
	memcpy(c->sy, c->y + g->s, len * sizeof *c->sy);
	memcpy(c->sw, c->w + g->s, len * sizeof *c->sw);
	for (k = 1; k <= c->o->perms; k++) {
		changepoint_shuffle(&rng, c->sy, c->sw, len);
		changepoint_scan(c->sy, c->sw, len, minr, &z);
		c->shuffles++;
		over += z >= g->z;
		if (over == CHANGEPOINT_STOP_AT || over >= c->above[k])
			return (double)over / k;
		if (over <= c->below[k])
			break;
	}
	return (1.0 + over) / (fmin(k, c->o->perms) + 1.0);
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

/* The step from [s, at) to [at, e): size, interval, levels. */
static void
changepoint_step(const struct changepoint_ctx *c, size_t s, size_t at,
    size_t e, struct changepoint *cp)
{
	double	wl, wr, ml, mr, se, t, df;

	ml = changepoint_level(c, s, at, &wl);
	mr = changepoint_level(c, at, e, &wr);
	se = sqrt(1 / wl + 1 / wr);
	df = (double)(e - s) - 2;
	t = signif_t_critical(0.05, df > 1 ? df : 1);
	cp->at = at;
	cp->from = s;
	cp->to = e;
	cp->before = exp(ml);
	cp->after = exp(mr);
	cp->size = exp(mr - ml) - 1;
	cp->lo = exp(mr - ml - t * se) - 1;
	cp->hi = exp(mr - ml + t * se) - 1;
}

/* Whether a step is one to call: outside the noise, large enough. */
static int
changepoint_real(const struct changepoint_ctx *c, const struct changepoint *cp)
{
	if (!(cp->lo > 0 || cp->hi < 0))
		return 0;
	return fabs(cp->size) >= c->o->min_effect;
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
		t->p = changepoint_permute(c, t);
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
 * Each change point judged between its neighbours, as the final
 * segments stand; the weakest one that no longer holds goes, and its
 * neighbours are judged again (Hunter's merge step).
 */
static void
changepoint_merge(const struct changepoint_ctx *c, struct changepoint_result *r)
{
	size_t	weak;

	for (;;) {
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
	double	wl, wr, t;

	changepoint_level(c, 0, c->n / 2, &wl);
	changepoint_level(c, c->n / 2, c->n, &wr);
	t = signif_t_critical(c->o->alpha, (double)c->n - 2);
	return fmax(exp((t + CHANGEPOINT_Z80) * sqrt(1 / wl + 1 / wr)) - 1,
	    c->o->min_effect);
}

/* Fill the search's view of the series: logs and weights. */
static void
changepoint_prepare(struct changepoint_ctx *c, const double *v,
    const double *relvar)
{
	double	*own = xcalloc(c->n, sizeof *own);

	c->y = xcalloc(c->n, sizeof *c->y);
	c->w = xcalloc(c->n, sizeof *c->w);
	c->sy = xcalloc(c->n, sizeof *c->sy);
	c->sw = xcalloc(c->n, sizeof *c->sw);
	for (size_t i = 0; i < c->n; i++) {
		c->y[i] = log(v[i]);
		own[i] = relvar != NULL && isfinite(relvar[i]) &&
		    relvar[i] > 0 ? relvar[i] : 0;
	}
	c->tau2 = changepoint_tau2(c->y, own, c->n);
	/* Identical figures with no interval: a floor keeps w finite. */
	for (size_t i = 0; i < c->n; i++)
		c->w[i] = 1 / (own[i] + c->tau2 + CHANGEPOINT_VAR_FLOOR);
	c->seed = changepoint_seed(c->y, c->n);
	changepoint_bounds(c);
	free(own);
}

/*
 * The change points of figures v[0..n) (each > 0, oldest first), each
 * with the relative variance of its mean (NaN or 0: unknown, the runs'
 * spread stands in).  r is filled; free it with changepoint_result_free.
 */
void
changepoint_find(const double *v, const double *relvar, size_t n,
    const struct changepoint_opts *o, struct changepoint_result *r)
{
	struct changepoint_ctx	 c = { .o = o, .n = n };
	struct changepoint_seg	*g;
	double			*p;
	size_t			 ng;

	memset(r, 0, sizeof *r);
	r->detect = NAN;
	if (n < CHANGEPOINT_MIN_RUNS) {
		r->status = CHANGEPOINT_SHORT;
		return;
	}
	changepoint_prepare(&c, v, relvar);
	ng = changepoint_divide(&c, &g, &p);
	r->cps = xcalloc(ng, sizeof *r->cps);
	for (size_t i = 0; i < ng; i++)
		if (g[i].s > 0) {
			r->cps[r->ncps].at = g[i].s;
			r->cps[r->ncps++].p = p[g[i].s];
		}
	qsort(r->cps, r->ncps, sizeof *r->cps, changepoint_cmp);
	changepoint_merge(&c, r);
	r->detect = changepoint_detectable(&c);
	r->tau2 = c.tau2;
	r->shuffles = c.shuffles;
	free(g);
	free(p);
	free(c.y);
	free(c.w);
	free(c.sy);
	free(c.sw);
	free(c.below);
	free(c.above);
}

void
changepoint_result_free(struct changepoint_result *r)
{
	free(r->cps);
	r->cps = NULL;
	r->ncps = 0;
}
