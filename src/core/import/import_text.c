/*
 * What every importer shares: blanks and rules, a value after a prefix,
 * a report's title mapped to a test id, BYTE-layout result and index
 * lines, and the "path:line: ... skipped" warnings.  The parsers
 * (import_byte.c, import_bytelog.c, import_unixbench.c,
 * import_lmbench3.c) and the dispatcher (import.c) use it; it uses none
 * of them.
 */
/* SPDX-License-Identifier: MIT */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import.h"

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

/*
 * Add the result of line i as a sample, or report the line and skip it
 * when the figure is one a run file may not hold (a latency of 0, say),
 * so that an import never accepts what it could not save.  The sample,
 * or NULL.
 */
struct run_sample *
import_add(struct import *im, size_t i, const struct import_result *r)
{
	struct run_sample	 t, *s;
	char			 why[160];

	memset(&t, 0, sizeof t);
	snprintf(t.test, sizeof t.test, "%s", r->id);
	snprintf(t.unit, sizeof t.unit, "%s", r->unit);
	t.copies = r->copies;
	t.index = 1;
	t.repeat = 1;
	t.duration = r->duration;
	t.value = r->value;
	t.status = RUN_OK;
	if (csvstore_check_sample(&t, why, sizeof why) != 0) {
		import_warn(im, i, why);
		return NULL;
	}
	s = run_add_sample(im->run);
	s->copies = t.copies;
	s->index = t.index;
	s->duration = t.duration;
	s->value = t.value;
	s->status = RUN_OK;
	memcpy(s->test, t.test, sizeof s->test);
	memcpy(s->unit, t.unit, sizeof s->unit);
	im->nresults++;
	return s;
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
int
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
	import_add(im, i, &(struct import_result){ id, w[1], copies, dur,
	    value });
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


/* The number in s[0..len), blanks around it allowed; 0 or -1. */
int
import_number(const char *s, size_t len, double *v)
{
	char	buf[64];
	size_t	n;

	s = import_skip_space(s);
	if (len > strlen(s))
		len = strlen(s);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	if (len == 0 || len >= sizeof buf)
		return -1;
	n = (size_t)snprintf(buf, sizeof buf, "%.*s", (int)len, s);
	return n == len ? sm_parse_double(buf, v) : -1;
}
