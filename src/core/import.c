/*
 * Importing the reports people already have: a BYTE UNIX Benchmarks 3.x
 * report (import_byte.c) or a UnixBench 5.x/6.x one (import_unixbench.c)
 * becomes a sysmark run, one sample per published figure.  This file
 * reads the report, tells the two layouts apart by their banner line
 * ("BYTE UNIX Benchmarks (Version N)"), and holds what both parsers need:
 * result lines, index-table lines, titles mapped to test ids, warnings.
 *
 * Nothing is guessed: a line neither parser knows is reported with its
 * line number and skipped; a malformed result line is an error.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"

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

/* Record a warning about line i (0-based), which is then skipped. */
void
import_warn(struct import *im, size_t i, const char *what)
{
	char	msg[512];

	snprintf(msg, sizeof msg, "%s:%zu: %s skipped: \"%.200s\"", im->path,
	    i + 1, what, import_skip_space(im->lines[i]));
	im->warn = xreallocarray(im->warn, im->nwarn + 1, sizeof *im->warn);
	im->warn[im->nwarn++] = xstrdup(msg);
}

const char *
import_skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* 1 if the line is empty or blank. */
int
import_blank(const char *s)
{
	return *import_skip_space(s) == '\0';
}

/* 1 if the line is only c repeated (a rule such as "========"). */
int
import_rule(const char *s, char c)
{
	s = import_skip_space(s);
	if (*s != c)
		return 0;
	while (*s == c)
		s++;
	return import_blank(s);
}

/* The value after prefix if line starts with it (after blanks), or NULL. */
const char *
import_after(const char *line, const char *prefix)
{
	line = import_skip_space(line);
	if (strncmp(line, prefix, strlen(prefix)) != 0)
		return NULL;
	return import_skip_space(line + strlen(prefix));
}

/*
 * The test id for a title as a report prints it.  Case and a trailing
 * " Test" do not matter: BYTE prints "Pipe Throughput Test" and "Shell
 * scripts", UnixBench "Pipe Throughput" and "Shell Scripts".
 */
const char *
import_test_id(const char *title, size_t len)
{
	const size_t	sfx = strlen(" Test");

	if (len > sfx && strncasecmp(title + len - sfx, " Test", sfx) == 0)
		len -= sfx;
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		const char	*t = registry_all[i]->title;
		size_t		 tl = strlen(t);

		if (tl > sfx && strcmp(t + tl - sfx, " Test") == 0)
			tl -= sfx;
		if (tl == len && strncasecmp(t, title, len) == 0)
			return registry_all[i]->id;
	}
	return NULL;
}

/* Cut s into blank-separated words in place; returns their count. */
static size_t
import_words(char *s, char **w, size_t max)
{
	size_t	n = 0;
	char	*save = NULL;

	for (char *t = strtok_r(s, " \t", &save); t != NULL && n < max;
	    t = strtok_r(NULL, " \t", &save))
		w[n++] = t;
	return n;
}

/* The title before the last k words of line: its length, or 0. */
static size_t
import_title_len(const char *line, size_t k)
{
	const char	*end = line + strlen(line);

	for (size_t i = 0; i < k; i++) {
		while (end > line && isspace((unsigned char)end[-1]))
			end--;
		while (end > line && !isspace((unsigned char)end[-1]))
			end--;
	}
	while (end > line && isspace((unsigned char)end[-1]))
		end--;
	return (size_t)(end - line);
}

/* 1 if the run already has a result for test id at copies. */
static int
import_seen(const struct import *im, const char *id, int copies)
{
	for (size_t k = 0; k < im->run->nsamples; k++)
		if (im->run->samples[k].copies == copies &&
		    strcmp(im->run->samples[k].test, id) == 0)
			return 1;
	return 0;
}

/*
 * A result line: "TITLE  VALUE UNIT  (DURATION secs|s, N samples)".
 * Returns 1 and adds a sample, 0 if the line is not one (no known title
 * before a figure), or -1 with err set when it is one but malformed.
 */
int
import_result(struct import *im, size_t i, int copies, struct sm_error *err)
{
	const char		*line = import_skip_space(im->lines[i]);
	const char		*paren = strrchr(line, '('), *id;
	char			 head[512], *w[4];
	double			 value, dur;
	int			 nsamples;
	struct run_sample	*s;
	size_t			 tl;

	if (paren == NULL || (size_t)(paren - line) >= sizeof head)
		return 0;
	snprintf(head, sizeof head, "%.*s", (int)(paren - line), line);
	tl = import_title_len(head, 2);
	if (tl == 0 || (id = import_test_id(head, tl)) == NULL)
		return 0;
	if (import_words(head + tl, w, 4) != 2 ||
	    sm_parse_double(w[0], &value) != 0 || strlen(w[1]) >= 8 ||
	    (sscanf(paren, "(%lf secs, %d samples)", &dur, &nsamples) != 2 &&
	    sscanf(paren, "(%lf s, %d samples)", &dur, &nsamples) != 2) ||
	    strchr(paren, ')') == NULL) {
		sm_error_set(err, "%s:%zu: malformed result for \"%.*s\" "
		    "(truncated?): \"%.160s\"", im->path, i + 1, (int)tl, head,
		    line);
		return -1;
	}
	if (value < 0 || !(dur > 0 && dur <= CSVSTORE_MAX_SECONDS) ||
	    nsamples < 1) {
		sm_error_set(err, "%s:%zu: \"%.*s\": a figure of %g over %g s "
		    "and %d samples cannot be a result", im->path, i + 1,
		    (int)tl, head, value, dur, nsamples);
		return -1;
	}
	if (import_seen(im, id, copies)) {
		import_warn(im, i, "a second result for the same test");
		return 1;
	}
	s = run_add_sample(im->run);
	snprintf(s->test, sizeof s->test, "%s", id);
	snprintf(s->unit, sizeof s->unit, "%s", w[1]);
	s->copies = copies;
	s->index = 1;
	s->duration = dur;
	s->value = value;
	s->status = RUN_OK;
	im->nresults++;
	return 1;
}

/*
 * A row of an index table: "TITLE BASELINE RESULT INDEX".  1 if line is
 * one (its figures are recomputed from the results, not stored), else 0.
 */
int
import_index_row(const char *line)
{
	char	buf[512], *w[4];
	double	v;
	size_t	tl;

	line = import_skip_space(line);
	tl = import_title_len(line, 3);
	if (tl == 0 || import_test_id(line, tl) == NULL)
		return 0;
	snprintf(buf, sizeof buf, "%s", line + tl);
	if (import_words(buf, w, 4) != 3)
		return 0;
	for (int k = 0; k < 3; k++)
		if (sm_parse_double(w[k], &v) != 0)
			return 0;
	return 1;
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
 * Read the report held in buf (name is what messages call it) into run
 * (initialised, empty).  Warnings about skipped lines land in *warn (free
 * each and the array).  0 or -1.
 */
int
import_read_buf(const char *buf, size_t len, const char *name,
    struct run *run, char ***warn, size_t *nwarn, struct sm_error *err)
{
	struct import	im;
	char		shown[INFILE_PATH_SHOWN + 4];
	size_t		banner = 0;
	long		version;
	int		rc;

	memset(&im, 0, sizeof im);
	/* Messages show a long path's tail, so the reason keeps its room. */
	im.path = infile_short(name, shown, sizeof shown);
	im.run = run;
	*warn = NULL;
	*nwarn = 0;
	if (import_split(&im, buf, len, err) != 0) {
		import_free(&im);
		return -1;
	}
	if ((version = import_banner(&im, &banner)) < 0) {
		sm_error_set(err, "%s: not a BYTE UNIX Benchmarks or "
		    "UnixBench report (no \"%s...)\" line)", im.path,
		    IMPORT_BANNER);
		import_free(&im);
		return -1;
	}
	run_meta_set(run, "suite", import_skip_space(im.lines[banner]));
	run_meta_set(run, "imported_from", name);
	if (version < 4)
		rc = import_byte_read(&im, banner, err);
	else
		rc = import_unixbench_read(&im, banner, err);
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
