/*
 * Named reference runs: baselines/NAME.csv, each one famous machine of the
 * past (or a suite's index machine) in the same CSV format as a saved run,
 * naming its source.  This file finds them and resolves what a user types
 * (a file path or a baseline name) into a loaded run.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"

/*
 * The baselines directory: $SYSMARK_BASELINES, the source tree's
 * baselines/ when run from there, or the installed data directory.
 */
static void
baseline_dir(const char *self, char *buf, size_t len)
{
	paths_data_dir(self, "SYSMARK_BASELINES", "baselines", buf, len);
}

/*
 * The names of all baselines, sorted; returns the count and sets *names
 * (free each and the array).  A missing directory is an empty list.
 */
size_t
baseline_list(const char *self, char ***names)
{
	char	dir[PATH_MAX];

	baseline_dir(self, dir, sizeof dir);
	return paths_list_csv(dir, names);
}

/*
 * Load what arg names: an existing file, else a baseline of that name.
 * 0 or -1 with a message that says which was tried.
 */
int
baseline_resolve(const char *self, const char *arg, struct run *run,
    struct sm_error *err)
{
	char		dir[PATH_MAX], path[PATH_MAX];
	struct stat	sb;

	if (stat(arg, &sb) == 0 || strchr(arg, '/') != NULL)
		return csvstore_load(run, arg, err);
	baseline_dir(self, dir, sizeof dir);
	if (snprintf(path, sizeof path, "%s/%s.csv", dir, arg) >=
	    (int)sizeof path) {
		sm_error_set(err, "%s: name too long", arg);
		return -1;
	}
	if (stat(path, &sb) != 0) {
		sm_error_set(err, "%s: no such file, and no baseline of that "
		    "name in %s", arg, dir);
		return -1;
	}
	return csvstore_load(run, path, err);
}
