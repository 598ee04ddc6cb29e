/*
 * What a set of runs says about one (test, copies): the estimate compare
 * judges, the index propagates and run -C aims at, with the flags shown
 * beside it.
 *
 * The unit of replication is a repeat of a run (Kalibera and Jones,
 * "Rigorous Benchmarking in Reasonable Time", ISMM 2013): samples taken
 * within one repeat share whatever that repeat's machine state was (page
 * placement, frequency, the neighbours on a shared host), so they are not
 * independent of each other, and the spread between repeats is what
 * separates two runs.  With two or more units the mean's variance is
 * estimated from the unit means alone (the between-run variance is in
 * them); with one unit only the within-run samples are there, and the
 * caller has to say where the between-run part comes from (signif.c).
 * The repeats of one run follow one another, and on a shared machine
 * their means drift together: from ESTIMATE_BATCH_MIN repeats of one run
 * on, the mean's variance comes from the means of ESTIMATE_BATCHES
 * stretches of consecutive repeats (batch means, as a simulation's
 * output is analysed), with their few df.  Repeats of different runs
 * count alone: runs taken apart, or in turn with the other side's, do
 * not share a stretch of the machine's time.
 *
 * The estimand is the mean: the grand mean of the unit means, each unit
 * weighted alike.  Warm-up samples (index 0) are left out; they are
 * counted so that show can say they were taken.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"

struct estimate_unit {
	const struct run	*run;
	int			 repeat;
	double			*v;	/* figures in the order taken */
	size_t			 n;
};

struct estimate_units {
	struct estimate_unit	*u;
	size_t			 n;
};

static int
estimate_in_group(const struct run_sample *s, const struct run_group *g)
{
	return s->copies == g->copies && strcmp(s->test, g->test) == 0;
}

static struct estimate_unit *
estimate_unit(struct estimate_units *us, const struct run *run, int repeat,
    size_t cap)
{
	for (size_t i = 0; i < us->n; i++)
		if (us->u[i].run == run && us->u[i].repeat == repeat)
			return &us->u[i];
	us->u = xreallocarray(us->u, us->n + 1, sizeof *us->u);
	us->u[us->n] = (struct estimate_unit){ run, repeat,
	    xcalloc(cap + 1, sizeof (double)), 0 };
	return &us->u[us->n++];
}

/* Per-copy unfairness of one sample: (max - min) / mean of the copies. */
static double
estimate_unfair_one(const struct run_sample *s)
{
	double	lo = INFINITY, hi = -INFINITY, sum = 0;

	for (int i = 0; i < s->copies; i++) {
		lo = fmin(lo, s->per_copy[i]);
		hi = fmax(hi, s->per_copy[i]);
		sum += s->per_copy[i];
	}
	return sum != 0 ? (hi - lo) / fabs(sum / s->copies) : NAN;
}

/* Collect the units and the per-sample facts (busy, unfairness). */
static void
estimate_collect(const struct run *const *runs, size_t nrun,
    const struct run_group *g, struct estimate_units *us,
    struct estimate *e)
{
	double	busy = 0, unfair = 0;
	size_t	nbusy = 0, nunfair = 0;

	for (size_t r = 0; r < nrun; r++) {
		int	session = 0;	/* of this run's last sample */

		for (size_t i = 0; i < runs[r]->nsamples; i++) {
			const struct run_sample *s = &runs[r]->samples[i];
			struct estimate_unit	*u;

			if (!estimate_in_group(s, g))
				continue;
			if (s->status == RUN_FAILED)
				e->failed++;
			if (s->status != RUN_OK)
				continue;
			if (isfinite(s->busy)) {
				busy += s->busy;
				nbusy++;
			}
			if (s->index == RUN_WARMUP) {
				e->warmups++;
				continue;
			}
			if (s->per_copy != NULL && s->copies > 1 &&
			    isfinite(estimate_unfair_one(s))) {
				unfair += estimate_unfair_one(s);
				nunfair++;
			}
			/* Within a run: apart runs are apart anyway. */
			if (session != 0 && s->session != session)
				e->flags.gap = 1;
			session = s->session;
			u = estimate_unit(us, runs[r], s->repeat,
			    runs[r]->nsamples);
			u->v[u->n++] = s->value;
			e->n++;
		}
	}
	e->flags.busy = nbusy > 0 ? busy / (double)nbusy : NAN;
	e->flags.unfair = nunfair > 0 ? unfair / (double)nunfair : NAN;
}

/*
 * Mann-Kendall's variance of S for one series of n figures, less what
 * its ties take (Kendall's correction: a group of t equal figures adds
 * nothing to S in t(t-1)/2 pairs), so a quantized figure, such as a
 * count of loops, is not judged as if every pair had an order.
 */
static double
estimate_trend_var(const double *v, size_t n)
{
	double	*s = xcalloc(n, sizeof *s), var, t;
	size_t	 i, j;

	memcpy(s, v, n * sizeof *s);
	qsort(s, n, sizeof *s, stats_cmp);
	var = (double)n * (double)(n - 1) * (2 * (double)n + 5);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && s[j] == s[i]; j++)
			;
		t = (double)(j - i);
		var -= t * (t - 1) * (2 * t + 5);
	}
	free(s);
	return var / 18;
}

/*
 * Mann-Kendall's trend test over each unit's figures in the order they
 * were taken, the units' S and variance summed (they are independent
 * series).  Two-sided p by the normal approximation with continuity
 * correction; NaN with fewer than 4 figures in any unit-series sum.
 */
static void
estimate_trend(const struct estimate_units *us, struct estimate_flags *f)
{
	double	S = 0, var = 0, z;

	f->trend = 0;
	f->trend_p = NAN;
	for (size_t k = 0; k < us->n; k++) {
		const struct estimate_unit	*u = &us->u[k];

		if (u->n < 3)
			continue;
		for (size_t i = 0; i < u->n; i++)
			for (size_t j = i + 1; j < u->n; j++)
				S += (u->v[j] > u->v[i]) - (u->v[j] < u->v[i]);
		var += estimate_trend_var(u->v, u->n);
	}
	if (var < 10)	/* 4 figures give 8.67: too few to tell */
		return;
	z = (fabs(S) - 1) / sqrt(var);
	f->trend_p = z > 0 ? erfc(z / sqrt(2.0)) : 1;
	if (f->trend_p < ESTIMATE_TREND_ALPHA)
		f->trend = S > 0 ? 1 : -1;
}

/*
 * How many pieces the variance of the mean of `units` repeats over `nrun`
 * runs is taken from: each unit alone, or ESTIMATE_BATCHES stretches of
 * one run's many repeats.  On a 2-vCPU VM, dhry2reg's 26 back-to-back
 * repeats of 3 s had lag-1 correlations of their means up to 0.77 (two
 * halves of a run 8.7% apart), and taken as independent, 3 of 5 A/A
 * pairs of such runs were called different; a simulation of 26 units of
 * that noise (AR(1), 2000 A/A pairs) called 4% at a correlation of 0, 13%
 * at 0.3, 22% at 0.5 and 37% at 0.7 as independent units, 3-7% as three
 * batch means (doc/validation.md).  The price is df: batches - 1.
 */
size_t
estimate_batches(size_t units, size_t nrun)
{
	return nrun == 1 && units >= ESTIMATE_BATCH_MIN ? ESTIMATE_BATCHES :
	    units;
}

/*
 * Which of k stretches of n consecutive figures the i-th lies in: the
 * j-th holds figures j n / k up to (j + 1) n / k.  What a plan builds
 * its sides by (detect_sim.c), so it batches them as compare does.
 */
size_t
estimate_batch_of(size_t i, size_t n, size_t k)
{
	size_t	j = i * k / n;

	while ((j + 1) * n / k <= i)
		j++;
	while (j * n / k > i)
		j--;
	return j;
}

/*
 * The variance of the mean of v[0..n-1], in the order taken, from the
 * means of k stretches of consecutive figures (k == n: the figures alone).
 */
static double
estimate_batch_var(const double *v, size_t n, size_t k)
{
	double		*b = xcalloc(k + 1, sizeof *b);
	size_t		*c = xcalloc(k + 1, sizeof *c);
	struct stats	 st;
	size_t		 j;

	for (size_t i = 0; i < n; i++) {
		j = estimate_batch_of(i, n, k);
		b[j] += v[i];
		c[j]++;
	}
	for (j = 0; j < k; j++)
		b[j] /= (double)c[j];
	free(c);
	stats_moments(b, k, &st);
	free(b);
	return st.sd * st.sd / (double)k;
}

/* The mean's variance and df from the unit means, batched or not. */
static void
estimate_between(const double *means, size_t n, double sw2, double nbar,
    struct estimate *e)
{
	struct stats	sm;
	double		sm2, sb2, m2 = e->mean * e->mean;

	stats_moments(means, n, &sm);
	sm2 = sm.sd * sm.sd;
	sb2 = sm2 - (isnan(sw2) ? 0 : sw2 / nbar);
	e->between_cv = sqrt(sb2 > 0 ? sb2 : 0) / fabs(e->mean);
	e->unit_relvar = sm2 / m2;
	e->relvar = estimate_batch_var(means, n, e->batches) / m2;
	e->df = (double)(e->batches - 1);
}

/* Means, the within and between parts, the mean's variance and its df. */
static void
estimate_spread(const struct estimate_units *us, struct estimate *e)
{
	double	*means = xcalloc(us->n + 1, sizeof *means);
	double		 ss = 0, dof = 0, nbar = 0, sw2 = NAN;
	unsigned char	*flag;
	struct stats	 st, sm;

	for (size_t k = 0; k < us->n; k++) {
		stats_moments(us->u[k].v, us->u[k].n, &st);
		means[k] = st.mean;
		nbar += (double)us->u[k].n / (double)us->n;
		flag = xcalloc(us->u[k].n + 1, 1);
		e->flags.outliers += stats_outliers(us->u[k].v, us->u[k].n,
		    flag);
		free(flag);
		if (us->u[k].n >= 2) {
			ss += st.sd * st.sd * (double)(us->u[k].n - 1);
			dof += (double)(us->u[k].n - 1);
		}
	}
	if (dof > 0)
		sw2 = ss / dof;
	stats_moments(means, us->n, &sm);
	e->mean = sm.mean;
	if (isfinite(e->mean) && e->mean != 0) {
		e->within_cv = sqrt(sw2) / fabs(e->mean);
		if (us->n >= 2)
			estimate_between(means, us->n, sw2, nbar, e);
		else if (e->n >= 2) {
			e->relvar = sw2 / (double)e->n / (e->mean * e->mean);
			e->df = (double)(e->n - 1);
		}
	} else if (e->mean == 0 && !(sm.sd > 0) && !(sw2 > 0))
		e->relvar = 0;	/* every figure 0: see signif_judge_zero() */
	free(means);
}

/* The estimate of group g over nrun runs (one side of a comparison). */
void
estimate_group(const struct run *const *runs, size_t nrun,
    const struct run_group *g, struct estimate *e)
{
	struct estimate_units	us = { NULL, 0 };

	memset(e, 0, sizeof *e);
	e->mean = e->within_cv = e->between_cv = e->relvar = e->df = NAN;
	e->unit_relvar = NAN;
	estimate_collect(runs, nrun, g, &us, e);
	e->units = us.n;
	e->batches = estimate_batches(us.n, nrun);
	if (us.n > 0) {
		estimate_spread(&us, e);
		estimate_trend(&us, &e->flags);
	}
	for (size_t k = 0; k < us.n; k++)
		free(us.u[k].v);
	free(us.u);
}

/* estimate_group() of one run. */
void
estimate_run(const struct run *run, const struct run_group *g,
    struct estimate *e)
{
	estimate_group(&run, 1, g, e);
}

/* The half-width of the 1 - alpha interval, relative to the mean; NaN. */
double
estimate_ci(const struct estimate *e, double alpha)
{
	if (!isfinite(e->relvar) || !(e->df > 0))
		return NAN;
	return tdist_critical(alpha, e->df) * sqrt(e->relvar);
}

/*
 * The flags as short marks ("T+ O2 U B"), for a cell; target is run -C's
 * aim (a fraction; 0 for none): "C" marks an interval that did not get
 * there.  Returns the length written.
 */
size_t
estimate_flags_str(const struct estimate *e, double target, char *buf,
    size_t len)
{
	const struct estimate_flags *f = &e->flags;
	size_t	n = 0;

	buf[0] = '\0';
#define ESTIMATE_CAT(...)	do { if (n < len) n += (size_t)snprintf( \
    buf + n, len - n, __VA_ARGS__); } while (0)
	if (f->trend != 0)
		ESTIMATE_CAT("%sT%c", n ? " " : "", f->trend > 0 ? '+' : '-');
	if (f->outliers > 0)
		ESTIMATE_CAT("%sO%zu", n ? " " : "", f->outliers);
	if (f->unfair > ESTIMATE_UNFAIR)
		ESTIMATE_CAT("%sU", n ? " " : "");
	if (f->busy >= ESTIMATE_BUSY)
		ESTIMATE_CAT("%sB", n ? " " : "");
	if (target > 0 && !(estimate_ci(e, 0.05) <= target))
		ESTIMATE_CAT("%sC", n ? " " : "");
	if (f->gap)
		ESTIMATE_CAT("%sG", n ? " " : "");
#undef ESTIMATE_CAT
	return n < len ? n : len - 1;
}

/* What the marks estimate_flags_str() prints mean, for a table's notes. */
const char *
estimate_flags_legend(void)
{
	return "FLAGS: T+/T- a trend within the run (Mann-Kendall, p < 0.01 "
	    "over the samples in the order taken); On n outliers (modified "
	    "z-score above 3.5, Iglewicz and Hoaglin); U the copies' rates "
	    "differ by more than 10%; B the machine was not idle (on average "
	    "half a process or more besides sysmark was runnable as samples "
	    "started); C run -C's target interval was not reached.";
}

/*
 * What G means, apart from the other marks since only a resumed run has
 * it: the tables that show one add this note.
 */
const char *
estimate_gap_legend(void)
{
	return "G: the run was interrupted and continued with run --resume "
	    "between this test's samples, so a gap in time (perhaps a "
	    "reboot) lies among them; the run's gap.N facts say when.";
}
