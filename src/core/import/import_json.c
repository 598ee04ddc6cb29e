/*
 * Importing the JSON of two timing tools as runs, so that a result made
 * with either gets sysmark's compare, gate and report:
 *
 *   hyperfine --export-json    {"results": [{"command", "times": [s...],
 *                              "exit_codes": [...], "parameters"?}]}
 *                              each time one sample of the command's
 *                              test, seconds per execution; its id and
 *                              version those `run -x` gives the same
 *                              command (command_ident()), so the two
 *                              compare; a non-zero exit code a failed
 *                              sample.
 *   Google Benchmark           {"context": {...}, "benchmarks": [{"name",
 *   --benchmark_out            "run_type", "real_time", "time_unit",
 *                              "iterations", "threads", ...}]}: each
 *                              repetition ("iteration" entries; the
 *                              aggregates are derived, so left out) one
 *                              sample, real time per iteration in its
 *                              unit; an error_occurred entry a failed
 *                              sample with its message.
 *
 * Parsed with jansson, never trusting a field's type or size: whatever
 * does not fit is a warning naming the entry, and a document that is
 * neither is refused.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "import.h"

/* At most this many samples are taken from one entry. */
#define IMPORT_JSON_MAX_TIMES	1000000

/* A warning about entry i of the document ("PATH: results[3]: ..."). */
static void
import_json_warn(struct import *im, const char *what, size_t i,
    const char *why)
{
	char	msg[512];

	snprintf(msg, sizeof msg, "%s: %s[%zu]: %s", im->path, what, i, why);
	im->warn = xreallocarray(im->warn, im->nwarn + 1, sizeof *im->warn);
	im->warn[im->nwarn++] = xstrdup(msg);
}

/*
 * A test id from a name: the characters ids may hold, others made '-';
 * a name too long keeps its start and a hash of the whole.
 */
static void
import_json_id(const char *name, char id[32])
{
	size_t		n = strlen(name), k;
	uint32_t	h = 2166136261u;

	for (k = 0; k < n && k < 31; k++)
		id[k] = isalnum((unsigned char)name[k]) ||
		    strchr("_.-", name[k]) != NULL ? name[k] : '-';
	id[k] = '\0';
	if (n <= 31)
		return;
	for (const char *p = name; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	snprintf(id + 22, 10, "-%08x", (unsigned)h);
}

/*
 * Append one sample of entry i; failed with why when why is not NULL.
 * A figure no run file may hold is a warning, never a sample.
 */
static void
import_json_sample(struct import *im, const char *what, size_t i,
    const struct run_sample *t, const char *why)
{
	struct run_sample	*s;
	char			 bad[160] = "";

	/* A failed sample is saved too: its times must fit a run file. */
	if (why != NULL && !(t->elapsed >= 0 && t->elapsed <= 1e7 &&
	    t->duration >= 0 && t->duration <= 1e7))
		snprintf(bad, sizeof bad, "%s: a time outside 0 to 1e7 s",
		    t->test);
	if (why != NULL && bad[0] != '\0') {
		import_json_warn(im, what, i, bad);
		return;
	}
	if (why == NULL && csvstore_check_sample(t, bad, sizeof bad) != 0) {
		import_json_warn(im, what, i, bad);
		return;
	}
	/* The same sample twice (a command given twice): a run holds one. */
	for (size_t k = 0; k < im->run->nsamples; k++) {
		s = &im->run->samples[k];
		if (s->index == t->index && s->copies == t->copies &&
		    strcmp(s->test, t->test) == 0) {
			snprintf(bad, sizeof bad, "%s: sample %d again: skipped",
			    t->test, t->index);
			import_json_warn(im, what, i, bad);
			return;
		}
	}
	s = run_add_sample(im->run);
	memcpy(s->test, t->test, sizeof s->test);
	memcpy(s->unit, t->unit, sizeof s->unit);
	s->version = t->version;
	s->copies = t->copies;
	s->index = t->index;
	s->iterations = t->iterations;
	s->elapsed = t->elapsed;
	if (why != NULL) {
		s->status = RUN_FAILED;
		s->value = NAN;
		run_sample_reason(s, why);
	} else {
		s->status = RUN_OK;
		s->value = t->value;
	}
	im->nresults++;
}

/* ---- hyperfine ---- */

/* The test's name: the command's, with its parameters' values. */
static void
import_hyperfine_name(json_t *res, const char *cmd, char name[32],
    int *version)
{
	json_t		*params = json_object_get(res, "parameters");
	const char	*key;
	json_t		*v;
	char		 full[256];
	size_t		 n;

	command_ident(cmd, name, version);
	if (!json_is_object(params))
		return;
	n = (size_t)snprintf(full, sizeof full, "%s", name);
	json_object_foreach(params, key, v)
		if (json_is_string(v) && n < sizeof full)
			n += (size_t)snprintf(full + n, sizeof full - n, "-%s",
			    json_string_value(v));
	import_json_id(full, name);
}

/*
 * The id run -x would give: none of the catalog's (a command "dc" or a
 * benchmark "pipe" is not the catalog's test, and its time is no rate),
 * and for a command (cmd) none of another command of this file ("sleep
 * 0.02" and "sleep 0.03" are sleep and sleep-2); a command given twice
 * keeps its id, its samples the first one's.
 */
static void
import_json_free_id(const struct run *run, const char *cmd, char id[32])
{
	char		 base[25], key[64];
	const char	*had;

	memcpy(base, id, sizeof base - 1);
	base[sizeof base - 1] = '\0';
	for (unsigned k = 2; k < 1000000; k++) {
		snprintf(key, sizeof key, "command.%s", id);
		had = cmd != NULL ? run_meta_get(run, key) : NULL;
		if (registry_find(id) == NULL && (had == NULL ||
		    strcmp(had, cmd) == 0))
			return;
		snprintf(id, 32, "%s-%u", base, k);
	}
}

static void
import_hyperfine_result(struct import *im, json_t *res, size_t i)
{
	json_t			*times = json_object_get(res, "times");
	json_t			*codes = json_object_get(res, "exit_codes");
	json_t			*cmd = json_object_get(res, "command");
	struct run_sample	 t;
	char			 why[64], key[64];
	size_t			 n;

	if (!json_is_string(cmd) || !json_is_array(times) ||
	    (n = json_array_size(times)) == 0 || n > IMPORT_JSON_MAX_TIMES) {
		import_json_warn(im, "results", i, "no \"command\" and "
		    "\"times\": skipped");
		return;
	}
	memset(&t, 0, sizeof t);
	import_hyperfine_name(res, json_string_value(cmd), t.test,
	    &t.version);
	import_json_free_id(im->run, json_string_value(cmd), t.test);
	snprintf(t.unit, sizeof t.unit, "s");
	t.copies = 1;
	t.repeat = 1;
	t.iterations = 1;
	snprintf(key, sizeof key, "command.%s", t.test);
	run_meta_set(im->run, key, json_string_value(cmd));
	for (size_t k = 0; k < n; k++) {
		json_t		*v = json_array_get(times, k);
		json_t		*c = json_is_array(codes) ?
				    json_array_get(codes, k) : NULL;

		t.index = (int)k + 1;
		if (!json_is_number(v)) {
			import_json_warn(im, "results", i, "a time that is "
			    "not a number: skipped");
			continue;
		}
		t.value = t.elapsed = json_number_value(v);
		if (json_is_integer(c) && json_integer_value(c) != 0) {
			snprintf(why, sizeof why, "exited with status %lld",
			    (long long)json_integer_value(c));
			import_json_sample(im, "results", i, &t, why);
		} else
			import_json_sample(im, "results", i, &t, NULL);
	}
}

static int
import_hyperfine(struct import *im, json_t *results, struct sm_error *err)
{
	run_meta_set(im->run, "suite", "hyperfine --export-json");
	for (size_t i = 0; i < json_array_size(results); i++)
		import_hyperfine_result(im, json_array_get(results, i), i);
	(void)err;
	return 0;
}

/* ---- Google Benchmark ---- */

/* Seconds in one time_unit; 0 if it is none. */
static double
import_gbench_unit(const char *u)
{
	static const struct {
		const char	*u;
		double		 s;
	} units[] = { { "ns", 1e-9 }, { "us", 1e-6 }, { "ms", 1e-3 },
		      { "s", 1 } };

	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(u, units[i].u) == 0)
			return units[i].s;
	return 0;
}

static void
import_gbench_entry(struct import *im, json_t *b, size_t i)
{
	const char		*name, *unit, *type;
	struct run_sample	 t;
	json_int_t		 rep = 0, threads = 1, iters;
	double			 secs, real;

	if (json_unpack(b, "{s:s, s:s, s:F, s:I, s?:I, s?:I, s:s}",
	    "name", &name, "run_type", &type, "real_time", &real,
	    "iterations", &iters, "repetition_index", &rep,
	    "threads", &threads, "time_unit", &unit) != 0) {
		import_json_warn(im, "benchmarks", i, "not a benchmark entry "
		    "(name, run_type, real_time, iterations, time_unit): "
		    "skipped");
		return;
	}
	if (strcmp(type, "iteration") != 0)
		return;		/* an aggregate: derived from the others */
	memset(&t, 0, sizeof t);
	t.value = real;
	if ((secs = import_gbench_unit(unit)) == 0 || threads < 1 ||
	    threads > RUN_MAX_COPIES || rep < 0 || rep >= INT_MAX ||
	    iters < 0) {
		import_json_warn(im, "benchmarks", i, "a time unit, thread "
		    "count or repetition out of range: skipped");
		return;
	}
	import_json_id(name, t.test);
	import_json_free_id(im->run, NULL, t.test);
	snprintf(t.unit, sizeof t.unit, "%s", unit);
	t.version = 1;
	t.copies = (int)threads;
	t.repeat = 1;
	t.index = (int)rep + 1;
	t.iterations = (uint64_t)iters;
	t.elapsed = t.value * secs * (double)iters;
	if (json_is_true(json_object_get(b, "error_occurred"))) {
		json_t	*m = json_object_get(b, "error_message");

		import_json_sample(im, "benchmarks", i, &t, json_is_string(m) ?
		    json_string_value(m) : "the benchmark reported an error");
	} else
		import_json_sample(im, "benchmarks", i, &t, NULL);
}

static int
import_gbench(struct import *im, json_t *root, struct sm_error *err)
{
	json_t		*ctx = json_object_get(root, "context");
	json_t		*list = json_object_get(root, "benchmarks");
	const char	*s;

	(void)err;
	run_meta_set(im->run, "suite", "Google Benchmark");
	if (json_unpack(ctx, "{s:s}", "host_name", &s) == 0)
		run_meta_set(im->run, "hostname", s);
	if (json_unpack(ctx, "{s:s}", "date", &s) == 0)
		run_meta_set(im->run, "date", s);
	if (json_unpack(ctx, "{s:s}", "library_build_type", &s) == 0)
		run_meta_set(im->run, "gbench_build_type", s);
	for (size_t i = 0; i < json_array_size(list); i++)
		import_gbench_entry(im, json_array_get(list, i), i);
	return 0;
}

/* 1 if buf looks like a JSON document (its first non-blank is '{'). */
int
import_json_is(const char *buf, size_t len)
{
	size_t	i = infile_bom(buf, len);

	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	return i < len && buf[i] == '{';
}

/* Read a hyperfine or Google Benchmark document into im->run; 0 or -1. */
int
import_json_read(struct import *im, const char *buf, size_t len,
    struct sm_error *err)
{
	json_error_t	 jerr;
	json_t		*root, *results, *benches;
	size_t		 skip = infile_bom(buf, len);
	int		 rc;

	root = json_loadb(buf + skip, len - skip, JSON_REJECT_DUPLICATES,
	    &jerr);
	if (root == NULL) {
		sm_error_set(err, "%s:%d: not valid JSON: %s", im->path,
		    jerr.line, jerr.text);
		return -1;
	}
	results = json_object_get(root, "results");
	benches = json_object_get(root, "benchmarks");
	if (json_is_array(results))
		rc = import_hyperfine(im, results, err);
	else if (json_is_array(benches))
		rc = import_gbench(im, root, err);
	else {
		sm_error_set(err, "%s: JSON, but neither a hyperfine export "
		    "(\"results\") nor Google Benchmark output "
		    "(\"benchmarks\")", im->path);
		rc = -1;
	}
	json_decref(root);
	return rc;
}
