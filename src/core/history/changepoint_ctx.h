/*
 * What the change-point search's files share: the series as the search
 * sees it and a stretch of it (changepoint.c), and the permutation
 * test of a cut (changepoint_perm.c), and what the stray runs' search
 * (changepoint_robust.c) takes from changepoint.c.  Private to
 * src/core/history.
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_CHANGEPOINT_CTX_H
#define SYSMARK_CHANGEPOINT_CTX_H

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
	double		*own;	/* each run's own relative variance */
	double		 typical;	/* their median */
	double		 tau2;
	double		 disp;	/* the scatter's excess: changepoint_disp */
	double		 rho;	/* neighbours' correlation: changepoint_rho */
	size_t		 block;	/* runs shuffled together */
	size_t		*blk;	/* the blocks' order */
	size_t		 shuffles;
	int		*below;	/* per count of shuffles: see _bounds */
	int		*above;
};

/* changepoint.c: what the stray runs' search shares with it */
double	 changepoint_typical(const double *own, size_t n);

/* changepoint_perm.c: a cut and its permutation test */
size_t	 changepoint_min_right(const struct changepoint_ctx *, size_t e);
size_t	 changepoint_scan(const double *y, const double *w, size_t len,
	     size_t minr, double *zout);
void	 changepoint_bounds(struct changepoint_ctx *);
double	 changepoint_permute(struct changepoint_ctx *,
	     const struct changepoint_seg *);
double	 changepoint_shuffles_floor(const struct changepoint_ctx *,
	     const struct changepoint_seg *);

#endif
