/*
 * The core's judge layer: comparing runs: the options and sides
 * (compare.c), the tests compared (filter.c), the verdicts group by group
 * (judge.c), bm_diff's table (bmdiff.c), the gate (gate.c), the index
 * (index.c), the memory hierarchy a run shows (memhier.c, best.c).
 *
 * Layers call only down: this header includes the one below it (store),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_JUDGE_H
#define SYSMARK_JUDGE_H

#include "../store/store.h"

/*
 * A host's drift between two sides taken apart in time, for one test:
 * the variance of the log ratio it adds beyond what the basis holds,
 * measured from the host's saved runs (drift_estimate(), history), or
 * not measured (var NaN).  doc/statistics.md, "Drift".
 */
#define DRIFT_MIN_PAIRS	4	/* of saved runs about the gap apart */
#define DRIFT_SHORT	300.0	/* seconds: back to back, as a profile */
struct compare_drift {
	char	test[32];
	double	var;		/* beyond back-to-back runs; NaN: not measured */
	double	df;
	size_t	pairs;		/* of saved runs at about the gap */
	double	var_one;	/* beyond the runs' own samples: one a side */
};

/* compare.c: the options and sides of a comparison */
#define COMPARE_ALPHA		0.05
#define COMPARE_MIN_EFFECT	0.01	/* a fraction: 1% */
struct compare_opts {
	double	alpha;		/* significance level */
	double	min_effect;	/* smallest change that counts, a fraction */
	size_t	width;		/* text columns to fit; 0: no limit */
	const struct run *profile;	/* host noise profile, or NULL */
	const char *profile_name;
	int	wide;		/* csv and md: every field, one column each */
	const char *over;	/* compare -t/-g: what the tests are, or NULL */
	const struct run *const *profiles;	/* side by side: each run's
						   own host's, or NULL */
	double	gap;		/* seconds between the sides, past what the
				   basis covers; 0: none */
	const struct compare_drift *drift;	/* for gap, by test */
	size_t	ndrift;
};
/* One side of a comparison: runs whose repeats all count as replicates. */
struct compare_side {
	const struct run *const	*runs;
	size_t			 nrun;
	const char		*name;
};
void	 compare_opts_default(struct compare_opts *);
struct table *compare_side_by_side(const struct run *const *,
	     const char *const *, size_t);
struct table *compare_side_by_side_opts(const struct run *const *,
	     const char *const *, size_t, const struct compare_opts *);
struct table *compare_table(const struct run *const *, const char *const *,
	     size_t, const struct compare_opts *);

/* judge.c: compare's options and sides judged group by group */
double	 judge_floor(const char *);
void	 judge_floors_str(char *, size_t);
void	 judge_profile(const struct run *, const struct run_group *,
	     struct signif_rule *);
void	 judge_profile_for(const struct run *profile, const struct run *run,
	     const struct run_group *g, struct signif_rule *r);
void	 judge_group(const struct compare_side *a,
	     const struct compare_side *b, const struct run_group *g,
	     enum bench_dir dir, const struct compare_opts *o,
	     struct signif *s);
void	 judge_drift(const struct compare_opts *o, const char *test,
	     const struct signif_rule *r, struct signif *s);
void	 judge_drift_str(const struct compare_opts *o,
	     enum signif_level level, char *buf, size_t len);
void	 judge_drift_note(const struct compare_opts *o,
	     enum signif_level level, struct table *t);
void	 judge_hosts(const struct compare_side *a,
	     const struct compare_side *b, const struct run_group *g,
	     enum bench_dir dir, const struct compare_opts *o,
	     const struct run *pa, const struct run *pb, struct signif *s);

/* duet.c: a duet run (run --duet) as two sides judged on its pairs */
#define DUET_ASSUME	0.05	/* the two may slow each other unequally
				   by this much before compare warns */
int	 duet_is(const struct run *);
int	 duet_split(const struct run *, struct run *a, struct run *b,
	     struct sm_error *);
size_t	 duet_log_ratios(const struct run *a, const struct run *b,
	     const char *test, double **out);
int	 duet_sides(const struct compare_side *a,
	     const struct compare_side *b);
void	 judge_duet(const struct compare_side *a,
	     const struct compare_side *b, const struct run_group *g,
	     enum bench_dir dir, const struct compare_opts *o,
	     struct signif *s);
void	 duet_interference(const struct run *a, const struct run *b,
	     char *buf, size_t len);

/* bmdiff.c */
enum bmdiff_kind {
	BMDIFF_RANKED = 0,
	BMDIFF_VERSION,		/* workload versions differ: not ranked */
	BMDIFF_ONLY_OLD,
	BMDIFF_ONLY_NEW,
	BMDIFF_BUILD,		/* another build measured it: not ranked */
	BMDIFF_DIR		/* the sides say the other way is better */
};
struct bmdiff_line {
	struct run_group	 g;
	enum bmdiff_kind	 kind;
	size_t			 order;		/* in the runs' own order */
	double			 old;		/* means; NaN if none */
	double			 new;
	int			 vold;
	int			 vnew;
	enum bench_dir		 dir;
	int			 failed;	/* every sample failed there */
	char			 why[192];	/* BUILD, DIR: ident_differs() */
	double			 gain;		/* log ratio, > 0 is better */
	struct signif		 s;
	struct estimate		 e[2];
};
struct table *bmdiff_report(const struct compare_side *a,
	     const struct compare_side *b, const struct compare_opts *o);
size_t	 bmdiff_lines(const struct compare_side *a,
	     const struct compare_side *b, const struct compare_opts *o,
	     struct bmdiff_line **lines);
const char *bmdiff_kind_name(enum bmdiff_kind);
const char *bmdiff_basis_name(const struct bmdiff_line *);
const char *bmdiff_verdict_name(const struct bmdiff_line *);
double	 bmdiff_geomean_change(const struct bmdiff_line *, size_t, size_t *);
void	 compare_warnings(const struct compare_side *a,
	     const struct compare_side *b, char *buf, size_t len);

/* shift.c: a host-wide shift, several unrelated tests moving together */
#define SHIFT_MIN	0.02	/* a fraction: smaller moves are not counted */
#define SHIFT_TESTS	3	/* moved tests, at the least */
struct host_shift {
	int	found;
	int	way;		/* +1: the new side faster, -1: slower */
	size_t	ranked;		/* lines compare ranked */
	size_t	moved;		/* of them, beyond their noise, way's way */
	size_t	groups;		/* catalog groups the moved come from */
	double	p;		/* Student's t of every ranked line's change */
	double	median;		/* the moved lines' change, > 0: better */
	double	lo;
	double	hi;
};
void	 shift_find(const struct bmdiff_line *, size_t, struct host_shift *);
void	 shift_str(const struct host_shift *, char *, size_t);

struct bmdiff_rank {
	struct run_group	g;
	enum bench_dir		dir;
	struct signif		s;
};
size_t	 bmdiff_ranked(const struct compare_side *a,
	     const struct compare_side *b, const struct compare_opts *o,
	     struct bmdiff_rank **out);

/* gate.c: compare --fail-on */
#define GATE_WORSE		0x1u
#define GATE_SMALL		0x2u
#define GATE_ANY_CHANGE		0x4u
#define GATE_INCOMPARABLE	0x8u
#define GATE_BLIND		0x10u
#define GATE_BUSY		0x20u
#define GATE_SIDE_OLD		0x1u	/* gate_busy_sides() */
#define GATE_SIDE_NEW		0x2u
struct gate {
	unsigned	mask;		/* GATE_*; 0: no gate */
	double		blind;		/* blind:PCT, as a fraction */
};
int	 gate_parse(const char *, struct gate *, struct sm_error *);
const char *gate_trip(const struct gate *, const struct bmdiff_line *);
void	 gate_str(const struct gate *, char *, size_t);
unsigned gate_busy_sides(const struct bmdiff_line *);
const char *gate_busy_str(unsigned);
double	 gate_missable(const struct bmdiff_line *, size_t, const char **);
void	 gate_missable_str(double, const char *, char *, size_t);

/* filter.c: compare -t PATTERN and -g GROUP */
struct filter {
	const char	*tests;		/* globs over test ids, or NULL */
	const char	*group;		/* a catalog group, or NULL */
};
int	 filter_match(const struct filter *, const char *);
int	 filter_check(struct filter *, const struct run *, size_t,
	     struct sm_error *);
void	 filter_apply(const struct filter *, struct run *);
void	 filter_over(const struct filter *, char *, size_t);

/* memhier.c */
struct memhier_point {
	double	size;		/* bytes */
	double	ns;		/* per load */
};
struct memhier_level {
	char	name[16];	/* L1, L2, L3, main, main+, level N */
	double	ns;
	double	from;		/* sizes the plateau spans */
	double	to;
};
double	 memhier_parse_size(const char *);
void	 memhier_format_size(double, char *, size_t);
size_t	 memhier_curve(const struct run *, struct memhier_point **);
size_t	 memhier_levels(const struct memhier_point *p, size_t np,
	     size_t ncaches, struct memhier_level *lv, size_t max);
void	 memhier_name_by_sizes(struct memhier_level *lv, size_t n,
	     const double *cache, size_t nc);
double	 memhier_level_ns(const struct run *, const char *);
size_t	 memhier_run_levels(const struct run *run,
	     const struct memhier_point *p, size_t np,
	     struct memhier_level *lv, size_t max);
struct table *memhier_plot(const struct run *);

/* best.c */
void	 best_cell(double v, double best, enum bench_dir dir, char *buf,
	     size_t len);
size_t	 best_tables(const struct run *const *, const char *const *, size_t,
	     struct table ***);

/* index.c */
enum index_method {
	INDEX_BYTE = 0,		/* result / baseline; SUM and AVERAGE */
	INDEX_UNIXBENCH,	/* result / baseline x 10; geometric mean */
	INDEX_RANK		/* the run placed in a published table */
};
enum index_basis {
	INDEX_BASIS_NONE = 0,	/* a single figure: no interval */
	INDEX_BASIS_SAMPLES,	/* one run's samples: misses run-to-run */
	INDEX_BASIS_PROFILE,	/* one run, strays as the host profile says */
	INDEX_BASIS_REPEATS	/* the spread of the run's repeats' means */
};
struct index_line {
	char	test[32];
	double	baseline;
	double	result;		/* NaN: not in the run */
	double	index;		/* NaN: not in the run */
	double	relvar;		/* of the result's mean; NaN: unknown */
	double	df;
	size_t	n;		/* samples behind the result */
	enum index_basis basis;
	double	fixed;		/* relvar's part more samples cannot shrink */
};
struct index_score {
	enum index_method	 method;
	int			 copies;
	struct index_line	*lines;
	size_t			 nlines;
	size_t			 nresults;	/* lines with a result */
	double			 sum;		/* of the indexes */
	double			 score;		/* AVERAGE or geometric mean */
	int			 partial;	/* a test has no result */
	double			 ci;		/* 95% half-width / score; NaN */
	double			 ci_fixed;	/* the same of the fixed parts */
};
enum index_method index_method(const struct run *);
void	 index_compute(const struct run *run, const struct run *base,
	     int copies, struct index_score *sc);
void	 index_compute_noise(const struct run *run, const struct run *base,
	     int copies, const struct run *profile, struct index_score *sc);
struct table *index_table_noise(const struct run *run, const struct run *base,
	     const char *name, const struct run *profile, const char *pname);
double	 index_reach(const struct run *profile, const struct run *base,
	     const struct bench *const *b, size_t nb, int repeats);
void	 index_score_free(struct index_score *);
struct table *index_table(const struct run *run, const struct run *base,
	     const char *name);

#endif
