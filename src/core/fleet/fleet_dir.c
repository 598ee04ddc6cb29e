/*
 * A fleet's directory read by the one rule fleet show, fleet run's end,
 * report DIR and the console's Hosts screen share: fleet.csv
 * (fleet_out_check(): a host whose run file is gone or does not load is
 * lost, one whose run was cut short interrupted), or the rows a fleet
 * just ended with; then, when asked, the runs that load (a host named as
 * ref first, or a baseline ref before them all) and each host's own
 * noise profile (fleet calibrate's), for the hosts side by side.
 */
/* SPDX-License-Identifier: MIT */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet.h"

/* Add to d's note, a line at a time. */
static void
fleet_dir_say(struct fleet_dir *d, const char *what)
{
	size_t	len = strlen(d->note);

	snprintf(d->note + len, sizeof d->note - len, "%s%s", len ? "\n" : "",
	    what);
}

/* The rows: dir's fleet.csv checked, or a copy of the given; 0 or -1. */
static int
fleet_dir_rows(struct fleet_dir *d, const char *dir,
    const struct fleet_row *rows, size_t n, struct sm_error *err)
{
	char	note[300];

	if (rows != NULL) {
		d->rows = xcalloc(n + 1, sizeof *d->rows);
		memcpy(d->rows, rows, n * sizeof *rows);
		d->n = n;
		for (size_t i = 0; i < n; i++)
			d->bad += strcmp(rows[i].f[2], "ok") != 0;
		return 0;
	}
	if ((d->bad = fleet_out_check(dir, &d->rows, &d->n, note, sizeof note,
	    err)) < 0)
		return -1;
	if (note[0] != '\0')
		fleet_dir_say(d, note);
	return 0;
}

/* Load the runs of the hosts that have one, ref's (if a host) first. */
static void
fleet_dir_runs(struct fleet_dir *d, const char *dir, const char *ref)
{
	struct sm_error	err;
	char		path[PATH_MAX + 700];

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n; i++) {
			struct fleet_row *r = &d->rows[i];
			int is_ref = ref != NULL && strcmp(r->f[0], ref) == 0;

			if (r->f[10][0] == '\0' || is_ref != (pass == 0))
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, r->f[10]);
			run_init(&d->runs[d->nruns]);
			if (csvstore_load(&d->runs[d->nruns], path, &err) !=
			    0) {
				fleet_dir_say(d, err.msg);
				run_free(&d->runs[d->nruns]);
				continue;
			}
			d->names[d->nruns++] = r->f[0];
		}
}

/* Each loaded host's own noise profile, from the first'th run on. */
static void
fleet_dir_profiles(struct fleet_dir *d, size_t first, const char *self)
{
	struct sm_error	 err;
	char		 path[PATH_MAX], say[PATH_MAX + 64];
	const char	*kind;

	d->profiles = xcalloc(d->nruns + 1, sizeof *d->profiles);
	for (size_t i = first; i < d->nruns; i++) {
		run_init(&d->profiles[i - first]);
		if (fleet_out_profile(self, d->names[i], 0, path, sizeof path,
		    &err) != 0 || access(path, F_OK) != 0)
			continue;
		if (csvstore_load(&d->profiles[i - first], path, &err) != 0 ||
		    (kind = run_meta_get(&d->profiles[i - first], "kind")) ==
		    NULL || strcmp(kind, NOISE_KIND) != 0) {
			snprintf(say, sizeof say, "%s: not a noise profile, "
			    "ignored", path);
			fleet_dir_say(d, say);
			continue;
		}
		d->nprofiles++;
	}
}

/*
 * Read the fleet in dir into d (rows: the rows a fleet just ended with,
 * else its fleet.csv); with FLEET_DIR_RUNS its runs, a baseline ref
 * first; with FLEET_DIR_PROFILES the hosts' profiles (none when a
 * baseline is first).  0, or -1 with err (d empty).
 */
int
fleet_dir_load(struct fleet_dir *d, const char *dir,
    const struct fleet_row *rows, size_t n, unsigned flags, const char *ref,
    const char *self, struct sm_error *err)
{
	size_t	first = 0;
	int	host_ref = 0;

	memset(d, 0, sizeof *d);
	if (fleet_dir_rows(d, dir, rows, n, err) != 0) {
		fleet_dir_free(d);
		return -1;
	}
	if (!(flags & FLEET_DIR_RUNS))
		return 0;
	d->runs = xcalloc(d->n + 2, sizeof *d->runs);
	d->names = xcalloc(d->n + 2, sizeof *d->names);
	for (size_t i = 0; ref != NULL && i < d->n; i++)
		host_ref |= strcmp(d->rows[i].f[0], ref) == 0;
	if (ref != NULL && !host_ref) {
		run_init(&d->runs[0]);
		if (baseline_resolve(self, ref, &d->runs[0], err) != 0) {
			fleet_dir_free(d);
			return -1;
		}
		d->names[0] = ref;
		d->nruns = first = 1;
	}
	fleet_dir_runs(d, dir, host_ref ? ref : NULL);
	if ((flags & FLEET_DIR_PROFILES) && first == 0)
		fleet_dir_profiles(d, first, self);
	return 0;
}

/* Free what d holds. */
void
fleet_dir_free(struct fleet_dir *d)
{
	for (size_t i = 0; i < d->nruns; i++)
		run_free(&d->runs[i]);
	for (size_t i = 0; d->profiles != NULL && i < d->nruns; i++)
		run_free(&d->profiles[i]);
	free(d->runs);
	free(d->names);
	free(d->profiles);
	free(d->rows);
	memset(d, 0, sizeof *d);
}
