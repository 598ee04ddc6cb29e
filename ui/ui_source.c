/*
 * What can be compared: the run in memory (until it is saved, when its
 * file stands for it), every saved run in the results directory and every
 * baseline, found through the core (paths_list_csv(), baseline_list()),
 * so a new baseline or saved run shows up without touching a screen.
 * The results and compare screens both pick from this list.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_live.h"
#include "ui_source.h"
#include "ui_view.h"

static void
ui_source_add(struct ui *ui, enum ui_source_kind kind, char *name,
    char *path)
{
	struct ui_source	*s;

	ui->src = xreallocarray(ui->src, ui->nsrc + 1, sizeof *ui->src);
	s = &ui->src[ui->nsrc++];
	s->kind = kind;
	s->name = name;
	s->path = path;
	s->about = NULL;
	s->tests = NULL;
	s->pick = 0;
}

/*
 * A labelled run (run -l) is called by its label, as compare calls it;
 * the picker then shows its file name after the date and host, so that
 * typing the file name still finds it.
 */
static void
ui_source_saved_about(struct ui_source *s, const struct run *run)
{
	const char	*date = run_meta_get(run, "date");
	const char	*host = run_meta_get(run, "hostname");
	const char	*label = run_meta_get(run, "label");
	size_t		 len;

	date = date != NULL ? date : "?";
	host = host != NULL ? host : "?";
	len = strlen(date) + strlen(host) + strlen(s->name) + 8;
	s->about = xmalloc(len);
	if (label == NULL) {
		snprintf(s->about, len, "%s  %s", date, host);
		return;
	}
	snprintf(s->about, len, "%s  %s  (%s)", date, host, s->name);
	free(s->name);
	s->name = xstrdup(label);
}

/* What the picker says of s: a saved run's date and host, a baseline's
 * source (or its machine). */
static void
ui_source_about(struct ui *ui, struct ui_source *s)
{
	struct sm_error	 err;
	struct run	 run;
	const char	*host, *src;

	run_init(&run);
	if (ui_source_load(ui, s, &run, &err) != 0) {
		s->about = xstrdup(err.msg);
		run_free(&run);
		return;
	}
	s->tests = ui_source_tests(&run);
	if (s->kind == UI_SRC_SAVED)
		ui_source_saved_about(s, &run);
	else {
		src = run_meta_get(&run, "source");
		host = run_meta_get(&run, "hostname");
		s->about = xstrdup(src != NULL ? src : host != NULL ? host :
		    "");
	}
	run_free(&run);
}

/*
 * The tests a run has, each once, as " id id ... " (a blank each side of
 * every id, so " id " finds one whole).  Allocated.
 */
char *
ui_source_tests(const struct run *run)
{
	size_t	 len = 2, n;
	char	*s = xstrdup(" "), key[80];

	for (size_t i = 0; i < run->nsamples; i++) {
		snprintf(key, sizeof key, " %s ", run->samples[i].test);
		if (strstr(s, key) != NULL)
			continue;
		n = strlen(run->samples[i].test) + 1;
		s = xreallocarray(s, len + n, 1);
		memcpy(s + len - 1, key + 1, n);
		len += n;
		s[len - 1] = '\0';
	}
	return s;
}

/*
 * What the pickers say of s beside the tests of the run it would be
 * compared with: "tests 2/3" (how many of those s has), "" when either
 * is not known.
 */
void
ui_source_cover(const struct ui_source *s, const char *tests, char *buf,
    size_t len)
{
	const char	*p, *e;
	size_t		 have = 0, of = 0;
	char		 key[80];

	buf[0] = '\0';
	if (s->tests == NULL || tests == NULL)
		return;
	for (p = tests; *(p += strspn(p, " ")) != '\0'; p = e) {
		e = p + strcspn(p, " ");
		snprintf(key, sizeof key, " %.*s ", (int)(e - p), p);
		of++;
		have += strstr(s->tests, key) != NULL;
	}
	if (of > 0)
		snprintf(buf, len, "tests %zu/%zu", have, of);
}

/*
 * Describe every source (the picker shows it; it means reading each):
 * what it is and which tests it has.
 */
void
ui_source_describe(struct ui *ui)
{
	for (size_t i = 0; i < ui->nsrc; i++) {
		if (ui->src[i].kind == UI_SRC_CURRENT &&
		    ui->src[i].tests == NULL)
			ui->src[i].tests = ui_source_tests(&ui->live->run);
		if (ui->src[i].about == NULL && ui->src[i].kind !=
		    UI_SRC_CURRENT)
			ui_source_about(ui, &ui->src[i]);
	}
}

/* The source with this path, or NULL. */
struct ui_source *
ui_source_find(struct ui *ui, const char *path)
{
	for (size_t i = 0; i < ui->nsrc; i++)
		if (strcmp(ui->src[i].path, path) == 0)
			return &ui->src[i];
	return NULL;
}

static void
ui_source_saved(struct ui *ui)
{
	struct sm_error	  err;
	char		  dir[PATH_MAX], path[PATH_MAX + 8];
	char		**names;
	size_t		  n;

	if (paths_results_dir(ui->self[0] ? ui->self : NULL, dir, sizeof dir,
	    &err) != 0)
		return;
	n = paths_list_csv(dir, &names);
	/* Newest first: default names end in a date and time. */
	for (size_t i = n; i-- > 0; ) {
		snprintf(path, sizeof path, "%s/%s.csv", dir, names[i]);
		ui_source_add(ui, UI_SRC_SAVED, names[i], xstrdup(path));
	}
	free(names);
}

/* Rebuild the list; what was picked is forgotten. */
void
ui_source_scan(struct ui *ui)
{
	char	**names;
	size_t	  n;

	ui_source_free(ui);
	if (ui->live->have_run && !ui->live->saved)
		ui_source_add(ui, UI_SRC_CURRENT, xstrdup("this run"),
		    xstrdup(""));
	ui_source_saved(ui);
	n = baseline_list(ui->self[0] ? ui->self : NULL, &names);
	for (size_t i = 0; i < n; i++)
		ui_source_add(ui, UI_SRC_BASELINE, names[i],
		    xstrdup(names[i]));
	free(names);
}

void
ui_source_free(struct ui *ui)
{
	for (size_t i = 0; i < ui->nsrc; i++) {
		free(ui->src[i].name);
		free(ui->src[i].path);
		free(ui->src[i].about);
		free(ui->src[i].tests);
	}
	free(ui->src);
	ui->src = NULL;
	ui->nsrc = 0;
}

/* Load a saved run or a baseline; 0, or -1 with the core's message. */
int
ui_source_load(struct ui *ui, const struct ui_source *s, struct run *run,
    struct sm_error *err)
{
	return baseline_resolve(ui->self[0] ? ui->self : NULL, s->path, run,
	    err);
}

/*
 * The table `sysmark compare` prints for these runs: the same defaults,
 * the same host noise profile when all of them come from one host that
 * has one, and the same drift term when two were taken apart in time.
 */
static struct table *
ui_source_table(struct ui *ui, const struct ui_source *const *s,
    const struct run **rp, const char **names, size_t n)
{
	struct compare_opts	 o;
	struct compare_drift	*drift;
	struct run		 profile;
	struct table		*t;
	struct sm_error		 err;
	char			 path[PATH_MAX + 160];
	const char		**paths = xcalloc(n + 1, sizeof *paths);

	compare_opts_default(&o);
	if (noise_find_noted(ui->self[0] != '\0' ? ui->self : NULL, rp, n,
	    &profile, path, sizeof path, &err) > 0) {
		o.profile = &profile;
		o.profile_name = path;
	}
	for (size_t i = 0; i < n; i++)
		paths[i] = s[i]->path;
	drift_sides(rp, paths, (int)n, n == 2 ? 1 : -1, ui->self[0] != '\0' ?
	    ui->self : NULL, &o, &drift);
	t = compare_table(rp, names, n, &o);
	free(drift);
	free(paths);
	run_free(&profile);
	return t;
}

/*
 * The side-by-side table of n sources, the first the reference; NULL with
 * a message if one cannot be loaded.
 */
struct table *
ui_source_compare(struct ui *ui, const struct ui_source *const *s, size_t n,
    struct sm_error *err)
{
	struct ui_source_runs	 r;
	struct table		*t = NULL;

	if (ui_source_load_all(ui, s, n, &r, err) == 0)
		t = ui_source_table(ui, s, r.rp, r.names, n);
	ui_source_runs_free(&r, n);
	return t;
}

/*
 * Load n sources into r (the run in memory stays where it is); 0, or -1
 * with why.  ui_source_runs_free() frees r either way.
 */
int
ui_source_load_all(struct ui *ui, const struct ui_source *const *s, size_t n,
    struct ui_source_runs *r, struct sm_error *err)
{
	r->runs = xcalloc(n, sizeof *r->runs);
	r->rp = xcalloc(n, sizeof *r->rp);
	r->names = xcalloc(n, sizeof *r->names);
	for (size_t k = 0; k < n; k++)
		run_init(&r->runs[k]);
	for (size_t k = 0; k < n; k++) {
		r->names[k] = s[k]->name;
		r->rp[k] = s[k]->kind == UI_SRC_CURRENT ? &ui->live->run :
		    &r->runs[k];
		if (s[k]->kind != UI_SRC_CURRENT &&
		    ui_source_load(ui, s[k], &r->runs[k], err) != 0)
			return -1;
	}
	return 0;
}

void
ui_source_runs_free(struct ui_source_runs *r, size_t n)
{
	for (size_t j = 0; j < n; j++)
		run_free(&r->runs[j]);
	free(r->names);
	free(r->rp);
	free(r->runs);
}

/*
 * Open a saved run or a baseline whole on the results screen; 0, or -1
 * with a message.  The run just measured stays as it was.
 */
int
ui_source_open(struct ui *ui, const struct ui_source *s)
{
	struct sm_error	err;
	struct run	run;

	run_init(&run);
	if (ui_source_load(ui, s, &run, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		run_free(&run);
		return -1;
	}
	ui_view_open(ui, &run, s->name);
	ui_switch(ui, UI_SCR_RESULTS);
	return 0;
}
