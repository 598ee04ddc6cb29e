/*
 * Response-time histograms with a bounded relative error, in the manner
 * of HdrHistogram: each power of two [2^e, 2^(e+1)) is cut into
 * HIST_SUB linear buckets, so a bucket is at most 1/HIST_SUB of the
 * values it holds wide, and its midpoint is within 1/(2 * HIST_SUB) of
 * any of them.  Values below HIST_SUB nanoseconds get a bucket each.
 *
 * Why histograms and not the raw times: a user step can run thousands of
 * times a sample, and a run holds many samples at many user counts.  A
 * histogram is small in the run file (only the buckets in use are
 * written), and two of them merge by adding counts, so percentiles can
 * be recomputed over any set of samples, repeats or runs, and compared.
 *
 * The encoding in a run file is "bucket:count;bucket:count;..." with the
 * buckets in increasing order; the scheme is HIST_VERSION.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* The bucket that holds v nanoseconds. */
size_t
hist_bucket(uint64_t v)
{
	int	msb;

	if (v >= HIST_MAX_NS)
		v = HIST_MAX_NS - 1;
	if (v < HIST_SUB)
		return (size_t)v;
	msb = 63 - __builtin_clzll(v);
	/* v >> (msb - HIST_SUB_BITS) lies in [HIST_SUB, 2 * HIST_SUB). */
	return (size_t)(msb - HIST_SUB_BITS + 1) * HIST_SUB +
	    (size_t)((v >> (msb - HIST_SUB_BITS)) - HIST_SUB);
}

/* The smallest value bucket i holds, and its width. */
static void
hist_bounds(size_t i, uint64_t *low, uint64_t *width)
{
	unsigned	e;

	if (i < HIST_SUB) {
		*low = i;
		*width = 1;
		return;
	}
	e = (unsigned)(i / HIST_SUB) - 1;
	*low = (uint64_t)(i % HIST_SUB + HIST_SUB) << e;
	*width = (uint64_t)1 << e;
}

/* What bucket i stands for: its midpoint, in nanoseconds. */
double
hist_value(size_t i)
{
	uint64_t	low, width;

	hist_bounds(i, &low, &width);
	return width == 1 ? (double)low : (double)low + (double)width / 2;
}

void
hist_init(struct hist *h)
{
	h->count = 0;
	h->bucket = xcalloc(HIST_NBUCKETS, sizeof *h->bucket);
}

void
hist_free(struct hist *h)
{
	free(h->bucket);
	h->bucket = NULL;
	h->count = 0;
}

void
hist_record(struct hist *h, uint64_t ns)
{
	h->bucket[hist_bucket(ns)]++;
	h->count++;
}

void
hist_merge(struct hist *dst, const struct hist *src)
{
	for (size_t i = 0; i < HIST_NBUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	dst->count += src->count;
}

/*
 * The q-quantile (0 < q <= 1) by nearest rank: the value of the
 * ceil(q * count)-th smallest time, as its bucket's midpoint; NaN when
 * empty.  q = 1 is the maximum.
 */
double
hist_quantile(const struct hist *h, double q)
{
	uint64_t	rank, seen = 0;

	if (h->count == 0)
		return NAN;
	rank = (uint64_t)ceil(q * (double)h->count);
	if (rank < 1)
		rank = 1;
	if (rank > h->count)
		rank = h->count;
	for (size_t i = 0; i < HIST_NBUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank)
			return hist_value(i);
	}
	return NAN;
}

/* The mean, from the bucket midpoints; NaN when empty. */
double
hist_mean(const struct hist *h)
{
	double	sum = 0;

	if (h->count == 0)
		return NAN;
	for (size_t i = 0; i < HIST_NBUCKETS; i++)
		if (h->bucket[i] != 0)
			sum += (double)h->bucket[i] * hist_value(i);
	return sum / (double)h->count;
}

/* The buckets in use as "bucket:count;...", allocated. */
char *
hist_encode(const struct hist *h)
{
	size_t	 len = 0, cap = 64;
	char	*s = xmalloc(cap);

	s[0] = '\0';
	for (size_t i = 0; i < HIST_NBUCKETS; i++) {
		char	one[48];
		int	n;

		if (h->bucket[i] == 0)
			continue;
		n = snprintf(one, sizeof one, "%s%zu:%" PRIu64,
		    len > 0 ? ";" : "", i, h->bucket[i]);
		while (len + (size_t)n + 1 > cap)
			s = xreallocarray(s, cap *= 2, 1);
		memcpy(s + len, one, (size_t)n + 1);
		len += (size_t)n;
	}
	return s;
}

/* One "bucket:count" pair; 0 or -1. */
static int
hist_decode_pair(const char *tok, size_t prev, size_t *i, uint64_t *n)
{
	char			*end;
	unsigned long long	 b, c;

	errno = 0;
	b = strtoull(tok, &end, 10);
	if (errno != 0 || end == tok || *end != ':' || b >= HIST_NBUCKETS ||
	    (prev != (size_t)-1 && b <= prev) || tok[0] == '-')
		return -1;
	tok = end + 1;
	c = strtoull(tok, &end, 10);
	if (errno != 0 || end == tok || *end != '\0' || c == 0 ||
	    tok[0] == '-')
		return -1;
	*i = (size_t)b;
	*n = c;
	return 0;
}

/*
 * Read what hist_encode() wrote into an initialised, empty histogram;
 * 0, or -1 with why in err.  Buckets must increase and counts be
 * positive, so a file cannot hold two readings of one histogram.
 */
int
hist_decode(struct hist *h, const char *s, struct sm_error *err)
{
	char	*copy = xstrdup(s), *tok, *save = NULL;
	size_t	 prev = (size_t)-1, i;
	uint64_t n;
	int	 rc = 0;

	for (tok = strtok_r(copy, ";", &save); tok != NULL && rc == 0;
	    tok = strtok_r(NULL, ";", &save)) {
		if (hist_decode_pair(tok, prev, &i, &n) != 0 ||
		    h->count + n < h->count) {
			sm_error_set(err, "bad histogram bucket \"%.40s\" "
			    "(expected BUCKET:COUNT, buckets increasing, "
			    "below %d)", tok, HIST_NBUCKETS);
			rc = -1;
			break;
		}
		h->bucket[i] = n;
		h->count += n;
		prev = i;
	}
	free(copy);
	return rc;
}
