/*
 * The run's private directory: TMPDIR/sysmark.XXXXXX, where every sample's
 * copies keep their files (and, through TMPDIR, what they run keeps its
 * own), removed when the run ends.  TMPDIR is made absolute first, since
 * the copies and what they exec may change directory.
 *
 * A sysmark killed with SIGKILL cannot remove its directory, so each one
 * names its owner in an "owner" file (the pid), and the next sysmark to
 * start removes those whose owner is gone.  A directory without that file,
 * or whose owner still runs, is never touched.  The fleet's directory of
 * ssh control sockets (/tmp, short for a socket's path) is made the same
 * way, so a fleet controller killed with SIGKILL leaves none for good.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

#define PRIVDIR_PREFIX	"sysmark."
#define PRIVDIR_OWNER	"owner"

/* $TMPDIR (or /tmp) as an absolute path; 0 or -1. */
static int
privdir_base(char *buf, size_t len, struct sm_error *err)
{
	const char	*base = getenv("TMPDIR");
	char		 cwd[PATH_MAX];

	if (base == NULL || *base == '\0')
		base = "/tmp";
	if (*base == '/')
		return snprintf(buf, len, "%s", base) < (int)len ? 0 : -1;
	if (getcwd(cwd, sizeof cwd) == NULL ||
	    snprintf(buf, len, "%s/%s", cwd, base) >= (int)len) {
		sm_error_set(err, "TMPDIR %s: cannot make it absolute", base);
		return -1;
	}
	return 0;
}

/* The pid an owner file names, or 0. */
static pid_t
privdir_owner(const char *dir)
{
	char	path[PATH_MAX];
	long	pid = 0;
	FILE	*f;

	if (snprintf(path, sizeof path, "%s/%s", dir, PRIVDIR_OWNER) >=
	    (int)sizeof path || (f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1 || pid <= 0 || pid > INT_MAX)
		pid = 0;
	fclose(f);
	return (pid_t)pid;
}

/* Remove base's private directories, ours by uid, whose owner is gone. */
static size_t
privdir_sweep(const char *base)
{
	char		 dir[PATH_MAX];
	struct dirent	*e;
	struct stat	 sb;
	size_t		 n = 0;
	pid_t		 pid;
	DIR		*d;

	if ((d = opendir(base)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, PRIVDIR_PREFIX,
		    strlen(PRIVDIR_PREFIX)) != 0 ||
		    snprintf(dir, sizeof dir, "%s/%s", base, e->d_name) >=
		    (int)sizeof dir || lstat(dir, &sb) != 0 ||
		    !S_ISDIR(sb.st_mode) || sb.st_uid != geteuid())
			continue;
		if ((pid = privdir_owner(dir)) == 0 || pid == getpid() ||
		    kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		if (sm_rmtree(dir) == 0)
			n++;
	}
	closedir(d);
	return n;
}

/*
 * Make the run's private directory in buf, after removing those of dead
 * sysmarks; 0 or -1.
 */
int
privdir_make(char *buf, size_t len, struct sm_error *err)
{
	char	 base[PATH_MAX];

	if (privdir_base(base, sizeof base, err) != 0)
		return -1;
	return privdir_make_in(base, buf, len, err);
}

/*
 * A private directory (0700, its owner named) under base, after removing
 * those of dead sysmarks there, in buf; 0 or -1.
 */
int
privdir_make_in(const char *base, char *buf, size_t len,
    struct sm_error *err)
{
	char	 owner[PATH_MAX + 8];
	FILE	*f;

	privdir_sweep(base);
	if (snprintf(buf, len, "%s/%sXXXXXX", base, PRIVDIR_PREFIX) >=
	    (int)len) {
		sm_error_set(err, "TMPDIR %s: path too long", base);
		return -1;
	}
	if (mkdtemp(buf) == NULL) {
		sm_error_set(err, "%s: cannot make a private directory: %s",
		    base, strerror(errno));
		return -1;
	}
	snprintf(owner, sizeof owner, "%s/%s", buf, PRIVDIR_OWNER);
	if ((f = fopen(owner, "w")) == NULL ||
	    fprintf(f, "%ld\n", (long)getpid()) < 0 || fclose(f) != 0) {
		sm_error_set(err, "%s: %s", owner, strerror(errno));
		sm_rmtree(buf);
		return -1;
	}
	return 0;
}
