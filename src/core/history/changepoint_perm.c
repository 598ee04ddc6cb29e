/*
 * A cut of a series and its permutation test: the statistic at every
 * cut (the weighted E-divisive-means distance, changepoint.c's head
 * comment), and how often the runs, shuffled (in blocks of neighbours
 * where they are correlated), give one as strong, stopped as soon as
 * the count settles the answer.  The shuffles are drawn from the
 * generator seeded with the series, so the answer is deterministic.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint_ctx.h"

#define CHANGEPOINT_STOP_AT	10	/* exceedances: Besag-Clifford */
#define CHANGEPOINT_SURE	0.001	/* a binomial tail: p clearly off */

/* Fewest runs on the left of a cut; the newest may stand alone. */
size_t
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
size_t
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
void
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
 * Fisher-Yates' index for place i - 1 of a shuffle of n: each 64-bit
 * draw gives two, by a multiply and shift of each half rather than a
 * division (their bias, under n / 2^32, is far below what 199 shuffles
 * can see).
 */
static size_t
changepoint_draw(struct sm_rng *rng, uint64_t *r, size_t i, size_t n)
{
	if ((i - n) % 2 == 0) {
		*r = sm_rng_next(rng);
		return (size_t)(((*r >> 32) * (uint64_t)i) >> 32);
	}
	return (size_t)(((*r & 0xffffffffU) * (uint64_t)i) >> 32);
}

/* Shuffle the pairs (y[i], w[i]) of [0, n) together. */
static void
changepoint_shuffle(struct sm_rng *rng, double *y, double *w, size_t n)
{
	uint64_t	r = 0;

	for (size_t i = n; i > 1; i--)
		changepoint_swap(y, w, i - 1, changepoint_draw(rng, &r, i, n));
}

/*
 * Shuffle g's runs in blocks of c->block neighbours, each block kept in
 * its order, into (sy, sw): runs whose neighbours are correlated are
 * exchangeable only as blocks (Kuensch's block bootstrap, Annals of
 * Statistics 1989, taken to permutations).  blk holds the blocks' order
 * from the last shuffle.
 */
static void
changepoint_shuffle_blocks(struct changepoint_ctx *c,
    const struct changepoint_seg *g, struct sm_rng *rng)
{
	size_t		len = g->e - g->s, L = c->block, nb = (len + L - 1) / L;
	size_t		t, at = 0, from, k;
	uint64_t	r = 0;

	for (size_t i = nb; i > 1; i--) {
		k = changepoint_draw(rng, &r, i, nb);
		t = c->blk[i - 1];
		c->blk[i - 1] = c->blk[k];
		c->blk[k] = t;
	}
	for (size_t b = 0; b < nb; b++) {
		from = g->s + c->blk[b] * L;
		k = from + L < g->e ? L : g->e - from;
		memcpy(c->sy + at, c->y + from, k * sizeof *c->sy);
		memcpy(c->sw + at, c->w + from, k * sizeof *c->sw);
		at += k;
	}
}

/*
 * Whether g's runs are shuffled in blocks: where neighbours are
 * correlated, but not for a cut that leaves the newest run alone.
 * Blocks keep a drift's runs together; a newest run that fell alone
 * always moved with the runs before it, so no shuffle could ever set
 * it apart and a 20% drop went unfound wherever the runs looked
 * correlated.  Shuffled one by one, the other cuts the shuffles make are
 * as strong as drift makes them, which only makes that test stricter.
 */
static int
changepoint_blocks(const struct changepoint_ctx *c,
    const struct changepoint_seg *g)
{
	return c->block > 1 && !(g->e == c->n && g->cut + 1 == g->e);
}

/*
 * The smallest p that shuffling g's runs in blocks can give its cut: of
 * the nb! orders of nb blocks, those that keep the h blocks before the
 * cut together and the rest together, either way round, make about as
 * strong a cut, so p is never under 2 / C(nb, h).  Long blocks (runs
 * correlated) in a short series, or a cut near an end, leave that floor
 * over alpha: the test then has no power at any size, and a 15% step in
 * 0.3% noise went unfound in 24 runs that looked correlated 0.7 by
 * chance.  Runs shuffled one by one are blocks of one: a run alone at
 * the end of 30 has a floor of 1/15, and a 20% drop there in 1% noise
 * went unfound as the shuffles' count fell.
 */
double
changepoint_shuffles_floor(const struct changepoint_ctx *c,
    const struct changepoint_seg *g)
{
	size_t	L = changepoint_blocks(c, g) ? c->block : 1, nb, h;
	double	ways = 1;

	nb = (g->e - g->s + L - 1) / L;
	if (nb < 2)
		return 1;
	h = (size_t)lround((double)(g->cut - g->s) / (double)L);
	h = h < 1 ? 1 : h >= nb ? nb - 1 : h;
	for (size_t k = 1; k <= h; k++)
		ways = ways * (double)(nb - h + k) / (double)k;
	return fmin(1, 2 / ways);
}

/*
 * The permutation test of g's cut: how often the runs of the segment,
 * shuffled (in blocks where neighbours are correlated), give a cut at
 * least as strong.  Each shuffle starts from the last (a uniform
 * shuffle of any order is uniform).  Stops once the
 * count says the p-value is clearly over alpha (or CHANGEPOINT_STOP_AT
 * shuffles beat the cut), or clearly under it (changepoint_bounds).
 */
double
changepoint_permute(struct changepoint_ctx *c, const struct changepoint_seg *g)
{
	struct sm_rng	rng;
	size_t		len = g->e - g->s, minr = changepoint_min_right(c, g->e);
	int		over = 0, k, blocks = changepoint_blocks(c, g);
	double		z;

	sm_rng_seed(&rng, c->seed ^ ((uint64_t)g->s << 32) ^ g->e);
	memcpy(c->sy, c->y + g->s, len * sizeof *c->sy);
	memcpy(c->sw, c->w + g->s, len * sizeof *c->sw);
	for (size_t b = 0; blocks && b * c->block < len; b++)
		c->blk[b] = b;
	for (k = 1; k <= c->o->perms; k++) {
		if (blocks)
			changepoint_shuffle_blocks(c, g, &rng);
		else
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
