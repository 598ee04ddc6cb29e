/*
 * sysmark fleet collect: runs left on hosts (an agent that lost its
 * connection saves its finished samples in its directory under
 * ~/.cache/sysmark) are fetched, checked by the ordinary loader and
 * saved, and only then is each fetched directory removed on its host, so
 * a failed save loses nothing.  Given a fleet's DIR, the hosts of that
 * fleet without a run are asked (reached as fleet.csv's target says, or
 * as -i's inventory says), their runs saved in DIR as HOST.csv and
 * fleet.csv updated; given -i INVENTORY [PATTERN], every host is asked
 * and the runs go to a new results/fleet-DATE/HOST-N.csv.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

#define CMD_FLEET_COLLECT_MAX	64	/* directories per host */

struct cmd_fleet_collect {
	struct cli_fleet	 f;
	const char		*base;
	char			 dir[PATH_MAX];
	char			 id[64];
	char			(*got)[CMD_FLEET_COLLECT_MAX][512];
	size_t			*ngot;
	size_t			 saved;
	struct fleet_row	*rows;		/* DIR mode: its fleet.csv */
	size_t			 nrows;
};

/* One run from a host: loaded, saved, its remote directory noted. */
static void
cmd_fleet_collect_on_file(struct fleet_sess *s, void *arg)
{
	struct cmd_fleet_collect	*c = arg;
	size_t				 i = (size_t)(s - c->f.sess);
	struct sm_error			 err;
	struct run			 run;
	char				 path[PATH_MAX + 300], id[512];

	/* Another fleet's run, by its directory's name: left where it is. */
	if (fleet_valid_dir_id(s->cdir, id, sizeof id) == 0 && c->rows != NULL &&
	    strcmp(id, c->id) != 0) {
		fprintf(stderr, "%s: %s is fleet %s's run: left there\n",
		    s->h->name, s->cdir, id);
		return;
	}
	run_init(&run);
	if (csvstore_load_buf(&run, s->file, s->file_len, s->cdir, &err) != 0)
		fprintf(stderr, "sysmark: %s: %s\n", s->h->name, err.msg);
	else {
		if (run_meta_get(&run, "fleet_host") == NULL)
			run_meta_set(&run, "fleet_host", s->h->name);
		if (c->rows != NULL)
			run_meta_set(&run, "fleet_id", c->id);
		else if (fleet_valid_dir_id(s->cdir, id, sizeof id) == 0)
			run_meta_set(&run, "fleet_id", id);
		if (c->rows != NULL && c->ngot[i] == 0)
			snprintf(path, sizeof path, "%s/%s.csv", c->dir,
			    s->h->name);
		else
			snprintf(path, sizeof path, "%s/%s-%zu.csv", c->dir,
			    s->h->name, c->ngot[i] + 1);
		if (csvstore_save(&run, path, 0, &err) != 0)
			fprintf(stderr, "sysmark: %s\n", err.msg);
		else if (c->ngot[i] < CMD_FLEET_COLLECT_MAX &&
		    fleet_valid_remote_dir(s->cdir)) {
			fprintf(stderr, "%s: %s -> %s\n", s->h->name, s->cdir,
			    path);
			snprintf(c->got[i][c->ngot[i]++], 512, "%s", s->cdir);
			c->saved++;
		}
	}
	run_free(&run);
}

/*
 * DIR mode: the hosts of the fleet in dir that gave no run, as an
 * inventory of their own (name, address, port and user from fleet.csv's
 * target), or picked by name from -i's; 0 or the exit status.
 */
static int
cmd_fleet_collect_dir(struct cmd_fleet_collect *c, const char *dir)
{
	struct sm_error	 err;
	char		*buf = NULL, *pat = NULL, user[256], addr[256];
	size_t		 len = 0, plen = 0;
	FILE		*f = open_memstream(&buf, &len);
	FILE		*p = open_memstream(&pat, &plen);
	const char	*slash = strrchr(dir, '/');
	int		 port, rc = 0, n = 0;

	if (f == NULL || p == NULL)
		sm_fatal("open_memstream failed");
	snprintf(c->dir, sizeof c->dir, "%s", dir);
	snprintf(c->id, sizeof c->id, "%s", slash ? slash + 1 : dir);
	for (size_t i = 0; rc == 0 && i < c->nrows; i++) {
		if (c->rows[i].f[10][0] != '\0')
			continue;
		if (fleet_valid_target(c->rows[i].f[1], user, sizeof user,
		    addr, sizeof addr, &port) != 0) {
			rc = cmd_usage_error("%s/fleet.csv: %s: \"%s\" is not "
			    "a target ([USER@]HOST:PORT, [ADDR]:PORT)", dir,
			    c->rows[i].f[0], c->rows[i].f[1]);
			break;
		}
		fprintf(f, "%s ansible_host=%s ansible_port=%d%s%s\n",
		    c->rows[i].f[0], addr, port, user[0] ?
		    " ansible_user=" : "", user);
		fprintf(p, "%s%s", n++ ? "," : "", c->rows[i].f[0]);
	}
	fclose(f);
	fclose(p);
	if (rc == 0 && n == 0)
		fprintf(stderr, "%s: every host gave a run: nothing to "
		    "collect\n", dir);
	else if (rc == 0 && c->f.inv_path == NULL) {
		fleet_inv_free(&c->f.inv);
		fleet_inv_init(&c->f.inv);
		if (fleet_inv_parse(&c->f.inv, buf, len, "fleet.csv", &err) !=
		    0 || fleet_pattern_select(&c->f.inv, NULL, &c->f.sel,
		    &c->f.nsel, &err) != 0)
			rc = cmd_input_error(&err);
	} else if (rc == 0) {
		c->f.pattern = pat;
		rc = cli_fleet_hosts(&c->f);
		c->f.pattern = NULL;
	}
	free(buf);
	free(pat);
	return rc;
}

/* DIR mode: fleet.csv's rows of the hosts whose run was collected. */
static void
cmd_fleet_collect_update(struct cmd_fleet_collect *c)
{
	struct sm_error	err;
	char		was[256];

	for (size_t i = 0; i < c->f.nsel; i++) {
		if (c->ngot[i] == 0)
			continue;
		for (size_t r = 0; r < c->nrows; r++) {
			if (strcmp(c->rows[r].f[0], c->f.sess[i].h->name) != 0)
				continue;
			snprintf(c->rows[r].f[10], sizeof c->rows[r].f[10],
			    "%.200s.csv", c->rows[r].f[0]);
			snprintf(was, sizeof was, "%.30s: %.200s", c->rows[r].f[2],
			    c->rows[r].f[11]);
			/* Its run is here now, whole: the host is ok. */
			snprintf(c->rows[r].f[2], sizeof c->rows[r].f[2],
			    "ok");
			snprintf(c->rows[r].f[11], sizeof c->rows[r].f[11],
			    "collected later; was %.200s", was);
		}
	}
	if (fleet_out_write(c->dir, c->rows, c->nrows, &err) != 0)
		fprintf(stderr, "sysmark: %s\n", err.msg);
}

/* Remove the fetched directories, one round per directory of a host. */
static void
cmd_fleet_collect_clean(struct cmd_fleet_collect *c)
{
	for (size_t k = 0; k < CMD_FLEET_COLLECT_MAX; k++) {
		size_t	n = 0;

		for (size_t i = 0; i < c->f.nsel; i++) {
			fleet_sess_free(&c->f.sess[i]);
			fleet_sess_init(&c->f.sess[i], c->f.sess[i].h,
			    &c->f.ssh, &c->f.job, NULL);
			if (k >= c->ngot[i])
				continue;
			snprintf(c->f.sess[i].dir, sizeof c->f.sess[i].dir,
			    "%s", c->got[i][k]);
			fleet_sess_start_at(&c->f.sess[i], FLEET_STEP_CLEAN);
			n++;
		}
		if (n == 0)
			break;
		fleet_loop_run(c->f.sess, c->f.nsel, c->f.nsel, NULL, NULL,
		    NULL);
	}
}

/* The hosts where an agent still writes its run: said, left alone. */
static void
cmd_fleet_collect_busy(const struct cmd_fleet_collect *c)
{
	for (size_t i = 0; i < c->f.nsel; i++)
		if (c->f.sess[i].busy > 0)
			fprintf(stderr, "%s: %d run(s) still being measured "
			    "there (the agent runs): left for a later fleet "
			    "collect\n", c->f.sess[i].h->name,
			    c->f.sess[i].busy);
}

/* DIR, when the operand is a fleet's directory: its fleet.csv read. */
static int
cmd_fleet_collect_is_dir(struct cmd_fleet_collect *c, const char *arg)
{
	struct sm_error	err;
	char		path[PATH_MAX];

	snprintf(path, sizeof path, "%s/fleet.csv", arg);
	if (access(path, F_OK) != 0)
		return 0;
	if (fleet_out_read(arg, &c->rows, &c->nrows, &err) != 0) {
		cmd_input_error(&err);
		return -1;
	}
	return 1;
}

/* sysmark fleet collect -i INVENTORY [PATTERN] [-o DIR] | [-i INV] DIR */
int
cmd_fleet_collect(int argc, char **argv, const char *argv0)
{
	struct cmd_fleet_collect	c;
	struct cmd_args			ops = { 0 };
	struct sm_error			err;
	int				ch, rc = 0, mode = 0;

	memset(&c, 0, sizeof c);
	cli_fleet_init(&c.f);
	c.f.job.collect = 1;
	while (rc == 0 && (ch = cmd_getopt(argc, argv, "i:H:F:Af:w:o:",
	    cli_fleet_long, &ops)) != -1)
		rc = ch == '?' ? SM_EXIT_INPUT : ch == 'o' ?
		    (c.base = optarg, 0) : cli_fleet_opt(&c.f, ch, optarg);
	if (rc == 0 && ops.n > 1)
		rc = cmd_usage_error("fleet collect: unexpected \"%s\"",
		    ops.v[1]);
	if (rc == 0 && ops.n > 0 &&
	    (mode = cmd_fleet_collect_is_dir(&c, ops.v[0])) < 0)
		rc = SM_EXIT_INPUT;
	if (rc == 0 && ops.n > 0)
		c.f.pattern = ops.v[0];
	if (rc == 0 && mode)
		rc = cmd_fleet_collect_dir(&c, c.f.pattern);
	else if (rc == 0)
		rc = cli_fleet_hosts(&c.f);
	if (rc == 0 && paths_self_exe(argv0, c.f.self, sizeof c.f.self) != 0)
		rc = cmd_usage_error("cannot find sysmark's own path");
	if (rc == 0 && !mode && fleet_out_dir(c.f.self, c.base, c.dir,
	    sizeof c.dir, c.id, sizeof c.id, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0) {
		c.got = xcalloc(c.f.nsel, sizeof *c.got);
		c.ngot = xcalloc(c.f.nsel, sizeof *c.ngot);
		c.f.job.on_file = cmd_fleet_collect_on_file;
		c.f.job.arg = &c;
		rc = cli_fleet_drive(&c.f, argv0, c.dir, NULL, NULL);
	}
	if (rc == 0 && mode)
		cmd_fleet_collect_update(&c);
	if (rc == 0) {
		cmd_fleet_collect_busy(&c);
		cmd_fleet_collect_clean(&c);
		fprintf(stderr, "%zu run(s) collected into %s\n", c.saved,
		    c.dir);
	}
	cli_fleet_free(&c.f);
	cmd_args_free(&ops);
	free(c.got);
	free(c.ngot);
	free(c.rows);
	return rc;
}
