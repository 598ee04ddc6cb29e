/*
 * One fleet's agent measuring a host at a time: `sysmark agent` holds
 * this lock from its plan to its exit, so that two fleets that reach the
 * same host at once do not both measure it and both call their halved
 * figures whole (doc/fleet.md refuses one machine twice in an inventory
 * for the same reason); the second is refused, saying why.  The lock is
 * flock() on DIR/sysmark-agent.lock, DIR the temporary directory ($TMPDIR,
 * else /tmp), so it is host-wide for every account that shares /tmp.
 * The file is made 0644 so that another account can open it to lock
 * (flock needs no write access), opened without following a link and
 * without blocking on a planted FIFO, and must be a regular file.  The
 * kernel drops the lock when its holder exits, however it exits.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

#define HOSTLOCK_NAME	"sysmark-agent.lock"

/* Open path's lock file, made if it is not there; the fd or -1. */
static int
hostlock_open(const char *path)
{
	int	fd;

	for (int tries = 0; tries < 3; tries++) {
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0 || errno != ENOENT)
			return fd;
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0644);
		if (fd >= 0) {
			fchmod(fd, 0644);	/* whatever the umask */
			return fd;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/*
 * Take the host's lock (dir: the temporary directory, NULL for $TMPDIR or
 * /tmp) into *fd: 0; 1 when another holds it (err says so); -1 when it
 * cannot be had at all (err says why: the caller may go on without).
 */
int
hostlock_take(const char *dir, int *fd, struct sm_error *err)
{
	char		path[PATH_MAX];
	struct stat	sb;
	int		busy;

	*fd = -1;
	if (dir == NULL && ((dir = getenv("TMPDIR")) == NULL || *dir == '\0'))
		dir = "/tmp";
	if (snprintf(path, sizeof path, "%s/%s", dir, HOSTLOCK_NAME) >=
	    (int)sizeof path) {
		sm_error_set(err, "%s: path too long", dir);
		return -1;
	}
	if ((*fd = hostlock_open(path)) < 0) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(*fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: not a regular file", path);
		hostlock_release(fd);
		return -1;
	}
	if (flock(*fd, LOCK_EX | LOCK_NB) == 0)
		return 0;
	busy = errno == EWOULDBLOCK;
	if (busy)
		sm_error_set(err, "another sysmark agent is measuring this "
		    "host now (it holds %s): two runs at once would each slow "
		    "the other, and both look whole; run again when it ends",
		    path);
	else
		sm_error_set(err, "%s: %s", path, strerror(errno));
	hostlock_release(fd);
	return busy ? 1 : -1;
}

/* Let the host's lock go (nothing when *fd holds none). */
void
hostlock_release(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}
