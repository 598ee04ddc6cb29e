/*
 * The fleet run as one of the console loop's jobs: the Hosts screen
 * begins it (ui_fleet_begin), the loop polls its pipes, keeps its tick,
 * steps it and, at the console's end, stops it (ui_fleet_job); what the
 * fleet tells updates the model here (each host's line, the fleet's
 * directory and id) and then reaches every screen as an event, its end
 * as UI_EV_FLEET_END with the directory that holds the hosts' runs.
 * The fleet itself (the binary, the dirs, each host's session, saving,
 * fleet.csv and the fleet id) is the core's: src/core/fleet/fleet_run.c.
 */
/* SPDX-License-Identifier: MIT */

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_fleet.h"

static struct ui_fleet *
ui_fleet_get(struct ui *ui)
{
	if (ui->fleet == NULL)
		ui->fleet = xcalloc(1, sizeof *ui->fleet);
	return ui->fleet;
}

/* What the fleet tells: the model first, then every screen. */
static void
ui_fleet_on_event(const struct fleet_event *ev, void *arg)
{
	struct ui	*ui = arg;
	struct ui_fleet	*f = ui_fleet_get(ui);

	switch (ev->kind) {
	case FLEET_EV_BEGIN:
		free(f->views);
		f->n = ev->nhosts;
		f->views = xcalloc(f->n + 1, sizeof *f->views);
		snprintf(f->dir, sizeof f->dir, "%s", ev->dir);
		snprintf(f->id, sizeof f->id, "%s", ev->id);
		break;
	case FLEET_EV_HOST:
		if (ev->host < f->n)
			f->views[ev->host] = *ev->view;
		break;
	case FLEET_EV_NOTE:
		ui_message(ui, "%s", ev->text);
		break;
	case FLEET_EV_END:
		if (ev->text != NULL)
			ui_message(ui, "%s", ev->text);
		break;
	}
	ui->dirty = 1;
	ui_tell(ui, &(struct ui_event){ .kind = UI_EV_FLEET, .fleet = ev });
}

/*
 * Begin the fleet c describes (its events come here); 0, or -1 with a
 * message.
 */
int
ui_fleet_begin(struct ui *ui, struct fleet_conf *c)
{
	struct ui_fleet	*f = ui_fleet_get(ui);
	struct sm_error	 err;

	if (f->run != NULL) {
		ui_message(ui, "a fleet runs: wait for it, or A aborts it");
		return -1;
	}
	c->on_event = ui_fleet_on_event;
	c->arg = ui;
	f->stop = 0;
	if ((f->run = fleet_run_begin(c, &err)) == NULL) {
		ui_message(ui, "%s", err.msg);
		return -1;
	}
	return 0;
}

int
ui_fleet_running(const struct ui *ui)
{
	return ui->fleet != NULL && ui->fleet->run != NULL;
}

/* Stop every host at the next step, keeping what finished. */
void
ui_fleet_stop(struct ui *ui)
{
	if (ui_fleet_running(ui))
		ui->fleet->stop = 1;
}

/* ---- The job the loop drives ---- */

static size_t
ui_fleet_fds(struct ui *ui, struct pollfd *pfd, size_t max)
{
	int	ms;

	if (!ui_fleet_running(ui))
		return 0;
	return fleet_run_fds(ui->fleet->run, pfd, max, &ms);
}

/* The fleet's deadlines and heartbeats: a step every tick. */
static int
ui_fleet_timeout(const struct ui *ui)
{
	return ui_fleet_running(ui) ? FLEET_RUN_TICK_MS : -1;
}

/*
 * End the fleet (stopping every host still going, bounded): at the
 * console's end, where no screen is told.
 */
static void
ui_fleet_end(struct ui *ui)
{
	if (!ui_fleet_running(ui))
		return;
	fleet_run_end(ui->fleet->run);
	ui->fleet->run = NULL;
	ui->dirty = 1;
}

/* Move the fleet on (never blocks); at its end, tell the screens. */
static void
ui_fleet_step(struct ui *ui)
{
	if (!ui_fleet_running(ui) ||
	    !fleet_run_step(ui->fleet->run, ui->fleet->stop))
		return;
	ui_fleet_end(ui);
	ui_tell(ui, &(struct ui_event){ .kind = UI_EV_FLEET_END,
	    .dir = ui->fleet->dir });
}

const struct ui_job ui_fleet_job = {
	.name = "fleet",
	.running = ui_fleet_running,
	.fds = ui_fleet_fds,
	.timeout_ms = ui_fleet_timeout,
	.step = ui_fleet_step,
	.end = ui_fleet_end,
};

/* At the console's end, once the job is ended: the model freed. */
void
ui_fleet_free(struct ui *ui)
{
	if (ui->fleet == NULL)
		return;
	free(ui->fleet->views);
	free(ui->fleet);
	ui->fleet = NULL;
}
