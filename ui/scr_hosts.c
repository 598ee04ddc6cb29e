/*
 * The Hosts screen (H): open an inventory, pick hosts with the test
 * list's keys, and run the tests chosen on the select screen on every
 * picked host at once over ssh (the same fleet as `sysmark fleet run`,
 * src/core/fleet/fleet_*.c).  While it runs, one line per host: its status,
 * current test, samples done and last figure.  At the end the compare
 * screen shows the hosts side by side; the runs, logs and fleet.csv are
 * in results/fleet-DATE/.  The screen's state lives here (struct
 * scr_hosts); ui.c only polls its pipes and steps it.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "../src/core/core.h"

struct scr_hosts {
	char			  path[PATH_MAX];	/* the inventory */
	struct fleet_inv	  inv;
	int			  loaded;
	unsigned char		 *sel;		/* one flag per host */
	int			  cur, top;
	/* The fleet in flight, or the last one. */
	int			  running, stopped, stop;
	struct fleet_ssh	  ssh;
	struct fleet_job	  job;
	char			  ctl[64];
	char			 *bin, *exec, *plan;
	size_t			  plan_len;
	struct fleet_sess	 *sess;
	const struct fleet_host	**hosts;
	FILE			**logs;
	char			(*files)[256];
	size_t			  n;
	char			  dir[PATH_MAX], id[64];
};

static const struct ui_key scr_hosts_help[] = {
	{ "i", "open an inventory: a host a line, Ansible's INI, or its "
	    "YAML or a script (through ansible-inventory)" },
	{ "Space", "pick or unpick the host under the cursor" },
	{ "a x", "pick all hosts; none" },
	{ "j k J K", "move in the list" },
	{ "Enter r", "run the tests chosen on the select screen on every "
	    "picked host at once, over ssh" },
	{ "c", "while running: stop every host, keeping what finished" },
	{ "n", "the select screen" },
	{ NULL, NULL }
};

static struct scr_hosts *
scr_hosts_get(struct ui *ui)
{
	if (ui->hosts == NULL) {
		ui->hosts = xcalloc(1, sizeof *ui->hosts);
		fleet_inv_init(&ui->hosts->inv);
	}
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

	if (!h->loaded && !h->running)
		scr_hosts_open(ui);
}

/* ---- The fleet ---- */

/*
 * The select screen's choice as the agent's plan, and the caps on what a
 * host may send back that follow from it, as fleet run makes them
 * (fleet_job_plan()); 0, or -1 with a message saying why not.
 */
static int
scr_hosts_plan(struct ui *ui, struct scr_hosts *h)
{
	struct plan	 plan;
	struct sm_error	 err;
	int		 rc = 0;

	if (ui_choice_plan(ui, &plan) == 0) {
		ui_message(ui, "no test chosen: pick some on the select "
		    "screen (n)");
		rc = -1;
	} else if (fleet_job_plan(&h->job, &plan, NULL, 0, &h->plan,
	    &h->plan_len, &err) != 0) {
		ui_message(ui, "%s", err.msg);
		rc = -1;
	}
	plan_free(&plan);
	return rc;
}

/*
 * A run came back: saved beside the others; else in a fallback file and
 * on its host, the host's line saying where (fleet_out_save()).
 */
static void
scr_hosts_on_file(struct fleet_sess *s, void *arg)
{
	struct scr_hosts	*h = arg;
	size_t			 i = (size_t)(s - h->sess);
	char			 path[PATH_MAX + 300];

	snprintf(path, sizeof path, "%s/%s.csv", h->dir, s->h->name);
	if (h->files[i][0] == '\0' && fleet_out_save(s, path, h->id, 0) == 0)
		snprintf(h->files[i], sizeof h->files[i], "%s.csv",
		    s->h->name);
}

/* The sessions of the picked hosts, their logs in the fleet directory. */
static void
scr_hosts_sessions(struct scr_hosts *h)
{
	h->hosts = xcalloc(h->inv.nhosts + 1, sizeof *h->hosts);
	for (size_t i = 0; i < h->inv.nhosts; i++)
		if (h->sel[i])
			h->hosts[h->n++] = &h->inv.hosts[i];
	h->sess = xcalloc(h->n + 1, sizeof *h->sess);
	h->logs = xcalloc(h->n + 1, sizeof *h->logs);
	h->files = xcalloc(h->n + 1, sizeof *h->files);
	for (size_t i = 0; i < h->n; i++) {
		h->logs[i] = fleet_out_open(h->dir, h->hosts[i]->name, ".log");
		fleet_sess_init(&h->sess[i], h->hosts[i], &h->ssh, &h->job,
		    h->logs[i]);
	}
}

/* Everything of the last fleet freed, its masters ended. */
static void
scr_hosts_clear(struct scr_hosts *h)
{
	if (h->hosts != NULL && h->ctl[0] != '\0')
		fleet_loop_end_masters(&h->ssh, h->hosts, h->n);
	for (size_t i = 0; i < h->n; i++) {
		fleet_sess_free(&h->sess[i]);
		if (h->logs[i] != NULL)
			fclose(h->logs[i]);
	}
	free(h->sess);
	free(h->logs);
	free(h->files);
	free(h->hosts);
	free(h->bin);
	free(h->exec);
	free(h->plan);
	h->sess = NULL;
	h->logs = NULL;
	h->files = NULL;
	h->hosts = NULL;
	h->bin = h->exec = h->plan = NULL;
	h->n = 0;
	h->ctl[0] = '\0';
}

/* Start the fleet; a message says why not. */
static void
scr_hosts_run(struct ui *ui)
{
	struct scr_hosts	*h = scr_hosts_get(ui);
	struct sm_error		 err;

	if (ui_running(ui) || h->running) {
		ui_message(ui, "a run goes on: wait for it, or c stops it");
		return;
	}
	scr_hosts_clear(h);
	memset(&h->ssh, 0, sizeof h->ssh);
	memset(&h->job, 0, sizeof h->job);
	h->ssh.connect_timeout = 10;
	h->job.connect_timeout = 10;
	if (memchr(h->sel, 1, h->inv.nhosts) == NULL)
		ui_message(ui, "pick at least one host with Space");
	else if (scr_hosts_plan(ui, h) != 0)
		;	/* it said why */
	else if (fleet_bin_load(&h->job, ui->self, &h->bin, &h->exec, &err)
	    != 0 || fleet_out_dir(ui->self, NULL, h->dir, sizeof h->dir,
	    h->id, sizeof h->id, &err) != 0 ||
	    fleet_loop_control_dir(h->ctl, sizeof h->ctl, &err) != 0)
		ui_message(ui, "%s", err.msg);
	else {
		/* An ssh that dies while fed must not kill the console. */
		signal(SIGPIPE, SIG_IGN);
		h->ssh.control_dir = h->ctl;
		h->job.on_file = scr_hosts_on_file;
		h->job.arg = h;
		scr_hosts_sessions(h);
		h->running = 1;
		h->stop = h->stopped = 0;
		return;
	}
	h->ctl[0] = '\0';
}

/* The fleet ended: its status in fleet.csv, the hosts side by side. */
static void
scr_hosts_finish(struct ui *ui, struct scr_hosts *h)
{
	struct fleet_row	*rows = xcalloc(h->n + 1, sizeof *rows);
	struct run		*runs = xcalloc(h->n + 1, sizeof *runs);
	const struct run	**rp = xcalloc(h->n + 1, sizeof *rp);
	const char		**names = xcalloc(h->n + 1, sizeof *names);
	struct compare_opts	 o;
	struct sm_error		 err;
	char			 path[PATH_MAX + 300];
	size_t			 k = 0;

	h->running = 0;
	for (size_t i = 0; i < h->n; i++) {
		fleet_out_row(&h->sess[i], h->files[i], &rows[i]);
		snprintf(path, sizeof path, "%s/%s", h->dir, h->files[i]);
		run_init(&runs[k]);
		if (h->files[i][0] == '\0' ||
		    csvstore_load(&runs[k], path, &err) != 0) {
			run_free(&runs[k]);
			continue;
		}
		rp[k] = &runs[k];
		names[k++] = h->hosts[i]->name;
	}
	if (fleet_out_write(h->dir, rows, h->n, &err) != 0)
		ui_message(ui, "%s", err.msg);
	else
		ui_message(ui, "the fleet's runs are in %s", h->dir);
	if (k >= 1) {
		compare_opts_default(&o);
		ui_switch(ui, UI_SCR_COMPARE);
		scr_compare_show_table(ui,
		    compare_side_by_side_opts(rp, names, k, &o));
	}
	for (size_t i = 0; i < k; i++)
		run_free(&runs[i]);
	free(runs);
	free(rp);
	free(names);
	free(rows);
}

/* ---- What ui.c calls ---- */

/* Is a fleet running? */
int
scr_hosts_running(const struct ui *ui)
{
	return ui->hosts != NULL && ui->hosts->running;
}

/* The running fleet's pipes into pfd (room for max); how many. */
size_t
scr_hosts_fds(struct ui *ui, struct pollfd *pfd, size_t max)
{
	struct scr_hosts	*h = ui->hosts;
	size_t			 n = 0;

	if (!scr_hosts_running(ui))
		return 0;
	for (size_t i = 0; i < h->n && n + 3 <= max; i++)
		n += fleet_sess_fds(&h->sess[i], pfd + n);
	return n;
}

/* Move the fleet on (never blocks); at its end, the compare screen. */
void
scr_hosts_step(struct ui *ui)
{
	struct scr_hosts	*h = ui->hosts;

	if (!scr_hosts_running(ui))
		return;
	if (fleet_loop_pass(h->sess, h->n, FLEET_MAX_PARALLEL, h->stop,
	    &h->stopped))
		scr_hosts_finish(ui, h);
}

/* At the console's end: a fleet still running is stopped (bounded). */
void
scr_hosts_free(struct ui *ui)
{
	struct scr_hosts	*h = ui->hosts;
	volatile sig_atomic_t	 stop = 1;

	if (h == NULL)
		return;
	if (h->running) {
		fleet_loop_run(h->sess, h->n, FLEET_MAX_PARALLEL, &stop, NULL,
		    NULL);
		scr_hosts_finish(ui, h);
	}
	scr_hosts_clear(h);
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

	if (h->running) {
		if (c == 'c')
			h->stop = 1;
		return c == 'c';
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
	case 'n':
		ui_switch(ui, UI_SCR_SELECT);
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
scr_hosts_draw_sess(struct ui *ui, int y, const struct fleet_sess *s)
{
	const char	*st = fleet_status_name(s->status);

	if (s->status == FLEET_ST_RUNNING)
		st = s->step == FLEET_STEP_AGENT ? "running" :
		    s->step < FLEET_STEP_AGENT ? "connecting" : "finishing";
	ui_printf(ui, y, 0, COLS, s->status > FLEET_ST_OK ? UI_A_WARN :
	    UI_NATTR, "%-16.16s %-14s %-14.14s %7d  %-14.14s %s",
	    s->h->name, st, s->current, s->samples, s->figure,
	    s->status > FLEET_ST_RUNNING ? s->reason : "");
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
	int			 body = LINES - 4;
	size_t			 k = 0;

	for (size_t i = 0; i < h->inv.nhosts; i++)
		k += h->sel[i];
	ui_printf(ui, 0, 0, COLS, UI_A_TITLE, "sysmark -- hosts: %s",
	    h->loaded ? h->path : "(no inventory: i opens one)");
	if (h->running) {
		ui_printf(ui, 1, 0, COLS, UI_NATTR, "fleet %s, %zu host(s): "
		    "c stops every host, keeping what finished", h->id, h->n);
		ui_printf(ui, 2, 0, COLS, UI_A_SECTION, "%-16s %-14s %-14s "
		    "%7s  %-14s %s", "HOST", "STATUS", "TEST", "SAMPLES",
		    "LAST", "REASON");
		for (size_t i = 0; i < h->n && (int)i < body; i++)
			scr_hosts_draw_sess(ui, 3 + (int)i, &h->sess[i]);
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
	    "c:stop  n:tests  ?:help",
	.help = scr_hosts_help,
	.enter = scr_hosts_enter,
	.key = scr_hosts_key,
	.draw = scr_hosts_draw,
};
