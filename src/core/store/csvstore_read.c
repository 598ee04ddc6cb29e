/*
 * Reading runs from disk (the format is described in csvstore.c).
 * Loading is strict (libcsv's CSV_STRICT): a malformed file is an error
 * naming path:line, where line is the line the record starts on.
 * Numbers are read in the C locale whatever the user's; every sample
 * must pass the rules it was saved under (csvstore_check_sample()).
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
	size_t			 linelen;	/* of the current line */
	size_t			 nbytes;	/* fed so far */
	size_t			 bom;		/* a BOM's bytes, skipped */
	uint32_t		*lines;		/* each sample's line */
	size_t			 linecap;
	uint32_t		*set;		/* samples by name, 1-based */
	size_t			 setcap;	/* a power of two */
	locale_t		 c, old;
	size_t			 ncols;		/* the header's: 13, 15, 18 */
};

#define CSVSTORE_BLOCK	(64 * 1024)

/* ---- Loading ---- */

static void
csvstore_bad(struct csvstore_load *ld, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
csvstore_bad(struct csvstore_load *ld, const char *fmt, ...)
{
	char	msg[200], sp[INFILE_PATH_SHOWN + 4];
	va_list	ap;

	if (ld->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sm_error_set(ld->err, "%s:%zu: %s", infile_short(ld->path, sp,
	    sizeof sp), ld->rec_line, msg);
	ld->failed = 1;
}

static int
csvstore_num(struct csvstore_load *ld, enum csvstore_col col, double *v)
{
	if (sm_parse_double(ld->field[col], v) == 0)
		return 0;
	csvstore_bad(ld, "column \"%s\": expected a finite number, got "
	    "\"%.40s\"", csvstore_cols[col], ld->field[col]);
	return -1;
}

/* An optional number: empty means unknown (0). */
static int
csvstore_opt(struct csvstore_load *ld, enum csvstore_col col, double *v)
{
	*v = 0;
	if (ld->field[col][0] == '\0')
		return 0;
	return csvstore_num(ld, col, v);
}

static int
csvstore_int(struct csvstore_load *ld, enum csvstore_col col, long min,
    long max, long *v)
{
	if (sm_parse_int(ld->field[col], min, max, v) == 0)
		return 0;
	csvstore_bad(ld, "column \"%s\": expected a whole number from %ld to "
	    "%ld, got \"%.40s\"", csvstore_cols[col], min, max,
	    ld->field[col]);
	return -1;
}

/* The iterations column: empty (unknown) or a count that fits 64 bits. */
static int
csvstore_iterations(struct csvstore_load *ld, uint64_t *v)
{
	const char		*f = ld->field[COL_ITERATIONS];
	unsigned long long	 n;
	char			*end;

	*v = 0;
	if (*f == '\0')
		return 0;
	errno = 0;
	n = strtoull(f, &end, 10);
	if (strspn(f, "0123456789") != strlen(f) || *end != '\0' ||
	    errno != 0 || n > UINT64_MAX) {
		csvstore_bad(ld, "column \"iterations\": expected a count "
		    "from 0 to %llu, got \"%.40s\"",
		    (unsigned long long)UINT64_MAX, f);
		return -1;
	}
	*v = (uint64_t)n;
	return 0;
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
			    "finite numbers separated by ';'", s->copies);
			return -1;
		}
		n++;
	}
	if (n != s->copies) {
		csvstore_bad(ld, "column \"per_copy\": %d figures for %d "
		    "copies", n, s->copies);
		return -1;
	}
	/* One copy's figure is the sample's: not kept twice in memory. */
	if (s->copies == 1 && s->per_copy[0] == s->value) {
		free(s->per_copy);
		s->per_copy = NULL;
	}
	return 0;
}

static int
csvstore_status(struct csvstore_load *ld, struct run_sample *s)
{
	const char	*st = ld->field[COL_STATUS];

	if (strcmp(st, "ok") == 0)
		s->status = RUN_OK;
	else if (strcmp(st, "failed") == 0)
		s->status = RUN_FAILED;
	else if (strcmp(st, "skipped") == 0)
		s->status = RUN_SKIPPED;
	else {
		csvstore_bad(ld, "column \"status\": expected ok, failed or "
		    "skipped, got \"%.40s\"", st);
		return -1;
	}
	return 0;
}

/*
 * Format 4's columns, the children's CPU time and peak memory, and
 * format 5's, a command's single executions: amounts, empty if unknown.
 */
static int
csvstore_v4(struct csvstore_load *ld, struct run_sample *s)
{
	static const enum csvstore_col	col[] = { COL_USER, COL_SYS, COL_RSS,
					    COL_EXEC_MIN, COL_EXEC_MEAN,
					    COL_EXEC_MAX, COL_EXEC_SD };
	double				*v[] = { &s->user_s, &s->sys_s,
					    &s->maxrss_kb, &s->exec_min,
					    &s->exec_mean, &s->exec_max,
					    &s->exec_sd };

	for (size_t i = 0; i < sizeof col / sizeof col[0]; i++) {
		*v[i] = NAN;
		if (ld->ncols <= (size_t)col[i] ||
		    ld->field[col[i]][0] == '\0')
			continue;
		if (csvstore_num(ld, col[i], v[i]) != 0)
			return -1;
		if (*v[i] < 0) {
			csvstore_bad(ld, "column \"%s\": a negative amount",
			    csvstore_cols[col[i]]);
			return -1;
		}
	}
	return 0;
}

/* Format 3's columns: the CPU's clock and heat, and the run's session. */
static int
csvstore_v3(struct csvstore_load *ld, struct run_sample *s)
{
	long	session = 1;

	s->freq_mhz = s->temp_c = NAN;
	s->session = 1;
	if (csvstore_v4(ld, s) != 0)
		return -1;
	if (ld->ncols < CSVSTORE_NCOLS_V3)
		return 0;
	if ((ld->field[COL_FREQ][0] != '\0' &&
	    csvstore_num(ld, COL_FREQ, &s->freq_mhz) != 0) ||
	    (ld->field[COL_TEMP][0] != '\0' &&
	    csvstore_num(ld, COL_TEMP, &s->temp_c) != 0) ||
	    (ld->field[COL_SESSION][0] != '\0' &&
	    csvstore_int(ld, COL_SESSION, 1, INT_MAX, &session) != 0))
		return -1;
	s->session = (int)session;
	return 0;
}

/*
 * Format 2's columns and what came after; a format 1 file is one repeat,
 * its load unknown.
 */
static int
csvstore_v2(struct csvstore_load *ld, struct run_sample *s)
{
	long	rep = 1;

	s->repeat = 1;
	s->busy = NAN;
	if (csvstore_v3(ld, s) != 0)
		return -1;
	if (ld->ncols == CSVSTORE_NCOLS_V1)
		return 0;
	if (ld->field[COL_REPEAT][0] != '\0' &&
	    csvstore_int(ld, COL_REPEAT, 1, INT_MAX, &rep) != 0)
		return -1;
	s->repeat = (int)rep;
	if (ld->field[COL_BUSY][0] == '\0')
		return 0;
	return csvstore_opt(ld, COL_BUSY, &s->busy);
}

/* Read the text and number cells of a sample row into s; 0 or -1. */
static int
csvstore_cells(struct csvstore_load *ld, struct run_sample *s)
{
	long	version = 0, copies, idx;

	if (strlen(ld->field[COL_NAME]) == 0 ||
	    strlen(ld->field[COL_NAME]) >= sizeof s->test) {
		csvstore_bad(ld, "column \"name\": a test id of 1 to %zu "
		    "characters is needed", sizeof s->test - 1);
		return -1;
	}
	if (strlen(ld->field[COL_UNIT]) >= sizeof s->unit) {
		csvstore_bad(ld, "column \"unit\": \"%.40s\" is too long",
		    ld->field[COL_UNIT]);
		return -1;
	}
	snprintf(s->test, sizeof s->test, "%s", ld->field[COL_NAME]);
	snprintf(s->unit, sizeof s->unit, "%s", ld->field[COL_UNIT]);
	if (csvstore_status(ld, s) != 0 ||
	    (ld->field[COL_VERSION][0] != '\0' &&
	    csvstore_int(ld, COL_VERSION, 0, INT_MAX, &version) != 0) ||
	    csvstore_int(ld, COL_COPIES, 1, RUN_MAX_COPIES, &copies) ||
	    csvstore_int(ld, COL_SAMPLE, RUN_WARMUP, INT_MAX, &idx) ||
	    csvstore_opt(ld, COL_DURATION, &s->duration) ||
	    csvstore_opt(ld, COL_ELAPSED, &s->elapsed) ||
	    csvstore_iterations(ld, &s->iterations) || csvstore_v2(ld, s))
		return -1;
	s->version = (int)version;
	s->copies = (int)copies;
	s->index = (int)idx;
	s->value = NAN;
	if (s->status == RUN_OK && csvstore_num(ld, COL_VALUE, &s->value))
		return -1;
	return csvstore_per_copy(ld, s);
}

/* FNV-1a over what names a sample: test, copies, repeat and number. */
static uint32_t
csvstore_hash(const struct run_sample *s)
{
	uint32_t	h = 2166136261u;
	int		n[3] = { s->copies, s->repeat, s->index };

	for (const char *p = s->test; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	for (size_t i = 0; i < sizeof n; i++)
		h = (h ^ ((const unsigned char *)n)[i]) * 16777619u;
	return h;
}

static int
csvstore_same(const struct run_sample *a, const struct run_sample *b)
{
	return a->copies == b->copies && a->index == b->index &&
	    a->repeat == b->repeat && strcmp(a->test, b->test) == 0;
}

/* Put sample i in the open-addressing set; -1 if its twin is there. */
static int
csvstore_set_add(struct csvstore_load *ld, uint32_t i, uint32_t *twin)
{
	const struct run_sample	*s = ld->run->samples;
	uint32_t		 mask = (uint32_t)ld->setcap - 1;
	uint32_t		 h = csvstore_hash(&s[i]) & mask;

	for (; ld->set[h] != 0; h = (h + 1) & mask) {
		if (csvstore_same(&s[ld->set[h] - 1], &s[i])) {
			*twin = ld->set[h] - 1;
			return -1;
		}
	}
	ld->set[h] = i + 1;
	return 0;
}

/* Grow the set to stay at most half full, then add the newest sample. */
static int
csvstore_index(struct csvstore_load *ld, uint32_t *twin)
{
	size_t	n = ld->run->nsamples;

	if (2 * n > ld->setcap) {
		free(ld->set);
		ld->setcap = ld->setcap ? 2 * ld->setcap : 64;
		ld->set = xcalloc(ld->setcap, sizeof *ld->set);
		for (size_t i = 0; i + 1 < n; i++)
			csvstore_set_add(ld, (uint32_t)i, twin);
	}
	return csvstore_set_add(ld, (uint32_t)(n - 1), twin);
}

static void
csvstore_sample(struct csvstore_load *ld)
{
	struct run_sample	s;
	char			why[160];
	size_t			n;
	uint32_t		twin;

	memset(&s, 0, sizeof s);
	if (csvstore_cells(ld, &s) != 0) {
		run_sample_free(&s);
		return;
	}
	if (csvstore_check_sample(&s, why, sizeof why) != 0) {
		csvstore_bad(ld, "%s", why);
		run_sample_free(&s);
		return;
	}
	if (ld->run->nsamples >= UINT32_MAX - 1) {
		csvstore_bad(ld, "more samples than a run may have");
		run_sample_free(&s);
		return;
	}
	*run_add_sample(ld->run) = s;
	n = ld->run->nsamples;
	run_sample_reason(&ld->run->samples[n - 1], ld->field[COL_REASON]);
	if (n > ld->linecap) {
		ld->linecap = ld->run->cap;
		ld->lines = xreallocarray(ld->lines, ld->linecap,
		    sizeof *ld->lines);
	}
	ld->lines[n - 1] = (uint32_t)ld->rec_line;
	/* Two rows for the same sample are an error, not a silent merge. */
	if (csvstore_index(ld, &twin) != 0)
		csvstore_bad(ld, "sample %d of %s at %d %s appears again "
		    "(first on line %u)", s.index, s.test, s.copies,
		    s.copies == 1 ? "copy" : "copies", ld->lines[twin]);
}

/* A hist record: one step kind's response times in one sample. */
static void
csvstore_hist(struct csvstore_load *ld)
{
	struct run_hist	*rh;
	struct sm_error	 e;
	long		 version, copies, idx, repeat = 1;
	double		 count;

	if (strlen(ld->field[COL_NAME]) == 0 ||
	    strlen(ld->field[COL_NAME]) >= sizeof rh->step) {
		csvstore_bad(ld, "column \"name\": a step kind of 1 to %zu "
		    "characters is needed", sizeof rh->step - 1);
		return;
	}
	if (csvstore_int(ld, COL_VERSION, HIST_VERSION, HIST_VERSION,
	    &version) != 0 ||
	    csvstore_int(ld, COL_COPIES, 1, RUN_MAX_COPIES, &copies) ||
	    csvstore_int(ld, COL_SAMPLE, 1, INT_MAX, &idx) ||
	    csvstore_opt(ld, COL_VALUE, &count))
		return;
	if (ld->ncols != CSVSTORE_NCOLS_V1 &&
	    ld->field[COL_REPEAT][0] != '\0' &&
	    csvstore_int(ld, COL_REPEAT, 1, INT_MAX, &repeat) != 0)
		return;
	if (run_find_hist(ld->run, ld->field[COL_NAME], (int)copies,
	    (int)idx, (int)repeat) != NULL) {
		csvstore_bad(ld, "a second histogram of \"%s\" for %ld "
		    "users, sample %ld, repeat %ld", ld->field[COL_NAME],
		    copies, idx, repeat);
		return;
	}
	rh = run_add_hist(ld->run, ld->field[COL_NAME], (int)copies,
	    (int)idx, (int)repeat);
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
	if (ld->nfield != CSVSTORE_NCOLS && ld->nfield != CSVSTORE_NCOLS_V1 &&
	    ld->nfield != CSVSTORE_NCOLS_V2 && ld->nfield != CSVSTORE_NCOLS_V3 &&
	    ld->nfield != CSVSTORE_NCOLS_V4) {
		csvstore_bad(ld, "not a sysmark run: expected %zu columns "
		    "(%d in format 1, %d in 2, %d in 3, %d in 4), got %zu",
		    CSVSTORE_NCOLS, CSVSTORE_NCOLS_V1, CSVSTORE_NCOLS_V2,
		    CSVSTORE_NCOLS_V3, CSVSTORE_NCOLS_V4, ld->nfield);
		return;
	}
	ld->ncols = ld->nfield;
	for (size_t i = 0; i < ld->ncols; i++) {
		if (strcmp(ld->field[i], csvstore_cols[i]) != 0) {
			csvstore_bad(ld, "not a sysmark run: expected column "
			    "%zu to be \"%s\", got \"%.40s\"", i + 1,
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
		csvstore_bad(ld, "format \"%.40s\" is not a version number",
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

	if (ld->nrec == 0) {
		csvstore_header(ld);
		return;
	}
	if (ld->nfield != ld->ncols) {
		csvstore_bad(ld, "expected %zu fields, got %zu", ld->ncols,
		    ld->nfield);
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
		csvstore_bad(ld, "unknown record \"%.40s\" (expected meta, "
		    "sample or hist)", kind);
}

static void
csvstore_on_field(void *s, size_t len, void *data)
{
	struct csvstore_load	*ld = data;

	csvcell_add(ld->field, CSVSTORE_NCOLS, &ld->nfield, s, len);
}

static void
csvstore_on_row(int c, void *data)
{
	struct csvstore_load	*ld = data;

	(void)c;
	if (!ld->failed)
		csvstore_record(ld);
	csvcell_clear(ld->field, CSVSTORE_NCOLS, &ld->nfield);
	ld->nrec++;
	ld->in_record = 0;
}

/* Whether buf holds line ends only (it is not NUL-terminated). */
static int
csvstore_blank(const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (buf[i] != '\r' && buf[i] != '\n')
			return 0;
	return 1;
}

/*
 * Hand the parser one line, or the part of one a block holds: whole lines
 * keep the parser fast and still let every message name the line its
 * record started on, even when a quoted field spans lines.
 */
static void
csvstore_line(struct csv_parser *p, struct csvstore_load *ld,
    const char *buf, size_t n, int eol)
{
	if (!ld->in_record && !csvstore_blank(buf, n)) {
		ld->in_record = 1;
		ld->rec_line = ld->line;
	}
	if ((ld->linelen += n) > CSVSTORE_MAX_LINE) {
		csvstore_bad(ld, "line %zu is longer than %d bytes: not a "
		    "sysmark run", ld->line, CSVSTORE_MAX_LINE);
		return;
	}
	if (memchr(buf, '\0', n) != NULL) {
		csvstore_bad(ld, "binary data (a NUL byte): not a CSV file");
		return;
	}
	if (csv_parse(p, buf, n, csvstore_on_field, csvstore_on_row, ld) !=
	    n) {
		csvstore_bad(ld, "malformed CSV: %s",
		    csv_strerror(csv_error(p)));
		return;
	}
	if (eol) {
		ld->line++;
		ld->linelen = 0;
	}
}

/* Feed a block of the file, cut at its newlines. */
static void
csvstore_feed(struct csv_parser *p, struct csvstore_load *ld,
    const char *buf, size_t len)
{
	const char	*nl;
	size_t		 n;

	if (ld->nbytes == 0) {
		ld->bom = infile_bom(buf, len);
		buf += ld->bom;
		len -= ld->bom;
	}
	ld->nbytes += len;
	while (len > 0 && !ld->failed) {
		nl = memchr(buf, '\n', len);
		n = nl != NULL ? (size_t)(nl - buf) + 1 : len;
		csvstore_line(p, ld, buf, n, nl != NULL);
		buf += n;
		len -= n;
	}
}

/* Close a load: the checks that need the whole file, then clean up. */
static int
csvstore_finish(struct csv_parser *p, struct csvstore_load *ld)
{
	if (!ld->failed && csv_fini(p, csvstore_on_field, csvstore_on_row,
	    ld) != 0)
		csvstore_bad(ld, "malformed CSV at the end of the file: %s",
		    csv_strerror(csv_error(p)));
	for (size_t i = 0; i < ld->nfield && i < CSVSTORE_NCOLS; i++)
		free(ld->field[i]);
	csv_free(p);
	if (!ld->failed && ld->nrec < 2) {
		ld->rec_line = ld->line;
		csvstore_bad(ld, ld->nrec == 0 ? "empty file: not a sysmark "
		    "run" : "no format record: not a sysmark run");
	}
	uselocale(ld->old);
	freelocale(ld->c);
	free(ld->lines);
	free(ld->set);
	if (ld->failed) {
		run_free(ld->run);
		return -1;
	}
	return 0;
}

static void
csvstore_begin(struct csv_parser *p, struct csvstore_load *ld,
    struct run *run, const char *name, struct sm_error *err)
{
	if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI) != 0)
		sm_fatal("csv_init failed");
	/* libcsv grows a field by this much: its 128 B made long ones O(n^2). */
	csv_set_blk_size(p, CSVSTORE_BLOCK);
	memset(ld, 0, sizeof *ld);
	ld->path = name;
	ld->run = run;
	ld->err = err;
	ld->line = ld->rec_line = 1;
	ld->c = csvstore_c_locale();
	ld->old = uselocale(ld->c);
}

/* Load a run from a buffer; name is what messages call it.  0 or -1. */
int
csvstore_load_buf(struct run *run, const char *buf, size_t len,
    const char *name, struct sm_error *err)
{
	struct csvstore_load	ld;
	struct csv_parser	p;

	csvstore_begin(&p, &ld, run, name, err);
	if (len > (size_t)CSVSTORE_MAX_FILE)
		csvstore_bad(&ld, "%zu bytes, more than a run may have", len);
	csvstore_feed(&p, &ld, buf, len);
	return csvstore_finish(&p, &ld);
}

/* Load a run from an open file, read in blocks; 0 or -1. */
static int
csvstore_load_file(struct run *run, FILE *f, const char *name,
    struct sm_error *err)
{
	struct csvstore_load	 ld;
	struct csv_parser	 p;
	char			*block = xmalloc(CSVSTORE_BLOCK);
	size_t			 n;

	csvstore_begin(&p, &ld, run, name, err);
	while (!ld.failed && (n = fread(block, 1, CSVSTORE_BLOCK, f)) > 0) {
		csvstore_feed(&p, &ld, block, n);
		if (ld.nbytes > (size_t)CSVSTORE_MAX_FILE)
			csvstore_bad(&ld, "more than %lld bytes: not a "
			    "sysmark run", (long long)CSVSTORE_MAX_FILE);
	}
	if (!ld.failed && ferror(f)) {
		sm_error_set(err, "%s: %s", name, strerror(errno));
		ld.failed = 1;
	}
	free(block);
	return csvstore_finish(&p, &ld);
}

/* Load a run from path into an initialised run; 0 or -1. */
int
csvstore_load(struct run *run, const char *path, struct sm_error *err)
{
	FILE	*f;
	int	 rc;

	if ((f = infile_open(path, CSVSTORE_MAX_FILE, err)) == NULL)
		return -1;
	rc = csvstore_load_file(run, f, path, err);
	fclose(f);
	return rc;
}
