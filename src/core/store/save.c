/*
 * Saving a finished run so that it is never lost.  Before the run, every
 * fact about the target that can be checked is checked (save_check), so a
 * run is not spent on a name that cannot be written.  After it, the run
 * goes to its target; if that still fails (the disk filled up, the
 * directory went read-only), it goes to a fallback file in a temporary
 * directory, and as a last resort the caller prints it.
 *
 * Default names are claimed with O_EXCL (paths_claim), so two runs ending
 * in the same second, or a link planted at the name, never make a run
 * fail or follow the link: the second run takes -2.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

/* The directory part of path ("." when none). */
void
save_dir_of(const char *path, char *dir, size_t len)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* Whether files can be made in dir: it exists and a probe file can be. */
static int
save_check_dir(const char *dir, struct sm_error *err)
{
	char		 probe[PATH_MAX], sp[INFILE_PATH_SHOWN + 4];
	const char	*shown = infile_short(dir, sp, sizeof sp);
	struct stat	 sb;
	int		 fd;

	if (stat(dir, &sb) != 0) {
		sm_error_set(err, "directory %s: %s", shown, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(sb.st_mode)) {
		sm_error_set(err, "%s: not a directory", shown);
		return -1;
	}
	/* access() says yes to root on a read-only file system: try. */
	if (snprintf(probe, sizeof probe, "%s/.sysmark-probe.XXXXXX", dir) >=
	    (int)sizeof probe) {
		sm_error_set(err, "directory %s: path too long", shown);
		return -1;
	}
	if ((fd = mkstemp(probe)) < 0) {
		sm_error_set(err, "cannot write in %s: %s", shown,
		    strerror(errno));
		return -1;
	}
	close(fd);
	unlink(probe);
	return 0;
}

/* The longest file name dir's file system takes. */
static long
save_name_max(const char *dir)
{
	long	n = pathconf(dir, _PC_NAME_MAX);

	return n > 0 ? n : 255;
}

/*
 * Check before the run that out (or, when NULL, the results directory) can
 * take the run; 0 or -1 with err saying why not.
 */
int
save_check(const char *self, const char *out, int force,
    struct sm_error *err)
{
	char		 dir[PATH_MAX], sp[INFILE_PATH_SHOWN + 4];
	const char	*base, *shown;
	struct stat	 sb;

	if (out == NULL)
		return paths_results_dir(self, dir, sizeof dir, err) != 0 ?
		    -1 : save_check_dir(dir, err);
	shown = infile_short(out, sp, sizeof sp);
	base = strrchr(out, '/') != NULL ? strrchr(out, '/') + 1 : out;
	if (*base == '\0') {
		sm_error_set(err, "\"%s\": no file name", shown);
		return -1;
	}
	if (strlen(out) >= PATH_MAX) {
		sm_error_set(err, "%s: a path of %zu bytes; at most %d", shown,
		    strlen(out), PATH_MAX - 1);
		return -1;
	}
	save_dir_of(out, dir, sizeof dir);
	if ((long)strlen(base) > save_name_max(dir)) {
		sm_error_set(err, "%s: a file name of %zu bytes; this file "
		    "system takes at most %ld", shown, strlen(base),
		    save_name_max(dir));
		return -1;
	}
	if (lstat(out, &sb) == 0) {
		if (!S_ISREG(sb.st_mode)) {
			sm_error_set(err, "%s: %s; not written to", shown,
			    infile_kind(sb.st_mode));
			return -1;
		}
		if (!force) {
			sm_error_set(err, "%s: the file exists (-F replaces "
			    "it)", shown);
			return -1;
		}
	}
	return save_check_dir(dir, err);
}

/* The stem of a file name for run: HOST-YYYYMMDD-HHMMSS. */
static void
save_stem(const struct run *run, const char *prefix, char *buf, size_t len)
{
	const char	*host = run_meta_get(run, "hostname");
	char		 stamp[32];
	time_t		 now = time(NULL);

	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	snprintf(buf, len, "%s%s-%s", prefix, host != NULL && *host != '\0' &&
	    strchr(host, '/') == NULL ? host : "unknown", stamp);
}

/* Save run under a name claimed in dir; 0 or -1. */
static int
save_claimed(const struct run *run, const char *dir, const char *stem,
    char *path, size_t len, struct sm_error *err)
{
	struct stat	sb;

	if (paths_claim(dir, stem, path, len, err) != 0)
		return -1;
	if (csvstore_save(run, path, 1, err) == 0)
		return 0;
	/* Give the name back, if what is there is still our empty claim. */
	if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0)
		unlink(path);
	return -1;
}

/*
 * Claim a new default name for run in the results directory, as a
 * finished run would get, for a run saved as it goes (journal.c); 0 with
 * the path, or -1.
 */
int
save_claim_default(const struct run *run, const char *self, char *path,
    size_t len, struct sm_error *err)
{
	char	dir[PATH_MAX], stem[128];

	if (paths_results_dir(self, dir, sizeof dir, err) != 0)
		return -1;
	save_stem(run, "", stem, sizeof stem);
	return paths_claim(dir, stem, path, len, err);
}

/*
 * Save run in a fallback file, sysmark-unsaved-HOST-DATE.csv in the first
 * of $TMPDIR, /tmp, /var/tmp, ., $HOME that takes it; 0 with its path, or
 * -1.  Also for a run that never had a file (-o - when stdout failed).
 */
int
save_fallback(const struct run *run, char *path, size_t len)
{
	const char	*dirs[] = { getenv("TMPDIR"), "/tmp", "/var/tmp", ".",
			    getenv("HOME") };
	struct sm_error	 err;
	char		 stem[128];

	save_stem(run, "sysmark-unsaved-", stem, sizeof stem);
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (dirs[i] != NULL && *dirs[i] != '\0' &&
		    save_claimed(run, dirs[i], stem, path, len, &err) == 0)
			return 0;
	return -1;
}

/*
 * Save a finished run to out (NULL: a new default name).  SAVE_OK with
 * path set; SAVE_FALLBACK with err saying why the target failed and path
 * naming where the run is instead; SAVE_NONE when no file could be
 * written (the caller then prints the run, e.g. with csvstore_print).
 */
enum save_outcome
save_run(const struct run *run, const char *self, const char *out,
    int force, char *path, size_t len, struct sm_error *err)
{
	char	dir[PATH_MAX], stem[128];
	int	rc;

	if (out != NULL) {
		snprintf(path, len, "%s", out);
		rc = csvstore_save(run, out, force, err);
	} else if ((rc = paths_results_dir(self, dir, sizeof dir, err)) ==
	    0) {
		save_stem(run, "", stem, sizeof stem);
		rc = save_claimed(run, dir, stem, path, len, err);
	}
	if (rc == 0)
		return SAVE_OK;
	if (csvstore_check(run, NULL) != 0)
		return SAVE_NONE;	/* no file would take it either */
	return save_fallback(run, path, len) == 0 ? SAVE_FALLBACK :
	    SAVE_NONE;
}
