/*
 * Opening a file sysmark is asked to read: a run, a baseline or another
 * suite's report.  Whatever the name points at, the answer comes at once
 * and says what is wrong: a FIFO is opened without blocking and refused,
 * as is a directory, a device (/dev/zero would never end) or a socket,
 * and a file larger than the reader's bound is refused before a byte of it
 * is read.  The loaders themselves then take the FILE * or a buffer, so
 * the fuzz targets (tests/fuzz/) reach them without touching the disk.
 *
 * Also here: the UTF-8 byte order mark some editors put first, which every
 * reader skips, and the shortening of long paths in messages, so that the
 * reason after the path always survives the message buffer.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

/* What a non-regular file is, for "PATH: is a directory". */
const char *
infile_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "is a directory";
	if (S_ISFIFO(mode))
		return "is a FIFO";
	if (S_ISCHR(mode))
		return "is a character device";
	if (S_ISBLK(mode))
		return "is a block device";
	if (S_ISSOCK(mode))
		return "is a socket";
	if (S_ISLNK(mode))
		return "is a symbolic link";
	return "is not a regular file";
}

/*
 * The tail of a long path, "...tail", so that the message it starts keeps
 * room for the reason; short paths are returned as they are.
 */
const char *
infile_short(const char *path, char *buf, size_t len)
{
	size_t	n = strlen(path);

	if (n < INFILE_PATH_SHOWN || len < INFILE_PATH_SHOWN + 4)
		return path;
	snprintf(buf, len, "...%s", path + n - (INFILE_PATH_SHOWN - 4));
	return buf;
}

/*
 * Open path for reading if it is a regular file of at most max bytes;
 * NULL with err set ("PATH: is a FIFO", "PATH: 3 GB, larger than ...").
 */
FILE *
infile_open(const char *path, off_t max, struct sm_error *err)
{
	char		 sp[INFILE_PATH_SHOWN + 4];
	const char	*shown = infile_short(path, sp, sizeof sp);
	struct stat	 sb;
	FILE		*f;
	int		 fd;

	/* O_NONBLOCK: opening a FIFO with no writer must not wait for one. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0) {
		sm_error_set(err, "%s: %s", shown, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &sb) != 0) {
		sm_error_set(err, "%s: %s", shown, strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: %s, not a file", shown,
		    infile_kind(sb.st_mode));
		close(fd);
		return NULL;
	}
	if (sb.st_size > max) {
		sm_error_set(err, "%s: %lld bytes, more than the %lld this "
		    "reader accepts", shown, (long long)sb.st_size,
		    (long long)max);
		close(fd);
		return NULL;
	}
	if (fcntl(fd, F_SETFL, 0) != 0 || (f = fdopen(fd, "r")) == NULL) {
		sm_error_set(err, "%s: %s", shown, strerror(errno));
		close(fd);
		return NULL;
	}
	return f;
}

/* The length of a UTF-8 byte order mark at the start of buf: 3 or 0. */
size_t
infile_bom(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}
