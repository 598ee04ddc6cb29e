/*
 * A history as output: the series table (one line per series, its last
 * step or what it could have shown), the change points table and the
 * JSON document (the dashboards' formats: history_export.c).  The CLI
 * and the console print these, so they agree.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/*
 * How many series of k's version precede it, each apart from the one
 * before for its build or direction: 0 for the first.
 */
static int
history_apart_depth(const struct history_series *k)
{
	int	n = 0;

	for (; k->was != NULL && k->other != HISTORY_OTHER_VERSION &&
	    k->was->version == k->version; k = k->was)
		n++;
	return n;
}

/*
 * A series' name: test id, " xN" for copies, " vN" for a version > 1,
 * " bN" for the Nth build (or direction) of that version: names in the
 * exports stay apart as their series are.
 */
void
history_series_name(const struct history_series *k, char *buf, size_t len)
{
	int	n = snprintf(buf, len, "%s", k->test);
	int	b = history_apart_depth(k);

	if (k->copies > 1 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, " x%d", k->copies);
	if (k->version > 1 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, " v%d", k->version);
	if (b > 0 && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - n, " b%d", b + 1);
}

/* "build", "version" or "direction": why k is apart; NULL if it is not. */
const char *
history_apart_name(const struct history_series *k)
{
	switch (k->other) {
	case HISTORY_OTHER_VERSION:
		return "version";
	case HISTORY_OTHER_DIR:
		return "direction";
	case HISTORY_OTHER_BUILD:
		return "build";
	case HISTORY_OTHER_NONE:
		break;
	}
	return NULL;
}

/*
 * Why series k is not judged with the runs before it, in words (empty
 * if it is): "not compared with the 12 runs before: another build
 * (sysmark 0.1.0, cc 13, -O3; was sysmark 0.1.0, cc 12, -O2 -g)".
 */
void
history_apart_str(const struct history_series *k, char *buf, size_t len)
{
	const struct history_series *w = k->was;

	buf[0] = '\0';
	if (w == NULL)
		return;
	if (k->other == HISTORY_OTHER_VERSION)
		snprintf(buf, len, "not compared with the %zu run%s before: "
		    "another workload (version %d, was %d)", w->n,
		    w->n == 1 ? "" : "s", k->version, w->version);
	else if (k->other == HISTORY_OTHER_DIR)
		snprintf(buf, len, "not compared with the %zu run%s before: "
		    "they say %s is better, these %s", w->n,
		    w->n == 1 ? "" : "s", ident_dir_name(w->dir),
		    ident_dir_name(k->dir));
	else
		snprintf(buf, len, "not compared with the %zu run%s before: "
		    "another build (%s; was %s)", w->n, w->n == 1 ? "" : "s",
		    k->build != NULL ? k->build : "not recorded",
		    w->build != NULL ? w->build : "not recorded");
}

/* "+5.2% [+4.1, +6.3]": a step and its 95% interval. */
void
history_step_str(const struct changepoint *cp, char *buf, size_t len)
{
	snprintf(buf, len, "%+.1f%% [%+.1f, %+.1f]", 100 * cp->size,
	    100 * cp->lo, 100 * cp->hi);
}

/*
 * What a series says in a word: its last step, or "~ <x%" (no step; one
 * of x% would have been found), "~ blind" (no step, and one past 100%
 * could have gone unseen), or too short.
 */
void
history_verdict(const struct history *h, const struct history_series *k,
    char *buf, size_t len)
{
	const struct changepoint *cp;
	char			 step[64], when[32];

	if (k->cp.status == CHANGEPOINT_SHORT) {
		snprintf(buf, len, "too short (%zu run%s, %d needed)", k->n,
		    k->n == 1 ? "" : "s", CHANGEPOINT_MIN_RUNS);
		return;
	}
	if (k->cp.ncps == 0 && blind_is(k->cp.detect)) {
		/* A percentage past meaning: said in words, as compare does. */
		snprintf(buf, len, "~ blind");
		return;
	}
	if (k->cp.ncps == 0) {
		snprintf(buf, len, "~ <%.1f%%", 100 * k->cp.detect);
		return;
	}
	cp = &k->cp.cps[k->cp.ncps - 1];
	history_step_str(cp, step, sizeof step);
	snprintf(buf, len, "%s %s at %s", step, history_worse(cp, k->dir) ?
	    "worse" : "better", history_run_name(h, k->sums[cp->at].run, when,
	    sizeof when));
}

/* history_verdict(), then why the series is apart, if it is. */
static void
history_verdict_apart(const struct history *h,
    const struct history_series *k, char *buf, size_t len)
{
	size_t	n;

	history_verdict(h, k, buf, len);
	n = strlen(buf);
	if (k->was != NULL && n + 3 < len) {
		snprintf(buf + n, len - n, "; ");
		history_apart_str(k, buf + n + 2, len - n - 2);
	}
}

/*
 * The runs the series hold: what --since and -t kept, byte copies
 * counted once (their summaries are in no series).
 */
static size_t
history_runs_kept(const struct history *h)
{
	unsigned char	*in = xcalloc(h->nruns + 1, 1);
	size_t		 n = 0;

	for (size_t j = 0; j < h->nseries; j++)
		for (size_t i = 0; i < h->series[j].n; i++)
			in[h->series[j].sums[i].run] = 1;
	for (size_t r = 0; r < h->nruns; r++)
		n += in[r];
	free(in);
	return n;
}

/* The series, one line each. */
struct table *
history_table(const struct history *h)
{
	struct table	*t;
	char		 name[64], fig[32], verdict[768], title[128];
	size_t		 row, kept = history_runs_kept(h);

	snprintf(title, sizeof title, "History: %zu run%s, %zu series",
	    kept, kept == 1 ? "" : "s", h->nseries);
	t = table_new(title);
	table_add_col(t, "Test", TABLE_LEFT);
	table_add_col(t, "Host", TABLE_LEFT);
	table_add_col(t, "Runs", TABLE_RIGHT);
	table_add_col(t, "Newest", TABLE_RIGHT);
	table_add_col(t, "Unit", TABLE_LEFT);
	table_add_col(t, "Last step", TABLE_LEFT);
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		history_series_name(k, name, sizeof name);
		label_value(k->sums[k->n - 1].mean, fig, sizeof fig);
		history_verdict_apart(h, k, verdict, sizeof verdict);
		row = table_add_row(t);
		table_set(t, row, 0, "%s", name);
		table_set(t, row, 1, "%s", k->host);
		table_set(t, row, 2, "%zu", k->n);
		table_set(t, row, 3, "%s", fig);
		table_set(t, row, 4, "%s", k->unit);
		table_set(t, row, 5, "%s", verdict);
	}
	table_add_note(t, "Last step: the newest change point's size and "
	    "95%% interval; ~ <x%%: no step found, one of x%% would have "
	    "been (80%% power); ~ blind: no step found, and one that doubled "
	    "or halved the figure could have gone unseen (runs too few, too "
	    "noisy or too correlated).");
	table_fit(t, TABLE_TEXT_WIDTH, 5);
	return t;
}

/* Change point number `number' (1-based, as the table numbers them). */
int
history_nth(const struct history *h, size_t number, size_t *series,
    size_t *cp)
{
	for (size_t j = 0; j < h->nseries; j++) {
		if (number <= h->series[j].cp.ncps) {
			*series = j;
			*cp = number - 1;
			return 0;
		}
		number -= h->series[j].cp.ncps;
	}
	return -1;
}

/* Every change point, numbered for history --compare N. */
struct table *
history_changes_table(const struct history *h)
{
	struct table	*t = table_new("Change points");
	char		 name[64], step[64], when[32];
	size_t		 row, number = 0;

	table_add_col(t, "#", TABLE_RIGHT);
	table_add_col(t, "Test", TABLE_LEFT);
	table_add_col(t, "Host", TABLE_LEFT);
	table_add_col(t, "From run", TABLE_LEFT);
	table_add_col(t, "Change [95% interval]", TABLE_RIGHT);
	table_add_col(t, "p", TABLE_RIGHT);
	table_add_col(t, "Runs", TABLE_RIGHT);
	table_add_col(t, "Start", TABLE_RIGHT);
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		history_series_name(k, name, sizeof name);
		for (size_t i = 0; i < k->cp.ncps; i++) {
			const struct changepoint *cp = &k->cp.cps[i];

			history_step_str(cp, step, sizeof step);
			row = table_add_row(t);
			table_set(t, row, 0, "%zu", ++number);
			table_set(t, row, 1, "%s", name);
			table_set(t, row, 2, "%s", k->host);
			table_set(t, row, 3, "%s", history_run_name(h,
			    k->sums[cp->at].run, when, sizeof when));
			table_set(t, row, 4, "%s %s", step,
			    history_worse(cp, k->dir) ? "worse" : "better");
			table_set(t, row, 5, "%.3f", cp->p);
			table_set(t, row, 6, "%zu|%zu", cp->at - cp->from,
			    cp->to - cp->at);
			table_set(t, row, 7, "-%zu..+%zu", cp->at - cp->at_lo,
			    cp->at_hi - cp->at);
		}
	}
	table_add_note(t, "Runs: on each side of the change, to the "
	    "neighbouring change; p: the permutation test's; Start: the runs "
	    "before and after From run where the change may have begun "
	    "(95%%), the range to bisect.");
	table_fit(t, TABLE_TEXT_WIDTH, 3);
	return t;
}

/*
 * Every stray run: a run far off the runs on both sides of it (a noisy
 * neighbour's minute), left out of its series' search and said here,
 * not called a step.  NULL when there is none.
 */
struct table *
history_strays_table(const struct history *h)
{
	struct table	*t;
	char		 name[64], when[32];
	size_t		 row;

	for (row = 0; row < h->nseries && h->series[row].cp.nstrays == 0;
	    row++)
		;
	if (row == h->nseries)
		return NULL;
	t = table_new("Stray runs");
	table_add_col(t, "Test", TABLE_LEFT);
	table_add_col(t, "Host", TABLE_LEFT);
	table_add_col(t, "Run", TABLE_LEFT);
	table_add_col(t, "Off its level", TABLE_RIGHT);
	for (size_t j = 0; j < h->nseries; j++) {
		const struct history_series *k = &h->series[j];

		history_series_name(k, name, sizeof name);
		for (size_t i = 0; i < k->cp.nstrays; i++) {
			row = table_add_row(t);
			table_set(t, row, 0, "%s", name);
			table_set(t, row, 1, "%s", k->host);
			table_set(t, row, 2, "%s", history_run_name(h,
			    k->sums[k->cp.strays[i].at].run, when,
			    sizeof when));
			table_set(t, row, 3, "%+.1f%%",
			    100 * k->cp.strays[i].off);
		}
	}
	table_add_note(t, "A stray run lies far off the runs on both sides "
	    "of it (more than %.0f times their spread): left out of the "
	    "search for steps, not a step itself.", CHANGEPOINT_STRAY_K);
	table_fit(t, TABLE_TEXT_WIDTH, 2);
	return t;
}

/* A span of seconds in words: "40 min", "5 h", "3 days". */
static void
history_span(long long s, char *buf, size_t len)
{
	if (s < 2 * 3600)
		snprintf(buf, len, "%lld min", s / 60);
	else if (s < 2 * 86400)
		snprintf(buf, len, "%lld h", s / 3600);
	else
		snprintf(buf, len, "%lld days", s / 86400);
}

/*
 * A step's age, from series k's newest run: "begun by the newest run",
 * or "begun 4 runs before the newest, 2 days earlier".
 */
void
history_step_age(const struct history *h, const struct history_series *k,
    const struct changepoint *cp, char *buf, size_t len)
{
	size_t		runs = k->n - 1 - cp->at;
	long long	a = h->runs[k->sums[cp->at].run].start;
	long long	b = h->runs[k->sums[k->n - 1].run].start;
	char		span[32];
	int		n;

	if (runs == 0) {
		snprintf(buf, len, "begun by the newest run");
		return;
	}
	n = snprintf(buf, len, "begun %zu run%s before the newest", runs,
	    runs == 1 ? "" : "s");
	if (a < 0 || b < a || n < 0 || (size_t)n >= len)
		return;
	history_span(b - a, span, sizeof span);
	snprintf(buf + n, len - (size_t)n, ", %s earlier", span);
}

/* ---- JSON ---- */

static struct json_t *
history_json_cp(const struct history *h, const struct history_series *k,
    const struct changepoint *cp)
{
	struct json_t	*o = json_out_object();
	char		 when[32];

	json_out_int(o, "index", (long long)cp->at);
	json_out_str(o, "file", h->runs[k->sums[cp->at].run].path);
	json_out_str(o, "name", history_run_name(h, k->sums[cp->at].run, when,
	    sizeof when));
	json_out_int(o, "start_first_index", (long long)cp->at_lo);
	json_out_str(o, "start_first", history_run_name(h,
	    k->sums[cp->at_lo].run, when, sizeof when));
	json_out_int(o, "start_last_index", (long long)cp->at_hi);
	json_out_str(o, "start_last", history_run_name(h,
	    k->sums[cp->at_hi].run, when, sizeof when));
	json_out_num(o, "change", cp->size);
	json_out_num(o, "change_lo", cp->lo);
	json_out_num(o, "change_hi", cp->hi);
	json_out_num(o, "p", cp->p);
	json_out_num(o, "before", cp->before);
	json_out_num(o, "after", cp->after);
	json_out_int(o, "runs_before", (long long)(cp->at - cp->from));
	json_out_int(o, "runs_after", (long long)(cp->to - cp->at));
	json_out_bool(o, "worse", history_worse(cp, k->dir));
	return o;
}

static struct json_t *
history_json_point(const struct history *h, const struct history_sum *s)
{
	const struct history_run *r = &h->runs[s->run];
	struct json_t		*o = json_out_object();
	double			 ci = NAN;

	if (isfinite(s->relvar) && s->df > 0)
		ci = tdist_critical(0.05, s->df) * sqrt(s->relvar);
	json_out_str(o, "file", r->path);
	json_out_str(o, "date", r->date);
	json_out_str(o, "label", r->label);
	json_out_str(o, "commit", r->commit);
	json_out_num(o, "mean", s->mean);
	json_out_num(o, "ci95", ci);
	json_out_int(o, "n", (long long)s->n);
	return o;
}

/* Series k's stray runs: each its index, file, name and offset. */
static struct json_t *
history_json_strays(const struct history *h, const struct history_series *k)
{
	struct json_t	*a = json_out_array(), *o;
	char		 when[32];

	for (size_t i = 0; i < k->cp.nstrays; i++) {
		const struct history_run *r =
		    &h->runs[k->sums[k->cp.strays[i].at].run];

		o = json_out_object();
		json_out_int(o, "index", (long long)k->cp.strays[i].at);
		json_out_str(o, "file", r->path);
		json_out_str(o, "name", history_run_name(h,
		    k->sums[k->cp.strays[i].at].run, when, sizeof when));
		json_out_num(o, "off", k->cp.strays[i].off);
		json_out_append(a, o);
	}
	return a;
}

static struct json_t *
history_json_series(const struct history *h, const struct history_series *k)
{
	struct json_t	*o = json_out_object(), *a = json_out_array();
	struct json_t	*c = json_out_array();
	char		 why[512];

	json_out_str(o, "host", k->host);
	json_out_str(o, "id", k->test);
	json_out_int(o, "version", k->version);
	json_out_int(o, "copies", k->copies);
	json_out_str(o, "unit", k->unit);
	json_out_str(o, "better", ident_dir_name(k->dir));
	json_out_str(o, "build", k->build);
	history_apart_str(k, why, sizeof why);
	json_out_str(o, "apart", history_apart_name(k));
	json_out_str(o, "apart_why", why[0] != '\0' ? why : NULL);
	json_out_str(o, "status", k->cp.status == CHANGEPOINT_SHORT ?
	    "too short" : "searched");
	json_out_num(o, "detectable", k->cp.detect);
	json_out_num(o, "correlation", k->cp.rho);
	for (size_t i = 0; i < k->n; i++)
		json_out_append(a, history_json_point(h, &k->sums[i]));
	for (size_t i = 0; i < k->cp.ncps; i++)
		json_out_append(c, history_json_cp(h, k, &k->cp.cps[i]));
	json_out_set(o, "runs", a);
	json_out_set(o, "change_points", c);
	json_out_set(o, "strays", history_json_strays(h, k));
	return o;
}

/* The figures left out (h->left), each with its reason. */
static struct json_t *
history_json_left(const struct history *h)
{
	struct json_t	*a = json_out_array(), *o;

	for (size_t i = 0; i < h->nleft; i++) {
		const struct history_sum *s = &h->left[i].sum;

		o = json_out_object();
		json_out_str(o, "file", h->runs[s->run].path);
		json_out_str(o, "host", h->runs[s->run].host);
		json_out_str(o, "id", s->test);
		json_out_int(o, "version", s->version);
		json_out_int(o, "copies", s->copies);
		json_out_str(o, "reason", h->left[i].why);
		json_out_append(a, o);
	}
	return a;
}

/* The runs counted once: each copy's file and the run it copies. */
static struct json_t *
history_json_copies(const struct history *h)
{
	struct json_t	*a = json_out_array(), *o;

	for (size_t r = 0; h->same != NULL && r < h->nruns; r++) {
		if (h->same[r] == SIZE_MAX)
			continue;
		o = json_out_object();
		json_out_str(o, "file", h->runs[r].path);
		json_out_str(o, "copy_of", h->runs[h->same[r]].path);
		json_out_append(a, o);
	}
	return a;
}

/* The history as a JSON document's "series". */
void
history_json(struct json_t *doc, const struct history *h)
{
	struct json_t	*a = json_out_array();

	for (size_t j = 0; j < h->nseries; j++)
		json_out_append(a, history_json_series(h, &h->series[j]));
	json_out_set(doc, "series", a);
	json_out_set(doc, "left_out", history_json_left(h));
	json_out_set(doc, "copies", history_json_copies(h));
}

/* Which sides ran busy, as compare's document names them, or NULL. */
static const char *
history_busy_name(unsigned sides)
{
	static const char *const names[] = { NULL, "old", "new", "both" };

	return names[sides & (GATE_SIDE_OLD | GATE_SIDE_NEW)];
}

/*
 * A trip of series j (why: history_gate_trip()'s): its step, how old,
 * the new run that showed it, the sides that ran busy.  Refused as busy,
 * the step it shows if any (a series without one: no step, age 0).
 */
static struct json_t *
history_json_trip(const struct history *h, const struct history_gated *g,
    size_t j, const char *why)
{
	const struct history_series *k = &h->series[j];
	const struct changepoint *cp = g->worse[j] ?
	    &k->cp.cps[k->cp.ncps - 1] : NULL;
	struct json_t		*o = json_out_object();

	json_out_str(o, "host", k->host);
	json_out_str(o, "id", k->test);
	json_out_int(o, "version", k->version);
	json_out_int(o, "copies", k->copies);
	if (cp != NULL)
		json_out_int(o, "change_point", (long long)k->cp.ncps - 1);
	else
		json_out_null(o, "change_point");
	json_out_int(o, "age_runs", cp != NULL ?
	    (long long)(k->n - 1 - cp->at) : 0);
	json_out_str(o, "file", h->runs[k->sums[k->n - 1].run].path);
	json_out_str(o, "condition", why);
	json_out_str(o, "busy", history_busy_name(g->busy[j]));
	if (strcmp(why, "busy") == 0)
		json_out_str(o, "reason", "ran on a busy machine (B): not "
		    "judged");
	else
		json_out_str(o, "reason", cp->at + 1 == k->n ?
		    "begins a worse step" : "shows a worse step");
	return o;
}

/* A trip of a new run's figure that no search can take. */
static struct json_t *
history_json_trip_left(const struct history *h, const struct history_left *l)
{
	struct json_t	*o = json_out_object();
	char		 why[64];

	json_out_str(o, "host", h->runs[l->sum.run].host);
	json_out_str(o, "id", l->sum.test);
	json_out_int(o, "version", l->sum.version);
	json_out_int(o, "copies", l->sum.copies);
	json_out_null(o, "change_point");
	json_out_int(o, "age_runs", 0);
	json_out_str(o, "file", h->runs[l->sum.run].path);
	snprintf(why, sizeof why, "its figure %s", l->why);
	json_out_str(o, "reason", why);
	json_out_str(o, "condition", "change");
	json_out_str(o, "busy", history_busy_name(l->sum.busy >=
	    ESTIMATE_BUSY ? GATE_SIDE_NEW : 0));
	return o;
}

/* The new runs the gate judged: their files. */
static struct json_t *
history_json_fresh(const struct history *h, const struct history_gated *g)
{
	struct json_t	*a = json_out_array();

	for (size_t r = 0; r < h->nruns; r++)
		if (g->fresh[r])
			json_out_append(a, json_out_string(h->runs[r].path));
	return a;
}

/*
 * --fail-on change or busy in the document, as compare's gate is: null
 * without it; else whether it tripped, its exit status, how many series
 * were judged with a busy side, the new runs it judged and each trip
 * (g, from history_gate(); fail_on, HISTORY_FAIL_*): a series whose new
 * runs show a worse step or (busy) ran busy, or whose new run's figure
 * was left out.
 */
void
history_json_gate(struct json_t *doc, const struct history *h,
    const struct history_gated *g, unsigned fail_on)
{
	static const char *const lists[] = { "", "change", "busy",
	    "change,busy" };
	struct json_t	*o, *trips;
	const char	*why;
	size_t		 n = 0;

	if (g == NULL) {
		json_out_null(doc, "gate");
		return;
	}
	trips = json_out_array();
	for (size_t j = 0; j < h->nseries; j++)
		if ((why = history_gate_trip(g, j, fail_on)) != NULL && ++n)
			json_out_append(trips, history_json_trip(h, g, j, why));
	for (size_t i = 0; i < h->nleft; i++)
		if (history_gate_left_trip(g, i, fail_on) && ++n)
			json_out_append(trips, history_json_trip_left(h,
			    &h->left[i]));
	o = json_out_object();
	json_out_str(o, "fail_on", lists[fail_on & 3]);
	json_out_bool(o, "tripped", n > 0);
	json_out_int(o, "exit_status", n > 0 ? SM_EXIT_GATE : 0);
	json_out_int(o, "busy_series", (long long)g->nbusy);
	json_out_set(o, "new_runs", history_json_fresh(h, g));
	json_out_set(o, "trips", trips);
	json_out_set(doc, "gate", o);
}
