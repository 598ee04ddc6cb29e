/*
 * BYTE UNIX Benchmarks 3.x reports (seed 004's layout) -> runs.  Such a
 * report is the system's uname line, the banner, "System -- NAME",
 * "Start Benchmark Run: DATE", "N interactive users.", one line per
 * result, then the INDEX VALUES table ending in SUM and AVERAGE (a
 * report without the table imports with a note).  Columns
 * may be aligned with runs of blanks or collapsed to one, as mail and
 * list archives leave them; words are split on any blank run.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "import.h"

struct import_byte {
	int	in_index;	/* past "INDEX VALUES" */
	int	done;		/* past "AVERAGE" */
};

/* The header facts; 1 if line was one. */
static int
import_byte_head(struct import *im, const char *line)
{
	const char	*v;
	long		 users;
	char		 c;

	if ((v = import_after(line, "System --")) != NULL)
		run_meta_set(im->run, "hostname", v);
	else if ((v = import_after(line, "Start Benchmark Run:")) != NULL)
		run_meta_set(im->run, "date", v);
	else if (sscanf(line, "%ld interactive user%c", &users, &c) == 2) {
		char	buf[32];

		snprintf(buf, sizeof buf, "%ld", users);
		run_meta_set(im->run, "users", buf);
	} else
		return 0;
	return 1;
}

/* The INDEX VALUES table; 1 if line belongs to it. */
static int
import_byte_index(struct import_byte *st, const char *line)
{
	if (import_after(line, "TEST") != NULL || import_index_row(line) ||
	    import_rule(line, '=') || import_after(line, "SUM of") != NULL)
		return 1;
	if (import_after(line, "AVERAGE") != NULL) {
		st->done = 1;
		return 1;
	}
	return 0;
}

static int
import_byte_line(struct import *im, struct import_byte *st, size_t i,
    struct sm_error *err)
{
	const char	*line = im->lines[i];
	int		 r;

	if (import_blank(line))
		return 0;
	if (st->done) {
		if (!import_rule(line, '='))
			import_warn(im, i, "text after the report");
		return 0;
	}
	if (st->in_index) {
		if (!import_byte_index(st, line))
			import_warn(im, i, "unknown line");
		return 0;
	}
	if (import_byte_head(im, line))
		return 0;
	if ((r = import_result(im, i, 1, err)) != 0)
		return r < 0 ? -1 : 0;
	if (strcmp(import_skip_space(line), "INDEX VALUES") == 0)
		st->in_index = 1;
	else
		import_warn(im, i, "unknown line");
	return 0;
}

int
import_byte_read(struct import *im, size_t banner, struct sm_error *err)
{
	struct import_byte	st;
	size_t			first = banner;

	memset(&st, 0, sizeof st);
	/* The line above the banner is the system's uname line. */
	if (banner > 0 && !import_blank(im->lines[banner - 1]) &&
	    !import_rule(im->lines[banner - 1], '=')) {
		first = banner - 1;
		run_meta_set(im->run, "os",
		    import_skip_space(im->lines[first]));
	}
	for (size_t i = 0; i < first; i++)
		if (!import_blank(im->lines[i]) &&
		    !import_rule(im->lines[i], '='))
			import_warn(im, i, "unknown line");
	for (size_t i = banner + 1; i < im->nlines; i++)
		if (import_byte_line(im, &st, i, err) != 0)
			return -1;
	/*
	 * No INDEX VALUES table at all: a results log or a partial run, whose
	 * results are as good as any.  A table cut short is a damaged file.
	 */
	if (!st.done && !st.in_index) {
		run_meta_set(im->run, "note", "imported from a BYTE report "
		    "without its INDEX VALUES table (a log or a partial run)");
		return 0;
	}
	if (!st.done) {
		sm_error_set(err, "%s:%zu: the report ends before the AVERAGE "
		    "line of its INDEX VALUES (truncated?)", im->path,
		    im->nlines);
		return -1;
	}
	return 0;
}
