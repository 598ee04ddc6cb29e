/*
 * The core's model layer: what a run is: the tests (registry.c), a run and
 * its samples (run.c), names (label.c), where files live (paths.c), two
 * runs alike (runsame.c), the test nearest a mistyped name (suggest.c).
 *
 * Layers call only down: this header includes the one below it (table),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_MODEL_H
#define SYSMARK_MODEL_H

#include <time.h>

#include "../table/table.h"

/* registry.c */
#define USERS_TEST		"users"	/* the test a users run makes */
extern const struct bench *const registry_all[];
size_t	 registry_count(void);
const struct bench *registry_find(const char *);
int	 registry_parse(const char *, const struct bench ***, size_t *,
	     struct sm_error *);
int	 registry_glob(const char *, const char *);
const char *registry_group(const char *);
void	 registry_groups(char *, size_t);
size_t	 registry_keep_group(const struct bench **, size_t, const char *);

/* suggest.c: "did you mean" for a test that is not one */
void	 suggest_test(const char *, char *, size_t);

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
	/*
	 * A command's single executions, seconds, each timed alone, the
	 * shell's start-up taken off: the fastest, the mean, the slowest
	 * and the sd of one execution over the sample's iterations (all
	 * copies'); NaN where not timed (catalog tests, older files).
	 */
	double		 exec_min;
	double		 exec_mean;
	double		 exec_max;
	double		 exec_sd;
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
const char *run_test_unit(const struct run *, const char *);
struct run_hist *run_add_hist(struct run *run, const char *step, int copies,
	     int index, int repeat);
struct run_hist *run_find_hist(const struct run *run, const char *step,
	     int copies, int index, int repeat);

/* runexecs.c: a command test's single executions, pooled */
struct run_execs {
	uint64_t	n;		/* executions */
	double		min, mean, max, sd;	/* seconds; NaN: none */
};
size_t	 run_group_execs(const struct run *, const struct run_group *,
	     struct run_execs *);

/* paths.c */
int	 paths_self_exe(const char *, char *, size_t);
void	 paths_data_dir(const char *self, const char *env, const char *sub,
	     char *buf, size_t len);
int	 paths_results_dir(const char *, char *, size_t, struct sm_error *);
int	 paths_default_run(const char *, const struct run *, char *, size_t,
	     struct sm_error *);
int	 paths_claim(const char *dir, const char *stem, char *buf, size_t len,
	     struct sm_error *err);
size_t	 paths_list_csv(const char *, char ***);
char	*paths_label(const char *);

/* label.c */
void	 label_value(double, char *, size_t);
const char *label_title(const char *);
const char *label_title_in(const struct run *const *, size_t,
	     const char *);
void	 label_title_secs(const char *, double, char *, size_t);
char	*label_run(const struct run *, const char *);

/* runsame.c */
int	 run_same(const struct run *a, const struct run *b);

/* rundate.c */
long long rundate_parse(const char *);
void	 rundate_format(time_t, char *, size_t);
double	 rundate_span(const struct run *);

#endif
