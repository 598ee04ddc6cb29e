/*
 * Importing the results people already have: a BYTE UNIX Benchmarks 3.x
 * report (import_byte.c) or results log (import_bytelog.c), a UnixBench
 * 5.x/6.x report (import_unixbench.c) or an lmbench3 results file
 * (import_lmbench3.c) becomes a sysmark run, one sample per published
 * figure; a JSON document, hyperfine's export or Google Benchmark's
 * output (import_json.c), one sample per time it holds.  This file reads the file and tells the layouts apart: a
 * report by its banner line ("BYTE UNIX Benchmarks (Version N)"), an
 * lmbench3 file by its bracketed header, a BYTE log by its '|' lines.
 * What the parsers share (lines, warnings, titles mapped to test ids)
 * lives in import_text.c, so no parser depends on this file.
 *
 * Nothing is guessed: a line no parser knows is reported with its line
 * number and skipped; a malformed result line is an error.
 */
/* SPDX-License-Identifier: MIT */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"

#define IMPORT_BANNER	"BYTE UNIX Benchmarks (Version "
#define IMPORT_MAX_LINE	4096		/* no report line is longer */

/* Split a report held in buf into lines (no newline, no CR); 0 or -1. */
static int
import_split(struct import *im, const char *buf, size_t len,
    struct sm_error *err)
{
	const char	*end = buf + len, *nl, *nul;
	size_t		 n;

	buf += infile_bom(buf, len);
	if ((nul = memchr(buf, '\0', (size_t)(end - buf))) != NULL) {
		n = 1;
		for (nl = buf; (nl = memchr(nl, '\n', (size_t)(nul - nl))) !=
		    NULL; nl++)
			n++;
		sm_error_set(err, "%s:%zu: binary data (a NUL byte): not a "
		    "report", im->path, n);
		return -1;
	}
	for (; buf < end; buf = nl + 1) {
		if ((nl = memchr(buf, '\n', (size_t)(end - buf))) == NULL)
			nl = end;
		if ((n = (size_t)(nl - buf)) > IMPORT_MAX_LINE) {
			sm_error_set(err, "%s:%zu: a line of more than %d "
			    "bytes: not a report", im->path, im->nlines + 1,
			    IMPORT_MAX_LINE);
			return -1;
		}
		im->lines = xreallocarray(im->lines, im->nlines + 1,
		    sizeof *im->lines);
		im->lines[im->nlines] = xmalloc(n + 1);
		memcpy(im->lines[im->nlines], buf, n);
		im->lines[im->nlines][n] = '\0';
		im->lines[im->nlines][strcspn(im->lines[im->nlines], "\r")] =
		    '\0';
		im->nlines++;
	}
	return 0;
}

static void
import_free(struct import *im)
{
	for (size_t i = 0; i < im->nlines; i++)
		free(im->lines[i]);
	free(im->lines);
}

/* The banner's line and the suite's major version, or -1. */
static long
import_banner(const struct import *im, size_t *at)
{
	const char	*p;

	for (size_t i = 0; i < im->nlines; i++) {
		if ((p = strstr(im->lines[i], IMPORT_BANNER)) == NULL)
			continue;
		*at = i;
		return strtol(p + strlen(IMPORT_BANNER), NULL, 10);
	}
	return -1;
}

/* A JSON document: hyperfine's or Google Benchmark's (import_json.c). */
static int
import_json(struct import *im, const char *buf, size_t len,
    const char *name, char ***warn, size_t *nwarn, struct sm_error *err)
{
	int	rc;

	run_meta_set(im->run, "imported_from", name);
	rc = import_json_read(im, buf, len, err);
	if (rc == 0 && im->nresults == 0) {
		sm_error_set(err, "%s: no results in the document", im->path);
		rc = -1;
	}
	*warn = im->warn;
	*nwarn = im->nwarn;
	if (rc != 0)
		run_free(im->run);
	else
		ident_record(im->run);
	return rc;
}

/*
 * Read the report held in buf (name is what messages call it) into run
 * (initialised, empty).  Warnings about skipped lines land in *warn (free
 * each and the array).  0 or -1.
 */
int
import_read_buf(const char *buf, size_t len, const char *name,
    struct run *run, char ***warn, size_t *nwarn, struct sm_error *err)
{
	struct import	 im;
	char		 shown[INFILE_PATH_SHOWN + 4];
	size_t		 banner = 0;
	long		 version;
	const char	*suite;
	int		 rc;

	memset(&im, 0, sizeof im);
	/* Messages show a long path's tail, so the reason keeps its room. */
	im.path = infile_short(name, shown, sizeof shown);
	im.run = run;
	*warn = NULL;
	*nwarn = 0;
	if (import_json_is(buf, len))
		return import_json(&im, buf, len, name, warn, nwarn, err);
	if (import_split(&im, buf, len, err) != 0) {
		import_free(&im);
		return -1;
	}
	if ((version = import_banner(&im, &banner)) >= 0)
		suite = import_skip_space(im.lines[banner]);
	else if (import_lmbench3_is(&im))
		suite = "lmbench3 results";
	else if (import_bytelog_is(&im))
		suite = "BYTE UNIX Benchmarks results log";
	else {
		sm_error_set(err, "%s: not a BYTE UNIX Benchmarks or "
		    "UnixBench report (no \"%s...)\" line), BYTE results log "
		    "(no '|' line) or lmbench3 results file", im.path,
		    IMPORT_BANNER);
		import_free(&im);
		return -1;
	}
	run_meta_set(run, "suite", suite);
	run_meta_set(run, "imported_from", name);
	if (version >= 4)
		rc = import_unixbench_read(&im, banner, err);
	else if (version >= 0)
		rc = import_byte_read(&im, banner, err);
	else if (import_lmbench3_is(&im))
		rc = import_lmbench3_read(&im, err);
	else
		rc = import_bytelog_read(&im, err);
	if (rc == 0 && im.nresults == 0) {
		sm_error_set(err, "%s: no test results in the report",
		    im.path);
		rc = -1;
	}
	*warn = im.warn;
	*nwarn = im.nwarn;
	import_free(&im);
	if (rc != 0)
		run_free(run);
	else
		ident_record(run);
	return rc;
}

/* Read the report at path: a regular file of reasonable size.  0 or -1. */
int
import_read(const char *path, struct run *run, char ***warn, size_t *nwarn,
    struct sm_error *err)
{
	FILE	*f;
	char	*buf = xmalloc(IMPORT_MAX_FILE + 1);
	size_t	 len;
	int	 rc = -1;

	*warn = NULL;
	*nwarn = 0;
	if ((f = infile_open(path, IMPORT_MAX_FILE, err)) == NULL) {
		free(buf);
		return -1;
	}
	len = fread(buf, 1, IMPORT_MAX_FILE + 1, f);
	if (ferror(f))
		sm_error_set(err, "%s: %s", path, strerror(errno));
	else if (len > IMPORT_MAX_FILE)
		sm_error_set(err, "%s: grew past %d bytes while being read",
		    path, IMPORT_MAX_FILE);
	else
		rc = import_read_buf(buf, len, path, run, warn, nwarn, err);
	fclose(f);
	free(buf);
	return rc;
}
