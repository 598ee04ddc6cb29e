/*
 * A seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood,
 * "Fast splittable pseudorandom number generators", OOPSLA 2014).  The
 * runner shuffles each round's order with it and records the seed, so a
 * run's order can be replayed; the tests draw synthetic samples from it,
 * so their false-call rates are the same on every machine.
 *
 * Not for anything secret.  Pure functions of the state passed in.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "base.h"

void
sm_rng_seed(struct sm_rng *r, uint64_t seed)
{
	r->s = seed;
}

static uint64_t
sm_rng_next(struct sm_rng *r)
{
	uint64_t	z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform on [0, 1), with the 53 bits a double holds. */
static double
sm_rng_uniform(struct sm_rng *r)
{
	return (double)(sm_rng_next(r) >> 11) / 9007199254740992.0;
}

/* Standard normal, by the Box-Muller transform. */
double
sm_rng_normal(struct sm_rng *r)
{
	double	u1 = 1 - sm_rng_uniform(r), u2 = sm_rng_uniform(r);

	return sqrt(-2 * log(u1)) * cos(2 * 3.14159265358979323846 * u2);
}

/* Fisher-Yates: a uniformly random permutation of v[0..n). */
void
sm_rng_shuffle(struct sm_rng *r, size_t *v, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t	j = (size_t)(sm_rng_uniform(r) * (double)i), t;

		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}
