/*
 * `e` on the results and compare screens: the HTML report (report_html.c)
 * of what the screen shows, written under results/ as
 * report-YYYYMMDD-HHMMSS.html, and the path said in the status line.
 * The page is the one `sysmark report` writes for the same runs, with
 * the same compare defaults and host noise profile as the screen's table.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ui.h"
#include "ui_report.h"
#include "ui_source.h"
#include "ui_view.h"
#include "../src/core/core.h"

/* A free name for a report written now; 0 or -1 with why. */
static int
ui_report_path(struct ui *ui, char *buf, size_t len, struct sm_error *err)
{
	char		dir[PATH_MAX], stamp[32], seq[16] = "";
	time_t		now = time(NULL);
	struct stat	sb;

	if (paths_results_dir(ui->self[0] ? ui->self : NULL, dir, sizeof dir,
	    err) != 0)
		return -1;
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	for (int n = 2; n < 1000; n++) {
		if (snprintf(buf, len, "%s/report-%s%s.html", dir, stamp,
		    seq) >= (int)len) {
			sm_error_set(err, "%s: path too long", dir);
			return -1;
		}
		if (lstat(buf, &sb) != 0 && errno == ENOENT)
			return 0;
		snprintf(seq, sizeof seq, "-%d", n);
	}
	sm_error_set(err, "%s: no free report name this second", dir);
	return -1;
}

/*
 * Write the report of runs (names their columns; base, when not NULL, the
 * index baseline named base_name) and say where, or why not.
 */
void
ui_report_write(struct ui *ui, const struct run *const *runs,
    const char *const *names, size_t n, const struct run *base,
    const char *base_name)
{
	struct compare_opts	o;
	struct report_html	h;
	struct run		profile;
	struct sm_error		err;
	struct sbuf		b;
	char			path[PATH_MAX], ppath[PATH_MAX];

	compare_opts_default(&o);
	if (noise_find_noted(ui->self[0] != '\0' ? ui->self : NULL, runs, n,
	    &profile, ppath, sizeof ppath, &err) > 0) {
		o.profile = &profile;
		o.profile_name = ppath;
	}
	h = (struct report_html){ runs, names, n, -1, base, base_name, &o,
	    "sysmark report" };
	sbuf_init(&b);
	report_html(&b, &h);
	if (ui_report_path(ui, path, sizeof path, &err) != 0 ||
	    outfile_write(path, b.s, b.len, 0, &err) != 0)
		ui_message(ui, "report not written: %s", err.msg);
	else
		ui_message(ui, "report written to %s", path);
	sbuf_free(&b);
	run_free(&profile);
}

/* The report of the sources picked on the compare screen, in order. */
void
ui_report_sources(struct ui *ui, const struct ui_source *const *s, size_t n)
{
	struct ui_source_runs	r;
	struct sm_error		err;

	if (ui_source_load_all(ui, s, n, &r, &err) == 0)
		ui_report_write(ui, r.rp, r.names, n, NULL, NULL);
	else
		ui_message(ui, "report not written: %s", err.msg);
	ui_source_runs_free(&r, n);
}

/*
 * The report of the results screen: its run, and when a reference is
 * chosen, the reference first and the run against it (and the INDEX
 * VALUES when the reference is an index baseline), as the screen shows.
 */
void
ui_report_results(struct ui *ui)
{
	const struct ui_source	*src = NULL;
	const struct run	*rp[2];
	const char		*names[2];
	struct run		 ref;
	struct sm_error		 err;
	char			*mine;
	size_t			 n = 0;

	run_init(&ref);
	if (ui_view_ref(ui)[0] != '\0' &&
	    (src = ui_source_find(ui, ui_view_ref(ui))) != NULL &&
	    ui_source_load(ui, src, &ref, &err) != 0) {
		ui_message(ui, "report not written: %s", err.msg);
		run_free(&ref);
		return;
	}
	mine = ui_view_label(ui);
	if (src != NULL) {
		rp[n] = &ref;
		names[n++] = src->name;
	}
	rp[n] = ui_view_run(ui);
	names[n++] = mine;
	ui_report_write(ui, rp, names, n, src != NULL &&
	    run_meta_get(&ref, "index") != NULL ? &ref : NULL,
	    src != NULL ? src->name : NULL);
	free(mine);
	run_free(&ref);
}
