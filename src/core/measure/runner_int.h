/*
 * The runner's private state, shared by its files and no one else:
 * runner.c (the process lifecycle), runner_schedule.c (which sample comes
 * next), runner_record.c (what a sample becomes), runner_hooks.c (the
 * user's hooks), runner_plan.c (checks and estimates) and runner_emit.c
 * (where the runner is, the events it sends).  Calls go one way:
 * runner.c calls the others, they call runner_emit.c, none calls back
 * (tests/structure/cycles.sh).  The public interface is in measure.h.
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_RUNNER_INT_H
#define SYSMARK_RUNNER_INT_H

#include <sys/resource.h>

#include <limits.h>
#include <stdint.h>

#include "measure.h"

/* While copies run, wake this often to notice one that died early. */
#define RUNNER_REAP_POLL_MS	250
/* What a calibrated sample may take (it usually takes under a second). */
#define RUNNER_CAL_SECONDS	30.0
/* How long a copy may take to die after SIGKILL before it is left. */
#define RUNNER_KILL_WAIT_NS	(5 * 1000000000ull)
/* Grace each copy adds: forking and setting up 512 takes a while. */
#define RUNNER_SETUP_PER_COPY	0.1
/* Processes one copy may need: itself, a partner, what either execs. */
#define RUNNER_PROCS_PER_COPY	4

enum runner_state {
	RUNNER_SETUP,
	RUNNER_TIMED,
	RUNNER_REAP,
	RUNNER_PAUSE,		/* between repeats */
	RUNNER_DONE
};

/* What the schedule says comes next; runner.c does it (runner_go()). */
enum runner_go {
	RUNNER_GO_SAMPLE,	/* a slot is entered: start its sample */
	RUNNER_GO_PAUSE,	/* between repeats: runner_step() goes on */
	RUNNER_GO_FINISH	/* the last repeat is over: finish the run */
};

/* What a slot takes: one test's sample, or a duet's pair or alone. */
enum runner_slot_kind {
	RUNNER_SLOT_ONE = 0,
	RUNNER_SLOT_DUET,	/* benches 0 and 1 at once, a CPU each */
	RUNNER_SLOT_ALONE	/* pair's bench alone on the CPU it had */
};
/* One sample to take: a (test, copies) pair and the sample's index. */
struct runner_slot {
	size_t			pair;	/* bench * ncopies + copies index */
	int			index;
	enum runner_slot_kind	kind;
};
/* A duet's command timed alone: its figures' sums (runner_duet.c). */
struct runner_alone {
	int	n;
	double	sum;
	double	sumsq;
};

struct runner_copy {
	pid_t		pid;
	int		ready;
	int		reported;
	int		reaped;
	uint64_t	iterations;
	uint64_t	elapsed_ns;
	uint64_t	overhead_ns;	/* calibrated: subtracted */
	struct bench_execs execs;	/* a command's single executions */
	char		where[200];	/* placement, if pinned */
	struct rusage	ru;		/* wait4's, once reaped */
};

struct runner {
	struct plan		 plan;		/* the caller's, read-only */
	struct runner_env	 env;
	double			 grace;		/* env's, or the default */
	struct run		*run;
	runner_cb		 cb;
	void			*arg;
	char			 tmpdir[PATH_MAX];
	char			 sampledir[PATH_MAX];

	size_t			 bench;		/* position in the plan */
	size_t			 ci;		/* index into plan.copies */
	int			 sample;	/* 1-based; 0: warm-up */
	size_t			 done;
	size_t			 total;

	size_t			 npair;		/* nbench x ncopies */
	unsigned char		*skipped;	/* per pair: for the run */
	signed char		*setup;		/* per bench: 1 begun, -1
						   --setup failed, 0 not yet */
	int			*next;		/* per pair: next extra index */
	uint64_t		*have;		/* resume: samples held, sorted
						   runner_key()s */
	size_t			 nhave;
	struct runner_slot	*slot;		/* this repeat's queue */
	size_t			 nslot;
	size_t			 pos;
	int			 repeat;	/* 1-based */
	int			 nrepeat;
	struct sm_rng		 rng;
	uint64_t		 t_repeat;	/* when this repeat began */
	int			 busy;		/* others runnable; -1 */
	uint64_t		 steal0;	/* CPU ticks at the start */
	uint64_t		 total0;
	int			 have_cpu;

	enum runner_state	 state;
	int			 in_callback;
	int			 cancel_pending;	/* asked from a callback */
	int			 cancelled;
	int			 rfd;		/* report pipe, read end */
	int			 gofd;		/* barrier, write end */
	struct runner_copy	*copy;
	int			 ncopy;
	uint64_t		 deadline;
	uint64_t		 killed_at;	/* when SIGKILL went out */
	int			 stuck;		/* a copy would not die */
	int			 ended;		/* leftovers swept (sweep.c) */
	char			 mark[PATH_MAX + 32];	/* SWEEP_VAR=tmpdir */
	int			 eof;
	char			 fail[256];	/* first failure reason */
	unsigned char		 buf[sizeof(struct bench_msg)];
	size_t			 buflen;
	struct sampler_probe	 probe;		/* for calibrated benches */
	struct runner_alone	 alone[2];	/* run --duet */
};

/* runner.c: the process lifecycle */

/* runner_emit.c: where the runner is, what it tells its caller */
const struct bench *runner_cur(const struct runner *);
int	 runner_copies(const struct runner *);
void	 runner_emit(struct runner *, struct runner_event *);
void	 runner_emit_type(struct runner *, enum runner_ev_type);
struct run_sample *runner_new_sample(struct runner *);
struct run_sample *runner_new_sample_of(struct runner *, const struct bench *);

/* runner_schedule.c: which sample comes next */
void	 runner_build_repeat(struct runner *);
enum runner_go runner_enter_slot(struct runner *, int);
int	 runner_seek(struct runner *);
enum runner_go runner_end_repeat(struct runner *, size_t);
enum runner_go runner_next(struct runner *);
void	 runner_resume(struct runner *);

/* runner_record.c: what a finished sample becomes */
void	 runner_record(struct runner *);
void	 runner_bench_done(struct runner *, size_t);
void	 runner_note_machine(struct runner *);

void	 runner_record_copies(struct runner *, const struct bench *,
	     struct run_sample *, int first, int n);
void	 runner_record_emit(struct runner *, const struct bench *,
	     struct run_sample *);

/* runner_duet.c: run --duet's slots, copies and records */
enum runner_slot_kind runner_slot_kind(const struct runner *);
int	 runner_slot_copies(const struct runner *);
const struct bench *runner_copy_bench(const struct runner *, int, int *);
void	 runner_duet_record(struct runner *);
void	 runner_duet_finish(struct runner *);
void	 runner_duet_resume(struct runner *);

/* runner_hooks.c: the user's hooks around the samples */
int	 runner_hooks_before(struct runner *, char *, size_t, int *);
void	 runner_hooks_after(struct runner *);

/* runner_plan.c: the plan's checks */
int	 runner_check(const struct plan *, double, struct sm_error *);

#endif
