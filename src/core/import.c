/*
 * Importing the results people already have: a BYTE UNIX Benchmarks 3.x
 * report (import_byte.c) or results log (import_bytelog.c), a UnixBench
 * 5.x/6.x report (import_unixbench.c) or an lmbench3 results file
 * (import_lmbench3.c) becomes a sysmark run, one sample per published
 * figure.  This file reads the file and tells the layouts apart: a
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

#include "core.h"

#define IMPORT_BANNER	"BYTE UNIX Benchmarks (Version "

/* Split the file into lines (no newline, no CR); 0 or -1. */
static int
import_load(struct import *im, struct sm_error *err)
{
	FILE	*f;
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 n;

	if ((f = fopen(im->path, "r")) == NULL) {
		sm_error_set(err, "%s: %s", im->path, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		if (memchr(line, '\0', (size_t)n) != NULL) {
			sm_error_set(err, "%s:%zu: binary data (a NUL byte): "
			    "not a report", im->path, im->nlines + 1);
			free(line);
			fclose(f);
			return -1;
		}
		line[strcspn(line, "\r\n")] = '\0';
		im->lines = xreallocarray(im->lines, im->nlines + 1,
		    sizeof *im->lines);
		im->lines[im->nlines++] = xstrdup(line);
	}
	free(line);
	fclose(f);
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

/*
 * Read the report at path into run (initialised, empty).  Warnings about
 * skipped lines land in *warn (free each and the array).  0 or -1.
 */
int
import_read(const char *path, struct run *run, char ***warn, size_t *nwarn,
    struct sm_error *err)
{
	struct import	 im;
	size_t		 banner = 0;
	long		 version;
	const char	*suite;
	int		 rc;

	memset(&im, 0, sizeof im);
	im.path = path;
	im.run = run;
	*warn = NULL;
	*nwarn = 0;
	if (import_load(&im, err) != 0) {
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
		    "(no '|' line) or lmbench3 results file", path,
		    IMPORT_BANNER);
		import_free(&im);
		return -1;
	}
	run_meta_set(run, "suite", suite);
	run_meta_set(run, "imported_from", path);
	if (version >= 4)
		rc = import_unixbench_read(&im, banner, err);
	else if (version >= 0)
		rc = import_byte_read(&im, banner, err);
	else if (import_lmbench3_is(&im))
		rc = import_lmbench3_read(&im, err);
	else
		rc = import_bytelog_read(&im, err);
	if (rc == 0 && im.nresults == 0) {
		sm_error_set(err, "%s: no test results in the report", path);
		rc = -1;
	}
	*warn = im.warn;
	*nwarn = im.nwarn;
	import_free(&im);
	if (rc != 0)
		run_free(run);
	return rc;
}
