/*
 * A run saved as it goes, so that Ctrl-C, a crash, a SIGKILL or a reboot
 * leaves a file that run --resume can continue (resume.c).  After a
 * sample the whole run is written to a temporary file beside the target,
 * fsynced and renamed onto it: whoever reads the file, a resume after a
 * power cut included, finds the last whole version or the one before,
 * never half of one.  The temporary file is made by mkstemp (0600: a run
 * in progress is nobody else's, and no planted link is followed), and
 * rename() replaces a name, never what a link at it points to.
 *
 * The file is rewritten at most once a second (JOURNAL_INTERVAL_NS), so
 * that a run of thousands of short samples does not spend its time, or
 * disturb its own figures, rewriting itself; a crash loses at most that
 * second's samples.  While the run goes on the file says status
 * "running" and journal_pid; the final save (save.c) gives it its last
 * status and the mode every saved run gets.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

/* The least time between two writes of the file. */
#define JOURNAL_INTERVAL_NS	1000000000ull

/* Write run to a new private file in dir, synced; 0 or -1. */
static int
journal_tmp(const struct run *run, const char *dir, char *tmp, size_t len,
    struct sm_error *err)
{
	FILE	*f;
	int	 fd;

	if (snprintf(tmp, len, "%s/.sysmark-journal.XXXXXX", dir) >=
	    (int)len) {
		sm_error_set(err, "%s: path too long", dir);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		sm_error_set(err, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		sm_error_set(err, "%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (csvstore_print(run, f) != 0 || fsync(fileno(f)) != 0) {
		sm_error_set(err, "%s: %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		return -1;
	}
	if (fclose(f) != 0) {
		sm_error_set(err, "%s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Replace path with run, atomically; 0 or -1 with err. */
static int
journal_put(const char *path, const struct run *run, struct sm_error *err)
{
	char		dir[PATH_MAX], tmp[PATH_MAX];
	struct stat	sb;
	int		fd;

	if (csvstore_check(run, err) != 0)
		return -1;
	if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: %s; not replaced", path,
		    infile_kind(sb.st_mode));
		return -1;
	}
	save_dir_of(path, dir, sizeof dir);
	if (journal_tmp(run, dir, tmp, sizeof tmp, err) != 0)
		return -1;
	if (rename(tmp, path) != 0) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if ((fd = open(dir, O_RDONLY)) >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

/*
 * Claim the name out for a new run (-o without -F): made empty now with
 * O_EXCL, so of two runs started together with one -o the second is
 * refused before it measures, never replacing the first.
 */
static int
journal_claim(struct journal *j, struct sm_error *err)
{
	int	fd = open(j->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);

	if (fd < 0) {
		sm_error_set(err, "%s: %s", j->path, errno == EEXIST ?
		    "exists (another run has just claimed it?); -F replaces "
		    "it" : strerror(errno));
		return -1;
	}
	close(fd);
	j->claimed = 1;
	return 0;
}

/* The pid a lock file names, or 0. */
static long
journal_lock_pid(const char *lock)
{
	char	buf[32];
	ssize_t	n;
	long	pid = 0;
	int	fd = open(lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	if (sm_parse_int(buf, 2, (long)INT32_MAX, &pid) != 0)
		return 0;
	return pid;
}

/*
 * Hold path.lock while the run goes on: two sysmarks never write one
 * run file (two runs with one -o -F, two resumes of one file).  A lock
 * whose process is gone (SIGKILL, a crash) is taken over.  0, or -1.
 */
static int
journal_lock(struct journal *j, struct sm_error *err)
{
	char	pid[32];
	long	owner;
	int	fd;

	snprintf(j->lock, sizeof j->lock, "%s.lock", j->path);
	for (int tries = 0; tries < 2; tries++) {
		fd = open(j->lock, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
		if (fd >= 0) {
			snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
			if (write(fd, pid, strlen(pid)) < 0)
				pid[0] = '\0';	/* an empty lock still holds */
			close(fd);
			return 0;
		}
		if (errno != EEXIST)
			break;
		owner = journal_lock_pid(j->lock);
		if (owner > 0 && (kill((pid_t)owner, 0) == 0 ||
		    errno == EPERM)) {
			sm_error_set(err, "%s: in use by another sysmark (pid "
			    "%ld, %s): one run file takes one run at a time",
			    j->path, owner, j->lock);
			j->lock[0] = '\0';
			return -1;
		}
		unlink(j->lock);
	}
	sm_error_set(err, "%s: %s", j->lock, strerror(errno));
	j->lock[0] = '\0';
	return -1;
}

/*
 * Begin saving run as it goes: to out when given (-o, or the file run
 * --resume continues; claimed now unless force), else to a new default
 * name claimed now in the results directory; the file is locked until
 * journal_release().  0, or -1 with err.
 */
int
journal_begin(struct journal *j, const char *self, const char *out,
    int force, const struct run *run, struct sm_error *err)
{
	memset(j, 0, sizeof *j);
	if (out == NULL) {
		if (save_claim_default(run, self, j->path, sizeof j->path,
		    err) != 0)
			return -1;
		j->claimed = 1;
	} else if (strlen(out) >= sizeof j->path) {
		sm_error_set(err, "%s: path too long", out);
		return -1;
	} else {
		snprintf(j->path, sizeof j->path, "%s", out);
		if (!force && journal_claim(j, err) != 0)
			return -1;
	}
	if (journal_lock(j, err) == 0)
		return 0;
	journal_abandon(j);
	return -1;
}

/* The run is over (saved, or given up): let another sysmark at it. */
void
journal_release(struct journal *j)
{
	if (j->lock[0] != '\0')
		unlink(j->lock);
	j->lock[0] = '\0';
}

/*
 * Write the run unless it was written within the last second (force:
 * whatever the time).  0, or -1 with j->err the first time a write
 * fails; later failures are quiet, since the final save tries again.
 */
int
journal_write(struct journal *j, struct run *run, int force)
{
	char		buf[64];
	uint64_t	now = sm_now_ns();
	time_t		t = time(NULL);

	if (!force && j->written && now - j->last < JOURNAL_INTERVAL_NS)
		return 0;
	j->last = now;
	run_meta_set(run, "status", "running");
	snprintf(buf, sizeof buf, "%ld", (long)getpid());
	run_meta_set(run, "journal_pid", buf);
	rundate_format(t, buf, sizeof buf);
	run_meta_set(run, "journal_date", buf);
	if (journal_put(j->path, run, &j->err) == 0) {
		j->written = 1;
		return 0;
	}
	if (j->failed++)
		return 0;
	return -1;
}

/* A run that ended with nothing measured: give back its claimed name. */
void
journal_abandon(struct journal *j)
{
	struct stat	sb;

	journal_release(j);
	if (j->claimed && !j->written && lstat(j->path, &sb) == 0 &&
	    S_ISREG(sb.st_mode) && sb.st_size == 0)
		unlink(j->path);
}
