/*
 * Writing runs to disk (the format is described in csvstore.c): a run
 * as CSV records through libcsv's quoting, numbers in the C locale
 * whatever the user's, doubles in the shortest form that reads back the
 * same.  Saving is atomic: a temporary file beside the target, fsync,
 * then link or rename.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "csvstore_int.h"

/* The shortest decimal form that reads back as the same double. */
static void
csvstore_fmt_double(double v, char *buf, size_t len)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* ---- Saving ---- */

static void
csvstore_field(FILE *f, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n") != NULL)
		csv_fwrite(f, s, strlen(s));
	else
		fputs(s, f);
	fputc(last ? '\n' : ',', f);
}

static void
csvstore_row(FILE *f, char *const cells[CSVSTORE_NCOLS])
{
	for (size_t i = 0; i < CSVSTORE_NCOLS; i++)
		csvstore_field(f, cells[i] != NULL ? cells[i] : "",
		    i == CSVSTORE_NCOLS - 1);
}

static void
csvstore_write_meta(FILE *f, const char *key, const char *value)
{
	char	*cells[CSVSTORE_NCOLS] = { 0 };

	cells[COL_RECORD] = "meta";
	cells[COL_NAME] = (char *)key;
	cells[COL_VALUE] = (char *)value;
	csvstore_row(f, cells);
}

static void
csvstore_write_sample(FILE *f, const struct run_sample *s)
{
	char	*cells[CSVSTORE_NCOLS] = { 0 };
	char	 value[32] = "", version[16], copies[16], idx[16];
	char	 duration[32] = "", elapsed[32] = "", iters[32] = "";
	char	 repeat[16], busy[32] = "", freq[32] = "", temp[32] = "";
	char	 session[16], user[32] = "", sys[32] = "", rss[32] = "";
	char	 exec[4][32] = { "", "", "", "" };
	double	 ev[4] = { s->exec_min, s->exec_mean, s->exec_max,
		    s->exec_sd };
	char	*per = xcalloc((size_t)s->copies + 1, 32);

	if (s->status == RUN_OK)
		csvstore_fmt_double(s->value, value, sizeof value);
	snprintf(version, sizeof version, "%d", s->version);
	snprintf(copies, sizeof copies, "%d", s->copies);
	snprintf(idx, sizeof idx, "%d", s->index);
	if (s->duration > 0)
		csvstore_fmt_double(s->duration, duration, sizeof duration);
	if (s->elapsed > 0)
		csvstore_fmt_double(s->elapsed, elapsed, sizeof elapsed);
	snprintf(repeat, sizeof repeat, "%d", s->repeat > 0 ? s->repeat : 1);
	if (isfinite(s->busy) && s->busy >= 0)
		csvstore_fmt_double(s->busy, busy, sizeof busy);
	if (isfinite(s->freq_mhz))
		snprintf(freq, sizeof freq, "%.0f", s->freq_mhz);
	if (isfinite(s->temp_c))
		snprintf(temp, sizeof temp, "%.1f", s->temp_c);
	snprintf(session, sizeof session, "%d", s->session > 0 ?
	    s->session : 1);
	if (isfinite(s->user_s))
		csvstore_fmt_double(s->user_s, user, sizeof user);
	if (isfinite(s->sys_s))
		csvstore_fmt_double(s->sys_s, sys, sizeof sys);
	if (isfinite(s->maxrss_kb))
		snprintf(rss, sizeof rss, "%.0f", s->maxrss_kb);
	for (int i = 0; i < 4; i++)
		if (isfinite(ev[i]))
			csvstore_fmt_double(ev[i], exec[i], sizeof exec[i]);
	if (s->iterations > 0)
		snprintf(iters, sizeof iters, "%llu",
		    (unsigned long long)s->iterations);
	if (s->per_copy == NULL && s->copies == 1 && s->status == RUN_OK)
		strcpy(per, value);
	for (int i = 0; s->per_copy != NULL && i < s->copies; i++) {
		char	one[32];

		csvstore_fmt_double(s->per_copy[i], one, sizeof one);
		if (i > 0)
			strcat(per, ";");
		strcat(per, one);
	}
	cells[COL_RECORD] = "sample";
	cells[COL_NAME] = (char *)s->test;
	cells[COL_VALUE] = value;
	cells[COL_VERSION] = version;
	cells[COL_COPIES] = copies;
	cells[COL_SAMPLE] = idx;
	cells[COL_UNIT] = (char *)s->unit;
	cells[COL_DURATION] = duration;
	cells[COL_ELAPSED] = elapsed;
	cells[COL_ITERATIONS] = iters;
	cells[COL_STATUS] = s->status == RUN_OK ? "ok" :
	    s->status == RUN_SKIPPED ? "skipped" : "failed";
	cells[COL_REASON] = (char *)s->reason;
	cells[COL_PER_COPY] = per;
	cells[COL_REPEAT] = repeat;
	cells[COL_BUSY] = busy;
	cells[COL_FREQ] = freq;
	cells[COL_TEMP] = temp;
	cells[COL_SESSION] = session;
	cells[COL_USER] = user;
	cells[COL_SYS] = sys;
	cells[COL_RSS] = rss;
	for (int i = 0; i < 4; i++)
		cells[COL_EXEC_MIN + i] = exec[i];
	csvstore_row(f, cells);
	free(per);
}

static void
csvstore_write_hist(FILE *f, const struct run_hist *rh)
{
	char	*cells[CSVSTORE_NCOLS] = { 0 };
	char	 count[32], version[16], copies[16], idx[16], repeat[16];
	char	*buckets = hist_encode(&rh->h);

	snprintf(count, sizeof count, "%llu", (unsigned long long)rh->h.count);
	snprintf(version, sizeof version, "%d", HIST_VERSION);
	snprintf(copies, sizeof copies, "%d", rh->copies);
	snprintf(idx, sizeof idx, "%d", rh->index);
	snprintf(repeat, sizeof repeat, "%d", rh->repeat);
	cells[COL_RECORD] = "hist";
	cells[COL_NAME] = (char *)rh->step;
	cells[COL_VALUE] = count;
	cells[COL_VERSION] = version;
	cells[COL_COPIES] = copies;
	cells[COL_SAMPLE] = idx;
	cells[COL_UNIT] = "ns";
	cells[COL_STATUS] = "ok";
	cells[COL_PER_COPY] = buckets;
	cells[COL_REPEAT] = repeat;
	csvstore_row(f, cells);
	free(buckets);
}

static void
csvstore_write(FILE *f, const struct run *run)
{
	char	format[16];

	csvstore_row(f, (char **)csvstore_cols);
	snprintf(format, sizeof format, "%d", CSVSTORE_FORMAT);
	csvstore_write_meta(f, "format", format);
	for (size_t i = 0; i < run->nmeta; i++)
		if (strcmp(run->meta[i].key, "format") != 0)
			csvstore_write_meta(f, run->meta[i].key,
			    run->meta[i].value);
	for (size_t i = 0; i < run->nsamples; i++)
		csvstore_write_sample(f, &run->samples[i]);
	for (size_t i = 0; i < run->nhists; i++)
		csvstore_write_hist(f, &run->hists[i]);
}

/* Make what was written durable before it gets its name. */
static int
csvstore_flush(FILE *f, const char *path, struct sm_error *err)
{
	int	e;

	if (ferror(f) || fflush(f) != 0 || fsync(fileno(f)) != 0) {
		e = errno;
		fclose(f);
		sm_error_set(err, "%s: cannot save: %s (nothing was written)",
		    path, strerror(e));
		return -1;
	}
	if (fclose(f) != 0) {
		sm_error_set(err, "%s: cannot save: %s (nothing was written)",
		    path, strerror(errno));
		return -1;
	}
	return 0;
}

static void
csvstore_sync_dir(const char *dir)
{
	int	fd = open(dir, O_RDONLY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/*
 * Save a run to path.  Unless overwrite is set an existing file is left
 * alone and the call fails; either way a reader never sees half a file.
 */
int
csvstore_save(const struct run *run, const char *path, int overwrite,
    struct sm_error *err)
{
	char		 dir[PATH_MAX], tmp[PATH_MAX], sp[INFILE_PATH_SHOWN + 4];
	const char	*slash = strrchr(path, '/');
	const char	*shown = infile_short(path, sp, sizeof sp);
	struct stat	 sb;
	mode_t		 mask;
	locale_t	 c, old;
	FILE		*f;
	int		 fd, rc;

	if (csvstore_check(run, err) != 0)
		return -1;
	/* rename() would replace a device or a directory's link: never. */
	if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: %s; not overwritten", shown,
		    infile_kind(sb.st_mode));
		return -1;
	}
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) + 1,
		    path);
	if (snprintf(tmp, sizeof tmp, "%s/.sysmark-save.XXXXXX", dir) >=
	    (int)sizeof tmp) {
		sm_error_set(err, "%s: path too long", shown);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		sm_error_set(err, "%s: cannot save: %s", shown,
		    strerror(errno));
		return -1;
	}
	/* mkstemp makes 0600; a saved run gets what the umask allows. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	if ((f = fdopen(fd, "w")) == NULL) {
		sm_error_set(err, "%s: cannot save: %s", shown,
		    strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	c = csvstore_c_locale();
	old = uselocale(c);
	csvstore_write(f, run);
	uselocale(old);
	freelocale(c);
	if (csvstore_flush(f, shown, err) != 0) {
		unlink(tmp);
		return -1;
	}
	rc = overwrite ? rename(tmp, path) : link(tmp, path);
	if (rc != 0) {
		if (errno == EEXIST)
			sm_error_set(err, "%s: already exists; not "
			    "overwritten", shown);
		else
			sm_error_set(err, "%s: cannot save: %s", shown,
			    strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (!overwrite)
		unlink(tmp);
	csvstore_sync_dir(dir);
	return 0;
}

/* Write the run as its file would hold it to f (e.g. stderr); 0 or -1. */
int
csvstore_print(const struct run *run, FILE *f)
{
	locale_t	c = csvstore_c_locale(), old = uselocale(c);

	csvstore_write(f, run);
	uselocale(old);
	freelocale(c);
	return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
