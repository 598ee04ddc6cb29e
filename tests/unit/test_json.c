/*
 * The JSON writer (json_out.c, json_run.c): what it writes is read back
 * with jansson and compared: every double to the bit, including ones
 * with no short decimal form; NaN and infinity as null; text that is not
 * UTF-8 still a valid document; a table as rows of cells; a comparison's
 * lines (json_compare.c) with each side's figures, field for field the
 * columns of compare -f csv; every document the commands that read files
 * write holds doc/json.md's keys (tests/check/json_check.py).
 */
/* SPDX-License-Identifier: MIT */

#include <float.h>
#include <math.h>

#include <jansson.h>

#include "testutil.h"
#include "../../src/core/core.h"

/* Write doc through json_out_write() and parse what it wrote. */
static json_t *
roundtrip(json_t *doc)
{
	struct sm_error	 err;
	json_error_t	 jerr;
	json_t		*back;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(json_out_write(doc, f, &err), 0);
	fclose(f);
	back = json_loads(buf, 0, &jerr);
	if (back == NULL)
		fail_msg("not JSON: %s\n%s", jerr.text, buf);
	free(buf);
	return back;
}

static const double tricky[] = {
	0.1, 1.0 / 3, 2.0 / 3, 1e-300, 5e-324, DBL_MAX, 123456789.123456789,
	0.30000000000000004, 943578.81234567891, 1e21, -0.0,
};

/* Every value written reads back as the same double, bit for bit. */
static void
test_doubles_exact(void **state)
{
	json_t	*doc = json_out_doc("test"), *arr = json_out_array(), *back;
	json_t	*v;
	size_t	 n = sizeof tricky / sizeof tricky[0];

	(void)state;
	for (size_t i = 0; i < n; i++)
		json_out_append(arr, json_out_number(tricky[i]));
	json_out_set(doc, "v", arr);
	back = roundtrip(doc);
	arr = json_object_get(back, "v");
	assert_int_equal(json_array_size(arr), n);
	for (size_t i = 0; i < n; i++) {
		v = json_array_get(arr, i);
		assert_true(json_is_number(v));
		if (memcmp(&(double){ json_number_value(v) }, &tricky[i],
		    sizeof tricky[i]) != 0)
			fail_msg("%.17g read back as %.17g", tricky[i],
			    json_number_value(v));
	}
	assert_int_equal(json_integer_value(json_object_get(back,
	    "sysmark_json")), JSON_OUT_VERSION);
	assert_string_equal(json_object_iter_key(json_object_iter(back)),
	    "sysmark_json");
	json_decref(back);
}

/*
 * The values JSON has no number for, each alone and beside finite ones:
 * NaN, +infinity and -infinity are null, whether written as an array
 * element or as an object's member; the largest finite doubles on
 * either side of them stay numbers.
 */
static void
test_not_finite_null(void **state)
{
	static const double	 v[] = {
		NAN, INFINITY, -INFINITY, DBL_MAX, -DBL_MAX, -NAN,
	};
	static const int	 is_null[] = { 1, 1, 1, 0, 0, 1 };
	size_t	 n = sizeof v / sizeof v[0];
	json_t	*doc = json_out_doc("test"), *arr = json_out_array(), *back;
	json_t	*obj = json_out_object();
	char	 key[16];

	(void)state;
	for (size_t i = 0; i < n; i++) {
		json_out_append(arr, json_out_number(v[i]));
		snprintf(key, sizeof key, "k%zu", i);
		json_out_num(obj, key, v[i]);
	}
	json_out_set(doc, "a", arr);
	json_out_set(doc, "o", obj);
	back = roundtrip(doc);
	for (size_t i = 0; i < n; i++) {
		snprintf(key, sizeof key, "k%zu", i);
		json_t *in_a = json_array_get(json_object_get(back, "a"), i);
		json_t *in_o = json_object_get(json_object_get(back, "o"),
		    key);
		if (is_null[i]) {
			assert_true(json_is_null(in_a));
			assert_true(json_is_null(in_o));
			continue;
		}
		assert_true(json_number_value(in_a) == v[i]);
		assert_true(json_number_value(in_o) == v[i]);
	}
	json_decref(back);
}

/*
 * Text that is not all UTF-8, by kind: valid UTF-8
 * beside one bad byte keeps its characters, only the bad byte read as
 * Latin-1; a bad byte alone, at either end, in a run, a truncated
 * sequence, an overlong form; all-valid text passes as it is.
 */
static void
test_string_bytes(void **state)
{
	static const struct {
		const char	*in, *want;
	} cases[] = {
		{ "\xc3\xa9\xff", "\xc3\xa9\xc3\xbf" },	/* é, then ÿ */
		{ "\xff\xc3\xa9", "\xc3\xbf\xc3\xa9" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xff!", "caf\xc3\xa9 \xe2\x82\xac \xc3\xbf!" },
		{ "\xf0\x9f\x98\x80\xfe\xfe", "\xf0\x9f\x98\x80\xc3\xbe\xc3\xbe" },
		{ "\xc3", "\xc3\x83" },			/* truncated: Ã */
		{ "\xe2\x82x", "\xc3\xa2\xc2\x82x" },
		{ "\xc0\xaf", "\xc3\x80\xc2\xaf" },	/* overlong */
		{ "caf\xe9", "caf\xc3\xa9" },		/* Latin-1 alone */
		{ "plain \xc3\xa9", "plain \xc3\xa9" },
	};
	json_t	*v;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		v = json_out_string(cases[i].in);
		assert_string_equal(json_string_value(v), cases[i].want);
		json_decref(v);
	}
}

/* A run: samples' figures exact, NaN as null, warm-up and repeat kept. */
static void
test_run_samples(void **state)
{
	struct run		 run;
	struct run_sample	*s;
	json_t			*doc = json_out_doc("show"), *back, *t, *sm;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "label", "caf\xe9");	/* Latin-1, not UTF-8 */
	run_meta_set(&run, "r\xe9sum\xe9", "x");	/* a key too */
	for (int i = 0; i < 3; i++) {
		s = run_add_sample(&run);
		snprintf(s->test, sizeof s->test, "syscall");
		snprintf(s->unit, sizeof s->unit, "lps");
		s->version = 1;
		s->copies = 1;
		s->index = i;
		s->repeat = 2;
		s->status = RUN_OK;
		s->duration = 0.1;
		s->elapsed = 0.1;
		s->iterations = 10;
		s->value = tricky[i];
		s->busy = i == 1 ? NAN : 2;
	}
	json_run_add(doc, &run, NULL);
	back = roundtrip(doc);
	t = json_array_get(json_object_get(json_array_get(json_object_get(
	    back, "runs"), 0), "tests"), 0);
	assert_string_equal(json_string_value(json_object_get(t, "id")),
	    "syscall");
	sm = json_object_get(t, "samples");
	assert_int_equal(json_array_size(sm), 3);
	for (size_t i = 0; i < 3; i++) {
		json_t	*o = json_array_get(sm, i);

		assert_true(json_number_value(json_object_get(o, "value")) ==
		    tricky[i]);
		assert_int_equal(json_integer_value(json_object_get(o,
		    "repeat")), 2);
		assert_true(json_is_true(json_object_get(o, "warmup")) ==
		    (i == 0));
		assert_true(json_is_null(json_object_get(o, "busy")) ==
		    (i == 1));
	}
	/* Two counted samples: the stats of 1/3 and 2/3. */
	assert_int_equal(json_integer_value(json_object_get(json_object_get(t,
	    "stats"), "n")), 2);
	/* One repeat: no between-repeat CV, a null, not a NaN. */
	assert_true(json_is_null(json_object_get(json_object_get(t,
	    "estimate"), "between_cv")));
	assert_string_equal(json_string_value(json_object_get(
	    json_array_get(json_object_get(back, "runs"), 0), "label")),
	    "caf\xc3\xa9");
	assert_string_equal(json_string_value(json_object_get(json_object_get(
	    json_array_get(json_object_get(back, "runs"), 0), "meta"),
	    "r\xc3\xa9sum\xc3\xa9")), "x");
	json_decref(back);
	run_free(&run);
}

/*
 * A comparison's lines as JSON: each side's workload version as that
 * side recorded it, in every pairing (the same, changed up or down, one
 * side or the other unknown), beside the kind the versions make.
 */
static void
test_compare_versions(void **state)
{
	static const struct {
		const char	*test;
		int		 vold, vnew;
		const char	*kind;
	} cases[] = {
		{ "same", 2, 2, "ranked" },
		{ "up", 1, 2, "version differs" },
		{ "down", 3, 1, "version differs" },
		{ "old-unknown", 0, 4, "ranked" },
		{ "new-unknown", 5, 0, "ranked" },
		{ "both-unknown", 0, 0, "ranked" },
	};
	const double		 va[] = { 100, 101, 99 }, vb[] = { 110, 111, 109 };
	size_t			 nc = sizeof cases / sizeof cases[0], n, found = 0;
	struct run		 a, b;
	const struct run	*pa = &a, *pb = &b;
	struct compare_side	 sa = { &pa, 1, "A" }, sb = { &pb, 1, "B" };
	struct compare_opts	 o;
	struct bmdiff_line	*lines;
	json_t			*doc = json_out_doc("compare"), *back, *ls, *l;

	(void)state;
	run_init(&a);
	run_init(&b);
	for (size_t i = 0; i < nc; i++) {
		tu_add_samples(&a, cases[i].test, cases[i].vold, "lps", va, 3);
		tu_add_samples(&b, cases[i].test, cases[i].vnew, "lps", vb, 3);
	}
	compare_opts_default(&o);
	n = bmdiff_lines(&sa, &sb, &o, &lines);
	assert_int_equal(n, nc);
	json_compare_add(doc, &sa, 0, &sb, 1, lines, n, &o);
	back = roundtrip(doc);
	ls = json_object_get(json_array_get(json_object_get(back,
	    "comparisons"), 0), "lines");
	assert_int_equal(json_array_size(ls), nc);
	for (size_t j = 0; j < json_array_size(ls); j++) {
		l = json_array_get(ls, j);
		for (size_t i = 0; i < nc; i++) {
			if (strcmp(json_string_value(json_object_get(l, "id")),
			    cases[i].test) != 0)
				continue;
			found++;
			if (json_integer_value(json_object_get(l,
			    "version_old")) != cases[i].vold ||
			    json_integer_value(json_object_get(l,
			    "version_new")) != cases[i].vnew)
				fail_msg("%s: versions %lld -> %lld",
				    cases[i].test, json_integer_value(
				    json_object_get(l, "version_old")),
				    json_integer_value(json_object_get(l,
				    "version_new")));
			assert_string_equal(json_string_value(json_object_get(l,
			    "kind")), cases[i].kind);
		}
	}
	assert_int_equal(found, nc);
	json_decref(back);
	free(lines);
	run_free(&a);
	run_free(&b);
}

/* Add n samples of test at repeat rep (indexes after those it has). */
static void
add_repeat(struct run *run, const char *test, int version, int rep,
    const double *v, size_t n)
{
	size_t	first = run->nsamples;

	tu_add_samples(run, test, version, "lps", v, n);
	for (size_t i = first; i < run->nsamples; i++) {
		run->samples[i].repeat = rep;
		if (isnan(run->samples[i].value)) {
			run->samples[i].status = RUN_FAILED;
			run_sample_reason(&run->samples[i], "exit 1");
		}
	}
}

/* The csv cell of row r under header h, or NULL when no such column. */
static const char *
csv_cell(const struct table *t, size_t r, const char *h)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].header, h) == 0)
			return t->rows[r].cells[c] != NULL ?
			    t->rows[r].cells[c] : "";
	return NULL;
}

/*
 * A comparison's lines as JSON hold exactly the columns of compare -f
 * csv (doc/json.md: "LINE has exactly the columns of compare -f csv"),
 * each the csv's value (a number as the csv rounds it, an empty cell as
 * null), and the four the csv lacks (higher_is_better, version_old,
 * version_new, failed) as the line has them: a field left out, added
 * twice under another name or given another line's value fails, on every
 * kind of line (ranked over repeats, versions that differ, only old, only
 * new, failed on one side).
 */
static void
test_compare_csv_fields(void **state)
{
	static const char *const extra[] = { "higher_is_better",
	    "version_old", "version_new", "failed" };
	const double	 a1[] = { 100, 101, 99 }, a2[] = { 102, 100, 101 };
	const double	 b1[] = { 110, 111, 109 }, b2[] = { 108, 112, 110 };
	const double	 bad[] = { NAN, NAN, NAN };
	struct run	 a, b;
	const struct run *pa = &a, *pb = &b;
	struct compare_side sa = { &pa, 1, "A" }, sb = { &pb, 1, "B" };
	struct compare_opts o;
	struct bmdiff_line *lines;
	struct table	*t;
	json_t		*doc = json_out_doc("compare"), *back, *ls, *l, *v;
	size_t		 n, row, ranked = 0;
	char		 got[64], alt[64], key[64];
	const char	*cell;

	(void)state;
	run_init(&a);
	run_init(&b);
	for (int rep = 1; rep <= 2; rep++) {
		add_repeat(&a, "steady", 1, rep, rep == 1 ? a1 : a2, 3);
		add_repeat(&b, "steady", 1, rep, rep == 1 ? b1 : b2, 3);
		add_repeat(&a, "slower", 1, rep, rep == 1 ? b2 : b1, 3);
		add_repeat(&b, "slower", 1, rep, rep == 1 ? a1 : a2, 3);
	}
	add_repeat(&a, "ver", 1, 1, a1, 3);
	add_repeat(&b, "ver", 2, 1, b1, 3);
	add_repeat(&a, "gone", 1, 1, a1, 3);
	add_repeat(&b, "fresh", 1, 1, b1, 3);
	add_repeat(&a, "broke", 1, 1, a1, 3);
	add_repeat(&b, "broke", 1, 1, bad, 3);
	compare_opts_default(&o);
	o.wide = 1;
	n = bmdiff_lines(&sa, &sb, &o, &lines);
	json_compare_add(doc, &sa, 0, &sb, 1, lines, n, &o);
	back = roundtrip(doc);
	t = bmdiff_report(&sa, &sb, &o);
	ls = json_object_get(json_array_get(json_object_get(back,
	    "comparisons"), 0), "lines");
	assert_int_equal(json_array_size(ls), n);
	assert_true(n >= 6);
	for (size_t j = 0; j < n; j++) {
		l = json_array_get(ls, j);
		/* The line of the same test in the csv. */
		for (row = 0; row < t->nrows; row++)
			if (!t->rows[row].section && strcmp(csv_cell(t, row,
			    "id"), lines[j].g.test) == 0)
				break;
		if (row == t->nrows)
			fail_msg("%s: no csv row", lines[j].g.test);
		assert_string_equal(json_string_value(json_object_get(l,
		    "id")), lines[j].g.test);
		ranked += lines[j].kind == BMDIFF_RANKED;
		if (json_object_size(l) != t->ncols + sizeof extra /
		    sizeof extra[0])
			fail_msg("%s: %zu fields, the csv has %zu columns "
			    "and 4 more are JSON's", lines[j].g.test,
			    json_object_size(l), t->ncols);
		for (size_t c = 0; c < t->ncols; c++) {
			snprintf(key, sizeof key, "%s", t->cols[c].header);
			cell = csv_cell(t, row, key);
			if ((v = json_object_get(l, key)) == NULL)
				fail_msg("%s: no \"%s\" (csv: \"%s\")",
				    lines[j].g.test, key, cell);
			got[0] = alt[0] = '\0';
			if (json_is_string(v))
				snprintf(got, sizeof got, "%s",
				    json_string_value(v));
			else if (json_is_integer(v)) {
				snprintf(got, sizeof got, "%lld",
				    (long long)json_integer_value(v));
				snprintf(alt, sizeof alt, "%.6g",
				    (double)json_integer_value(v));
			} else if (json_is_real(v))
				snprintf(got, sizeof got, "%.6g",
				    json_real_value(v));
			else if (!json_is_null(v))
				fail_msg("%s: \"%s\" neither text, a number "
				    "nor null", lines[j].g.test, key);
			if (strcmp(got, cell) != 0 && strcmp(alt, cell) != 0)
				fail_msg("%s: \"%s\" is \"%s\" in JSON, \"%s\" "
				    "in the csv", lines[j].g.test, key, got,
				    cell);
		}
		assert_true(json_is_boolean(v = json_object_get(l,
		    "higher_is_better")));
		assert_int_equal(json_is_true(v), lines[j].dir ==
		    BENCH_HIGHER);
		assert_true(json_is_integer(v = json_object_get(l,
		    "version_old")));
		assert_int_equal(json_integer_value(v), lines[j].vold);
		assert_true(json_is_integer(v = json_object_get(l,
		    "version_new")));
		assert_int_equal(json_integer_value(v), lines[j].vnew);
		assert_true(json_is_boolean(v = json_object_get(l,
		    "failed")));
		assert_int_equal(json_is_true(v), lines[j].failed != 0);
	}
	/* Both ranked lines judged: p, df and the rest are numbers there. */
	assert_int_equal(ranked, 2);
	table_free(t);
	json_decref(back);
	free(lines);
	run_free(&a);
	run_free(&b);
}

/*
 * A run's meta: a value that is a decimal number in full is a JSON number,
 * anything else, and text by nature however it looks (a hostname, a
 * commit, a version), the string it was; an integer a double would round
 * stays text.
 */
static void
test_meta_numbers(void **state)
{
	static const struct {
		const char	*key, *value;
		int		 number;	/* 1 integer, 2 real, 0 text */
		double		 want;
	} cases[] = {
		{ "cpus", "2", 1, 2 },
		{ "load_average", "0.05", 2, 0.05 },
		{ "cgroup_cpu_quota_us", "-1", 1, -1 },
		{ "memory_mb", "012", 0, 0 },
		{ "duration", "1e3", 0, 0 },
		{ "mhz", "not available", 0, 0 },
		{ "users", "3.", 0, 0 },
		{ "steal_percent", "-", 0, 0 },
		{ "big", "9007199254740993", 0, 0 },
		{ "hostname", "1234", 0, 0 },
		{ "commit", "1234567", 0, 0 },
		{ "sysmark_version", "1", 0, 0 },
		{ "plan_copies", "2", 0, 0 },
	};
	size_t		 n = sizeof cases / sizeof cases[0];
	struct run	 run;
	json_t		*doc = json_out_doc("show"), *back, *meta, *v;

	(void)state;
	run_init(&run);
	for (size_t i = 0; i < n; i++)
		run_meta_set(&run, cases[i].key, cases[i].value);
	json_run_add(doc, &run, NULL);
	back = roundtrip(doc);
	meta = json_object_get(json_array_get(json_object_get(back, "runs"),
	    0), "meta");
	for (size_t i = 0; i < n; i++) {
		v = json_object_get(meta, cases[i].key);
		if (cases[i].number == 0) {
			assert_string_equal(json_string_value(v),
			    cases[i].value);
			continue;
		}
		assert_true(cases[i].number == 1 ? json_is_integer(v) :
		    json_is_real(v));
		assert_true(json_number_value(v) == cases[i].want);
	}
	json_decref(back);
	run_free(&run);
}

/* A table: sections and cells as printed, notes kept. */
static void
test_table(void **state)
{
	struct table	*t = table_new("T");
	json_t		*doc = json_out_doc("test"), *back, *rows;
	size_t		 r;

	(void)state;
	table_add_col(t, "A", TABLE_LEFT);
	table_add_col(t, "B", TABLE_RIGHT);
	table_add_section(t, "Group");
	r = table_add_row(t);
	table_set(t, r, 0, "x");
	table_add_note(t, "a note");
	json_out_add_tables(doc, &t, 1);
	back = roundtrip(doc);
	rows = json_object_get(json_array_get(json_object_get(back,
	    "tables"), 0), "rows");
	assert_string_equal(json_string_value(json_object_get(
	    json_array_get(rows, 0), "section")), "Group");
	assert_string_equal(json_string_value(json_array_get(json_object_get(
	    json_array_get(rows, 1), "cells"), 0)), "x");
	assert_string_equal(json_string_value(json_array_get(json_object_get(
	    json_array_get(rows, 1), "cells"), 1)), "");
	json_decref(back);
}

/*
 * sysmark ARGV (-f json among them) exits status, and its document
 * passes tests/check/json_check.py KIND, doc/json.md's schema: every
 * key there with its type.
 */
static void
doc_checked(const char *dir, const char *kind, int status,
    char *const argv[])
{
	struct tu_out	 o, c;
	char		 path[300], cmd[600], what[400] = "";
	char		*sh[] = { "sh", "-c", cmd, NULL };
	FILE		*f;

	for (size_t i = 1; argv[i] != NULL; i++)
		snprintf(what + strlen(what), sizeof what - strlen(what),
		    " %s", argv[i]);
	tu_run(argv, &o);
	if (o.status != status)
		fail_msg("sysmark%s: exit status %d, not %d: %s", what,
		    o.status, status, o.err);
	snprintf(path, sizeof path, "%s/doc.json", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs(o.out, f);
	assert_int_equal(fclose(f), 0);
	snprintf(cmd, sizeof cmd, "python3 tests/check/json_check.py '%s' <%s",
	    kind, path);
	tu_exec_prog("/bin/sh", sh, &c);
	if (c.status != 0)
		fail_msg("sysmark%s: not %s's document: %s%s", what, kind,
		    c.out, c.err);
	tu_out_free(&c);
	tu_out_free(&o);
}

/*
 * Every document the commands that read files write, from the fixtures
 * (no measurement), holds every key of doc/json.md's schema with its
 * type: list, show (with an index), import, compare (two runs, a gate
 * tripped, three runs), history (with its gate, too short a series),
 * history --compare and fleet show.  json.sh checks the measuring
 * commands' too.
 */
static void
test_documents_schema(void **state)
{
	char	 dir[256], hist[300], imp[300], gen[600], a[340];
	char	*sh[] = { "sh", "-c", gen, NULL };
	struct tu_out	 o;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(hist, sizeof hist, "%s/hist", dir);
	snprintf(imp, sizeof imp, "%s/imp.csv", dir);
	snprintf(a, sizeof a, "%s/synthbox-00003.csv", hist);
	snprintf(gen, sizeof gen, "PYTHONHASHSEED=0 python3 "
	    "tests/perf/history_runs.py %s --runs 20 --tests syscall,pipe "
	    "--step pipe@10:-20 --noise 1", hist);
	tu_exec_prog("/bin/sh", sh, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	setenv("SYSMARK_RESULTS", dir, 1);
	setenv("SYSMARK_BASELINES", "baselines", 1);
	doc_checked(dir, "list", 0, (char *[]){ "sysmark", "list", "-f",
	    "json", NULL });
	doc_checked(dir, "show", 0, (char *[]){ "sysmark", "show", "-f",
	    "json", "tests/data/run_small.csv", NULL });
	doc_checked(dir, "show", 0, (char *[]){ "sysmark", "show", "-f",
	    "json", "-b", "byte-3.11", "tests/data/seed003-linux-1.3.4.csv",
	    NULL });
	doc_checked(dir, "import", 0, (char *[]){ "sysmark", "import", "-f",
	    "json", "-o", imp, "tests/data/unixbench-6.0.0.txt", NULL });
	doc_checked(dir, "compare", 0, (char *[]){ "sysmark", "compare", "-f",
	    "json", "-p", "none", "tests/data/gate-a1.csv",
	    "tests/data/gate-a2.csv", NULL });
	doc_checked(dir, "compare", 5, (char *[]){ "sysmark", "compare", "-f",
	    "json", "-p", "none", "--fail-on", "worse",
	    "tests/data/gate-a1.csv", "tests/data/gate-slow.csv", NULL });
	doc_checked(dir, "compare", 0, (char *[]){ "sysmark", "compare", "-f",
	    "json", "-p", "none", "tests/data/gate-a1.csv",
	    "tests/data/gate-a2.csv", "tests/data/gate-only.csv", NULL });
	doc_checked(dir, "history", 0, (char *[]){ "sysmark", "history", "-f",
	    "json", "--index", "none", hist, NULL });
	doc_checked(dir, "history", 0, (char *[]){ "sysmark", "history", "-f",
	    "json", "--index", "none", "--fail-on", "change", hist, NULL });
	doc_checked(dir, "history", 0, (char *[]){ "sysmark", "history", "-f",
	    "json", "--index", "none", "-t", "pipe", a, NULL });
	doc_checked(dir, "compare", 0, (char *[]){ "sysmark", "history", "-f",
	    "json", "--index", "none", "--compare", "1", hist, NULL });
	doc_checked(dir, "fleet show", 0, (char *[]){ "sysmark", "fleet",
	    "show", "-f", "json", "tests/data/fleet-20261201", NULL });
	unsetenv("SYSMARK_RESULTS");
	unsetenv("SYSMARK_BASELINES");
	sm_rmtree(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doubles_exact),
		cmocka_unit_test(test_not_finite_null),
		cmocka_unit_test(test_string_bytes),
		cmocka_unit_test(test_run_samples),
		cmocka_unit_test(test_meta_numbers),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_compare_versions),
		cmocka_unit_test(test_compare_csv_fields),
		cmocka_unit_test(test_documents_schema),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
