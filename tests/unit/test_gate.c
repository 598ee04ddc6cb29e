/*
 * compare for scripts: the regression gate (gate.c), the -t/-g filters
 * (filter.c) and runs named by their label (label.c), on fixture runs
 * whose verdicts are known (tests/data/gate-*.csv: three repeats a side,
 * an A/A pair, a 30% slowdown, a 0.5% one, a 30% gain, a missing test),
 * then through the command line: each exit status compare can give.
 */
/* SPDX-License-Identifier: MIT */

#include <jansson.h>

#include "testutil.h"
#include "../../src/cmd/cmd.h"

#define GATE_ALL	(GATE_WORSE | GATE_SMALL | GATE_ANY_CHANGE | \
			    GATE_INCOMPARABLE)

static void
load(const char *name, struct run *run)
{
	struct sm_error	err;
	char		path[128];

	snprintf(path, sizeof path, "tests/data/gate-%s.csv", name);
	run_init(run);
	if (csvstore_load(run, path, &err) != 0)
		fail_msg("%s", err.msg);
}

/*
 * What mask's gate says of fixture b against a1: the first condition a
 * line trips, or NULL; *n how many lines trip.
 */
static const char *
trip(const char *b, const struct gate *g, size_t *n, double *missable)
{
	struct run		 ra, rb;
	const struct run	*pa = &ra, *pb = &rb;
	struct compare_side	 a = { &pa, 1, "a" }, s = { &pb, 1, "b" };
	struct compare_opts	 o;
	struct bmdiff_line	*lines;
	const char		*why, *first = NULL, *test;
	size_t			 nl;

	load("a1", &ra);
	load(b, &rb);
	compare_opts_default(&o);
	nl = bmdiff_lines(&a, &s, &o, &lines);
	*n = 0;
	for (size_t i = 0; i < nl; i++)
		if ((why = gate_trip(g, &lines[i])) != NULL) {
			first = first != NULL ? first : why;
			(*n)++;
		}
	*missable = gate_missable(lines, nl, &test);
	free(lines);
	run_free(&ra);
	run_free(&rb);
	return first;
}

static void
expect_gate(const char *b, const struct gate *g, const char *want,
    size_t nwant)
{
	size_t		 n;
	double		 missable;
	const char	*got = trip(b, g, &n, &missable);

	if (want == NULL && got != NULL)
		fail_msg("%s: tripped on %s", b, got);
	if (want != NULL && (got == NULL || strcmp(got, want) != 0))
		fail_msg("%s: %s, not %s", b, got != NULL ? got : "nothing",
		    want);
	assert_int_equal(n, nwant);
}

static void
expect_trip(const char *b, unsigned mask, const char *want, size_t nwant)
{
	struct gate	g = { mask, NAN };

	expect_gate(b, &g, want, nwant);
}

/* An A/A pair trips nothing, whatever the conditions. */
static void
test_aa_passes(void **state)
{
	(void)state;
	expect_trip("a2", GATE_ALL, NULL, 0);
}

/* Each condition trips on its own fixture and on no other. */
static void
test_each_condition(void **state)
{
	(void)state;
	expect_trip("slow", GATE_WORSE, "worse", 1);
	expect_trip("small", GATE_WORSE, NULL, 0);
	expect_trip("better", GATE_WORSE, NULL, 0);
	expect_trip("only", GATE_WORSE, NULL, 0);

	expect_trip("small", GATE_SMALL, "small", 1);
	expect_trip("slow", GATE_SMALL, NULL, 0);

	expect_trip("better", GATE_ANY_CHANGE, "any-change", 1);
	expect_trip("slow", GATE_ANY_CHANGE, "any-change", 1);
	expect_trip("small", GATE_ANY_CHANGE, "any-change", 1);

	expect_trip("only", GATE_INCOMPARABLE, "incomparable", 1);
	expect_trip("better", GATE_INCOMPARABLE, NULL, 0);
}

/* A single figure a side (a baseline) admits no verdict: incomparable. */
static void
test_single_figure_incomparable(void **state)
{
	struct run		 base, run;
	const struct run	*pa = &base, *pb = &run;
	struct compare_side	 a = { &pa, 1, "a" }, b = { &pb, 1, "b" };
	struct compare_opts	 o;
	struct bmdiff_line	*lines;
	struct sm_error		 err;
	size_t			 n, tripped = 0;

	(void)state;
	run_init(&base);
	run_init(&run);
	assert_int_equal(csvstore_load(&base, "baselines/linux-1.3.3.csv",
	    &err), 0);
	assert_int_equal(csvstore_load(&run,
	    "tests/data/seed003-linux-1.3.4.csv", &err), 0);
	compare_opts_default(&o);
	n = bmdiff_lines(&a, &b, &o, &lines);
	for (size_t i = 0; i < n; i++) {
		assert_null(gate_trip(&(struct gate){ GATE_WORSE |
		    GATE_ANY_CHANGE, NAN }, &lines[i]));
		tripped += gate_trip(&(struct gate){ GATE_INCOMPARABLE, NAN },
		    &lines[i]) != NULL;
	}
	assert_true(tripped > 0);
	free(lines);
	run_free(&base);
	run_free(&run);
}

static void
test_gate_parse(void **state)
{
	struct sm_error	err;
	struct gate	g;
	char		buf[64];

	(void)state;
	assert_int_equal(gate_parse("worse", &g, &err), 0);
	assert_int_equal(g.mask, GATE_WORSE);
	assert_int_equal(gate_parse("incomparable,small,worse", &g, &err),
	    0);
	assert_int_equal(g.mask, GATE_WORSE | GATE_SMALL | GATE_INCOMPARABLE);
	gate_str(&g, buf, sizeof buf);
	assert_string_equal(buf, "worse,small,incomparable");
	assert_int_equal(gate_parse("worse,slower", &g, &err), -1);
	assert_non_null(strstr(err.msg, "\"slower\" is not a condition"));
	assert_int_equal(gate_parse("", &g, &err), -1);
	assert_non_null(strstr(err.msg, "\"\" is not a condition"));
	assert_int_equal(gate_parse("worse,", &g, &err), -1);
	assert_int_equal(gate_parse("Worse", &g, &err), -1);

	/* blind:PCT: its own condition, with its percentage kept. */
	assert_int_equal(gate_parse("blind:20,worse", &g, &err), 0);
	assert_int_equal(g.mask, GATE_WORSE | GATE_BLIND);
	assert_float_equal(g.blind, 0.20, 1e-12);
	gate_str(&g, buf, sizeof buf);
	assert_string_equal(buf, "worse,blind:20");
	assert_int_equal(gate_parse("blind:", &g, &err), -1);
	assert_non_null(strstr(err.msg, "PCT must be a percentage"));
	assert_int_equal(gate_parse("blind:0", &g, &err), -1);
	assert_int_equal(gate_parse("blind:-5", &g, &err), -1);
	assert_int_equal(gate_parse("blind:ten", &g, &err), -1);
	assert_int_equal(gate_parse("blind", &g, &err), -1);
}

/*
 * blind:PCT trips on a "~" line whose smallest detectable change is over
 * PCT, and on no other: the A/A pair could miss about 1.1%, the slowdown
 * is found (worse, not "~"), so blind never trips on it.
 */
static void
test_blind_condition(void **state)
{
	size_t	n;
	double	missable;

	(void)state;
	expect_gate("a2", &(struct gate){ GATE_BLIND, 0.005 }, "blind", 2);
	expect_gate("a2", &(struct gate){ GATE_BLIND, 0.05 }, NULL, 0);
	expect_gate("slow", &(struct gate){ GATE_BLIND, 0.001 }, "blind", 1);
	trip("a2", &(struct gate){ GATE_WORSE, NAN }, &n, &missable);
	assert_true(missable > 0.005 && missable < 0.05);
	/* The slowdown is found; its other line, "~", sets the figure. */
	trip("slow", &(struct gate){ GATE_WORSE, NAN }, &n, &missable);
	assert_true(missable > 0 && missable < 0.05);
}

/*
 * The gate's closing words: a figure while it means something, words
 * past BLIND_LIMIT (100%: a figure twice or half as large), naming the
 * pinned variants of an lmbench-named IPC test.
 */
static void
test_blind_wording(void **state)
{
	char	buf[400];

	(void)state;
	assert_false(blind_is(NAN));
	assert_false(blind_is(0.99));
	assert_false(blind_is(BLIND_LIMIT));
	assert_true(blind_is(1.6));
	assert_true(blind_is(INFINITY));
	gate_missable_str(1.6, "syscall", buf, sizeof buf);
	assert_non_null(strstr(buf, "syscall could not see a change at all"));
	assert_null(strstr(buf, "160"));
	gate_missable_str(0.8, "syscall", buf, sizeof buf);
	assert_string_equal(buf, "the largest change this comparison could "
	    "have missed is 80% (syscall)");
	gate_missable_str(0.012, "dhry2reg", buf, sizeof buf);
	assert_non_null(strstr(buf, "missed is 1.2% (dhry2reg)"));
	gate_missable_str(NAN, NULL, buf, sizeof buf);
	assert_non_null(strstr(buf, "no line was judged unchanged"));
	blind_advice("lat_unix", buf, sizeof buf);
	assert_non_null(strstr(buf, "lat_unix cannot see a change on this "
	    "host"));
	assert_non_null(strstr(buf, "lat_unix_1cpu and lat_unix_2cpu"));
	blind_advice("syscall", buf, sizeof buf);
	assert_null(strstr(buf, "pinned"));
	assert_non_null(strstr(buf, "More repeats (-R)"));
}

/* -t and -g keep what they name, refuse what names nothing. */
static void
test_filter(void **state)
{
	struct filter	f = { "dhry*", NULL }, g = { NULL, "cpu" };
	struct filter	none = { "nosuch*", NULL }, bad = { NULL, "Nope" };
	struct filter	empty = { "", NULL }, both = { "sys*", "CPU" };
	struct sm_error	err;
	struct run	r;
	char		over[64];

	(void)state;
	load("a1", &r);
	assert_true(filter_match(&f, "dhry2reg"));
	assert_false(filter_match(&f, "syscall"));
	assert_true(filter_match(&g, "dhry2reg"));
	assert_false(filter_match(&g, "syscall"));
	assert_int_equal(filter_check(&none, &r, 1, &err), -1);
	assert_string_equal(err.msg, "-t nosuch*: no test of the runs "
	    "matches");
	assert_int_equal(filter_check(&bad, &r, 1, &err), -1);
	assert_non_null(strstr(err.msg, "-g Nope: no such group (the groups "
	    "are CPU, "));
	assert_int_equal(filter_check(&empty, &r, 1, &err), -1);
	assert_int_equal(filter_check(&both, &r, 1, &err), -1);
	assert_non_null(strstr(err.msg, "-t sys* -g CPU: no test"));
	assert_int_equal(filter_check(&g, &r, 1, &err), 0);
	assert_string_equal(g.group, "CPU");
	assert_int_equal(filter_check(&f, &r, 1, &err), 0);
	filter_apply(&f, &r);
	assert_int_equal(r.nsamples, 18);
	for (size_t i = 0; i < r.nsamples; i++)
		assert_string_equal(r.samples[i].test, "dhry2reg");
	filter_over(&f, over, sizeof over);
	assert_string_equal(over, "tests dhry*");
	filter_over(&both, over, sizeof over);
	assert_string_equal(over, "group CPU, tests sys*");
	run_free(&r);
}

/* A run is called by its label; an old file without one by its name. */
/* A users run's samples of users, syscall and dhry2reg, two histograms. */
static void
users_run(struct run *run)
{
	static const char *const tests[] = { "users", "syscall", "dhry2reg" };

	run_init(run);
	for (size_t t = 0; t < 3; t++) {
		struct run_sample	*s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "%s", tests[t]);
		snprintf(s->unit, sizeof s->unit, "lps");
		s->copies = 1;
		s->index = 1;
		s->repeat = 1;
		s->value = 100;
		s->status = RUN_OK;
	}
	hist_record(&run_add_hist(run, "sh", 1, 1, 1)->h, 1000);
	hist_record(&run_add_hist(run, "cc", 1, 1, 1)->h, 2000);
}

/*
 * The response times (a users run's histograms) go with the users test:
 * kept by every filter that keeps it (none, its id, a glob, a list, its
 * group), dropped by each that does not (another test, a glob or group
 * missing it).
 */
static void
test_filter_response_times(void **state)
{
	const struct bench	*u = registry_find(USERS_TEST);
	const char		*ugroup = u != NULL ? u->group : "Other";
	const struct {
		struct filter	 f;
		size_t		 nsamples, nhists;
	} cases[] = {
		{ { NULL, NULL }, 3, 2 },
		{ { "users", NULL }, 1, 2 },
		{ { "user*", NULL }, 1, 2 },
		{ { "syscall,users", NULL }, 2, 2 },
		{ { NULL, ugroup }, 1, 2 },
		{ { "syscall", NULL }, 1, 0 },
		{ { "dhry*,sys*", NULL }, 2, 0 },
		{ { "u", NULL }, 0, 0 },
		{ { NULL, "CPU" }, 1, 0 },
	};
	struct run	run;

	(void)state;
	assert_string_not_equal(ugroup, "CPU");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		users_run(&run);
		filter_apply(&cases[i].f, &run);
		if (run.nsamples != cases[i].nsamples ||
		    run.nhists != cases[i].nhists)
			fail_msg("-t %s -g %s: %zu samples, %zu histograms",
			    cases[i].f.tests ? cases[i].f.tests : "-",
			    cases[i].f.group ? cases[i].f.group : "-",
			    run.nsamples, run.nhists);
		if (run.nhists == 2) {
			assert_string_equal(run.hists[0].step, "sh");
			assert_near(hist_mean(&run.hists[1].h), 2000, 100);
		}
		run_free(&run);
	}
}

static void
test_label_run(void **state)
{
	struct run	r;
	char		*s;

	(void)state;
	load("a1", &r);
	s = label_run(&r, "tests/data/gate-a1.csv");
	assert_string_equal(s, "before");
	free(s);
	assert_string_equal(run_meta_get(&r, "note"), "A/A, first");
	run_free(&r);
	load("small", &r);
	s = label_run(&r, "tests/data/gate-small.csv");
	assert_string_equal(s, "gate-small");
	free(s);
	run_free(&r);
}

/* sysmark compare ARGS...: its exit status, stderr in *err. */
static int
compare(char **err, ...)
{
	char		*argv[16] = { "sysmark", "compare", "-p", "none" };
	struct tu_out	 o;
	va_list		 ap;
	int		 n = 4;

	va_start(ap, err);
	while (n < 15 && (argv[n] = va_arg(ap, char *)) != NULL)
		n++;
	va_end(ap);
	tu_run(argv, &o);
	*err = xstrdup(o.err);
	n = o.status;
	tu_out_free(&o);
	return n;
}

#define A1	"tests/data/gate-a1.csv"
#define F(x)	"tests/data/gate-" x ".csv"

/* Every status compare gives: 0, 5 (the gate), 2 (bad input), never 1. */
static void
test_cli_statuses(void **state)
{
	char	*err;

	(void)state;
	assert_int_equal(compare(&err, "--fail-on", "worse", A1, F("a2"),
	    NULL), 0);
	assert_non_null(strstr(err, "the gate passed"));
	free(err);
	assert_int_equal(compare(&err, "--fail-on", "worse", A1, F("slow"),
	    NULL), SM_EXIT_GATE);
	assert_non_null(strstr(err, "--fail-on worse: dhry2reg, 1 copy, "
	    "before -> loaded: worse (-29.98%)"));
	assert_non_null(strstr(err, "exit status 5"));
	free(err);
	/* Without --fail-on a regression is only reported. */
	assert_int_equal(compare(&err, A1, F("slow"), NULL), 0);
	free(err);
	assert_int_equal(compare(&err, "--fail-on=small", A1, F("small"),
	    NULL), SM_EXIT_GATE);
	free(err);
	assert_int_equal(compare(&err, A1, F("better"), "--fail-on",
	    "any-change", "-f", "csv", NULL), SM_EXIT_GATE);
	free(err);
	assert_int_equal(compare(&err, "--fail-on", "incomparable", A1,
	    F("only"), NULL), SM_EXIT_GATE);
	free(err);
	/* Three runs side by side: each against the first. */
	assert_int_equal(compare(&err, "--fail-on", "worse", A1, F("a2"),
	    F("slow"), NULL), SM_EXIT_GATE);
	free(err);
	/* -t narrows the gate too: the slow test left out, nothing trips. */
	assert_int_equal(compare(&err, "--fail-on", "worse", "-t", "sys*",
	    A1, F("slow"), NULL), 0);
	free(err);
	assert_int_equal(compare(&err, "--fail-on", "slower", A1, F("a2"),
	    NULL), SM_EXIT_INPUT);
	assert_non_null(strstr(err, "--fail-on slower: \"slower\" is not a "
	    "condition"));
	free(err);
	assert_int_equal(compare(&err, "--fail-on", A1, F("a2"), NULL),
	    SM_EXIT_INPUT);
	free(err);
	assert_int_equal(compare(&err, A1, F("a2"), "--fail-on", NULL),
	    SM_EXIT_INPUT);
	assert_non_null(strstr(err, "option --fail-on needs a value"));
	free(err);
	assert_int_equal(compare(&err, "-g", "Nope", A1, F("a2"), NULL),
	    SM_EXIT_INPUT);
	assert_non_null(strstr(err, "-g Nope: no such group"));
	free(err);
	assert_int_equal(compare(&err, "-t", "zzz", A1, F("a2"), NULL),
	    SM_EXIT_INPUT);
	assert_non_null(strstr(err, "-t zzz: no test of the runs matches"));
	free(err);
}

/*
 * compare -f json's gate object by how many lines trip (none, one, two)
 * and with no gate: tripped, lines and exit_status agree with each other
 * and with the status the process exits with.
 */
static void
test_cli_json_gate(void **state)
{
	static const struct {
		const char	*fail_on, *b, *c;
		long long	 lines;
	} cases[] = {
		{ "worse", F("a2"), NULL, 0 },
		{ "worse", F("slow"), NULL, 1 },
		{ "small", F("small"), NULL, 1 },
		{ "worse,small", F("slow"), F("small"), 2 },
		{ NULL, F("slow"), NULL, -1 },
	};
	char		*argv[16];
	struct tu_out	 o;
	json_error_t	 jerr;
	json_t		*doc, *g;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int	n = 0, want;

		argv[n++] = "sysmark";
		argv[n++] = "compare";
		argv[n++] = "-p";
		argv[n++] = "none";
		argv[n++] = "-f";
		argv[n++] = "json";
		if (cases[i].fail_on != NULL) {
			argv[n++] = "--fail-on";
			argv[n++] = (char *)cases[i].fail_on;
		}
		argv[n++] = A1;
		argv[n++] = (char *)cases[i].b;
		if (cases[i].c != NULL)
			argv[n++] = (char *)cases[i].c;
		argv[n] = NULL;
		tu_run(argv, &o);
		want = cases[i].lines > 0 ? SM_EXIT_GATE : 0;
		if (o.status != want)
			fail_msg("case %zu: status %d, %s", i, o.status, o.err);
		if ((doc = json_loads(o.out, 0, &jerr)) == NULL)
			fail_msg("case %zu: not JSON: %s", i, jerr.text);
		g = json_object_get(doc, "gate");
		assert_non_null(g);
		if (cases[i].lines < 0) {
			assert_true(json_is_null(g));
		} else {
			if (json_integer_value(json_object_get(g, "lines")) !=
			    cases[i].lines ||
			    json_integer_value(json_object_get(g,
			    "exit_status")) != want ||
			    json_is_true(json_object_get(g, "tripped")) !=
			    (cases[i].lines > 0) ||
			    json_array_size(json_object_get(g, "trips")) !=
			    (size_t)cases[i].lines)
				fail_msg("case %zu: %s", i, o.out);
			assert_string_equal(json_string_value(json_object_get(g,
			    "fail_on")), cases[i].fail_on);
		}
		json_decref(doc);
		tu_out_free(&o);
	}
}

/* run -l and --note: bad values are usage errors naming the option. */
static void
test_cli_label_errors(void **state)
{
	static const struct {
		const char	*opt, *val, *msg;
	} cases[] = {
		{ "-l", "", "-l \"\": must not be empty" },
		{ "-l", "a\tb", "-l: no control characters" },
		{ "--note", "line\nbreak", "--note: no control characters" },
		{ "-l", "0123456789012345678901234567890123456789"
		    "01234567890123456789012345", "-l \"0123" },
	};
	char		*argv[8] = { "sysmark", "run", "-t", "syscall" };
	struct tu_out	 o;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		argv[4] = (char *)cases[i].opt;
		argv[5] = (char *)cases[i].val;
		argv[6] = NULL;
		tu_run(argv, &o);
		if (o.status != SM_EXIT_INPUT || !strstr(o.err, cases[i].msg))
			fail_msg("%s: status %d, %s", cases[i].msg, o.status,
			    o.err);
		tu_out_free(&o);
	}
	argv[4] = "--note";
	argv[5] = NULL;
	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "option --note needs a value"));
	tu_out_free(&o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aa_passes),
		cmocka_unit_test(test_each_condition),
		cmocka_unit_test(test_single_figure_incomparable),
		cmocka_unit_test(test_gate_parse),
		cmocka_unit_test(test_blind_condition),
		cmocka_unit_test(test_blind_wording),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_filter_response_times),
		cmocka_unit_test(test_label_run),
		cmocka_unit_test(test_cli_statuses),
		cmocka_unit_test(test_cli_json_gate),
		cmocka_unit_test(test_cli_label_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
