/*
 * A run as JSON (doc/json.md, "run"): its facts, then per test and
 * copies value the statistics the results table shows (estimate.c's
 * figure and flags, stats.c's summary of the counted samples) and every
 * sample as the file holds it, warm-ups and failures included, with its
 * repeat and how busy the machine was; a users run's response times per
 * step.  What run, show, import, users and calibrate print with -f json.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report.h"

static const char *
json_run_status(enum run_status st)
{
	switch (st) {
	case RUN_OK:
		return "ok";
	case RUN_FAILED:
		return "failed";
	case RUN_SKIPPED:
		break;
	}
	return "skipped";
}

/* One sample, with every column of the run file. */
static json_t *
json_run_sample(const struct run_sample *s)
{
	json_t	*o = json_out_object(), *pc;

	json_out_int(o, "repeat", s->repeat);
	json_out_int(o, "index", s->index);
	json_out_bool(o, "warmup", s->index == RUN_WARMUP);
	json_out_str(o, "status", json_run_status(s->status));
	json_out_num(o, "value", s->status == RUN_OK ? s->value : NAN);
	json_out_num(o, "duration", s->duration);
	json_out_num(o, "elapsed", s->status == RUN_OK ? s->elapsed : NAN);
	json_out_int(o, "iterations", (long long)s->iterations);
	if (s->per_copy != NULL) {
		pc = json_out_array();
		for (int c = 0; c < s->copies; c++)
			json_out_append(pc, json_out_number(s->per_copy[c]));
		json_out_set(o, "per_copy", pc);
	} else
		json_out_set(o, "per_copy", json_null());
	json_out_num(o, "busy", s->busy);
	json_out_num(o, "freq_mhz", s->freq_mhz);
	json_out_num(o, "temp_c", s->temp_c);
	json_out_num(o, "user_s", s->user_s);
	json_out_num(o, "sys_s", s->sys_s);
	json_out_num(o, "maxrss_kb", s->maxrss_kb);
	json_out_num(o, "exec_min", s->exec_min);
	json_out_num(o, "exec_mean", s->exec_mean);
	json_out_num(o, "exec_max", s->exec_max);
	json_out_num(o, "exec_sd", s->exec_sd);
	json_out_int(o, "session", s->session > 0 ? s->session : 1);
	json_out_str(o, "reason", s->reason);
	return o;
}

/* stats.c's summary of the counted samples; null with none. */
static json_t *
json_run_stats(const struct run *run, const struct run_group *g)
{
	struct stats	st;
	json_t		*o;

	run_group_stats(run, g, &st);
	if (st.n == 0)
		return json_null();
	o = json_out_object();
	json_out_int(o, "n", (long long)st.n);
	json_out_num(o, "mean", st.mean);
	json_out_num(o, "median", st.median);
	json_out_num(o, "min", st.min);
	json_out_num(o, "max", st.max);
	json_out_num(o, "sd", st.sd);
	json_out_num(o, "cv", st.cv);
	json_out_num(o, "ci", st.ci);
	return o;
}

/* A command's single executions pooled (runexecs.c); null untimed. */
static json_t *
json_run_execs(const struct run *run, const struct run_group *g)
{
	struct run_execs	 e;
	json_t			*o;

	if (run_group_execs(run, g, &e) == 0)
		return json_null();
	o = json_out_object();
	json_out_int(o, "n", (long long)e.n);
	json_out_num(o, "mean", e.mean);
	json_out_num(o, "sd", e.sd);
	json_out_num(o, "min", e.min);
	json_out_num(o, "max", e.max);
	return o;
}

/* estimate.c's figure for the group: what the results table prints. */
static json_t *
json_run_estimate(const struct run *run, const struct run_group *g)
{
	struct estimate	e;
	json_t		*o = json_out_object();
	char		 flags[64];

	estimate_run(run, g, &e);
	estimate_flags_str(&e, run_target(run), flags, sizeof flags);
	json_out_num(o, "mean", e.units > 0 ? e.mean : NAN);
	json_out_num(o, "ci_rel", estimate_ci(&e, 0.05));
	json_out_int(o, "units", (long long)e.units);
	json_out_int(o, "n", (long long)e.n);
	json_out_int(o, "warmups", (long long)e.warmups);
	json_out_int(o, "failed", (long long)e.failed);
	json_out_num(o, "within_cv", e.within_cv);
	json_out_num(o, "between_cv", e.between_cv);
	json_out_num(o, "df", e.df);
	json_out_int(o, "trend", e.flags.trend);
	json_out_num(o, "trend_p", e.flags.trend_p);
	json_out_int(o, "outliers", (long long)e.flags.outliers);
	json_out_num(o, "unfair", e.flags.unfair);
	json_out_num(o, "busy", e.flags.busy);
	json_out_str(o, "flags", flags);
	return o;
}

/* One (test, copies) group: who it is, its figures, its samples. */
static json_t *
json_run_test(const struct run *run, const struct run_group *g)
{
	const struct bench	*b = registry_find(g->test);
	const struct run_sample	*s = NULL;
	json_t			*o = json_out_object();
	json_t			*arr = json_out_array();

	for (size_t i = 0; i < run->nsamples; i++) {
		if (strcmp(run->samples[i].test, g->test) != 0 ||
		    run->samples[i].copies != g->copies)
			continue;
		s = &run->samples[i];
		json_out_append(arr, json_run_sample(s));
	}
	json_out_str(o, "id", g->test);
	json_out_str(o, "title", label_title_in(&run, 1, g->test));
	json_out_str(o, "group", b != NULL ? b->group : NULL);
	json_out_str(o, "unit", s != NULL ? s->unit : NULL);
	json_out_int(o, "version", s != NULL ? s->version : 0);
	json_out_int(o, "copies", g->copies);
	/* As compare takes it: a command test's or an import's too. */
	json_out_bool(o, "higher_is_better", ident_dir(&run, 1, g->test) ==
	    BENCH_HIGHER);
	json_out_set(o, "estimate", json_run_estimate(run, g));
	json_out_set(o, "stats", json_run_stats(run, g));
	json_out_set(o, "executions", json_run_execs(run, g));
	json_out_set(o, "samples", arr);
	return o;
}

/* A users run's response times: per step, users, sample and repeat. */
static json_t *
json_run_hists(const struct run *run)
{
	json_t			*arr = json_out_array(), *o;
	const struct run_hist	*h;

	for (size_t i = 0; i < run->nhists; i++) {
		h = &run->hists[i];
		o = json_out_object();
		json_out_str(o, "step", h->step);
		json_out_int(o, "users", h->copies);
		json_out_int(o, "index", h->index);
		json_out_int(o, "repeat", h->repeat);
		json_out_int(o, "count", (long long)h->h.count);
		json_out_num(o, "mean_ns", hist_mean(&h->h));
		json_out_num(o, "p50_ns", hist_quantile(&h->h, 0.50));
		json_out_num(o, "p90_ns", hist_quantile(&h->h, 0.90));
		json_out_num(o, "p99_ns", hist_quantile(&h->h, 0.99));
		json_out_num(o, "max_ns", hist_quantile(&h->h, 1.0));
		json_out_append(arr, o);
	}
	return arr;
}

/*
 * Meta keys whose values are text even when they look like a number: a
 * name, a note, a commit, a version, a date, a list, a seed that a double
 * would round, a command and what it was given.
 */
static int
json_run_text_key(const char *key)
{
	static const char *const text[] = { "hostname", "label", "note",
	    "commit", "date", "journal_date", "plan_tests", "plan_copies",
	    "order_seed", "suite", "imported_from", "tmpdir", "mix" };

	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		if (strcmp(key, text[i]) == 0)
			return 1;
	return strstr(key, "version") != NULL ||
	    strncmp(key, "command", 7) == 0 || strncmp(key, "gap.", 4) == 0;
}

/*
 * A meta value as JSON: a number when the whole value is a decimal
 * number as JSON writes one ("2", "0.05", "-1"; not "012", "1e3", "inf"
 * or "2 CPUs") and its key is no text key, else the string it is in the
 * file.  An integer past 2^53 stays text, which a double would round.
 */
static json_t *
json_run_meta_value(const char *key, const char *v)
{
	const char	*p = v + (*v == '-');
	size_t		 digits = strspn(p, "0123456789");
	long long	 i;
	char		*end;

	if (json_run_text_key(key) || digits == 0 ||
	    (p[0] == '0' && digits > 1))
		return json_out_string(v);
	if (p[digits] == '\0') {
		errno = 0;
		i = strtoll(v, &end, 10);
		if (errno == 0 && llabs(i) <= (1LL << 53))
			return json_integer(i);
		return json_out_string(v);
	}
	if (p[digits] != '.' || strspn(p + digits + 1, "0123456789") == 0 ||
	    p[digits + 1 + strspn(p + digits + 1, "0123456789")] != '\0')
		return json_out_string(v);
	return json_out_number(strtod(v, NULL));
}

/*
 * The run as an object: file is where it is saved (NULL: nowhere),
 * label and note its meta's, or null.
 */
json_t *
json_run_object(const struct run *run, const char *file)
{
	json_t			*o = json_out_object(), *meta, *tests;
	struct run_group	*g;
	size_t			 ng;

	json_out_str(o, "file", file);
	json_out_str(o, "label", run_meta_get(run, "label"));
	json_out_str(o, "note", run_meta_get(run, "note"));
	meta = json_out_object();
	for (size_t i = 0; i < run->nmeta; i++)
		json_out_set(meta, run->meta[i].key, json_run_meta_value(
		    run->meta[i].key, run->meta[i].value));
	json_out_set(o, "meta", meta);
	tests = json_out_array();
	ng = run_groups(run, &g);
	for (size_t i = 0; i < ng; i++)
		json_out_append(tests, json_run_test(run, &g[i]));
	free(g);
	json_out_set(o, "tests", tests);
	json_out_set(o, "response_times", json_run_hists(run));
	return o;
}

/* Append the run to doc["runs"]. */
void
json_run_add(json_t *doc, const struct run *run, const char *file)
{
	json_t	*arr = json_object_get(doc, "runs");

	if (arr == NULL) {
		arr = json_out_array();
		json_out_set(doc, "runs", arr);
	}
	json_out_append(arr, json_run_object(run, file));
}
