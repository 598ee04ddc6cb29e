/*
 * The harness's half in the child, below the workloads' contract
 * (bench.h): the message a copy reports to the parent on its pipe, and
 * the services the sampler (src/core/measure/sampler.c) calls around a
 * workload: cutting the child loose from the parent, placing it on its
 * CPUs, reporting.  A workload includes bench.h only; the core includes
 * this header beside it, as lmbench's programs sit on its lib_timing.c.
 */
/* SPDX-License-Identifier: MIT */

#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

/* What a copy tells the parent: one record, smaller than PIPE_BUF. */
enum bench_msg_type {
	BENCH_MSG_READY = 1,
	BENCH_MSG_RESULT,
	BENCH_MSG_ERROR
};
#define BENCH_MSG_MAGIC	0x534d4b31u	/* "SMK1" */
struct bench_msg {
	uint32_t	magic;
	uint32_t	type;
	int32_t		copy;
	uint32_t	pad;
	uint64_t	iterations;
	uint64_t	elapsed_ns;
	char		text[200];	/* ERROR: why; RESULT: placement */
	uint64_t	overhead_ns;	/* RESULT: to subtract from elapsed */
	struct bench_execs execs;	/* RESULT: a command's executions */
};

/* Send one record on fd; _exit(3) if it cannot be written whole. */
void	bench_report(int fd, uint32_t type, int copy, uint64_t iterations,
	    uint64_t elapsed_ns, uint64_t overhead_ns, const char *text,
	    const struct bench_execs *execs);

/*
 * Undo in a new copy what the parent set up for itself: handlers, mask,
 * process group, stdin and stdout, every descriptor but the two pipes
 * (kept close-on-exec); the copy dies with parent.
 */
void	bench_detach(pid_t parent, int report_fd, int go_fd);

/*
 * Pin the copy where its bench's placement says and describe it in
 * where[] ("" when anywhere); a placement the system cannot give fails
 * the sample (bench_fail()).
 */
void	bench_place(struct bench_ctx *, char *where, size_t len);

/* src into dst (len bytes with the NUL), its middle cut if too long. */
void	bench_squeeze(char *dst, size_t len, const char *src);

#endif
