/*
 * What a fleet copies to a host that has no sysmark of this version: this
 * binary and its exec helper (beside it), read whole once and sent to
 * every host through ssh's stdin, and this host's OS and architecture,
 * which the host's must match for the copy to run there.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>
#include <sys/utsname.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"

#define FLEET_BIN_MAX	(256L << 20)	/* bytes */

/* Read the whole file path into *buf; 0 or -1. */
static int
fleet_bin_slurp(const char *path, char **buf, size_t *len,
    struct sm_error *err)
{
	struct stat	 st;
	FILE		*fp;

	*buf = NULL;
	if ((fp = fopen(path, "rb")) == NULL || fstat(fileno(fp), &st) != 0 ||
	    !S_ISREG(st.st_mode) || st.st_size > FLEET_BIN_MAX) {
		sm_error_set(err, "%s: %s", path, fp == NULL ? strerror(errno) :
		    "not a binary sysmark can copy");
		if (fp != NULL)
			fclose(fp);
		return -1;
	}
	*buf = xmalloc((size_t)st.st_size + 1);
	*len = fread(*buf, 1, (size_t)st.st_size, fp);
	fclose(fp);
	if (*len != (size_t)st.st_size) {
		sm_error_set(err, "%s: short read", path);
		return -1;
	}
	return 0;
}

/* This host's uname into job->os and job->arch. */
void
fleet_bin_uname(struct fleet_job *job)
{
	struct utsname	u;

	if (uname(&u) != 0)
		return;
	snprintf(job->os, sizeof job->os, "%.31s", u.sysname);
	snprintf(job->arch, sizeof job->arch, "%.31s", u.machine);
}

/*
 * The binaries into job (self is this sysmark's absolute path), their
 * buffers in *bin and *exec for the caller to free; 0 or -1 with why.
 */
int
fleet_bin_load(struct fleet_job *job, const char *self, char **bin,
    char **exec, struct sm_error *err)
{
	char	path[PATH_MAX + 16], *slash;

	*exec = NULL;
	snprintf(path, sizeof path, "%s", self);
	if ((slash = strrchr(path, '/')) != NULL)
		strcpy(slash + 1, "sysmark-exec");
	if (fleet_bin_slurp(self, bin, &job->bin_len, err) != 0 ||
	    fleet_bin_slurp(path, exec, &job->exec_len, err) != 0)
		return -1;
	job->bin = *bin;
	job->exec = *exec;
	fleet_bin_uname(job);
	return 0;
}
