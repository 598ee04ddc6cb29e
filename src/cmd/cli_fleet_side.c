/*
 * The hosts of a fleet side by side: every host that gave a run in
 * compare's own table, one column per host with its ratio to the first
 * host or to -b, each judged with the host's own noise profile when all
 * have one.  fleet show prints it, and fleet run as it ends.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "cli_fleet.h"

/* Load the fleet's run files, ref's (if a host) first; how many. */
static size_t
cli_fleet_side_load(const char *dir, const struct fleet_row *rows, size_t n,
    const char *ref, struct run *runs, const char **names)
{
	struct sm_error	err;
	char		path[PATH_MAX];
	size_t		k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			int is_ref = ref != NULL &&
			    strcmp(rows[i].f[0], ref) == 0;

			if (rows[i].f[10][0] == '\0' || is_ref != (pass == 0))
				continue;
			snprintf(path, sizeof path, "%s/%s", dir,
			    rows[i].f[10]);
			run_init(&runs[k]);
			if (csvstore_load(&runs[k], path, &err) != 0) {
				fprintf(stderr, "sysmark: %s\n", err.msg);
				run_free(&runs[k]);
				continue;
			}
			names[k++] = rows[i].f[0];
		}
	return k;
}

/*
 * Each host's own noise profile (fleet calibrate's), into profiles[],
 * for the first nhost names; how many were found.
 */
static size_t
cli_fleet_side_profiles(const char *const *names, size_t nhost,
    const char *self, struct run *profiles)
{
	struct sm_error	 err;
	char		 path[PATH_MAX];
	const char	*kind;
	size_t		 found = 0;

	for (size_t i = 0; i < nhost; i++) {
		run_init(&profiles[i]);
		if (fleet_out_profile(self, names[i], 0, path, sizeof path,
		    &err) != 0 || access(path, F_OK) != 0)
			continue;
		if (csvstore_load(&profiles[i], path, &err) != 0 ||
		    (kind = run_meta_get(&profiles[i], "kind")) == NULL ||
		    strcmp(kind, NOISE_KIND) != 0) {
			fprintf(stderr, "sysmark: %s: not a noise profile, "
			    "ignored\n", path);
			continue;
		}
		found++;
	}
	return found;
}

/*
 * The side-by-side table, its first nhost runs judged with each host's
 * own noise profile when every one of them has one.
 */
static struct table *
cli_fleet_side_table(const struct run **rp, const char **names, size_t k,
    size_t nhost, const char *self, struct compare_opts *o)
{
	struct run		*prof = xcalloc(k, sizeof *prof);
	const struct run	**pp = xcalloc(k, sizeof *pp);
	struct table		*t;
	size_t			 found;

	found = cli_fleet_side_profiles(names, nhost, self, prof);
	for (size_t i = 0; i < k; i++)
		pp[i] = &prof[i];
	if (found == k)
		o->profiles = pp;
	t = compare_side_by_side_opts(rp, names, k, o);
	if (found == k)
		table_add_note(t, "Each host is judged with its own noise "
		    "profile (sysmark fleet calibrate).");
	else if (found > 0)
		table_add_note(t, "Only %zu of %zu hosts have a noise profile "
		    "(sysmark fleet calibrate): none is used.", found, k);
	for (size_t i = 0; i < nhost; i++)
		run_free(&prof[i]);
	free(prof);
	free(pp);
	return t;
}

/* -f json: each host's run, and the side-by-side table (or null). */
static void
cli_fleet_side_json(struct json_t *doc, const struct run **rp,
    const char **names, size_t k, struct table *t)
{
	struct json_t	*runs = json_out_array();

	for (size_t i = 0; i < k; i++)
		json_out_append(runs, json_run_object(rp[i], names[i]));
	json_out_set(doc, "runs", runs);
	if (t == NULL) {
		json_out_null(doc, "side_by_side");
		return;
	}
	json_out_set(doc, "side_by_side", json_out_table(t));
	table_free(t);
}

/*
 * The hosts side by side, ratios to the first (ref: that host, or a
 * baseline/run put first), printed in fmt, or with doc (-f json) added
 * to it; 0 or the exit status.
 */
int
cli_fleet_side(const char *dir, const struct fleet_row *rows, size_t n,
    const char *ref, const char *self, enum table_format fmt,
    struct json_t *doc)
{
	struct table		*t = NULL;
	struct run		*runs = xcalloc(n + 1, sizeof *runs);
	const char		**names = xcalloc(n + 1, sizeof *names);
	const struct run	**rp = xcalloc(n + 1, sizeof *rp);
	struct compare_opts	 o;
	size_t			 k, first = 0;
	int			 rc = 0, host_ref = 0;

	for (size_t i = 0; ref != NULL && i < n; i++)
		host_ref |= strcmp(rows[i].f[0], ref) == 0;
	if (ref != NULL && !host_ref) {
		if ((rc = cmd_load_baseline(ref, self, &runs[0])) != 0)
			goto out;
		names[0] = ref;
		first = 1;
	}
	k = first + cli_fleet_side_load(dir, rows, n, host_ref ? ref : NULL,
	    runs + first, names + first);
	for (size_t i = 0; i < k; i++)
		rp[i] = &runs[i];
	compare_opts_default(&o);
	o.wide = fmt != TABLE_TEXT;
	if (k >= 2)
		t = cli_fleet_side_table(rp, names, k, first ? 0 : k, self,
		    &o);
	else
		fprintf(stderr, "fewer than two runs: nothing side by side\n");
	if (doc != NULL)
		cli_fleet_side_json(doc, rp, names, k, t);
	else if (t != NULL) {
		putchar('\n');
		rc = cmd_render(t, fmt);
	}
	for (size_t i = 0; i < k; i++)
		run_free(&runs[i]);
out:
	if (rc != 0 && first)
		run_free(&runs[0]);
	free(runs);
	free(names);
	free(rp);
	return rc;
}
