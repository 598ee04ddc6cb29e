/*
 * BYTE UNIX Benchmarks 3.x results logs -> runs.  The suite appends each
 * result to results/log, and seed 003's bm_diff compared two such files;
 * as its source reads them, every line holding '|' counts: the text
 * before the first '|' is the test's name and the fourth field its
 * arithmetic mean, while "System -- " or "Benchmark Run: " after a '|'
 * give the system and the date.  Units come from the catalog (the log
 * has none).  A line without '|', or naming no test sysmark knows, is
 * reported and skipped; a test line without a number in its fourth field
 * is an error.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "import.h"

#define BYTELOG_SYSTEM	"System -- "
#define BYTELOG_DATE	"Benchmark Run: "

/* The text after key in the fields past the first '|', to a '|'. */
static int
bytelog_fact(struct import *im, const char *bar, const char *key,
    const char *meta)
{
	const char	*v = strstr(bar, key);
	char		 buf[256];

	if (v == NULL)
		return 0;
	v = import_skip_space(v + strlen(key));
	snprintf(buf, sizeof buf, "%.*s", (int)strcspn(v, "|"), v);
	for (size_t n = strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
	run_meta_set(im->run, meta, buf);
	return 1;
}

/* The fourth '|'-separated field of line, or NULL. */
static const char *
bytelog_field4(const char *line)
{
	for (int k = 0; k < 3; k++)
		if ((line = strchr(line, '|')) == NULL)
			return NULL;
		else
			line++;
	return line;
}

static int
bytelog_line(struct import *im, size_t i, struct sm_error *err)
{
	const char		*line = im->lines[i], *bar, *id, *f4;
	const struct bench	*b;
	size_t			 tl;
	double			 v;

	if (import_blank(line))
		return 0;
	if ((bar = strchr(line, '|')) == NULL) {
		import_warn(im, i, "line without '|'");
		return 0;
	}
	if (bytelog_fact(im, bar, BYTELOG_SYSTEM, "hostname") ||
	    bytelog_fact(im, bar, BYTELOG_DATE, "date"))
		return 0;
	line = import_skip_space(line);
	for (tl = (size_t)(bar - line); tl > 0 && line[tl - 1] == ' '; tl--)
		;
	if (tl == 0 || (id = import_test_id(line, tl)) == NULL) {
		import_warn(im, i, "unknown test");
		return 0;
	}
	if ((f4 = bytelog_field4(line)) == NULL ||
	    import_number(f4, strcspn(f4, "|"), &v) != 0 || v < 0) {
		sm_error_set(err, "%s:%zu: \"%.*s\" has no arithmetic mean in "
		    "its fourth field: \"%.160s\"", im->path, i + 1, (int)tl,
		    line, line);
		return -1;
	}
	if (import_seen(im, id, 1)) {
		import_warn(im, i, "a second result for the same test");
		return 0;
	}
	b = registry_find(id);
	import_add(im, i, &(struct import_result){ id, b->unit, 1, 0, v });
	return 0;
}

/* 1 if some line holds '|', as every line of a results log does. */
int
import_bytelog_is(const struct import *im)
{
	for (size_t i = 0; i < im->nlines; i++)
		if (strchr(im->lines[i], '|') != NULL)
			return 1;
	return 0;
}

int
import_bytelog_read(struct import *im, struct sm_error *err)
{
	for (size_t i = 0; i < im->nlines; i++)
		if (bytelog_line(im, i, err) != 0)
			return -1;
	return 0;
}
