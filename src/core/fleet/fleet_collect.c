/*
 * fleet collect's part of a fleet run: runs left on hosts (an agent that
 * lost its connection saves its finished samples in its directory under
 * ~/.cache/sysmark) are fetched, checked by the ordinary loader and
 * saved, and only then is each fetched directory removed on its host, so
 * a failed save loses nothing.  Given a fleet's DIR, the hosts of that
 * fleet without a run are asked (reached as fleet.csv's target says, or
 * as -i's inventory says), their runs saved in DIR as HOST.csv and
 * fleet.csv updated: a host whose run came whole is ok now, one whose
 * run was cut short (interrupted, some samples) is not.  Given an
 * inventory, every host is asked and the runs go to a new
 * results/fleet-DATE/HOST-N.csv.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet_run_int.h"

/*
 * DIR, when the operand is a fleet's directory: its fleet.csv read into
 * r->rows; 1, 0 when it names no directory (a pattern), -1 with err (a
 * directory without fleet.csv is no fleet's, and no host's name).
 */
int
fleet_collect_is_dir(struct fleet_run *r, struct sm_error *err)
{
	const char	*arg = r->c.pattern, *slash;
	char		 path[PATH_MAX];
	struct stat	 sb;

	if (arg == NULL)
		return 0;
	snprintf(path, sizeof path, "%s/fleet.csv", arg);
	if (access(path, F_OK) != 0 && stat(arg, &sb) == 0 &&
	    S_ISDIR(sb.st_mode)) {
		sm_error_set(err, "%s: a directory without fleet.csv: no "
		    "fleet's (fleet collect DIR takes a fleet's directory, "
		    "-i INVENTORY [PATTERN] asks the hosts)", arg);
		return -1;
	}
	if (access(path, F_OK) != 0)
		return 0;
	if (fleet_out_read(arg, &r->rows, &r->nrows, err) < 0)
		return -1;
	snprintf(r->dir, sizeof r->dir, "%s", arg);
	/* Its id, as fleet_out_dir() named it. */
	for (slash = arg + strlen(arg); slash > arg && slash[-1] == '/';)
		slash--;
	snprintf(r->id, sizeof r->id, "%.*s", (int)(slash - arg), arg);
	slash = strrchr(r->id, '/');
	if (slash != NULL)
		memmove(r->id, slash + 1, strlen(slash));
	return 1;
}

/*
 * DIR mode: the hosts of the fleet that gave no run, as an inventory of
 * their own (name, address, port and user from fleet.csv's target; no
 * port there, none here: ssh's config places the host), or
 * picked by name (*pat) from -i's; 0, 1 when there is none, -1 with err.
 */
int
fleet_collect_hosts(struct fleet_run *r, char **pat, struct sm_error *err)
{
	char	*buf = NULL, user[256], addr[256];
	size_t	 len = 0, plen = 0;
	FILE	*f = open_memstream(&buf, &len);
	FILE	*p = open_memstream(pat, &plen);
	int	 port, rc = 0, n = 0;

	if (f == NULL || p == NULL)
		sm_fatal("open_memstream failed");
	for (size_t i = 0; rc == 0 && i < r->nrows; i++) {
		if (r->rows[i].f[10][0] != '\0')
			continue;
		if (fleet_valid_target(r->rows[i].f[1], user, sizeof user,
		    addr, sizeof addr, &port) != 0) {
			sm_error_set(err, "%s/fleet.csv: %.100s: \"%.60s\" is "
			    "not a target ([USER@]HOST[:PORT], [ADDR][:PORT])",
			    r->dir, r->rows[i].f[0], r->rows[i].f[1]);
			rc = -1;
			break;
		}
		fprintf(f, "%s ansible_host=%s", r->rows[i].f[0], addr);
		if (port > 0)
			fprintf(f, " ansible_port=%d", port);
		fprintf(f, "%s%s\n", user[0] ? " ansible_user=" : "", user);
		fprintf(p, "%s%s", n++ ? "," : "", r->rows[i].f[0]);
	}
	fclose(f);
	fclose(p);
	if (rc == 0 && n == 0) {
		fleet_run_note(r, "%s: every host gave a run: nothing to "
		    "collect", r->dir);
		rc = 1;
	} else if (rc == 0 && r->c.inv_path == NULL) {
		free(*pat);
		*pat = NULL;
		fleet_inv_free(&r->inv);
		fleet_inv_init(&r->inv);
		rc = fleet_inv_parse(&r->inv, buf, len, "fleet.csv", err);
	} else if (rc == 0) {
		fleet_inv_free(&r->inv);
		rc = fleet_inv_load(&r->inv, r->c.inv_path, err);
	}
	free(buf);
	return rc;
}

/* Where s's run goes: DIR/HOST.csv first, else DIR/HOST-N.csv. */
static void
fleet_collect_path(const struct fleet_run *r, size_t i, char *path,
    size_t len)
{
	const struct fleet_sess	*s = &r->sess[i];

	if (r->rows != NULL && r->ngot[i] == 0)
		snprintf(path, len, "%s/%s.csv", r->dir, s->h->name);
	else
		snprintf(path, len, "%s/%s-%zu.csv", r->dir, s->h->name,
		    r->ngot[i] + 1);
}

/* One run from a host: loaded, saved, its remote directory noted. */
void
fleet_collect_on_file(struct fleet_sess *s, void *arg)
{
	struct fleet_run	*r = arg;
	size_t			 i = (size_t)(s - r->sess);
	struct sm_error		 err;
	struct run		 run;
	char			 path[PATH_MAX + 300], id[512];

	/* Another fleet's run, by its directory's name: left where it is. */
	if (fleet_valid_dir_id(s->cdir, id, sizeof id) == 0 && r->rows !=
	    NULL && strcmp(id, r->id) != 0) {
		fleet_run_note(r, "%s: %s is fleet %s's run: left there",
		    s->h->name, s->cdir, id);
		return;
	}
	run_init(&run);
	if (csvstore_load_buf(&run, s->file, s->file_len, s->cdir, &err) !=
	    0) {
		fleet_run_note(r, "sysmark: %s: %s", s->h->name, err.msg);
		run_free(&run);
		return;
	}
	if (run_meta_get(&run, "fleet_host") == NULL)
		run_meta_set(&run, "fleet_host", s->h->name);
	if (r->rows != NULL)
		run_meta_set(&run, "fleet_id", r->id);
	else if (fleet_valid_dir_id(s->cdir, id, sizeof id) == 0)
		run_meta_set(&run, "fleet_id", id);
	fleet_collect_path(r, i, path, sizeof path);
	if (csvstore_save(&run, path, 0, &err) != 0)
		fleet_run_note(r, "sysmark: %s", err.msg);
	else if (r->ngot[i] < FLEET_COLLECT_MAX &&
	    fleet_valid_remote_dir(s->cdir)) {
		fleet_run_note(r, "%s: %s -> %s", s->h->name, s->cdir, path);
		if (r->ngot[i] == 0 && r->rows != NULL)
			fleet_out_whole(&run, r->cut[i], sizeof r->cut[i]);
		snprintf(r->got[i][r->ngot[i]++], 512, "%s", s->cdir);
		r->saved++;
	}
	run_free(&run);
}

/*
 * DIR mode: fleet.csv's rows of the hosts whose run was collected: ok
 * when the run came whole, else as the run says (interrupted, with how
 * many samples it holds), the row's old status kept in its reason.
 */
static void
fleet_collect_update(struct fleet_run *r)
{
	struct sm_error	err;
	char		was[256];

	for (size_t i = 0; i < r->nsel; i++) {
		for (size_t k = 0; r->ngot[i] > 0 && k < r->nrows; k++) {
			struct fleet_row *row = &r->rows[k];

			if (strcmp(row->f[0], r->sess[i].h->name) != 0)
				continue;
			snprintf(row->f[10], sizeof row->f[10], "%.200s.csv",
			    row->f[0]);
			snprintf(was, sizeof was, "%.30s: %.200s", row->f[2],
			    row->f[11]);
			/* A part of a run is no whole run: not ok. */
			snprintf(row->f[2], sizeof row->f[2], "%s",
			    r->cut[i][0] == '\0' ? "ok" : "interrupted");
			snprintf(row->f[11], sizeof row->f[11], "collected "
			    "later%s%.100s; was %.120s", r->cut[i][0] ?
			    ": " : "", r->cut[i], was);
		}
	}
	if (fleet_out_write(r->dir, r->rows, r->nrows, &err) != 0)
		fleet_run_note(r, "sysmark: %s", err.msg);
}

/* Remove the fetched directories, one round per directory of a host. */
static void
fleet_collect_clean(struct fleet_run *r)
{
	for (size_t k = 0; k < FLEET_COLLECT_MAX; k++) {
		size_t	n = 0;

		for (size_t i = 0; i < r->nsel; i++) {
			fleet_sess_free(&r->sess[i]);
			fleet_sess_init(&r->sess[i], r->sess[i].h, &r->ssh,
			    &r->job, NULL);
			if (k >= r->ngot[i])
				continue;
			snprintf(r->sess[i].dir, sizeof r->sess[i].dir, "%s",
			    r->got[i][k]);
			fleet_sess_start_at(&r->sess[i], FLEET_STEP_CLEAN);
			n++;
		}
		if (n == 0)
			break;
		fleet_loop_run(r->sess, r->nsel, r->nsel, NULL, NULL, NULL);
	}
}

/*
 * The end of fleet collect: fleet.csv updated (DIR), the hosts where an
 * agent still writes its run said and left alone, the hosts it could not
 * ask named with why, the fetched directories removed, the count said.
 */
void
fleet_collect_finish(struct fleet_run *r)
{
	if (r->rows != NULL && r->nsel > 0)
		fleet_collect_update(r);
	for (size_t i = 0; i < r->nsel; i++)
		if (r->sess[i].busy > 0)
			fleet_run_note(r, "%s: %d run(s) still being measured "
			    "there (the agent runs): left for a later fleet "
			    "collect", r->sess[i].h->name, r->sess[i].busy);
	/* A host not reached may still hold a run: never a silent 0. */
	for (size_t i = 0; i < r->nsel; i++)
		if (r->sess[i].status != FLEET_ST_OK) {
			fleet_run_note(r, "%s: not asked: %s",
			    r->sess[i].h->name, r->sess[i].reason[0] ?
			    r->sess[i].reason :
			    fleet_status_name(r->sess[i].status));
			r->unasked++;
		}
	fleet_collect_clean(r);
	fleet_run_note(r, "%zu run(s) collected into %s", r->saved, r->dir);
}
