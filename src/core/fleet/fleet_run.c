/*
 * One fleet, whoever drives it: fleet check, run, calibrate and collect
 * on the command line and the console's Hosts screen all begin one here,
 * poll its pipes, step it and end it, on session.c's pattern, and hear of
 * it only through events (fleet.h).  It owns what a fleet needs: the
 * hosts (fleet_pick.c), sysmark's binary and the agent's plan, the
 * fleet's directory and id, the private directory of control sockets,
 * each host's session (fleet_sess.c) and log, the runs saved as they
 * come, fleet.csv written at the start and whenever a host starts or
 * ends (so that a front end killed with SIGKILL leaves one for fleet show
 * and fleet collect DIR), and at the end the master connections ended.
 */
/* SPDX-License-Identifier: MIT */

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet_run_int.h"

/* ---- The runs that come back ---- */

/*
 * A run file came from s: the host's profile with calibrate, else its run
 * beside the others.  Not kept there, it is in a fallback file and on
 * its host (fleet_out_save()): the host's reason says where.
 */
static void
fleet_run_on_file(struct fleet_sess *s, void *arg)
{
	struct fleet_run	*r = arg;
	struct sm_error		 err;
	size_t			 i = (size_t)(s - r->sess);
	int			 cal = r->c.mode == FLEET_CALIBRATE;
	char			 path[PATH_MAX + 300];

	/* One run a host: the first kept stays kept, whatever comes after. */
	if (r->files[i][0] != '\0') {
		fleet_run_note(r, "sysmark: %s: a second run file was sent; "
		    "the first, kept in %s, stays", s->h->name, r->files[i]);
		return;
	}
	/* No noise-fleet/ to save in: the save fails, the fallback holds. */
	if (cal)
		fleet_out_profile(r->c.self, s->h->name, 1, path, sizeof path,
		    &err);
	if (!cal || path[0] == '\0')
		snprintf(path, sizeof path, "%s/%s.csv", r->dir, s->h->name);
	if (fleet_out_save(s, path, cal ? NULL : r->id, cal) != 0)
		return;
	if (!cal) {
		snprintf(r->files[i], sizeof r->files[i], "%s.csv",
		    s->h->name);
		return;
	}
	snprintf(r->files[i], sizeof r->files[i], "%.*s", PATH_MAX - 1, path);
	fleet_run_note(r, "%s: noise profile saved in %s", s->h->name, path);
}

/* ---- What the front ends are told ---- */

/* fleet check: whether a matching sysmark is there, or would be copied. */
static const char *
fleet_run_binary(const struct fleet_run *r, const struct fleet_sess *s)
{
	static const char	match[] = "sysmark " SYSMARK_VERSION;

	if (strcmp(s->version, match) == 0)
		return SYSMARK_VERSION " (in PATH)";
	if (strcmp(s->os, r->job.os) == 0 && strcmp(s->arch, r->job.arch) == 0)
		return s->version[0] ? "other version: copied" :
		    "none: copied";
	return "none, other arch: install it";
}

/* Where s stands, as a front end shows it. */
static enum fleet_state
fleet_run_state(const struct fleet_sess *s)
{
	if (s->status == FLEET_ST_PENDING)
		return FLEET_VIEW_WAITING;
	if (fleet_sess_done(s))
		return FLEET_VIEW_DONE;
	if (s->step == FLEET_STEP_AGENT)
		return FLEET_VIEW_MEASURING;
	return s->step < FLEET_STEP_AGENT ? FLEET_VIEW_CONNECTING :
	    FLEET_VIEW_FINISHING;
}

/* s as a front end shows it, every string made visible. */
static void
fleet_run_view(const struct fleet_run *r, const struct fleet_sess *s,
    struct fleet_view *v)
{
	static const char *const states[] = { "pending", "connecting",
	    "running", "finishing" };
	char	sys[72];

	memset(v, 0, sizeof *v);
	visible_buf(s->h->name, v->name, sizeof v->name, 0);
	v->state = fleet_run_state(s);
	snprintf(v->status, sizeof v->status, "%s", v->state ==
	    FLEET_VIEW_DONE ? fleet_status_name(s->status) :
	    states[v->state]);
	v->ok = v->state == FLEET_VIEW_DONE && s->status == FLEET_ST_OK;
	v->samples = s->samples;
	visible_buf(s->current, v->current, sizeof v->current, 0);
	visible_buf(s->figure, v->figure, sizeof v->figure, 0);
	snprintf(v->reason, sizeof v->reason, "%s", s->reason);
	if (r->c.mode != FLEET_CHECK || !v->ok)
		return;
	snprintf(sys, sizeof sys, "%s %s", s->os, s->arch);
	visible_buf(sys, v->system, sizeof v->system, 0);
	visible_buf(s->cpus, v->cpus, sizeof v->cpus, 0);
	visible_buf(s->load, v->load, sizeof v->load, 0);
	snprintf(v->binary, sizeof v->binary, "%s", fleet_run_binary(r, s));
}

/* fleet.csv as the hosts stand now, into rows (one a host). */
static void
fleet_run_rows(const struct fleet_run *r, struct fleet_row *rows)
{
	for (size_t i = 0; i < r->nsel; i++)
		fleet_out_row(&r->sess[i], r->files[i], &rows[i]);
}

/*
 * fleet.csv written (run and calibrate): a failure is said, not fatal,
 * and kept until a later write succeeds: at the end it makes the file
 * stale (fleet_run_stale()).
 */
static void
fleet_run_write(struct fleet_run *r)
{
	struct fleet_row	*rows;
	struct sm_error		 err;

	if (r->c.mode != FLEET_RUN && r->c.mode != FLEET_CALIBRATE)
		return;
	rows = xcalloc(r->nsel + 1, sizeof *rows);
	fleet_run_rows(r, rows);
	r->stale[0] = '\0';
	if (fleet_out_write(r->dir, rows, r->nsel, &err) != 0) {
		fleet_run_note(r, "sysmark: %s", err.msg);
		snprintf(r->stale, sizeof r->stale, "%s", err.msg);
	}
	free(rows);
}

/*
 * The line that ends a fleet whose fleet.csv could not be written last:
 * it still shows hosts as they were (running) before they ended, and the
 * runs are only in their files, named here so that nothing is lost.
 */
static void
fleet_run_stale(const struct fleet_run *r, char *buf, size_t len)
{
	size_t	n, kept = 0;

	n = (size_t)snprintf(buf, len, "sysmark: %s; fleet.csv is stale "
	    "(hosts it shows running have ended): ", r->stale);
	for (size_t i = 0; i < r->nsel && n < len; i++) {
		if (r->files[i][0] == '\0')
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", kept++ ?
		    ", " : "the runs are in ", r->files[i]);
	}
	if (kept == 0 && n < len)
		snprintf(buf + n, len - n, "no host's run was kept");
}

/* ev to the front end. */
static void
fleet_run_emit(const struct fleet_run *r, struct fleet_event *ev)
{
	ev->dir = r->dir;
	ev->id = r->id;
	ev->nhosts = r->nsel;
	if (r->c.on_event != NULL)
		r->c.on_event(ev, r->c.arg);
}

/*
 * After each pass: an event for each host that changed; fleet.csv
 * rewritten when a host has started or ended since.
 */
static void
fleet_run_tick(struct fleet_run *r)
{
	struct fleet_event	ev;
	struct fleet_view	v;
	int			changed = 0;

	for (size_t i = 0; i < r->nsel; i++) {
		fleet_run_view(r, &r->sess[i], &v);
		if (memcmp(&v, &r->views[i], sizeof v) == 0)
			continue;
		changed |= v.state != r->views[i].state && (v.state ==
		    FLEET_VIEW_DONE || r->views[i].state ==
		    FLEET_VIEW_WAITING);
		r->views[i] = v;
		memset(&ev, 0, sizeof ev);
		ev.kind = FLEET_EV_HOST;
		ev.host = i;
		ev.view = &r->views[i];
		fleet_run_emit(r, &ev);
	}
	if (changed)
		fleet_run_write(r);
}

/* ---- Begin ---- */

/* -b: a host of the fleet, else a baseline or run that loads; 0 or -1. */
static int
fleet_run_ref(const struct fleet_run *r, struct sm_error *err)
{
	struct run	base;
	int		rc;

	for (size_t i = 0; i < r->nsel; i++)
		if (strcmp(r->hosts[i]->name, r->c.ref) == 0)
			return 0;
	run_init(&base);
	rc = baseline_resolve(r->c.self, r->c.ref, &base, err);
	run_free(&base);
	return rc == 0 ? 0 : -1;
}

/* The plan, binaries, directory, id and control sockets; 0 or -1. */
static int
fleet_run_setup(struct fleet_run *r, struct sm_error *err)
{
	int	runs = r->c.mode == FLEET_RUN || r->c.mode == FLEET_CALIBRATE;

	r->job.check_only = r->c.mode == FLEET_CHECK;
	r->job.collect = r->c.mode == FLEET_COLLECT;
	if (runs && fleet_job_plan(&r->job, r->c.plan, r->c.copies,
	    r->c.mode == FLEET_CALIBRATE, &r->plan, &r->plan_len, err) != 0)
		return -1;
	if (fleet_pick_hosts(r, err) != 0)
		return -1;
	if (runs && r->c.ref != NULL && fleet_run_ref(r, err) != 0)
		return -1;
	fleet_bin_uname(&r->job);
	if (runs && fleet_bin_load(&r->job, r->c.self, &r->bin, &r->exec,
	    err) != 0)
		return -1;
	if (r->c.mode != FLEET_CHECK && r->dir[0] == '\0' &&
	    fleet_out_dir(r->c.self, r->c.base, r->dir, sizeof r->dir, r->id,
	    sizeof r->id, err) != 0)
		return -1;
	if (runs)
		fleet_job_id(&r->job, r->id);
	if (fleet_loop_control_dir(r->ctl, sizeof r->ctl, err) != 0)
		return -1;
	r->ssh.control_dir = r->ctl;
	return 0;
}

/* Each host's session, its log in the fleet's directory (check: none). */
static void
fleet_run_sessions(struct fleet_run *r)
{
	r->job.connect_timeout = r->ssh.connect_timeout;
	/* check and collect: no plan to bound a file by, only the loader's */
	if (r->job.max_file == 0)
		r->job.max_file = (size_t)CSVSTORE_MAX_FILE;
	if (r->job.max_out == 0)
		r->job.max_out = FLEET_OUT_SLACK;
	r->job.on_file = r->c.mode == FLEET_COLLECT ? fleet_collect_on_file :
	    fleet_run_on_file;
	r->job.arg = r;
	r->sess = xcalloc(r->nsel + 1, sizeof *r->sess);
	r->logs = xcalloc(r->nsel + 1, sizeof *r->logs);
	r->files = xcalloc(r->nsel + 1, sizeof *r->files);
	r->views = xcalloc(r->nsel + 1, sizeof *r->views);
	r->got = xcalloc(r->nsel + 1, sizeof *r->got);
	r->ngot = xcalloc(r->nsel + 1, sizeof *r->ngot);
	r->cut = xcalloc(r->nsel + 1, sizeof *r->cut);
	for (size_t i = 0; i < r->nsel; i++) {
		if (r->c.mode != FLEET_CHECK)
			r->logs[i] = fleet_out_open(r->dir, r->hosts[i]->name,
			    ".log");
		fleet_sess_init(&r->sess[i], r->hosts[i], &r->ssh, &r->job,
		    r->logs[i]);
		r->views[i].state = FLEET_VIEW_WAITING;
	}
}

/* Everything r holds, its master connections ended first. */
static void
fleet_run_free(struct fleet_run *r)
{
	if (r->hosts != NULL && r->ctl[0] != '\0')
		fleet_loop_end_masters(&r->ssh, r->hosts, r->nsel);
	for (size_t i = 0; r->sess != NULL && i < r->nsel; i++) {
		fleet_sess_free(&r->sess[i]);
		if (r->logs[i] != NULL)
			fclose(r->logs[i]);
	}
	free(r->sess);
	free(r->logs);
	free(r->files);
	free(r->views);
	free(r->got);
	free(r->ngot);
	free(r->cut);
	free(r->rows);
	free(r->hosts);
	free(r->sel);
	free(r->bin);
	free(r->exec);
	free(r->plan);
	fleet_inv_free(&r->inv);
	free(r);
}

/*
 * Begin a fleet as c says: nothing runs on any host until the first
 * fleet_run_step().  The run, or NULL with err (no host touched).
 */
struct fleet_run *
fleet_run_begin(const struct fleet_conf *c, struct sm_error *err)
{
	struct fleet_run	*r = xcalloc(1, sizeof *r);
	struct fleet_event	 ev;

	r->c = *c;
	fleet_inv_init(&r->inv);
	r->ssh.config = c->ssh_config;
	r->ssh.accept_new = c->accept_new;
	r->ssh.connect_timeout = c->connect_timeout > 0 ? c->connect_timeout :
	    10;
	if (r->c.parallel == 0 || r->c.parallel > FLEET_MAX_PARALLEL)
		r->c.parallel = FLEET_MAX_PARALLEL;
	if (fleet_run_setup(r, err) != 0) {
		fleet_run_free(r);
		return NULL;
	}
	fleet_run_sessions(r);
	/* An ssh that dies while fed must not kill its front end. */
	signal(SIGPIPE, SIG_IGN);
	memset(&ev, 0, sizeof ev);
	ev.kind = FLEET_EV_BEGIN;
	ev.parallel = r->c.parallel < r->nsel ? r->c.parallel : r->nsel;
	fleet_run_emit(r, &ev);
	fleet_run_write(r);
	return r;
}

/* ---- Polled and stepped ---- */

/*
 * The running hosts' pipes into pfd (room for max), the longest wait
 * before the next step into *timeout_ms; how many.
 */
size_t
fleet_run_fds(const struct fleet_run *r, struct pollfd *pfd, size_t max,
    int *timeout_ms)
{
	size_t	n = 0;

	*timeout_ms = FLEET_RUN_TICK_MS;
	for (size_t i = 0; !r->done && i < r->nsel && n + 3 <= max; i++)
		n += fleet_sess_fds(&r->sess[i], pfd + n);
	return n;
}

/*
 * Move every host on without blocking; stop 1 (a first Ctrl-C, the
 * console's c) stops every host keeping what finished, 2 ends them at
 * once.  1 when every host is done.
 */
int
fleet_run_step(struct fleet_run *r, int stop)
{
	if (r->done)
		return 1;
	for (size_t i = 0; stop > 1 && i < r->nsel; i++)
		fleet_sess_abandon(&r->sess[i]);
	r->done = fleet_loop_pass(r->sess, r->nsel, r->c.parallel, stop > 0,
	    &r->stopped);
	r->interrupted |= r->stopped;
	fleet_run_tick(r);
	return r->done;
}

/* ---- End ---- */

/*
 * The exit status: 130 when stopped, 6 when a host is not ok (collect:
 * a host it could not ask, whose run may still be there), 3 when
 * fleet.csv is stale (the runs are in their files, not where fleet.csv
 * says), else 0.
 */
static int
fleet_run_status(const struct fleet_run *r)
{
	if (r->interrupted)
		return SM_EXIT_INTERRUPTED;
	if (r->c.mode == FLEET_COLLECT && r->unasked > 0)
		return SM_EXIT_FLEET_PARTIAL;
	for (size_t i = 0; i < r->nsel; i++)
		if (r->c.mode != FLEET_COLLECT && r->sess[i].status !=
		    FLEET_ST_OK)
			return SM_EXIT_FLEET_PARTIAL;
	return r->stale[0] != '\0' ? SM_EXIT_SAVED_ELSEWHERE : 0;
}

/*
 * End the fleet: a host still going is stopped (bounded, as Ctrl-C stops
 * it), fleet.csv written (collect: updated, the fetched directories
 * removed), the end told with fleet.csv's rows (and, when fleet.csv is
 * stale, the line that says so), the master connections ended and
 * everything freed.  The exit status.
 */
int
fleet_run_end(struct fleet_run *r)
{
	struct fleet_row	*rows;
	struct fleet_event	 ev;
	struct pollfd		*pfd;
	char			 stale[1024];
	int			 rc, ms;

	pfd = xcalloc(3 * r->nsel + 1, sizeof *pfd);
	while (!fleet_run_step(r, 1))
		poll(pfd, fleet_run_fds(r, pfd, 3 * r->nsel, &ms), ms);
	free(pfd);
	fleet_run_write(r);
	if (r->c.mode == FLEET_COLLECT)
		fleet_collect_finish(r);
	rc = fleet_run_status(r);
	rows = xcalloc(r->nsel + 1, sizeof *rows);
	fleet_run_rows(r, rows);
	memset(&ev, 0, sizeof ev);
	ev.kind = FLEET_EV_END;
	ev.rows = rows;
	ev.status = rc;
	if (r->stale[0] != '\0') {
		fleet_run_stale(r, stale, sizeof stale);
		ev.text = stale;
	}
	fleet_run_emit(r, &ev);
	free(rows);
	fleet_run_free(r);
	return rc;
}
