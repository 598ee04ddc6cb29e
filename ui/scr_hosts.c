/*
 * The Hosts screen (H): open an inventory, pick hosts with the test
 * list's keys, and run the tests chosen on the select screen on every
 * picked host at once over ssh: the same fleet run as `sysmark fleet run`
 * (src/core/fleet/fleet_run.c), which keeps the runs, logs and fleet.csv
 * in results/fleet-DATE/ from its start; this screen only begins it (as
 * a job of the loop's, ui_fleet.c), draws what it tells (one line per
 * host: its status, current test, samples done and last figure) and,
 * hearing of its end (UI_EV_FLEET_END), shows the hosts side by side on
 * the compare screen.  The screen's state lives here (struct scr_hosts).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_choice.h"
#include "ui_fleet.h"
#include "../src/core/core.h"

struct scr_hosts {
	char			  path[PATH_MAX];	/* the inventory */
	struct fleet_inv	  inv;
	int			  loaded;
	unsigned char		 *sel;		/* one flag per host */
	int			  cur, top;
};

static const struct ui_key scr_hosts_help[] = {
	{ "i", "open an inventory: a host a line, Ansible's INI, or its "
	    "YAML or a script (through ansible-inventory)" },
	{ "Space", "pick or unpick the host under the cursor" },
	{ "a x", "pick all hosts; none" },
	{ "j k J K", "move in the list" },
	{ "Enter r", "run the tests chosen on the select screen on every "
	    "picked host at once, over ssh" },
	{ "A", "while running: abort, stopping every host and keeping what "
	    "finished" },
	{ NULL, NULL }
};

static struct scr_hosts *
scr_hosts_get(struct ui *ui)
{
	/* An inventory all zero is empty (fleet_inv_free() takes it). */
	if (ui->hosts == NULL)
		ui->hosts = xcalloc(1, sizeof *ui->hosts);
	return ui->hosts;
}

/* ---- The inventory ---- */

static void
scr_hosts_open_done(struct ui *ui, const char *text)
{
	struct scr_hosts	*h = scr_hosts_get(ui);
	struct fleet_inv	 inv;
	struct sm_error		 err;

	if (fleet_inv_load(&inv, text, &err) != 0) {
		fleet_inv_free(&inv);
		ui_message(ui, "%s", err.msg);
		return;
	}
	fleet_inv_free(&h->inv);
	h->inv = inv;
	h->loaded = 1;
	snprintf(h->path, sizeof h->path, "%s", text);
	free(h->sel);
	h->sel = xcalloc(inv.nhosts, 1);
	memset(h->sel, 1, inv.nhosts);
	h->cur = h->top = 0;
}

static void
scr_hosts_open(struct ui *ui)
{
	ui_ask(ui, 0, "inventory file:", scr_hosts_get(ui)->path,
	    scr_hosts_open_done);
}

static void
scr_hosts_enter(struct ui *ui)
{
	struct scr_hosts	*h = scr_hosts_get(ui);

	if (!h->loaded && !ui_fleet_running(ui))
		scr_hosts_open(ui);
}

/* ---- The fleet ---- */

/*
 * Start the fleet: the select screen's choice on the picked hosts; a
 * message says why not.
 */
static void
scr_hosts_run(struct ui *ui)
{
	struct scr_hosts	*h = scr_hosts_get(ui);
	struct fleet_conf	 c;
	struct plan		 plan;

	if (ui_running(ui) || ui_fleet_running(ui)) {
		ui_message(ui, "a run goes on: wait for it, or A aborts it");
		return;
	}
	if (memchr(h->sel, 1, h->inv.nhosts) == NULL) {
		ui_message(ui, "pick at least one host with Space");
		return;
	}
	if (ui_choice_plan(ui, &plan) == 0) {
		ui_message(ui, "no test chosen: pick some on the select "
		    "screen (n)");
		plan_free(&plan);
		return;
	}
	memset(&c, 0, sizeof c);
	c.mode = FLEET_RUN;
	c.inv = &h->inv;
	c.pick = h->sel;
	c.self = ui->self;
	c.plan = &plan;
	ui_fleet_begin(ui, &c);
	plan_free(&plan);
}

/* The fleet ended: the hosts that gave a run side by side. */
static void
scr_hosts_finish(struct ui *ui, const char *dir)
{
	const struct run	**rp;
	struct fleet_dir	  d;
	struct compare_opts	  o;
	struct sm_error		  err;

	if (fleet_dir_load(&d, dir, NULL, 0, FLEET_DIR_RUNS, NULL,
	    ui->self, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		return;
	}
	ui_message(ui, "the fleet's runs are in %s", dir);
	if (d.nruns >= 1) {
		rp = xcalloc(d.nruns, sizeof *rp);
		for (size_t i = 0; i < d.nruns; i++)
			rp[i] = &d.runs[i];
		compare_opts_default(&o);
		ui_show_table(ui, UI_SCR_COMPARE, compare_side_by_side_opts(rp,
		    d.names, d.nruns, &o));
		free(rp);
	}
	fleet_dir_free(&d);
}

static void
scr_hosts_on_event(struct ui *ui, const struct ui_event *ev)
{
	if (ev->kind == UI_EV_FLEET_END)
		scr_hosts_finish(ui, ev->dir);
}

static void
scr_hosts_free(struct ui *ui)
{
	struct scr_hosts	*h = ui->hosts;

	if (h == NULL)
		return;
	fleet_inv_free(&h->inv);
	free(h->sel);
	free(h);
	ui->hosts = NULL;
}

/* ---- Keys and drawing ---- */

static int
scr_hosts_key(struct ui *ui, int c)
{
	struct scr_hosts	*h = scr_hosts_get(ui);
	int			 n = (int)h->inv.nhosts;

	if (ui_fleet_running(ui)) {
		if (c == 'A')
			ui_fleet_stop(ui);
		return c == 'A';
	}
	if (ui_scroll_key(c, &h->cur, NULL)) {
		if (h->cur >= n)
			h->cur = n > 0 ? n - 1 : 0;
		return 1;
	}
	switch (c) {
	case 'i':
		scr_hosts_open(ui);
		return 1;
	case ' ':
		if (n > 0) {
			h->sel[h->cur] ^= 1;
			h->cur += h->cur + 1 < n;
		}
		return 1;
	case 'a':
	case 'x':
		memset(h->sel, c == 'a', h->inv.nhosts);
		return 1;
	case UI_KEY_ENTER:
	case 'r':
		scr_hosts_run(ui);
		return 1;
	}
	return 0;
}

/* One host of the running fleet. */
static void
scr_hosts_draw_host(struct ui *ui, int y, const struct fleet_view *v)
{
	int	done = v->state == FLEET_VIEW_DONE;

	ui_printf(ui, y, 0, COLS, done && !v->ok ? UI_A_WARN : UI_NATTR,
	    "%-16.16s %-14s %-14.14s %7d  %-14.14s %s", v->name, v->status,
	    v->current, v->samples, v->figure, done ? v->reason : "");
}

static void
scr_hosts_draw_list(struct ui *ui, struct scr_hosts *h, int body)
{
	const struct fleet_host	*fh;
	int			 n = (int)h->inv.nhosts;

	if (h->cur < h->top)
		h->top = h->cur;
	if (h->cur >= h->top + body)
		h->top = h->cur - body + 1;
	for (int i = h->top; i < n && i < h->top + body; i++) {
		fh = &h->inv.hosts[i];
		ui_printf(ui, 3 + i - h->top, 0, COLS, i == h->cur ?
		    UI_A_CURSOR : UI_NATTR, "[%c] %-20.20s %s%s%s:%d",
		    h->sel[i] ? 'x' : ' ', fh->name, fh->user ? fh->user : "",
		    fh->user ? "@" : "", fh->addr, fh->port ? fh->port : 22);
	}
}

static void
scr_hosts_draw(struct ui *ui)
{
	struct scr_hosts	*h = scr_hosts_get(ui);
	const struct ui_fleet	*f = ui->fleet;
	int			 body = LINES - 4;
	size_t			 k = 0;

	for (size_t i = 0; i < h->inv.nhosts; i++)
		k += h->sel[i];
	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- hosts: %s",
	    h->loaded ? h->path : "(no inventory: i opens one)");
	if (ui_fleet_running(ui)) {
		ui_printf(ui, 1, 0, COLS, UI_NATTR, "fleet %s, %zu host(s): "
		    "A aborts, stopping every host, keeping what finished", f->id, f->n);
		ui_printf(ui, 2, 0, COLS, UI_A_SECTION, "%-16s %-14s %-14s "
		    "%7s  %-14s %s", "HOST", "STATUS", "TEST", "SAMPLES",
		    "LAST", "REASON");
		for (size_t i = 0; i < f->n && (int)i < body; i++)
			scr_hosts_draw_host(ui, 3 + (int)i, &f->views[i]);
		return;
	}
	ui_printf(ui, 1, 0, COLS, UI_NATTR, "%zu of %zu host(s) picked; "
	    "Enter runs the select screen's tests on them", k,
	    h->inv.nhosts);
	ui_puts(ui, 2, 0, COLS, UI_A_SECTION, "    HOST                 "
	    "TARGET");
	scr_hosts_draw_list(ui, h, body);
}

const struct ui_screen scr_hosts = {
	.name = "Hosts",
	.status = "i:inventory  Space:pick  a x:all none  Enter:run  "
	    "A:abort  n:tests  ?:help",
	.help = scr_hosts_help,
	.enter = scr_hosts_enter,
	.key = scr_hosts_key,
	.on_event = scr_hosts_on_event,
	.draw = scr_hosts_draw,
	.free = scr_hosts_free,
};
