/*
 * Where sysmark finds itself and keeps its files.  Run from its source
 * tree (the binary beside src/core/core.h), it saves runs under results/
 * there; installed, under $XDG_DATA_HOME/sysmark/results.  SYSMARK_RESULTS
 * overrides both, which is also how the tests keep their runs private.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* realpath() */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model.h"

/* mkdir -p, for the handful of levels a results directory has. */
static int
paths_mkdirs(const char *path, struct sm_error *err)
{
	char	buf[PATH_MAX];

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		sm_error_set(err, "%s: path too long", path);
		return -1;
	}
	for (char *p = buf + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char	c = *p;

		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
			sm_error_set(err, "%s: %s", buf, strerror(errno));
			return -1;
		}
		if ((*p = c) == '\0')
			break;
	}
	return 0;
}

/* The absolute path of the running binary; 0 or -1. */
int
paths_self_exe(const char *argv0, char *buf, size_t len)
{
	char	tmp[PATH_MAX];

#ifdef __linux__
	ssize_t	n = readlink("/proc/self/exe", tmp, sizeof tmp - 1);

	if (n > 0) {
		tmp[n] = '\0';
		return snprintf(buf, len, "%s", tmp) < (int)len ? 0 : -1;
	}
#endif
	if (argv0 == NULL || strchr(argv0, '/') == NULL ||
	    realpath(argv0, tmp) == NULL)
		return -1;
	return snprintf(buf, len, "%s", tmp) < (int)len ? 0 : -1;
}

/* 1 if the binary sits at the top of a sysmark source tree, named in top. */
static int
paths_tree_top(const char *self, char *top, size_t len)
{
	char		 marker[PATH_MAX];
	const char	*slash = strrchr(self, '/');
	struct stat	 sb;

	if (slash == NULL || (size_t)(slash - self) >= len)
		return 0;
	snprintf(top, len, "%.*s", (int)(slash - self), self);
	if (snprintf(marker, sizeof marker, "%s/src/core/core.h", top) >=
	    (int)sizeof marker)
		return 0;
	return stat(marker, &sb) == 0;
}

#ifndef SYSMARK_DATADIR
#define SYSMARK_DATADIR	"/usr/local/share/sysmark"
#endif

/*
 * A directory of shipped data (baselines, mixes): $env, the source
 * tree's sub/ when run from there, or the installed data directory's.
 */
void
paths_data_dir(const char *self, const char *env, const char *sub,
    char *buf, size_t len)
{
	const char	*v = getenv(env);
	char		 top[PATH_MAX];

	if (v != NULL && *v != '\0')
		snprintf(buf, len, "%s", v);
	else if (self != NULL && paths_tree_top(self, top, sizeof top)) {
		if (snprintf(buf, len, "%s/%s", top, sub) >= (int)len)
			buf[0] = '\0';	/* no such directory: lists nothing */
	} else
		snprintf(buf, len, "%s/%s", SYSMARK_DATADIR, sub);
}

/* The directory saved runs go to, created if missing; 0 or -1. */
int
paths_results_dir(const char *self, char *buf, size_t len,
    struct sm_error *err)
{
	const char	*env, *home;
	char		 top[PATH_MAX];

	if ((env = getenv("SYSMARK_RESULTS")) != NULL && *env != '\0')
		snprintf(buf, len, "%s", env);
	else if (self != NULL && paths_tree_top(self, top, sizeof top))
		snprintf(buf, len, "%s/results", top);
	else if ((env = getenv("XDG_DATA_HOME")) != NULL && *env == '/')
		snprintf(buf, len, "%s/sysmark/results", env);
	else if ((home = getenv("HOME")) != NULL && *home != '\0')
		snprintf(buf, len, "%s/.local/share/sysmark/results", home);
	else {
		sm_error_set(err, "no place for results: set SYSMARK_RESULTS "
		    "or HOME");
		return -1;
	}
	return paths_mkdirs(buf, err);
}

/*
 * results/HOST-YYYYMMDD-HHMMSS.csv for a run ending now, with -2, -3...
 * appended when runs end within the same second; 0 or -1.
 */
int
paths_default_run(const char *self, const struct run *run, char *buf,
    size_t len, struct sm_error *err)
{
	char		 dir[PATH_MAX], stamp[32], seq[16] = "";
	const char	*host = run_meta_get(run, "hostname");
	time_t		 now = time(NULL);
	struct stat	 sb;

	if (paths_results_dir(self, dir, sizeof dir, err) != 0)
		return -1;
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	for (int n = 2; n < 1000; n++) {
		if (snprintf(buf, len, "%s/%s-%s%s.csv", dir,
		    host != NULL ? host : "unknown", stamp, seq) >= (int)len) {
			sm_error_set(err, "%s: path too long", dir);
			return -1;
		}
		if (stat(buf, &sb) != 0)
			return 0;
		snprintf(seq, sizeof seq, "-%d", n);
	}
	sm_error_set(err, "%s: too many runs named %s-%s", dir,
	    host != NULL ? host : "unknown", stamp);
	return -1;
}

/*
 * Claim dir/STEM.csv, or STEM-2.csv, STEM-3.csv... for a new run: the
 * file is created empty with O_EXCL, so two runs never get one name and
 * a link planted at the name is never followed.  0 with the path in buf,
 * or -1.
 */
int
paths_claim(const char *dir, const char *stem, char *buf, size_t len,
    struct sm_error *err)
{
	char	seq[16] = "", sp[INFILE_PATH_SHOWN + 4];
	int	fd;

	for (int n = 2; n <= 1000; n++) {
		if (snprintf(buf, len, "%s/%s%s.csv", dir, stem, seq) >=
		    (int)len) {
			sm_error_set(err, "%s: path too long",
			    infile_short(dir, sp, sizeof sp));
			return -1;
		}
		fd = open(buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
		if (errno != EEXIST) {
			sm_error_set(err, "%s: %s", infile_short(buf, sp,
			    sizeof sp), strerror(errno));
			return -1;
		}
		snprintf(seq, sizeof seq, "-%d", n);
	}
	sm_error_set(err, "%s: too many runs named %s", infile_short(dir, sp,
	    sizeof sp), stem);
	return -1;
}

static int
paths_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The NAME of every NAME.csv in dir, sorted; returns the count and sets
 * *names (free each and the array).  A missing directory is an empty list.
 */
size_t
paths_list_csv(const char *dir, char ***names)
{
	DIR		*d;
	struct dirent	*e;
	char		**v = NULL;
	size_t		 n = 0, len;

	*names = NULL;
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len <= 4 || e->d_name[0] == '.' ||
		    strcmp(e->d_name + len - 4, ".csv") != 0)
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n] = xstrdup(e->d_name);
		v[n++][len - 4] = '\0';
	}
	closedir(d);
	if (n > 0)
		qsort(v, n, sizeof *v, paths_name_cmp);
	*names = v;
	return n;
}

/* A run's label: its file name without directory or .csv; allocated. */
char *
paths_label(const char *path)
{
	const char	*base = strrchr(path, '/');
	char		*label = xstrdup(base != NULL ? base + 1 : path);
	size_t		 len = strlen(label);

	if (len > 4 && strcmp(label + len - 4, ".csv") == 0)
		label[len - 4] = '\0';
	return label;
}
