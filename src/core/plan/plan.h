/*
 * The core's plan layer: planning a run: the plan itself (plan.c), the host
 * noise profile (noise.c) the smallest detectable change it predicts
 * (detect.c), and the commands a plan may time as tests (command.c,
 * command_bench.c, command_suite.c) and the scans among them
 * (command_curve.c), the named presets (preset.c).
 *
 * Layers call only down: this header includes the one below it (judge),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_PLAN_H
#define SYSMARK_PLAN_H

#include "../judge/judge.h"

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
	enum signif_level level;	/* what compare judges them by */
};
double	 detect_settings(const struct run *profile, const struct run_group *g,
	     int runs, int repeats, int samples, double alpha,
	     double min_effect);
int	 detect_choose(const struct run *profile,
	     const struct plan *plan, double alpha, double min_effect,
	     double target, struct detect_choice *c);
void	 detect_secs(double, char *, size_t);
/* A side's shape: runs of repeats x samples. */
struct detect_shape {
	int	runs;
	int	repeats;
	int	samples;
};
/* How a side's figures spread: relative variances and the within CV. */
struct detect_spread {
	double	within_cv;	/* of one sample */
	double	unit_var;	/* of one repeat's mean */
	double	stretch_var;	/* of a stretch's that compare batches */
};

void	 detect_judge(const struct run *profile, const struct run_group *g,
	     const struct detect_shape *sh, double alpha, double min_effect,
	     struct signif *s);

/* detect_sim.c: the planned comparison, judged as compare judges */
void	 detect_sim_judge(const struct run *profile, const struct run_group *g,
	     const struct detect_spread *sp, const struct detect_shape *sh,
	     double alpha, double min_effect, struct signif *s);
void	 detect_describe(const struct detect_choice *, char *, size_t);
struct table *detect_table(const struct run *);

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
double	 noise_window(const struct run *);
#define NOISE_KIND		"noise-profile"	/* a profile's meta kind */
#define NOISE_REPEATS		5	/* calibrate's default */
#define NOISE_SPAN		300.0	/* seconds the repeats spread over */
void	 noise_plan(struct plan *, int, double);
int	 noise_calibration(struct plan *, const char *self, int repeats,
	     double gap, char *path, size_t len, struct sm_error *err);
#define NOISE_FRESH_AGE		86400.0		/* seconds: warned past */
#define NOISE_MAX_AGE		(7 * 86400.0)	/* refused past, to plan */
int	 noise_stale(const struct run *profile, long long now,
	     double load_now, char *msg, size_t len);
void	 noise_promise_range(double df, double *lo, double *hi);
int	 noise_repeats_for(double within);

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
/* A plan of commands alone, unless -d or -n: hyperfine's at least 10
   executions and 3 s (each sample at least one execution). */
#define PLAN_COMMAND_SAMPLES	10
#define PLAN_COMMAND_DURATION	0.3
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
	int			  duet;		/* --duet: benches 0 and 1 at
						   once, a CPU each */
};
void	 plan_init(struct plan *);
void	 plan_free(struct plan *);
void	 plan_copy(struct plan *dst, const struct plan *src);
void	 plan_set_str(char **field, const char *v);
void	 plan_set_benches(struct plan *, const struct bench *const *, size_t);
void	 plan_add_commands(struct plan *, struct command_set *);
int	 plan_commands_only(const struct plan *);
void	 plan_command_defaults(struct plan *);
int	 plan_check(const struct plan *, struct sm_error *);
/* plan_duet.c: run --duet, two commands at once (doc/duet.md) */
#define PLAN_DUET_ALONE_EVERY	4	/* a round alone each this often */
int	 plan_duet_check(const struct plan *, struct sm_error *);
void	 plan_duet_write(const struct plan *, struct run *);
int	 plan_duet_read(struct plan *, const struct run *, const char *,
	     struct sm_error *);
double	 plan_sample_estimate(const struct bench *, double);
double	 plan_estimate(const struct plan *);
double	 plan_command_runs(const struct plan *);
int	 plan_crowded(const struct plan *, char *msg, size_t len);
int	 plan_parse_copies(const char *arg, int *out, size_t max, size_t *n,
	     struct sm_error *err);
void	 plan_write(const struct plan *, struct run *);
int	 plan_read(struct plan *, const struct run *, const char *path,
	     struct sm_error *err);
int	 plan_write_lines(const struct plan *, const char *copies, FILE *,
	     struct sm_error *);
int	 plan_read_line(struct run *, char *line, struct sm_error *);

/*
 * command.c, command_bench.c, command_suite.c: command tests, a user's
 * command line timed as a test of the run (run -x, --suite)
 */
#define COMMAND_MAX_PARAMS	4
#define COMMAND_MAX_VALUES	1000
#define COMMAND_TIMEOUT		600	/* default seconds per execution */
#define COMMAND_SETUP_TIMEOUT	600	/* default seconds of a sample's setup:
					   a suite's setup, -w's warm-ups */
struct command_opts {
	int		 no_shell;	/* -N: never through /bin/sh */
	int		 show_output;	/* to sysmark's stderr, not /dev/null */
	int		 ignore_fail;	/* -i: a non-zero exit is no failure */
	unsigned	 warmup;	/* -w: untimed executions per sample */
	double		 timeout;	/* seconds per execution, 0: none */
	double		 setup_timeout;	/* seconds the setup may take */
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
int	 command_fits(const struct command *, struct sm_error *);
int	 command_decode(struct command_set *, const char *id, const char *,
	     struct sm_error *);
void	 command_bench_init(struct command *);
const struct command *command_of(const struct bench *);
void	 command_meta(const struct command *, struct run *);
int	 command_suite_load(struct command_set *, const char *path,
	     const struct command_param *, size_t,
	     const struct command_opts *, struct sm_error *);

/* preset.c: the named plans of the console and run --preset */
struct preset {
	const char	*name;		/* run --preset's: unixbench */
	const char	*title;		/* the console's: UnixBench */
	int		 subset;	/* the first test of each group */
	const char	*baseline;	/* the tests it has, or NULL */
	const char	*tests;		/* globs (registry_glob), or NULL */
	double		 duration;
	int		 samples;
};
extern const struct preset preset_all[];	/* ends with a NULL name */
const struct preset *preset_find(const char *);
void	 preset_names(char *, size_t);
int	 preset_select(const struct preset *, const char *self,
	     unsigned char *sel, struct sm_error *err);
int	 preset_apply(const struct preset *, const char *self, struct plan *,
	     unsigned char *sel, struct sm_error *err);
int	 preset_plan(const struct preset *, const char *self, struct plan *,
	     struct sm_error *err);

/* command_curve.c: a run's one-parameter scans, figure against value */
struct command_curve {
	char	  name[32];	/* the parameter */
	char	  base[32];	/* the tests' name less "-VALUE" */
	char	**test;		/* each point's test, by value */
	double	 *x;
	size_t	  n;
};
size_t	 command_curves(const struct run *const *, size_t,
	     struct command_curve **);
void	 command_curves_free(struct command_curve *, size_t);
double	 command_curve_figure(const struct run *, const char *,
	     struct stats *);

#endif
