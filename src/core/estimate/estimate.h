/*
 * The core's estimate layer: a run's samples grouped by test and copies
 * (runset.c), what each test is and which way is better (ident.c),
 * the estimates a comparison judges on, with their spread
 * and degrees of freedom (estimate.c), whether two differ (signif.c), and
 * the smallest change a comparison could have seen (blind.c).
 *
 * Layers call only down: this header includes the one below it (model),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_ESTIMATE_H
#define SYSMARK_ESTIMATE_H

#include "../model/model.h"

/* signif.c */
enum signif_test {
	SIGNIF_NONE = 0,
	SIGNIF_WELCH,		/* Welch's t on the log of the ratio of means */
	SIGNIF_PAIRED		/* t on the mean log ratio of pairs (duet) */
};
enum signif_verdict {
	SIGNIF_SINGLE = 0,	/* a side has under two figures: no test */
	SIGNIF_SAME,		/* not significant ("~") */
	SIGNIF_SMALL,		/* significant, but under the minimum effect */
	SIGNIF_BETTER,
	SIGNIF_WORSE,
	SIGNIF_INVALID		/* a figure is not a finite number */
};
/* What the variance of each side's mean was estimated from. */
enum signif_level {
	SIGNIF_LEVEL_NONE = 0,
	SIGNIF_LEVEL_RUNS,	/* two or more runs or repeats a side */
	SIGNIF_LEVEL_PROFILE,	/* one a side, with the host profile */
	SIGNIF_LEVEL_SAMPLES,	/* one a side, no profile: a default floor */
	SIGNIF_LEVEL_PAIRS	/* a duet: the ratios of pairs taken at once */
};
struct signif {
	size_t			na;	/* samples counted a side */
	size_t			nb;
	size_t			ua;	/* units (runs x repeats) a side */
	size_t			ub;
	double			ratio;	/* mean(b) / mean(a) */
	double			lo;	/* its confidence interval */
	double			hi;
	double			p;	/* two-sided, NaN if untested */
	double			df;
	enum signif_test	test;
	enum signif_level	level;
	double			floor;	/* smallest change that counts */
	enum signif_verdict	verdict;
	double			detect;	/* found with 80% power; NaN */
};
/* How to judge: the direction, alpha, and what to do with one run a side. */
struct signif_rule {
	enum bench_dir	dir;
	double		alpha;
	double		min_effect;	/* -e, a fraction */
	double		floor;		/* one a side, no profile */
	double		noise_relvar;	/* profile: var(repeat mean) / mean^2 */
	double		noise_df;	/* its df; NaN: no profile */
	double		noise_within;	/* its samples' part of noise_relvar */
};
#define SIGNIF_POWER		0.80	/* of the detectable change */
/* A variance in two parts with their df, and the test's df; welch: 1. */
struct signif_detect_parts {
	double	va;
	double	da;
	double	vb;
	double	db;
	double	df;
	int	welch;	/* df is Welch's, random as the parts are */
};
double	 signif_detect_of(const struct signif_detect_parts *d, double alpha,
	     double floor);
double	 signif_detectable(double var, double df, double alpha, double floor);
struct estimate;
void	 signif_judge(const struct estimate *a, const struct estimate *b,
	     const struct signif_rule *r, struct signif *s);
void	 signif_paired(const double *lr, size_t n,
	     const struct signif_rule *r, struct signif *s);
void	 signif_widen(struct signif *s, double var, double df,
	     const struct signif_rule *r);

/* estimate.c */
struct run;
struct run_group;
#define ESTIMATE_TREND_ALPHA	0.01	/* flags: fewer false alarms */
#define ESTIMATE_UNFAIR		0.10	/* copies' rates differ by 10% */
#define ESTIMATE_BUSY		0.5	/* others runnable, on average */
#define ESTIMATE_BATCH_MIN	8	/* one run's repeats from which... */
#define ESTIMATE_BATCHES	3	/* ...their batch means count: df 2 */
struct estimate_flags {
	int	trend;		/* +1 rising, -1 falling, 0 none */
	double	trend_p;	/* Mann-Kendall, two-sided; NaN: too few */
	size_t	outliers;
	double	unfair;		/* mean (max - min) / mean of the copies */
	double	busy;		/* mean others runnable; NaN: unknown */
	int	gap;		/* samples from two sessions (--resume) */
};
struct estimate {
	size_t			units;		/* runs x repeats with figures */
	size_t			n;		/* samples counted */
	size_t			warmups;
	size_t			failed;
	double			mean;		/* of the unit means */
	double			within_cv;	/* pooled within the units */
	double			between_cv;	/* beyond it; NaN: one unit */
	double			relvar;		/* var(mean) / mean^2 */
	double			df;
	double			unit_relvar;	/* one unit mean's; NaN */
	size_t			batches;	/* relvar's pieces: units or
						   ESTIMATE_BATCHES */
	struct estimate_flags	flags;
};
void	 estimate_group(const struct run *const *, size_t,
	     const struct run_group *, struct estimate *);
void	 estimate_run(const struct run *, const struct run_group *,
	     struct estimate *);
double	 estimate_ci(const struct estimate *, double);
size_t	 estimate_batches(size_t, size_t);
size_t	 estimate_batch_of(size_t, size_t, size_t);
size_t	 estimate_flags_str(const struct estimate *, double, char *, size_t);
const char *estimate_flags_legend(void);
const char *estimate_gap_legend(void);

/* runset.c */
double	 runset_figure(const struct run *, const char *, int);
size_t	 runset_merge(const struct run *const *, size_t,
	     struct run_group **);
size_t	 runset_union(const struct run *const *, size_t,
	     struct run_group **);
void	 runset_set_title(struct table *t, size_t row,
	     const struct run *const *runs, size_t nrun,
	     const struct run_group *g, const char *extra);
int	 runset_version(const struct run *, const struct run_group *);
int	 runset_version_differs(int a, int b);

/* ident.c: a test's identity and direction, as its run file says */
struct ident {
	enum bench_dir	dir;
	int		recorded;	/* the file says dir itself */
	char		unit[8];
	int		version;
	char		build[192];	/* sysmark, compiler, bench_cflags */
};
enum bench_dir ident_dir(const struct run *const *, size_t, const char *);
const char *ident_dir_name(enum bench_dir);
void	 ident_record(struct run *);
int	 ident_build(const struct run *, char *, size_t);
int	 ident_build_differs(const struct run *a, const char *an,
	     const struct run *b, const char *bn, char *why, size_t len);
void	 ident_test(const struct run *, const char *, struct ident *);
int	 ident_differs(const struct run *a, const struct run *b,
	     const char *test, char *why, size_t len);

/* blind.c: a detectable change too large to mean anything, in words */
#define BLIND_LIMIT	1.0	/* 100%: a figure twice or half as large */
int	 blind_is(double);
void	 blind_advice(const char *, char *, size_t);

#endif
