/*
 * What the history tests share: runs of one test (syscall) added to a
 * history by hand, with the figure and the date they are given.
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_HISTORYUTIL_H
#define SYSMARK_HISTORYUTIL_H

/* Run r's summary of syscall: figure v with a 0.1% interval. */
static void
th_sum(struct history *h, size_t r, int version, int copies, double v)
{
	struct history_sum	*s = history_add_sum(h);

	s->run = r;
	strcpy(s->test, "syscall");
	strcpy(s->unit, "lps");
	s->version = version;
	s->copies = copies;
	s->mean = v;
	s->relvar = 1e-6;
	s->df = 5;
	s->n = 6;
}

/* A run of one test with figure v, on host, at a day of December. */
static size_t
th_run(struct history *h, const char *host, int day, int version,
    int copies, double v, const char *label)
{
	char	date[64], path[64];
	size_t	r;

	snprintf(date, sizeof date, "2026-12-%02dT10:00:00+0000", day);
	snprintf(path, sizeof path, "/r/%s-%d.csv", host, day);
	r = history_add_run(h, path, host, date, label, NULL);
	th_sum(h, r, version, copies, v);
	return r;
}

/* Run i of a series on host, i hours into December; figure v. */
static size_t
th_at(struct history *h, const char *host, size_t i, double v)
{
	char	date[64], path[64];
	size_t	r;

	snprintf(date, sizeof date, "2026-12-%02zuT%02zu:00:00+0000",
	    1 + i / 24, i % 24);
	snprintf(path, sizeof path, "/r/%s-%03zu.csv", host, i);
	r = history_add_run(h, path, host, date, NULL, NULL);
	th_sum(h, r, 1, 1, v);
	return r;
}

/* Figure i of 30 in 1% noise around 100, seeded: the same each time. */
static double
th_noisy(struct sm_rng *rng)
{
	return 100 * (1 + 0.01 * sm_rng_normal(rng));
}

#endif
