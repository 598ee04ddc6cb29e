/*
 * A history in the formats dashboards read: Bencher Metric Format (each
 * series' newest run; bencher.dev/docs/reference/bencher-metric-format),
 * Otava's CSV (a time column, the commit, a column per series) and the
 * Otava test configuration that reads that CSV.  Neither format has a
 * place for which way is better, yet both tools judge by it: Bencher by
 * the threshold's boundary a measure is given, Otava by each metric's
 * direction in its configuration.  So the BMF measure names it beside
 * the unit, and the configuration gives each column its direction; both
 * are the series' own (ident.c, as the runs' files record them), the
 * one direction every judging path of sysmark takes.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/* Several hosts: a series is named host/test. */
static int
history_many_hosts(const struct history *h)
{
	for (size_t j = 1; j < h->nseries; j++)
		if (strcmp(h->series[j].host, h->series[0].host) != 0)
			return 1;
	return 0;
}

static void
history_full_name(const struct history *h, const struct history_series *k,
    char *buf, size_t len)
{
	char	name[64];

	history_series_name(k, name, sizeof name);
	if (history_many_hosts(h))
		snprintf(buf, len, "%s/%s", k->host, name);
	else
		snprintf(buf, len, "%s", name);
}

/*
 * Series j's newest summary: its newest run's, or a newer one left out
 * (a figure of 0 is the newest value, not the run before it).
 */
static const struct history_sum *
history_newest_sum(const struct history *h, size_t j)
{
	const struct history_series *k = &h->series[j];
	const struct history_sum *s = &k->sums[k->n - 1];

	for (size_t i = 0; i < h->nleft; i++)
		if (h->rank[h->left[i].sum.run] > h->rank[s->run] &&
		    history_series_of(h, &h->left[i].sum) == j)
			s = &h->left[i].sum;
	return s;
}

/*
 * Series k's BMF measure: its unit and which way is better, "lps (higher
 * is better)", so that a Bencher threshold is set on the right boundary
 * and a test whose direction changed is another measure, never one line.
 */
void
history_bmf_measure(const struct history_series *k, char *buf, size_t len)
{
	snprintf(buf, len, "%s (%s is better)", k->unit,
	    ident_dir_name(k->dir));
}

/*
 * Bencher Metric Format: {"series": {"unit (higher is better)": {"value",
 * "lower_value", "upper_value"}}}, each series' newest run with its 95%
 * interval.
 */
struct json_t *
history_bmf(const struct history *h)
{
	struct json_t	*doc = json_out_object(), *m, *v;
	char		 name[160], measure[64];
	double		 ci;

	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];
		const struct history_sum *s = history_newest_sum(h, j);

		if (!isfinite(s->mean))
			continue;	/* no JSON number: named on stderr */
		history_full_name(h, k, name, sizeof name);
		v = json_out_object();
		json_out_num(v, "value", s->mean);
		if (s->mean > 0 && isfinite(s->relvar) && s->df > 0) {
			ci = tdist_critical(0.05, s->df) * sqrt(s->relvar);
			json_out_num(v, "lower_value", s->mean * (1 - ci));
			json_out_num(v, "upper_value", s->mean * (1 + ci));
		}
		m = json_out_object();
		history_bmf_measure(k, measure, sizeof measure);
		json_out_set(m, measure, v);
		json_out_set(doc, name, m);
	}
	return doc;
}

/* A CSV field, quoted if it must be. */
static void
history_csv_field(FILE *f, const char *s, int first)
{
	if (!first)
		fputc(',', f);
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* 2026-12-01T10:00:00+0000 as Otava reads times: 2026-12-01 10:00:00 +0000. */
static void
history_otava_time(const char *date, char *buf, size_t len)
{
	if (date == NULL || strlen(date) < 19) {
		snprintf(buf, len, "%s", date != NULL ? date : "");
		return;
	}
	snprintf(buf, len, "%.10s %.8s%s%s", date, date + 11,
	    date[19] != '\0' ? " " : "", date + 19);
}

/*
 * Otava's CSV: time, commit, then one column per series; a row per run
 * in the history's order, empty where the run lacks the series.
 */
void
history_otava(const struct history *h, FILE *f)
{
	double		*cell = xcalloc(h->nruns * (h->nseries + 1) + 1,
			    sizeof *cell);
	size_t		*order = xcalloc(h->nruns + 1, sizeof *order);
	char		 name[160], when[64], v[32];

	for (size_t i = 0; i < h->nruns * (h->nseries + 1); i++)
		cell[i] = NAN;
	for (size_t j = 0; j < h->nseries; j++)
		for (size_t i = 0; i < h->series[j].n; i++)
			cell[h->series[j].sums[i].run * h->nseries + j] =
			    h->series[j].sums[i].mean;
	for (size_t r = 0; r < h->nruns; r++)
		order[h->rank[r]] = r;
	fputs("time,commit", f);
	for (size_t j = 0; j < h->nseries; j++) {
		history_full_name(h, &h->series[j], name, sizeof name);
		history_csv_field(f, name, 0);
	}
	fputc('\n', f);
	for (size_t i = 0; i < h->nruns; i++) {
		const struct history_run *r = &h->runs[order[i]];
		int	any = 0;

		for (size_t j = 0; j < h->nseries; j++)
			any |= !isnan(cell[order[i] * h->nseries + j]);
		if (!any)
			continue;
		history_otava_time(r->date, when, sizeof when);
		history_csv_field(f, when, 1);
		history_csv_field(f, r->commit != NULL ? r->commit : "", 0);
		for (size_t j = 0; j < h->nseries; j++) {
			double	x = cell[order[i] * h->nseries + j];

			v[0] = '\0';
			if (!isnan(x))
				snprintf(v, sizeof v, "%.10g", x);
			history_csv_field(f, v, 0);
		}
		fputc('\n', f);
	}
	free(cell);
	free(order);
}

/* A YAML double-quoted scalar: s with its quotes and backslashes escaped. */
static void
history_yaml_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/*
 * Otava's test configuration for the CSV history_otava() writes, saved as
 * csv (its path as the configuration names it): test "sysmark", a metric
 * per column with its direction (1: higher is better, -1: lower) and,
 * as a comment, its unit (Otava's CSV metrics have none).  Otava reads
 * the CSV's columns by these names, and judges each by its direction.
 */
void
history_otava_config(const struct history *h, const char *csv, FILE *f)
{
	char	name[160];

	fputs("# Otava's configuration of sysmark history -f otava's CSV, saved "
	    "as the\n# file below: otava analyze sysmark, with OTAVA_CONFIG "
	    "naming this file\ntests:\n  sysmark:\n    type: csv\n    file: ",
	    f);
	history_yaml_str(f, csv);
	fputs("\n    time_column: time\n    attributes: [commit]\n"
	    "    metrics:\n", f);
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		history_full_name(h, k, name, sizeof name);
		fputs("      ", f);
		history_yaml_str(f, name);
		fputs(":\n        column: ", f);
		history_yaml_str(f, name);
		fprintf(f, "\n        direction: %d  # %s, %s is better\n",
		    k->dir == BENCH_LOWER ? -1 : 1, k->unit,
		    ident_dir_name(k->dir));
	}
}
