/*
 * What the runner records: the copies' reports of a finished sample
 * turned into a sample of the run (its figure, per-copy figures,
 * placement and overhead meta, the plan's collect()), the event that a
 * test's samples are done, and at the end what the machine did during
 * the run (load average, steal).
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"
#include "runner_int.h"

/* What a pinned or calibrated sample adds: where it ran, what was taken off. */
static void
runner_record_meta(struct runner *r, const struct bench *b, int first)
{
	const struct runner_copy *c = &r->copy[first];
	char			 key[64], val[64];

	if (c->where[0] != '\0') {
		snprintf(key, sizeof key, "placement.%s", b->id);
		run_meta_set(r->run, key, c->where);
	}
	if ((b->timing != BENCH_CALIBRATED && b->overhead == NULL) ||
	    c->iterations == 0)
		return;
	snprintf(key, sizeof key, "overhead_ns.%s", b->id);
	snprintf(val, sizeof val, "%.4g", (double)c->overhead_ns /
	    (double)c->iterations);
	run_meta_set(r->run, key, val);
}

/*
 * A figure no run file may hold (a latency of 0, say, when the overhead
 * took the whole batch) fails its sample: a run is never measured that
 * could not be saved.
 */
static void
runner_check_figure(struct run_sample *s)
{
	char	why[160];

	if (csvstore_check_sample(s, why, sizeof why) == 0)
		return;
	free(s->per_copy);
	s->per_copy = NULL;
	s->status = RUN_FAILED;
	s->value = NAN;
	run_sample_reason(s, why);
}

/*
 * What the plan's collect() takes from the copies' files, for a counted
 * sample that succeeded; if it fails, so does the sample.
 */
static void
runner_collect(struct runner *r, struct run_sample *s)
{
	if (r->env.collect == NULL || s->status != RUN_OK ||
	    s->index == RUN_WARMUP ||
	    r->env.collect(r->env.collect_arg, r->sampledir, s, r->run) == 0)
		return;
	free(s->per_copy);
	s->per_copy = NULL;
	s->status = RUN_FAILED;
	s->value = NAN;
}

/* The copies' CPU time adds up; their peak memory is the largest. */
static void
runner_record_rusage(struct run_sample *s, const struct rusage *ru, int i)
{
	double	user = (double)ru->ru_utime.tv_sec +
		    (double)ru->ru_utime.tv_usec / 1e6;
	double	sys = (double)ru->ru_stime.tv_sec +
		    (double)ru->ru_stime.tv_usec / 1e6;
	double	rss = (double)ru->ru_maxrss;	/* KB on Linux and BSD */

	s->user_s = i == 0 ? user : s->user_s + user;
	s->sys_s = i == 0 ? sys : s->sys_s + sys;
	s->maxrss_kb = i == 0 || rss > s->maxrss_kb ? rss : s->maxrss_kb;
}

/*
 * The copies' single executions, each copy's own overhead per
 * iteration (the shell's start-up) taken off, into s in seconds; left
 * unknown unless every copy timed as many executions as it iterated.
 */
static void
runner_record_execs(struct runner *r, struct run_sample *s, int first,
    int n)
{
	struct bench_execs	all = { 0, 0, 0, 0, 0 }, one;
	double			over;

	for (int i = 0; i < n; i++) {
		const struct runner_copy *c = &r->copy[first + i];

		if (c->execs.n == 0 || c->execs.n != c->iterations)
			return;
		one = c->execs;
		over = (double)c->overhead_ns / (double)c->iterations;
		/* As hyperfine does, an execution is never less than 0. */
		one.min = fmax(one.min - over, 0);
		one.max = fmax(one.max - over, 0);
		one.mean = fmax(one.mean - over, 0);
		bench_execs_merge(&all, &one);
	}
	if (all.n == 0)
		return;
	s->exec_min = all.min / 1e9;
	s->exec_mean = all.mean / 1e9;
	s->exec_max = all.max / 1e9;
	s->exec_sd = all.n > 1 ? sqrt(all.m2 / (double)(all.n - 1)) / 1e9 :
	    0;
}

/*
 * Sample s of bench b from copies first..first+n-1: its figure (summed,
 * or for a cost per operation their mean), per-copy figures, time, CPU
 * and memory, checked and collected; failed with the sample's reason.
 */
void
runner_record_copies(struct runner *r, const struct bench *b,
    struct run_sample *s, int first, int n)
{
	cpufreq_sample(s);
	if (r->fail[0] != '\0') {
		s->status = RUN_FAILED;
		s->value = NAN;
		run_sample_reason(s, r->fail);
		return;
	}
	s->per_copy = xcalloc((size_t)n, sizeof *s->per_copy);
	for (int i = 0; i < n; i++) {
		struct runner_copy *c = &r->copy[first + i];

		s->per_copy[i] = sampler_figure(b, c->iterations,
		    c->elapsed_ns - c->overhead_ns);
		s->value += s->per_copy[i];
		s->iterations += c->iterations;
		if ((double)c->elapsed_ns / 1e9 > s->elapsed)
			s->elapsed = (double)c->elapsed_ns / 1e9;
		runner_record_rusage(s, &c->ru, i);
	}
	/* Rates add up across copies; a cost per operation does not. */
	if (b->dir == BENCH_LOWER)
		s->value /= n;
	runner_record_execs(r, s, first, n);
	runner_record_meta(r, b, first);
	runner_check_figure(s);
	runner_collect(r, s);
}

/* Tell the caller that sample s of b was taken (or failed). */
void
runner_record_emit(struct runner *r, const struct bench *b,
    struct run_sample *s)
{
	struct runner_event	 ev;

	memset(&ev, 0, sizeof ev);
	ev.type = s->status == RUN_OK ? RUNNER_EV_SAMPLE : RUNNER_EV_ERROR;
	ev.bench = b;
	ev.sample = r->sample;
	ev.rs = s;
	ev.msg = s->status == RUN_OK ? NULL : s->reason;
	runner_emit(r, &ev);
}

void
runner_record(struct runner *r)
{
	const struct bench	*b = runner_cur(r);
	struct run_sample	*s = runner_new_sample(r);

	runner_record_copies(r, b, s, 0, r->ncopy);
	r->done++;
	runner_record_emit(r, b, s);
	runner_emit_type(r, RUNNER_EV_PROGRESS);
}

void
runner_bench_done(struct runner *r, size_t pair)
{
	const struct bench	*b = r->plan.benches[pair / r->plan.ncopies];
	int			 c = r->plan.copies[pair % r->plan.ncopies];
	struct run_group	 g = { b->id, c };
	struct runner_event	 ev;
	struct stats		 st;

	run_group_stats(r->run, &g, &st);
	memset(&ev, 0, sizeof ev);
	ev.type = RUNNER_EV_BENCH_DONE;
	ev.bench = b;
	ev.copies = c;
	ev.stats = &st;
	runner_emit(r, &ev);
}

/*
 * What the machine did during the run: the load average at the end (and
 * when the end was: date_end, so a profile says the window it covered) and
 * the share of CPU time the hypervisor stole (on a VM), beside the facts
 * sysinfo took at the start.
 */
void
runner_note_machine(struct runner *r)
{
	uint64_t	steal, total;
	char		buf[32];

	snprintf(buf, sizeof buf, "%.2f", sysinfo_loadavg());
	run_meta_set(r->run, "load_average_end", buf);
	rundate_format(time(NULL), buf, sizeof buf);
	run_meta_set(r->run, "date_end", buf);
	if (!r->have_cpu || sysinfo_cpu_times(&steal, &total) != 0 ||
	    total <= r->total0)
		return;
	snprintf(buf, sizeof buf, "%.2f", 100.0 * (double)(steal - r->steal0) /
	    (double)(total - r->total0));
	run_meta_set(r->run, "steal_percent", buf);
}
