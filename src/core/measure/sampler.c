/*
 * The child's timing of a sample: what runs between fork() and _exit() in
 * each copy.  The child is cut loose from the parent and placed on its
 * CPUs by the harness (src/bench/harness.c, beneath every workload),
 * runs the benchmark's setup, reports READY, waits at the barrier, then
 * times the loop in growing batches until the sample's duration has
 * passed, and reports the iterations and the real elapsed time.
 *
 * Timing lives here and only here: a benchmark's loop() holds nothing but
 * its operation.  Kept apart from runner.c because, but for the start-up
 * probe of the clock (sampler_probe()), none of it runs in the parent.
 *
 * lmbench-style tests (BENCH_CALIBRATED) are timed differently: the
 * median of 11 calibrated batches per sample, see sampler_calibrated().
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure.h"

/* A batch shorter than this is doubled: clock reads stay below 0.01%. */
#define SAMPLER_MIN_BATCH_NS	2000000ull
/*
 * The same for a loop() that is a round trip to a looper (bench.h's
 * looper_timed): each batch wakes two processes, which in 2 ms batches
 * took 8% of spawn's forks here (doc/commands.md, 2026-12-03).
 */
#define SAMPLER_LOOPER_BATCH_NS	50000000ull

/*
 * A calibrated batch lasts at least 10 ms, and at least 10000 times the
 * clock's resolution plus its cost, so neither shows in the figure.  A
 * sample is the median of 11 such batches, as one run of an lmbench
 * program prints the median of its 11 repetitions (TRIES): one preempted
 * batch cannot move it.  It does not grow with -d: a latency is as
 * precise at 11 x 10 ms, and the memory-latency sweep stays within
 * minutes.
 */
#define SAMPLER_CAL_BATCH_NS	10000000ull
#define SAMPLER_CAL_CLOCK_MUL	10000
#define SAMPLER_MAX_N		(1ull << 40)
#define SAMPLER_CAL_TRIES	11	/* batches a sample takes the median of */

/*
 * Run the loop in batches until duration_ns has passed.  Batches double
 * while shorter than the minimum (above) and shrink near the end so the
 * sample overshoots its duration by little; the figure uses the real
 * elapsed time either way: this clock's, or, for a loop() that is a
 * looper's round trip, the sum of the times the looper gave its batches
 * (bench_looper_run()), which leaves out the round trips' wake-ups.
 */
static uint64_t
sampler_timed(struct bench_ctx *ctx, uint64_t duration_ns, uint64_t *elapsed)
{
	uint64_t	t0, prev, now, nb = 1, iters = 0, left, per, min;

	ctx->looper_ns = 0;	/* the setup's warm-up is not the sample's */
	ctx->looper_timed = 0;
	memset(&ctx->execs, 0, sizeof ctx->execs);
	t0 = prev = sm_now_ns();
	for (;;) {
		ctx->bench->loop(ctx, nb);
		iters += nb;
		now = sm_now_ns();
		if (now - t0 >= duration_ns)
			break;
		per = (now - prev) / nb;
		left = duration_ns - (now - t0);
		min = ctx->looper_timed ? SAMPLER_LOOPER_BATCH_NS :
		    SAMPLER_MIN_BATCH_NS;
		if (now - prev < min && nb < (1ull << 40))
			nb *= 2;
		if (per > 0 && nb > left / per + 1)
			nb = left / per + 1;
		prev = now;
	}
	*elapsed = ctx->looper_timed ? ctx->looper_ns : now - t0;
	return iters;
}

/*
 * A timed test's overhead() (a command run through a shell: the shell's
 * start-up) timed over iters iterations, right after the sample, as the
 * sample was: by this clock or by the looper's.
 */
static uint64_t
sampler_overhead(struct bench_ctx *ctx, uint64_t iters)
{
	uint64_t	t0 = sm_now_ns(), looped = ctx->looper_ns;

	ctx->bench->overhead(ctx, iters);
	return ctx->looper_timed ? ctx->looper_ns - looped : sm_now_ns() - t0;
}

/* ---- Calibrated batches ---- */

/* The empty loop: what a loop() costs around its operation. */
static void __attribute__((noinline))
sampler_empty(struct bench_ctx *ctx, uint64_t n)
{
	(void)ctx;
	while (n-- > 0)
		__asm__ __volatile__("");
}

/* Time fn over n iterations, after the bench's untimed prepare(). */
static uint64_t
sampler_batch(struct bench_ctx *ctx, void (*fn)(struct bench_ctx *,
    uint64_t), uint64_t n)
{
	uint64_t	t0;

	if (ctx->bench->prepare != NULL)
		ctx->bench->prepare(ctx, n);
	t0 = sm_now_ns();
	fn(ctx, n);
	return sm_now_ns() - t0;
}

/*
 * Grow n until one batch of fn lasts target ns; returns it.  The last
 * batch run is one of n, so it also warms caches and the partner up.
 */
static uint64_t
sampler_calibrate(struct bench_ctx *ctx, void (*fn)(struct bench_ctx *,
    uint64_t), uint64_t target)
{
	uint64_t	n = 1, t;
	double		want;

	while ((t = sampler_batch(ctx, fn, n)) < target && n < SAMPLER_MAX_N) {
		if (t < target / 16)
			n *= 8;
		else {
			/* Close: aim 10% past the target in one step. */
			want = (double)n * 1.1 * (double)target / (double)t;
			n = (uint64_t)want + 1;
		}
		if (n > SAMPLER_MAX_N)
			n = SAMPLER_MAX_N;
	}
	return n;
}

/*
 * Time one batch of n and what to subtract from it: the bench's own
 * overhead() over n, or the empty loop's measured cost, plus one clock
 * read.  overhead() is timed just before and just after the batch and
 * the faster taken, since noise only ever adds time.
 */
static void
sampler_measure(struct bench_ctx *ctx, const struct sampler_probe *p,
    uint64_t n, uint64_t *elapsed, uint64_t *overhead)
{
	void		(*over_fn)(struct bench_ctx *, uint64_t);
	uint64_t	 before = 0, after;
	double		 over;

	over_fn = ctx->bench->overhead;
	if (over_fn != NULL)
		before = sampler_batch(ctx, over_fn, n);
	*elapsed = sampler_batch(ctx, ctx->bench->loop, n);
	if (over_fn != NULL) {
		after = sampler_batch(ctx, over_fn, n);
		over = (double)(before < after ? before : after);
	} else
		over = p->empty_ns * (double)n;
	*overhead = (uint64_t)(over + p->cost_ns);
}

/* One measured batch: its time and what is to be subtracted from it. */
struct sampler_try {
	uint64_t	elapsed;
	uint64_t	overhead;
};

/* Order tries by net time; a net below zero (overhead won) sorts first. */
static int
sampler_try_cmp(const void *x, const void *y)
{
	const struct sampler_try	*a = x, *b = y;
	double	na = (double)a->elapsed - (double)a->overhead;
	double	nb = (double)b->elapsed - (double)b->overhead;

	return (na > nb) - (na < nb);
}

/*
 * One sample of a calibrated bench: calibrate, then measure 11 batches
 * and report the one of median net time.  When the operation is small
 * beside its overhead (lat_ctx with a large working set), noise can make
 * a batch's overhead outlast it; the median is immune to a few such
 * batches, and if it is one itself the runner fails the sample.
 */
static void
sampler_calibrated(struct bench_ctx *ctx, const struct sampler_probe *p,
    uint64_t *iters, uint64_t *elapsed, uint64_t *overhead)
{
	struct sampler_try	try[SAMPLER_CAL_TRIES];

	*iters = sampler_calibrate(ctx, ctx->bench->loop, p->batch_ns);
	for (int i = 0; i < SAMPLER_CAL_TRIES; i++)
		sampler_measure(ctx, p, *iters, &try[i].elapsed,
		    &try[i].overhead);
	qsort(try, SAMPLER_CAL_TRIES, sizeof try[0], sampler_try_cmp);
	*elapsed = try[SAMPLER_CAL_TRIES / 2].elapsed;
	*overhead = try[SAMPLER_CAL_TRIES / 2].overhead;
}

/* The smallest nonzero step between two clock reads. */
static double
sampler_probe_resolution(void)
{
	uint64_t	a, b, best = UINT64_MAX;

	for (int i = 0; i < 1000; i++) {
		a = sm_now_ns();
		while ((b = sm_now_ns()) == a)
			;
		if (b - a < best)
			best = b - a;
	}
	return (double)best;
}

/* The mean cost of one clock read. */
static double
sampler_probe_cost(void)
{
	uint64_t	t0 = sm_now_ns();
	const int	n = 100000;

	for (int i = 0; i < n; i++)
		(void)sm_now_ns();
	return (double)(sm_now_ns() - t0) / n;
}

/* ns per pass of the empty loop, over a batch of at least 20 ms. */
static double
sampler_probe_empty(void)
{
	struct bench_ctx	ctx;
	uint64_t		n = 1u << 16, t;

	memset(&ctx, 0, sizeof ctx);
	for (;;) {
		t = sm_now_ns();
		sampler_empty(&ctx, n);
		t = sm_now_ns() - t;
		if (t >= 20000000ull || n >= SAMPLER_MAX_N)
			return (double)t / (double)n;
		n *= 2;
	}
}

/*
 * Measure the clock and the empty loop once, in the parent, before the
 * first calibrated sample, and record them in the run: every calibrated
 * figure depends on them.
 */
void
sampler_probe(struct sampler_probe *p, struct run *run)
{
	char	buf[64];

	p->resolution_ns = sampler_probe_resolution();
	p->cost_ns = sampler_probe_cost();
	p->empty_ns = sampler_probe_empty();
	p->batch_ns = SAMPLER_CAL_BATCH_NS;
	if ((p->resolution_ns + p->cost_ns) * SAMPLER_CAL_CLOCK_MUL >
	    (double)p->batch_ns)
		p->batch_ns = (uint64_t)((p->resolution_ns + p->cost_ns) *
		    SAMPLER_CAL_CLOCK_MUL);
	run_meta_set(run, "clock", "clock_gettime(CLOCK_MONOTONIC)");
	snprintf(buf, sizeof buf, "%.1f", p->resolution_ns);
	run_meta_set(run, "clock_resolution_ns", buf);
	snprintf(buf, sizeof buf, "%.2f", p->cost_ns);
	run_meta_set(run, "clock_cost_ns", buf);
	snprintf(buf, sizeof buf, "%.4f", p->empty_ns);
	run_meta_set(run, "empty_loop_ns", buf);
	snprintf(buf, sizeof buf, "%.1f", (double)p->batch_ns / 1e6);
	run_meta_set(run, "calibrated_batch_ms", buf);
	snprintf(buf, sizeof buf, "%d", SAMPLER_CAL_TRIES);
	run_meta_set(run, "calibrated_tries", buf);
}

/* ---- The child ---- */

void
sampler_child(const struct sampler_args *a)
{
	struct bench_ctx	ctx;
	uint64_t		iters, elapsed, overhead = 0;
	char			c, where[96];

	bench_detach(a->parent, a->report_fd, a->go_fd);
	/* What the test runs (a compiler, a shell) keeps its files here too. */
	setenv("TMPDIR", a->tmpdir, 1);
	memset(&ctx, 0, sizeof ctx);
	ctx.bench = a->bench;
	ctx.copy = a->copy;
	ctx.copies = a->copies;
	ctx.tmpdir = a->tmpdir;
	ctx.self_exe = a->self_exe;
	ctx.report_fd = a->report_fd;
	if (a->pin >= 0)
		bench_place_duet(&ctx, a->pin, where, sizeof where);
	else
		bench_place(&ctx, where, sizeof where);
	if (a->bench->setup != NULL && a->bench->setup(&ctx) != 0)
		bench_fail(&ctx, "setup failed");
	bench_report(a->report_fd, BENCH_MSG_READY, a->copy, 0, 0, 0, NULL,
	    NULL);
	/* The barrier: the parent closes the other end once all are ready. */
	while (read(a->go_fd, &c, 1) < 0 && errno == EINTR)
		;
	close(a->go_fd);
	if (a->bench->timing == BENCH_CALIBRATED)
		sampler_calibrated(&ctx, a->probe, &iters, &elapsed,
		    &overhead);
	else {
		iters = sampler_timed(&ctx, (uint64_t)(a->duration * 1e9),
		    &elapsed);
		if (a->bench->overhead != NULL)
			overhead = sampler_overhead(&ctx, iters);
	}
	bench_report(a->report_fd, BENCH_MSG_RESULT, a->copy, iters, elapsed,
	    overhead, where, &ctx.execs);
	if (a->bench->teardown != NULL)
		a->bench->teardown(&ctx);
	_exit(0);
}

/* The figure one copy reports, in the bench's unit. */
double
sampler_figure(const struct bench *b, uint64_t iterations, uint64_t ns)
{
	double	secs = (double)ns / 1e9;

	if (iterations == 0 || ns == 0)
		return 0;
	if (b->dir == BENCH_LOWER)
		return secs * b->scale / (double)iterations;
	return (double)iterations * b->scale / secs;
}
