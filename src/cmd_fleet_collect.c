/*
 * sysmark fleet collect: runs left on hosts (an agent that lost its
 * connection saves its finished samples in its directory under
 * ~/.cache/sysmark) are fetched, checked by the ordinary loader, saved
 * in results/fleet-DATE/HOST-N.csv, and only then is each fetched
 * directory removed on its host, so a failed save loses nothing.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd_fleet.h"

#define CMD_FLEET_COLLECT_MAX	64	/* directories per host */

struct cmd_fleet_collect {
	struct cmd_fleet	 f;
	const char		*base;
	char			 dir[PATH_MAX];
	char			 id[64];
	char			(*got)[CMD_FLEET_COLLECT_MAX][512];
	size_t			*ngot;
	size_t			 saved;
};

/* One run from a host: loaded, saved, its remote directory noted. */
static void
cmd_fleet_collect_on_file(struct fleet_sess *s, void *arg)
{
	struct cmd_fleet_collect	*c = arg;
	size_t				 i = (size_t)(s - c->f.sess);
	struct sm_error			 err;
	struct run			 run;
	char				 path[PATH_MAX + 300];

	run_init(&run);
	if (csvstore_load_buf(&run, s->file, s->file_len, s->cdir, &err) != 0)
		fprintf(stderr, "sysmark: %s: %s\n", s->h->name, err.msg);
	else {
		if (run_meta_get(&run, "fleet_host") == NULL)
			run_meta_set(&run, "fleet_host", s->h->name);
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

/* sysmark fleet collect -i INVENTORY [PATTERN] [-o DIR] */
int
cmd_fleet_collect(int argc, char **argv, const char *argv0)
{
	struct cmd_fleet_collect	c;
	struct sm_error			err;
	int				ch, rc = 0;

	memset(&c, 0, sizeof c);
	cmd_fleet_init(&c.f);
	c.f.job.collect = 1;
	cmd_fleet_long_opts(argc, argv);
	while (rc == 0 && (ch = getopt(argc, argv, ":i:H:F:Af:w:o:")) != -1)
		rc = ch == 'o' ? (c.base = optarg, 0) : ch == ':' ?
		    cmd_usage_error("option -%c needs a value", optopt) :
		    cmd_fleet_opt(&c.f, ch == '?' ? optopt : ch, optarg);
	if (rc == 0 && optind < argc)
		c.f.pattern = argv[optind++];
	if (rc == 0)
		rc = cmd_fleet_hosts(&c.f);
	if (rc == 0 && paths_self_exe(argv0, c.f.self, sizeof c.f.self) != 0)
		rc = cmd_usage_error("cannot find sysmark's own path");
	if (rc == 0 && fleet_out_dir(c.f.self, c.base, c.dir, sizeof c.dir,
	    c.id, sizeof c.id, &err) != 0)
		rc = cmd_input_error(&err);
	if (rc == 0) {
		c.got = xcalloc(c.f.nsel, sizeof *c.got);
		c.ngot = xcalloc(c.f.nsel, sizeof *c.ngot);
		c.f.job.on_file = cmd_fleet_collect_on_file;
		c.f.job.arg = &c;
		rc = cmd_fleet_drive(&c.f, argv0, c.dir, NULL, NULL);
	}
	if (rc == 0) {
		cmd_fleet_collect_clean(&c);
		fprintf(stderr, "%zu run(s) collected into %s\n", c.saved,
		    c.dir);
	}
	cmd_fleet_free(&c.f);
	free(c.got);
	free(c.ngot);
	return rc;
}
