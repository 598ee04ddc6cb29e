/*
 * The sysmark core: everything that measures, computes and stores, and
 * nothing that draws.  The headless CLI (src/main.c, src/cmd*.c,
 * src/cli_*.c) and the console (ui/) are both thin layers over this API,
 * so they always show the same truth.
 *
 * One section per file, in the order a run flows through them; the
 * header is long because it is the core's one interface, not because a
 * section is.  The files by concern (chart.h and the private headers
 * hold the rest):
 *
 *   basics       util.c rng.c squeeze.c paths.c privdir.c infile.c
 *   statistics   stats.c signif.c estimate.c hist.c
 *   the machine  sysinfo.c cpufreq.c fsinfo.c tools.c
 *   measuring    registry.c (the tests, src/bench/), runner.c with
 *                runner_schedule.c runner_record.c runner_hooks.c
 *                runner_plan.c runner_emit.c (private: runner_int.h),
 *                sampler.c (the child), sweep.c, hooks.c, resume.c,
 *                journal.c
 *   fleets       fleet.h (fleet_*.c)
 *   users        mix.c, users.c (the workload), users_report.c
 *   storage      run.c runsame.c, csvstore.c with csvstore_read.c
 *                csvstore_write.c (private: csvstore_int.h), csvcell.c,
 *                save.c, baseline.c
 *   import       import.c import_text.c import_byte.c import_bytelog.c
 *                import_lmbench3.c import_unixbench.c import_json.c
 *   judging      compare.c judge.c bmdiff.c gate.c filter.c noise.c
 *                detect.c index.c best.c scaling.c curves.c memhier.c
 *   output       table.c label.c runset.c report.c json_out.c json_run.c
 *                json_compare.c; pictures and HTML in chart.h (sbuf.c
 *                svg.c chart_*.c html.c outfile.c report_html.c)
 */
/* SPDX-License-Identifier: MIT */

#ifndef CORE_H
#define CORE_H

#include <sys/types.h>

#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../bench/bench.h"

#define SYSMARK_VERSION		"0.1.0"

/* Exit statuses shared by the CLI and its tests. */
#define SM_EXIT_OK		0
#define SM_EXIT_SAMPLE_FAILED	1
#define SM_EXIT_INPUT		2
#define SM_EXIT_SAVED_ELSEWHERE	3	/* the run is in a fallback file */
#define SM_EXIT_NOT_SAVED	4	/* the run is only on stderr */
#define SM_EXIT_INTERRUPTED	130

/* util.c */
struct sm_error {
	char	msg[256];
};
void	 sm_error_set(struct sm_error *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 sm_fatal(const char *, ...)
	     __attribute__((format(printf, 1, 2), noreturn));
void	 sm_set_fatal_hook(void (*)(void));
void	*xmalloc(size_t);
void	*xcalloc(size_t n, size_t size);
void	*xreallocarray(void *old, size_t n, size_t size);
char	*xstrdup(const char *);
uint64_t sm_now_ns(void);

int	 sm_parse_double(const char *, double *);
double	 sm_log_frac(double v, double lo, double hi);
int	 sm_parse_int(const char *s, long min, long max, long *out);
int	 sm_rmtree(const char *);
const char *sm_signame(int);
/* rng.c: a small seeded generator, so that an order can be replayed */
struct sm_rng {
	uint64_t	s;
};
void	 sm_rng_seed(struct sm_rng *, uint64_t);
uint64_t sm_rng_next(struct sm_rng *);
double	 sm_rng_uniform(struct sm_rng *);
double	 sm_rng_normal(struct sm_rng *);
void	 sm_rng_shuffle(struct sm_rng *, size_t *, size_t);

/* registry.c */
#define USERS_TEST		"users"	/* the test a users run makes */
extern const struct bench *const registry_all[];
size_t	 registry_count(void);
const struct bench *registry_find(const char *);
int	 registry_parse(const char *, const struct bench ***, size_t *,
	     struct sm_error *);

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
void	 stats_compute(const double *, size_t, struct stats *);
double	 stats_t975(size_t);
size_t	 stats_outliers(const double *, size_t, unsigned char *);

/* signif.c */
enum signif_test {
	SIGNIF_NONE = 0,
	SIGNIF_WELCH		/* Welch's t on the log of the ratio of means */
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
	SIGNIF_LEVEL_SAMPLES	/* one a side, no profile: a default floor */
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
double	 signif_t_twosided(double t, double df);
double	 signif_t_critical(double p, double df);
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
size_t	 estimate_flags_str(const struct estimate *, double, char *, size_t);
const char *estimate_flags_legend(void);
const char *estimate_gap_legend(void);

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

/* run.c */
#define RUN_MAX_COPIES		1024	/* copies of a test at once */
enum run_status {
	RUN_OK = 0,
	RUN_FAILED,
	RUN_SKIPPED		/* the test cannot run here; reason says why */
};
struct run_sample {
	char		 test[32];
	int		 version;
	char		 unit[8];
	int		 copies;
	int		 index;		/* 1-based within (test, copies) */
	enum run_status	 status;	/* here, where it fills a hole */
	double		 duration;	/* nominal seconds */
	double		 value;		/* the figure, summed over copies */
	double		 elapsed;	/* real seconds, longest copy */
	uint64_t	 iterations;	/* summed over copies */
	const char	*reason;	/* never NULL; run_sample_reason() */
	double		*per_copy;	/* copies figures; NULL if failed or
					   (one copy) the same as value */
	int		 repeat;	/* 1-based: run -R repeats the plan */
	double		 busy;		/* others runnable at start; NaN */
	double		 freq_mhz;	/* CPUs' mean clock at its end; NaN */
	double		 temp_c;	/* hottest thermal zone then; NaN */
	int		 session;	/* 1, or 2... after run --resume */
	double		 user_s;	/* the copies' and their children's */
	double		 sys_s;		/*   CPU seconds (wait4); NaN */
	double		 maxrss_kb;	/* the largest peak RSS of them; NaN */
};
/* Sample 0 of a test in a repeat is its warm-up: kept, not counted. */
#define RUN_WARMUP	0
struct run_meta {
	char	*key;
	char	*value;
};
/* One step kind's response times in one sample of a users run. */
struct run_hist {
	char		step[32];	/* the step kind: a test id or command */
	int		copies;		/* users */
	int		index;		/* the sample, 1-based */
	int		repeat;		/* the repeat, 1-based */
	struct hist	h;
};
struct run {
	struct run_meta		*meta;
	size_t			 nmeta;
	struct run_sample	*samples;
	size_t			 nsamples;
	size_t			 cap;
	struct run_hist		*hists;		/* users runs only */
	size_t			 nhists;
};
/* One (test, copies) pair of a run, as a report lists it. */
struct run_group {
	const char	*test;
	int		 copies;
};
void	 run_init(struct run *);
void	 run_free(struct run *);
void	 run_meta_set(struct run *run, const char *key, const char *value);
const char *run_meta_get(const struct run *, const char *);
double	 run_target(const struct run *);
struct run_sample *run_add_sample(struct run *);
void	 run_sample_reason(struct run_sample *, const char *);
void	 run_sample_free(struct run_sample *);
size_t	 run_groups(const struct run *, struct run_group **);
size_t	 run_group_values(const struct run *, const struct run_group *,
	     double **, size_t *);
size_t	 run_group_stats(const struct run *, const struct run_group *,
	     struct stats *);
int	 run_failed(const struct run *);
struct run_hist *run_add_hist(struct run *run, const char *step, int copies,
	     int index, int repeat);
struct run_hist *run_find_hist(const struct run *run, const char *step,
	     int copies, int index, int repeat);

/* sysinfo.c */
void	 sysinfo_collect(struct run *);
double	 sysinfo_loadavg(void);
int	 sysinfo_cpu_times(uint64_t *steal, uint64_t *total);
int	 sysinfo_ncpu(void);
int	 sysinfo_busy(void);
int	 sysinfo_not_idle(char *, size_t);

/* cpufreq.c: the CPU's clock and heat, from sysfs ($SYSMARK_SYSFS) */
#define CPUFREQ_NA	"not available"
int	 cpufreq_governor(char *, size_t);
int	 cpufreq_boost(char *, size_t);
double	 cpufreq_mhz(void);
double	 cpufreq_temp_c(void);
void	 cpufreq_collect(struct run *);
void	 cpufreq_sample(struct run_sample *);
int	 cpufreq_warn_governor(const struct run *, char *, size_t);
int	 cpufreq_warn_now(char *, size_t);
int	 cpufreq_warn_moved(struct run *, char *, size_t);
int	 cpufreq_warn_compare(const struct run *a, const char *na,
	     const struct run *b, const char *nb, char *msg, size_t len);
void	 cpufreq_head(const struct run *, char *, size_t);

/* hooks.c: the user's --prepare, --setup and --cleanup commands */
#define HOOKS_TIMEOUT	600.0	/* seconds a hook may take */
enum hooks_outcome {
	HOOKS_OK = 0,
	HOOKS_FAILED,
	HOOKS_INTERRUPTED	/* the stop flag was raised */
};
struct hooks_call {
	const char		*what;		/* "--prepare", for messages */
	const char		*cmd;		/* for /bin/sh -c, as written */
	const char		*test;		/* SYSMARK_TEST, or NULL */
	int			 copies;	/* SYSMARK_COPIES and so on */
	int			 sample;
	int			 repeat;
	double			 timeout;	/* seconds */
	volatile sig_atomic_t	*stop;		/* or NULL */
};
int	 hooks_run(const struct hooks_call *, char *, size_t);
void	 hooks_head(const struct run *, char *, size_t);
void	 hooks_quote(const char *, char *, size_t);

/* paths.c */
int	 paths_self_exe(const char *, char *, size_t);
int	 paths_tree_top(const char *, char *, size_t);
void	 paths_data_dir(const char *self, const char *env, const char *sub,
	     char *buf, size_t len);
int	 paths_results_dir(const char *, char *, size_t, struct sm_error *);
int	 paths_default_run(const char *, const struct run *, char *, size_t,
	     struct sm_error *);
int	 paths_claim(const char *dir, const char *stem, char *buf, size_t len,
	     struct sm_error *err);
size_t	 paths_list_csv(const char *, char ***);
char	*paths_label(const char *);

/* infile.c */
#define INFILE_PATH_SHOWN	96	/* a longer path loses its head */
const char *infile_kind(mode_t);
const char *infile_short(const char *, char *, size_t);
FILE	*infile_open(const char *, off_t, struct sm_error *);
size_t	 infile_bom(const char *, size_t);

/* fsinfo.c */
void	 fsinfo_collect(struct run *, const char *);
void	 fsinfo_unescape(char *);

/* privdir.c */
size_t	 privdir_sweep(const char *);
int	 privdir_make(char *, size_t, struct sm_error *);
int	 privdir_make_in(const char *, char *, size_t, struct sm_error *);

/* save.c */
enum save_outcome {
	SAVE_OK = 0,
	SAVE_FALLBACK,		/* not where asked, but in a fallback file */
	SAVE_NONE		/* in no file at all */
};
void	 save_dir_of(const char *, char *, size_t);
int	 save_check_dir(const char *, struct sm_error *);
int	 save_check(const char *self, const char *out, int force,
	     struct sm_error *err);
enum save_outcome save_run(const struct run *run, const char *self,
	     const char *out, int force, char *path, size_t len,
	     struct sm_error *err);
int	 save_claim_default(const struct run *, const char *, char *, size_t,
	     struct sm_error *);

/* journal.c: a run saved as it goes, for run --resume */
struct journal {
	char		path[PATH_MAX];
	char		lock[PATH_MAX + 8];	/* path.lock, while held */
	uint64_t	last;		/* when last written, ns */
	int		written;	/* at least once */
	int		claimed;	/* a default name claimed for it */
	int		failed;		/* writes that failed */
	struct sm_error	err;		/* the first failure */
};
int	 journal_begin(struct journal *j, const char *self, const char *out,
	     int force, const struct run *run, struct sm_error *err);
void	 journal_release(struct journal *);
int	 journal_write(struct journal *, struct run *, int);
void	 journal_abandon(struct journal *);

/* csvcell.c */
void	 csvcell_add(char **field, size_t max, size_t *n, const void *s,
	     size_t len);
void	 csvcell_clear(char **, size_t, size_t *);

/* csvstore.c: the format; csvstore_read.c, csvstore_write.c */
#define CSVSTORE_FORMAT		4
#define CSVSTORE_MAX_FILE	((off_t)1 << 30)	/* bytes */
#define CSVSTORE_MAX_LINE	(1 << 20)		/* bytes */
#define CSVSTORE_MAX_SECONDS	1e7	/* a duration or elapsed time */
int	 csvstore_save(const struct run *, const char *, int,
	     struct sm_error *);
int	 csvstore_check_sample(const struct run_sample *, char *, size_t);
int	 csvstore_check(const struct run *, struct sm_error *);
int	 csvstore_print(const struct run *, FILE *);
int	 csvstore_load(struct run *, const char *, struct sm_error *);
int	 csvstore_load_file(struct run *, FILE *, const char *,
	     struct sm_error *);
int	 csvstore_load_buf(struct run *run, const char *buf, size_t len,
	     const char *name, struct sm_error *err);

/* table.c */
#define TABLE_TEXT_WIDTH	80	/* what a terminal is assumed to have */
enum table_align {
	TABLE_LEFT = 0,
	TABLE_RIGHT
};
enum table_format {
	TABLE_TEXT = 0,
	TABLE_CSV,
	TABLE_MD,
	TABLE_JSON		/* whole documents only: json_out.c */
};
struct table_col {
	char			*header;
	enum table_align	 align;
	int			 yields;	/* text: wraps first */
};
struct table_row {
	int	  section;	/* a heading spanning the row */
	char	**cells;
	char	 *key;		/* a short unique name for the first cell
				   where it does not fit ("syscall x2"), or
				   NULL */
};
struct table {
	char			*title;
	struct table_col	*cols;
	size_t			 ncols;
	struct table_row	*rows;
	size_t			 nrows;
	char			**notes;
	size_t			 nnotes;
	size_t			 width;		/* text: fit to this; 0: any */
	size_t			 wrap;		/* text: the wrapping column */
};
struct table *table_new(const char *);
void	 table_set_title(struct table *, const char *);
void	 table_free(struct table *);
void	 table_add_col(struct table *, const char *, enum table_align);
void	 table_drop_col(struct table *, size_t);
size_t	 table_add_row(struct table *);
void	 table_add_section(struct table *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 table_set(struct table *t, size_t row, size_t col,
	     const char *fmt, ...)
	     __attribute__((format(printf, 4, 5)));
void	 table_set_key(struct table *, size_t, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
void	 table_add_note(struct table *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
size_t	 table_col_width(const struct table *, size_t);
void	 table_fit(struct table *t, size_t width, size_t col);
void	 table_yield(struct table *, size_t);
int	 table_format_parse(const char *, enum table_format *);
int	 table_render(const struct table *, enum table_format, FILE *,
	     struct sm_error *);

/* label.c */
void	 label_value(double, char *, size_t);
const char *label_title(const char *);
const char *label_title_in(const struct run *const *, size_t,
	     const char *);
char	*label_run(const struct run *, const char *);

/* report.c */
struct table *report_results(const struct run *, int);
void	 report_fold_samples(struct table *);
struct table *report_stats(const struct run *);

/* runset.c */
double	 runset_figure(const struct run *, const char *, int);
size_t	 runset_merge(const struct run *const *, size_t,
	     struct run_group **);
size_t	 runset_union(const struct run *const *, size_t,
	     struct run_group **);
void	 runset_set_title(struct table *t, size_t row,
	     const struct run *const *runs, size_t nrun,
	     const struct run_group *g, const char *extra);
enum bench_dir runset_dir(const struct run *const *, size_t, const char *);
int	 runset_version(const struct run *, const struct run_group *);
int	 runset_version_differs(int a, int b);

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
void	 judge_hosts(const struct compare_side *a,
	     const struct compare_side *b, const struct run_group *g,
	     enum bench_dir dir, const struct compare_opts *o,
	     const struct run *pa, const struct run *pb, struct signif *s);

/* bmdiff.c */
enum bmdiff_kind {
	BMDIFF_RANKED = 0,
	BMDIFF_VERSION,		/* workload versions differ: not ranked */
	BMDIFF_ONLY_OLD,
	BMDIFF_ONLY_NEW
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
void	 bmdiff_warnings(const struct compare_side *a,
	     const struct compare_side *b, const struct compare_opts *o,
	     char *buf, size_t len);

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
struct gate {
	unsigned	mask;		/* GATE_*; 0: no gate */
	double		blind;		/* blind:PCT, as a fraction */
};
int	 gate_parse(const char *, struct gate *, struct sm_error *);
const char *gate_trip(const struct gate *, const struct bmdiff_line *);
void	 gate_str(const struct gate *, char *, size_t);
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

/* json_out.c: -f json (doc/json.md); jansson's json_t, opaque here */
#define JSON_OUT_VERSION	1	/* "sysmark_json": bumped on a change */
struct json_t;
struct json_t *json_out_doc(const char *);
void	 json_out_set(struct json_t *obj, const char *key, struct json_t *v);
void	 json_out_append(struct json_t *arr, struct json_t *v);
struct json_t *json_out_object(void);
struct json_t *json_out_array(void);
struct json_t *json_out_number(double);
struct json_t *json_out_string(const char *);
void	 json_out_num(struct json_t *, const char *, double);
void	 json_out_null(struct json_t *, const char *);
void	 json_out_int(struct json_t *, const char *, long long);
void	 json_out_bool(struct json_t *, const char *, int);
void	 json_out_str(struct json_t *obj, const char *key, const char *s);
struct json_t *json_out_table(const struct table *);
void	 json_out_add_tables(struct json_t *, struct table **, size_t);
void	 json_out_catalog(struct json_t *);
int	 json_out_write(struct json_t *, FILE *, struct sm_error *);
/* json_run.c */
struct json_t *json_run_object(const struct run *, const char *);
void	 json_run_add(struct json_t *, const struct run *, const char *);
/* json_compare.c */
size_t	 json_compare_add(struct json_t *doc, const struct compare_side *a,
	     size_t afirst, const struct compare_side *b, size_t bfirst,
	     const struct bmdiff_line *lines, size_t n,
	     const struct compare_opts *co);

/* baseline.c */
void	 baseline_dir(const char *, char *, size_t);
size_t	 baseline_list(const char *, char ***);
int	 baseline_resolve(const char *self, const char *arg, struct run *run,
	     struct sm_error *err);

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

/* detect.c: the smallest detectable change, planned from the profile */
struct plan;
struct detect_choice {
	int		 runs;		/* a side: 1, or taken in turn */
	int		 repeats;
	int		 samples;
	double		 run_seconds;	/* one run of the plan */
	double		 seconds;	/* a side's runs */
	double		 worst;		/* largest detectable change */
	const char	*worst_test;	/* whose it is */
	int		 reached;
};
double	 detect_settings(const struct run *profile, const struct run_group *g,
	     int runs, int repeats, int samples, double alpha,
	     double min_effect);
int	 detect_choose(const struct run *profile,
	     const struct plan *plan, double alpha, double min_effect,
	     double target, struct detect_choice *c);
void	 detect_secs(double, char *, size_t);
void	 detect_describe(const struct detect_choice *, char *, size_t);
struct table *detect_table(const struct run *);

/* import.c: results of other suites -> runs; import_text.c: shared */
struct import {
	const char	 *path;
	char		**lines;	/* the file, one string per line */
	size_t		  nlines;
	struct run	 *run;
	char		**warn;		/* "path:line: ... skipped" */
	size_t		  nwarn;
	size_t		  nresults;
};
#define IMPORT_MAX_FILE	(4 << 20)	/* bytes: reports are small */
int	 import_read(const char *, struct run *, char ***, size_t *,
	     struct sm_error *);
int	 import_read_buf(const char *buf, size_t len, const char *name,
	     struct run *run, char ***warn, size_t *nwarn,
	     struct sm_error *err);
void	 import_warn(struct import *, size_t, const char *);
struct import_result {
	const char	*id;
	const char	*unit;
	int		 copies;
	double		 duration;	/* seconds; 0: not known */
	double		 value;
};
struct run_sample *import_add(struct import *, size_t,
	     const struct import_result *);
const char *import_skip_space(const char *);
int	 import_blank(const char *);
int	 import_rule(const char *, char);
const char *import_after(const char *line, const char *prefix);
const char *import_test_id(const char *, size_t);
int	 import_result(struct import *, size_t, int, struct sm_error *);
int	 import_index_row(const char *);
int	 import_number(const char *, size_t, double *);
int	 import_seen(const struct import *, const char *, int);

/* import_json.c: hyperfine's and Google Benchmark's JSON */
int	 import_json_is(const char *, size_t);
int	 import_json_read(struct import *, const char *, size_t,
	     struct sm_error *);

/* import_byte.c */
int	 import_byte_read(struct import *, size_t, struct sm_error *);

/* import_bytelog.c */
int	 import_bytelog_is(const struct import *);
int	 import_bytelog_read(struct import *, struct sm_error *);

/* import_lmbench3.c */
int	 import_lmbench3_is(const struct import *);
int	 import_lmbench3_read(struct import *, struct sm_error *);

/* import_unixbench.c */
int	 import_unixbench_read(struct import *, size_t, struct sm_error *);

/* noise.c */
struct plan;
int	 noise_path(const char *self, const char *host, char *buf, size_t len,
	     struct sm_error *err);
const char *noise_host(const struct run *const *, size_t);
int	 noise_check(const struct run *, const char *, int, char *, size_t,
	     struct sm_error *);
int	 noise_find(const char *self, const struct run *const *runs,
	     size_t nrun, struct run *profile, char *path, size_t len,
	     char *note, size_t nlen, struct sm_error *err);
int	 noise_find_noted(const char *self, const struct run *const *runs,
	     size_t nrun, struct run *profile, char *path, size_t len,
	     struct sm_error *err);
struct table *noise_table(const struct run *);
#define NOISE_KIND		"noise-profile"	/* a profile's meta kind */
#define NOISE_REPEATS		5	/* calibrate's default */
#define NOISE_SPAN		300.0	/* seconds the repeats spread over */
void	 noise_plan(struct plan *, int, double);

/* tools.c */
void	 tools_record(struct run *, const struct bench *const *, size_t);

/* sampler.c: the child's side of the runner */
enum sampler_msg_type {
	SAMPLER_READY = 1,
	SAMPLER_RESULT,
	SAMPLER_ERROR
};
#define SAMPLER_MAGIC	0x534d4b31u	/* "SMK1" */
struct sampler_msg {
	uint32_t	magic;
	uint32_t	type;
	int32_t		copy;
	uint32_t	pad;
	uint64_t	iterations;
	uint64_t	elapsed_ns;
	char		text[200];	/* ERROR: why; RESULT: placement */
	uint64_t	overhead_ns;	/* RESULT: to subtract from elapsed */
};
/* The clock and the empty loop, measured once per run (calibrated tests). */
struct sampler_probe {
	double	resolution_ns;	/* smallest step the clock shows */
	double	cost_ns;	/* one clock read */
	double	empty_ns;	/* one pass of an empty loop */
	uint64_t batch_ns;	/* a calibrated batch lasts at least this */
};
struct sampler_args {
	const struct bench	*bench;
	int			 copy;
	int			 copies;
	int			 report_fd;
	int			 go_fd;
	pid_t			 parent;
	double			 duration;
	const char		*tmpdir;
	const char		*self_exe;
	const struct sampler_probe *probe;
};
void	 sampler_probe(struct sampler_probe *, struct run *);
void	 sampler_child(const struct sampler_args *)
	     __attribute__((noreturn));
double	 sampler_figure(const struct bench *b, uint64_t iterations,
	     uint64_t ns);

/* squeeze.c */
void	 sm_squeeze(char *, size_t, const char *);

/* runsame.c */
int	 run_same(const struct run *a, const struct run *b);

/* sweep.c */
/* In each copy's environment: the run's mark, that finds its orphans. */
#define SWEEP_VAR	"SYSMARK_RUN_DIR"
void	 sweep_subreaper(void);
int	 sweep_groups(const pid_t *, size_t);
int	 sweep_orphans(const char *);

/* plan.c: one run's plan, its defaults, check, estimate and run-file keys */
enum runner_order {
	RUNNER_ORDER_GROUPED = 0,	/* each test's samples back to back */
	RUNNER_ORDER_INTERLEAVED	/* rounds, each in a shuffled order */
};

struct command_set;
#define PLAN_SAMPLES		6	/* -n */
#define PLAN_DURATION		10.0	/* -d, seconds */
#define PLAN_TIME_CAP		600.0	/* -C's cap unless -T, seconds */
#define PLAN_NCOPIES		16	/* copies values in one plan (-c) */
#define PLAN_MIN_DURATION	0.1
#define PLAN_MAX_DURATION	86400.0
#define PLAN_MAX_SAMPLES	1000
#define PLAN_MAX_REPEATS	100
#define PLAN_CALIBRATED_S	0.3	/* a calibrated sample, roughly */
#define PLAN_SCALE		"scale"	/* -c: 1, 2, 4, ... twice the CPUs */
struct plan {
	const struct bench	**benches;	/* owned array */
	size_t			  nbench;
	int			  copies[PLAN_NCOPIES];	/* each bench at each */
	size_t			  ncopies;
	int			  samples;
	double			  duration;	/* seconds per sample */
	int			  repeats;	/* the plan this often */
	enum runner_order	  order;
	uint64_t		  seed;		/* of the order; 0: the clock */
	int			  warmup;	/* 1: a warm-up sample first */
	double			  gap;		/* seconds between repeats */
	double			  target;	/* -C, a fraction; 0: fixed n */
	double			  time_cap;	/* -C's cap, seconds */
	char			 *prepare;	/* before every sample, or NULL */
	char			 *setup;	/* before a test's first */
	char			 *cleanup;	/* after the run, per test */
	char			 *baseline;	/* -b NAME that -C aims at */
	struct command_set	 *commands;	/* run -x, --suite: owned; the
						   benches point into it */
};
void	 plan_init(struct plan *);
void	 plan_free(struct plan *);
void	 plan_copy(struct plan *dst, const struct plan *src);
void	 plan_set_str(char **field, const char *v);
void	 plan_set_benches(struct plan *, const struct bench *const *, size_t);
void	 plan_add_commands(struct plan *, struct command_set *);
int	 plan_check(const struct plan *, struct sm_error *);
double	 plan_sample_estimate(const struct bench *, double);
double	 plan_estimate(const struct plan *);
int	 plan_crowded(const struct plan *, char *msg, size_t len);
int	 plan_parse_copies(const char *arg, int *out, size_t max, size_t *n,
	     struct sm_error *err);
void	 plan_write(const struct plan *, struct run *);
int	 plan_read(struct plan *, const struct run *, const char *path,
	     struct sm_error *err);

/* runner.c: the samples' processes (schedule, record, hooks: runner_int.h) */
/*
 * What a front end adds to a plan to run it here: where sysmark is, how
 * long a late copy may take, what a users run collects, the flag that
 * ends a hook's wait, -C's aim, and a resume's session.
 */
struct runner_env {
	const char		 *self_exe;
	double			  grace;	/* past the deadline; 0: the
						   default for the duration */
	/*
	 * Optional: called for each sample whose copies all succeeded,
	 * before its directory (copy k's files in c<k>) is removed, to take
	 * what the copies left there into the run.  0, or -1 with why in
	 * the sample's reason: the sample then counts as failed.
	 */
	int			(*collect)(void *, const char *,
				    struct run_sample *, struct run *);
	void			 *collect_arg;
	volatile sig_atomic_t	 *stop;		/* ends a hook's wait */
	const struct run	 *index_base;	/* -C aims at its index */
	const struct run	 *noise;	/* host profile for it, or NULL */
	int			  resume;	/* take only the samples the
						   run does not hold yet */
	int			  session;	/* the new samples'; 0 = 1 */
};
enum runner_ev_type {
	RUNNER_EV_RUN_START = 1,
	RUNNER_EV_BENCH_START,
	RUNNER_EV_SAMPLE_START,
	RUNNER_EV_SAMPLE,
	RUNNER_EV_PROGRESS,
	RUNNER_EV_BENCH_DONE,
	RUNNER_EV_ERROR,
	RUNNER_EV_FINISHED,
	RUNNER_EV_SKIPPED,		/* rs, msg: the bench cannot run here */
	/* The session's (session.c), around the runner's: */
	SESSION_EV_WARNING,		/* msg: figures may suffer */
	SESSION_EV_SAVED,		/* msg: the run's file */
	SESSION_EV_NOT_SAVED		/* msg: why; status says where */
};
struct runner_event {
	enum runner_ev_type	 type;
	const struct bench	*bench;
	int			 copies;
	int			 sample;	/* 1-based; 0: the warm-up */
	int			 nsamples;
	int			 repeat;	/* 1-based */
	double			 duration;
	const struct run_sample	*rs;		/* SAMPLE, ERROR */
	const struct stats	*stats;		/* BENCH_DONE */
	const char		*msg;		/* ERROR, SESSION_EV_* */
	size_t			 done;		/* PROGRESS: samples done */
	size_t			 total;
	int			 cancelled;	/* FINISHED */
};
typedef void (*runner_cb)(const struct runner_event *, void *);
struct runner;
struct runner *runner_start(const struct plan *, const struct runner_env *,
	     struct run *, runner_cb, void *, struct sm_error *);
int	 runner_fd(const struct runner *);
int	 runner_timeout_ms(const struct runner *);
int	 runner_step(struct runner *);
void	 runner_cancel(struct runner *);
void	 runner_free(struct runner *);
int	 runner_wait(struct runner *, volatile sig_atomic_t *);
void	 runner_skip_test(struct runner *);

/* runner_plan.c: what this host allows a run (copies, grace) */
double	 runner_default_grace(double);
int	 runner_max_copies(void);

/* resume.c: run --resume, an interrupted run continued from its file */
struct resume {
	struct run		 run;		/* the file's */
	struct plan		 plan;		/* as the file records it */
	int			 session;	/* the new samples' */
};
int	 resume_load(struct resume *, const char *, int, struct sm_error *);
void	 resume_note_gap(struct resume *);
int	 resume_find(const char *, char *, size_t);
void	 resume_free(struct resume *);

/*
 * session.c: one measured run, whoever drives it (run, calibrate, users,
 * the agent, the console): begun (the machine's facts, the plan noted,
 * warnings, the file claimed), stepped, and ended (its notes, warnings,
 * the save with its fallback, the exit status), speaking only through
 * runner events.  Every session journals as it goes (journal.c) unless
 * it is a noise profile, which replaces the host's profile only whole.
 */
struct session_conf {
	const char		*self;		/* sysmark's path, or NULL */
	const char		*out;		/* the file; NULL: a default
						   name claimed now */
	int			 force;		/* out may be replaced */
	const char		*kind;		/* "noise-profile", or NULL */
	const char		*label;		/* meta label, or NULL */
	const char		*note;		/* meta note, or NULL */
	const struct mix	*mix;		/* a users run: its mix... */
	struct bench		*users;		/* ...as this test */
	struct resume		*from;		/* a resume: the file's run,
						   taken over */
	const struct run	*base;		/* -b's run, or NULL */
	const struct run	*noise;		/* -C's host profile, or NULL */
	volatile sig_atomic_t	*stop;		/* set by a signal, or NULL */
};
struct session;
struct session *session_begin(const struct plan *,
	     const struct session_conf *, struct run *, runner_cb, void *,
	     struct sm_error *);
int	 session_fd(const struct session *);
int	 session_timeout_ms(const struct session *);
int	 session_step(struct session *);
void	 session_cancel(struct session *);
void	 session_skip_test(struct session *);
int	 session_wait(struct session *);
int	 session_end(struct session *);
const char *session_path(const struct session *);
int	 session_journaling(const struct session *);
void	 session_free(struct session *);

/* curves.c */
size_t	 curves_tables(const struct run *, struct table ***);
size_t	 curves_compare(const struct run *const *, const char *const *,
	     size_t, struct table ***);

/* scaling.c: a test's figures as copies are added */
struct table *scaling_table(const struct run *);
struct table *scaling_compare(const struct run *const *,
	     const char *const *, size_t);

/* mix.c: one simulated user's steps */
#define MIX_MAX_STEPS		64
#define MIX_MAX_KINDS		16
#define MIX_MAX_THINK		3600.0	/* seconds */
#define MIX_MAX_USERS		256
#define MIX_MAX_ITERATIONS	1000000000L
/* The most exec takes in one argument on Linux (MAX_ARG_STRLEN). */
#define MIX_MAX_ARG		131072L
enum mix_kind {
	MIX_TEST = 0,
	MIX_COMMAND
};
struct mix_step {
	enum mix_kind		 kind;
	const struct bench	*bench;		/* MIX_TEST */
	char			*command;	/* MIX_COMMAND, for sh -c */
	uint64_t		 iterations;	/* loops, or runs, per step */
	double			 think;		/* seconds after the step */
	size_t			 kind_index;	/* into mix.kinds */
	size_t			 line;
};
struct mix {
	char			*path;
	char			*name;		/* the file's name, no .csv */
	char			*dir;		/* where it lives */
	char			*source;	/* where the mix comes from */
	struct mix_step		*steps;
	size_t			 nsteps;
	char			 kinds[MIX_MAX_KINDS][32];	/* step kinds */
	size_t			 nkinds;
	int			 users[16];	/* its own user counts */
	size_t			 nusers;
};
int	 mix_load(struct mix *m, const char *self, const char *arg,
	     struct sm_error *err);
void	 mix_free(struct mix *);
int	 mix_parse_users(const char *, int *, size_t, size_t *,
	     struct sm_error *);
size_t	 mix_list(const char *, char ***);

/* users.c: U users running a mix at once, as one runner test */
#define USERS_SAMPLES		3	/* users -n, the console's too */
void	 users_plan_init(struct plan *, const struct bench *);
void	 users_prepare(const struct plan *, struct runner_env *,
	     struct bench *, const struct mix *, struct run *);

/* users_report.c: a users run's tables, plot and curve */
struct table *users_table(const struct run *);
struct table *users_plot(const struct run *);
struct table *users_compare(const struct run *const *, const char *const *,
	     size_t);
struct users_pct {
	int	users;
	double	p50, p90, p99;	/* ns, over every step */
};
size_t	 users_curve(const struct run *, struct users_pct **, int *);

/* changepoint.c: where a series of runs changed level */
#define CHANGEPOINT_ALPHA	0.05
#define CHANGEPOINT_PERMS	199	/* permutations per cut tested */
#define CHANGEPOINT_MIN_RUNS	5	/* fewer: too short to search */
#define CHANGEPOINT_MIN_SIDE	2	/* runs a level holds, but the newest */
#define CHANGEPOINT_MAX		64	/* change points a series may hold */
#define CHANGEPOINT_VAR_FLOOR	1e-12	/* of a log figure */
struct changepoint {
	size_t	at;		/* the first run of the new level */
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
};
enum changepoint_status {
	CHANGEPOINT_OK = 0,
	CHANGEPOINT_SHORT	/* under CHANGEPOINT_MIN_RUNS runs */
};
struct changepoint_result {
	enum changepoint_status	 status;
	struct changepoint	*cps;
	size_t			 ncps;
	double			 detect;	/* a step it would find, 80% */
	double			 tau2;		/* runs' variance beyond own */
};
void	 changepoint_opts_default(struct changepoint_opts *);
void	 changepoint_find(const double *v, const double *relvar, size_t n,
	     const struct changepoint_opts *o, struct changepoint_result *r);
void	 changepoint_result_free(struct changepoint_result *);

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
};
struct history_series {
	const char		*host;
	char			 test[32];
	int			 version;
	int			 copies;
	char			 unit[8];
	enum bench_dir		 dir;
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
};
void	 history_init(struct history *);
long long history_parse_date(const char *);
size_t	 history_add_run(struct history *h, const char *path,
	     const char *host, const char *date, const char *label,
	     const char *commit);
struct history_sum *history_add_sum(struct history *);
void	 history_add_sums(struct history *h, const struct history_sum *s,
	     size_t n, size_t run);
int	 history_add_loaded(struct history *, const char *,
	     const struct run *);
void	 history_build(struct history *, const struct history_query *);
int	 history_worse(const struct changepoint *, enum bench_dir);
int	 history_newest_worse(const struct history_series *);
const char *history_run_name(const struct history *h, size_t run, char *buf,
	     size_t len);
void	 history_free(struct history *);

/* histindex.c: runs read through an index of their summaries */
#define HISTINDEX_VERSION	1
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

/* history_out.c: a history's tables, JSON, BMF and Otava's CSV */
void	 history_series_name(const struct history_series *, char *, size_t);
void	 history_step_str(const struct changepoint *, char *, size_t);
void	 history_verdict(const struct history *h,
	     const struct history_series *k, char *buf, size_t len);
struct table *history_table(const struct history *);
int	 history_nth(const struct history *h, size_t number, size_t *series,
	     size_t *cp);
struct table *history_changes_table(const struct history *);
void	 history_json(struct json_t *, const struct history *);
struct json_t *history_bmf(const struct history *);
void	 history_otava(const struct history *, FILE *);

/* history_compare.c: a change point's two sides compared */
#define HISTORY_SIDE	30	/* runs a side, the nearest */
struct table *history_compare(const struct history *h, size_t series,
	     size_t cp, const struct filter *f, struct compare_opts *o,
	     struct sm_error *err);

/* units.c: what each unit a test reports in means */
const char *unit_describe(const char *);
const char *unit_at(size_t);

/* blind.c: a detectable change too large to mean anything, in words */
#define BLIND_LIMIT	1.0	/* 100%: a figure twice or half as large */
int	 blind_is(double);
void	 blind_advice(const char *, char *, size_t);

/* visible.c: text from a file or a host, safe to show on a terminal */
#define VISIBLE_LINES	0x1	/* keep newlines (a title, a note) */
size_t	 visible_utf8(const unsigned char *);
size_t	 visible_buf(const char *, char *, size_t, unsigned);
char	*xvisible(const char *, unsigned);	/* util.c */

/* json_out.c: a document not written after all (an error on the way) */
void	 json_out_free(struct json_t *);

/*
 * command.c, command_bench.c, command_suite.c: command tests, a user's
 * command line timed as a test of the run (run -x, --suite)
 */
#define COMMAND_MAX_PARAMS	4
#define COMMAND_MAX_VALUES	1000
#define COMMAND_TIMEOUT		600	/* default seconds per execution */
struct command_opts {
	int		 no_shell;	/* -N: never through /bin/sh */
	int		 show_output;	/* to sysmark's stderr, not /dev/null */
	int		 ignore_fail;	/* -i: a non-zero exit is no failure */
	unsigned	 warmup;	/* -w: untimed executions per sample */
	double		 timeout;	/* seconds per execution, 0: none */
};
struct command {
	char			 name[32];	/* the test's id */
	char			*text;		/* as given, parameters set */
	char			**argv;		/* what is executed */
	int			 shell;		/* through /bin/sh -c */
	int			 version;	/* hash of text and shell */
	char			*param;		/* "NAME=value ...", or NULL */
	char			*title;		/* a suite's, or NULL */
	char			*setup;		/* a suite's, sh -c, or NULL */
	char			*cleanup;
	char			 unit[8];	/* "s" unless a suite says */
	enum bench_dir		 dir;
	double			 scale;
	struct command_opts	 opts;
	struct bench		 bench;		/* .arg is this command */
};
struct command_param {
	char	  name[32];
	char	**values;
	size_t	  n;
};
struct command_set {
	struct command	**cmd;		/* each allocated: benches point in */
	size_t		  n;
};
int	 command_valid_name(const char *, size_t);
int	 command_parse(struct command *, const char *,
	     const struct command_opts *, struct sm_error *);
void	 command_free(struct command *);
void	 command_ident(const char *, char [32], int *);
int	 command_param_range(struct command_param *, const char *name,
	     const char *lo, const char *hi, const char *step,
	     struct sm_error *);
int	 command_param_list(struct command_param *, const char *name,
	     const char *list, struct sm_error *);
void	 command_param_free(struct command_param *);
int	 command_add(struct command_set *, const char *spec,
	     const struct command_param *, size_t,
	     const struct command_opts *, struct sm_error *);
void	 command_set_free(struct command_set *);
struct command_set *command_set_copy(const struct command_set *);
char	*command_encode(const struct command *);
int	 command_decode(struct command_set *, const char *id, const char *,
	     struct sm_error *);
void	 command_bench_init(struct command *);
const struct command *command_of(const struct bench *);
void	 command_meta(const struct command *, struct run *);
int	 command_suite_load(struct command_set *, const char *path,
	     const struct command_param *, size_t,
	     const struct command_opts *, struct sm_error *);

/* csvrows.c: a small CSV file of rows, each named by its line */
#define CSVROWS_COLS	16
struct csvrows {
	const char	*path;
	struct sm_error	*err;
	void		(*row)(struct csvrows *);
	void		*data;
	char		*field[CSVROWS_COLS];
	size_t		 nfield;	/* may exceed CSVROWS_COLS */
	size_t		 nrec;		/* records before this one */
	size_t		 line;
	size_t		 rec_line;	/* where this record began */
	int		 in_record;
	int		 comment;
	int		 failed;
};
int	 csvrows_read(const char *, void (*)(struct csvrows *),
	     void (*)(struct csvrows *), void *, struct sm_error *);
void	 csvrows_bad(struct csvrows *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));

#endif
