/*
 * The contract between a benchmark and the harness that times it.
 *
 * A benchmark is one const struct bench: what it measures, how the figure
 * is expressed, and three functions that run inside a child process.
 * setup() and teardown() run outside the timed region (fork a peer, open a
 * file); loop() is the only code inside it and repeats one operation n
 * times.  Calibration, timing, repetition and reporting belong to the
 * harness (src/core/sampler.c), never to a benchmark.
 *
 * Bench files include only this header and libc.
 */
/* SPDX-License-Identifier: MIT */

#ifndef BENCH_H
#define BENCH_H

#include <sys/types.h>

#include <stdint.h>

enum bench_dir {
	BENCH_HIGHER = 0,	/* a rate: more is better */
	BENCH_LOWER		/* a cost per operation: less is better */
};

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
};

/* Report a failure to the parent and _exit() the child. */
void	bench_fail(struct bench_ctx *, const char *, ...)
	    __attribute__((format(printf, 2, 3), noreturn));

/*
 * fork() for a partner process: the partner dies with its parent and holds
 * no harness descriptors.  Returns as fork() does.
 */
pid_t	bench_fork(struct bench_ctx *);

/* Make a file in the copy's private directory; returns an open fd or -1. */
int	bench_tmpfile(struct bench_ctx *, char *, size_t);

/* bench.c: running external programs from a benchmark. */
int	bench_which(const char *, char *, size_t);
pid_t	bench_command(struct bench_ctx *, const char *, const char *,
	    const char *, char *const []);
void	bench_command_wait(struct bench_ctx *, pid_t, const char *);

/* execl.c: main() hands its arguments here first; see Execl Throughput. */
void	bench_execl_chain(int, char **);

#endif
