/*
 * compare for scripts: the regression gate (--fail-on) and -f json.
 * Both read the verdicts line by line (bmdiff_lines()), for each
 * comparison compare makes: the two sides, or each run against the
 * first when three or more are side by side.  Apart from cmd_compare.c,
 * which parses the options and prints the tables for people.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* What the gate saw over every comparison, for its outcome. */
struct cli_gate_seen {
	size_t		 tripped;
	size_t		 busy;		/* judged lines with a busy side */
	double		 missable;	/* gate_missable()'s largest, or NaN */
	char		 test[64];	/* ...its test */
	struct json_t	*trips;		/* each tripped line, with a doc */
};

/* Why a line tripped, after its change: the figure, or what it missed. */
static void
cli_gate_why(const struct bmdiff_line *l, const char *why)
{
	char	buf[320];

	if (strcmp(why, "blind") == 0 && blind_is(l->s.detect)) {
		blind_advice(l->g.test, buf, sizeof buf);
		fprintf(stderr, " (%s)", buf);
	} else if (strcmp(why, "blind") == 0)
		fprintf(stderr, " (~: a change of up to %.1f%% could have "
		    "gone unseen)", 100 * l->s.detect);
	else if (l->kind == BMDIFF_RANKED)
		fprintf(stderr, " (%+.2f%%)", 100 * (l->new / l->old - 1));
	else
		fprintf(stderr, " (%s)", bmdiff_kind_name(l->kind));
	if (l->kind == BMDIFF_RANKED && gate_busy_sides(l) != 0)
		fprintf(stderr, "; %s ran on a busy machine (B), so load "
		    "alone may explain it", gate_busy_str(gate_busy_sides(l)));
	fputc('\n', stderr);
}

/* Which sides of l ran busy, as the document names them, or NULL. */
static const char *
cli_gate_busy_name(const struct bmdiff_line *l)
{
	static const char *const names[] = { NULL, "old", "new", "both" };

	return l->kind == BMDIFF_RANKED ? names[gate_busy_sides(l)] : NULL;
}

/* The lines of one comparison that trip the gate, one stderr line each. */
static void
cli_gate_report(const struct cli_gate *g, struct cli_gate_seen *seen,
    const struct compare_side *a, const struct compare_side *b,
    const struct bmdiff_line *lines, size_t n)
{
	const char	*why;
	struct json_t	*o;

	for (size_t i = 0; i < n; i++) {
		seen->busy += cli_gate_busy_name(&lines[i]) != NULL;
		if ((why = gate_trip(&g->gate, &lines[i])) == NULL)
			continue;
		seen->tripped++;
		fprintf(stderr, "sysmark: --fail-on %s: %s, %d cop%s, %s -> "
		    "%s: %s", g->list, lines[i].g.test, lines[i].g.copies,
		    lines[i].g.copies == 1 ? "y" : "ies", a->name, b->name,
		    why);
		cli_gate_why(&lines[i], why);
		if (seen->trips == NULL)
			continue;
		o = json_out_object();
		json_out_str(o, "id", lines[i].g.test);
		json_out_int(o, "copies", lines[i].g.copies);
		json_out_str(o, "condition", why);
		json_out_str(o, "busy", cli_gate_busy_name(&lines[i]));
		json_out_append(seen->trips, o);
	}
}

/* A summary of each run for the JSON document: which file, which label. */
static void
cli_gate_runs(struct json_t *doc, const struct run *runs, char **args,
    char **names, int n)
{
	struct json_t	*arr = json_out_array(), *o;

	for (int j = 0; j < n; j++) {
		o = json_out_object();
		json_out_str(o, "file", args[j]);
		json_out_str(o, "name", names[j]);
		json_out_str(o, "label", run_meta_get(&runs[j], "label"));
		json_out_str(o, "note", run_meta_get(&runs[j], "note"));
		json_out_str(o, "hostname", run_meta_get(&runs[j],
		    "hostname"));
		json_out_str(o, "date", run_meta_get(&runs[j], "date"));
		json_out_append(arr, o);
	}
	json_out_set(doc, "runs", arr);
}

/* compare's settings, as the document's head. */
static struct json_t *
cli_gate_doc(const struct compare_opts *o, const struct filter *f)
{
	struct json_t	*doc = json_out_doc("compare"), *fo;

	json_out_num(doc, "alpha", o->alpha);
	json_out_num(doc, "min_effect_pct", 100 * o->min_effect);
	json_out_str(doc, "profile", o->profile != NULL ? o->profile_name :
	    NULL);
	fo = json_out_object();
	json_out_str(fo, "tests", f->tests);
	json_out_str(fo, "group", f->group);
	json_out_set(doc, "filter", fo);
	return doc;
}

/* One comparison: its lines judged, gated and (doc) added. */
static void
cli_gate_pair(const struct cli_gate *g, struct cli_gate_seen *seen,
    struct json_t *doc, const struct compare_side *a, size_t afirst,
    const struct compare_side *b, size_t bfirst,
    const struct compare_opts *o)
{
	struct bmdiff_line	*lines;
	const char		*test;
	double			 d;
	size_t			 n;

	n = bmdiff_lines(a, b, o, &lines);
	if (g->gate.mask != 0)
		cli_gate_report(g, seen, a, b, lines, n);
	d = gate_missable(lines, n, &test);
	if (!isnan(d) && !(d <= seen->missable)) {
		seen->missable = d;
		snprintf(seen->test, sizeof seen->test, "%s", test);
	}
	if (doc != NULL)
		json_compare_add(doc, a, afirst, b, bfirst, lines, n, o);
	free(lines);
}

/*
 * The gate's outcome, on stderr and (doc) in the document; either way it
 * names the largest change the comparison could have missed.
 */
static void
cli_gate_outcome(const struct cli_gate *g, struct json_t *doc,
    struct cli_gate_seen *seen)
{
	struct json_t	*go;
	char		 missed[200];

	gate_missable_str(seen->missable, seen->test, missed, sizeof missed);
	if (g->gate.mask != 0 && seen->tripped > 0)
		fprintf(stderr, "sysmark: the gate tripped on %zu line%s "
		    "(--fail-on %s): exit status %d; %s\n", seen->tripped,
		    seen->tripped == 1 ? "" : "s", g->list, SM_EXIT_GATE,
		    missed);
	else if (g->gate.mask != 0)
		fprintf(stderr, "sysmark: the gate passed: no line is %s; %s\n",
		    g->list, missed);
	if (g->gate.mask != 0 && seen->busy > 0 &&
	    !(g->gate.mask & GATE_BUSY))
		fprintf(stderr, "sysmark: %zu line%s judged with a side that "
		    "ran on a busy machine (B): the verdict may be the load's; "
		    "--fail-on busy refuses to judge such lines\n", seen->busy,
		    seen->busy == 1 ? " was" : "s were");
	if (doc == NULL)
		return;
	if (g->gate.mask == 0) {
		json_out_null(doc, "gate");
		return;
	}
	go = json_out_object();
	json_out_str(go, "fail_on", g->list);
	json_out_bool(go, "tripped", seen->tripped > 0);
	json_out_int(go, "lines", (long long)seen->tripped);
	json_out_int(go, "busy_lines", (long long)seen->busy);
	json_out_int(go, "exit_status", seen->tripped > 0 ? SM_EXIT_GATE : 0);
	json_out_num(go, "blind_pct", 100 * g->gate.blind);
	json_out_num(go, "missable_pct", 100 * seen->missable);
	json_out_str(go, "missable_id", isnan(seen->missable) ? NULL :
	    seen->test);
	json_out_set(go, "trips", seen->trips);
	seen->trips = NULL;
	json_out_set(doc, "gate", go);
}

/*
 * Judge the n runs as compare does (split >= 0: the sides split there;
 * else each run against the first), report the lines that trip the gate
 * and, with doc, build the JSON document (runs, comparisons, gate) into
 * *doc.  Returns how many lines tripped.
 */
size_t
cli_gate_judge(const struct cli_gate *g, const struct run *runs,
    char **args, char **names, int n, int split,
    const struct compare_opts *o, const struct filter *f,
    struct json_t **doc)
{
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	struct compare_side	  a, b;
	struct cli_gate_seen	  seen = { 0, 0, NAN, "", NULL };
	struct json_t		 *d = NULL;

	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	if (doc != NULL) {
		d = *doc = cli_gate_doc(o, f);
		cli_gate_runs(d, runs, args, names, n);
		if (g->gate.mask != 0)
			seen.trips = json_out_array();
	}
	if (split >= 0) {
		a = (struct compare_side){ rp, (size_t)split, names[0] };
		b = (struct compare_side){ rp + split, (size_t)(n - split),
		    names[split] };
		cli_gate_pair(g, &seen, d, &a, 0, &b, (size_t)split, o);
	}
	for (int r = 1; split < 0 && r < n; r++) {
		a = (struct compare_side){ rp, 1, names[0] };
		b = (struct compare_side){ rp + r, 1, names[r] };
		cli_gate_pair(g, &seen, d, &a, 0, &b, (size_t)r, o);
	}
	cli_gate_outcome(g, d, &seen);
	free(rp);
	return seen.tripped;
}

/*
 * compare's curves (scaling, response times) of the n runs side by side,
 * into *curves (allocated, as curves_compare() gives them); how many.
 */
size_t
cli_gate_curves(const struct run *runs, char **names, int n,
    struct table ***curves)
{
	const struct run	**rp = xcalloc((size_t)n, sizeof *rp);
	size_t			  nc;

	for (int j = 0; j < n; j++)
		rp[j] = &runs[j];
	nc = curves_compare(rp, (const char *const *)names, (size_t)n,
	    curves);
	free(rp);
	return nc;
}

/*
 * compare -f json: the n runs judged as cli_gate_judge() judges them,
 * the document with compare's curves written to stdout; *tripped is how
 * many lines tripped the gate.  0 or an exit status.  compare and
 * history --compare both write it, so a script reads one shape.
 */
int
cli_gate_json(const struct cli_gate *g, const struct run *runs,
    char **args, char **names, int n, int split,
    const struct compare_opts *o, const struct filter *f, size_t *tripped)
{
	struct json_t	 *doc;
	struct table	**curves;
	size_t		  nc;

	*tripped = cli_gate_judge(g, runs, args, names, n, split, o, f, &doc);
	nc = cli_gate_curves(runs, names, n, &curves);
	json_out_add_tables(doc, curves, nc);
	free(curves);
	return cli_json_write(doc);
}
