/*
 * The core's measure layer: measuring: the runner and its schedule,
 * records, hooks and events (runner*.c, private: runner_int.h), the child's
 * timing (sampler.c), hooks (hooks.c), orphans swept (sweep.c).
 *
 * Layers call only down: this header includes the one below it (import),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_MEASURE_H
#define SYSMARK_MEASURE_H

#include "../import/import.h"
#include "../../bench/harness.h"

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

/*
 * sampler.c: the child's timing of a sample, on the harness beneath the
 * workloads (src/bench/harness.h: the report message, placement)
 */
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
	int			 pin;		/* run --duet: the k-th CPU it
						   may use; -1: the bench's */
};
void	 sampler_probe(struct sampler_probe *, struct run *);
void	 sampler_child(const struct sampler_args *)
	     __attribute__((noreturn));
double	 sampler_figure(const struct bench *b, uint64_t iterations,
	     uint64_t ns);

/* sweep.c */
/* In each copy's environment: the run's mark, that finds its orphans. */
#define SWEEP_VAR	"SYSMARK_RUN_DIR"
void	 sweep_subreaper(void);
int	 sweep_groups(const pid_t *, size_t);
int	 sweep_orphans(const char *);

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
	size_t			 total;		/* the run's, repeats to come
						   projected */
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

#endif
