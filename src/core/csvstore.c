/*
 * Runs on disk: one CSV file per run, read and written through libcsv.
 *
 *   record,name,value,version,copies,sample,unit,duration,elapsed,
 *       iterations,status,reason,per_copy
 *   meta,format,1,,,,,,,,,,            <- always the first record
 *   meta,hostname,box,,,,,,,,,,        <- one per system fact
 *   sample,syscall,2345678.9,1,1,1,lps,10,10.0003,23457000,ok,,2345678.9
 *
 * Every figure a report shows can be recomputed from the sample rows, so
 * the file is the truth and nothing derived is stored.  per_copy holds the
 * copies' own figures separated by ';'.
 *
 * A users run (sysmark users) adds one hist record per step kind and
 * sample: its response times as a histogram (hist.c), the count in value,
 * the bucket scheme in version, the users in copies, the buckets in use
 * in per_copy:
 *
 *   hist,iocall,5210,1,4,1,ns,,,,ok,,"1630:12;1631:40;..."
 *
 * Files without hist records read as before.  Baselines and imported reports use
 * the same format, with empty cells for what they do not know.
 *
 * Loading is strict (libcsv's CSV_STRICT): a malformed file is an error
 * naming path:line, where line is the line the record starts on.  Numbers
 * are written and read in the C locale whatever the user's, and saving is
 * atomic: a temporary file beside the target, fsync, then link or rename.
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

#include "core.h"

static const char *const csvstore_cols[] = {
	"record", "name", "value", "version", "copies", "sample", "unit",
	"duration", "elapsed", "iterations", "status", "reason", "per_copy",
};
#define CSVSTORE_NCOLS	(sizeof csvstore_cols / sizeof csvstore_cols[0])

enum csvstore_col {
	COL_RECORD, COL_NAME, COL_VALUE, COL_VERSION, COL_COPIES, COL_SAMPLE,
	COL_UNIT, COL_DURATION, COL_ELAPSED, COL_ITERATIONS, COL_STATUS,
	COL_REASON, COL_PER_COPY
};

struct csvstore_load {
	const char		*path;
	struct run		*run;
	struct sm_error		*err;
	int			 failed;
	size_t			 line;		/* current physical line */
	size_t			 rec_line;	/* where the record began */
	int			 in_record;
	size_t			 nrec;		/* records seen */
	char			*field[CSVSTORE_NCOLS];
	size_t			 nfield;
};

/* ---- Numbers in the C locale ---- */

static locale_t
csvstore_c_locale(void)
{
	locale_t	c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);

	if (c == (locale_t)0)
		sm_fatal("newlocale(C): %s", strerror(errno));
	return c;
}

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
	if (s->iterations > 0)
		snprintf(iters, sizeof iters, "%llu",
		    (unsigned long long)s->iterations);
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
	csvstore_row(f, cells);
	free(per);
}

static void
csvstore_write_hist(FILE *f, const struct run_hist *rh)
{
	char	*cells[CSVSTORE_NCOLS] = { 0 };
	char	 count[32], version[16], copies[16], idx[16];
	char	*buckets = hist_encode(&rh->h);

	snprintf(count, sizeof count, "%llu", (unsigned long long)rh->h.count);
	snprintf(version, sizeof version, "%d", HIST_VERSION);
	snprintf(copies, sizeof copies, "%d", rh->copies);
	snprintf(idx, sizeof idx, "%d", rh->index);
	cells[COL_RECORD] = "hist";
	cells[COL_NAME] = (char *)rh->step;
	cells[COL_VALUE] = count;
	cells[COL_VERSION] = version;
	cells[COL_COPIES] = copies;
	cells[COL_SAMPLE] = idx;
	cells[COL_UNIT] = "ns";
	cells[COL_STATUS] = "ok";
	cells[COL_PER_COPY] = buckets;
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
	char		 dir[PATH_MAX], tmp[PATH_MAX];
	const char	*slash = strrchr(path, '/');
	struct stat	 sb;
	locale_t	 c, old;
	FILE		*f;
	int		 fd, rc;

	/* rename() would replace a device or a directory's link: never. */
	if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		sm_error_set(err, "%s: not a regular file; not overwritten",
		    path);
		return -1;
	}
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) + 1,
		    path);
	if (snprintf(tmp, sizeof tmp, "%s/.sysmark-save.XXXXXX", dir) >=
	    (int)sizeof tmp) {
		sm_error_set(err, "%s: path too long", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		sm_error_set(err, "%s: cannot save: %s", path,
		    strerror(errno));
		return -1;
	}
	fchmod(fd, 0644);
	if ((f = fdopen(fd, "w")) == NULL) {
		sm_error_set(err, "%s: cannot save: %s", path,
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
	if (csvstore_flush(f, path, err) != 0) {
		unlink(tmp);
		return -1;
	}
	rc = overwrite ? rename(tmp, path) : link(tmp, path);
	if (rc != 0) {
		if (errno == EEXIST)
			sm_error_set(err, "%s: already exists; not "
			    "overwritten", path);
		else
			sm_error_set(err, "%s: cannot save: %s", path,
			    strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (!overwrite)
		unlink(tmp);
	csvstore_sync_dir(dir);
	return 0;
}

/* ---- Loading ---- */

static void
csvstore_bad(struct csvstore_load *ld, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
csvstore_bad(struct csvstore_load *ld, const char *fmt, ...)
{
	char	msg[200];
	va_list	ap;

	if (ld->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sm_error_set(ld->err, "%s:%zu: %s", ld->path, ld->rec_line, msg);
	ld->failed = 1;
}

static int
csvstore_num(struct csvstore_load *ld, enum csvstore_col col, double *v)
{
	if (sm_parse_double(ld->field[col], v) == 0)
		return 0;
	csvstore_bad(ld, "column \"%s\": expected a number, got \"%s\"",
	    csvstore_cols[col], ld->field[col]);
	return -1;
}

/* An optional non-negative number: empty means unknown (0). */
static int
csvstore_opt(struct csvstore_load *ld, enum csvstore_col col, double *v)
{
	*v = 0;
	if (ld->field[col][0] == '\0')
		return 0;
	if (csvstore_num(ld, col, v) != 0)
		return -1;
	if (*v < 0) {
		csvstore_bad(ld, "column \"%s\": %s is negative",
		    csvstore_cols[col], ld->field[col]);
		return -1;
	}
	return 0;
}

static int
csvstore_int(struct csvstore_load *ld, enum csvstore_col col, long min,
    long max, long *v)
{
	if (sm_parse_int(ld->field[col], min, max, v) == 0)
		return 0;
	csvstore_bad(ld, "column \"%s\": expected a whole number from %ld to "
	    "%ld, got \"%s\"", csvstore_cols[col], min, max, ld->field[col]);
	return -1;
}

static int
csvstore_per_copy(struct csvstore_load *ld, struct run_sample *s)
{
	char	*list = ld->field[COL_PER_COPY], *tok, *save = NULL;
	int	 n = 0;

	if (*list == '\0' || s->status != RUN_OK)
		return 0;
	s->per_copy = xcalloc((size_t)s->copies, sizeof *s->per_copy);
	for (tok = strtok_r(list, ";", &save); tok != NULL;
	    tok = strtok_r(NULL, ";", &save)) {
		if (n == s->copies || sm_parse_double(tok, &s->per_copy[n])) {
			csvstore_bad(ld, "column \"per_copy\": expected %d "
			    "numbers separated by ';'", s->copies);
			return -1;
		}
		n++;
	}
	if (n != s->copies) {
		csvstore_bad(ld, "column \"per_copy\": %d figures for %d "
		    "copies", n, s->copies);
		return -1;
	}
	return 0;
}

static void
csvstore_sample(struct csvstore_load *ld)
{
	struct run_sample	 s;
	const char		*st = ld->field[COL_STATUS];
	long			 version = 0, copies, idx;
	double			 iters;

	memset(&s, 0, sizeof s);
	if (strlen(ld->field[COL_NAME]) == 0 ||
	    strlen(ld->field[COL_NAME]) >= sizeof s.test) {
		csvstore_bad(ld, "column \"name\": a test id of 1 to %zu "
		    "characters is needed", sizeof s.test - 1);
		return;
	}
	if (strlen(ld->field[COL_UNIT]) >= sizeof s.unit) {
		csvstore_bad(ld, "column \"unit\": \"%s\" is too long",
		    ld->field[COL_UNIT]);
		return;
	}
	snprintf(s.test, sizeof s.test, "%s", ld->field[COL_NAME]);
	snprintf(s.unit, sizeof s.unit, "%s", ld->field[COL_UNIT]);
	snprintf(s.reason, sizeof s.reason, "%s", ld->field[COL_REASON]);
	if (strcmp(st, "ok") == 0)
		s.status = RUN_OK;
	else if (strcmp(st, "failed") == 0)
		s.status = RUN_FAILED;
	else if (strcmp(st, "skipped") == 0)
		s.status = RUN_SKIPPED;
	else {
		csvstore_bad(ld, "column \"status\": expected ok, failed or "
		    "skipped, got \"%s\"", st);
		return;
	}
	if ((ld->field[COL_VERSION][0] != '\0' &&
	    csvstore_int(ld, COL_VERSION, 0, INT_MAX, &version) != 0) ||
	    csvstore_int(ld, COL_COPIES, 1, RUNNER_MAX_COPIES, &copies) ||
	    csvstore_int(ld, COL_SAMPLE, 1, INT_MAX, &idx) ||
	    csvstore_opt(ld, COL_DURATION, &s.duration) ||
	    csvstore_opt(ld, COL_ELAPSED, &s.elapsed) ||
	    csvstore_opt(ld, COL_ITERATIONS, &iters))
		return;
	s.version = (int)version;
	s.copies = (int)copies;
	s.index = (int)idx;
	s.iterations = (uint64_t)iters;
	s.value = NAN;
	if (s.status == RUN_OK && csvstore_num(ld, COL_VALUE, &s.value))
		return;
	if (csvstore_per_copy(ld, &s) != 0) {
		free(s.per_copy);
		return;
	}
	*run_add_sample(ld->run) = s;
}

/* A hist record: one step kind's response times in one sample. */
static void
csvstore_hist(struct csvstore_load *ld)
{
	struct run_hist	*rh;
	struct sm_error	 e;
	long		 version, copies, idx;
	double		 count;

	if (strlen(ld->field[COL_NAME]) == 0 ||
	    strlen(ld->field[COL_NAME]) >= sizeof rh->step) {
		csvstore_bad(ld, "column \"name\": a step kind of 1 to %zu "
		    "characters is needed", sizeof rh->step - 1);
		return;
	}
	if (csvstore_int(ld, COL_VERSION, HIST_VERSION, HIST_VERSION,
	    &version) != 0 ||
	    csvstore_int(ld, COL_COPIES, 1, RUNNER_MAX_COPIES, &copies) ||
	    csvstore_int(ld, COL_SAMPLE, 1, INT_MAX, &idx) ||
	    csvstore_opt(ld, COL_VALUE, &count))
		return;
	if (run_find_hist(ld->run, ld->field[COL_NAME], (int)copies,
	    (int)idx) != NULL) {
		csvstore_bad(ld, "a second histogram of \"%s\" for %ld "
		    "users, sample %ld", ld->field[COL_NAME], copies, idx);
		return;
	}
	rh = run_add_hist(ld->run, ld->field[COL_NAME], (int)copies,
	    (int)idx);
	if (hist_decode(&rh->h, ld->field[COL_PER_COPY], &e) != 0) {
		csvstore_bad(ld, "column \"per_copy\": %s", e.msg);
		return;
	}
	if ((double)rh->h.count != count)
		csvstore_bad(ld, "column \"value\": %s response times, but "
		    "the buckets hold %llu", ld->field[COL_VALUE],
		    (unsigned long long)rh->h.count);
}

static void
csvstore_header(struct csvstore_load *ld)
{
	for (size_t i = 0; i < CSVSTORE_NCOLS; i++) {
		if (strcmp(ld->field[i], csvstore_cols[i]) != 0) {
			csvstore_bad(ld, "not a sysmark run: expected column "
			    "%zu to be \"%s\", got \"%s\"", i + 1,
			    csvstore_cols[i], ld->field[i]);
			return;
		}
	}
}

static void
csvstore_format(struct csvstore_load *ld)
{
	long	v;

	if (strcmp(ld->field[COL_RECORD], "meta") != 0 ||
	    strcmp(ld->field[COL_NAME], "format") != 0) {
		csvstore_bad(ld, "expected the format record (meta,format,"
		    "%d) first", CSVSTORE_FORMAT);
		return;
	}
	if (sm_parse_int(ld->field[COL_VALUE], 1, INT_MAX, &v) != 0) {
		csvstore_bad(ld, "format \"%s\" is not a version number",
		    ld->field[COL_VALUE]);
		return;
	}
	if (v > CSVSTORE_FORMAT)
		csvstore_bad(ld, "format %ld is newer than this sysmark "
		    "reads (%d); upgrade sysmark", v, CSVSTORE_FORMAT);
}

static void
csvstore_record(struct csvstore_load *ld)
{
	const char	*kind;

	if (ld->nfield != CSVSTORE_NCOLS) {
		csvstore_bad(ld, "expected %zu fields, got %zu",
		    CSVSTORE_NCOLS, ld->nfield);
		return;
	}
	if (ld->nrec == 0) {
		csvstore_header(ld);
		return;
	}
	if (ld->nrec == 1) {
		csvstore_format(ld);
		return;
	}
	kind = ld->field[COL_RECORD];
	if (strcmp(kind, "sample") == 0)
		csvstore_sample(ld);
	else if (strcmp(kind, "hist") == 0)
		csvstore_hist(ld);
	else if (strcmp(kind, "meta") == 0 && ld->field[COL_NAME][0] != '\0')
		run_meta_set(ld->run, ld->field[COL_NAME],
		    ld->field[COL_VALUE]);
	else
		csvstore_bad(ld, "unknown record \"%s\" (expected meta, "
		    "sample or hist)", kind);
}

static void
csvstore_on_field(void *s, size_t len, void *data)
{
	struct csvstore_load	*ld = data;
	char			*f;

	if (ld->nfield >= CSVSTORE_NCOLS) {
		ld->nfield++;
		return;
	}
	f = xmalloc(len + 1);
	if (len > 0)
		memcpy(f, s, len);
	f[len] = '\0';
	ld->field[ld->nfield++] = f;
}

static void
csvstore_on_row(int c, void *data)
{
	struct csvstore_load	*ld = data;

	(void)c;
	if (!ld->failed)
		csvstore_record(ld);
	for (size_t i = 0; i < ld->nfield && i < CSVSTORE_NCOLS; i++)
		free(ld->field[i]);
	ld->nfield = 0;
	ld->nrec++;
	ld->in_record = 0;
}

/*
 * Feed the parser a byte at a time: files are small, and it lets every
 * message name the line its record started on, even when a quoted field
 * spans lines.
 */
static void
csvstore_feed(struct csv_parser *p, struct csvstore_load *ld, FILE *f)
{
	int		ch;
	unsigned char	b;

	while (!ld->failed && (ch = getc(f)) != EOF) {
		b = (unsigned char)ch;
		if (!ld->in_record && b != '\n' && b != '\r') {
			ld->in_record = 1;
			ld->rec_line = ld->line;
		}
		if (b == '\0') {
			csvstore_bad(ld, "binary data (a NUL byte): not a "
			    "CSV file");
			return;
		}
		if (csv_parse(p, &b, 1, csvstore_on_field, csvstore_on_row,
		    ld) != 1) {
			csvstore_bad(ld, "malformed CSV: %s",
			    csv_strerror(csv_error(p)));
			return;
		}
		if (b == '\n')
			ld->line++;
	}
	if (ld->failed)
		return;
	if (ferror(f)) {
		sm_error_set(ld->err, "%s: %s", ld->path, strerror(errno));
		ld->failed = 1;
		return;
	}
	if (csv_fini(p, csvstore_on_field, csvstore_on_row, ld) != 0)
		csvstore_bad(ld, "malformed CSV at the end of the file: %s",
		    csv_strerror(csv_error(p)));
}

/* Load a run from path into an initialised run; 0 or -1. */
int
csvstore_load(struct run *run, const char *path, struct sm_error *err)
{
	struct csvstore_load	 ld;
	struct csv_parser	 p;
	locale_t		 c, old;
	FILE			*f;

	if ((f = fopen(path, "r")) == NULL) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0)
		sm_fatal("csv_init failed");
	memset(&ld, 0, sizeof ld);
	ld.path = path;
	ld.run = run;
	ld.err = err;
	ld.line = ld.rec_line = 1;
	c = csvstore_c_locale();
	old = uselocale(c);
	csvstore_feed(&p, &ld, f);
	uselocale(old);
	freelocale(c);
	for (size_t i = 0; i < ld.nfield && i < CSVSTORE_NCOLS; i++)
		free(ld.field[i]);
	csv_free(&p);
	fclose(f);
	if (!ld.failed && ld.nrec < 2) {
		ld.rec_line = ld.line;
		csvstore_bad(&ld, ld.nrec == 0 ? "empty file: not a sysmark "
		    "run" : "no format record: not a sysmark run");
	}
	if (ld.failed) {
		run_free(run);
		return -1;
	}
	return 0;
}
