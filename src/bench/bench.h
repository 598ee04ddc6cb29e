/*
 * The contract between a benchmark and the harness that times it.
 *
 * A benchmark is one const struct bench: what it measures, how the figure
 * is expressed, and three functions that run inside a child process.
 * setup() and teardown() run outside the timed region (fork a peer, open a
 * file); loop() is the only code inside it and repeats one operation n
 * times.  Calibration, timing, repetition and reporting belong to the
 * harness (src/core/measure/sampler.c times; src/bench/harness.c reports,
 * places and forks partners), never to a benchmark.
 *
 * Bench files include only this header and libc.
 */
/* SPDX-License-Identifier: MIT */

#ifndef BENCH_H
#define BENCH_H

#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

enum bench_dir {
	BENCH_HIGHER = 0,	/* a rate: more is better */
	BENCH_LOWER		/* a cost per operation: less is better */
};

/*
 * How a sample is timed.  BENCH_TIMED counts loops until the sample's
 * duration has passed (BYTE, UnixBench).  BENCH_CALIBRATED is lmbench's
 * method: the harness finds the n for which one batch lasts long enough
 * to swamp the clock's resolution and cost, runs one untimed batch to
 * warm up, then times one batch of n: that batch is the sample.  The
 * empty loop's cost (or the bench's own overhead(), when it has one) is
 * subtracted from the batch.
 */
enum bench_timing {
	BENCH_TIMED = 0,
	BENCH_CALIBRATED
};

/*
 * Where the process and the partners it forks with bench_fork() run.
 * Placement decides partner figures: on a 2-CPU machine a pipe round
 * trip costs nearly twice as much across CPUs as on one.
 */
enum bench_place {
	BENCH_ANYWHERE = 0,
	BENCH_ONE_CPU,		/* all pinned to one CPU */
	BENCH_TWO_CPUS		/* partners alternate with us on two CPUs */
};

/*
 * Single executions of a command test as its looper timed them (ns):
 * how many, the fastest and slowest, their mean and M2, the sum of
 * squared deviations from that mean (Welford's, merged batch by batch).
 */
struct bench_execs {
	uint64_t	n;
	double		min, max, mean, m2;
};
void	bench_execs_merge(struct bench_execs *, const struct bench_execs *);

struct bench_ctx {
	const struct bench	*bench;
	int			 copy;		/* 0 .. copies-1 */
	int			 copies;
	const char		*tmpdir;	/* private to this copy */
	const char		*self_exe;	/* path of the sysmark binary */
	void			*state;		/* owned by setup/teardown */
	volatile uint64_t	 sink;		/* results land here, so the
						   compiler keeps the work */
	int			 report_fd;	/* harness only */
	int			 cpu[2];	/* harness only: placement */
	int			 nforked;	/* harness only */
	/*
	 * A looper's batches time themselves (bench_looper_run()): their
	 * sum this sample, which the harness takes instead of its own
	 * clock once looper_timed is set (it clears both).
	 */
	uint64_t		 looper_ns;
	int			 looper_timed;
	/* A command's single executions this sample (the sampler clears). */
	struct bench_execs	 execs;
};

struct bench {
	const char	*id;		/* stable: appears in CSV files */
	const char	*title;		/* as the classic reports print it */
	const char	*group;
	const char	*unit;		/* lps, lpm, KBps, MB/s, us, ns */
	enum bench_dir	 dir;
	int		 version;	/* bumped whenever the workload changes */
	const char	*desc;		/* one line */
	/*
	 * Unit conversion: for BENCH_HIGHER the figure is
	 * iterations * scale / seconds, for BENCH_LOWER it is
	 * seconds * scale / iterations.
	 */
	double		 scale;
	int		 (*setup)(struct bench_ctx *);
	void		 (*loop)(struct bench_ctx *, uint64_t);
	void		 (*teardown)(struct bench_ctx *);
	enum bench_timing timing;
	enum bench_place place;
	/*
	 * Both optional.  prepare(), BENCH_CALIBRATED only, runs untimed
	 * before every batch with that batch's n (create the files a batch
	 * deletes).  overhead() is loop() without its operation (touching a
	 * working set without switching); it is timed with the same n right
	 * after each batch and subtracted instead of the empty loop.  For a
	 * BENCH_TIMED test, it is timed once after the sample, over the
	 * sample's iterations (a command test's shell start-up).
	 */
	void		 (*prepare)(struct bench_ctx *, uint64_t);
	void		 (*overhead)(struct bench_ctx *, uint64_t);
	/*
	 * Optional, for tests that need an external program: NULL when the
	 * test can run here, else the reason it cannot (a static string).
	 * The runner records such a test as skipped, not failed.
	 */
	const char	*(*available)(void);
	/* The external program whose version belongs in the run, or NULL. */
	const char	*tool;
	/* A variant's parameters, when a family shares one loop. */
	const void	*arg;
	/*
	 * Optional: seconds setup() may take beyond the grace period, for
	 * a setup whose length is the user's (a command test's suite setup
	 * and -w warm-ups), and that setup's command line, for the message
	 * when it is exceeded (NULL: warm-ups only).  0: the grace alone.
	 */
	double		 setup_seconds;
	const char	*setup_what;
};

/*
 * The fields every lmbench-style latency shares: microseconds per
 * operation, each sample the median of 11 calibrated batches.
 */
#define BENCH_LATENCY_US						\
	.unit = "us",							\
	.dir = BENCH_LOWER,						\
	.scale = 1e6,							\
	.timing = BENCH_CALIBRATED

/* harness.c: report a failure to the parent and _exit() the child. */
void	bench_fail(struct bench_ctx *, const char *, ...)
	    __attribute__((format(printf, 2, 3), noreturn));

/*
 * harness.c: fork() for a partner process: the partner dies with its parent and holds
 * no harness descriptors, and is pinned where the bench's placement says.
 * Returns as fork() does.
 */
pid_t	bench_fork(struct bench_ctx *);

/* harness.c: a BENCH_TWO_CPUS variant's available(): NULL or why not. */
const char *bench_two_cpus(void);
/* harness.c: the CPUs this process may use (run --duet needs two), and a
   duet's copy pinned to the k-th of them, whatever the bench's place. */
int	 bench_cpu_count(void);
void	 bench_place_duet(struct bench_ctx *, int k, char *, size_t);

/* harness.c: a file in the copy's private directory: an open fd or -1. */
int	bench_tmpfile(struct bench_ctx *, char *, size_t);

/*
 * lat_mem_rd.c: link the elements of base, stride bytes apart, into one
 * random cycle; returns the first, or NULL when out of memory.
 */
void	**bench_chase_build(void *base, size_t size, size_t stride,
	    uint64_t seed);
/*
 * lat_mem_rd.c: from p, walk one lap of a list of m elements, at most
 * BENCH_CHASE_WARM loads, before the first batch; where the walk stopped.
 */
#define BENCH_CHASE_WARM	(1u << 20)
void	**bench_chase_warm(void **, size_t);
/* bench.c: 0 .. m-1 in an order given by the seed; NULL if out of memory. */
size_t	*bench_permutation(size_t, uint64_t);
/*
 * bench.c: lmbench's read loop: the sum of every fourth 4-byte integer
 * of buf, len a multiple of 512, unrolled 32 to an expression (so the
 * adds are not one serial chain); every cache line is read.
 */
uint32_t bench_sum4(const void *, size_t);
/*
 * bench.c: lmbench's file read loop (its bread()): the sum of every 8-byte
 * word of buf, len a multiple of 1024, 128 words to an expression.
 */
uint64_t bench_sum8(const void *, size_t);
/* op(0) .. op(127): every 8-byte word of 1 KB. */
#define BENCH_EIGHT(op, i)						\
	op(i) op(i + 1) op(i + 2) op(i + 3) op(i + 4) op(i + 5)		\
	op(i + 6) op(i + 7)
#define BENCH_EVERY8(op)						\
	BENCH_EIGHT(op, 0) BENCH_EIGHT(op, 8) BENCH_EIGHT(op, 16)	\
	BENCH_EIGHT(op, 24) BENCH_EIGHT(op, 32) BENCH_EIGHT(op, 40)	\
	BENCH_EIGHT(op, 48) BENCH_EIGHT(op, 56) BENCH_EIGHT(op, 64)	\
	BENCH_EIGHT(op, 72) BENCH_EIGHT(op, 80) BENCH_EIGHT(op, 88)	\
	BENCH_EIGHT(op, 96) BENCH_EIGHT(op, 104) BENCH_EIGHT(op, 112)	\
	BENCH_EIGHT(op, 120)
/* 32 of every fourth 4-byte integer, 512 bytes: op(0) .. op(124). */
#define BENCH_EVERY4(op)						\
	op(0) op(4) op(8) op(12) op(16) op(20) op(24) op(28)		\
	op(32) op(36) op(40) op(44) op(48) op(52) op(56) op(60)		\
	op(64) op(68) op(72) op(76) op(80) op(84) op(88) op(92)		\
	op(96) op(100) op(104) op(108) op(112) op(116) op(120) op(124)

/*
 * cache.c: the data caches' sizes in bytes, L1 to L4 (0: none), and
 * where they came from ("sysfs", "sysconf", "CPUID"), or NULL.
 */
const char *bench_caches(size_t [4]);

/* bench.c: running external programs from a benchmark. */
int	bench_which(const char *, char *, size_t);
pid_t	bench_command(struct bench_ctx *ctx, const char *dir, const char *in,
	    const char *out, char *const argv[]);
void	bench_command_wait(struct bench_ctx *, pid_t, const char *);
/*
 * bench.c: UnixBench's looper, kept running beside the sample: a small
 * process (sysmark-exec serve) forks and runs a program n times on
 * request, so every run pays a small process's fork, as under the looper.
 */
struct bench_looper {
	pid_t			 pid;
	int			 cmd;		/* counts to it */
	int			 reply;		/* its statuses */
	/*
	 * NULL: a "serve" looper; else a "run" one, whose replies carry
	 * each batch's single executions, merged into *execs.
	 */
	struct bench_execs	*execs;
};
void	bench_cloexec_pipe(struct bench_ctx *, int [2]);	/* close-on-exec */
void	bench_looper_start(struct bench_ctx *, struct bench_looper *,
	    const char *, int, char *const []);
void	bench_looper_exec(struct bench_ctx *, struct bench_looper *, int,
	    int, char *const []);
void	bench_looper_run(struct bench_ctx *, struct bench_looper *, uint64_t,
	    const char *, int, void (*)(struct bench_ctx *, int));
void	bench_looper_stop(struct bench_looper *);
/* bench.c: the exec tests' helper, sysmark-exec: its path, allocated. */
char	*bench_helper(struct bench_ctx *);

#endif
