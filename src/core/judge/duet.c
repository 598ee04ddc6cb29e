/*
 * A duet run (run --duet, doc/duet.md) as two sides: its two commands'
 * samples split into two runs whose one test has the same id, so that
 * compare, the gate, the report and the JSON take them as any two sides,
 * and judge_duet(), which judge_group() hands such sides, judges them on
 * the pairs: sample k of each was taken at once, a CPU each, and their
 * ratio is what the verdict rests on (signif_paired()).  Also the
 * method's own check (Bulej et al., ICPE 2020): each command's figure in
 * the duet against its figure alone, which the runner took on the side
 * (meta duet_alone.ID); when the two slowed each other unequally, the
 * ratio is not the one they would show apart, and compare says so.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* Whether run is a duet's: two commands timed at once. */
int
duet_is(const struct run *run)
{
	const char	*v = run_meta_get(run, "duet");

	return v != NULL && strcmp(v, "1") == 0;
}

/* The duet's two tests, in the order they first appear; 0 if not two. */
static int
duet_tests(const struct run *run, const char **a, const char **b)
{
	*a = *b = NULL;
	for (size_t i = 0; i < run->nsamples; i++) {
		const char *t = run->samples[i].test;

		if (*a == NULL)
			*a = t;
		else if (strcmp(t, *a) != 0 && *b == NULL)
			*b = t;
		else if (strcmp(t, *a) != 0 && strcmp(t, *b) != 0)
			return 0;
	}
	return *b != NULL;
}

/* Half h of the duet: its test's samples, renamed id, and the meta. */
static void
duet_half(const struct run *duet, const char *test, const char *id,
    int version, struct run *h)
{
	char	key[64], label[96];

	run_init(h);
	for (size_t i = 0; i < duet->nmeta; i++)
		run_meta_set(h, duet->meta[i].key, duet->meta[i].value);
	snprintf(key, sizeof key, "dir:%s", test);
	if (run_meta_get(duet, key) != NULL) {
		char	nkey[64];

		snprintf(nkey, sizeof nkey, "dir:%s", id);
		run_meta_set(h, nkey, run_meta_get(duet, key));
	}
	snprintf(label, sizeof label, "%s (duet)", test);
	run_meta_set(h, "label", label);
	run_meta_set(h, "duet_test", test);
	for (size_t i = 0; i < duet->nsamples; i++) {
		const struct run_sample *s = &duet->samples[i];
		struct run_sample	*d;
		const char		*none;

		if (strcmp(s->test, test) != 0)
			continue;
		d = run_add_sample(h);
		none = d->reason;
		*d = *s;
		snprintf(d->test, sizeof d->test, "%s", id);
		d->version = version;
		d->reason = none;
		d->per_copy = NULL;
		run_sample_reason(d, s->reason);
		if (s->per_copy != NULL) {
			d->per_copy = xcalloc((size_t)s->copies,
			    sizeof *d->per_copy);
			memcpy(d->per_copy, s->per_copy, (size_t)s->copies *
			    sizeof *d->per_copy);
		}
	}
}

/*
 * Split a duet run into its two sides a and b (the first command's and
 * the second's), their test named "A~B" in both; -1 with err when run is
 * no duet of two tests.  The caller frees a and b (run_free()).
 */
int
duet_split(const struct run *duet, struct run *a, struct run *b,
    struct sm_error *err)
{
	const char	*ta, *tb;
	char		 id[32];
	int		 version = 0;

	if (!duet_is(duet) || !duet_tests(duet, &ta, &tb)) {
		sm_error_set(err, "not a duet of two commands (run --duet)");
		return -1;
	}
	snprintf(id, sizeof id, "%.15s~%.15s", ta, tb);
	for (size_t i = 0; i < duet->nsamples && version == 0; i++)
		if (strcmp(duet->samples[i].test, ta) == 0)
			version = duet->samples[i].version;
	duet_half(duet, ta, id, version, a);
	duet_half(duet, tb, id, version, b);
	return 0;
}

/* The counted sample of test in run taken at (repeat, index); NULL. */
static const struct run_sample *
duet_sample(const struct run *run, const char *test, int repeat, int index)
{
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];

		if (s->repeat == repeat && s->index == index &&
		    strcmp(s->test, test) == 0)
			return s;
	}
	return NULL;
}

/*
 * The log ratios log(b/a) of the pairs of test that both sides took at
 * the same (repeat, index), each counted and measured; their number.
 * *out is allocated (the caller frees it).
 */
size_t
duet_log_ratios(const struct run *a, const struct run *b, const char *test,
    double **out)
{
	size_t	n = 0;

	*out = xcalloc(a->nsamples + 1, sizeof **out);
	for (size_t i = 0; i < a->nsamples; i++) {
		const struct run_sample *sa = &a->samples[i], *sb;

		if (strcmp(sa->test, test) != 0 || sa->index == RUN_WARMUP ||
		    sa->status != RUN_OK || !(sa->value > 0))
			continue;
		sb = duet_sample(b, test, sa->repeat, sa->index);
		if (sb == NULL || sb->status != RUN_OK || !(sb->value > 0))
			continue;
		(*out)[n++] = log(sb->value / sa->value);
	}
	return n;
}

/* Whether both sides are halves of one duet: judged on its pairs. */
int
duet_sides(const struct compare_side *a, const struct compare_side *b)
{
	return a->nrun == 1 && b->nrun == 1 && duet_is(a->runs[0]) &&
	    duet_is(b->runs[0]) && run_meta_get(a->runs[0], "duet_test") !=
	    NULL && run_meta_get(b->runs[0], "duet_test") != NULL;
}

/* judge_group() of a duet's halves: the pairs' ratios under o's rule. */
void
judge_duet(const struct compare_side *a, const struct compare_side *b,
    const struct run_group *g, enum bench_dir dir,
    const struct compare_opts *o, struct signif *s)
{
	struct signif_rule	 r;
	double			*lr;
	size_t			 n;

	memset(&r, 0, sizeof r);
	r.dir = dir;
	r.alpha = o->alpha;
	r.min_effect = o->min_effect;
	n = duet_log_ratios(a->runs[0], b->runs[0], g->test, &lr);
	signif_paired(lr, n, &r, s);
	free(lr);
}

/* ---- The method's assumption: each slows the other alike ---- */

/* A half's counted figures: their mean and number; 0 if none. */
static size_t
duet_mean(const struct run *h, double *mean)
{
	size_t	n = 0;

	*mean = 0;
	for (size_t i = 0; i < h->nsamples; i++)
		if (h->samples[i].status == RUN_OK &&
		    h->samples[i].index != RUN_WARMUP &&
		    h->samples[i].value > 0) {
			*mean += h->samples[i].value;
			n++;
		}
	if (n > 0)
		*mean /= (double)n;
	return n;
}

/*
 * A half's figure in the duet against alone: *slow, the duet's mean
 * over the alone mean, and *cv2, the squared relative error of the
 * alone mean; 0, or -1 when the run took no alone figures.
 */
static int
duet_slowdown(const struct run *h, double *slow, double *cv2)
{
	const char	*test = run_meta_get(h, "duet_test"), *v;
	char		 key[64];
	double		 mean, amean, asd;
	int		 an;

	if (test == NULL || duet_mean(h, &mean) == 0)
		return -1;
	snprintf(key, sizeof key, "duet_alone.%s", test);
	if ((v = run_meta_get(h, key)) == NULL ||
	    sscanf(v, "%d %lf %lf", &an, &amean, &asd) != 3 || an < 1 ||
	    !(amean > 0))
		return -1;
	*slow = mean / amean;
	*cv2 = an > 1 && isfinite(asd) ? asd * asd / (amean * amean) / an :
	    0;
	return 0;
}

/*
 * Append the duet's check to buf: each command's figure in the duet
 * against alone, and a warning when the two moved apart by more than
 * DUET_ASSUME and twice the alone figures' own error: the ratio the
 * pairs give is then not the one the two show apart.
 */
void
duet_interference(const struct run *a, const struct run *b, char *buf,
    size_t len)
{
	double	sa, sb, ca, cb, q, se;
	size_t	n = strlen(buf);

	if (duet_slowdown(a, &sa, &ca) != 0 ||
	    duet_slowdown(b, &sb, &cb) != 0) {
		snprintf(buf + n, len - n, "duet: no figures alone, so "
		    "whether the two slowed each other alike is unknown\n");
		return;
	}
	q = sb / sa;
	se = sqrt(ca + cb);
	if (fabs(log(q)) > fmax(DUET_ASSUME, 2 * se))
		snprintf(buf + n, len - n, "warning: the duet's commands "
		    "interfere beyond the method's assumption: in the duet "
		    "%s's figure is %.2fx its figure alone, %s's %.2fx; "
		    "their ratio moved %+.1f%% from what they show apart\n",
		    run_meta_get(a, "duet_test"), sa,
		    run_meta_get(b, "duet_test"), sb, 100 * (q - 1));
	else
		snprintf(buf + n, len - n, "duet: in the duet %s's figure is "
		    "%.2fx its figure alone, %s's %.2fx: they slowed each "
		    "other alike (within %.0f%%)\n",
		    run_meta_get(a, "duet_test"), sa,
		    run_meta_get(b, "duet_test"), sb,
		    100 * fmax(DUET_ASSUME, 2 * se));
}
