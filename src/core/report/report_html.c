/*
 * The HTML report: one self-contained page a run, or several runs, can
 * be handed over as.  Everything is in the file: the style, the SVG
 * charts (written by svg.c, not fetched), no script, no font, no image
 * from anywhere; a Content-Security-Policy of default-src 'none' makes a
 * browser refuse to fetch anything even if something slipped in.
 *
 * The page's tables are the core's own (report.c, index.c, compare.c,
 * bmdiff.c, scaling.c, users_report.c) rendered by html.c, and the charts take
 * their figures from the same modules, so the page shows what `show` and
 * `compare` print.  One run: its facts, results, every statistic, the
 * index, its curves and every sample.  Several: their facts side by side
 * (a fleet's hosts), compare's table, the ratio charts, each run's
 * results, the curves overlaid and every sample run by run.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The facts the header lists: the meta key, or a computed one (NULL). */
static const struct report_html_fact {
	const char	*name;
	const char	*key;
	const char	*key2;		/* appended after a space */
} report_html_facts[] = {
	{ "Label", "label", NULL },
	{ "Commit", "commit", NULL },
	{ "Note", "note", NULL },
	{ "Host", "hostname", NULL },
	{ "Fleet host", "fleet_host", NULL },
	{ "Date", "date", NULL },
	{ "CPU", "cpu_model", NULL },
	{ "CPUs", "cpus", NULL },
	{ "OS", "os", NULL },
	{ "Machine", "machine", "virtualization" },
	{ "File system", "tmpdir_fs", "tmpdir" },
	{ "Load average", "load_average", "load_average_end" },
	{ "CPU governor", "cpu_governor", NULL },
	{ "sysmark", "sysmark_version", NULL },
	{ "Compiler", "compiler", NULL },
	{ "Workload versions", NULL, NULL },
};

static const char report_html_css[] =
"body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);"
"background:var(--bg);max-width:1000px;margin:0 auto;padding:8px 12px}\n"
"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid "
"var(--grid);margin-top:1.6em}\n"
".tw{overflow-x:auto}table{border-collapse:collapse;margin:.5em 0;"
"font-size:13px}\n"
"th,td{padding:2px 8px;border-bottom:1px solid var(--grid);"
"text-align:left;vertical-align:top}\n"
".n{text-align:right;font-variant-numeric:tabular-nums}\n"
"tr.sec th{background:var(--grid)}thead th{border-bottom:2px solid "
"var(--fg)}\n"
".cap{white-space:pre-line;font-weight:bold;font-size:13px;"
"margin:.6em 0 .2em}\n"
".vh{position:absolute;width:1px;height:1px;overflow:hidden;"
"clip:rect(0 0 0 0);white-space:nowrap}\n"
"ul.notes{font-size:13px;margin-top:0}figure{margin:1em 0}\n"
"figure svg{display:block;width:100%;max-width:640px;height:auto}\n"
".nr{color:#888;font-style:italic}\n"
"@media print{@page{size:A4;margin:14mm}body{max-width:none;"
"font-size:10pt;color:#000;background:#fff}\n"
".tw{overflow:visible}figure,tr{break-inside:avoid}h2{break-after:avoid}"
"figure svg{max-width:170mm}}\n";

#define REPORT_HTML_VERSIONS	8	/* distinct versions listed */
#define REPORT_HTML_NAMED	6	/* tests named for each */

/*
 * The tests measured with version v among the run's groups (a test at
 * several copies counts once), in words: "a, b, ... (26 tests): the
 * first version of their workload".
 */
static void
report_html_version(struct sbuf *b, const struct run_group *g,
    const int *ver, size_t ng, int v)
{
	size_t	n = 0, j;

	for (size_t i = 0; i < ng; i++) {
		for (j = 0; j < i && strcmp(g[j].test, g[i].test) != 0; j++)
			;
		if (ver[i] != v || j < i)
			continue;
		if (n < REPORT_HTML_NAMED)
			sbuf_escf(b, "%s%s", n > 0 ? ", " : "", g[i].test);
		n++;
	}
	if (n > REPORT_HTML_NAMED)
		sbuf_printf(b, ", ... (%zu tests)", n);
	if (v == 0)
		sbuf_puts(b, ": the workload's version was not recorded "
		    "(an import, or an older file)");
	else if (v == 1)
		sbuf_printf(b, ": the first version of %s workload",
		    n == 1 ? "its" : "their");
	else
		sbuf_printf(b, ": version %d of %s workload, changed since "
		    "the first (runs of another version are not compared)",
		    v, n == 1 ? "its" : "their");
}

/* The workload versions the run measured with, one line a version. */
static void
report_html_versions(struct sbuf *b, const struct run *run)
{
	struct run_group	*g;
	size_t			 ng = run_groups(run, &g), nv = 0, k;
	int			 v[REPORT_HTML_VERSIONS];
	int			*ver = xcalloc(ng + 1, sizeof *ver);

	for (size_t i = 0; i < ng; i++) {
		ver[i] = runset_version(run, &g[i]);
		for (k = 0; k < nv && v[k] != ver[i]; k++)
			;
		if (k == nv && nv < REPORT_HTML_VERSIONS)
			v[nv++] = ver[i];
	}
	if (nv == 0)
		sbuf_puts(b, "<span class=\"nr\">not recorded</span>");
	for (k = 0; k < nv; k++) {
		sbuf_puts(b, k > 0 ? "<br>" : "");
		report_html_version(b, g, ver, ng, v[k]);
	}
	free(ver);
	free(g);
}

static void
report_html_fact(struct sbuf *b, const struct run *run,
    const struct report_html_fact *f)
{
	const char	*v = f->key != NULL ? run_meta_get(run, f->key) : NULL;
	const char	*v2 = f->key2 != NULL ? run_meta_get(run, f->key2) :
			    NULL;

	if (f->key == NULL) {
		report_html_versions(b, run);
		return;
	}
	if (v == NULL) {
		sbuf_puts(b, "<span class=\"nr\">not recorded</span>");
		return;
	}
	sbuf_esc(b, v);
	if (v2 != NULL && strcmp(f->key, "load_average") == 0)
		sbuf_escf(b, " (%s at the end)", v2);
	else if (v2 != NULL && strcmp(f->key, "tmpdir_fs") == 0)
		sbuf_escf(b, " (files in %s)", v2);
	else if (v2 != NULL)
		sbuf_escf(b, ", %s", v2);
}

/* Does any run hold fact f?  A row that would say "not recorded" in
   every column is left out. */
static int
report_html_fact_known(const struct report_html *r,
    const struct report_html_fact *f)
{
	for (size_t k = 0; k < r->nrun; k++)
		if (f->key != NULL ? run_meta_get(r->runs[k], f->key) != NULL :
		    r->runs[k]->nsamples > 0)
			return 1;
	return 0;
}

/* The facts of every run, a column each: a fleet's hosts side by side. */
static void
report_html_header(struct sbuf *b, const struct report_html *r)
{
	size_t	nf = sizeof report_html_facts / sizeof report_html_facts[0];

	sbuf_puts(b, "<section id=\"facts\"><h2>The machine"
	    "</h2>\n<div class=\"tw\"><table><thead><tr><th scope=\"col\">"
	    "FACT</th>");
	for (size_t k = 0; k < r->nrun; k++) {
		sbuf_puts(b, "<th scope=\"col\">");
		sbuf_esc(b, r->names[k]);
		sbuf_puts(b, "</th>");
	}
	sbuf_puts(b, "</tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < nf; i++) {
		if (!report_html_fact_known(r, &report_html_facts[i]))
			continue;
		sbuf_printf(b, "<tr><th scope=\"row\">%s</th>",
		    report_html_facts[i].name);
		for (size_t k = 0; k < r->nrun; k++) {
			sbuf_puts(b, "<td>");
			report_html_fact(b, r->runs[k], &report_html_facts[i]);
			sbuf_puts(b, "</td>");
		}
		sbuf_puts(b, "</tr>\n");
	}
	sbuf_puts(b, "</tbody></table></div></section>\n");
}

/* A table the core built, then freed; NULL draws nothing. */
static void
report_html_table(struct sbuf *b, struct table *t)
{
	if (t == NULL)
		return;
	html_table(b, t, NULL);
	table_free(t);
}

static void
report_html_h2(struct sbuf *b, const char *id, const char *title)
{
	sbuf_printf(b, "<h2 id=\"%s\">", id);
	sbuf_esc(b, title);
	sbuf_puts(b, "</h2>\n");
}

static void
report_html_results(struct sbuf *b, const struct report_html *r)
{
	for (size_t k = 0; k < r->nrun; k++) {
		if (r->nrun > 1) {
			sbuf_puts(b, "<h3>");
			sbuf_esc(b, r->names[k]);
			sbuf_puts(b, "</h3>\n");
		}
		report_html_table(b, report_results(r->runs[k], 1));
		if (r->nrun == 1)
			report_html_table(b, report_stats(r->runs[k]));
		if (r->base != NULL)
			report_html_table(b, index_table(r->runs[k], r->base,
			    r->base_name));
	}
}

/* compare's table and its ratio charts: b over a, or each over the first. */
static void
report_html_compare(struct sbuf *b, const struct report_html *r)
{
	struct compare_side	a, s;
	char			id[32];

	report_html_h2(b, "compare", "Comparison");
	if (r->split > 0) {
		a = (struct compare_side){ r->runs, (size_t)r->split,
		    r->names[0] };
		s = (struct compare_side){ r->runs + r->split,
		    r->nrun - (size_t)r->split, r->names[r->split] };
		report_html_table(b, bmdiff_report(&a, &s, r->o));
		sbuf_puts(b, "<figure>\n");
		chart_ratio(b, "ratio-1", &a, &s, r->o);
		sbuf_puts(b, "</figure>\n");
		return;
	}
	report_html_table(b, compare_table(r->runs, r->names, r->nrun, r->o));
	a = (struct compare_side){ r->runs, 1, r->names[0] };
	for (size_t k = 1; k < r->nrun; k++) {
		s = (struct compare_side){ r->runs + k, 1, r->names[k] };
		snprintf(id, sizeof id, "ratio-%zu", k);
		sbuf_puts(b, "<figure>\n");
		chart_ratio(b, id, &a, &s, r->o);
		sbuf_puts(b, "</figure>\n");
	}
}

static void
report_html_curves(struct sbuf *b, const struct report_html *r)
{
	struct table	**t;
	size_t		  n;

	report_html_h2(b, "curves", "Curves");
	sbuf_puts(b, "<figure>\n");
	n = (size_t)chart_memhier(b, r->runs, r->names, r->nrun);
	n += chart_scaling(b, r->runs, r->names, r->nrun);
	n += chart_scan(b, r->runs, r->names, r->nrun);
	n += (size_t)chart_users(b, r->runs, r->names, r->nrun);
	if (n == 0)
		sbuf_puts(b, "<p>No memory sweep, copies series, parameter "
		    "scan or users in these runs.</p>\n");
	sbuf_puts(b, "</figure>\n");
	if (r->nrun == 1) {
		report_html_table(b, scaling_table(r->runs[0]));
		report_html_table(b, scan_table(r->runs[0]));
		report_html_table(b, users_table(r->runs[0]));
		return;
	}
	n = curves_compare(r->runs, r->names, r->nrun, &t);
	for (size_t i = 0; i < n; i++)
		report_html_table(b, t[i]);
	free(t);
}

static void
report_html_samples(struct sbuf *b, const struct report_html *r)
{
	struct run_group	*g;
	size_t			 ng = runset_union(r->runs, r->nrun, &g);

	report_html_h2(b, "samples", "Every sample");
	sbuf_puts(b, "<figure>\n");
	for (size_t i = 0; i < ng; i++)
		chart_strip(b, r->runs, r->names, r->nrun, &g[i]);
	sbuf_puts(b, "</figure>\n");
	free(g);
}

/* A page's head, styles, title and what it was written from, into b. */
void
report_html_open(struct sbuf *b, const char *title, const char *about)
{
	sbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\""
	    "width=device-width, initial-scale=1\">\n<meta http-equiv=\""
	    "Content-Security-Policy\" content=\"default-src 'none'; "
	    "style-src 'unsafe-inline'\">\n<meta name=\"color-scheme\" "
	    "content=\"light dark\">\n<title>");
	sbuf_esc(b, title);
	sbuf_printf(b, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n"
	    "<svg width=\"0\" height=\"0\" style=\"position:absolute\" "
	    "aria-hidden=\"true\">", svg_style(), report_html_css);
	svg_defs(b);
	sbuf_puts(b, "</svg>\n<header><h1>");
	sbuf_esc(b, title);
	sbuf_printf(b, "</h1><p>Written by sysmark %s from ", SYSMARK_VERSION);
	sbuf_esc(b, about);
	sbuf_puts(b, ".</p></header>\n<main>\n");
}

void
report_html_close(struct sbuf *b)
{
	sbuf_puts(b, "</main>\n</body>\n</html>\n");
}

/* The whole page into b. */
void
report_html(struct sbuf *b, const struct report_html *r)
{
	char	about[64];

	snprintf(about, sizeof about, "%zu run%s", r->nrun, r->nrun == 1 ?
	    "" : "s");
	report_html_open(b, r->title, about);
	report_headline(b, r);
	report_html_header(b, r);
	if (r->nrun > 1)
		report_html_compare(b, r);
	report_html_h2(b, "results", "Results");
	report_html_results(b, r);
	report_html_curves(b, r);
	report_html_samples(b, r);
	report_html_close(b);
}

/* The charts -c names for -f svg, as the usage lists them. */
const char *
report_html_charts(void)
{
	return "memhier, users, ratio, scaling:TEST, strip:TEST[:COPIES]";
}

/* The strip plot of "TEST" or "TEST:COPIES" into c; 1 if drawn. */
static int
report_html_strip(struct sbuf *c, const struct report_html *r,
    const char *arg)
{
	struct run_group	 g = { NULL, 1 };
	char			 test[64], *colon;
	long			 copies;

	snprintf(test, sizeof test, "%s", arg);
	if ((colon = strchr(test, ':')) != NULL) {
		*colon = '\0';
		if (sm_parse_int(colon + 1, 1, RUN_MAX_COPIES, &copies)
		    != 0)
			return 0;
		g.copies = (int)copies;
	}
	g.test = test;
	chart_strip(c, r->runs, r->names, r->nrun, &g);
	return c->len > 0;
}

/* The ratio chart of the comparison the runs make; 1 if drawn. */
static int
report_html_ratio(struct sbuf *c, const struct report_html *r)
{
	struct compare_side	a = { r->runs, 1, r->names[0] };
	struct compare_side	s = { r->runs + 1, 1, r->names[1] };

	if (r->nrun < 2)
		return 0;
	if (r->split > 0) {
		a.nrun = (size_t)r->split;
		s = (struct compare_side){ r->runs + r->split,
		    r->nrun - (size_t)r->split, r->names[r->split] };
	}
	return chart_ratio(c, "ratio-1", &a, &s, r->o);
}

/* One chart by name into c; 0, or -1 with why. */
static int
report_html_pick(struct sbuf *c, const struct report_html *r,
    const char *name, struct sm_error *err)
{
	int	drawn = 0;

	if (strcmp(name, "memhier") == 0)
		drawn = chart_memhier(c, r->runs, r->names, r->nrun);
	else if (strcmp(name, "users") == 0)
		drawn = chart_users(c, r->runs, r->names, r->nrun);
	else if (strcmp(name, "ratio") == 0)
		drawn = report_html_ratio(c, r);
	else if (strncmp(name, "scaling:", 8) == 0)
		drawn = chart_scaling_test(c, r->runs, r->names, r->nrun,
		    name + 8);
	else if (strncmp(name, "strip:", 6) == 0)
		drawn = report_html_strip(c, r, name + 6);
	if (drawn)
		return 0;
	sm_error_set(err, "no chart \"%s\" in these runs (charts: %s)", name,
	    report_html_charts());
	return -1;
}

/*
 * One chart as a lone SVG file into b: its style and marker symbols
 * inside it, so that it too opens anywhere on its own.
 */
int
report_html_svg(struct sbuf *b, const struct report_html *r,
    const char *name, struct sm_error *err)
{
	struct sbuf	 c;
	char		*open;

	sbuf_init(&c);
	if (report_html_pick(&c, r, name, err) != 0) {
		sbuf_free(&c);
		return -1;
	}
	/* After the title and the description, which come first. */
	open = strstr(c.s, "</desc>\n") + strlen("</desc>\n");
	sbuf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	sbuf_printf(b, "%.*s<style>\n%s</style>\n", (int)(open - c.s), c.s,
	    svg_style());
	svg_defs(b);
	sbuf_puts(b, open);
	sbuf_free(&c);
	return 0;
}
