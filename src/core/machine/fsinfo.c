/*
 * The file system the tests' files live on, recorded with the run.  The
 * file tests (fstime, lat_fs, bw_file_rd, lat_mmap ...) measure it as
 * much as the machine: tmpfs or a disk, and on ext4 whether it has a
 * journal, which changes what a create costs (without one, ext4 skips
 * every inode freed in the last minute, so creates depend on the deletes
 * before them; see lat_fs.c).  Two runs on different file systems are
 * not the same measurement, and the run should say which it was.
 *
 * Linux reads /proc/self/mountinfo and /proc/fs/jbd2; elsewhere only the
 * directory is recorded.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/types.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/sysmacros.h>
#endif

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

/*
 * Decode mountinfo's octal escapes in place: a mount point or source
 * with a space, tab, newline or backslash in it is written \040, \011,
 * \012, \134.  Anything else is kept as it is.
 */
void
fsinfo_unescape(char *s)
{
	char	*w = s;

	for (; *s != '\0'; s++, w++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*w = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
			    (s[3] - '0'));
			s += 3;
		} else
			*w = *s;
	}
	*w = '\0';
}

#ifdef __linux__
/*
 * From one line of mountinfo ("36 35 98:0 /root /mnt opts - ext4 /dev/vda
 * rw"), the mount point, type and source, if its device is dev and its
 * mount point holds dir; 0 or -1.  The fields are cut in place.
 */
static int
fsinfo_line(char *line, dev_t dev, const char *dir, char **point,
    char **type, char **source)
{
	char		*f[5], *sep, *save = NULL;
	unsigned	 maj, min;
	size_t		 n;
	int		 i;

	if ((sep = strstr(line, " - ")) == NULL)
		return -1;
	*sep = '\0';
	for (i = 0; i < 5; i++)
		if ((f[i] = strtok_r(i == 0 ? line : NULL, " ", &save)) ==
		    NULL)
			return -1;
	if (sscanf(f[2], "%u:%u", &maj, &min) != 2 ||
	    makedev(maj, min) != dev)
		return -1;
	fsinfo_unescape(f[4]);
	n = strlen(f[4]);
	if (strncmp(dir, f[4], n) != 0 ||
	    (dir[n] != '/' && dir[n] != '\0' && strcmp(f[4], "/") != 0))
		return -1;
	save = NULL;
	if ((*type = strtok_r(sep + 3, " ", &save)) == NULL ||
	    (*source = strtok_r(NULL, " ", &save)) == NULL)
		return -1;
	fsinfo_unescape(*source);
	*point = f[4];
	return 0;
}

/* 1 if the ext3/ext4 on source (/dev/NAME) has a journal; -1 unknown. */
static int
fsinfo_journal(const char *source)
{
	const char	*name = strrchr(source, '/');
	DIR		*d;
	struct dirent	*e;
	size_t		 n;
	int		 found = 0;

	name = name != NULL ? name + 1 : source;
	n = strlen(name);
	if ((d = opendir("/proc/fs/jbd2")) == NULL)
		return -1;
	/* One entry per journal, "NAME-INODE" (vda-8). */
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, name, n) == 0 && e->d_name[n] == '-')
			found = 1;
	closedir(d);
	return found;
}

/* "ext4 on /dev/vda (no journal)", for the mount that holds dir. */
static int
fsinfo_describe(const char *dir, char *buf, size_t len)
{
	struct stat	 sb;
	FILE		*fp;
	char		 line[4096], *point, *type, *source;
	int		 found = 0, j;

	if (stat(dir, &sb) != 0 ||
	    (fp = fopen("/proc/self/mountinfo", "r")) == NULL)
		return -1;
	/* The last match wins: a later mount hides an earlier one. */
	while (fgets(line, sizeof line, fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (fsinfo_line(line, sb.st_dev, dir, &point, &type,
		    &source) != 0)
			continue;
		j = strncmp(type, "ext", 3) == 0 ? fsinfo_journal(source) : -1;
		snprintf(buf, len, "%s on %s at %s%s", type, source, point,
		    j == 0 ? " (no journal)" : j == 1 ? " (journal)" : "");
		found = 1;
	}
	fclose(fp);
	return found ? 0 : -1;
}
#endif

/*
 * Record where the run's files are and on what; dir is the run's private
 * directory, whose parent is TMPDIR.
 */
void
fsinfo_collect(struct run *run, const char *dir)
{
	char	buf[512], *slash;

#ifdef __linux__
	if (fsinfo_describe(dir, buf, sizeof buf) == 0)
		run_meta_set(run, "tmpdir_fs", buf);
#endif
	snprintf(buf, sizeof buf, "%s", dir);
	if ((slash = strrchr(buf, '/')) != NULL)
		*(slash == buf ? slash + 1 : slash) = '\0';
	run_meta_set(run, "tmpdir", buf);
}
