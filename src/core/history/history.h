/*
 * The core's history layer: series over saved runs: runs grouped into
 * series (history.c), change points found in them (changepoint.c, its
 * permutation test changepoint_perm.c, the stray runs it leaves out
 * changepoint_robust.c, where a step began changepoint_where.c), the
 * index that keeps each run's summary (histindex.c), the series as text,
 * CSV and JSON (history_out.c), the dashboards' exports
 * (history_export.c), two sides of a change handed
 * to compare (history_compare.c), the time-series chart and the report's
 * history section (chart_history.c, report_history.c).
 *
 * Layers call only down: this header includes the one below it (report),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_HISTORY_H
#define SYSMARK_HISTORY_H

#include "../report/report.h"

/* changepoint.c: where a series of runs changed level */
#define CHANGEPOINT_ALPHA	0.05
#define CHANGEPOINT_PERMS	199	/* permutations per cut tested */
#define CHANGEPOINT_MIN_RUNS	5	/* fewer: too short to search */
#define CHANGEPOINT_MIN_SIDE	2	/* runs a level holds, but the newest */
#define CHANGEPOINT_MAX		64	/* change points a series may hold */
#define CHANGEPOINT_VAR_FLOOR	1e-12	/* of a log figure */
struct changepoint {
	size_t	at;		/* the first run of the new level */
	size_t	at_lo;		/* the runs it may have started at, 95% */
	size_t	at_hi;
	size_t	from;		/* the level before starts here */
	size_t	to;		/* the level after ends before this */
	double	p;		/* the permutation test's */
	double	size;		/* after / before - 1 */
	double	lo;		/* its 95% interval */
	double	hi;
	double	before;		/* the levels, weighted geometric means */
	double	after;
};
struct changepoint_opts {
	double	alpha;
	double	min_effect;	/* a fraction */
	int	perms;
	double	rho;		/* neighbours' correlation; NaN: the series' */
};
enum changepoint_status {
	CHANGEPOINT_OK = 0,
	CHANGEPOINT_SHORT	/* under CHANGEPOINT_MIN_RUNS runs */
};
/* A run far off the runs on both sides of it: left out of the search. */
struct changepoint_stray {
	size_t	at;		/* its run */
	double	off;		/* its figure / its level's - 1 */
};
struct changepoint_result {
	enum changepoint_status	 status;
	struct changepoint	*cps;
	size_t			 ncps;
	struct changepoint_stray *strays;	/* oldest first */
	size_t			 nstrays;
	double			 detect;	/* a step it would find, 80% */
	double			 tau2;		/* runs' variance beyond own */
	double			 disp;		/* scatter / model's, >= 1 */
	double			 rho;		/* neighbours' correlation */
	double			 rho_seen;	/* as the runs show it */
	double			 rho_pairs;	/* what that stands on */
	size_t			 shuffles;	/* the tests', in all */
};
void	 changepoint_opts_default(struct changepoint_opts *);
void	 changepoint_search_all(const double *v, const double *relvar,
	     size_t n, const struct changepoint_opts *o,
	     struct changepoint_result *r);
void	 changepoint_result_free(struct changepoint_result *);
void	 changepoint_where(struct changepoint *, double var, double delta,
	     double rho);
struct changepoint_pool {
	double	sum;
	double	pairs;
};
void	 changepoint_pool_add(struct changepoint_pool *,
	     const struct changepoint_result *);
double	 changepoint_pool_rho(const struct changepoint_pool *);
int	 changepoint_pool_differs(double,
	     const struct changepoint_result *);

/* changepoint_robust.c: the search, stray runs taken out first */
#define CHANGEPOINT_STRAY_K	4.0	/* robust sds off both sides */
#define CHANGEPOINT_STRAY_WIN	3	/* runs a side's median takes */
size_t	 changepoint_strays(const double *v, const double *relvar, size_t n,
	     unsigned char *stray);
void	 changepoint_find(const double *v, const double *relvar, size_t n,
	     const struct changepoint_opts *o, struct changepoint_result *r);

/* history.c: saved runs as series of a host, test, version and copies */
enum history_by {
	HISTORY_BY_DATE = 0,	/* the run's start */
	HISTORY_BY_LABEL,	/* run -l, in natural order */
	HISTORY_BY_COMMIT	/* meta "commit", as first measured */
};
struct history_run {
	char		*path;
	char		*host;
	char		*date;		/* as the run wrote it, or NULL */
	char		*label;
	char		*commit;
	long long	 start;		/* seconds since the epoch; -1 */
	char		*build;		/* ident_build()'s, or NULL */
};
/* One test and copies of a run: what a series holds of it. */
struct history_sum {
	size_t	run;		/* into history.runs */
	char	test[32];
	int	version;
	int	copies;
	char	unit[8];
	double	mean;
	double	relvar;		/* of the mean, / mean^2; NaN unknown */
	double	df;
	size_t	n;		/* samples */
	char	dir;		/* as the run says: 'l', 'h'; 0 unknown */
	double	busy;		/* others runnable as its samples started,
				   on average (estimate.c); NaN unknown */
};
/* Why a series is apart from an older one of its host, test and copies. */
enum history_other {
	HISTORY_OTHER_NONE = 0,
	HISTORY_OTHER_VERSION,	/* another workload */
	HISTORY_OTHER_DIR,	/* the other way is better */
	HISTORY_OTHER_BUILD	/* another sysmark, compiler or bench_cflags */
};
/* A summary left out of its series: a figure no search can take. */
struct history_left {
	struct history_sum	 sum;
	const char		*why;		/* "is 0", "is negative", ... */
};
struct history_series {
	const char		*host;
	char			 test[32];
	int			 version;
	int			 copies;
	char			 unit[8];
	enum bench_dir		 dir;		/* as its runs say (ident.c) */
	const char		*build;		/* its runs', or NULL */
	enum history_other	 other;		/* why it follows another */
	const struct history_series *was;	/* that one, or NULL */
	size_t			 rank;		/* in the catalog */
	struct history_sum	*sums;		/* n, oldest first */
	size_t			 n;
	struct changepoint_result cp;
};
struct history_query {
	enum history_by		 by;
	long long		 since;		/* a start; 0: all */
	const struct filter	*filter;	/* or NULL */
	struct changepoint_opts	 cp;
};
struct history {
	struct history_run	*runs;
	size_t			 nruns;
	size_t			 caprun;
	struct history_sum	*sums;
	size_t			 nsums;
	size_t			 capsum;
	struct history_series	*series;
	size_t			 nseries;
	enum history_by		 by;
	size_t			*rank;		/* each run's place */
	long long		*commit_first;
	size_t			*same;		/* the run each copies; SIZE_MAX */
	struct history_left	*left;		/* in their runs' order */
	size_t			 nleft;
};
void	 history_init(struct history *);
size_t	 history_add_run(struct history *h, const char *path,
	     const char *host, const char *date, const char *label,
	     const char *commit);
void	 history_run_build(struct history *h, size_t run,
	     const char *build);
void	 history_reserve(struct history *h, size_t runs, size_t sums);
struct history_sum *history_add_sum(struct history *);
int	 history_add_loaded(struct history *, const char *,
	     const struct run *);
void	 history_build(struct history *, const struct history_query *);
size_t	 history_host_end(const struct history *, size_t a);
void	 history_search_host(const struct history *h, size_t a, size_t b,
	     const size_t *drop, const struct history_query *q,
	     struct changepoint_result **r);
int	 history_worse(const struct changepoint *, enum bench_dir);
const char *history_figure_bad(double mean);
size_t	 history_series_of(const struct history *, const struct history_sum *);

/* history_same.c: byte copies of one run, counted once */
void	 history_copies(struct history *);

/* history_gate.c: --fail-on change, on the runs just added */
#define HISTORY_GATE_SLACK	1	/* runs a known step may have moved */
int	 history_newest_worse(const struct history_series *,
	     const struct changepoint_result *older, size_t fresh);
/* What --fail-on change judged: history_gate(). */
struct history_gated {
	unsigned char	*fresh;		/* per run: one of the new runs */
	size_t		*nfresh;	/* per series: its new runs, newest */
	int		*worse;		/* per series: a worse step they began */
	unsigned	*busy;		/* per series: GATE_SIDE_* run busy (B) */
	int		*left;		/* per h->left: a new run's figure */
	size_t		 nbusy;		/* series judged with a busy side */
};
#define HISTORY_FAIL_CHANGE	0x1u	/* --fail-on change */
#define HISTORY_FAIL_BUSY	0x2u	/* --fail-on busy */
void	 history_gate(const struct history *, const struct history_query *,
	     size_t new_runs, struct history_gated *g);
const char *history_gate_trip(const struct history_gated *g, size_t series,
	     unsigned fail_on);
int	 history_gate_left_trip(const struct history_gated *g, size_t left,
	     unsigned fail_on);
void	 history_gated_free(struct history_gated *);
const char *history_run_name(const struct history *h, size_t run, char *buf,
	     size_t len);
void	 history_free(struct history *);

/* histindex.c: runs read through an index of their summaries */
#define HISTINDEX_VERSION	5	/* 3: figures of 0 or past range; 4: each
				   entry's hash, direction, build; 5: busy */
typedef void (*histindex_warn_cb)(const char *, void *);
struct histindex_stats {
	size_t	files;		/* run files seen */
	size_t	read;		/* of which read (new or changed) */
	size_t	bad;		/* named and read around */
	int	written;	/* the index was brought up to date */
};
const char *histindex_cache(const char *, char *, size_t);
int	 histindex_dir_path(const char *dir, const char *cache, char *buf,
	     size_t len, struct sm_error *err);
void	 histindex_load(struct history *h, char *const *paths, size_t n,
	     const char *cache, histindex_warn_cb warn, void *arg,
	     struct histindex_stats *st);

/* history_out.c: a history's tables and JSON */
void	 history_series_name(const struct history_series *, char *, size_t);
const char *history_apart_name(const struct history_series *);
void	 history_apart_str(const struct history_series *, char *, size_t);
void	 history_step_str(const struct changepoint *, char *, size_t);
void	 history_verdict(const struct history *h,
	     const struct history_series *k, char *buf, size_t len);
struct table *history_table(const struct history *);
int	 history_nth(const struct history *h, size_t number, size_t *series,
	     size_t *cp);
struct table *history_changes_table(const struct history *);
struct table *history_strays_table(const struct history *);
void	 history_step_age(const struct history *h,
	     const struct history_series *k, const struct changepoint *cp,
	     char *buf, size_t len);
void	 history_json(struct json_t *, const struct history *);
void	 history_json_gate(struct json_t *, const struct history *,
	     const struct history_gated *, unsigned fail_on);

/* history_export.c: BMF, Otava's CSV and its configuration */
void	 history_bmf_measure(const struct history_series *, char *, size_t);
struct json_t *history_bmf(const struct history *);
void	 history_otava(const struct history *, FILE *);
void	 history_otava_config(const struct history *, const char *csv,
	     FILE *);

/* history_compare.c: a change point's two sides compared */
#define HISTORY_SIDE	30	/* runs a side, the nearest */
#define HISTORY_BEFORE	"before the change"	/* the sides' names */
#define HISTORY_AFTER	"from the change"
struct history_sides {
	struct run	 *runs;		/* na before the change, nb from it */
	const char	**paths;	/* each run's file */
	size_t		  na, nb;
	char		  over[160];	/* the tests kept, as filter_over() */
};
int	 history_sides_load(const struct history *h, size_t series,
	     size_t cp, const struct filter *f, struct history_sides *s,
	     struct sm_error *err);
void	 history_sides_free(struct history_sides *s);
struct table *history_compare(const struct history *h, size_t series,
	     size_t cp, const struct filter *f, struct compare_opts *o,
	     struct sm_error *err);

/* drift.c: a host's drift at a gap, from its saved runs' variogram */
void	 drift_estimate(const struct history *h, const char *host,
	     const char *test, int version, int copies, double gap,
	     const unsigned char *skip, struct compare_drift *d);
/* drift_sides.c: compare's drift term for two sides taken apart */
void	 drift_sides(const struct run *const *runs, const char *const *paths,
	     int n, int split, const char *self, struct compare_opts *o,
	     struct compare_drift **out);

/* chart_history.c: a series of runs over time, its steps and levels */
void	 chart_history(struct sbuf *b, const struct history *h,
	     const struct history_series *k, const char *id);

/* report_history.c: a history as a page */
void	 report_history(struct sbuf *b, const struct history *h,
	     const char *title);

#endif
