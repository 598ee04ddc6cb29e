/*
 * The core's stats layer: statistics of numbers: summaries and outliers
 * (stats.c), Student's t (tdist.c), selection and medians without a sort
 * (select.c), response-time histograms (hist.c).
 *
 * Layers call only down: this header includes the one below it (base),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_STATS_H
#define SYSMARK_STATS_H

#include "../base/base.h"

/* stats.c */
struct stats {
	size_t	n;
	double	mean;
	double	median;
	double	min;
	double	max;
	double	sd;		/* sample standard deviation (n - 1) */
	double	cv;		/* sd / mean, as a fraction */
	double	ci;		/* half-width of the 95% CI of the mean */
};
int	 stats_cmp(const void *a, const void *b);
void	 stats_moments(const double *, size_t, struct stats *);
void	 stats_compute(const double *, size_t, struct stats *);
size_t	 stats_outliers(const double *, size_t, unsigned char *);

/* tdist.c: Student's t */
double	 tdist_twosided(double t, double df);
double	 tdist_critical(double p, double df);

/* select.c: both reorder the values */
double	 stats_select(double *, size_t, size_t);
double	 stats_median_select(double *, size_t);

/* hist.c: response times with a bounded relative error */
#define HIST_VERSION	1		/* the bucket scheme below */
#define HIST_SUB_BITS	7
#define HIST_SUB	(1u << HIST_SUB_BITS)	/* buckets per octave */
#define HIST_MAX_BITS	46		/* 2^46 ns, 19.5 h: longer counts here */
#define HIST_MAX_NS	((uint64_t)1 << HIST_MAX_BITS)
#define HIST_NBUCKETS	((HIST_MAX_BITS - HIST_SUB_BITS + 1) * HIST_SUB)
struct hist {
	uint64_t	 count;
	uint64_t	*bucket;	/* HIST_NBUCKETS counts */
};
size_t	 hist_bucket(uint64_t);
double	 hist_value(size_t);
void	 hist_init(struct hist *);
void	 hist_free(struct hist *);
void	 hist_record(struct hist *, uint64_t);
void	 hist_merge(struct hist *, const struct hist *);
double	 hist_quantile(const struct hist *, double);
double	 hist_mean(const struct hist *);
char	*hist_encode(const struct hist *);
int	 hist_decode(struct hist *, const char *, struct sm_error *);

#endif
