/*
 * UnixBench 5.x and 6.x reports (the layout ./Run prints, as in
 * shared/samples/unixbench-6.0.0-report.txt) -> runs.  The header
 * describes the system (System:, OS:, CPU N:, the uptime line); then
 * each section starts with "Benchmark Run:" and "N CPUs in system;
 * running M parallel copies of tests", lists its results, and ends with
 * an index table ("Index Values" or "Partial Index") and its score.  A
 * report has one section per copies value it ran.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"

struct import_ub {
	int	copies;		/* of the current section; 0 before one */
	int	in_index;	/* inside a section's index table */
	size_t	section_results;
	size_t	section_line;
	int	ncpu;		/* "CPU N:" lines seen */
	int	cpu_line;	/* the last line was a CPU's or its flags */
};

static void
import_ub_set(struct import *im, const char *key, const char *fmt, long v)
{
	char	buf[32];

	snprintf(buf, sizeof buf, fmt, v);
	run_meta_set(im->run, key, buf);
}

/* "19:11:07 up 16 min,  0 user,  load average: 1.32, 2.28, 1.62; ..." */
static int
import_ub_uptime(struct import *im, const char *line)
{
	const char	*la = strstr(line, "load average:"), *u;
	char		 buf[64];

	if (strstr(line, " up ") == NULL || la == NULL)
		return 0;
	la = import_skip_space(la + strlen("load average:"));
	snprintf(buf, sizeof buf, "%.*s", (int)strcspn(la, ";"), la);
	run_meta_set(im->run, "load_average", buf);
	if ((u = strstr(line, " user")) != NULL) {
		while (u > line && u[-1] >= '0' && u[-1] <= '9')
			u--;
		import_ub_set(im, "users", "%ld", strtol(u, NULL, 10));
	}
	return 1;
}

/* The system description above the first section; 1 if line was one. */
static int
import_ub_head(struct import *im, struct import_ub *st, const char *line)
{
	const char	*v;
	char		 buf[256];

	if ((v = import_after(line, "System:")) != NULL) {
		snprintf(buf, sizeof buf, "%.*s", (int)strcspn(v, ":"), v);
		run_meta_set(im->run, "hostname", buf);
	} else if ((v = import_after(line, "OS:")) != NULL)
		run_meta_set(im->run, "os", v);
	else if ((v = import_after(line, "Machine:")) != NULL)
		run_meta_set(im->run, "machine", v);
	else if (import_after(line, "Language:") != NULL)
		;
	else if (import_after(line, "CPU ") != NULL && strchr(line, ':')) {
		v = import_skip_space(strchr(line, ':') + 1);
		snprintf(buf, sizeof buf, "%.*s", (int)strcspn(v, "("), v);
		while (strlen(buf) > 0 && buf[strlen(buf) - 1] == ' ')
			buf[strlen(buf) - 1] = '\0';
		if (st->ncpu++ == 0)
			run_meta_set(im->run, "cpu_model", buf);
		st->cpu_line = 1;
		return 1;
	} else if (st->cpu_line && line[0] == ' ' && strchr(line, ':') == NULL)
		return 1;	/* a CPU's flags, continued */
	else if (!import_ub_uptime(im, line))
		return 0;
	st->cpu_line = 0;
	return 1;
}

/* "Benchmark Run: ..." and "2 CPUs in system; running 1 parallel copy". */
static int
import_ub_section(struct import *im, struct import_ub *st, size_t i,
    struct sm_error *err)
{
	const char	*line = im->lines[i], *v;
	long		 cpus, copies;

	if ((v = import_after(line, "Benchmark Run:")) != NULL) {
		if (run_meta_get(im->run, "date") == NULL)
			run_meta_set(im->run, "date", v);
		return 1;
	}
	if (sscanf(import_skip_space(line), "%ld CPUs in system; running "
	    "%ld parallel cop", &cpus, &copies) != 2)
		return 0;
	if (copies < 1 || copies > RUN_MAX_COPIES) {
		sm_error_set(err, "%s:%zu: %ld copies: expected 1 to %d",
		    im->path, i + 1, copies, RUN_MAX_COPIES);
		return -1;
	}
	import_ub_set(im, "cpus", "%ld", cpus);
	st->copies = (int)copies;
	st->in_index = 0;
	st->section_results = 0;
	st->section_line = i;
	return 1;
}

/* A section's index table; 1 if line belongs to it. */
static int
import_ub_index(struct import_ub *st, const char *line)
{
	if (import_after(line, "System Benchmarks Index Values") != NULL ||
	    import_after(line, "System Benchmarks Partial Index") != NULL) {
		st->in_index = 1;
		return 1;
	}
	if (!st->in_index)
		return 0;
	if (import_after(line, "System Benchmarks Index Score") != NULL) {
		st->in_index = 0;
		return 1;
	}
	return import_index_row(line) || import_rule(line, '=');
}

static int
import_ub_line(struct import *im, struct import_ub *st, size_t i,
    struct sm_error *err)
{
	const char	*line = im->lines[i];
	int		 r;

	if (import_blank(line) || import_rule(line, '-'))
		return 0;
	if ((r = import_ub_section(im, st, i, err)) != 0)
		return r < 0 ? -1 : 0;
	if (st->copies == 0) {
		if (!import_ub_head(im, st, line))
			import_warn(im, i, "unknown line");
		return 0;
	}
	if (import_ub_index(st, line))
		return 0;
	if ((r = import_result(im, i, st->copies, err)) < 0)
		return -1;
	if (r > 0)
		st->section_results++;
	else
		import_warn(im, i, "unknown line");
	return 0;
}

/* A section must list results and, once its index began, end it. */
static int
import_ub_close(struct import *im, const struct import_ub *st, size_t end,
    struct sm_error *err)
{
	if (st->copies == 0)
		return 0;
	if (st->section_results == 0) {
		sm_error_set(err, "%s:%zu: the section for %d %s has no "
		    "results (truncated?)", im->path, st->section_line + 1,
		    st->copies, st->copies == 1 ? "copy" : "copies");
		return -1;
	}
	if (st->in_index) {
		sm_error_set(err, "%s:%zu: the report ends inside an index "
		    "table, before its score (truncated?)", im->path, end);
		return -1;
	}
	return 0;
}

int
import_unixbench_read(struct import *im, size_t banner,
    struct sm_error *err)
{
	struct import_ub	st;

	memset(&st, 0, sizeof st);
	for (size_t i = 0; i < banner; i++)
		if (!import_blank(im->lines[i]))
			import_warn(im, i, "unknown line");
	for (size_t i = banner + 1; i < im->nlines; i++) {
		if (import_after(im->lines[i], "Benchmark Run:") != NULL &&
		    import_ub_close(im, &st, i, err) != 0)
			return -1;
		if (import_ub_line(im, &st, i, err) != 0)
			return -1;
	}
	if (st.copies == 0) {
		sm_error_set(err, "%s:%zu: no \"N CPUs in system; running M "
		    "parallel copies\" line: no results (truncated?)",
		    im->path, im->nlines);
		return -1;
	}
	return import_ub_close(im, &st, im->nlines, err);
}
