/*
 * Write a whole text file (a report, a chart) the way runs are saved: a
 * temporary file beside the target, then link() (never replacing what is
 * there) or, when asked, rename(), so a reader never sees half a file and
 * nothing is written through a link planted at the target's name.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

static int
outfile_fill(int fd, const char *data, size_t len, const char *shown,
    struct sm_error *err)
{
	ssize_t	n;

	while (len > 0) {
		if ((n = write(fd, data, len)) < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			sm_error_set(err, "%s: cannot write: %s", shown,
			    n < 0 ? strerror(errno) : "no progress");
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	if (fsync(fd) != 0) {
		sm_error_set(err, "%s: cannot write: %s", shown,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* A temporary file in path's directory into tmp, open; fd or -1. */
static int
outfile_temp(const char *path, char *tmp, size_t len, const char *shown,
    struct sm_error *err)
{
	const char	*slash = strrchr(path, '/');
	mode_t		 mask;
	int		 fd;

	if (snprintf(tmp, len, "%.*s.sysmark-out.XXXXXX", slash == NULL ? 0 :
	    (int)(slash - path) + 1, path) >= (int)len) {
		sm_error_set(err, "%s: path too long", shown);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		sm_error_set(err, "%s: cannot write: %s", shown,
		    strerror(errno));
		return -1;
	}
	/* mkstemp makes 0600; the file gets what the umask allows. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return fd;
}

/* data as the file path; replace says whether one there may go. 0/-1. */
int
outfile_write(const char *path, const char *data, size_t len, int replace,
    struct sm_error *err)
{
	char		 tmp[4096], sp[INFILE_PATH_SHOWN + 8];
	const char	*shown = infile_short(path, sp, sizeof sp);
	struct stat	 sb;
	int		 fd, rc;

	if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: %s; not overwritten", shown,
		    infile_kind(sb.st_mode));
		return -1;
	}
	if ((fd = outfile_temp(path, tmp, sizeof tmp, shown, err)) < 0)
		return -1;
	if (outfile_fill(fd, data, len, shown, err) != 0) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	close(fd);
	rc = replace ? rename(tmp, path) : link(tmp, path);
	if (rc != 0) {
		if (errno == EEXIST)
			sm_error_set(err, "%s: already exists; not overwritten "
			    "(-F replaces it)", shown);
		else
			sm_error_set(err, "%s: cannot write: %s", shown,
			    strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (!replace)
		unlink(tmp);
	return 0;
}
